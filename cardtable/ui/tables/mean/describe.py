"""MEAN!'s moves in words for the table log ("Bo plays 7 7, Going Up", "Ada swaps hands
with you (Eight)", "Cy draws a card"), and the few announcements the log says its own way
(``SAID``, by the names MEAN! declares). Not for the banners of the animations."""

from __future__ import annotations

from cardtable.engine import Event

from ..log import Who, cards_said
from ..parts.describer import MoveLine, move_describer
from ..parts.phrases import Phrase
from ..parts.words import agree

moves = move_describer(
    (
        MoveLine("draw", "hand:*", "draw", "{cards}"),
        MoveLine("punish:*", "hand:*", "take", "{cards} from Punishment Pile {src_number}"),
        MoveLine("hand:*", "hand:*", "", ""),  # the swap's announcement says it
        # Piles made, Play Area cleared: the announcements say it.
        MoveLine("*", "punish:*", "", ""),
        MoveLine("*", "removed*", "", ""),
    )
)


def _direction(event: Event, who: Who) -> str:
    return f", {'Going Up' if event.data.get('direction') == 'up' else 'Going Down'}"


#: The announcements the log says otherwise than the banners: "" says nothing, ", ..."
#: adds to the line before.
SAID: dict[str, Phrase] = {
    "swap": lambda event, who: (
        f"{agree(who(event.seats[0]), 'swap')} hands with {who(event.data['target'])} (Eight)"
    ),
    "direction": _direction,
    "wild": lambda event, who: "",  # the play's line says what the Wild stands for
}


def describe(event: Event, who: Who) -> str | None:
    """The log's line for a MEAN! event ("" says nothing), or None for the usual words."""
    if event.kind == "announce":
        said = SAID.get(event.what)
        return None if said is None else said(event, who)
    if event.kind == "move" and (event.src or "").startswith("hand:") and event.dst == "play":
        value = event.data.get("value")
        wild = value is not None and any(card == "W" for card in event.cards)
        actor = who(event.seat) if event.seat is not None else ""
        return f"{agree(actor, 'play')} {cards_said(event.cards)}" + (
            f" as {value}" if wild else ""
        )
    return moves(event, who)
