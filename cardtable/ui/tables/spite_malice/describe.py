"""Spite & Malice's moves in words for the table log ("Ada builds 7 from her UP card",
"Bo stores 9", "a Malice card goes under Cy's stack"). Not for the banners."""

from __future__ import annotations

from cardtable.engine import Event

from ..log import Who, move_words
from ..parts.words import agree


def label(code: str) -> str:
    """A card as players say it: ``b7`` is a 7, ``WS-DUMP`` a Spite (DUMP)."""
    if code.startswith("WS-"):
        return f"Wild-Spite ({code[3:]})"
    return code.removeprefix("b")


def describe(event: Event, who: Who) -> str | None:
    """The log's line for a Spite & Malice move, or None for the usual."""
    said = move_words(event, who, label)
    if said is None:
        return None
    src, dst, actor, cards = said
    kind, target = src.split(":")[0], dst.split(":")[0]
    if target == "build":
        where = {"hand": "", "up": " from the UP card", "store": " from a Store Pile"}
        return f"{agree(actor, 'build')} {cards}{where.get(kind, '')}"
    if kind == "hand" and target == "store":
        return f"{agree(actor, 'store')} {cards}"
    if kind == "draw" and target == "hand":
        return f"{agree(actor, 'draw')} {cards}"
    if kind == "stack" and target == "up":
        return f"{agree(actor, 'turn')} up {cards}"
    if kind == "build" and target == "discard":
        return f"A full Build Pile ({cards}) goes to the Discard Pile"
    if kind == "hand" and target == "discard":
        return f"{agree(actor, 'discard')} {cards}"
    if target == "stack" and event.data.get("dealt"):
        owner = who(int(dst.split(":")[1]))
        whose = "your" if owner.lower() == "you" else f"{owner}'s"
        return f"{cards[:1].upper()}{cards[1:]} dealt face down to {whose} Card Stack"
    if target == "stack":
        return f"{cards[:1].upper()}{cards[1:]} goes to the bottom of a Card Stack"
    return None
