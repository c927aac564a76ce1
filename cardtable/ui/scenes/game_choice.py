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
        back = Button("Back", self.back)
        back.rect = pygame.Rect(0, 0, 200, 48)
        back.rect.midbottom = (width // 2, height - 24)
        top = max(90, height // 7)
        # The rows share what lies between the heading and Back, so a short window still
        # shows each game's summary; one too short for that (five games at 640x400) lifts
        # the heading and shows each game's title and players only.
        count = max(1, len(self.games))
        self.compact = (back.rect.top - 10 - top) // count < 58
        if self.compact:
            top = 58
        row_h = max(34, min(96, (back.rect.top - 8 - top) // count))
        gap = 10 if not self.compact else 6
        row_w = min(900, width - 60)
        for index, info in enumerate(self.games):
            row = pygame.Rect(0, 0, row_w, row_h - gap)
            row.midtop = (width // 2, top + index * row_h)
            self.rows.append((row, info))
            button_h = min(48, row.height - (20 if not self.compact else 10))
            play = Button("Play", self._chooser(info), size=20)
            play.rect = pygame.Rect(row.right - 250, 0, 120, button_h)
            rules = Button("Rules", self._rules(info), size=18)
            rules.rect = pygame.Rect(row.right - 120, 0, 108, button_h)
            play.rect.centery = rules.rect.centery = row.centery
            self.play_buttons[info.id] = play
            buttons += [play, rules]
        self.column = ButtonColumn([*buttons, back])

    def first_choice(self) -> Button:
        return self.play_buttons[self.games[0].id]

    def _chooser(self, info: GameInfo) -> Callable[[], None]:
        return lambda: self.app.manager.push(SetupScene(self.app, info))

    def _rules(self, info: GameInfo) -> Callable[[], None]:
        return lambda: self.app.manager.push(RulesScene(self.app, info))

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        self.draw_heading(surface, 12 if self.compact else 24)
        for row, info in self.rows:
            theme.panel(surface, row, alpha=170)
            title_at = (row.x + 18, row.centery - 14) if self.compact else (row.x + 18, row.y + 8)
            title = theme.text(surface, info.title, title_at, 22, theme.INK, True)
            players = f"{info.min_players}–{info.max_players} players"
            room = self.play_buttons[info.id].rect.left - 8 - (title.right + 16)
            if theme.fonts().get(16).size(players)[0] > room:
                players = f"{info.min_players}–{info.max_players}"
            theme.text(
                surface,
                players,
                (title.right + 16, title.bottom - 2),
                16,
                theme.GOLD,
                anchor="bottomleft",
            )
            if self.compact:
                continue  # no room for the summary: Rules has it
            font = theme.fonts().get(16)
            room = row.width - 290
            lines = wrap(info.summary, font, room)
            shown = lines[: max(1, (row.height - 40) // 20)]
            if len(shown) < len(lines):
                shown[-1] = theme.fit(shown[-1] + " …", font, room)  # there is more
            for index, line in enumerate(shown):
                theme.text(
                    surface,
                    line,
                    (row.x + 18, row.y + 38 + index * 20),
                    16,
                    theme.INK_DIM,
                    font=font,
                )
        self.column.draw(surface)
