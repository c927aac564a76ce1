"""Hit the Deck's announcements in words for its banners and log, from each event's data
("Hand 2: You deal seven cards each.", "Bo hit last and draws four."). Not for card
moves (``describe``)."""

from __future__ import annotations

from cardtable.engine import Event
from cardtable.games.hit_the_deck.vocabulary import VOCABULARY

from ..parts.phrases import Phrases, Who, as_written
from ..parts.words import agree, form


def _loses_the_turn(verb: str):
    def phrase(event: Event, who: Who) -> str:
        name = who(event.seats[0])
        return f"{agree(name, verb)} the deck and {form(name, 'lose')} the turn."

    return phrase


def _slap_result(event: Event, who: Who) -> str:
    """Who draws four when the round closes: the card's player who did not call it, the
    last to hit, or those who never hit."""
    draws, order = list(event.data["draws"]), list(event.data["order"])
    name = who(draws[0])
    if not event.data.get("announced"):
        return f"{name} did not call it out and {form(name, 'draw')} four instead."
    if draws == order[-1:]:
        return f"{name} hit last and {form(name, 'draw')} four."
    return as_written(event, who)  # "Never hit the deck: Ann, Bo; each draws four."


def _faked_out(event: Event, who: Who) -> str:
    name = who(event.seats[0])
    return f"{agree(name, 'be')} faked out and {form(name, 'draw')} two."


PHRASES = Phrases(
    VOCABULARY,
    {
        "deal": lambda event, who: (
            f"Hand {event.data['hand']}: {agree(who(event.seats[0]), 'deal')} seven cards each."
        ),
        "out": lambda event, who: f"{agree(who(event.seats[0]), 'go')} out!",
        "cut": _loses_the_turn("cut"),
        "flip": _loses_the_turn("flip"),
        "late": lambda event, who: f"{who(event.seats[0])} did not call out in time.",
        "slap-result": _slap_result,
        "faked-out": _faked_out,
    },
    # No player is the one doing something in these ("Hit the deck with a Red!").
    written=(
        "buried",
        "turn-passes",
        "call",
        "nothing-to-cut",
        "direction",
        "flip-buried",
        "refill",
        "draw-empty",
        "slap-open",
        "slap-hit",
        "hit-hand",
        "hand-over",
        "match-over",
    ),
)
