"""A game's vocabulary: the names its events go by and how its result says a game ended.

Each game declares, beside its rules, every ``what`` its events carry (an announcement's
``"swap"``, a slap round's ``"slap-open"``, a hand's ``"hand-over"``) and a typed reader of
its ``Result.detail`` (its ``Outcome``: a frozen dataclass with an ``ending``, in the
manner of python-chess's ``Outcome``/``Termination``). The ui builds its animations, log
lines and result words from these names, so a misspelt name is an error the day it is
written, not a moment that silently looks like every other. The detail stays the plain
dict that records and saves hold: ``Outcome.from_detail(detail).to_detail() == detail``.

Pure Python, no pygame. Not for the words people read (the ui's) nor the action codes
(each game's ``parse``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

#: Every ``Event.kind`` there is (``cardtable.engine.events``): a table may also animate
#: an event by its kind, so these are names every game has.
KINDS = frozenset(
    {"move", "reveal", "shuffle", "deal", "turn", "score", "announce", "slap", "over"}
)


class Outcome(Protocol):
    """How one game ended, read from its ``Result.detail`` and written back unchanged."""

    @property
    def ending(self) -> Any: ...

    def to_detail(self) -> dict[str, Any]: ...


class OutcomeReader(Protocol):
    def from_detail(self, detail: Mapping[str, Any]) -> Outcome: ...


@dataclass(frozen=True)
class Vocabulary:
    """The names of a game's events (``what``) and the reader of its result's detail.

    ``keeps_points``: the scores in its results mean something to a player (False for a
    game that only ranks, such as MEAN!: its lists and statistics leave the numbers out).
    """

    events: frozenset[str] = field(default_factory=frozenset)
    outcome: OutcomeReader | None = None
    keeps_points: bool = True

    @classmethod
    def of(
        cls, events: Iterable[str], outcome: OutcomeReader | None = None, keeps_points: bool = True
    ) -> Vocabulary:
        names = frozenset(events)
        clashes = sorted(names & KINDS - {"deal"})  # a deal event may name itself "deal"
        if clashes:
            raise ValueError(f"event names {clashes} are event kinds")
        return cls(names, outcome, keeps_points)

    def check(self, names: Iterable[str], who: str) -> frozenset[str]:
        """``names`` if each is a declared event name or an event kind, else ``ValueError``
        saying which ``who`` (a table, a log) used that the game does not declare."""
        names = frozenset(names)
        unknown = sorted(names - self.events - KINDS)
        if unknown:
            raise ValueError(f"{who} names events the game does not declare: {unknown}")
        return names

    def outcome_of(self, detail: Mapping[str, Any] | None) -> Outcome | None:
        """The typed outcome of a result's ``detail`` (None when the game declares none)."""
        if self.outcome is None:
            return None
        return self.outcome.from_detail(detail or {})


def seats(value: Any) -> tuple[int, ...]:
    """A list of seats from a detail (old or damaged: anything not a list reads as none)."""
    if not isinstance(value, list | tuple):
        return ()
    return tuple(seat for seat in value if isinstance(seat, int) and not isinstance(seat, bool))


def counts(value: Any) -> tuple[int, ...] | None:
    """A count per seat from a detail, or None when the detail has none (an old record)."""
    if not isinstance(value, list | tuple):
        return None
    return tuple(int(n) if isinstance(n, int) and not isinstance(n, bool) else 0 for n in value)
