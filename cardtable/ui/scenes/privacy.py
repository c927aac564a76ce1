"""The privacy screen: covers the table between local humans so nobody sees another's
cards. Not for deciding when to cover (the table does)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from .. import theme
from .base import Scene

if TYPE_CHECKING:
    from ..services import AppServices


class PrivacyScene(Scene):
    """Covers the table between local humans so nobody sees another's cards."""

    def __init__(self, app: AppServices, name: str, on_ready: Callable[[], None]) -> None:
        super().__init__(app)
        self.name = name
        self.on_ready = on_ready

    def ready(self) -> None:
        self.app.manager.pop()
        self.on_ready()

    def wake_in(self) -> float | None:
        return None  # it waits for the next player's click or key

    def handle(self, event: pygame.event.Event) -> None:
        clicked = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        pressed = event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        )
        if clicked or pressed:
            self.ready()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT_DARK)
        width, height = surface.get_size()
        # A long name (sixteen W) takes smaller type rather than run off the screen.
        words, font = theme.fitting(
            f"Pass to {self.name}", max(30, height // 14), width - 40, smallest=16, bold=True
        )
        at = (width // 2, height // 2 - 30)
        theme.text(surface, words, at, 0, theme.INK, True, "center", font=font)
        theme.text(
            surface,
            "press Enter or click when ready",
            (width // 2, height // 2 + 30),
            22,
            theme.INK_DIM,
            anchor="center",
        )
