"""The Hit the Deck card painter: number cards show their number on their colour's shape
(red circle, blue square, green triangle, yellow star, so nobody has to tell colours
apart); word cards their word on a band of their colour; Hit cards are dark with HIT and
the number, the colour's shape or a hand. Also the hand drawn for a slap, and each
player's colour. Not for where cards lie (the table).
"""

from __future__ import annotations

import pygame

from cardtable.games.hit_the_deck.vocabulary import (
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
from ..parts import painter
from ..parts.painter import Colour

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

#: Each player's colour for their hand on the pile: none of them a card colour.
SEAT_COLOURS: list[Colour] = [
    (255, 138, 40),
    (178, 102, 255),
    (40, 214, 222),
    (255, 102, 178),
    (236, 236, 236),
    (172, 214, 60),
]


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


def paint_card(code: str, size: tuple[int, int]) -> pygame.Surface:
    """A Hit the Deck card face: number cards show the number on their colour's shape;
    word cards their word on a band of their colour; Hit cards are dark with HIT and the
    number, the colour's shape or a hand."""
    read = card(code)
    surface, radius = painter.blank(size, HIT_PAPER if read.is_hit else PAPER)
    (_paint_hit if read.is_hit else _paint_coloured)(surface, read, radius)
    return painter.edge(surface, radius)


def _paint_hit(surface: pygame.Surface, read, radius: int) -> None:
    rect = surface.get_rect()
    width, height = rect.size
    inner = painter.frame(surface, HIT_GOLD, 0.03, radius)
    top = (rect.centerx, inner.y + max(1, round(height * 0.04)))
    painter.say(surface, "HIT", top, max(7, round(width * 0.26)), HIT_GOLD, "midtop")
    middle = (rect.centerx, rect.centery + round(height * 0.06))
    white = (255, 255, 255)
    if read.kind == HIT_NUMBER:
        painter.ring(
            surface, middle, round(width * 0.3), max(1, round(width * 0.04)), HIT_GOLD, HIT_PAPER
        )
        painter.say(surface, str(read.calls), middle, max(8, round(width * 0.42)), white, "center")
        caption = "number"
    elif read.kind == HIT_COLOUR:
        colour = str(read.calls)
        shape = COLOUR_SHAPES[colour]
        painter.draw_shape(surface, shape, middle, width * 0.27, CARD_COLOURS[colour], white)
        caption = COLOUR_NAMES[colour]
    else:
        side = round(width * 0.62)
        hand = pygame.Rect(0, 0, side, round(side * 1.1))
        hand.center = middle
        painter.draw_hand(surface, hand, white, HIT_GOLD)
        caption = "hand"
    if height >= 60:
        bottom = (rect.centerx, inner.bottom - max(1, round(height * 0.03)))
        painter.say(
            surface, caption.upper(), bottom, max(7, round(width * 0.13)), HIT_GOLD, "midbottom"
        )


def _paint_coloured(surface: pygame.Surface, read, radius: int) -> None:
    rect = surface.get_rect()
    width, height = rect.size
    colour = str(read.colour)
    accent = CARD_COLOURS[colour]
    shape = COLOUR_SHAPES[colour]
    border = max(2, round(width * 0.07))
    pygame.draw.rect(surface, accent, rect, border, border_radius=radius)
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
    painter.draw_shape(corner, shape, mark, width * 0.075, accent)
    painter.corners(surface, corner, border + max(1, round(width * 0.03)))
    ink = SHAPE_INK[colour]
    if read.kind == NUMBER:
        painter.draw_shape(surface, shape, rect.center, width * 0.3, accent)
        centre = (rect.centerx, rect.centery + round(width * 0.02))
        painter.say(surface, str(read.number), centre, max(8, round(width * 0.36)), ink, "center")
        return
    band = pygame.Rect(border, 0, width - 2 * border, round(height * 0.2))
    band.center = rect.center
    pygame.draw.rect(surface, accent, band)
    painter.say(
        surface,
        word,
        band.center,
        max(7, round(min(band.height * 0.8, width * 0.3))),
        ink,
        "center",
    )
    if height >= 60:
        below = (rect.centerx, band.bottom + round(height * 0.03))
        painter.say(surface, "THE DECK", below, max(7, round(width * 0.12)), accent, "midtop")
        painter.draw_shape(
            surface, shape, (rect.centerx, band.top - height * 0.12), width * 0.11, accent
        )


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
