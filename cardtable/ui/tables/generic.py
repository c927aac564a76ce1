"""The fallback table for a game without its own: every zone of the observation drawn in a
plain way, and the legal actions offered as buttons.

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
from ..widgets import Button
from .base import TOP_BAR, Spot, TableScene

if TYPE_CHECKING:
    from ..app import App


class GenericTable(TableScene):
    def __init__(self, app: App, launch: Launch) -> None:
        super().__init__(app, launch)
        self.action_buttons: list[Button] = []
        self.labels: dict[str, pygame.Rect] = {}
        self.plates: dict[int, pygame.Rect] = {}

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        players = self.state.players
        bottom = self.viewer if self.viewer is not None else 0
        seats = seat_layout(
            players,
            bottom,
            size,
            bottom_height=height * 0.3,
            box=(width * 0.24, height * 0.26),
            top_reserved=TOP_BAR,
        )
        self.spots = {}
        self.labels = {}
        self.plates = {}
        zones = sorted(self.state.zones())
        seat_zones: dict[int, list[str]] = {seat: [] for seat in range(players)}
        shared: list[str] = []
        for name in zones:
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
            if seats.sides[seat] == "bottom":
                body.height -= 46  # room for the action buttons along the bottom
            self.place_rows(seat_zones[seat], body)
        self.place_columns(shared, seats.center.inflate(-20, -20))
        self.action_buttons = []

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
            self.spots[name] = Spot(row.copy(), card, self.zone_mode(name))
            self.labels[name] = pygame.Rect(area.x, row.y, label_w, row.height)

    def place_columns(self, names: list[str], area: pygame.Rect) -> None:
        """The shared zones side by side in the middle, each named above its cards."""
        if not names:
            return
        column_w = area.width / len(names)
        card = card_size(max(16, min(area.height - 50, column_w * 1.2)))
        for index, name in enumerate(names):
            column = pygame.Rect(
                round(area.x + index * column_w), area.y + 22, round(column_w) - 8, card[1]
            )
            self.spots[name] = Spot(column, card, self.zone_mode(name))
            self.labels[name] = pygame.Rect(column.x, area.y, column.width, 20)

    @staticmethod
    def zone_mode(name: str) -> str:
        return "row" if name.startswith(("hand", "won", "store", "coins")) else "stack"

    def actions(self) -> list[str]:
        return sorted(self.legal_codes())

    def update(self, dt: float) -> None:
        super().update(dt)
        codes = self.actions() if not self.queue.busy else []
        if [b.label for b in self.action_buttons] != codes:
            width, height = self.app.size
            self.action_buttons = []
            for index, code in enumerate(codes[:24]):
                button = Button(code, self._act(code), size=15)
                button.rect = pygame.Rect(0, 0, 130, 34)
                button.rect.topleft = (12 + (index % 8) * 138, height - 40 - (index // 8) * 40)
                self.action_buttons.append(button)

    def _act(self, code: str):
        def act() -> None:
            if self.viewer is not None:
                reason = self.perform(self.viewer, code)
                if reason:
                    self.refuse(reason)

        return act

    def on_click(self, pos: tuple[int, int]) -> bool:
        return False

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.action_buttons:
            if button.handle(event):
                return
        super().handle(event)

    def draw_table(self, surface: pygame.Surface) -> None:
        scores = self.public.get("scores")
        for seat, plate in self.plates.items():
            detail = f"{scores[seat]}" if isinstance(scores, list) and seat < len(scores) else ""
            self.draw_plate(surface, seat, plate, detail)
        for name, rect in self.labels.items():
            theme.text(
                surface, name, (rect.x + 4, rect.centery), 13, theme.INK_DIM, anchor="midleft"
            )

    def draw_overlay(self, surface: pygame.Surface) -> None:
        for button in self.action_buttons:
            button.draw(surface)
