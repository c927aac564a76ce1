"""Words and marks round the cards, game-agnostic: a caption above or below a pile (with
an outline while it is empty), a few lines of help in an empty spot or under the viewer's
plate, and a veil over the cards of a fanned row that cannot be played now.

Plain functions on a surface; the table says which words and where. Not for the card
faces (``painter``) nor the drop targets (``frame``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from ... import theme
from .. import drawing

if TYPE_CHECKING:
    from ..view import TableView

Colour = tuple[int, int, int]


class HelpDoor(Protocol):
    """What the help under a plate and the veil over a hand touch of a table: the viewer,
    their plate, the cards (``view``), what the viewer holds picked (``input``) and whether
    they are to act now."""

    viewer: int | None
    plates: dict[int, pygame.Rect]
    view: TableView
    input: Any  # ``TableInput``: its ``picked``

    def awaiting_human(self) -> bool: ...


def caption(
    surface: pygame.Surface,
    words: str,
    rect: pygame.Rect,
    size: int = 14,
    colour: Colour = theme.INK_DIM,
    below: bool = False,
    bold: bool = False,
    gap: int = 4,
    within: pygame.Rect | None = None,
    top: int | None = None,
) -> pygame.Rect:
    """``words`` centred above ``rect`` (``gap`` over it, or over ``top``: how high a
    stack's lifted top card reaches), or ``below`` it; moved aside as far as needed to
    stay ``within`` an area (the table's middle, off the seats)."""
    x = rect.centerx
    if within is not None:
        half = theme.fonts().get(size, bold).size(words)[0] / 2
        x = round(max(within.x + half, min(x, within.right - half)))
    if below:
        at, anchor = (x, rect.bottom + gap), "midtop"
    else:
        at, anchor = (x, min(rect.y, rect.y if top is None else top) - gap), "midbottom"
    return theme.text(surface, words, at, size, colour, bold, anchor)


def labelled_pile(
    surface: pygame.Surface,
    words: str,
    rect: pygame.Rect,
    empty: bool,
    size: int = 14,
    bold: bool = False,
    within: pygame.Rect | None = None,
    top: int | None = None,
) -> None:
    """A pile's label above it (kept ``within`` an area, over ``top``: how high its
    lifted top card reaches), and where it lies an outline while it is ``empty``."""
    caption(surface, words, rect, size, bold=bold, within=within, top=top)
    if empty:
        drawing.target(surface, rect, None)


def help_lines(
    surface: pygame.Surface,
    lines: list[str],
    topleft: tuple[int, int],
    size: int,
    width: int,
    step: int,
) -> None:
    """Lines of help from ``topleft`` down, ``step`` apart; a line wider than ``width``
    is left out rather than cut."""
    font = theme.fonts().get(size)
    for index, line in enumerate(lines):
        if font.size(line)[0] <= width:
            where = (topleft[0], topleft[1] + index * step)
            theme.text(surface, line, where, size, theme.INK_DIM, font=font)


def drop_hint(
    surface: pygame.Surface, rect: pygame.Rect, lines: list[str], short: list[str]
) -> None:
    """In an empty drop spot, centred: what to do (the first line, bold) and the other
    ways to do it; ``short`` instead where a line is too wide for the spot, and smaller
    type (13 points down to 10) before any line runs out of it."""
    choices = [(words, size) for size in (13, 12, 11, 10) for words in (lines, short)]
    for words, size in choices:
        step = min(20, (rect.height - 4) // len(words))
        fonts = [theme.fonts().get(size, bold=index == 0) for index in range(len(words))]
        wide = max(font.size(line)[0] for font, line in zip(fonts, words, strict=True))
        if step >= fonts[0].get_linesize() and wide <= rect.width - 8:
            break
    for index, (line, font) in enumerate(zip(words, fonts, strict=True)):
        colour = theme.INK if index == 0 else theme.INK_DIM
        at = (rect.centerx, rect.centery + round((index - (len(words) - 1) / 2) * step))
        shown = theme.fit(line, font, rect.width - 8)
        theme.text(surface, shown, at, size, colour, anchor="center", font=font)


def plate_help(table: HelpDoor, surface: pygame.Surface, lines: list[str], size: int = 13) -> None:
    """Under the viewer's plate while they are to act: how to play, in ``lines``; on a
    plate too narrow for the first two, only the rest (the status line says the first)."""
    plate = table.plates.get(table.viewer) if table.viewer is not None else None
    if plate is None or not table.awaiting_human():
        return
    if max(theme.fonts().get(size).size(line)[0] for line in lines[:2]) > plate.width:
        lines = lines[2:]
    help_lines(surface, lines, (plate.x + 4, plate.bottom + 8), size, plate.width, size + 4)


def veil(surface: pygame.Surface, slots: list[pygame.Rect], dimmed: set[int]) -> None:
    """A dark veil over the cards at ``dimmed`` in a fanned row: only the part not
    covered by the next card, so the veil never darkens its neighbour."""
    for index in sorted(i for i in dimmed if i < len(slots)):
        rect = slots[index]
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        radius = max(2, round(rect.w * 0.09))
        pygame.draw.rect(layer, (0, 0, 0, 80), layer.get_rect(), border_radius=radius)
        if index + 1 < len(slots):
            visible = max(0, slots[index + 1].x - rect.x)
            layer = layer.subsurface((0, 0, min(rect.w, visible), rect.h))
        surface.blit(layer, rect)


def veil_unplayable(table: HelpDoor, surface: pygame.Surface, playable: set[str]) -> None:
    """On the viewer's turn, a veil over the cards in their hand that are not in
    ``playable`` (card codes), except any the viewer holds picked; nothing when no card
    is playable (the whole hand would be veiled)."""
    if table.viewer is None or not playable:
        return
    zone = f"hand:{table.viewer}"
    picked = table.input.picked
    held = set(picked.group) if picked is not None and picked.zone == zone else set()
    cards = table.view.zones.get(zone, [])
    dimmed = {i for i, code in enumerate(cards) if code not in playable and i not in held}
    veil(surface, table.view.slots(zone), dimmed)


def fanned_run(spot, count: int, run: int, fan: float) -> list[pygame.Rect]:
    """A pile's card places (for ``Spot(place=...)``) with the ``run`` cards on top
    fanned to the right, ``fan`` card widths apart, and the older cards piled under
    them, a few edges showing like a real untidy pile: everyone sees how many lie on top."""
    width, height = spot.card
    left = spot.rect.centerx - round(width * (1 + fan * max(0, run - 1))) // 2
    rects = []
    for index in range(count):
        rect = pygame.Rect(left, spot.rect.y, width, height)
        place = index - (count - run)
        if place > 0:
            rect.x += round(place * fan * width)
        elif count - run - index <= 6:
            rect.x += (index * 7) % 5 - 2
            rect.y -= min(count - run - index + (1 if place == 0 else 0), 4)
        rects.append(rect)
    return rects


def centred(rect: pygame.Rect, width: int) -> pygame.Rect:
    """``rect`` narrowed to at most ``width`` about its centre: on a wide table the
    middle's piles stay together instead of spreading to the seats."""
    group = rect.copy()
    group.width = min(rect.width, width)
    group.centerx = rect.centerx
    return group
