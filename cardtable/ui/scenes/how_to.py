"""A game's short "how to play" card: its goal in a line, a few lines on how its table is
played, and where the whole rules are. Shown over the table the first time a game is
started from its setup (until "Don't show again" is left ticked), and at any time from the
game's Rules: there it only closes ("Back"), with no switch, and changes no setting. Not
for the rules themselves (``rules``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from cardtable.engine import GameInfo

from .. import theme
from ..widgets import Button, ButtonColumn, wrap
from .menu import MenuScene

if TYPE_CHECKING:
    from ..services import AppServices

#: What every table shares, said last on every card.
EVERY_TABLE = (
    "Drag a card to a place that lights up, or click a card and then the place. "
    "Keyboard: arrows choose, Enter plays, Esc lets go. L opens the table log."
)


def should_show(app: AppServices, info: GameInfo) -> bool:
    return info.id not in app.settings.seen_how_to


class HowToScene(MenuScene):
    """The card over a dimmed table. Enter or Escape plays on; "Don't show again" is a
    check box (ticked by default), remembered as the card closes. ``rules`` (the way to the full
    rules) is given on the first run only; without it the card was opened from the Rules."""

    opaque = False

    def __init__(
        self,
        app: AppServices,
        info: GameInfo,
        lines: tuple[str, ...],
        rules: Callable[[], None] | None,
    ) -> None:
        super().__init__(app)
        self.info = info
        self.lines = [info.summary, *lines, EVERY_TABLE]
        self.rules = rules
        self.first_run = rules is not None
        self.hide = True
        self.card = pygame.Rect(0, 0, 0, 0)

    def first_choice(self) -> Button:
        return self.play_button

    def build(self) -> None:
        width, height = self.app.size
        self.card = pygame.Rect(0, 0, min(720, width - 40), min(440, height - 40))
        self.card.center = (width // 2, height // 2)
        self.play_button = Button("Play" if self.first_run else "Back", self.back, size=20)
        buttons = []
        if self.first_run:
            buttons.append(Button(self.switch_label(), self.toggle, size=16))
            buttons.append(Button("Full rules", self.full_rules, size=18))
        buttons.append(self.play_button)
        room = (self.card.width - 40 - 12 * (len(buttons) - 1)) // len(buttons)
        for index, button in enumerate(buttons):
            button.rect = pygame.Rect(0, 0, min(230, room), 44)
            button.rect.bottomleft = (
                self.card.x + 20 + index * (button.rect.width + 12),
                self.card.bottom - 16,
            )
        self.play_button.rect.right = self.card.right - 20
        self.column = ButtonColumn(buttons)

    def switch_label(self) -> str:
        """A check box that reads as what it does: ticked, the card stays away."""
        return f"{'☑' if self.hide else '☐'} Don't show again"

    def toggle(self) -> None:
        self.hide = not self.hide
        self.rebuild()

    def full_rules(self) -> None:
        self.back()
        if self.rules is not None:
            self.rules()

    def back(self) -> None:
        if self.first_run:
            seen = [game for game in self.app.settings.seen_how_to if game != self.info.id]
            self.app.settings.seen_how_to = seen + ([self.info.id] if self.hide else [])
            self.app.save_settings()
        self.app.manager.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        surface.blit(dim, (0, 0))
        theme.panel(surface, self.card, alpha=245)
        left, y = self.card.x + 28, self.card.y + 20
        heading = max(22, min(32, self.card.height // 14))
        title = f"How to play {self.info.title}"
        theme.text(surface, title, (left, y), heading, theme.GOLD, True)
        y += heading + 16
        width = self.card.width - 56
        bottom = self.column.buttons[0].rect.top - 10
        for index, line in enumerate(self.lines):
            size = 18 if self.card.height > 380 else 15
            font = theme.fonts().get(size, bold=index == 0)
            bullet = "" if index == 0 else "•  "
            for part, piece in enumerate(wrap(bullet + line, font, width)):
                if y + font.get_linesize() > bottom:
                    break
                shown = piece if part == 0 or not bullet else "    " + piece
                colour = theme.INK if index else theme.HIGHLIGHT
                theme.text(surface, shown, (left, y), 0, colour, font=font)
                y += font.get_linesize()
            y += 8
        self.column.draw(surface)
