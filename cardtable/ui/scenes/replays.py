"""Replays: the finished games kept as match records (``storage.list_saves``), newest
first, each with its game, date, players and result; choosing one opens it at its table
to step through (``tables.replay``). A damaged record is set aside and said in one line,
and the list goes on. Not for stepping through a game (the table does that).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import pygame

from cardtable import storage
from cardtable.engine import MatchRecord
from cardtable.games import registry

from .. import theme
from ..launch import Launch, seat_names, seats_problem
from ..widgets import Button, ButtonColumn
from .menu import MenuScene

#: The newest records listed (older ones stay on disk).
MOST = 60


@dataclass
class Entry:
    """One finished game in the list."""

    record: MatchRecord
    words: str


def describe(record: MatchRecord, path: Path, names: list[str]) -> str:
    """ "Copy Cat · 26 Nov 04:50 · You, Ada (hard) · Ada won · Ada 12, You 0"; a game
    without points (MEAN!) says only who won."""
    info = registry.get(record.game_id)
    when = time.strftime("%d %b %H:%M", time.localtime(path.stat().st_mtime))
    players = ", ".join(
        name if kind == "human" else f"{name} ({kind})"
        for name, kind in zip(names, record.seats, strict=False)
    )
    result = registry.replay(record).result
    if result is None:
        outcome = "not finished"
    else:
        outcome = " and ".join(names[seat] for seat in result.winners) + " won"
        if info.keeps_points:  # a game that only ranks (MEAN!) shows no numbers
            # Each score with its player's name, best place first: "Ada 18, Bo 14, You 8".
            ranked = [seat for group in result.ranking for seat in group]
            outcome += " · " + ", ".join(f"{names[s]} {result.scores[s]}" for s in ranked)
    return f"{info.title} · {when} · {players} · {outcome}"


def read_entries(name_of) -> tuple[list[Entry], list[str]]:
    """The listed records and one line per record that could not be read."""
    entries: list[Entry] = []
    problems: list[str] = []
    for path in storage.list_saves()[:MOST]:
        record, message = storage.load_match(path)
        if record is None:
            problems.append(message or f"Could not read {path.name}.")
            continue
        problem = seats_problem(record)  # its moves: ``describe`` replays them below
        try:
            if problem is None:
                names = seat_names(Launch.of(record), name_of)
                entries.append(Entry(record, describe(record, path, names)))
                continue
        except Exception as error:  # a record the rules refuse: one line, the list goes on
            problem = str(error).rstrip(".")
        problems.append(set_aside(path, problem))
    return entries, problems


def set_aside(path: Path, problem: str) -> str:
    """A record that reads but cannot be replayed is set aside like a damaged one (not
    deleted), so the list does not say so again each time; its one line."""
    damaged = storage.Damaged(problem)
    damaged.wording = "cannot be replayed"
    said = storage.report_damaged(path, f"save {path.name}", damaged, "nothing else changed")
    return said or f"Your save {path.name} cannot be replayed ({problem})."


class ReplaysScene(MenuScene):
    heading = "Replays"
    empty = "No finished games yet: each game you finish is kept here."

    def enter(self) -> None:
        self.entries, problems = read_entries(self.app.name_of)
        self.offset = 0
        super().enter()
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            self.toast.show(problems[0] + more, seconds=12.0, tone=theme.GOLD)

    def build(self) -> None:
        width, height = self.app.size
        back = Button("Back", self.back)
        back.rect = pygame.Rect(0, 0, 200, 44)
        back.rect.midbottom = (width // 2, height - 20)
        self.top = max(80, height // 7)
        self.row_h = 46
        self.rows = max(1, (back.rect.top - 16 - self.top) // self.row_h)
        buttons = [
            Button(entry.words, self._opener(entry.record), size=16) for entry in self.entries
        ]
        self.column = ButtonColumn([*buttons, back])
        self.place()

    def place(self) -> None:
        """Show the rows from ``offset`` on; the focused row is always among them."""
        width = self.app.size[0]
        focus = self.column.focus
        if 0 <= focus < len(self.entries):
            self.offset = min(focus, max(self.offset, focus - self.rows + 1))
        for index, button in enumerate(self.column.buttons[: len(self.entries)]):
            row = index - self.offset
            button.rect = pygame.Rect(0, 0, min(1000, width - 40), self.row_h - 8)
            button.rect.midtop = (width // 2, self.top + row * self.row_h)
            if not 0 <= row < self.rows:
                button.rect.y = -10_000  # scrolled away: neither drawn nor clicked

    def first_choice(self) -> Button:
        return self.column.buttons[0]

    def _opener(self, record: MatchRecord):
        return lambda: self.app.open_replay(record)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.entries:
            self.offset = max(0, min(len(self.entries) - self.rows, self.offset - event.y))
            self.column.focus_on(-1)
        else:
            super().handle(event)
        self.place()

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        self.draw_heading(surface, 20)
        if not self.entries:
            theme.text(
                surface, self.empty, (surface.get_width() // 2, self.top + 20), 20, anchor="midtop"
            )
        self.column.draw(surface)
        self.toast.draw(surface, bottom=self.column.buttons[-1].rect.top - 8)  # over Back
