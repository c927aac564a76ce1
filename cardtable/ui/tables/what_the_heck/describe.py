"""What the Heck?'s moves in words for the table log ("Ada bids a card", "Point Card 7
is turned up", "Bo takes 7"). Not for the banners of the animations."""

from __future__ import annotations

from cardtable.engine import Event

from ..log import Who, move_words


def describe(event: Event, who: Who) -> str | None:
    """The log's line for a What the Heck? move ("" says nothing), or None for the usual."""
    said = move_words(event, who)
    if said is None:
        return None
    src, dst, actor, cards = said
    if src.startswith("hand:") and dst.startswith("bid:"):
        return f"{actor} bids {cards}"
    if src == "points" and dst == "center":
        return f"Point Card {cards} is turned up"
    if src.startswith("bid:") and dst.startswith("played:"):
        return f"{actor} showed {cards}"
    if src == "center" and dst.startswith("won:"):
        return f"{actor} takes {cards}"
    if dst == "unclaimed":
        return f"{cards} goes unclaimed"
    return None
