"""Draw Card Table's icon and write it in the sizes and containers each system wants.

Two fanned cards, an ace of spades behind an ace of hearts, on green felt in a wooden rim.
Each size is drawn afresh at four times its size and smoothed down, so edges are crisp;
the smallest sizes drop the corner indices, which would only be noise at 16 pixels.

Writes ``assets/icons/cardtable-{16..512}.png``, ``cardtable.ico`` (Windows: PNG entries
in an ICO container) and ``cardtable.icns`` (macOS: PNG entries in an ICNS container).
The containers are written here with ``struct``; nothing beyond pygame is needed.
The generated files are committed; run this again only when the drawing changes:

    .venv/bin/python packaging/make_icon.py
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # (after the headless driver is chosen)

ICONS = Path(__file__).resolve().parents[1] / "assets" / "icons"
PNG_SIZES = (16, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS entry types holding PNG data, by pixel size. The @2x types repeat a pixel size
# under another name; macOS picks by type, so both are written.
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)

RIM = (92, 56, 30)
RIM_LIGHT = (140, 92, 52)
FELT_EDGE = (14, 82, 44)
FELT_CENTRE = (36, 140, 76)
CARD = (250, 248, 240)
CARD_EDGE = (120, 120, 120)
RED = (200, 30, 40)
BLACK = (24, 24, 28)


def _heart(surface: pygame.Surface, centre: tuple[float, float], size: float) -> None:
    """A heart ``size`` wide, centred on ``centre``."""
    x, y = centre
    r = size * 0.27
    pygame.draw.circle(surface, RED, (x - r * 0.95, y - r * 0.55), r)
    pygame.draw.circle(surface, RED, (x + r * 0.95, y - r * 0.55), r)
    pygame.draw.polygon(
        surface,
        RED,
        [
            (x - size * 0.5, y - r * 0.35),
            (x + size * 0.5, y - r * 0.35),
            (x, y + size * 0.52),
        ],
    )


def _spade(surface: pygame.Surface, centre: tuple[float, float], size: float) -> None:
    """A spade ``size`` wide, centred on ``centre``."""
    x, y = centre
    r = size * 0.26
    pygame.draw.circle(surface, BLACK, (x - r * 0.95, y + r * 0.45), r)
    pygame.draw.circle(surface, BLACK, (x + r * 0.95, y + r * 0.45), r)
    pygame.draw.polygon(
        surface,
        BLACK,
        [
            (x - size * 0.5, y + r * 0.25),
            (x + size * 0.5, y + r * 0.25),
            (x, y - size * 0.55),
        ],
    )
    pygame.draw.polygon(
        surface,
        BLACK,
        [(x, y + r * 0.4), (x - size * 0.2, y + size * 0.62), (x + size * 0.2, y + size * 0.62)],
    )


def _letter_a(surface: pygame.Surface, colour, left: float, top: float, height: float) -> None:
    """A bold capital A drawn from strokes, so no font is needed."""
    width = height * 0.8
    stroke = max(1.0, height * 0.2)
    apex = (left + width / 2, top)
    foot_left = (left, top + height)
    foot_right = (left + width, top + height)
    pygame.draw.line(surface, colour, apex, foot_left, round(stroke))
    pygame.draw.line(surface, colour, apex, foot_right, round(stroke))
    bar_y = top + height * 0.62
    pygame.draw.line(
        surface,
        colour,
        (left + width * 0.22, bar_y),
        (left + width * 0.78, bar_y),
        round(stroke * 0.8),
    )


def _card(width: int, height: int, suit: str, detail: bool) -> pygame.Surface:
    """One ace, face up, on a transparent surface. The spade sits behind the heart, so its
    pip is drawn left of centre, where it shows."""
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = round(width * 0.12)
    pygame.draw.rect(card, CARD_EDGE, card.get_rect(), border_radius=radius)
    border = max(1, round(width * 0.025))
    pygame.draw.rect(
        card, CARD, card.get_rect().inflate(-2 * border, -2 * border), border_radius=radius
    )
    draw = _heart if suit == "heart" else _spade
    colour = RED if suit == "heart" else BLACK
    pip = width * (0.5 if detail else 0.62)
    pip_x = width * (0.5 if suit == "heart" else 0.36)
    draw(card, (pip_x, height / 2 + (height * 0.04 if detail else 0)), pip)
    if detail:
        index_height = height * 0.14
        _letter_a(card, colour, width * 0.1, height * 0.07, index_height)
        draw(
            card,
            (width * 0.1 + index_height * 0.4, height * 0.07 + index_height * 1.55),
            width * 0.13,
        )
    return card


def draw_icon(size: int) -> pygame.Surface:
    """The icon at ``size`` pixels square, with a transparent outside."""
    scale = 4 if size <= 256 else 2
    big = size * scale
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    detail = size >= 64
    table = canvas.get_rect().inflate(-big * 0.04, -big * 0.04) if detail else canvas.get_rect()
    radius = round(big * 0.2)
    pygame.draw.rect(canvas, RIM, table, border_radius=radius)
    pygame.draw.rect(
        canvas, RIM_LIGHT, table, width=max(1, round(big * 0.012)), border_radius=radius
    )
    felt = table.inflate(-big * (0.09 if detail else 0.12), -big * (0.09 if detail else 0.12))
    felt_radius = round(big * 0.15)
    # A soft light in the middle of the felt: concentric rounded rects from edge to centre.
    steps = 24
    for step in range(steps):
        t = step / (steps - 1)
        colour = [round(e + (c - e) * t) for e, c in zip(FELT_EDGE, FELT_CENTRE, strict=True)]
        shrink = round(felt.width * 0.42 * t)
        area = felt.inflate(-shrink, -shrink)
        pygame.draw.rect(canvas, colour, area, border_radius=max(1, felt_radius - shrink // 2))

    card_w = round(big * (0.40 if detail else 0.44))
    card_h = round(card_w * 1.4)
    centre = (big * 0.5, big * 0.53)
    for suit, angle, shift in (("spade", 16, -0.12), ("heart", -12, 0.12)):
        card = _card(card_w, card_h, suit, detail)
        shadow = pygame.Surface(card.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(
            shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=round(card_w * 0.12)
        )
        for layer, offset in ((shadow, big * 0.018), (card, 0.0)):
            turned = pygame.transform.rotozoom(layer, angle, 1.0)
            rect = turned.get_rect(
                center=(
                    centre[0] + big * shift + offset,
                    centre[1] + abs(shift) * big * 0.1 + offset,
                )
            )
            canvas.blit(turned, rect)

    return pygame.transform.smoothscale(canvas, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICO container of PNG entries (valid on Windows Vista and later)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, images = b"", b""
    for size in sizes:
        data = pngs[size]
        side = 0 if size >= 256 else size  # 0 means 256 in an ICO directory entry
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        images += data
        offset += len(data)
    return header + entries + images


def icns_bytes(entries: list[tuple[bytes, bytes]]) -> bytes:
    """An ICNS container: ``icns``, total length, then (type, length, PNG data) per entry."""
    body = b"".join(kind + struct.pack(">I", 8 + len(data)) + data for kind, data in entries)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    wanted = sorted({*PNG_SIZES, *ICO_SIZES, *(size for _, size in ICNS_TYPES)})
    pngs = {size: png_bytes(draw_icon(size)) for size in wanted}
    ICONS.mkdir(parents=True, exist_ok=True)
    for size in PNG_SIZES:
        (ICONS / f"cardtable-{size}.png").write_bytes(pngs[size])
    (ICONS / "cardtable.ico").write_bytes(ico_bytes({size: pngs[size] for size in ICO_SIZES}))
    (ICONS / "cardtable.icns").write_bytes(icns_bytes([(k, pngs[s]) for k, s in ICNS_TYPES]))
    for path in sorted(ICONS.iterdir()):
        print(f"{path.relative_to(ICONS.parents[1])}  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
