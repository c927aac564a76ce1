"""MEAN!'s announcements in words for its banners and log, from each event's data
("You take 2 Punishment Piles", "Bo wins!"). Not for card moves (``describe``)."""

from __future__ import annotations

from cardtable.games.mean.vocabulary import VOCABULARY

from ..parts.phrases import Phrases
from ..parts.words import agree, form, some

PHRASES = Phrases(
    VOCABULARY,
    {
        "punished": lambda event, who: (
            f"{agree(who(event.seats[0]), 'take')} "
            + some(int(event.data["owed"]), "Punishment Pile")
        ),
        "swap": lambda event, who: (
            f"{agree(who(event.seats[0]), 'swap')} hands with {who(event.seats[1])}"
        ),
        "win": lambda event, who: f"{agree(who(event.seats[0]), 'win')}!",
        "lost-on-eight": lambda event, who: (
            f"{who(event.seats[0])} went out on an Eight and {form(who(event.seats[0]), 'lose')}!"
        ),
    },
    # No player is the one doing something in these ("{P0}: Wild as 7", "MEAN!").
    written=(
        "punish",
        "restart",
        "answer",
        "deal",
        "wild",
        "mean",
        "mean-resolved",
        "clear",
        "direction",
        "end-game",
        "replenish",
        "punishment-dropped",
        "called",
        "match-over",
    ),
)
