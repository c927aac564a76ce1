"""The app's caches of drawn things (card images, fonts): the least recently used let go
first past a bound, and anything not used for a while let go too, so a long session
keeps what its screens draw now, not everything they ever drew (benchmarks/frames.md,
memory over a long watch). Not for what is drawn (``cards``, ``theme``).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")

KEEP_SECONDS = 30.0  # a value not used for this long is let go


class Recent(Generic[V]):
    """Values by key, at most ``limit`` of them in the units ``weigh`` gives (one a value
    unless given); ``keep`` seconds unused and a value goes too. ``dropped`` hears each
    key let go."""

    def __init__(
        self,
        limit: float,
        weigh: Callable[[V], float] = lambda value: 1,
        keep: float | None = KEEP_SECONDS,
        dropped: Callable[[Hashable, V], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit = limit
        self.weigh = weigh
        self.keep = keep
        self.dropped = dropped
        self.clock = clock
        self.total: float = 0
        self._values: OrderedDict[Hashable, tuple[V, float]] = OrderedDict()

    def get(self, key: Hashable) -> V | None:
        found = self._values.get(key)
        if found is None:
            return None
        self._values[key] = (found[0], self.clock())
        self._values.move_to_end(key)
        return found[0]

    def take(self, key: Hashable) -> V | None:
        """The value under ``key``, no longer kept here."""
        found = self._values.pop(key, None)
        if found is None:
            return None
        self.total -= self.weigh(found[0])
        return found[0]

    def put(self, key: Hashable, value: V) -> None:
        """Keep ``value`` (the most recent), letting go of the least recent past the limit
        (never the value just put) and of any unused for ``keep`` seconds."""
        now = self.clock()
        self.take(key)
        self._values[key] = (value, now)
        self.total += self.weigh(value)
        stale = None if self.keep is None else now - self.keep
        while len(self._values) > 1:
            oldest, (value, used) = next(iter(self._values.items()))
            if self.total <= self.limit and (stale is None or used >= stale):
                break
            self._values.popitem(last=False)
            self.total -= self.weigh(value)
            if self.dropped is not None:
                self.dropped(oldest, value)

    def clear(self) -> None:
        self._values.clear()
        self.total = 0

    def __len__(self) -> int:
        return len(self._values)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._values


class Cache(Generic[V]):
    """What is made, kept once it is asked for a second time: a thing asked for once so
    far (a card drawn at a size it has only in flight, a font at that card's size) waits
    in a small pool of its own, so the things used once do not push out those in use.
    ``limit`` and ``once`` bound the two (``Recent``); ``made`` hears each thing made."""

    def __init__(
        self,
        limit: float,
        once: float,
        weigh: Callable[[V], float] = lambda value: 1,
        dropped: Callable[[Hashable, V], None] | None = None,
    ) -> None:
        self.kept: Recent[V] = Recent(limit, weigh, dropped=dropped)
        self.once: Recent[V] = Recent(once, weigh, dropped=dropped)

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        value = self.kept.get(key)
        if value is not None:
            return value
        value = self.once.take(key)
        if value is not None:  # asked for again: worth keeping
            self.kept.put(key, value)
            return value
        value = make()
        self.once.put(key, value)
        return value

    @property
    def total(self) -> float:
        return self.kept.total + self.once.total

    def clear(self) -> None:
        self.kept.clear()
        self.once.clear()

    def __len__(self) -> int:
        return len(self.kept) + len(self.once)
