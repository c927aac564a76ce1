"""Spite & Malice's announcements in words for its banners and log, from each event's
data ("You have the highest UP card and go first", "Bo gives you a Malice card"). Not for
card moves (``describe``)."""

from __future__ import annotations

from cardtable.engine import Event
from cardtable.games.spite_malice.vocabulary import SPITES, VOCABULARY

from ..parts.phrases import Phrases, Who
from ..parts.words import agree, form


def _first(event: Event, who: Who) -> str:
    """Who goes first. The event says no more than the seat; whether the UP cards tied
    is in the rules' words only (a flag on the event would change every recorded game)."""
    name = who(event.seats[0])
    if event.text.startswith(f"{{P{event.seats[0]}}} ties "):
        return (
            f"{agree(name, 'tie')} for the highest UP card and {form(name, 'go')} first, "
            "nearest the dealer's left"
        )
    return f"{agree(name, 'have')} the highest UP card and {form(name, 'go')} first"


def _spite(kind: str):
    def phrase(event: Event, who: Who) -> str:
        return f"{agree(who(event.seats[0]), 'play')} {kind} at {who(event.seats[1])}"

    return phrase


def _capped(event: Event, who: Who) -> str:
    name = who(event.seats[0])
    pile = event.data["pile"]
    return f"{agree(name, 'cap')} Build Pile {pile} and {form(name, 'give')} a Malice card"


def _shown(event: Event, who: Who) -> str:
    name = who(event.seats[0])
    return (
        f"{agree(name, 'hold')} only 2s and Wilds and {form(name, 'end')} the turn without storing"
    )


def _win(event: Event, who: Who) -> str:
    name = who(event.seats[0])
    return f"{agree(name, 'play')} the last card of the Card Stack and {form(name, 'win')}!"


PHRASES = Phrases(
    VOCABULARY,
    {
        "first-player": _first,
        "wild": lambda event, who: (
            f"{agree(who(event.seats[0]), 'play')} a Wild as {event.data['value']}"
        ),
        "capped": _capped,
        "go-again": lambda event, who: f"{who(event.seats[0])} built out the hand: Go Again",
        "one-played": lambda event, who: (
            f"{who(event.seats[0])} must play a 1: Build Pile {event.data['pile']} starts"
        ),
        "malice-given": lambda event, who: (
            f"{agree(who(event.seats[0]), 'give')} {who(event.seats[1])} a Malice card"
        ),
        **{f"spite-{kind.lower()}": _spite(kind) for kind in SPITES},
        "stuck": lambda event, who: (
            f"{agree(who(event.seats[0]), 'be')} stuck: the hand is shown and discarded"
        ),
        "shown": _shown,
        "win": _win,
    },
    # No player is the one doing something in these.
    written=("refill", "draw-game"),
)
