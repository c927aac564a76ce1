"""One line of text in any script, as its writer typed it: right-to-left words (Arabic,
Hebrew) in their order and with their letters joined, and emoji from the bundled Noto
Emoji font where DejaVu has only empty boxes.

python-bidi puts the line in the order it is read on screen (the line itself runs left
to right: the app speaks English); each right-to-left run is then given back to the font
in its own order and drawn right to left, so HarfBuzz (in SDL_ttf) joins its letters.
Text with neither is drawn by the font as it is. Not for wrapping or fitting lines
(``widgets.wrap``, ``theme.fit``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import pygame
from bidi import get_display

EMOJI_FONT = "NotoEmoji-Regular.ttf"
#: Code points below this are drawn by DejaVu as they are (Latin, Greek, Cyrillic...).
PLAIN_BELOW = 0x0590
_RTL = {"R", "AL"}
_JOINERS = {0x200D, 0xFE0E, 0xFE0F}

Variant = Callable[[str], pygame.font.Font]  # (run kind) -> the font to draw it with


def plain(words: str) -> bool:
    """Does the font draw ``words`` as they are (no right-to-left run, no emoji)?"""
    return all(ord(char) < PLAIN_BELOW for char in words)


def is_emoji(char: str) -> bool:
    point = ord(char)
    return point >= 0x1F000 or point in _JOINERS or 0x2B00 <= point <= 0x2BFF


def kind_of(char: str) -> str:
    """``rtl``, ``emoji``, ``neutral`` (spaces and punctuation take their neighbours'
    direction) or ``ltr``."""
    if is_emoji(char):
        return "emoji"
    direction = unicodedata.bidirectional(char)
    if direction in _RTL:
        return "rtl"
    if direction in ("WS", "ON", "CS", "ES", "ET", "NSM", "BN"):
        return "neutral"
    return "ltr"


def runs(words: str) -> list[tuple[str, str]]:
    """``words`` in screen order, cut into ``(kind, text)`` runs; a right-to-left run's
    text is in reading order (as typed), ready for a right-to-left font."""
    visual = get_display(words, base_dir="L")
    kinds = [kind_of(char) for char in visual]
    # A space or mark between two right-to-left letters belongs to their run.
    for index, kind in enumerate(kinds):
        if kind == "neutral":
            before = next((k for k in reversed(kinds[:index]) if k != "neutral"), "")
            after = next((k for k in kinds[index + 1 :] if k != "neutral"), "")
            kinds[index] = "rtl" if before == after == "rtl" else "ltr"
    out: list[tuple[str, str]] = []
    for char, kind in zip(visual, kinds, strict=True):
        if out and out[-1][0] == kind:
            out[-1] = (kind, out[-1][1] + char)
        else:
            out.append((kind, char))
    return [(kind, text[::-1] if kind == "rtl" else text) for kind, text in out]


def script_of(text: str) -> str:
    """The ISO 15924 script HarfBuzz shapes a right-to-left run in."""
    for char in text:
        name = unicodedata.name(char, "")
        if name.startswith("HEBREW"):
            return "Hebr"
        if name.startswith(("ARABIC", "SYRIAC", "THAANA", "NKO")):
            return "Arab" if name.startswith("ARABIC") else "Syrc"
    return "Arab"


def render(font: pygame.font.Font, words: str, colour, variant: Variant) -> pygame.Surface:
    """``words`` drawn in ``colour``: each run by its own font (``variant``)."""
    if plain(words):
        return font.render(words, True, colour)
    images = []
    for kind, text in runs(words):
        if kind == "emoji":
            text = "".join(char for char in text if ord(char) not in (0xFE0E, 0xFE0F))
            if not text:
                continue
            use = variant("emoji")
        elif kind == "rtl":
            use = variant(script_of(text))
        else:
            use = font
        images.append((use, use.render(text, True, colour)))
    if not images:
        return font.render("", True, colour)
    ascent = max(use.get_ascent() for use, _image in images)
    height = max(ascent - use.get_ascent() + image.get_height() for use, image in images)
    line = pygame.Surface((sum(image.get_width() for _u, image in images), height), pygame.SRCALPHA)
    x = 0
    for use, image in images:
        line.blit(image, (x, ascent - use.get_ascent()))
        x += image.get_width()
    return line
