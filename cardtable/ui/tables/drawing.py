"""Drawing helpers every table shares, one of each: a label in a rounded box, a seat's
name plate, a count badge, the pulse and glow of what may be played, a countdown bar,
and a veil with a cross for a cancelled card.

Plain functions on a surface; the caller says where. Not for card faces (``cards``) nor
where things go (the table's ``layout``).
"""

from __future__ import annotations

import pygame

from .. import theme
from ..widgets import wrap

Colour = tuple[int, int, int]

#: The height of a table's top bar (title, status, buttons).
TOP_BAR = 44


def pulse(clock: float, rate: float = 1.6) -> float:
    """0..1 and back, ``rate`` times a second: how strongly something asks to be used."""
    return 0.5 + 0.5 * abs(((clock * rate) % 2) - 1)


def label_box(
    surface: pygame.Surface,
    words: str,
    pos: tuple[int, int],
    size: int = 15,
    fill: Colour = theme.PANEL,
    ink: Colour = theme.INK,
    anchor: str = "center",
    alpha: int = 225,
    width: int | None = None,
) -> pygame.Rect:
    """A label in a rounded box with its ``anchor`` at ``pos``, kept on the surface.
    With ``width`` the words wrap to lines no wider than that, never cut off."""
    font = theme.fonts().get(size, bold=True)
    lines = wrap(words, font, width) if width else [words]
    line_h = font.get_linesize()
    box = pygame.Rect((0, 0), box_size(words, size, width))
    setattr(box, anchor, pos)
    box.clamp_ip(surface.get_rect())
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*fill, alpha), layer.get_rect(), border_radius=min(10, box.h // 2))
    surface.blit(layer, box)
    for index, line in enumerate(lines):
        centre = (box.centerx, box.y + size // 4 + line_h * index + line_h // 2)
        theme.text(surface, line, centre, size, ink, anchor="center", font=font)
    return box


def box_size(words: str, size: int = 15, width: int | None = None) -> tuple[int, int]:
    """How big ``label_box`` draws ``words`` (wrapped to ``width`` when given)."""
    font = theme.fonts().get(size, bold=True)
    lines = wrap(words, font, width) if width else [words]
    widest = max(font.size(line)[0] for line in lines)
    return widest + size, font.get_linesize() * len(lines) + size // 2


def badge(surface: pygame.Surface, count: int, card: pygame.Rect) -> None:
    """How many cards a pile holds, under its top card."""
    size = max(11, card.h // 9)
    label_box(surface, str(count), (card.centerx, card.bottom + 3), size, anchor="midtop")


def glow(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, strength: float) -> None:
    """A soft lit outline around ``rect`` (a legal target, a focused card)."""
    layer = pygame.Surface(rect.inflate(16, 16).size, pygame.SRCALPHA)
    for ring in range(3):
        alpha = int(strength * (150 - 45 * ring))
        area = layer.get_rect().inflate(-ring * 6, -ring * 6)
        pygame.draw.rect(layer, (*colour, alpha), area, 3, border_radius=12)
    surface.blit(layer, rect.inflate(16, 16))


def target(surface: pygame.Surface, rect: pygame.Rect, lit: float | None) -> None:
    """A drop place: a faint outline, or (``lit`` 0..1 a pulse) filled and glowing."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    if lit is not None:
        layer.fill((*theme.HIGHLIGHT, int(40 + 60 * lit)))
    edge = (*theme.HIGHLIGHT, 255) if lit is not None else (230, 240, 230, 110)
    pygame.draw.rect(layer, edge, layer.get_rect(), 4 if lit is not None else 2, border_radius=10)
    surface.blit(layer, rect)


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, clock: float) -> None:
    """The keyboard's cursor: bright, thick and breathing, so nobody misses it."""
    glow(surface, rect, theme.HIGHLIGHT, 0.6 + 0.4 * pulse(clock, 2.0))
    pygame.draw.rect(surface, (255, 255, 255), rect.inflate(8, 8), 3, border_radius=9)


def countdown(surface: pygame.Surface, y: int, left: float, colour: Colour = theme.GOLD) -> None:
    """A bar across the window at ``y`` that runs out as ``left`` goes from 1 to 0."""
    width = surface.get_width()
    pygame.draw.rect(surface, theme.PANEL, (0, y, width, 6))
    pygame.draw.rect(surface, colour, (0, y, round(width * max(0.0, min(1.0, left))), 6))


def cancelled(surface: pygame.Surface, card: pygame.Rect) -> None:
    """A card that counts for nothing: veiled red and struck through, still readable."""
    veil = pygame.Surface(card.size, pygame.SRCALPHA)
    veil.fill((120, 20, 20, 70))
    surface.blit(veil, card)
    pygame.draw.line(surface, theme.RED, card.bottomleft, card.topright, max(2, card.w // 22))
    pygame.draw.rect(surface, theme.RED, card.inflate(6, 6), 3, border_radius=9)


def plate(
    surface: pygame.Surface,
    rect: pygame.Rect,
    name: str,
    kind: str,
    detail: str = "",
    lit: bool = False,
    kind_colour: Colour = theme.INK_DIM,
    corner: str = "",
) -> pygame.Rect | None:
    """A seat's name plate: the name, who plays it (``kind``), ``detail`` (a score) on the
    right, and a gold edge when the seat is to act; ``corner`` (a card count) in its
    bottom right corner, kept clear of the rest. Returns where the corner's words lie."""
    theme.panel(surface, rect, alpha=185, radius=10)
    if lit:
        pygame.draw.rect(surface, theme.HIGHLIGHT, rect, 3, border_radius=10)
    size = max(13, min(20, rect.h // 2 - 3))
    font = theme.fonts().get(size, bold=True)
    room = rect.width - 20
    small = max(11, size - 5)
    kind_room = rect.width - 20
    if corner:
        kind_room -= theme.fonts().get(corner_size(rect), bold=True).size(corner)[0] + 8
    if detail:
        wide = font.size(detail)[0] + 14 + font.size(name)[0] <= room
        if wide or corner:  # beside the name
            # The second line's right is the corner's when a table writes there: a
            # narrow plate keeps the detail beside the name in smaller type instead.
            at, points = (rect.right - 10, rect.y + 4), size if wide else small + 1
            shown = theme.text(surface, detail, at, points, theme.GOLD, True, "topright")
            room -= shown.width + 14
        else:  # a narrow plate keeps the name whole and puts the detail on the second line
            shown = theme.text(
                surface,
                detail,
                (rect.right - 10, rect.bottom - 4),
                small + 1,
                theme.GOLD,
                True,
                "bottomright",
            )
            kind_room -= shown.width + 8
    # A name too long for its room is set smaller (down to the detail's size) before it is
    # cut: "Player 2" whole rather than "Play…".
    name, font = theme.fitting(name, size, room, smallest=min(size, small + 1), bold=True)
    theme.text(surface, name, (rect.x + 10, rect.y + 4), 0, font=font)
    kind, kind_font = theme.fitting(kind, small, kind_room, smallest=min(small, 10))
    theme.text(
        surface,
        kind,
        (rect.x + 10, rect.bottom - 4),
        0,
        kind_colour,
        False,
        "bottomleft",
        font=kind_font,
    )
    return corner_words(surface, rect, corner, corner_size(rect)) if corner else None


def corner_size(plate: pygame.Rect) -> int:
    """The type size of words in a plate's bottom right corner (``corner_words``)."""
    return max(11, min(15, plate.height // 3 - 2))


def corner_words(surface: pygame.Surface, plate: pygame.Rect, words: str, size: int) -> pygame.Rect:
    """Bold words in the plate's bottom right corner (a card count); returns where."""
    at = (plate.right - 10, plate.bottom - 4)
    return theme.text(surface, words, at, size, theme.INK, True, "bottomright")
