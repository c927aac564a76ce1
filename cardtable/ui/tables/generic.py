"""The fallback table for a game without its own: every zone of the observation drawn in a
plain way, and the legal actions offered as buttons.

It makes every registered game playable (and ``--smoke`` work) before its real table
exists. Not for a finished game's look.
"""

from __future__ import annotations

import pygame

from .. import theme
from ..cards import card_size
from ..layout import seat_layout
from ..widgets import Button
from .base import TOP_BAR, Spot, TableScene


class GenericTable(TableScene):
    def __init__(self, app, launch) -> None:
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
            plate = pygame.Rect(box.x, box.y, box.width, 32)
            self.plates[seat] = plate
            self.place_zones(
                seat_zones[seat], pygame.Rect(box.x, plate.bottom + 16, box.width, box.height - 48)
            )
        self.place_zones(shared, seats.center.inflate(-20, -60))
        self.action_buttons = []

    def place_zones(self, names: list[str], area: pygame.Rect) -> None:
        if not names:
            return
        rows = len(names)
        row_h = area.height / rows
        card = card_size(max(16, min(row_h - 18, area.height * 0.5)))
        for index, name in enumerate(names):
            rect = pygame.Rect(
                area.x, round(area.y + index * row_h + 16), area.width, max(card[1], 10)
            )
            mode = "row" if name.startswith(("hand", "play", "won", "build", "store")) else "stack"
            self.spots[name] = Spot(rect, card, mode)
            self.labels[name] = rect

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
            theme.text(surface, name, (rect.x + 4, rect.y - 15), 13, theme.INK_DIM)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        for button in self.action_buttons:
            button.draw(surface)
