"""A message that comes and goes at the table (a refused move, an undo refused, a game
that could not be saved): its words, how long it still shows, and where.

Where: in bare felt, as near as there is room to where it is wanted (just above the
viewer's hand), so it never covers what it may be explaining: a pile, a count, a label,
an outline, a seat. What is taken is read from the frame as drawn so far (every pixel
that is not the bare cloth) and from the places cards lie or are flying to (the
layout's slots, handed in), so no game says where its words are. A card in flight (one
snapping back from a refused drop) takes no room: the frame hands in the table as it
was before the flying cards, and as it was with them, so only what lies still or is
drawn over them counts. The words wrap
narrower, then in smaller type, to fit a gap; where nothing is free, the place that
covers least wins. A place is chosen once per message and window size and kept while it
shows: it never jumps about. Not for the words (the table's) nor the banners.
"""

from __future__ import annotations

import math

import pygame

from .. import theme
from . import drawing
from .drawing import TOP_BAR

#: How far a notice keeps from anything drawn, and from the window's edges.
CLEAR = 6
#: The grid (pixels) the places tried lie on.
STEP = 6
#: Type sizes tried, the usual first; the smaller only where the usual finds no room.
SIZES = (18, 15)
FILL = (150, 36, 36)
INK = (255, 236, 230)

Shape = tuple[int, int, tuple[int, int]]  # type size, wrap width, box size


class Notice:
    """One message at a time: ``words``, the seconds ``left`` it shows (fading out over
    the last one), and where it lies once drawn."""

    def __init__(self) -> None:
        self.words = ""
        self.left = 0.0
        self.placed: tuple[tuple[int, int], pygame.Rect, int, int] | None = None

    def show(self, words: str, seconds: float = 4.0) -> None:
        self.words, self.left, self.placed = words, seconds, None

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    def unplaced(self, size: tuple[int, int]) -> bool:
        """Does it show with no place yet for a window of ``size`` (the frame then hands
        ``draw`` the table before and with its flying cards)?"""
        showing = self.left > 0 and bool(self.words)
        return showing and (self.placed is None or self.placed[0] != size)

    def draw(
        self,
        surface: pygame.Surface,
        wanted: tuple[int, int],
        room: int,
        taken: list[pygame.Rect],
        layers: tuple[pygame.Surface | None, pygame.Surface | None] = (None, None),
    ) -> pygame.Rect | None:
        """Draw it on the frame as drawn so far: its bottom centre as near ``wanted`` as
        there is room, its lines at most ``room`` wide, over nothing drawn nor ``taken``;
        ``layers``: the frame before its flying cards and with them (see ``taken_mask``)."""
        if self.left <= 0 or not self.words:
            return None
        size = surface.get_size()
        if self.unplaced(size):
            occupied = taken_mask(surface, taken, *layers)
            box, points, width = place(occupied, size, shapes(self.words, room), wanted)
            self.placed = (size, box, points, width)
        assert self.placed is not None
        _size, box, points, width = self.placed
        alpha = int(235 * min(1.0, self.left))
        return drawing.label_box(
            surface, self.words, box.topleft, points, FILL, INK, "topleft", alpha, width
        )


def shapes(words: str, room: int) -> list[Shape]:
    """The boxes ``words`` may take, the usual first: the usual type wrapped to ``room``,
    then narrower (more lines), then the same in smaller type."""
    found: list[Shape] = []
    for points in SIZES:
        for share in (1.0, 0.7, 0.5, 0.35):
            width = max(140, round(room * share))
            box = drawing.box_size(words, points, width)
            if all(box != other for _p, _w, other in found):
                found.append((points, width, box))
    return found


def differs(surface: pygame.Surface, other: pygame.Surface) -> pygame.Mask:
    """The pixels where ``surface`` is not ``other``."""
    same = pygame.mask.from_threshold(surface, (0, 0, 0, 255), (3, 3, 3, 255), other)
    same.invert()
    return same


def taken_mask(
    surface: pygame.Surface,
    taken: list[pygame.Rect],
    still: pygame.Surface | None = None,
    moving: pygame.Surface | None = None,
) -> pygame.Mask:
    """What a notice must leave clear: every pixel not bare cloth in the table at rest
    (``still``, else ``surface``), every pixel ``surface`` has drawn over the table with
    its flying cards (``moving``), and the ``taken`` rects."""
    occupied = differs(still or surface, theme.felt_image(surface.get_size()))
    if still is not None and moving is not None:
        occupied.draw(differs(surface, moving), (0, 0))
    for rect in taken:
        if rect.width > 0 and rect.height > 0:
            occupied.draw(pygame.Mask(rect.size, fill=True), rect.topleft)
    return occupied


