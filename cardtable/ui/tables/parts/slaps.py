"""Hands slapped down on a pile, game-agnostic: each comes down from its player's plate,
big, and slaps flat on the pile a little toward its player (so every hand is seen coming
from its owner), with a tag on its palm.

For a slap round drawn as a moment (Hit the Deck's ``SlapRoundLook``); the game says
whose hands, in what colours and words. Not for the order of the slaps (the rules decide)
nor the keys that slap (``ui.slap``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pytweening

from .moments import name_tag
from .painter import Colour, draw_hand

#: How long (seconds at speed 1) a hand takes to land.
HAND_LANDS = 0.2
BAD_EDGE, BAD_TAG, EDGE = (150, 20, 20), (196, 40, 40), (25, 25, 25)


@dataclass
class HandOnPile:
    """One player's hand on the pile: ``order`` counts from 1 (0 for a fake-out);
    ``landed`` is the table clock when it came down."""

    seat: int
    order: int
    landed: float
    round: int
    fake: bool = False
    called: bool = False
    after: float | None = None  # seconds after the card appeared (judged across computers)


#: How a hand looks: its player's plate (where it comes from), its colour, whether it
#: is marked bad (a red edge and tag: a fake-out, the one who draws) and its tag.
HandLook = tuple[pygame.Rect, Colour, bool, str]


def pile_point(pile: pygame.Rect, home: pygame.Rect, order: int) -> tuple[float, float, float]:
    """Where a hand from ``home`` lies on ``pile`` (x, y) and which way it points: a little
    toward its player, fingers toward the pile, ``order`` shifting it a touch aside."""
    dx, dy = home.centerx - pile.centerx, home.centery - pile.centery
    length = math.hypot(dx, dy) or 1.0
    reach = pile.h * 0.26
    jitter = ((order * 37) % 11 - 5) * pile.w * 0.02
    x = pile.centerx + dx / length * reach + jitter
    y = pile.centery + dy / length * reach * 0.8
    angle = math.degrees(math.atan2(dy, -dx)) - 90 + 180
    return x, y, angle


def draw_hands(
    surface: pygame.Surface,
    pile: pygame.Rect,
    hands: list[HandOnPile],
    look: Callable[[HandOnPile], HandLook],
    since: Callable[[HandOnPile], float],
    tag_size: int,
) -> None:
    """Every hand on ``pile`` as ``look(hand)`` says, ``since(hand)`` seconds (at speed 1)
    after it was slapped: it comes down from its plate, big, and slaps flat; once down,
    its tag lies on the palm, the wrist side of the hand (toward its player)."""
    side = round(pile.w * 0.78)
    tags: list[tuple[float, float, pygame.Rect, Colour, bool, str]] = []
    for hand in hands:
        home, colour, bad, tag = look(hand)
        x, y, angle = pile_point(pile, home, hand.order)
        grown = min(1.0, since(hand) / HAND_LANDS)
        eased = pytweening.easeInQuad(grown)
        x = home.centerx + (x - home.centerx) * eased
        y = home.centery + (y - home.centery) * eased
        scale = 1.5 - 0.5 * eased
        image = pygame.Surface((round(side * scale), round(side * 1.1 * scale)), pygame.SRCALPHA)
        draw_hand(image, image.get_rect(), colour, BAD_EDGE if bad else EDGE)
        turned = pygame.transform.rotate(image, angle)
        surface.blit(turned, turned.get_rect(center=(round(x), round(y))))
        if grown >= 1.0:
            tags.append((x, y, home, colour, bad, tag))
    for x, y, home, colour, bad, tag in tags:
        dx, dy = home.centerx - x, home.centery - y
        length = math.hypot(dx, dy) or 1.0
        at = (x + dx / length * side * 0.2, y + dy / length * side * 0.2)
        ink = (255, 255, 255) if bad else (20, 20, 20)
        name_tag(surface, tag, at, tag_size, BAD_TAG if bad else colour, ink)
