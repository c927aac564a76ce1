"""Spite & Malice's vocabulary: the names of its events and how a game of it ended. Pure
Python; read by the ui, never by the rules' hot paths."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardtable.engine import Vocabulary
from cardtable.engine.vocabulary import counts

#: The Spite cards, each announced as ``spite-<kind>`` when played at a player.
SPITES = ("DUMP", "BURY", "MALICE")

EVENTS = (
    "first-player",
    "wild",
    "capped",
    "go-again",
    "one-played",
    "refill",
    "malice-given",
    *(f"spite-{kind.lower()}" for kind in SPITES),
    "stuck",
    "shown",
    "win",
    "draw-game",
)


class Ending(StrEnum):
    """How a game of Spite & Malice ended."""

    STACK_EMPTIED = "stack-emptied"  # a player played the last card of their Card Stack
    DRAWN = "drawn"  # no card could ever be built again


@dataclass(frozen=True)
class SpiteMaliceOutcome:
    """A finished game: the winner (None in a drawn game) and each Card Stack's cards left,
    the UP card included."""

    winner: int | None
    drawn: bool
    cards_left: tuple[int, ...]

    @classmethod
    def from_detail(cls, detail: Mapping[str, Any]) -> SpiteMaliceOutcome:
        winner = detail.get("winner")
        return cls(
            winner=winner if isinstance(winner, int) and not isinstance(winner, bool) else None,
            drawn=detail.get("drawn") is True,
            cards_left=counts(detail.get("cards_left")) or (),
        )

    @property
    def ending(self) -> Ending:
        return Ending.DRAWN if self.drawn else Ending.STACK_EMPTIED

    def to_detail(self) -> dict[str, Any]:
        return {"winner": self.winner, "drawn": self.drawn, "cards_left": list(self.cards_left)}


VOCABULARY = Vocabulary.of(EVENTS, SpiteMaliceOutcome)
