"""Animation: eased tweens grouped in steps, played one step after another.

The table turns each engine event into a step (cards flying, turning over, a banner), so
events play in the order they happened. Every step runs its start and end actions exactly
once, also when skipped, so a skip lands the table where the animation would have. Time is
the dt the app passes, already multiplied by the player's animation speed. Not for what
to animate (the tables decide that).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import pytweening

Ease = Callable[[float], float]


class Tween:
    """A value running from 0 to 1 over ``duration`` seconds after ``delay``, eased."""

    def __init__(
        self,
        duration: float,
        on_update: Callable[[float], None] | None = None,
        ease: Ease = pytweening.easeInOutCubic,
        delay: float = 0.0,
    ) -> None:
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.elapsed = 0.0
        self.ease = ease
        self.on_update = on_update

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def progress(self) -> float:
        """The eased progress, 0..1."""
        if self.duration <= 0:
            raw = 1.0 if self.elapsed >= self.delay else 0.0
        else:
            raw = min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))
        return self.ease(raw)

    def update(self, dt: float) -> None:
        self.elapsed += dt
        if self.on_update is not None:
            self.on_update(self.progress)

    def finish(self) -> None:
        # Set, not added: adding the time left can land a hair short of the end in floating
        # point, and a tween that is never done leaves its card hanging mid-air.
        self.elapsed = max(self.elapsed, self.delay + self.duration)
        if self.on_update is not None:
            self.on_update(self.progress)


class Step:
    """Tweens that run together; ``start`` runs when the step begins, ``end`` when all of
    its tweens are done (or it is skipped)."""

    def __init__(
        self,
        tweens: list[Tween] | None = None,
        start: Callable[[Step], None] | None = None,
        end: Callable[[], None] | None = None,
        hold: float = 0.0,
        label: str = "",
    ) -> None:
        self.tweens = list(tweens or [])
        self.start = start
        self.end = end
        self.label = label
        if hold > 0:
            self.tweens.append(Tween(hold, ease=pytweening.linear))
        self.started = False

    def begin(self) -> None:
        if not self.started:
            self.started = True
            if self.start is not None:
                self.start(self)

    @property
    def done(self) -> bool:
        return all(tween.done for tween in self.tweens)

    def update(self, dt: float) -> None:
        for tween in self.tweens:
            tween.update(dt)

    def finish(self) -> None:
        self.begin()
        for tween in self.tweens:
            tween.finish()
        if self.end is not None:
            end, self.end = self.end, None
            end()


class AnimationQueue:
    """Steps played in order. ``skip()`` lands all of them at once."""

    def __init__(self) -> None:
        self.steps: deque[Step] = deque()

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    def push(self, step: Step) -> None:
        self.steps.append(step)

    def update(self, dt: float) -> None:
        # Several short steps may end within one frame; carry on with the time left over is
        # not worth the complexity at 60 fps, but zero-length steps must not cost a frame.
        while self.steps:
            step = self.steps[0]
            step.begin()
            step.update(dt)
            if not step.done:
                return
            self.steps.popleft()
            step.finish()
            dt = 0.0

    def skip(self) -> None:
        while self.steps:
            self.steps.popleft().finish()
