"""Copy Cat's card painter: the numbers 1 to 8 each in their own colour, and the four
special cards painted as two-number cards (the lower number top left, the higher bottom
right, split by a diagonal), so a player sees at once that a 3/6 plays as 3 or 6 and
counts 3. Not for where cards lie (the table).
"""

from __future__ import annotations

import pygame

from cardtable.games.copycat.vocabulary import is_special, numbers_on

from ... import theme
from ...cards import CardFace, CardStyle, draw_face
from ..parts import painter

Colour = tuple[int, int, int]

NUMBER_COLOURS: dict[int, Colour] = {
    1: (40, 120, 200),
    2: (30, 150, 110),
    3: (120, 150, 30),
    4: (200, 140, 20),
    5: (220, 90, 30),
    6: (200, 50, 80),
    7: (150, 60, 170),
    8: (80, 70, 190),
}
PAPER: Colour = (252, 249, 240)


def number_face(code: str) -> CardFace:
    number = numbers_on(code)[0]
    return CardFace(code, code, PAPER, (30, 30, 40), NUMBER_COLOURS[number])


def paint(code: str, size: tuple[int, int]) -> pygame.Surface:
    """A numbered card as the standard face; a special card split in two numbers."""
    if not is_special(code):
        return draw_face(NUMBER_STYLE, code, size)
    low, high = numbers_on(code)
    width, height = size
    surface, radius = painter.blank(size, PAPER)
    rect = surface.get_rect()
    inset = max(2, round(width * 0.07))
    inner = rect.inflate(-2 * inset, -2 * inset)
    # Two coloured triangles, one per number, meeting on the diagonal.
    shade = pygame.Surface(inner.size, pygame.SRCALPHA)
    w, h = inner.size
    pygame.draw.polygon(shade, (*NUMBER_COLOURS[low], 70), [(0, 0), (w, 0), (0, h)])
    pygame.draw.polygon(shade, (*NUMBER_COLOURS[high], 70), [(w, 0), (w, h), (0, h)])
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius // 2 + 1)
    shade.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(shade, inner)
    pygame.draw.line(
        surface, (255, 255, 255), inner.topright, inner.bottomleft, max(2, width // 18)
    )
    big = theme.fonts().condensed(max(9, round(min(width * 0.5, height * 0.36))))
    low_image = big.render(str(low), True, NUMBER_COLOURS[low])
    high_image = big.render(str(high), True, NUMBER_COLOURS[high])
    surface.blit(low_image, low_image.get_rect(center=(inner.x + w * 0.3, inner.y + h * 0.3)))
    # Both upright: on a card that is never turned, an upside-down 6 reads as a 9.
    surface.blit(high_image, high_image.get_rect(center=(inner.x + w * 0.7, inner.y + h * 0.7)))
    small = theme.fonts().condensed(max(7, round(width * 0.17)))
    index = small.render(code, True, (30, 30, 40))
    if height >= 60:
        surface.blit(index, index.get_rect(midbottom=(rect.centerx, inner.bottom - 1)))
    pygame.draw.rect(surface, NUMBER_COLOURS[low], inner, max(1, round(width * 0.025)), radius)
    return painter.edge(surface, radius)


NUMBER_STYLE = CardStyle(
    "copycat-number", number_face, back=(60, 50, 90), back_accent=(250, 210, 120), back_label="MEOW"
)
COPYCAT_STYLE = CardStyle(
    "copycat",
    number_face,
    back=(60, 50, 90),
    back_accent=(250, 210, 120),
    back_label="MEOW",
    paint=paint,
)
