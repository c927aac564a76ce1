"""What the Heck?'s vocabulary: the names of its events and how a game of it ended. Pure
Python; read by the ui, never by the rules' hot paths."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardtable.engine import Vocabulary

EVENTS = (
    "deal",
    "bids",  # the bids revealed together
    "take",  # a player takes the Point Cards (the scores after)
    "all-tie",
    "all-tie-last",
    "match-over",
)


class Ending(StrEnum):
    """How a game of What the Heck? ended."""

    POINT_CARDS_PLAYED = "point-cards-played"  # all 15 rounds bid: the most points win


@dataclass(frozen=True)
class WhatTheHeckOutcome:
    """A finished game: the scores say it all, so the detail is empty."""

    @classmethod
    def from_detail(cls, detail: Mapping[str, Any]) -> WhatTheHeckOutcome:
        return cls()

    @property
    def ending(self) -> Ending:
        return Ending.POINT_CARDS_PLAYED

    def to_detail(self) -> dict[str, Any]:
        return {}


VOCABULARY = Vocabulary.of(EVENTS, WhatTheHeckOutcome)
