"""The game choice: one row per registered game with its player count and summary, Play
(to the table's setup) and Rules. Not for the setup itself (``setup``)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable.engine import GameInfo
from cardtable.games import registry

from .. import theme
from ..widgets import Button, ButtonColumn, wrap
from .menu import MenuScene
from .rules import RulesScene
from .setup import SetupScene


class GameChoiceScene(MenuScene):
    heading = "Choose a game"

    def build(self) -> None:
        width, height = self.app.size
        self.games = registry.all()
        buttons: list[Button] = []
        self.rows: list[tuple[pygame.Rect, GameInfo]] = []
        self.play_buttons: dict[str, Button] = {}
        row_h = max(58, min(96, (height - 220) // max(1, len(self.games))))
        top = max(90, height // 7)
        row_w = min(900, width - 60)
        for index, info in enumerate(self.games):
            row = pygame.Rect(0, 0, row_w, row_h - 10)
            row.midtop = (width // 2, top + index * row_h)
            self.rows.append((row, info))
            play = Button("Play", self._chooser(info), size=20)
            play.rect = pygame.Rect(row.right - 250, row.y + 10, 120, row.height - 20)
            rules = Button("Rules", self._rules(info), size=18)
            rules.rect = pygame.Rect(row.right - 120, row.y + 10, 108, row.height - 20)
            self.play_buttons[info.id] = play
            buttons += [play, rules]
        back = Button("Back", self.back)
        back.rect = pygame.Rect(0, 0, 200, 48)
        back.rect.midbottom = (width // 2, height - 24)
        self.column = ButtonColumn([*buttons, back])

    def first_choice(self) -> Button:
        return self.play_buttons[self.games[0].id]

    def _chooser(self, info: GameInfo) -> Callable[[], None]:
        return lambda: self.app.manager.push(SetupScene(self.app, info))

    def _rules(self, info: GameInfo) -> Callable[[], None]:
        return lambda: self.app.manager.push(RulesScene(self.app, info))

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        self.draw_heading(surface, 24)
        for row, info in self.rows:
            theme.panel(surface, row, alpha=170)
            title = theme.text(surface, info.title, (row.x + 18, row.y + 8), 22, theme.INK, True)
            players = f"{info.min_players}–{info.max_players} players"
            theme.text(
                surface,
                players,
                (title.right + 16, title.bottom - 2),
                16,
                theme.GOLD,
                anchor="bottomleft",
            )
            font = theme.fonts().get(16)
            room = row.width - 290
            lines = wrap(info.summary, font, room)
            for index, line in enumerate(lines[: max(1, (row.height - 40) // 20)]):
                theme.text(
                    surface,
                    line,
                    (row.x + 18, row.y + 38 + index * 20),
                    16,
                    theme.INK_DIM,
                    font=font,
                )
        self.column.draw(surface)
