"""A seat's place at the table, game-agnostic: the seats placed round the table, each box
cut into the name plate and the room for its cards, and a key drawn as a key cap (the key
that slaps for a seat).

The plate itself is drawn by ``TableScene.draw_plate`` (``drawing.plate``); what a game
writes on it (a score, a card count) is the table's. Not for where the seats go
(``layout.seat_layout``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from ... import theme
from ...layout import SeatLayout, seat_layout
from ..drawing import TOP_BAR

if TYPE_CHECKING:
    from ..view import TableView


class SeatsDoor(Protocol):
    """What placing the seats touches of a table: how many play, who sits at the bottom,
    and where the seat boxes, plates and spots are kept (it starts them afresh)."""

    players: int
    seat_boxes: SeatLayout | None
    plates: dict[int, pygame.Rect]
    view: TableView

    def bottom_seat(self) -> int: ...


Colour = tuple[int, int, int]


def place_seats(
    table: SeatsDoor,
    size: tuple[int, int],
    bottom_height: float,
    box: tuple[float, float],
    top: int = TOP_BAR,
) -> SeatLayout:
    """The seats round the table, the bottom one's strip ``bottom_height`` high, the others'
    boxes at most ``box`` (``layout.seat_layout``), below the top bar (``top``), kept as
    ``table.seat_boxes``; the table's ``plates`` and ``view.spots`` start afresh for its
    layout to fill."""
    seats = seat_layout(
        table.players, table.bottom_seat(), size, bottom_height, box, top_reserved=top
    )
    table.seat_boxes, table.plates, table.view.spots = seats, {}, {}
    return seats


def split_seat(
    box: pygame.Rect, bottom: bool, plate: tuple[int, int], gap: int, top: int = 0
) -> tuple[pygame.Rect, pygame.Rect]:
    """A seat's ``box`` cut into its name plate and the room for its cards. At the bottom
    the plate (``plate`` wide and high, ``top`` below the box's top) stands at the left
    and the cards fill the box's height right of it, ``gap`` away; elsewhere the plate runs
    across the top, ``plate[1]`` high, and the cards fill what is left under it."""
    if bottom:
        name = pygame.Rect(box.x, box.y + top, *plate)
        return name, pygame.Rect(name.right + gap, box.y, box.right - name.right - gap, box.h)
    name = pygame.Rect(box.x, box.y, box.width, plate[1])
    return name, pygame.Rect(box.x, name.bottom + gap, box.width, box.bottom - name.bottom - gap)


def key_cap(
    surface: pygame.Surface,
    words: str,
    midleft: tuple[int, int],
    size: int,
    right: int,
    edge: Colour,
) -> None:
    """A key drawn as a key cap (shadowed, light, edged in ``edge``), its words cut to
    end before ``right``."""
    font = theme.fonts().get(size, bold=True)
    words = theme.fit(words, font, right - midleft[0] - 12)
    cap = theme.render(font, words, (30, 30, 30))
    box = cap.get_rect(midleft=(midleft[0] + 5, midleft[1])).inflate(10, 4)
    pygame.draw.rect(surface, (90, 86, 76), box.move(0, 2), border_radius=5)
    pygame.draw.rect(surface, (236, 232, 218), box, border_radius=5)
    pygame.draw.rect(surface, edge, box, 2, border_radius=5)
    surface.blit(cap, cap.get_rect(center=box.center))


def stripe(surface: pygame.Surface, plate: pygame.Rect, colour: Colour) -> None:
    """A seat's own colour as a stripe down the left of its plate."""
    bar = (plate.x + 3, plate.y + 8, 5, plate.height - 16)
    pygame.draw.rect(surface, colour, bar, border_radius=3)
