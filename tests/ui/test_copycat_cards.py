"""Copy Cat's special cards as a player reads them: both numbers upright (a hand is never
turned round, so an upside-down 6 on the 3/6 read as a 9)."""

from __future__ import annotations

import pygame

from cardtable.ui import theme
from cardtable.ui.tables.copycat.cards import NUMBER_COLOURS, paint


def overlap(painted: pygame.Surface, glyph: pygame.Surface, colour) -> int:
    """How many of ``glyph``'s pixels land on ``colour`` in the lower-right of ``painted``
    at the best offset."""
    width, height = painted.get_size()
    region = pygame.Rect(width // 2 - 4, height // 2 - 4, width // 2, height // 2)
    ink = pygame.mask.from_threshold(painted.subsurface(region), colour, (40, 40, 40, 255))
    shape = pygame.mask.from_surface(glyph)
    return max(
        ink.overlap_area(shape, (dx, dy))
        for dx in range(0, region.width - glyph.get_width() + 1, 2)
        for dy in range(0, region.height - glyph.get_height() + 1, 2)
    )


def test_the_special_cards_higher_number_is_painted_upright(app):
    width, height = 90, 126
    painted = paint("3/6", (width, height))
    font = theme.fonts().condensed(max(9, round(min(width * 0.5, height * 0.36))))
    six = font.render("6", True, NUMBER_COLOURS[6])
    upright = overlap(painted, six, NUMBER_COLOURS[6])
    turned = overlap(painted, pygame.transform.rotate(six, 180), NUMBER_COLOURS[6])
    assert upright > 1.2 * turned, (upright, turned)
