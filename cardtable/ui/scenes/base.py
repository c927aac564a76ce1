"""The scene manager: a stack of scenes, the top one gets the input.

``push`` covers the current scene (its ``pause`` runs), ``pop`` uncovers it (``resume``),
``replace`` swaps the top. ``enter`` runs when a scene joins the stack and ``exit`` when
it leaves it. A scene that is not ``opaque`` lets the one below show through. Not for the
screens themselves (the other modules of ``scenes``, and ``tables``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from ..services import AppServices


class Scene:
    """One screen of the app. Subclasses override what they need."""

    opaque = True

    def __init__(self, app: AppServices) -> None:
        self.app = app

    def enter(self) -> None:
        """Joined the stack."""

    def exit(self) -> None:
        """Left the stack (popped or replaced)."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene on top was popped."""

    def handle(self, event: pygame.event.Event) -> None:
        """One input event."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene."""

    def wake_in(self) -> float | None:
        """Seconds until this scene needs its next frame when nothing is input: 0 while
        it moves, None when only input can change it (the app then sleeps until some
        comes). By default a scene is drawn every frame."""
        return 0.0

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""


class SceneManager:
    def __init__(self) -> None:
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
        if self.stack:
            self.stack[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Leave every scene and start again from ``scene`` (back to the title)."""
        while self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def find(self, kind: type) -> Scene | None:
        for scene in reversed(self.stack):
            if isinstance(scene, kind):
                return scene
        return None

    def handle(self, event: pygame.event.Event) -> None:
        if self.top is not None:
            self.top.handle(event)

    def update(self, dt: float) -> None:
        if self.top is not None:
            self.top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        # Draw from the highest opaque scene upward, so overlays show what lies beneath.
        start = 0
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index].opaque:
                start = index
                break
        for scene in self.stack[start:]:
            scene.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.stack:
            scene.resize(size)
