"""The view model of a table: the cards as the viewing seat sees them, and where they lie.

``TableView`` is fed only by the viewer's observation (``load``) and by the events the
animator plays (``take``/``put``): ``zones`` maps a zone name to its card codes (``"?"``
for a card the viewer may not see), ``public`` is the whole observation (scores, round,
phase ...). ``spots`` says where each zone lies on the screen; ``fan`` spreads a zone's
cards in its spot. Not for drawing (``drawing``, the table) nor the rules: nothing here
reads the game state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from cardtable.engine import HIDDEN

from ..cards import card_size


@dataclass
class Spot:
    """Where a zone's cards lie: ``rect`` is the area, ``card`` the card size.

    ``mode``: ``row`` spreads the cards left to right inside the area (overlapping when
    they must), ``stack`` piles them with a small lift, ``column`` spreads top to bottom.
    ``face_up`` False draws backs even for cards the viewer knows. ``place``, when given,
    lays out ``count`` cards itself (a pile with a fanned run on top).
    """

    rect: pygame.Rect
    card: tuple[int, int]
    mode: str = "stack"
    face_up: bool = True
    place: Callable[[Spot, int], list[pygame.Rect]] | None = None


def fan(spot: Spot, count: int) -> list[pygame.Rect]:
    """The card rects of ``count`` cards in ``spot``, bottom card first."""
    if spot.place is not None:
        return spot.place(spot, count)
    width, height = spot.card
    rects: list[pygame.Rect] = []
    if spot.mode == "row":
        step = width + max(4, width // 10)
        if count > 1:
            step = min(step, (spot.rect.width - width) / (count - 1))
        left = spot.rect.centerx - (width + step * (count - 1)) / 2 if count else 0
        top = spot.rect.centery - height // 2
        rects = [pygame.Rect(round(left + step * i), top, width, height) for i in range(count)]
    elif spot.mode == "column":
        step = height * 0.3
        if count > 1:
            step = min(step, (spot.rect.height - height) / (count - 1))
        left = spot.rect.centerx - width // 2
        rects = [
            pygame.Rect(left, round(spot.rect.y + step * i), width, height) for i in range(count)
        ]
    else:
        for index in range(count):
            rect = pygame.Rect(0, 0, width, height)
            lift = min(index, 3) * max(1, height // 60)
            rect.center = (spot.rect.centerx, spot.rect.centery - lift)
            rects.append(rect)
    return rects


class TableView:
    """What the viewer sees: ``zones`` (zone -> codes), ``public`` (the observation),
    ``arriving`` (cards counted in a zone but still in flight), ``spots`` (the layout)."""

    def __init__(self, size: Callable[[], tuple[int, int]]) -> None:
        self.size = size
        self.zones: dict[str, list[str]] = {}
        self.public: dict[str, Any] = {}
        self.arriving: dict[str, int] = {}
        self.spots: dict[str, Spot] = {}
        self.dirty = True
        self.version = 0  # counts the loads: what was shown may have changed

    def load(
        self, observation: dict[str, Any], arrange: Callable[[str, list[str]], list[str]]
    ) -> None:
        """Lay the cards out exactly as the observation says (``arrange`` orders a zone)."""
        self.public = observation
        self.zones = {}
        for name, view in observation["zones"].items():
            if "cards" in view:
                cards = list(view["cards"])
            else:
                cards = [HIDDEN] * int(view.get("count", 0))
                if cards and "top" in view:
                    cards[-1] = view["top"]
            self.zones[name] = arrange(name, cards)
        self.arriving.clear()
        self.dirty = False
        self.version += 1

    def rewind(self, events) -> None:
        """Put the cards of these moves (as the viewer saw them) back where they came
        from: the table before a deal, so the first frame shows it once, not twice."""
        for event in reversed(events):
            if event.kind == "move":
                for code in reversed(event.cards):
                    _index, shown = self.take(event.dst or "", code)
                    self.zones.setdefault(event.src or "", []).append(shown)

    def take(self, zone: str, code: str) -> tuple[int, str]:
        """Take the card a move names from ``zone``: (where it lay, what the viewer saw)."""
        cards = self.zones.setdefault(zone, [])
        if code != HIDDEN and code in cards:
            index = len(cards) - 1 - cards[::-1].index(code)
        elif HIDDEN in cards:
            index = len(cards) - 1 - cards[::-1].index(HIDDEN)
        else:
            index = max(0, len(cards) - 1)
        if not cards:
            return 0, code
        return index, cards.pop(index)

    def put(self, zone: str, code: str) -> int:
        """A card arrives (still in flight): its index in ``zone``."""
        cards = self.zones.setdefault(zone, [])
        cards.append(code)
        self.arriving[zone] = self.arriving.get(zone, 0) + 1
        return len(cards) - 1

    def landed(self, zone: str, count: int) -> None:
        self.arriving[zone] = max(0, self.arriving.get(zone, 0) - count)

    def visible(self, zone: str) -> int:
        """How many of the zone's cards are drawn in place (the rest are flying in)."""
        return len(self.zones.get(zone, [])) - self.arriving.get(zone, 0)

    # -- where cards lie --------------------------------------------------------------

    def slots(self, zone: str, count: int | None = None) -> list[pygame.Rect]:
        """Where each card of ``zone`` lies on the screen, bottom card first."""
        count = len(self.zones.get(zone, [])) if count is None else count
        spot = self.spots.get(zone)
        if spot is None:
            width, height = self.size()
            middle = pygame.Rect(0, 0, width // 4, height // 4)
            middle.center = (width // 2, height // 2)
            spot = Spot(middle, card_size(height * 0.16))
        return fan(spot, count)

    def top(self, zone: str) -> int:
        """How high ``zone``'s cards reach at most: a stack's top card lifted as far as it
        goes (four cards or more), else its place's top. A caption over it ends above."""
        spot = self.spots[zone]
        if spot.mode != "stack":
            return spot.rect.y
        return min(spot.rect.y, fan(spot, 4)[-1].top)

    def slot(self, zone: str, index: int, count: int | None = None) -> pygame.Rect:
        """Where card ``index`` of ``zone`` lies when the zone holds ``count`` cards."""
        count = len(self.zones.get(zone, [])) if count is None else count
        index = max(0, index)
        return self.slots(zone, max(count, index + 1))[index]

    def card_point(self, zone: str, index: int) -> tuple[int, int]:
        """A point on the visible part of a card (cards above may overlap it): where a
        player would click it."""
        slots = self.slots(zone)
        visible = slots[index].copy()
        for above in slots[index + 1 :]:
            if above.colliderect(visible) and above.x > visible.x:
                visible.width = min(visible.width, above.x - visible.x)
        return visible.center
