"""The pieces every card painter repeats: the paper with rounded corners, the thin
dark edge, the frame inside the edge, words in the condensed face, and drawn marks
(a colour's shape: circle, square, triangle, star; a flat hand, the mark of a slap).

For a game's ``paint`` function (``CardStyle(paint=...)``); the game decides what goes
where on its face. Not for card backs nor the default face (``ui.cards``).
"""

from __future__ import annotations

import math

import pygame

from ... import theme

Colour = tuple[int, int, int]
EDGE: Colour = (40, 40, 40)


def blank(size: tuple[int, int], paper: Colour) -> tuple[pygame.Surface, int]:
    """A card's paper at ``size``, its corners rounded; returns it and the corner radius."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(2, round(size[0] * 0.09))
    pygame.draw.rect(surface, paper, surface.get_rect(), border_radius=radius)
    return surface, radius


def frame(surface: pygame.Surface, colour: Colour, thickness: float, radius: int) -> pygame.Rect:
    """The coloured frame a little inside the card's edge (``thickness`` a share of the
    width); returns the rect it runs along."""
    width = surface.get_width()
    inset = max(2, round(width * 0.06))
    inner = surface.get_rect().inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(surface, colour, inner, max(1, round(width * thickness)), radius // 2 + 1)
    return inner


def edge(surface: pygame.Surface, radius: int, colour: Colour = EDGE) -> pygame.Surface:
    """The thin dark edge round the card, drawn last; returns the card."""
    width = max(1, round(surface.get_width() * 0.012))
    pygame.draw.rect(surface, colour, surface.get_rect(), width, radius)
    return surface


def say(surface: pygame.Surface, words: str, pos, size: int, colour: Colour, anchor: str) -> None:
    """Words in the condensed face at ``size`` pixels."""
    theme.text(surface, words, pos, 0, colour, anchor=anchor, font=theme.fonts().condensed(size))


def draw_shape(
    surface: pygame.Surface,
    shape: str,
    centre: tuple[float, float],
    radius: float,
    colour: Colour,
    edge: Colour | None = None,
) -> None:
    """A colour's shape: circle, square, triangle or star, ``radius`` from its centre."""
    x, y = centre
    width = max(1, round(radius * 0.12)) if edge else 0
    if shape == "circle":
        pygame.draw.circle(surface, colour, (round(x), round(y)), round(radius))
        if edge:
            pygame.draw.circle(surface, edge, (round(x), round(y)), round(radius), width)
        return
    if shape == "square":
        side = radius * 1.7
        rect = pygame.Rect(0, 0, round(side), round(side))
        rect.center = (round(x), round(y))
        pygame.draw.rect(surface, colour, rect, border_radius=max(1, round(side * 0.12)))
        if edge:
            pygame.draw.rect(surface, edge, rect, width, border_radius=max(1, round(side * 0.12)))
        return
    if shape == "triangle":
        points = [
            (
                x + radius * 1.12 * math.cos(math.radians(a)),
                y + radius * 1.12 * math.sin(math.radians(a)) + radius * 0.18,
            )
            for a in (-90, 30, 150)
        ]
    else:  # star
        points = []
        for index in range(10):
            reach = radius * 1.12 if index % 2 == 0 else radius * 0.5
            angle = math.radians(-90 + index * 36)
            points.append(
                (x + reach * math.cos(angle), y + reach * math.sin(angle) + radius * 0.08)
            )
    pygame.draw.polygon(surface, colour, points)
    if edge:
        pygame.draw.polygon(surface, edge, points, width)


def draw_hand(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, edge: Colour) -> None:
    """A flat hand, fingers up, filling ``rect``: the mark of a slap."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    w, h = rect.size
    palm = pygame.Rect(round(w * 0.2), round(h * 0.42), round(w * 0.62), round(h * 0.54))
    pygame.draw.rect(layer, colour, palm, border_radius=round(w * 0.2))
    finger_w = round(w * 0.15)
    for left, top in ((0.2, 0.14), (0.355, 0.04), (0.51, 0.07), (0.665, 0.17)):
        finger = pygame.Rect(round(w * left), round(h * top), finger_w, round(h * 0.5))
        pygame.draw.rect(layer, colour, finger, border_radius=finger_w // 2)
    thumb_from = (round(w * 0.3), round(h * 0.7))
    thumb_to = (round(w * 0.07), round(h * 0.42))
    thick = round(w * 0.15)
    pygame.draw.line(layer, colour, thumb_from, thumb_to, thick)
    pygame.draw.circle(layer, colour, thumb_to, thick // 2)
    outline = pygame.mask.from_surface(layer).outline()
    if len(outline) > 2:
        pygame.draw.lines(layer, edge, True, outline, max(2, round(w * 0.035)))
    surface.blit(layer, rect)


def ring(
    surface: pygame.Surface,
    centre: tuple[int, int],
    radius: int,
    thickness: int,
    colour: Colour,
    inside: Colour,
) -> None:
    """A filled ring (a disc of ``colour`` with ``inside`` within): what a big number
    stands in."""
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, inside, centre, radius - thickness)


def corners(surface: pygame.Surface, index: pygame.Surface, pad: int) -> None:
    """A corner index ``pad`` in from the top left, and upside down in the far corner,
    so a fanned hand shows it whichever way the card lies."""
    width, height = surface.get_size()
    surface.blit(index, (pad, pad))
    far = (width - pad - index.get_width(), height - pad - index.get_height())
    surface.blit(pygame.transform.rotate(index, 180), far)
