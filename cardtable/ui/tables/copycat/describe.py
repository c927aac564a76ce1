"""Copy Cat's moves in words for the table log ("Bo draws a card", "the field is
discarded"). A play or a copy is said once, by the rules' own line that follows its cards
("Ada plays 2 Threes.", "Bo copies Ada with one Three."), and a game's start once, by its
"Game 2 of 8" line. Not for the banners of the animations."""

from __future__ import annotations

from cardtable.engine import Event

from ..log import Who, move_words
from ..parts.words import agree


def describe(event: Event, who: Who) -> str | None:
    """The log's line for a Copy Cat move, or None for the usual."""
    if event.kind == "deal" and event.text:
        return ""  # "Game 2: Bo starts." is said again as "Game 2 of 8: Bo starts."
    said = move_words(event, who)
    if said is None:
        return None
    src, dst, actor, cards = said
    if src.startswith("hand:") and dst == "field":
        return ""  # the play or copy line that follows names the number and the count
    if src == "draw" and dst.startswith("hand:"):
        return f"{agree(actor, 'draw')} {cards}"
    if src == "field" and dst == "discard":
        return f"The field ({cards}) is discarded"
    if src.startswith("hand:") and dst == "discard":
        return f"{agree(actor, 'discard')} {cards}"
    return None
