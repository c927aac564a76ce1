"""The table's passing words, and where each goes: the refusal (a refused move, an undo
refused, a game that could not be saved; its words and how long it still shows), the
banner that says a move (its words are the animator's), and, each with a ``Placement``
of its own, the hint's line (``hints``) and the hand alert (``log``).

Where: in bare felt, as near as there is room to where it is wanted (the refusal and the
hint just above the viewer's hand, the banner at the table's ``banner_centre``, the
alert in the table's middle), so it never covers what it may be explaining: a pile, a
count, a label, an outline, a drop place, a seat, other passing words drawn before it.
What is taken is read from the frame as drawn so far (every 4-pixel cell that is not
bare cloth) and from the places cards lie or are flying to and the drop places (handed
in), so no game says where its words are. A card in flight (one snapping back from a
refused drop, one a banner is about) takes no room: the frame hands in the table as it
was before the flying cards, and as it was with them, so only what lies still or is
drawn over them counts. The words wrap narrower, then in smaller type, to fit a gap;
where nothing is free, the place that covers least wins. A place is chosen once per
words and window size and kept while they show: they never jump about. Not for the
words themselves.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from .. import theme
from . import drawing
from .drawing import TOP_BAR

if TYPE_CHECKING:
    from .view import TableView

#: What is taken is read in square cells of this many pixels (a cell with anything in
#: it is taken): a 16th of the pixels to compare and places to try.
CELL = 4
#: How far (cells) passing words keep from anything drawn, and from the window's edges.
AROUND = 2
#: The grid (cells) the places tried lie on.
STEP = 2
#: The refusal's type sizes, the usual first; the smaller only where the usual finds no room.
SIZES = (18, 15)
FILL = (150, 36, 36)
INK = (255, 236, 230)

Shape = tuple[int, int, tuple[int, int]]  # type size, wrap width, box size
Layers = tuple[pygame.Surface | None, pygame.Surface | None]
Taken = Callable[[], list[pygame.Rect]]  # asked only when words are placed


class Placement:
    """Where one box of words lies: chosen once for its ``key`` (the words and the
    window's size), then kept while they show (``forget`` once they are gone: the same
    words shown again later are placed afresh)."""

    def __init__(self) -> None:
        self.key: tuple[str, tuple[int, int]] | None = None
        self.box = pygame.Rect(0, 0, 0, 0)
        self.points = 0
        self.width = 0

    def forget(self) -> None:
        self.key = None

    def draw(
        self,
        surface: pygame.Surface,
        words: str,
        options: list[Shape],
        wanted: tuple[int, int],
        taken: Taken,
        layers: Layers,
        look: tuple[tuple[int, int, int], tuple[int, int, int], int],
        centred: bool = False,
    ) -> pygame.Rect:
        """``words`` as a label box (``look``: fill, ink, alpha) where they were put, or,
        new, where they cover nothing: ``wanted`` their bottom centre (their centre when
        ``centred``), over nothing drawn nor ``taken()``."""
        key = (words, surface.get_size())
        if self.key != key:
            occupied = taken_mask(surface, taken(), *layers)
            found = place(occupied, options, wanted, centred)
            self.box, self.points, self.width = found
            self.key = key
        fill, ink, alpha = look
        return drawing.label_box(
            surface, words, self.box.topleft, self.points, fill, ink, "topleft", alpha, self.width
        )


class Notice:
    """The refusal, one at a time: ``words``, the seconds ``left`` it shows (fading out
    over the last one), and where it and the banner lie."""

    def __init__(self) -> None:
        self.words = ""
        self.left = 0.0
        self.refusal = Placement()
        self.banner = Placement()

    def show(self, words: str, seconds: float = 4.0) -> None:
        self.words, self.left = words, seconds
        self.refusal.forget()

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    def placed(self) -> tuple[pygame.Rect, ...]:
        """The refusal's box while it shows where it was placed (none else)."""
        if self.left > 0 and self.words and self.refusal.key is not None:
            return (self.refusal.box,)
        return ()

    def unplaced(self, size: tuple[int, int], banner: str = "") -> bool:
        """Do the refusal or the ``banner`` show with no place yet for a window of
        ``size`` (the frame then hands in the table before and with its flying cards)?"""
        refusal = self.left > 0 and bool(self.words) and self.refusal.key != (self.words, size)
        return refusal or (bool(banner) and self.banner.key != (banner, size))

    def draw(
        self,
        surface: pygame.Surface,
        wanted: tuple[int, int],
        room: int,
        taken: Taken,
        layers: Layers = (None, None),
    ) -> pygame.Rect | None:
        """The refusal on the frame as drawn so far: its bottom centre as near ``wanted``
        as there is room, its lines at most ``room`` wide, over nothing drawn nor
        ``taken()``; ``layers``: the frame before its flying cards and with them."""
        if self.left <= 0 or not self.words:
            return None
        options = shapes(self.words, room, SIZES)
        look = (FILL, INK, int(235 * min(1.0, self.left)))
        return self.refusal.draw(surface, self.words, options, wanted, taken, layers, look)

    def draw_banner(
        self,
        surface: pygame.Surface,
        words: str,
        centre: tuple[int, int],
        points: int,
        taken: Taken,
        layers: Layers = (None, None),
    ) -> pygame.Rect | None:
        """The banner (``words``, "" while none shows): its centre as near ``centre`` as
        there is room."""
        if not words:
            self.banner.forget()
            return None
        options = shapes(words, surface.get_width() - 80, (points, points * 4 // 5))
        look = (theme.PANEL, theme.INK, 225)
        return self.banner.draw(surface, words, options, centre, taken, layers, look, True)


def card_places(view: TableView, targets: dict[str, pygame.Rect]) -> list[pygame.Rect]:
    """Where cards lie or are flying to, where a pile lies while empty and the drop
    places (``targets``) whole: what passing words must leave clear besides what is
    drawn."""
    places = list(targets.values())
    for zone, spot in view.spots.items():
        places += view.slots(zone)
        if spot.mode == "stack":
            places += view.slots(zone, 1)
    return places


def shapes(words: str, room: int, sizes: tuple[int, ...]) -> list[Shape]:
    """The boxes ``words`` may take, the usual first: the first of ``sizes`` wrapped to
    ``room``, then narrower (more lines), then the same in the smaller sizes."""
    found: list[Shape] = []
    for points in sizes:
        for share in (1.0, 0.7, 0.5, 0.35):
            width = max(140, round(room * share))
            box = drawing.box_size(words, points, width)
            if all(box != other for _p, _w, other in found):
                found.append((points, width, box))
    return found


def differs(surface: pygame.Surface, other: pygame.Surface) -> pygame.Mask:
    """The pixels where ``surface`` is not ``other``."""
    same = pygame.mask.from_threshold(surface, (0, 0, 0, 255), (2, 2, 2, 255), other)
    same.invert()
    return same


def shrunk(surface: pygame.Surface) -> pygame.Surface:
    """``surface`` a ``CELL``-th the size, each pixel the mean of its cell: a cell of
    bare cloth is the same as the cloth's, one with anything drawn in it is not."""
    width, height = surface.get_width() // CELL, surface.get_height() // CELL
    whole = surface.subsurface((0, 0, width * CELL, height * CELL))
    return pygame.transform.smoothscale(whole, (width, height))


def bare_cloth(size: tuple[int, int]) -> pygame.Surface:
    """The cloth of a window of ``size``, shrunk (made once per size)."""
    if size not in _cloth:
        _cloth.clear()
        _cloth[size] = shrunk(theme.felt_image(size))
    return _cloth[size]


_cloth: dict[tuple[int, int], pygame.Surface] = {}


def taken_mask(
    surface: pygame.Surface,
    taken: list[pygame.Rect],
    still: pygame.Surface | None = None,
    moving: pygame.Surface | None = None,
) -> pygame.Mask:
    """What passing words must leave clear, in cells of ``CELL`` pixels: every cell not
    bare cloth in the table at rest (``still``, ``shrunk``, else ``surface``), every cell
    ``surface`` has drawn over the table with its flying cards (``moving``, ``shrunk``),
    and the ``taken`` rects."""
    now = shrunk(surface)
    occupied = differs(still or now, bare_cloth(surface.get_size()))
    if still is not None and moving is not None:
        occupied.draw(differs(now, moving), (0, 0))
    for rect in taken:
        left, top = rect.x // CELL, rect.y // CELL
        width, height = -(-rect.right // CELL) - left, -(-rect.bottom // CELL) - top
        if width > 0 and height > 0:
            occupied.draw(pygame.Mask((width, height), fill=True), (left, top))
    return occupied


def place(
    occupied: pygame.Mask,
    options: list[Shape],
    wanted: tuple[int, int],
    centred: bool = False,
) -> tuple[pygame.Rect, int, int]:
    """The box (and its type size and wrap width) of the first shape, in order, with a
    place over no cell ``occupied`` (see ``taken_mask``), nearest ``wanted`` (its bottom
    centre, or its centre when ``centred``): a shape with more lines or smaller type
    counts as further. None free: the one covering least."""
    top = -(-(TOP_BAR + 6) // CELL)  # under the top bar and its countdown
    width, height = occupied.get_size()
    area = pygame.Rect(0, top, width, height - top).inflate(-2 * AROUND, -2 * AROUND)
    best: tuple[float, pygame.Rect, int, int] | None = None
    first_points, _wrap, (_w, first_height) = options[0]
    mirror = mirrored(occupied)
    for points, wrap, (box_w, box_h) in options:
        cost = ((box_h - first_height) * 1.5 + (200 if points != first_points else 0)) / CELL
        if best is not None and cost >= best[0]:
            continue
        within = best[0] - cost if best is not None else None
        bottom = wanted[1] + (box_h // 2 if centred else 0)
        at = (wanted[0] / CELL, bottom / CELL)
        cells = (-(-box_w // CELL), -(-box_h // CELL))
        found = nearest_free((occupied, mirror), cells, at, area, within)
        if found is not None:
            distance, cells = found
            box = pygame.Rect(cells.x * CELL, cells.y * CELL, box_w, box_h)
            best = (distance + cost, box, points, wrap)
    if best is not None:
        return best[1], best[2], best[3]
    return least_covered(occupied, options, wanted, area, centred)


def nearest_free(
    masks: tuple[pygame.Mask, pygame.Mask],
    box: tuple[int, int],
    wanted: tuple[float, float],
    area: pygame.Rect,
    within: float | None,
) -> tuple[float, pygame.Rect] | None:
    """The place (in cells) of a ``box`` of cells inside ``area`` over nothing
    occupied (``masks``: the cells taken, and the same mirrored left to right), with
    ``AROUND`` cells around it, whose bottom centre is nearest
    ``wanted``, closer than ``within``. Rows are tried nearest first; along a row, from
    the nearest place outwards, a place that is taken jumps past what took it."""
    width, height = box
    if width > area.width or height > area.height:
        return None
    probe_w = width + 2 * AROUND
    probe = pygame.Mask((probe_w, height + 2 * AROUND), fill=True)
    occupied, mirror = masks
    last = occupied.get_size()[0] - 1
    left, right = area.left + width // 2, area.right - (width - width // 2)
    low, high = area.top + height, area.bottom
    x0 = min(max(round(wanted[0]), left), right)
    y0 = min(max(round(wanted[1]), low), high)
    rows = sorted({y0, *range(low, high + 1, STEP)}, key=lambda y: across(y - wanted[1]))
    reach = width // 2 + AROUND  # from a place's centre to its probe's left
    best = within
    found = None
    for y in rows:
        dy = across(y - wanted[1])
        if best is not None and dy >= best:
            break
        for rightwards in (True, False):
            x = x0
            while left <= x <= right:
                distance = math.hypot(x - wanted[0], dy)
                if best is not None and distance >= best:
                    break
                top = y - height - AROUND
                if rightwards:  # a hit far right in the probe: read the mask mirrored
                    hit = mirror.overlap(probe, (last - (x - reach + probe_w - 1), top))
                    column = None if hit is None else last - hit[0]
                else:  # a hit far left in the probe
                    hit = occupied.overlap(probe, (x - reach, top))
                    column = None if hit is None else hit[0]
                if column is None:
                    best, found = distance, pygame.Rect(x - width // 2, y - height, width, height)
                    break
                # Every place whose probe still covers the cell that was hit is taken too.
                x = column + 1 + reach if rightwards else column - probe_w + reach
    return None if found is None else (best or 0.0, found)


def mirrored(mask: pygame.Mask) -> pygame.Mask:
    """``mask`` flipped left to right (``overlap`` finds the leftmost cells first)."""
    cells = mask.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0))
    return pygame.mask.from_surface(pygame.transform.flip(cells, True, False))


def across(dy: int) -> float:
    """How far a notice ``dy`` below where it is wanted counts: up, towards the other
    players' side of the table, half as far again as down towards the viewer's own."""
    return -1.5 * dy if dy < 0 else dy


def least_covered(
    occupied: pygame.Mask,
    options: list[Shape],
    wanted: tuple[int, int],
    area: pygame.Rect,
    centred: bool = False,
) -> tuple[pygame.Rect, int, int]:
    """No room anywhere: the place and shape covering the fewest cells drawn in, the
    nearest ``wanted`` of those."""
    best: tuple[tuple[int, float], pygame.Rect, int, int] | None = None
    for points, wrap, (box_w, box_h) in options:
        width, height = -(-box_w // CELL), -(-box_h // CELL)
        probe = pygame.Mask((width, height), fill=True)
        bottom = wanted[1] + (box_h // 2 if centred else 0)
        for y in range(area.top, max(area.top, area.bottom - height) + 1, STEP):
            for x in range(area.left, max(area.left, area.right - width) + 1, STEP):
                covered = occupied.overlap_area(probe, (x, y))
                distance = math.hypot(
                    (x + width / 2) * CELL - wanted[0], (y + height) * CELL - bottom
                )
                if best is None or (covered, distance) < best[0]:
                    box = pygame.Rect(x * CELL, y * CELL, box_w, box_h)
                    best = ((covered, distance), box, points, wrap)
    assert best is not None
    return best[1], best[2], best[3]
