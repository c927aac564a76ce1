"""Hit the Deck's moves in words for the table log ("Bo plays R4", "Cy draws 2 cards").
Not for the banners of the animations."""

from __future__ import annotations

from cardtable.games.hit_the_deck.vocabulary import card_name

from ..parts.describer import MoveLine, move_describer

describe = move_describer(
    (
        MoveLine("hand:*", "discard", "play", "{cards}"),
        MoveLine("draw", "hand:*", "draw", "{cards}"),
        MoveLine("draw", "discard", "", "{cards} is turned up", face="up"),
        # A cut, a flip, a refill or the cards gathered: announcements say it.
        MoveLine("*", "draw", "", ""),
        MoveLine("discard", "discard", "", ""),
    ),
    card_name,
)
