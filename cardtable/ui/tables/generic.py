"""The fallback table for a game without its own: every zone of the observation drawn in a
plain way, and the legal actions offered in the in-table chooser.

It makes every registered game playable (and ``--smoke`` work) before its real table
exists. Not for a finished game's look.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..cards import card_size
from ..launch import Launch
from ..layout import seat_layout
from .base import TOP_BAR, Spot, TableScene

if TYPE_CHECKING:
    from ..services import AppServices


#: The most moves the chooser offers at once (a fallback table; a game's own table lets
#: every move be made with cards).
MOST = 24


class GenericTable(TableScene):
    def __init__(self, app: AppServices, launch: Launch, match=None) -> None:
        super().__init__(app, launch, match)
        self.offered = 0
        self.labels: dict[str, pygame.Rect] = {}
        self.plates: dict[int, pygame.Rect] = {}
        self.centre = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        players = self.players
        seats = seat_layout(
            players,
            self.bottom_seat(),
            size,
            bottom_height=height * 0.3,
            box=(width * 0.24, height * 0.26),
            top_reserved=TOP_BAR,
        )
        self.view.spots = {}
        self.labels = {}
        self.plates = {}
        self.centre = seats.center
        seat_zones: dict[int, list[str]] = {seat: [] for seat in range(players)}
        shared: list[str] = []
        for name in sorted(self.client.view["zones"]):
            parts = name.split(":")
            if len(parts) >= 2 and parts[1].isdigit() and int(parts[1]) < players:
                seat_zones[int(parts[1])].append(name)
            else:
                shared.append(name)
        for seat in range(players):
            box = seats.boxes[seat]
            plate = pygame.Rect(box.x, box.y, box.width, 40)
            self.plates[seat] = plate
            body = pygame.Rect(box.x, plate.bottom + 6, box.width, box.height - 46)
            self.place_rows(seat_zones[seat], body)
        self.place_columns(shared, seats.center.inflate(-20, -20))

    def place_rows(self, names: list[str], area: pygame.Rect) -> None:
        """A seat's zones one under another, each with its name on the left."""
        if not names:
            return
        row_h = area.height / len(names)
        card = card_size(max(16, min(row_h - 6, area.height * 0.6)))
        label_w = 76
        for index, name in enumerate(names):
            row = pygame.Rect(
                area.x + label_w, round(area.y + index * row_h), area.width - label_w, card[1]
            )
            if self.zone_mode(name) == "stack":
                row.width = card[0] + 4
            self.view.spots[name] = Spot(row.copy(), card, self.zone_mode(name))
            self.labels[name] = pygame.Rect(area.x, row.y, label_w, row.height)

    def place_columns(self, names: list[str], area: pygame.Rect) -> None:
        """The shared zones side by side in the middle, each named above its cards."""
        if not names:
            return
        column_w = area.width / len(names)
        card = card_size(max(16, min(area.height * 0.45, column_w * 1.2)))
        for index, name in enumerate(names):
            column = pygame.Rect(
                round(area.x + index * column_w), area.y + 22, round(column_w) - 8, card[1]
            )
            self.view.spots[name] = Spot(column, card, self.zone_mode(name))
            self.labels[name] = pygame.Rect(column.x, area.y, column.width, 20)

    @staticmethod
    def zone_mode(name: str) -> str:
        return "row" if name.startswith(("hand", "won", "store", "coins")) else "stack"

    def asks(self, legal: list[str]) -> list[str]:
        # No drags here: every legal action is an option of the chooser (as many as fit).
        self.offered = len(legal)
        return legal[:MOST]

    def question(self, codes: list[str]) -> str:
        shown = len(codes)
        return "Your move" if shown >= self.offered else f"Your move ({shown} of {self.offered})"

    def chooser_area(self) -> pygame.Rect:
        area = self.centre.copy()
        area.height -= area.height // 3
        area.bottom = self.centre.bottom
        return area

    def draw_table(self, surface: pygame.Surface) -> None:
        scores = self.public.get("scores")
        for seat, plate in self.plates.items():
            detail = f"{scores[seat]}" if isinstance(scores, list) and seat < len(scores) else ""
            self.draw_plate(surface, seat, plate, detail)
        for name, rect in self.labels.items():
            theme.text(
                surface, name, (rect.x + 4, rect.centery), 13, theme.INK_DIM, anchor="midleft"
            )
