"""The look shared by every scene: colours, spacing and the bundled fonts.

Fonts are always the bundled DejaVu files loaded by path (never a system font), cached by
size so text is rendered at the exact size the layout asks for. Not for card faces (see
``cards``) or a game's own colours.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable

import pygame

from . import scripts
from .recent import Cache
from .resources import asset_path

FELT = (24, 92, 62)
FELT_DARK = (17, 70, 47)
FELT_LIGHT = (36, 118, 82)
PANEL = (14, 38, 30)
PANEL_EDGE = (70, 140, 105)
INK = (242, 240, 228)
INK_DIM = (170, 196, 180)
GOLD = (244, 200, 66)
RED = (214, 64, 60)
GREEN = (90, 200, 120)
BLUE = (80, 150, 230)
SHADOW = (0, 0, 0, 90)
HIGHLIGHT = (255, 226, 90)
BUTTON = (40, 70, 58)
BUTTON_HOVER = (58, 100, 82)
BUTTON_EDGE = (120, 180, 150)

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
FONTS_KEPT = 48  # fonts (file and size) kept loaded at most
CONDENSED = "DejaVuSansCondensed-Bold.ttf"


class Fonts:
    """The bundled fonts by file and pixel size: ``fonts.get(24, bold=True)``; and for
    each, the fonts its other scripts are drawn with (``variant``)."""

    def __init__(self) -> None:
        # A font is about 200 KB: the ones not used lately are let go, and a size asked
        # for once (a card's index at a size it has only in flight) is not kept.
        self._cache: Cache[pygame.font.Font] = Cache(FONTS_KEPT, 8, dropped=self._forget)
        self._origin: dict[int, tuple[str, int]] = {}  # id(font) -> its file and size

    def _forget(self, key: Hashable, font: pygame.font.Font) -> None:
        self._origin.pop(id(font), None)

    def file(self, name: str, size: int) -> pygame.font.Font:
        size = max(6, int(size))
        return self._cache.get((name, size), lambda: self._load(name, size))

    def _load(self, name: str, size: int) -> pygame.font.Font:
        font = pygame.font.Font(str(asset_path("fonts", name)), size)
        self._origin[id(font)] = (name, size)
        return font

    def variant(self, font: pygame.font.Font, kind: str) -> pygame.font.Font:
        """The font a run of another kind is drawn with beside ``font``: ``emoji`` the
        bundled emoji font at its size, else a script ("Arab", "Hebr") drawn right to
        left in the same file."""
        name, size = self._origin.get(id(font), (REGULAR, font.get_height()))
        if kind == "emoji":
            return self.file(scripts.EMOJI_FONT, size)

        def shaped() -> pygame.font.Font:
            made = pygame.font.Font(str(asset_path("fonts", name)), size)
            made.set_direction(pygame.DIRECTION_RTL)
            made.set_script(kind)
            return made

        return self._cache.get((name, size, kind), shaped)

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self.file(BOLD if bold else REGULAR, size)

    def condensed(self, size: int) -> pygame.font.Font:
        return self.file(CONDENSED, size)


_fonts: Fonts | None = None


def reset_fonts() -> None:
    """Forget loaded fonts: pygame invalidates them when it quits (a new app reloads)."""
    global _fonts
    _fonts = None
    _felt_cache.clear()
    _felt_tile.clear()


def fonts() -> Fonts:
    """The one font cache of the app (fonts are loaded after ``pygame.font.init``)."""
    global _fonts
    if _fonts is None:
        if not pygame.font.get_init():
            pygame.font.init()
        _fonts = Fonts()
    return _fonts


def text(
    surface: pygame.Surface,
    words: str,
    pos: tuple[float, float],
    size: int,
    colour: tuple[int, int, int] = INK,
    bold: bool = False,
    anchor: str = "topleft",
    font: pygame.font.Font | None = None,
) -> pygame.Rect:
    """Draw one line of text with its ``anchor`` (a Rect attribute) at ``pos``."""
    font = font or fonts().get(size, bold)
    image = render(font, words, colour)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect


def render(font: pygame.font.Font, words: str, colour) -> pygame.Surface:
    """``font.render`` for words in any script: right-to-left names in their order and
    joined, emoji drawn (``scripts``)."""
    if scripts.plain(words):
        return font.render(words, True, colour)
    cache = fonts()
    return scripts.render(font, words, colour, lambda kind: cache.variant(font, kind))


def fit(words: str, font: pygame.font.Font, width: float) -> str:
    """``words`` cut short with an ellipsis to fit ``width`` pixels (at least one letter)."""
    if font.size(words)[0] <= width:
        return words
    while len(words) > 1 and font.size(words + "…")[0] > width:
        words = words[:-1]
    return words.rstrip() + "…"


def fitting(words: str, size: int, width: float, smallest: int = 10, bold: bool = False):
    """``words`` and the largest font from ``size`` down to ``smallest`` that shows them
    whole in ``width`` pixels; cut short with an ellipsis at ``smallest`` if none does (a
    seat plate's "your turn" in a narrow window)."""
    for points in range(size, smallest - 1, -1):
        font = fonts().get(points, bold=bold)
        if font.size(words)[0] <= width:
            return words, font
    font = fonts().get(smallest, bold=bold)
    return fit(words, font, width), font


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 200, radius: int = 14) -> None:
    """A dark translucent panel with a light edge, for menus and seat plates."""
    if rect.width <= 0 or rect.height <= 0:
        return  # no room for it (a window squeezed below its minimum)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*PANEL, alpha), layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, (*PANEL_EDGE, 255), layer.get_rect(), 2, border_radius=radius)
    surface.blit(layer, rect)


