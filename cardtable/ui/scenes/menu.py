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
    from ..services import AppServices

BACK_KEYS = (pygame.K_ESCAPE, pygame.K_BACKSPACE)


class MenuScene(Scene):
    """A scene with a heading and a column of buttons, rebuilt on resize."""

    heading = ""
    # Backspace is Back too, except on a screen where it would lose what was typed.
    back_keys = BACK_KEYS

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.column = ButtonColumn([])
        self.toast = Toast()

    def enter(self) -> None:
        self.build()
        first = self.first_choice()
        # Enter works at once: the keyboard focus starts on the likely first choice.
        self.column.focus_on(self.column.buttons.index(first) if first is not None else -1)

    def resume(self) -> None:
        self.rebuild()

    def resize(self, size: tuple[int, int]) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        """Build again (a new size, a changed setting), the keyboard focus kept on the
        same button even when buttons came or went before it."""
        focus = self.column.focus
        key = _button_key(self.column.buttons, focus)
        self.build()
        keys = [
            _button_key(self.column.buttons, index) for index in range(len(self.column.buttons))
        ]
        self.column.focus_on(keys.index(key) if key in keys else focus)

    def build(self) -> None:
        """Create and place the buttons for the current window size."""

    def first_choice(self) -> Button | None:
        """The button Enter presses when the scene opens, if any."""
        return None

    def back(self) -> None:
        self.app.manager.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if self.column.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in self.back_keys:
            self.back()

    def update(self, dt: float) -> None:
        self.toast.update(dt)

    def wake_in(self) -> float | None:
        # Buttons change only on input; a toast fades by frames until it is gone.
        return 0.0 if self.toast.visible else None

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


def stack_buttons(
    buttons: list[Button], centre_x: int, top: int, width: int, height: int, gap: int = 14
) -> int:
    for index, button in enumerate(buttons):
        button.rect = pygame.Rect(0, 0, width, height)
        button.rect.midtop = (centre_x, top + index * (height + gap))
    return top + len(buttons) * (height + gap)


def _button_key(buttons: list[Button], index: int) -> tuple[str, int] | None:
    """A button told apart from the others by its label and how many before it share it."""
    if not 0 <= index < len(buttons):
        return None
    label = buttons[index].label
    return (label, sum(button.label == label for button in buttons[:index]))
