"""Where the seats sit: 2 to 8 seats around the table, none overlapping, the viewer at the
bottom, play passing clockwise (bottom, left, top, right as seen from above).

Pure geometry on ``pygame.Rect``. Not for what a seat's box holds (each table decides).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass
class SeatLayout:
    """``boxes[seat]`` is the seat's area; ``sides[seat]`` is bottom, left, top or right;
    ``center`` is the free middle of the table for the shared piles."""

    boxes: list[pygame.Rect]
    sides: list[str]
    center: pygame.Rect


def _spread(count: int, start: float, span: float, size: float) -> list[float]:
    """Centres of ``count`` boxes of ``size`` spread evenly over ``span`` from ``start``."""
    if count <= 0:
        return []
    slot = span / count
    return [start + slot * (i + 0.5) for i in range(count)]


def seat_layout(
    players: int,
    bottom_seat: int,
    size: tuple[int, int],
    bottom_height: float,
    box: tuple[float, float],
    margin: int = 10,
    top_reserved: int = 0,
) -> SeatLayout:
    """Lay out ``players`` seats in a window of ``size``.

    ``bottom_seat`` takes the full-width strip of ``bottom_height`` at the bottom; the
    others take boxes of at most ``box`` (shrunk as needed) on the left, top and right.
    """
    width, height = size
    others = players - 1
    side_count = 0 if others <= 2 else (1 if others <= 5 else 2)
    top_count = others - 2 * side_count
    gap = margin
    top = margin + top_reserved
    bottom_rect = pygame.Rect(margin, height - margin - round(bottom_height), 0, 0)
    bottom_rect.width = width - 2 * margin
    bottom_rect.height = round(bottom_height)
    column_bottom = bottom_rect.top - gap
    box_w, box_h = box
    # Shrink until everything fits: the side columns stack side_count boxes; the top row
    # fits top_count boxes between the columns.
    if side_count:
        box_h = min(box_h, (column_bottom - top - gap * (side_count - 1)) / side_count)
    for _ in range(40):
        row_left = margin + (box_w + gap if side_count else 0)
        row_right = width - margin - (box_w + gap if side_count else 0)
        if top_count == 0 or (row_right - row_left - gap * (top_count - 1)) / top_count >= box_w:
            break
        box_w *= 0.94
    box_w, box_h = max(40, int(box_w)), max(30, int(box_h))
    boxes_in_order: list[tuple[pygame.Rect, str]] = []
    if side_count:
        span = column_bottom - top
        ys = _spread(side_count, top, span, box_h)
        for y in reversed(ys):  # the left column, bottom to top
            rect = pygame.Rect(0, 0, box_w, box_h)
            rect.center = (round(margin + box_w / 2), round(y))
            boxes_in_order.append((rect, "left"))
    row_left = margin + (box_w + gap if side_count else 0)
    row_right = width - margin - (box_w + gap if side_count else 0)
    for x in _spread(top_count, row_left, row_right - row_left, box_w):
        rect = pygame.Rect(0, 0, box_w, box_h)
        rect.midtop = (round(x), top)
        boxes_in_order.append((rect, "top"))
    if side_count:
        for y in _spread(side_count, top, column_bottom - top, box_h):  # right, top to bottom
            rect = pygame.Rect(0, 0, box_w, box_h)
            rect.center = (round(width - margin - box_w / 2), round(y))
            boxes_in_order.append((rect, "right"))
    boxes: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * players
    sides = ["bottom"] * players
    boxes[bottom_seat] = bottom_rect
    for offset, (rect, side) in enumerate(boxes_in_order, start=1):
        seat = (bottom_seat + offset) % players
        boxes[seat] = rect
        sides[seat] = side
    center_left = margin + (box_w + gap if side_count else 0)
    center_right = width - margin - (box_w + gap if side_count else 0)
    center_top = top + (box_h + gap if top_count else 0)
    center = pygame.Rect(
        center_left, center_top, center_right - center_left, column_bottom - center_top
    )
    return SeatLayout(boxes=boxes, sides=sides, center=center)