def place(
    occupied: pygame.Mask,
    size: tuple[int, int],
    options: list[Shape],
    wanted: tuple[int, int],
) -> tuple[pygame.Rect, int, int]:
    """The box (and its type size and wrap width) of the first shape, in order, with a
    place in a window of ``size`` over nothing ``occupied``, nearest ``wanted`` (its
    bottom centre): a shape with more lines or smaller type counts as further. None
    free: the one covering least."""
    width, height = size
    top = TOP_BAR + 6  # under the top bar and its countdown
    area = pygame.Rect(0, top, width, height - top).inflate(-2 * CLEAR, -2 * CLEAR)
    best: tuple[float, pygame.Rect, int, int] | None = None
    first_height = options[0][2][1] if options else 0
    for points, width, (box_w, box_h) in options:
        cost = (box_h - first_height) * 1.5 + (200 if points != SIZES[0] else 0)
        if best is not None and cost >= best[0]:
            continue
        within = best[0] - cost if best is not None else None
        found = nearest_free(occupied, (box_w, box_h), wanted, area, within)
        if found is not None:
            distance, rect = found
            best = (distance + cost, rect, points, width)
    if best is not None:
        return best[1], best[2], best[3]
    return least_covered(occupied, options, wanted, area)


def nearest_free(
    occupied: pygame.Mask,
    box: tuple[int, int],
    wanted: tuple[int, int],
    area: pygame.Rect,
    within: float | None,
) -> tuple[float, pygame.Rect] | None:
    """The place of a ``box`` inside ``area`` over nothing ``occupied`` (with ``CLEAR``
    around it) whose bottom centre is nearest ``wanted``, closer than ``within``."""
    width, height = box
    if width > area.width or height > area.height:
        return None
    probe = pygame.Mask((width + 2 * CLEAR, height + 2 * CLEAR), fill=True)
    left, right = area.left + width // 2, area.right - (width - width // 2)
    low, high = area.top + height, area.bottom
    x0 = min(max(wanted[0], left), right)
    y0 = min(max(wanted[1], low), high)
    rows = sorted({y0, *range(low, high + 1, STEP)}, key=lambda y: across(y - wanted[1]))
    columns = [x0] + [
        x for step in range(STEP, right - left + STEP, STEP) for x in (x0 - step, x0 + step)
    ]
    best = within
    found = None
    for y in rows:
        dy = across(y - wanted[1])
        if best is not None and dy >= best:
            break
        for x in columns:
            if not left <= x <= right:
                continue
            distance = math.hypot(x - wanted[0], dy)
            if best is not None and distance >= best:
                break
            at = (x - width // 2 - CLEAR, y - height - CLEAR)
            if occupied.overlap(probe, at) is None:
                best, found = distance, pygame.Rect(x - width // 2, y - height, width, height)
                break
    return None if found is None else (best or 0.0, found)


def across(dy: int) -> float:
    """How far a notice ``dy`` below where it is wanted counts: up, towards the other
    players' side of the table, half as far again as down towards the viewer's own."""
    return -1.5 * dy if dy < 0 else dy


def least_covered(
    occupied: pygame.Mask,
    options: list[Shape],
    wanted: tuple[int, int],
    area: pygame.Rect,
) -> tuple[pygame.Rect, int, int]:
    """No room anywhere: the place and shape covering the fewest drawn pixels, the
    nearest ``wanted`` of those."""
    best: tuple[tuple[int, float], pygame.Rect, int, int] | None = None
    for points, width, (box_w, box_h) in options:
        probe = pygame.Mask((box_w, box_h), fill=True)
        for y in range(area.top, max(area.top, area.bottom - box_h) + 1, 4 * STEP):
            for x in range(area.left, max(area.left, area.right - box_w) + 1, 4 * STEP):
                covered = occupied.overlap_area(probe, (x, y))
                distance = math.hypot(x + box_w / 2 - wanted[0], y + box_h - wanted[1])
                if best is None or (covered, distance) < best[0]:
                    best = ((covered, distance), pygame.Rect(x, y, box_w, box_h), points, width)
    assert best is not None
    return best[1], best[2], best[3]
