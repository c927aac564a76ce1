"""The results of a finished game: the ranking and the scores as the engine gives them;
Play again (through the app, which knows the tables) or Menu. Not for a score sheet
between the hands of a match (the table's own)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from .. import theme
from ..launch import Launch
from ..widgets import Button, ButtonColumn
from .menu import MenuScene

if TYPE_CHECKING:
    from ..app import App


class ResultsScene(MenuScene):
    """The ranking and the scores, as the engine gives them; Play again or Menu."""

    def __init__(
        self, app: App, launch: Launch, names: list[str], result: dict[str, Any], title: str
    ) -> None:
        super().__init__(app)
        self.launch = launch
        self.names = names
        self.result = result
        self.heading = f"{title}: results"
        self.lines: list[tuple[str, str, str]] = []
        ranking = result.get("ranking") or []
        scores = result.get("scores") or []
        place = 1
        for seats in ranking:
            # A shared place is written "=2nd", as score sheets do, so it fits the column.
            shared = "=" if len(seats) > 1 else ""
            for seat in seats:
                self.lines.append((f"{shared}{_ordinal(place)}", names[seat], str(scores[seat])))
            place += len(seats)  # two share 1st: the next is 3rd

    def build(self) -> None:
        width, height = self.app.size
        again = Button("Play again", self.play_again)
        menu = Button("Menu", self.app.show_title)
        for index, button in enumerate((again, menu)):
            button.rect = pygame.Rect(0, 0, 220, 54)
            button.rect.midbottom = (width // 2 + (index * 2 - 1) * 125, height - 30)
        self.column = ButtonColumn([again, menu])

    def play_again(self) -> None:
        self.app.play_again(self.launch)

    def back(self) -> None:
        self.app.show_title()

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        width, height = surface.get_size()
        top = self.draw_heading(surface, 30)
        winners = [self.names[seat] for seat in (self.result.get("ranking") or [[]])[0]]
        if winners:
            headline = (
                f"{winners[0]} wins!"
                if len(winners) == 1
                else (" and ".join(winners) + " share the win!")
            )
            theme.text(surface, headline, (width // 2, top), 26, theme.GOLD, True, "midtop")
            top += 44
        box = pygame.Rect(0, 0, min(620, width - 40), 56 + 46 * len(self.lines))
        box.midtop = (width // 2, top + 10)
        theme.panel(surface, box)
        theme.text(surface, "Place", (box.x + 30, box.y + 16), 18, theme.INK_DIM, True)
        theme.text(surface, "Player", (box.x + 200, box.y + 16), 18, theme.INK_DIM, True)
        theme.text(
            surface, "Score", (box.right - 30, box.y + 16), 18, theme.INK_DIM, True, "topright"
        )
        for index, (place, name, score) in enumerate(self.lines):
            y = box.y + 52 + index * 46
            colour = theme.GOLD if place.lstrip("=") == "1st" else theme.INK
            theme.text(surface, place, (box.x + 30, y), 24, colour, True)
            theme.text(surface, name, (box.x + 200, y), 24, colour)
            theme.text(surface, score, (box.right - 30, y), 24, colour, True, "topright")
        self.column.draw(surface)


def _ordinal(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")
