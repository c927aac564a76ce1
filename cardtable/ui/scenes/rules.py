"""A game's rules help: its ``rules_help`` markdown on a scrollable page, then its
computer players (``strategy.levels_help``: each level in a line, and how fast each
reacts where the game has races). Not for the markdown itself (``cardtable.ui.markdown``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.engine import GameInfo
from cardtable.strategy import levels_help

from .. import theme
from ..markdown import render_markdown
from ..widgets import Button
from .base import Scene
from .menu import BACK_KEYS

if TYPE_CHECKING:
    from ..services import AppServices


class RulesScene(Scene):
    """A game's rules in our own words with its rulings: a small markdown subset
    (headings, bullets, numbered items, **bold**), scrollable."""

    def __init__(self, app: AppServices, info: GameInfo) -> None:
        super().__init__(app)
        self.info = info
        self.text = f"{info.rules_help.rstrip()}\n\n{levels_help(info.id)}"
        self.scroll = 0.0
        self.content_height = 0
        self.view_height = max(1, app.size[1] - 134)
        self.back_button = Button("Back", self.app.manager.pop)
        self.how_button = Button("How to play", lambda: app.open_how_to(info), size=18)

    def wake_in(self) -> float | None:
        return None  # it scrolls on input only

    def handle(self, event: pygame.event.Event) -> None:
        if self.back_button.handle(event) or self.how_button.handle(event):
            return
        step = 40
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * step)
        elif event.type == pygame.KEYDOWN:
            page = self.app.size[1] - 160
            moves = {
                pygame.K_DOWN: step,
                pygame.K_UP: -step,
                pygame.K_PAGEDOWN: page,
                pygame.K_SPACE: page,
                pygame.K_PAGEUP: -page,
                pygame.K_HOME: -(10**6),
                pygame.K_END: 10**6,
            }
            if event.key in moves:
                self.scroll_by(moves[event.key])
            elif event.key == pygame.K_h:
                self.app.open_how_to(self.info)
            elif event.key in (*BACK_KEYS, pygame.K_RETURN):
                self.app.manager.pop()

    def scroll_by(self, amount: float) -> None:
        room = self.view_height
        self.scroll = max(0.0, min(max(0.0, self.content_height - room), self.scroll + amount))

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        width, height = surface.get_size()
        page = pygame.Rect(0, 0, max(0, min(860, width - 40)), max(0, height - 110))
        page.midtop = (width // 2, 20)
        theme.panel(surface, page, alpha=215)
        text_area = page.inflate(-40, -24)
        if text_area.width > 0 and text_area.height > 0:  # none below the minimum size
            self.draw_text(surface, page, surface.subsurface(text_area))
        self.back_button.rect = pygame.Rect(0, 0, 180, 48)
        self.back_button.rect.midbottom = (width // 2, height - 24)
        self.back_button.draw(surface)
        self.how_button.rect = pygame.Rect(0, 0, 170, 40)
        self.how_button.rect.bottomleft = (page.x, height - 28)
        self.how_button.draw(surface)
        theme.text(
            surface,
            "Mouse wheel or arrows to scroll",
            (page.right, height - 48),
            14,
            theme.INK_DIM,
            anchor="topright",
        )

    def draw_text(self, surface: pygame.Surface, page: pygame.Rect, view: pygame.Surface) -> None:
        """The rules from the scroll position, with a scroll bar when there is more."""
        self.view_height = view.get_height()
        self.content_height = render_markdown(view, self.text, int(-self.scroll), view.get_width())
        if self.content_height > view.get_height():
            # A scroll bar, so the player knows there is more.
            track = pygame.Rect(page.right - 12, page.y + 14, 5, page.height - 28)
            pygame.draw.rect(surface, theme.FELT_LIGHT, track, border_radius=3)
            share = view.get_height() / self.content_height
            thumb = track.copy()
            thumb.height = max(24, int(track.height * share))
            room = max(1, self.content_height - view.get_height())
            thumb.y = track.y + int((track.height - thumb.height) * self.scroll / room)
            pygame.draw.rect(surface, theme.GOLD, thumb, border_radius=3)
