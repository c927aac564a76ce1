"""What the menu scenes share: a heading over a column of buttons that the keyboard and
the mouse both drive, a toast, and Escape for Back. Not a screen of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..widgets import Button, ButtonColumn, Toast
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

BACK_KEYS = (pygame.K_ESCAPE, pygame.K_BACKSPACE)


class MenuScene(Scene):
    """A scene with a heading and a column of buttons, rebuilt on resize."""

    heading = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.column = ButtonColumn([])
        self.toast = Toast()

    def enter(self) -> None:
        self.build()

    def resume(self) -> None:
        self.build()

    def resize(self, size: tuple[int, int]) -> None:
        self.build()

    def build(self) -> None:
        """Create and place the buttons for the current window size."""

    def back(self) -> None:
        self.app.manager.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if self.column.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in BACK_KEYS:
            self.back()

    def update(self, dt: float) -> None:
        self.toast.update(dt)

    def draw_heading(self, surface: pygame.Surface, y: int | None = None) -> int:
        width, height = surface.get_size()
        size = max(28, min(56, height // 13))
        top = y if y is not None else max(20, height // 14)
        theme.text(surface, self.heading, (width // 2, top), size, theme.INK, True, "midtop")
        return top + size + 20

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        self.draw_heading(surface)
        self.column.draw(surface)
        self.toast.draw(surface)


def stack_buttons(buttons: list[Button], centre_x: int, top: int, width: int, height: int) -> int:
    for index, button in enumerate(buttons):
        button.rect = pygame.Rect(0, 0, width, height)
        button.rect.midtop = (centre_x, top + index * (height + 14))
    return top + len(buttons) * (height + 14)
