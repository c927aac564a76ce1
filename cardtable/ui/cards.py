"""Card faces and backs, drawn at the exact pixel size the layout needs.

Every game gives a ``CardStyle``: for a card code, its paper and ink colours, the big centre
label, the small corner index and an optional caption; and a back colour and pattern. The
renderer draws vector shapes and text at the requested size, so cards are crisp at any
window size, and caches the images by (style, code, size, face), the least recently used
going first once they hold ``CACHE_BYTES`` of pixels, whatever the window size (a count of
images grows with the screen: 800 cards are 43 MB at 1280x720 and four times that on a
large screen). An image is kept there once it is asked for a second time: a card growing
or shrinking in flight is drawn at a new size every frame, each used once, and those wait
in a small pool of their own (``ONCE_BYTES``) instead of filling the cache over a long
match; an image not drawn for a while is let go (``recent``). Not for where cards lie
or how they move (that is the table's job).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from cardtable.engine import HIDDEN

from . import theme
from .recent import Cache

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class CardFace:
    """How one card code looks face up."""

    label: str
    index: str
    paper: Colour = (250, 247, 238)
    ink: Colour = (30, 30, 40)
    accent: Colour = (60, 110, 200)
    caption: str = ""


@dataclass(frozen=True)
class CardStyle:
    """A game's look: ``face(code)`` for the front, colours and a word for the back.

    ``paint(code, size)``, when given, draws the whole front instead of the standard face
    (a game whose cards carry symbols, such as Hit the Deck's colour shapes)."""

    name: str
    face: Callable[[str], CardFace]
    back: Colour = (150, 40, 50)
    back_accent: Colour = (235, 190, 90)
    back_label: str = ""
    paint: Callable[[str, tuple[int, int]], pygame.Surface] | None = None


def plain_face(code: str) -> CardFace:
    """A neutral face for games without their own style: the code is the label."""
    return CardFace(label=code, index=code)


PLAIN = CardStyle("plain", plain_face, back=(40, 70, 140), back_accent=(200, 210, 240))

CARD_RATIO = 1.42  # height / width, close to a real playing card


def card_size(height: float) -> tuple[int, int]:
    """A card's (width, height) in whole pixels for a given height."""
    height = max(12, round(height))
    return max(9, round(height / CARD_RATIO)), height


CACHE_BYTES = 8 * 1024 * 1024  # at least; the window's pixels (``fit``)
ONCE_BYTES = 4 * 1024 * 1024  # images asked for once so far (a card in flight, mostly)


def image_bytes(image: pygame.Surface) -> int:
    """The pixel memory of one image."""
    return image.get_width() * image.get_height() * image.get_bytesize()


class CardRenderer:
    """Draws and caches card images: ``renderer.image(style, code, (w, h))``.

    ``code`` ``"?"`` (a hidden card) or ``face_up=False`` gives the back. The cache holds at
    most ``max_bytes`` of pixels of images asked for more than once, none unused for
    ``recent.KEEP_SECONDS``, and the images asked for once so far at most ``ONCE_BYTES``
    (a quarter of ``max_bytes`` if that is less); ``nbytes`` is both together.
    """

    def __init__(self, max_bytes: int = CACHE_BYTES) -> None:
        self.max_bytes = max_bytes
        self._cache: Cache[pygame.Surface] = Cache(
            max_bytes, min(ONCE_BYTES, max_bytes // 4), image_bytes
        )

    @property
    def nbytes(self) -> int:
        return int(self._cache.total)

    def image(
        self, style: CardStyle, code: str, size: tuple[int, int], face_up: bool = True
    ) -> pygame.Surface:
        size = (max(9, int(size[0])), max(12, int(size[1])))
        up = face_up and code != HIDDEN
        key = (style.name, code if up else HIDDEN, size, up)
        return self._cache.get(key, lambda: self._draw(style, code, size, up))

    @staticmethod
    def _draw(style: CardStyle, code: str, size: tuple[int, int], up: bool) -> pygame.Surface:
        if not up:
            return draw_back(style, size)
        if style.paint is not None:
            return style.paint(code, size)
        return draw_face(style, code, size)

    def fit(self, window: tuple[int, int]) -> None:
        """Bound the cache by the window: its pixels (32-bit), at least ``CACHE_BYTES``,
        and start afresh. The cards one frame draws come to half that at most (MEAN!'s
        table, 4.1 MB at 1920x1080)."""
        self.max_bytes = max(CACHE_BYTES, 4 * window[0] * window[1])
        self._cache = Cache(self.max_bytes, min(ONCE_BYTES, self.max_bytes // 4), image_bytes)

    def clear(self) -> None:
        self._cache.clear()

    def __len__(self) -> int:
        return len(self._cache)


def _radius(width: int) -> int:
    return max(2, round(width * 0.09))


def draw_face(style: CardStyle, code: str, size: tuple[int, int]) -> pygame.Surface:
    width, height = size
    face = style.face(code)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = _radius(width)
    pygame.draw.rect(surface, face.paper, rect, border_radius=radius)
    inset = max(2, round(width * 0.06))
    inner = rect.inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(surface, face.accent, inner, max(1, round(width * 0.025)), radius // 2 + 1)
    # The big centre: the number a player reads from across the table.
    share = {1: 0.62, 2: 0.5}.get(len(face.label), 0.4)
    centre_size = round(min(width * share, height * 0.42))
    disc = max(4, round(width * 0.36))
    pygame.draw.circle(surface, face.accent, rect.center, disc)
    pygame.draw.circle(surface, face.paper, rect.center, disc - max(1, round(width * 0.03)))
    font = theme.fonts().condensed(centre_size)
    theme.text(surface, face.label, rect.center, 0, face.ink, anchor="center", font=font)
    # The small corner index, also upside down in the far corner, visible in a fanned hand.
    index_font = theme.fonts().condensed(max(7, round(width * 0.24)))
    index = index_font.render(face.index, True, face.accent)
    pad = inset + max(1, round(width * 0.04))
    surface.blit(index, (pad, pad - 1))
    surface.blit(
        pygame.transform.rotate(index, 180),
        (width - pad - index.get_width(), height - pad - index.get_height() + 1),
    )
    if face.caption and height >= 70:
        caption_font = theme.fonts().condensed(max(7, round(width * 0.11)))
        theme.text(
            surface,
            face.caption,
            (rect.centerx, rect.centery + disc + max(2, height * 0.04)),
            0,
            face.accent,
            anchor="midtop",
            font=caption_font,
        )
    pygame.draw.rect(surface, (40, 40, 40), rect, max(1, round(width * 0.012)), radius)
    return surface


def draw_back(style: CardStyle, size: tuple[int, int]) -> pygame.Surface:
    width, height = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = _radius(width)
    pygame.draw.rect(surface, (248, 244, 236), rect, border_radius=radius)
    inset = max(2, round(width * 0.07))
    inner = rect.inflate(-2 * inset, -2 * inset)
    pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
    pattern.fill(style.back)
    # A diamond lattice: two families of diagonal lines.
    step = max(4, round(width * 0.14))
    line = max(1, round(width * 0.02))
    span = inner.width + inner.height
    for offset in range(-span, span, step):
        pygame.draw.line(
            pattern, style.back_accent, (offset, 0), (offset + inner.height, inner.height), line
        )
        pygame.draw.line(
            pattern, style.back_accent, (offset + inner.height, 0), (offset, inner.height), line
        )
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius // 2 + 1)
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(pattern, inner)
    if style.back_label and width >= 40:
        oval = pygame.Rect(0, 0, round(inner.width * 0.8), round(inner.height * 0.3))
        oval.center = rect.center
        pygame.draw.ellipse(surface, style.back, oval)
        pygame.draw.ellipse(surface, style.back_accent, oval, max(1, line))
        words = style.back_label
        font_size = max(7, round(oval.height * 0.42))
        font = theme.fonts().condensed(font_size)
        while font.size(words)[0] > oval.width * 0.85 and font_size > 7:
            font_size -= 1
            font = theme.fonts().condensed(font_size)
        theme.text(surface, words, rect.center, 0, style.back_accent, anchor="center", font=font)
    pygame.draw.rect(surface, (40, 40, 40), rect, max(1, round(width * 0.012)), radius)
    return surface


def shadow(size: tuple[int, int], lift: float = 0.0) -> pygame.Surface:
    """A soft shadow under a card; ``lift`` 0..1 makes it larger and fainter (in flight)."""
    width, height = size
    grow = round(4 + 10 * lift)
    surface = pygame.Surface((width + grow, height + grow), pygame.SRCALPHA)
    alpha = round(90 - 40 * lift)
    pygame.draw.rect(
        surface, (0, 0, 0, alpha), surface.get_rect(), border_radius=_radius(width) + grow // 2
    )
    return surface


def flip_width(progress: float) -> float:
    """The visible width fraction of a card turning over (1 -> 0 -> 1)."""
    return abs(math.cos(progress * math.pi))
