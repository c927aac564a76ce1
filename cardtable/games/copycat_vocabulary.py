"""Copy Cat's vocabulary: the names of its events and how a match of it ended. Pure
Python; read by the ui, never by the rules' hot paths."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardtable.engine import Vocabulary
from cardtable.engine.vocabulary import counts

EVENTS = (
    "new-game",
    "play",
    "copy",
    "decline",
    "all-copied",
    "deck-out",
    "meow",
    "meow-fail",
    "pattern-a",
    "pattern-b",
    "pattern-c",
    "pay",
    "game-over",
    "set-over",
    "match-over",
)


class Ending(StrEnum):
    """How a match of Copy Cat ended."""

    GAMES_PLAYED = "games-played"  # every game of the match was played: most coins win


@dataclass(frozen=True)
class CopyCatOutcome:
    """A finished match: the coins at the end, the score sheet of its games (a row per
    game, as the rules keep it) and, with sets, each set's scores."""

    coins: tuple[int, ...]
    sheet: tuple[Mapping[str, Any], ...]
    set_scores: tuple[tuple[int, ...], ...] | None = None

    @classmethod
    def from_detail(cls, detail: Mapping[str, Any]) -> CopyCatOutcome:
        rows = detail.get("set_scores")
        return cls(
            coins=counts(detail.get("coins")) or (),
            sheet=tuple(dict(row) for row in detail.get("sheet") or () if isinstance(row, dict)),
            set_scores=None if rows is None else tuple(counts(row) or () for row in rows),
        )

    @property
    def ending(self) -> Ending:
        return Ending.GAMES_PLAYED

    def to_detail(self) -> dict[str, Any]:
        detail: dict[str, Any] = {
            "coins": list(self.coins),
            "sheet": [dict(row) for row in self.sheet],
        }
        if self.set_scores is not None:
            detail["set_scores"] = [list(row) for row in self.set_scores]
        return detail


VOCABULARY = Vocabulary.of(EVENTS, CopyCatOutcome)
