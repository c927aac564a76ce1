"""The Hit the Deck card painter: number cards show their number on their colour's shape
(red circle, blue square, green triangle, yellow star, so nobody has to tell colours
apart); word cards their word on a band of their colour; Hit cards are dark with HIT and
the number, the colour's shape or a hand. Also the hand drawn for a slap, and each
player's colour. Not for where cards lie (the table).
"""

from __future__ import annotations

import math

import pygame

from cardtable.games.hit_the_deck import (
    COLOUR_NAMES,
    COLOUR_SHAPES,
    CUT,
    FLIP,
    HAND,
    HIT_COLOUR,
    HIT_NUMBER,
    NUMBER,
    card,
    full_deck,
)

from ... import theme
from ...cards import CardFace, CardStyle

Colour = tuple[int, int, int]

CARD_COLOURS: dict[str, Colour] = {
    "R": (204, 42, 42),
    "B": (34, 90, 196),
    "G": (24, 136, 62),
    "Y": (236, 180, 16),
}
# Ink on a filled shape: yellow is too light for white numbers.
SHAPE_INK: dict[str, Colour] = {"R": (255, 255, 255), "B": (255, 255, 255)}
SHAPE_INK.update({"G": (255, 255, 255), "Y": (40, 30, 10)})
PAPER: Colour = (251, 249, 242)
HIT_PAPER: Colour = (30, 30, 40)
HIT_GOLD: Colour = (244, 200, 66)
EDGE: Colour = (40, 40, 40)

#: Each player's colour for their hand on the pile: none of them a card colour.
SEAT_COLOURS: list[Colour] = [
    (255, 138, 40),
    (178, 102, 255),
    (40, 214, 222),
    (255, 102, 178),
    (236, 236, 236),
    (172, 214, 60),
]


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


def hit_face(code: str) -> CardFace:
    """Words for a card (its label and corner index) where a face is described in text."""
    read = card(code)
    if read.kind == NUMBER:
        return CardFace(label=str(read.number), index=str(read.number))
    if read.kind in (CUT, FLIP):
        word = "CUT" if read.kind == CUT else "FLIP"
        return CardFace(label=word, index=word)
    if read.kind == HAND:
        return CardFace(label="HAND", index="HIT")
    return CardFace(label=str(read.calls), index="HIT")


def _say(surface: pygame.Surface, words: str, pos, size: int, colour: Colour, anchor: str) -> None:
    """Words in the condensed face at ``size`` pixels."""
    theme.text(surface, words, pos, 0, colour, anchor=anchor, font=theme.fonts().condensed(size))


