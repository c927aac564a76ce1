"""What the Heck?'s moves in words for the table log ("Ada bids a card", "Point Card 7
is turned up", "Bo takes 7"). Not for the banners of the animations."""

from __future__ import annotations

from ..parts.describer import MoveLine, move_describer

describe = move_describer(
    (
        MoveLine("hand:*", "bid:*", "bid", "{cards}"),
        MoveLine("points", "center", "", "Point Card {cards} is turned up"),
        MoveLine("bid:*", "played:*", "", "{actor} showed {cards}"),
        MoveLine("center", "won:*", "take", "{cards}"),
        MoveLine("*", "unclaimed", "", "{cards} goes unclaimed"),
    )
)