def felt(surface: pygame.Surface) -> None:
    """The table cloth: a vertical gradient with a soft vignette under a woven felt
    texture, made once per window size and then only copied: no cost per frame."""
    surface.blit(felt_image(surface.get_size()), (0, 0))


def felt_image(size: tuple[int, int]) -> pygame.Surface:
    """The bare cloth of a window of ``size`` (what ``felt`` copies): where a frame's
    pixels still match it, nothing is drawn."""
    width, height = key = size
    cached = _felt_cache.get(key)
    if cached is None:
        # One column of the gradient, stretched across (the same pixels as a line a row).
        column = pygame.Surface((1, height))
        for y in range(height):
            shade = 1.0 - 0.35 * abs(y / max(1, height) - 0.45)
            column.set_at((0, y), tuple(int(c * shade) for c in FELT))
        cached = pygame.transform.scale(column, (width, height))
        tile = felt_tile()
        for x in range(0, width, tile.get_width()):
            for y in range(0, height, tile.get_height()):
                cached.blit(tile, (x, y))
        _felt_cache.clear()
        _felt_cache[key] = cached
    return cached


FELT_TILE = 96


def felt_tile() -> pygame.Surface:
    """A square of felt fibres that tiles without seams: short light and dark strokes in
    every direction at a low alpha, from a fixed seed (the same cloth every time)."""
    if _felt_tile:
        return _felt_tile[0]
    rng = random.Random(1905)  # a look, not a game: a fixed seed, drawn once
    tile = pygame.Surface((FELT_TILE, FELT_TILE), pygame.SRCALPHA)
    for _ in range(900):
        x, y = rng.uniform(0, FELT_TILE), rng.uniform(0, FELT_TILE)
        length = rng.uniform(1.5, 5.0)
        angle = rng.uniform(0, 6.283)
        light = rng.random() < 0.5
        colour = (255, 255, 230, rng.randint(6, 16)) if light else (0, 20, 10, rng.randint(10, 24))
        dx, dy = length * math.cos(angle), length * math.sin(angle)
        # Drawn again across each edge (no seams): only the copies that reach into the
        # tile, as the others draw nothing (start-up, benchmarks/packaging.md).
        for ox in _reaching(x, dx):
            for oy in _reaching(y, dy):
                start = (x + ox, y + oy)
                pygame.draw.line(tile, colour, start, (start[0] + dx, start[1] + dy))
    _felt_tile.append(tile)
    return tile


def _reaching(at: float, delta: float) -> list[int]:
    """The offsets (a tile to either side, or none) at which a stroke from ``at`` to
    ``at + delta`` along one axis comes within a pixel of the tile."""
    low, high = min(at, at + delta), max(at, at + delta)
    return [
        offset
        for offset in (-FELT_TILE, 0, FELT_TILE)
        if high + offset >= -1 and low + offset <= FELT_TILE + 1
    ]


_felt_cache: dict[tuple[int, int], pygame.Surface] = {}
_felt_tile: list[pygame.Surface] = []
