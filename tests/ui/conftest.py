"""Headless app fixtures: a real window on SDL's dummy driver, driven frame by frame with
synthetic input events, settings in a temporary folder."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from cardtable.games import registry
from cardtable.ui.app import App


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def app(home) -> Iterator[App]:
    application = App((1280, 720))
    # Fast, but every animation still runs: each frame advances 50 ms of virtual time at
    # the fastest animation speed a player can set.
    application.fixed_dt = 0.05
    application.settings.animation_speed = 4.0
    # A player who has seen every game's first-run "how to play" card (its own tests
    # clear this).
    application.settings.seen_how_to = registry.ids()
    yield application
    application.close()


def frames(app: App, count: int = 1) -> None:
    for _ in range(count):
        app.step()


def until(app: App, condition: Callable[[], bool], limit: int = 3000) -> None:
    for _ in range(limit):
        if condition():
            return
        app.step()
    raise AssertionError(f"not reached after {limit} frames: {condition}")


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at ``start``, move in a few steps to ``end``, let go: a player's drag."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.step()
    for fraction in (0.25, 0.5, 0.75, 1.0):
        pos = (
            round(start[0] + (end[0] - start[0]) * fraction),
            round(start[1] + (end[1] - start[1]) * fraction),
        )
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
        app.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step()


def key(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
    app.step()


def words_drawn(monkeypatch) -> dict[str, pygame.Rect]:
    """From now on, every word ``theme.text`` writes, with where it lies (the last time)."""
    from cardtable.ui import theme

    written: dict[str, pygame.Rect] = {}
    real_text = theme.text

    def spy(surface, words, *args, **kwargs):
        written[words] = real_text(surface, words, *args, **kwargs)
        return written[words]

    monkeypatch.setattr(theme, "text", spy)
    return written
