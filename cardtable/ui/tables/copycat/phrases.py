"""Copy Cat's announcements in words for its banners and log, from each event's data
("You copy Bo with 2 Threes.", "Ada pays you 3 coins."). Not for card moves
(``describe``)."""

from __future__ import annotations

import functools

from cardtable.engine import Event
from cardtable.games.copycat.vocabulary import VOCABULARY, coins_word, plural

from ..parts.phrases import Phrases, Who
from ..parts.words import agree, form


def _cards(event: Event) -> str:
    return plural(int(event.data["number"]), len(event.data["cards"]))


def _copy(event: Event, who: Who) -> str:
    seat, original = event.seats[:2]
    return f"{agree(who(seat), 'copy')} {who(original)} with {_cards(event)}."


def _meow_fail(event: Event, who: Who) -> str:
    blockers = [who(seat) for seat in event.seats[1:]]
    verb = form(blockers[0], "have") if len(blockers) == 1 else "have"
    return f"The Meow fails: {', '.join(blockers)} {verb} the same or lower."


def _pay(event: Event, who: Who) -> str:
    payer, payee = who(int(event.data["payer"])), who(int(event.data["payee"]))
    amount, owed = int(event.data["amount"]), int(event.data["owed"])
    if amount == owed:
        return f"{agree(payer, 'pay')} {payee} {coins_word(amount)}."
    if amount:
        return f"{agree(payer, 'pay')} {payee} {coins_word(amount)}: all they have ({owed} owed)."
    return f"{agree(payer, 'have')} no coins left to pay {payee}."


@functools.cache
def phrases(games: int) -> Phrases:
    """The phrases of a match of ``games`` games ("Game 2 of 6: You start.")."""

    def new_game(event: Event, who: Who) -> str:
        starter = who(event.seats[0])
        return f"Game {event.data['game']} of {games}: {agree(starter, 'start')}."

    return Phrases(
        VOCABULARY,
        {
            "new-game": new_game,
            "play": lambda event, who: f"{agree(who(event.seats[0]), 'play')} {_cards(event)}.",
            "copy": _copy,
            "decline": lambda event, who: (
                f"{agree(who(event.seats[0]), 'draw')} instead of copying."
            ),
            "deck-out": lambda event, who: (
                f"{who(event.seats[0])} must draw, but the deck is empty: the game ends."
            ),
            "meow": lambda event, who: f"{who(event.seats[0])}: Meow!",
            "meow-fail": _meow_fail,
            "pattern-a": lambda event, who: (
                f"{who(event.seats[0])} copied their last card: Pattern A!"
            ),
            "pattern-b": lambda event, who: f"{who(event.seats[0])} played every card: Pattern B!",
            "pattern-c": lambda event, who: (
                f"{agree(who(event.seats[0]), 'have')} the lowest total: "
                "the Meow succeeds (Pattern C)!"
            ),
            "pay": _pay,
        },
        # No player is the one doing something in these ("Everyone copied Bo: ...").
        written=("all-copied", "game-over", "set-over", "match-over"),
    )
