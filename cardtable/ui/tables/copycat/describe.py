"""Copy Cat's moves in words for the table log ("Ada plays 3 3", "Bo draws a card", "the
field is discarded"). Not for the banners of the animations."""

from __future__ import annotations

from cardtable.engine import Event

from ..log import Who, move_words


def describe(event: Event, who: Who) -> str | None:
    """The log's line for a Copy Cat move, or None for the usual."""
    said = move_words(event, who)
    if said is None:
        return None
    src, dst, actor, cards = said
    if src.startswith("hand:") and dst == "field":
        return f"{actor} lays {cards} on the field"
    if src == "draw" and dst.startswith("hand:"):
        return f"{actor} draws {cards}"
    if src == "field" and dst == "discard":
        return f"The field ({cards}) is discarded"
    if src.startswith("hand:") and dst == "discard":
        return f"{actor} discards {cards}"
    return None
