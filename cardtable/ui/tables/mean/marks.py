"""What the MEAN! table draws besides the cards: the labels of the middle, the Going Up /
Going Down sign that turns over, the run and MEAN! chain under the Play Area, a Wild's
value, the call to take a Punishment Pile, the seats an Eight may swap with, and how to
play under your plate. Not for the layout or the moves (``table``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from cardtable.games.mean.vocabulary import (
    NUMBER_NAMES,
    PHASE_ANSWER,
    PHASE_PLAY,
    PHASE_PUNISH,
    PHASE_SWAP,
    WILD,
)

from ... import theme
from .. import drawing
from ..parts.piles import labelled_pile, plate_help
from ..parts.words import count as counted
from ..parts.words import some
from .cards import DOWN_MARK, MEAN_RED, SWAP_MARK, UP_MARK

if TYPE_CHECKING:
    from ...layout import SeatLayout
    from ..animator import Animator
    from ..choices import Choices
    from ..parts.moments import FlipSign
    from ..view import TableView


class MarksDoor(Protocol):
    """What the marks read of the MEAN! table: the shared members they draw from and the
    table's own (its rects, the sign, the run shown, the phase). The table imports this
    module, so this door names what the marks need instead of importing it."""

    viewer: int | None
    public: dict[str, Any]
    model: dict[str, list[str]]
    view: TableView
    clock: float
    plates: dict[int, pygame.Rect]
    seat_boxes: SeatLayout
    animator: Animator
    choices: Choices
    middle: pygame.Rect
    play_rect: pygame.Rect
    sign_rect: pygame.Rect
    pile_rects: dict[int, pygame.Rect]
    sign: FlipSign
    mean_count: int
    shown_values: list[int]
    swapping: tuple[int, ...] | None

    @property
    def phase(self) -> str: ...

    def awaiting_human(self) -> bool: ...

    def says(self, seat: int, verb: str) -> str: ...

    def run_length(self, count: int) -> int: ...

    def punished_now(self) -> bool: ...

    def swap_targets(self) -> list[int]: ...


UP_COLOUR = (70, 170, 100)
DOWN_COLOUR = (210, 110, 50)
NO_DIRECTION = (52, 78, 66)
DARK = (40, 30, 10)


def seat_detail(table: MarksDoor, seat: int) -> str:
    if seat in table.public.get("lost_on_eight", []):
        return "lost"
    if any(seat in group for group in table.public.get("went_out", [])):
        return "won"
    count = len(table.model.get(f"hand:{seat}", []))
    if table.plates[seat].width < 190:
        return str(count)  # a narrow plate keeps its room for the name
    return counted(count, "card")


def labels(table: MarksDoor, surface: pygame.Surface) -> None:
    spots, model = table.view.spots, table.model
    small = max(12, min(15, spots["draw"].card[1] // 7))
    deck = spots["draw"].rect
    middle = table.seat_boxes.center  # the labels stay off the seats' cards beside it
    top = table.view.top  # how high a pile's lifted top card reaches: its label goes over
    empty = not model.get("draw")
    labelled_pile(surface, "Draw Deck", deck, empty, small, True, middle, top("draw"))
    if not model.get("draw"):
        theme.text(surface, "empty:", deck.center, small, theme.GOLD, True, "midbottom")
        theme.text(surface, "end game", deck.center, small, theme.GOLD, True, "midtop")
    out = len(model.get("removed", [])) + len(model.get("removed:unseen", []))
    removed = spots["removed"].rect
    empty = not model.get("removed")
    labelled_pile(
        surface, f"Out of play: {out}", removed, empty, small, True, middle, top("removed")
    )
    font = theme.fonts().get(small, bold=True)
    for number, rect in table.pile_rects.items():
        words = f"Pile {number + 1}"
        words = words if font.size(words)[0] <= rect.width + 4 else str(number + 1)
        empty = not model.get(f"punish:{number}")
        labelled_pile(surface, words, rect, empty, small, True, top=top(f"punish:{number}"))
    if not table.model.get("play") and not table.animator.busy:
        area = table.play_rect
        size = max(11, min(18, area.width // 8))
        theme.text(surface, "Play Area", area.center, size, theme.INK_DIM, True, "midbottom")
        theme.text(surface, "empty", area.center, size - 3, theme.INK_DIM, anchor="midtop")


def sign(table: MarksDoor, surface: pygame.Surface) -> None:
    """The big Going Up / Going Down sign; it turns over when the direction changes."""
    faces = {
        None: (NO_DIRECTION, "No direction yet", 0.36),
        "up": (UP_COLOUR, f"{UP_MARK} GOING UP {UP_MARK}", 0.5),
        "down": (DOWN_COLOUR, f"{DOWN_MARK} GOING DOWN {DOWN_MARK}", 0.5),
    }
    table.sign.draw(surface, table.sign_rect, faces)


def play_words(table: MarksDoor, surface: pygame.Surface) -> None:
    """Under the Play Area: the MEAN! chain waiting, or the run on top."""
    area = table.view.spots["play"].rect
    at = (area.centerx, area.bottom + 8)
    if table.mean_count:
        count = table.mean_count
        words = f"MEAN! ×{count}: {counted(count, 'pile')} waiting"
        if theme.fonts().get(16, bold=True).size(words)[0] > table.middle.width - 24:
            words = f"MEAN! ×{count}"
        box = drawing.label_box(surface, words, at, 16, MEAN_RED, (255, 244, 240), "midtop", 255)
        edge = (255, 210 + round(40 * drawing.pulse(table.clock, 1.4)), 120)
        pygame.draw.rect(surface, edge, box, 2, border_radius=min(10, box.h // 2))
        return
    values = table.shown_values
    run = table.run_length(len(values))
    if table.animator.busy or table.choices.chooser is not None or not run or run >= 4:
        return
    if values[-1] not in NUMBER_NAMES:
        return
    more = 4 - run
    clear = "clears" if more == 1 else "clear"
    words = f"{NUMBER_NAMES[values[-1]]} ×{run} on top: {more} more {clear} the Play Area"
    font = theme.fonts().get(14)
    if font.size(words)[0] <= table.middle.width:
        theme.text(surface, words, at, 14, theme.INK_DIM, font=font, anchor="midtop")


def overlay(table: MarksDoor, surface: pygame.Surface) -> None:
    wild_value(table, surface)
    pulse = drawing.pulse(table.clock, 1.8)  # lit piles and seats breathe together
    if table.punished_now():
        for number, rect in table.pile_rects.items():
            if table.model.get(f"punish:{number}"):
                drawing.glow(surface, rect, theme.HIGHLIGHT, 0.5 + 0.5 * pulse)
        owed = int(table.public.get("piles_owed", 1))
        pile_note(table, surface, f"Take {some(owed, 'pile')}")
    elif (
        table.phase == PHASE_PUNISH and not table.public.get("is_over") and not table.animator.busy
    ):
        seat = int(table.public.get("current", 0))
        owed = int(table.public.get("piles_owed", 0))
        if owed and seat != table.viewer:
            pile_note(table, surface, f"{table.says(seat, 'take')} {some(owed, 'pile')}")
    if table.awaiting_human() and table.phase == PHASE_SWAP:
        for seat in table.swap_targets():
            plate = table.plates[seat]
            drawing.glow(surface, plate, theme.HIGHLIGHT, 0.6 + 0.4 * pulse)
            where = (plate.right - 6, plate.bottom - 2)
            drawing.label_box(surface, f"{SWAP_MARK} swap", where, 13, theme.GOLD, DARK, "topright")
    for seat in table.swapping or ():
        pygame.draw.rect(surface, theme.GOLD, table.plates[seat].inflate(6, 6), 3, border_radius=12)
    hand_hint(table, surface)


def wild_value(table: MarksDoor, surface: pygame.Surface) -> None:
    """A Wild on top of the Play Area wears the value it was played as."""
    cards = table.model.get("play", [])
    visible = table.view.visible("play")
    if not visible or cards[visible - 1] != WILD or len(table.shown_values) < visible:
        return
    card = table.view.slots("play")[visible - 1]
    size = max(12, min(18, card.h // 8))
    where = (card.centerx, card.bottom - card.h // 5)
    words = f"as {table.shown_values[visible - 1]}"
    box = drawing.label_box(surface, words, where, size, theme.GOLD, DARK, "midbottom", 255)
    pygame.draw.rect(surface, DARK, box, 1, border_radius=min(10, box.h // 2))


def pile_note(table: MarksDoor, surface: pygame.Surface, words: str) -> None:
    """Under the four piles (never over their labels): who takes how many."""
    first, last = table.pile_rects[0], table.pile_rects[len(table.pile_rects) - 1]
    where = ((first.left + last.right) // 2, last.bottom + 24)
    width = max(60, last.right - first.left + 20)
    drawing.label_box(surface, words, where, 15, theme.GOLD, DARK, "midtop", 255, width)


def hand_hint(table: MarksDoor, surface: pygame.Surface) -> None:
    """Under your plate, how to play: what a newcomer needs, in one or two lines."""
    if table.phase in (PHASE_PLAY, PHASE_ANSWER):
        lines = ["Click cards of one value,", "drag them to the Play Area", "Keys: ←/→ Space Enter"]
    elif table.phase == PHASE_PUNISH:
        lines = ["Click a lit pile", "or drag it to your hand", "Keys: ←/→ Enter, 1-4"]
    else:
        return
    plate_help(table, surface, lines)
