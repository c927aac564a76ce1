"""An oval round a group of piles, game-agnostic: the track the arrows of the direction
of play run on. It goes round the cards and, where there is room, wide and tall enough
that the labels above the piles lie inside it, never under an arrow.

Geometry only (rects and points, the labels measured in the table's type); the table
draws on it (``moments.arrow``). Not for where the piles go (the table's ``layout``).
"""

from __future__ import annotations

import math

import pygame

from ... import theme

#: The arrows' usual spans round the piles, above and below, in screen degrees.
ARCS = ((200, 340), (20, 160))
#: How far out the labels may reach in the oval, tried in turn.
LABELS_INSIDE = (0.6, 0.5)


def oval(
    piles: pygame.Rect,
    card: pygame.Rect,
    room: pygame.Rect,
    labels: list[pygame.Rect],
    inside: float,
) -> pygame.Rect:
    """Round ``piles`` (``card`` one of them); with ``labels``, so wide that their far
    corners are at most ``inside`` of the way out from the middle, and tall enough to pass
    above them; without, kept in ``room``."""
    half_w = (piles.w + round(card.w * 0.75)) / 2
    tall = max(0, min(round(card.h * 0.62), room.height - card.h - 34))
    half_h = (piles.h + tall) / 2
    cx, cy = piles.center
    if labels:
        reach = max(max(abs(label.left - cx), abs(label.right - cx)) for label in labels)
        half_w = max(half_w, reach / inside)
    for label in labels:
        for x in (label.left, label.right):
            across = min(0.95, abs(x - cx) / half_w)
            # The oval passes above this corner of the label, with a little air.
            half_h = max(half_h, (cy - label.top + 6) / math.sqrt(1 - across**2))
    ring = pygame.Rect(0, 0, round(2 * half_w), round(2 * half_h))
    ring.center = (round(cx), round(cy))
    if not labels:
        ring.clamp_ip(room)
    return ring


def labelled_oval(
    piles: pygame.Rect, card: pygame.Rect, room: pygame.Rect, labels: list[pygame.Rect]
) -> pygame.Rect | None:
    """The oval with the labels inside, if it fits in ``room`` with a line above it
    (for words on the direction); else None."""
    for inside in LABELS_INSIDE:
        ring = oval(piles, card, room, labels, inside)
        if room.inflate(0, -20).move(0, 10).contains(ring):
            return ring
    return None


def round_piles(
    piles: dict[str, pygame.Rect], room: pygame.Rect, size: int = 14
) -> tuple[pygame.Rect, dict[str, pygame.Rect]]:
    """The oval round ``piles`` (``{label: rect}``, every pile one card) kept in ``room``,
    and where each label stands, above its pile and inside the oval; no labels (``{}``)
    where they do not fit inside it."""
    font = theme.fonts().get(size)
    labels = {}
    for words, pile in piles.items():
        labels[words] = pygame.Rect((0, 0), font.size(words))
        labels[words].midbottom = (pile.centerx, pile.top - 16)
    card = next(iter(piles.values()))
    around = card.unionall(list(piles.values()))
    ring = labelled_oval(around, card, room, list(labels.values()))
    if ring is None:
        return oval(around, card, room, [], LABELS_INSIDE[0]), {}
    return ring, labels


def arcs(ring: pygame.Rect, spans=ARCS, steps: int = 24) -> list[list[tuple[float, float]]]:
    """Lines along ``ring`` over each ``(start, end)`` span of degrees, as points."""

    def at(angle: float) -> tuple[float, float]:
        return (
            ring.centerx + ring.w / 2 * math.cos(math.radians(angle)),
            ring.centery + ring.h / 2 * math.sin(math.radians(angle)),
        )

    return [[at(a + (b - a) * i / steps) for i in range(steps + 1)] for a, b in spans]
