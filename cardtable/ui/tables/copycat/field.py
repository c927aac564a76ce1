"""The field at the Copy Cat table: the original play, then each copy laid beside it as
a small fan per player, with who played what named under each group.

Kept as shown while events play out (the observation catches up after). Not for which
plays are legal (the engine) nor the rest of the table's layout (``table``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from cardtable.engine import Event

from ... import theme
from .. import drawing
from ..view import Spot

if TYPE_CHECKING:
    from ..view import TableView


class FieldDoor(Protocol):
    """What the field touches of the Copy Cat table: the cards (``view``) and the names it
    says who played in (``says``)."""

    view: TableView

    def says(self, seat: int, verb: str) -> str: ...


FAN = 0.34  # how far each card of a group on the field sits right of the one before


class Field:
    """The field's groups as shown: ``(seat, cards, copy)`` each, the original first."""

    def __init__(self, table: FieldDoor) -> None:
        self.table = table
        self.groups: list[tuple[int, int, bool]] = []

    def synced(self, field: dict) -> None:
        """The view was loaded: the groups as observed."""
        self.groups = [
            (int(play["seat"]), len(play["cards"]), bool(play["copy"]))
            for play in field.get("plays", [])
        ]

    def moving(self, events: list[Event]) -> None:
        """Cards start flying: a play or a copy adds its group, a sweep empties the field."""
        for event in events:
            if event.src == "field":
                self.groups = []
            if event.dst == "field" and event.seat is not None:
                self.groups.append((event.seat, len(event.cards), bool(self.groups)))

    def place(self, spot: Spot, count: int) -> list[pygame.Rect]:
        """Where the field's cards lie (``Spot(place=...)``): the original play, then each
        copy beside it, a small fan per player. Squeezed to fit: first the fans and gaps
        close up, then, if the groups still overflow the field (four or five players each
        laying cards), every card shrinks alike, standing on the field's bottom line so
        the names under the groups stay put."""
        groups = self.groups_for(count)
        sizes = [size for _seat, size, _copy in groups]
        width, height = spot.card
        fan, gap = round(width * FAN), round(width * 0.3)

        def span(width: int, fan: int, gap: int) -> int:
            return sum(width + fan * (size - 1) for size in sizes) + gap * max(0, len(sizes) - 1)

        room = spot.rect.width
        if span(width, fan, gap) > room and len(groups) > 1:
            squeeze = room / span(width, fan, gap)
            fan, gap = max(6, round(fan * squeeze)), max(4, round(gap * squeeze))
        if span(width, fan, gap) > room:
            # Cards, fans and gaps shrink together, no smaller than half size.
            scale = max(0.5, room / span(width, fan, gap))
            width, height = max(1, int(width * scale)), max(1, int(height * scale))
            fan, gap = max(3, int(fan * scale)), max(2, int(gap * scale))
        total = span(width, fan, gap)
        x, y = spot.rect.centerx - total // 2, spot.rect.bottom - height
        rects = []
        for size in sizes:
            for index in range(size):
                rects.append(pygame.Rect(x + index * fan, y, width, height))
            x += width + fan * (size - 1) + gap
        return rects[:count]

    def groups_for(self, count: int) -> list[tuple[int, int, bool]]:
        """The field's groups as shown, covering ``count`` cards."""
        groups = list(self.groups)
        shown = sum(size for _seat, size, _copy in groups)
        if shown < count:
            groups.append((-1, count - shown, True))
        while groups and shown > count:
            seat, size, copy = groups.pop()
            shown -= size
            if shown < count:
                groups.append((seat, count - shown, copy))
                shown = count
        return groups

    def draw_names(self, surface: pygame.Surface) -> None:
        """Who played what: a name under each group of the field."""
        table = self.table
        spot = table.view.spots["field"]
        rects = table.view.slots("field")
        at = 0
        for seat, size, copy in self.groups_for(len(rects)):
            group = rects[at : at + size]
            at += size
            if seat < 0 or not group:
                continue
            below = (group[0].left + (group[-1].right - group[0].left) // 2, spot.rect.bottom + 2)
            words = table.says(seat, "copy" if copy else "play")
            ink = theme.INK if copy else theme.GOLD
            # No wider than its group (and half a gap each side): the names never overlap.
            room = max(40, group[-1].right - group[0].left)
            drawing.label_box(surface, words, below, 13, ink=ink, anchor="midtop", width=room)
