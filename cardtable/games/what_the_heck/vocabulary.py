"""What the Heck?'s vocabulary: its cards, its action code and its reader, the names of
its events and how a game of it ended. Bots and tables use only these.

Action codes: ``bid 15`` (``bid_code``), read with ``parse`` (a ``Bid``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any

from cardtable.engine import IllegalAction, Vocabulary

POINT_CARDS = [str(v) for v in range(-5, 0)] + [str(v) for v in range(1, 11)]
PLAYER_CARDS = [str(v) for v in range(1, 16)]
ROUNDS = len(POINT_CARDS)


MAX_PLAYERS = 5


def bid_code(card: str | int) -> str:
    """``bid 15``: lay that Player Card face down for this round."""
    return f"bid {card}"


@dataclass(frozen=True)
class Bid:
    """A What the Heck? action code, read: the Player Card laid."""

    card: str
    kind: str = "bid"

    @property
    def code(self) -> str:
        return bid_code(self.card)


@lru_cache(maxsize=1024)
def parse(code: str) -> Bid:
    """Read an action code, or raise ``IllegalAction`` saying what is wrong with it.

    >>> parse("bid 15").card
    '15'
    """
    words = code.split()
    if len(words) != 2 or words[0] != "bid":
        raise IllegalAction("Play one of your Player Cards face down: 'bid N'.")
    if words[1] not in PLAYER_CARDS:
        raise IllegalAction(f"There is no Player Card {words[1]}: they run from 1 to 15.")
    return Bid(words[1])


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
