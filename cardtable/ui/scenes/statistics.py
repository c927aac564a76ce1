"""Statistics: your games per game against the bots, as ``storage`` records them: played
and won, by opponent level, the best score, the current and longest run of wins.

The file is read defensively: a damaged file is set aside by ``storage`` and reported in
one line here; a value of the wrong kind inside it shows as nothing rather than a crash.
Not for recording results (``storage.record_result``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from cardtable import storage
from cardtable.games import registry

from .. import theme
from ..widgets import Button, ButtonColumn
from .menu import MenuScene

if TYPE_CHECKING:
    from ..services import AppServices

COLUMNS = ("Played", "Won", "Win %", "Best", "Streak", "Longest")
LEVEL_ORDER = ("random", "easy", "medium", "hard", "expert", "mixed")


@dataclass
class Line:
    """One game's row."""

    title: str
    played: int = 0
    won: int = 0
    best: str = "–"
    streak: int = 0
    longest: int = 0
    levels: list[tuple[str, int, int]] = field(default_factory=list)

    def cells(self) -> tuple[str, ...]:
        if not self.played:
            return ("0", "–", "–", "–", "–", "–")
        share = f"{round(100 * self.won / self.played)}%"
        return (
            str(self.played),
            str(self.won),
            share,
            self.best,
            str(self.streak),
            str(self.longest),
        )

    def by_level(self) -> str:
        if not self.levels:
            return "no games against bots yet" if not self.played else ""
        parts = [f"{level} {won} of {played}" for level, played, won in self.levels]
        return "against " + " · ".join(parts)


def lines_from(data: dict[str, Any]) -> list[Line]:
    """A row per registered game from the statistics file's data, whatever it holds."""
    games = data.get("games") if isinstance(data.get("games"), dict) else {}
    lines = []
    for info in registry.all():
        game = games.get(info.id)
        line = Line(info.title)
        if isinstance(game, dict):
            fill(line, game)
        if not info.keeps_points:  # MEAN!: its "best score" means nothing
            line.best = "–"
        lines.append(line)
    return lines


def fill(line: Line, game: dict[str, Any]) -> None:
    yours = game.get("you")
    if isinstance(yours, dict):
        line.played, line.won = storage.whole(yours.get("played")), storage.whole(yours.get("won"))
        line.streak, line.longest = (
            storage.whole(yours.get("streak")),
            storage.whole(yours.get("longest")),
        )
        best = yours.get("best")
        if isinstance(best, int | float) and not isinstance(best, bool):
            line.best = f"{best:g}"
        levels = yours.get("levels") if isinstance(yours.get("levels"), dict) else {}
        known = [name for name in LEVEL_ORDER if name in levels]
        for name in known + sorted(set(levels) - set(known)):
            row = levels[name] if isinstance(levels[name], dict) else {}
            played = storage.whole(row.get("played"))
            if played:
                line.levels.append((str(name), played, storage.whole(row.get("won"))))
        return
    # A file from before your own record was kept: the human seats' games and wins.
    seats = game.get("seats") if isinstance(game.get("seats"), dict) else {}
    human = seats.get("human") if isinstance(seats.get("human"), dict) else {}
    line.played = storage.whole(human.get("games"))
    try:
        line.won = min(line.played, max(0, round(float(human.get("wins", 0)))))
    except (TypeError, ValueError):
        line.won = 0


class StatisticsScene(MenuScene):
    """A table of your games: a row per game, a line under it per opponent level."""

    heading = "Statistics"

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        data, self.message = storage.load_statistics()
        self.lines = lines_from(data)

    def enter(self) -> None:
        super().enter()
        if self.message:
            self.toast.show(self.message, seconds=12.0, tone=theme.GOLD)

    def first_choice(self) -> Button:
        return self.column.buttons[0]

    def build(self) -> None:
        width, height = self.app.size
        back = Button("Back", self.back)
        back.rect = pygame.Rect(0, 0, 200, 44 if height < 600 else 50)
        back.rect.midbottom = (width // 2, height - 14)
        self.column = ButtonColumn([back])

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        width, height = surface.get_size()
        top = self.draw_heading(surface, 16)
        compact = width < 1000
        size, small = (16, 13) if compact else (20, 15)
        first_w = max(190, width // 4)
        column_w = min(130, (width - 60 - first_w) // len(COLUMNS))
        table_w = first_w + column_w * len(COLUMNS)
        left = (width - table_w) // 2
        bottom = self.column.buttons[0].rect.top - 12
        row_h = min(round(size * 3.4), (bottom - top - size * 2) // max(1, len(self.lines)))
        area = pygame.Rect(
            left - 14,
            top - 8,
            table_w + 28,
            min(bottom, top + size * 2 + row_h * len(self.lines) + 8) - top + 8,
        )
        theme.panel(surface, area, alpha=170)
        for index, heading in enumerate(COLUMNS):
            x = left + first_w + column_w * index + column_w // 2
            theme.text(surface, heading, (x, top), small, theme.INK_DIM, True, "midtop")
        y = top + size * 2
        for line in self.lines:
            theme.text(surface, line.title, (left, y), size, theme.INK, True)
            for index, cell in enumerate(line.cells()):
                x = left + first_w + column_w * index + column_w // 2
                theme.text(surface, cell, (x, y), size, theme.GOLD, True, "midtop")
            font = theme.fonts().get(small)
            words = theme.fit(line.by_level(), font, table_w - 20)
            theme.text(surface, words, (left + 12, y + size + 8), 0, theme.INK_DIM, font=font)
            y += row_h
        words = (
            "Best: your best final score (the lowest where the lowest wins). A shared win counts."
        )
        if not any(line.played for line in self.lines):
            words = "Finish a game against the bots and it counts here."
        theme.text(
            surface, words, (width // 2, bottom - 4), small, theme.INK_DIM, anchor="midbottom"
        )
        self.column.draw(surface)
        self.toast.draw(surface, bottom=bottom)
