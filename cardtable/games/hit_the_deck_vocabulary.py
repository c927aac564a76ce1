"""Hit the Deck's vocabulary: the names of its events (turns, slap rounds, hands) and how
a match of it ended. Pure Python; read by the ui, never by the rules' hot paths."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardtable.engine import Vocabulary
from cardtable.engine.vocabulary import counts

EVENTS = (
    "deal",
    "buried",
    "out",
    "turn-passes",
    "call",
    "cut",
    "nothing-to-cut",
    "flip",
    "direction",
    "flip-buried",
    "refill",
    "draw-empty",
    # The slap round: it opens, takes hits (the card's player calls it), closes; a hit
    # when no round is open is a fake-out; a call missed is late.
    "slap-open",
    "slap-hit",
    "hit-hand",
    "slap-result",
    "faked-out",
    "late",
    "hand-over",
    "match-over",
)


class Ending(StrEnum):
    """How a match of Hit the Deck ended."""

    TARGET = "target"  # a player's total reached the target: the lowest total wins


@dataclass(frozen=True)
class HitTheDeckOutcome:
    """A finished match: how many hands it took and every hand's scores."""

    hands: int
    hand_scores: tuple[tuple[int, ...], ...]

    @classmethod
    def from_detail(cls, detail: Mapping[str, Any]) -> HitTheDeckOutcome:
        hands = detail.get("hands")
        rows = detail.get("hand_scores")
        return cls(
            hands=hands if isinstance(hands, int) and not isinstance(hands, bool) else 0,
            hand_scores=tuple(counts(row) or () for row in rows or ()),
        )

    @property
    def ending(self) -> Ending:
        return Ending.TARGET

    def to_detail(self) -> dict[str, Any]:
        return {"hands": self.hands, "hand_scores": [list(row) for row in self.hand_scores]}


VOCABULARY = Vocabulary.of(EVENTS, HitTheDeckOutcome)
