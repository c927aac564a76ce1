"""MEAN!'s moves in words for the table log ("Bo plays 7 7, Going Up", "Ada swaps hands
with you (Eight)", "Cy draws a card"). Not for the banners of the animations."""

from __future__ import annotations

from cardtable.engine import Event

from ..log import Who, move_words, seat_of


def pile_name(zone: str | None) -> str:
    return f"Punishment Pile {(seat_of(zone) or 0) + 1}"


def describe(event: Event, who: Who) -> str | None:
    """The log's line for a MEAN! event ("" says nothing), or None for the usual words."""
    src, dst = event.src or "", event.dst or ""
    actor = who(event.seat) if event.seat is not None else ""
    if event.kind == "announce":
        if event.what == "swap":
            return f"{actor} swaps hands with {who(event.data['target'])} (Eight)"
        if event.what == "direction":
            return f", {'Going Up' if event.data.get('direction') == 'up' else 'Going Down'}"
        if event.what == "wild":
            return ""  # the play's line says what the Wild stands for
        return None
    said = move_words(event, who)
    if said is None:
        return None
    cards = said[3]
    if src.startswith("hand:") and dst == "play":
        value = event.data.get("value")
        wild = value is not None and any(card == "W" for card in event.cards)
        return f"{actor} plays {cards}" + (f" as {value}" if wild else "")
    if src == "draw" and dst.startswith("hand:"):
        return f"{actor} draws {cards}"
    if src.startswith("punish:") and dst.startswith("hand:"):
        return f"{actor} takes {cards} from {pile_name(src)}"
    if src.startswith("hand:") and dst.startswith("hand:"):
        return ""  # the swap's announcement says it
    if dst.startswith("punish:") or dst.startswith("removed"):
        return ""  # piles made, Play Area cleared: the announcements say it
    return None
