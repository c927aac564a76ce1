"""MEAN!'s vocabulary: the names of its events and how a game of it ended.

MEAN! keeps no points: its result ranks the players, and its detail says what decided
the places (who went out, in which order, who went out on an Eight, whether the game was
called, the cards left). Pure Python; read by the ui, never by the rules' hot paths.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardtable.engine import Vocabulary
from cardtable.engine.vocabulary import counts, seats

EVENTS = (
    # Turns that start something: a turn to take piles, a restart after a clear, a MEAN!
    # to answer.
    "punish",
    "restart",
    "answer",
    # Announcements.
    "deal",
    "wild",
    "punished",
    "mean",
    "mean-resolved",
    "clear",
    "direction",
    "swap",
    "end-game",
    "replenish",
    "punishment-dropped",
    "win",
    "lost-on-eight",
    "called",
    "match-over",
)


class Ending(StrEnum):
    """How a game of MEAN! ended."""

    WENT_OUT = "went-out"  # a player went out (with play on: until one was left)
    LOST_ON_EIGHT = "lost-on-eight"  # going out on an Eight: everyone else wins
    CALLED = "called"  # nothing left play for many rounds: fewer cards rank higher


@dataclass(frozen=True)
class MeanOutcome:
    """A finished game of MEAN!, as its ``Result.detail`` records it. ``cards_left`` is
    None in records from before it was kept."""

    winners: tuple[int, ...]
    went_out: tuple[tuple[int, ...], ...]
    lost_on_eight: tuple[int, ...]
    called: bool
    cards_left: tuple[int, ...] | None

    @classmethod
    def from_detail(cls, detail: Mapping[str, Any]) -> MeanOutcome:
        went_out = detail.get("went_out")
        return cls(
            winners=seats(detail.get("winners")),
            went_out=tuple(seats(group) for group in went_out or () if seats(group)),
            lost_on_eight=seats(detail.get("lost_on_eight")),
            called=detail.get("called") is True,
            cards_left=counts(detail.get("cards_left")),
        )

    @property
    def ending(self) -> Ending:
        if self.called:
            return Ending.CALLED
        if self.lost_on_eight and not self.went_out:
            return Ending.LOST_ON_EIGHT
        return Ending.WENT_OUT

    def to_detail(self) -> dict[str, Any]:
        detail: dict[str, Any] = {
            "winners": list(self.winners),
            "went_out": [list(group) for group in self.went_out],
            "lost_on_eight": list(self.lost_on_eight),
            "called": self.called,
        }
        if self.cards_left is not None:
            detail["cards_left"] = list(self.cards_left)
        return detail


VOCABULARY = Vocabulary.of(EVENTS, MeanOutcome, keeps_points=False)
