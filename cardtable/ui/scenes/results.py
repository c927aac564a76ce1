"""The results of a finished game: the ranking, and per player what decided their place
from the engine's ``Result``: the score, or the words the game's table gives its typed
outcome (``OutcomeWords``: for MEAN!, which keeps no points, who went out, the cards left,
a loss on an Eight); Play again (through the app, which knows the tables) or Menu. Not for
a score sheet between the hands of a match (the table's own).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from cardtable.games import registry

from .. import theme
from ..launch import Launch
from ..widgets import Button, ButtonColumn
from .menu import MenuScene

if TYPE_CHECKING:
    from ..services import AppServices


def _ordinal(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


class ResultsScene(MenuScene):
    """The ranking with a score (or what decided it) per player; Play again or Menu."""

    def __init__(
        self, app: AppServices, launch: Launch, names: list[str], result: dict[str, Any], title: str
    ) -> None:
        super().__init__(app)
        self.launch = launch
        self.names = names
        self.result = result
        self.heading = f"{title}: results"
        detail = result.get("detail") or {}
        ranking = result.get("ranking") or []
        scores = result.get("scores") or []
        # A game whose score means nothing to a player (MEAN! ranks, it does not count)
        # says what decided each place: its table's words for the game's typed outcome.
        words = app.outcome_words(launch.game_id)
        outcome = registry.get(launch.game_id).vocabulary.outcome_of(detail)
        if words is None or outcome is None:
            self.last_column, self.note = "Score", ""
        else:
            self.last_column, self.note = words.heading, words.note(outcome, names)
        self.lines: list[tuple[str, str, str]] = []
        place = 1
        for seats in ranking:
            # A shared place is written "=2nd", as score sheets do, so it fits the column.
            shared = "=" if len(seats) > 1 else ""
            for seat in seats:
                if words is None or outcome is None:
                    said = str(scores[seat])
                else:
                    said = words.place(outcome, seat)
                self.lines.append((f"{shared}{_ordinal(place)}", names[seat], said))
            place += len(seats)  # two share 1st: the next is 3rd
        self.box = pygame.Rect(0, 0, 0, 0)
        self.row_height = 46

    def build(self) -> None:
        width, height = self.app.size
        compact = height < 600
        again = Button("Play again", self.play_again)
        menu = Button("Menu", self.app.show_title)
        button_height, margin = (44, 14) if compact else (54, 30)
        for index, button in enumerate((again, menu)):
            button.rect = pygame.Rect(0, 0, 220, button_height)
            button.rect.midbottom = (width // 2 + (index * 2 - 1) * 125, height - margin)
        self.column = ButtonColumn([again, menu])
        # The table of places: rows as tall as fit between the headline and the buttons.
        self.heading_y = 16 if compact else 30
        heading_size = max(28, min(56, height // 13))
        self.headline_y = self.heading_y + heading_size + 20
        top = self.headline_y + 34 + (24 if self.note else 0)
        header = 32 if compact else 52
        room = again.rect.top - 12 - top - header - 10
        self.row_height = max(22, min(46, room // max(1, len(self.lines))))
        self.box = pygame.Rect(0, 0, max(0, min(720, width - 40)), 0)
        self.box.height = header + 10 + self.row_height * len(self.lines)
        self.box.midtop = (width // 2, top)
        self.header = header

    def first_choice(self) -> Button:
        return self.column.buttons[0]  # Play again

    def play_again(self) -> None:
        self.app.play_again(self.launch)

    def back(self) -> None:
        self.app.show_title()

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        width, _ = surface.get_size()
        self.draw_heading(surface, self.heading_y)
        winners = [self.names[seat] for seat in (self.result.get("ranking") or [[]])[0]]
        if winners:
            headline = (
                f"{winners[0]} wins!"
                if len(winners) == 1
                else (" and ".join(winners) + " share the win!")
            )
            theme.text(
                surface, headline, (width // 2, self.headline_y), 26, theme.GOLD, True, "midtop"
            )
        if self.note:
            font = theme.fonts().get(17)
            note = theme.fit(self.note, font, width - 40)
            spot = (width // 2, self.headline_y + 36)
            theme.text(surface, note, spot, 17, theme.INK, anchor="midtop", font=font)
        box = self.box
        theme.panel(surface, box)
        size = max(16, min(24, self.row_height - 20))
        heading_y = box.y + (10 if self.header < 52 else 16)
        name_x = box.x + max(90, box.width // 4)
        theme.text(surface, "Place", (box.x + 24, heading_y), 18, theme.INK_DIM, True)
        theme.text(surface, "Player", (name_x, heading_y), 18, theme.INK_DIM, True)
        theme.text(
            surface,
            self.last_column,
            (box.right - 24, heading_y),
            18,
            theme.INK_DIM,
            True,
            "topright",
        )
        for index, (place, name, outcome) in enumerate(self.lines):
            y = box.y + self.header + index * self.row_height
            colour = theme.GOLD if place.lstrip("=") == "1st" else theme.INK
            theme.text(surface, place, (box.x + 24, y), size, colour, True)
            shown = theme.text(
                surface, outcome, (box.right - 24, y), size, colour, True, "topright"
            )
            font = theme.fonts().get(size)
            name_room = shown.left - 12 - name_x
            theme.text(
                surface, theme.fit(name, font, name_room), (name_x, y), size, colour, font=font
            )
        self.column.draw(surface)
