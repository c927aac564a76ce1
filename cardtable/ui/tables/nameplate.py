"""A seat's name plate as the table shows it: its name, who plays it (a bot and its
level, a human, "your seat"), whether it is to act or thinking, and what the game writes
on it (``detail``, ``corner`` words). Drawn by ``drawing.plate``; asked for by a table's
``draw_plate``. Not for where the plates go (``parts.plates.place_seats``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from .. import theme
from ..launch import REMOTE
from . import drawing

if TYPE_CHECKING:
    from .animator import Animator
    from .match import SeatController


class NameplateDoor(Protocol):
    """What a name plate reads of its table: the seats (names, bots, humans), whose turn
    it is (``public``), who is thinking, the viewer (whose seat is "your seat"), the clock
    the thinking dots run on and the animator it waits for."""

    seats: list[SeatController]
    public: dict[str, Any]
    viewer: int | None
    clock: float
    animator: Animator
    client: Any  # ``SeatClient``: who is away, whose seat a bot stands in for

    def is_thinking(self, seat: int) -> bool: ...


def plate(
    table: NameplateDoor,
    surface: pygame.Surface,
    seat: int,
    rect: pygame.Rect,
    detail: str = "",
    corner: str = "",
) -> pygame.Rect | None:
    """A seat's name plate, with who plays it and whether it is to act or thinking, and
    ``corner`` words (``drawing.plate``); where they lie."""
    controller = table.seats[seat]
    to_act = seat in table.public.get("to_act", []) and not table.animator.busy
    kind = f"Bot · {controller.kind}"
    if controller.human:
        kind = "your seat" if seat == table.viewer else "Human"
    if seat in table.client.stand_ins:
        kind = "a bot for now"
    elif seat in table.client.away:
        kind = "reconnecting…"
    elif controller.kind == REMOTE:
        kind = "Remote player"
    colour = theme.INK_DIM
    if table.is_thinking(seat) and not table.animator.busy:
        kind, colour = "thinking" + "." * (1 + int(table.clock * 3) % 3), theme.GOLD
    elif to_act and controller.human:
        kind, colour = ("your turn" if seat == table.viewer else "to play"), theme.GOLD
    return drawing.plate(surface, rect, controller.name, kind, detail, to_act, colour, corner)
