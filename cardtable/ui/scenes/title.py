"""The title: a fan of cards, Resume (a game left in progress), Play, Replays, Settings
and Quit. Not for choosing a game (``game_choice``) or the list of replays (``replays``)."""

from __future__ import annotations

import pygame

from cardtable import storage

from .. import theme
from ..cards import CardFace, CardStyle, card_size
from ..launch import record_problem
from ..widgets import Button, ButtonColumn
from .menu import MenuScene, stack_buttons


def _title_face(code: str) -> CardFace:
    palette = [(200, 60, 60), (60, 120, 210), (50, 160, 90), (220, 160, 40), (130, 80, 190)]
    return CardFace(label=code, index=code, accent=palette[int(code) % len(palette)])


TITLE_STYLE = CardStyle("title", _title_face, back_label="CARD TABLE")


class TitleScene(MenuScene):
    heading = "Card Table"

    def enter(self) -> None:
        # Every game left in progress (one per game started, by this or another copy of
        # the app), the last played first; one that cannot be read or resumed is set
        # aside with one line.
        self.games, damaged = storage.list_progress(record_problem)
        self.progress = self.games[0] if self.games else None
        super().enter()
        # A damaged settings file and a damaged saved game were set aside: say each once
        # (both, when both were), never crash.
        message = " ".join(part for part in (self.app.startup_message, damaged) if part)
        if message:
            self.toast.show(message, seconds=12.0, tone=theme.GOLD)
            self.app.startup_message = None

    def build(self) -> None:
        width, height = self.app.size
        buttons = [
            Button("Play", self.choose_game),
            Button("Join a table", self.join_table),
            Button("Replays", self.open_replays),
            Button("Statistics", self.open_statistics),
            Button("Settings", self.app.open_settings),
            Button("Quit", self.app.quit),
        ]
        if self.progress is not None:
            buttons.insert(0, Button("Resume", self.resume_game))
        self.column = ButtonColumn(buttons)
        # Below the fan of cards, but never so low that the last button leaves the window.
        top = min(int(height * 0.5), height - 40 - len(buttons) * 38)
        # As tall as fits above the line at the bottom: a small window gets slimmer buttons.
        count = len(buttons)
        button_height = max(26, min(52, (height - 50 - top) // count - 12))
        stack_buttons(self.column.buttons, width // 2, top, 280, button_height, gap=12)

    def first_choice(self) -> Button:
        return self.column.buttons[0]  # Resume, else Play

    # The screens behind the buttons are imported when first opened: the title's first
    # frame comes sooner (start-up, benchmarks/packaging.md).

    def join_table(self) -> None:
        from .join import JoinScene

        self.app.manager.push(JoinScene(self.app))

    def open_replays(self) -> None:
        from .replays import ReplaysScene

        self.app.manager.push(ReplaysScene(self.app))

    def open_statistics(self) -> None:
        from .statistics import StatisticsScene

        self.app.manager.push(StatisticsScene(self.app))

    def resume_game(self) -> None:
        """The one game in progress at once; several: the list to choose from."""
        from .resume import ELSEWHERE, ResumeScene

        if len(self.games) > 1:
            self.app.manager.push(ResumeScene(self.app, self.games))
        elif self.progress is not None and self.progress.elsewhere:
            self.toast.show(ELSEWHERE, seconds=5.0, tone=theme.GOLD)
        elif self.progress is not None:
            self.app.resume_game(self.progress)

    def resume_words(self) -> str:
        """What Resume offers, under the buttons: the game, against whom, when; or how
        many games there are to choose from."""
        from .resume import describe

        if len(self.games) > 1:
            return f"{len(self.games)} games in progress: Resume lists them"
        return "Resume: " + describe(self.progress, self.app.name_of)

    def choose_game(self) -> None:
        from .game_choice import GameChoiceScene

        self.app.manager.push(GameChoiceScene(self.app))

    def back(self) -> None:
        # Escape or Backspace here asks rather than quits: a player backing out of the
        # screens, or mending a typo, lands on Quit and Enter is the answer.
        self.column.focus_on(len(self.column.buttons) - 1)
        self.toast.show("Quit Card Table? Press Enter to quit")

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        width, height = surface.get_size()
        # The name above the buttons and a fan of cards above the name; in a short window
        # with Resume among the buttons both move up and the fan shrinks, so the buttons
        # never cover the name.
        title_size = max(30, min(64, height // 11))
        heading = min(int(height * 0.38), self.column.buttons[0].rect.top - title_size - 10)
        fan = min(height * 0.24, (heading - 12) * 0.8)
        size = card_size(fan)
        middle = min(height * 0.2, heading - fan * 0.55 - 10)
        for index, code in enumerate(["3", "7", "12", "5", "15"]):
            angle = (index - 2) * 11
            image = self.app.cards.image(TITLE_STYLE, code, size)
            turned = pygame.transform.rotozoom(image, -angle, 1.0)
            x = width // 2 + (index - 2) * size[0] * 0.55
            y = middle + abs(index - 2) * size[1] * 0.06
            surface.blit(turned, turned.get_rect(center=(round(x), round(y))))
        theme.text(
            surface,
            "Card Table",
            (width // 2, heading),
            title_size,
            theme.INK,
            True,
            "midtop",
        )
        self.column.draw(surface)
        if self.column.buttons[-1].rect.bottom < height - 24:  # room left under the buttons
            words = "Card games against bots, or with friends at one computer or across a network"
            if self.progress is not None:
                words = self.resume_words()
            words, font = theme.fitting(words, 16, width - 24, smallest=12)
            theme.text(
                surface,
                words,
                (width // 2, height - 8),
                0,
                theme.INK if self.progress is not None else theme.INK_DIM,
                anchor="midbottom",
                font=font,
            )
        # Over the fan of cards, never over the buttons (its question may be about Quit).
        self.toast.draw(surface, top=16)
