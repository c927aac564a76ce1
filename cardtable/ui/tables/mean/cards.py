"""MEAN!'s card painter: each value its own colour (so a fanned hand reads at a glance),
the special cards marked (↑ on One and Three, ↓ on Ten and Twelve, ↻ on Eight, MEAN! on
Six, W for the Wild), corner marks always upright. Not for the table's layout.
"""

from __future__ import annotations

import math

import pygame

from cardtable.games.mean.vocabulary import EIGHT, MEAN_VALUE, SETS_DOWN, SETS_UP, WILD

from ... import theme
from ...cards import CardFace, CardStyle
from ..parts import painter
from ..parts.painter import blank, edge, frame

UP_MARK = "↑"
DOWN_MARK = "↓"
SWAP_MARK = "↻"
# The card colours are pretty and mean nothing; each value has its own, so a fanned hand
# reads at a glance.
VALUE_ACCENTS = {
    1: (200, 60, 50),
    2: (225, 120, 30),
    3: (190, 150, 20),
    4: (110, 160, 40),
    5: (40, 150, 80),
    6: (200, 30, 60),
    7: (20, 140, 150),
    8: (40, 100, 200),
    9: (90, 70, 190),
    10: (140, 60, 170),
    11: (200, 70, 140),
    12: (130, 90, 50),
}
MEAN_RED = (200, 36, 52)


def mean_face(code: str) -> CardFace:
    """What a MEAN! card shows: the value big, the special cards marked (↑ on One and
    Three, ↓ on Ten and Twelve, ↻ on Eight, MEAN! on Six, W for the Wild)."""
    if code == WILD:
        return CardFace(
            label="W",
            index="W",
            paper=(40, 36, 52),
            ink=(255, 214, 90),
            accent=(255, 150, 70),
            caption="WILD",
        )
    value = int(code)
    mark, caption = "", ""
    if value in SETS_UP:
        mark, caption = UP_MARK, f"{UP_MARK} UP"
    elif value in SETS_DOWN:
        mark, caption = DOWN_MARK, f"{DOWN_MARK} DOWN"
    elif value == EIGHT:
        mark, caption = SWAP_MARK, f"{SWAP_MARK} SWAP"
    elif value == MEAN_VALUE:
        mark, caption = "!", "MEAN!"
    paper = (255, 232, 232) if value == MEAN_VALUE else (250, 247, 238)
    return CardFace(
        label=code,
        index=code + mark,
        paper=paper,
        ink=(28, 28, 36),
        accent=VALUE_ACCENTS[value],
        caption=caption,
    )


def paint_mean(code: str, size: tuple[int, int]) -> pygame.Surface:
    """A MEAN! card front at ``size``: the number big in a ring, the corner marks upright
    (an arrow must never read upside down) and, where there is room, a band naming what
    a special card does."""
    face = mean_face(code)
    width, height = size
    surface, radius = blank(size, face.paper)
    rect = surface.get_rect()
    inset = frame(surface, face.accent, 0.025, radius).x
    banded = bool(face.caption) and height >= 60
    centre = (rect.centerx, round(height * (0.44 if banded else 0.5)))
    disc = max(4, round(width * 0.32))
    ring = max(1, round(width * 0.04))
    if code == WILD:
        # The Wild's ring carries every value's colour: it may be any of them.
        for value, colour in VALUE_ACCENTS.items():
            start = math.tau * (value - 1) / 12
            box = pygame.Rect(0, 0, 2 * disc, 2 * disc)
            box.center = centre
            pygame.draw.arc(surface, colour, box, start, start + math.tau / 12 + 0.05, ring * 2)
    else:
        painter.ring(surface, centre, disc, ring, face.accent, face.paper)
    share = {1: 0.62, 2: 0.43}.get(len(face.label), 0.4)
    font = theme.fonts().condensed(round(min(width * share, height * 0.42)))
    theme.text(surface, face.label, centre, 0, face.ink, anchor="center", font=font)
    # The corners, upright: top left the number with its mark under it (what a fanned
    # hand shows), bottom right the number (the band says the rest).
    number = "".join(ch for ch in face.index if ch.isalnum())
    mark = face.index[len(number) :]
    index_font = theme.fonts().condensed(max(7, round(width * 0.21)))
    pad = inset + max(1, round(width * 0.04))
    line_h = round(index_font.get_linesize() * 0.86)
    theme.text(surface, number, (pad + 1, pad - 2), 0, face.accent, font=index_font)
    if mark and height >= 40:
        theme.text(surface, mark, (pad + 1, pad - 2 + line_h), 0, face.accent, font=index_font)
    bottom = (width - pad - 1, height - pad + 2)
    theme.text(surface, number, bottom, 0, face.accent, anchor="bottomright", font=index_font)
    if banded:
        band_font = theme.fonts().condensed(max(7, round(width * 0.13)))
        label = band_font.render(face.caption, True, (255, 255, 255))
        band = label.get_rect().inflate(round(width * 0.08), 2)
        band.width = min(band.width, round(width * 0.52))
        band.midtop = (rect.centerx, centre[1] + disc + max(1, round(height * 0.02)))
        colour = MEAN_RED if code == str(MEAN_VALUE) else face.accent
        pygame.draw.rect(surface, colour, band, border_radius=max(2, band.height // 3))
        surface.blit(label, label.get_rect(center=band.center))
    return edge(surface, radius)


MEAN_STYLE = CardStyle(
    "mean",
    mean_face,
    back=(18, 112, 118),
    back_accent=(236, 226, 196),
    back_label="MEAN!",
    paint=paint_mean,
)
