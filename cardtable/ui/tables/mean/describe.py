"""MEAN!'s moves in words for the table log ("Bo plays 7 7, Going Up", "Ada swaps hands
with you (Eight)", "Cy draws a card"). Not for the banners of the animations."""

from __future__ import annotations

from cardtable.engine import Event

from ..log import Who, cards_said
from ..parts.describer import MoveLine, move_describer

moves = move_describer(
    (
        MoveLine("draw", "hand:*", "{actor} draws {cards}"),
        MoveLine("punish:*", "hand:*", "{actor} takes {cards} from Punishment Pile {src_number}"),
        MoveLine("hand:*", "hand:*", ""),  # the swap's announcement says it
        # Piles made, Play Area cleared: the announcements say it.
        MoveLine("*", "punish:*", ""),
        MoveLine("*", "removed*", ""),
    )
)


def describe(event: Event, who: Who) -> str | None:
    """The log's line for a MEAN! event ("" says nothing), or None for the usual words."""
    actor = who(event.seat) if event.seat is not None else ""
    if event.kind == "announce":
        if event.what == "swap":
            return f"{actor} swaps hands with {who(event.data['target'])} (Eight)"
        if event.what == "direction":
            return f", {'Going Up' if event.data.get('direction') == 'up' else 'Going Down'}"
        if event.what == "wild":
            return ""  # the play's line says what the Wild stands for
        return None
    if event.kind == "move" and (event.src or "").startswith("hand:") and event.dst == "play":
        value = event.data.get("value")
        wild = value is not None and any(card == "W" for card in event.cards)
        return f"{actor} plays {cards_said(event.cards)}" + (f" as {value}" if wild else "")
    return moves(event, who)