def paint_card(code: str, size: tuple[int, int]) -> pygame.Surface:
    """A Hit the Deck card face: number cards show the number on their colour's shape;
    word cards their word on a band of their colour; Hit cards are dark with HIT and the
    number, the colour's shape or a hand."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    read = card(code)
    radius = max(2, round(size[0] * 0.09))
    (_paint_hit if read.is_hit else _paint_coloured)(surface, read, radius)
    pygame.draw.rect(surface, EDGE, surface.get_rect(), max(1, round(size[0] * 0.012)), radius)
    return surface


def _paint_hit(surface: pygame.Surface, read, radius: int) -> None:
    rect = surface.get_rect()
    width, height = rect.size
    pygame.draw.rect(surface, HIT_PAPER, rect, border_radius=radius)
    inner = rect.inflate(-2 * max(2, round(width * 0.06)), -2 * max(2, round(width * 0.06)))
    pygame.draw.rect(surface, HIT_GOLD, inner, max(1, round(width * 0.03)), radius // 2 + 1)
    top = (rect.centerx, inner.y + max(1, round(height * 0.04)))
    _say(surface, "HIT", top, max(7, round(width * 0.26)), HIT_GOLD, "midtop")
    middle = (rect.centerx, rect.centery + round(height * 0.06))
    white = (255, 255, 255)
    if read.kind == HIT_NUMBER:
        ring = round(width * 0.3)
        pygame.draw.circle(surface, HIT_GOLD, middle, ring)
        pygame.draw.circle(surface, HIT_PAPER, middle, ring - max(1, round(width * 0.04)))
        _say(surface, str(read.calls), middle, max(8, round(width * 0.42)), white, "center")
        caption = "number"
    elif read.kind == HIT_COLOUR:
        colour = str(read.calls)
        shape = COLOUR_SHAPES[colour]
        draw_shape(surface, shape, middle, width * 0.27, CARD_COLOURS[colour], white)
        caption = COLOUR_NAMES[colour]
    else:
        side = round(width * 0.62)
        hand = pygame.Rect(0, 0, side, round(side * 1.1))
        hand.center = middle
        draw_hand(surface, hand, white, HIT_GOLD)
        caption = "hand"
    if height >= 60:
        bottom = (rect.centerx, inner.bottom - max(1, round(height * 0.03)))
        _say(surface, caption.upper(), bottom, max(7, round(width * 0.13)), HIT_GOLD, "midbottom")


def _paint_coloured(surface: pygame.Surface, read, radius: int) -> None:
    rect = surface.get_rect()
    width, height = rect.size
    colour = str(read.colour)
    accent = CARD_COLOURS[colour]
    shape = COLOUR_SHAPES[colour]
    pygame.draw.rect(surface, PAPER, rect, border_radius=radius)
    frame = max(2, round(width * 0.07))
    pygame.draw.rect(surface, accent, rect, frame, border_radius=radius)
    # Corners: the number or word over the shape, also upside down in the far corner.
    condensed = theme.fonts().condensed
    index_font = condensed(max(7, round(width * (0.24 if read.kind == NUMBER else 0.15))))
    word = "CUT" if read.kind == CUT else "FLIP"
    index = index_font.render(str(read.number) if read.kind == NUMBER else word, True, accent)
    corner = pygame.Surface(
        (max(index.get_width(), round(width * 0.2)), index.get_height() + round(width * 0.2)),
        pygame.SRCALPHA,
    )
    corner.blit(index, index.get_rect(midtop=(corner.get_width() // 2, 0)))
    mark = (corner.get_width() / 2, index.get_height() + width * 0.09)
    draw_shape(corner, shape, mark, width * 0.075, accent)
    pad = frame + max(1, round(width * 0.03))
    surface.blit(corner, (pad, pad))
    far = (width - pad - corner.get_width(), height - pad - corner.get_height())
    surface.blit(pygame.transform.rotate(corner, 180), far)
    ink = SHAPE_INK[colour]
    if read.kind == NUMBER:
        draw_shape(surface, shape, rect.center, width * 0.3, accent)
        centre = (rect.centerx, rect.centery + round(width * 0.02))
        _say(surface, str(read.number), centre, max(8, round(width * 0.36)), ink, "center")
        return
    band = pygame.Rect(frame, 0, width - 2 * frame, round(height * 0.2))
    band.center = rect.center
    pygame.draw.rect(surface, accent, band)
    _say(
        surface,
        word,
        band.center,
        max(7, round(min(band.height * 0.8, width * 0.3))),
        ink,
        "center",
    )
    if height >= 60:
        below = (rect.centerx, band.bottom + round(height * 0.03))
        _say(surface, "THE DECK", below, max(7, round(width * 0.12)), accent, "midtop")
        draw_shape(surface, shape, (rect.centerx, band.top - height * 0.12), width * 0.11, accent)


HIT_STYLE = CardStyle(
    "hit-the-deck",
    hit_face,
    back=(120, 30, 44),
    back_accent=(244, 200, 66),
    back_label="HIT THE DECK",
    paint=paint_card,
)

ORDER = {code: index for index, code in enumerate(dict.fromkeys(full_deck()))}


def seat_colour(seat: int) -> Colour:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]
