"""The score sheet shown between hands of a match: who scored what, and "Next hand".

It lies over the table while the match waits for the players; the table's Menu, Rules and
Settings buttons still work, and Enter, Space or Escape (or the button) go on. Not for
the final results (the results scene).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import theme
from ..widgets import Button


class ScoreSheet:
    """``rows`` under ``headings``, the first column left-aligned, the rest right."""

    def __init__(
        self,
        title: str,
        headings: tuple[str, ...],
        rows: list[tuple[str, ...]],
        on_next: Callable[[], None],
    ) -> None:
        self.title = title
        self.headings = headings
        self.rows = rows
        self.on_next = on_next
        self.button = Button("Next hand", on_next, size=18)
        self.button.focused = True
        self.rect = pygame.Rect(0, 0, 0, 0)

    def place(self, area: pygame.Rect) -> None:
        width = min(area.width - 20, 560)
        height = min(area.height - 10, 120 + 32 * len(self.rows))
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = area.center
        self.button.rect = pygame.Rect(0, 0, 180, 42)
        self.button.rect.midbottom = (self.rect.centerx, self.rect.bottom - 12)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.button.handle(event):
            return True
        keys = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE)
        if event.type == pygame.KEYDOWN and event.key in keys:
            self.on_next()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        box = self.rect
        theme.panel(surface, box, alpha=240, radius=14)
        pygame.draw.rect(surface, theme.HIGHLIGHT, box, 2, border_radius=14)
        theme.text(surface, self.title, (box.centerx, box.y + 12), 22, theme.GOLD, True, "midtop")
        columns = len(self.headings)
        left, right = box.x + 24, box.right - 24
        step = (right - left - 160) / max(1, columns - 1)
        row_h = min(32, (self.button.rect.y - box.y - 80) // max(1, len(self.rows)))
        for row_no, row in enumerate([self.headings, *self.rows]):
            y = box.y + 48 + row_no * row_h
            colour = theme.INK_DIM if row_no == 0 else theme.INK
            size = 15 if row_no == 0 else 18
            for col, cell in enumerate(row):
                if col == 0:
                    font = theme.fonts().get(size, bold=row_no == 0)
                    cell = theme.fit(cell, font, 150)
                    theme.text(surface, cell, (left, y), size, colour, row_no == 0)
                else:
                    x = left + 160 + step * col
                    theme.text(surface, cell, (x, y), size, colour, True, "topright")
        self.button.draw(surface)
