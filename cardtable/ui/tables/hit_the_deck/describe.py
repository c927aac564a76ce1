"""Hit the Deck's moves in words for the table log ("Bo plays R4", "Cy draws 2 cards").
Not for the banners of the animations."""

from __future__ import annotations

from cardtable.engine import Event
from cardtable.games.hit_the_deck import card_name

from ..log import Who, move_words


def describe(event: Event, who: Who) -> str | None:
    """The log's line for a Hit the Deck move ("" says nothing), or None for the usual."""
    said = move_words(event, who, card_name)
    if said is None:
        return None
    src, dst, actor, cards = said
    if src.startswith("hand:") and dst == "discard":
        return f"{actor} plays {cards}"
    if src == "draw" and dst.startswith("hand:"):
        return f"{actor} draws {cards}"
    if src == "draw" and dst == "discard" and event.face == "up":
        return f"{cards} is turned up"
    if dst == "draw" or src == dst:
        return ""  # a cut, a flip, a refill or the cards gathered: announcements say it
    return None
