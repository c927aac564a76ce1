"""One time line for races between computers: whose press came first, fairly.

A remote computer's clock runs at its own offset from the host's. ``ClockEstimator`` (on
the remote computer) learns that offset from round trips, as NTP does: for a ``ping``
sent at ``t0`` (its clock), taken by the host at ``t1`` and answered at ``t2`` (the host's
clock), the ``pong`` arriving at ``t3``::

    offset = ((t1 - t0) + (t2 - t3)) / 2      delay = (t3 - t0) - (t2 - t1)

and it keeps the sample with the smallest ``delay`` among the last few (the one least
spoiled by queueing), re-estimating all through the match. A key press is stamped on the
remote computer and sent in host time (``to_host``). The error of the offset is at most
half the best round trip, and exactly half the difference between the two ways when the
paths are slower one way than the other: no clock protocol can see that difference.

``DelayTracker`` (on the host, one per remote door) keeps the one-way delays it sees
(a ping's stamp, in host time, against its arrival) and gives a ``bound``: a high
quantile plus a margin. The host holds a race open until every connected player has been
heard from past a press (messages on one connection come in order), and never longer
than the slowest one's bound, so a press made earlier but arriving later still counts in
its place.

``clamp`` keeps a stamp honest: no earlier than the window opened (plus the fastest the
card could have reached the player) nor than its arrival minus the delay bound (a press
cannot travel faster than the connection ever has), and no later than its arrival.
Not for: carrying messages (the network layer) or the rules of a race (the referee).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

#: Round trips kept by a ``ClockEstimator``: the best of these is the estimate.
SAMPLES = 8
#: One-way delays kept by a ``DelayTracker``.
DELAYS = 32
#: The share of seen one-way delays a bound covers, and the margin added to it (seconds).
QUANTILE = 0.95
MARGIN = 0.02
#: The bound assumed for a door before it has said anything about its delay (seconds).
UNKNOWN = 0.25
#: The longest the host holds a race for one connection (seconds): a connection whose
#: bound is longer is too slow to race fairly, and its presses count from a bound this long.
FAIR_LIMIT = 0.25
#: Seconds between a remote computer's pings during a match, and while a race runs (then
#: each ping also tells the host how far this computer has been heard: the race is judged
#: as soon as every computer has been heard past it, usually well before the bound).
PING_EVERY = 1.0
PING_RACE = 0.04


@dataclass(frozen=True)
class Sample:
    """One round trip: the offset it gives (host minus this computer) and its delay."""

    offset: float
    delay: float
    at: float  # this computer's clock when the answer came


class ClockEstimator:
    """The host's clock as a remote computer estimates it (module docstring)."""

    def __init__(self, keep: int = SAMPLES) -> None:
        self.samples: deque[Sample] = deque(maxlen=keep)

    def sample(self, t0: float, t1: float, t2: float, t3: float) -> Sample | None:
        """Take one round trip; None (and nothing kept) for one that cannot be true: an
        answer before the question, or a host that answered before it was asked."""
        if t3 < t0 or t2 < t1:
            return None
        delay = (t3 - t0) - (t2 - t1)
        if delay < 0:
            return None
        kept = Sample(((t1 - t0) + (t2 - t3)) / 2, delay, t3)
        self.samples.append(kept)
        return kept

    @property
    def best(self) -> Sample | None:
        """The fastest of the kept round trips (ties: the newest)."""
        if not self.samples:
            return None
        return min(reversed(self.samples), key=lambda sample: sample.delay)

    @property
    def ready(self) -> bool:
        return bool(self.samples)

    @property
    def offset(self) -> float:
        best = self.best
        return 0.0 if best is None else best.offset

    @property
    def error(self) -> float | None:
        """The most the offset can be wrong by (half the best round trip), None: unknown."""
        best = self.best
        return None if best is None else best.delay / 2

    def to_host(self, t: float) -> float:
        """This computer's time ``t`` on the host's clock."""
        return t + self.offset


class DelayTracker:
    """The one-way delays the host sees from one remote door (module docstring)."""

    def __init__(self, keep: int = DELAYS) -> None:
        self.delays: deque[float] = deque(maxlen=keep)

    def seen(self, stamp: float, arrival: float) -> None:
        """A message stamped (in host time) at ``stamp`` arrived at ``arrival``."""
        self.delays.append(max(0.0, arrival - stamp))

    def bound(self) -> float:
        """How late a press from this door may arrive: a high quantile of the delays seen,
        plus a margin (``UNKNOWN`` before any is seen)."""
        if not self.delays:
            return UNKNOWN
        ordered = sorted(self.delays)
        index = min(len(ordered) - 1, int(QUANTILE * len(ordered)))
        return ordered[index] + MARGIN


def clamp(
    stamp: float | None,
    arrival: float,
    opened: float | None,
    bound: float,
    min_down: float = 0.0,
) -> float:
    """The earliest time a press stamped ``stamp`` and arriving at ``arrival`` could have
    been made (module docstring): within [``opened`` + ``min_down``, ``arrival``] and no
    earlier than ``arrival - bound``. No stamp at all: the arrival."""
    if stamp is None:
        return arrival
    earliest = arrival - bound
    if opened is not None:
        earliest = max(earliest, opened + min_down)
    return min(arrival, max(stamp, earliest))


def too_slow(bound: float) -> str:
    """What a player whose connection cannot race fairly is told, or "" when it can."""
    if bound <= FAIR_LIMIT:
        return ""
    return (
        "Your connection is too slow to race fairly: your presses take about "
        f"{round(bound * 1000)} ms to reach the table, and it waits {round(FAIR_LIMIT * 1000)} ms "
        "at most, so a press counts from when it arrives, less that wait."
    )
