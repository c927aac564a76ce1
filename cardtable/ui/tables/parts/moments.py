"""What a table shows for a moment of play, game-agnostic: a call shouted over the
table, a clock that runs out round a pile, a name tag, a list of players in order (who
hit first, who is still to come), a sign that turns over (Going Up / Going Down), and a
panel saying what is called for.

Plain functions on a surface; the table says where, when and in what words. Not for
the timing of the moment (the table's ``animate_*`` hooks) nor one game's own marks.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame
import pytweening

from ... import theme
from ...anim import Step, Tween
from ...cards import flip_width
from .. import drawing

Colour = tuple[int, int, int]
SHADE: Colour = (20, 10, 10)


def shout(
    surface: pygame.Surface,
    words: str,
    anchor: tuple[int, int],
    size: int,
    colour: Colour,
    width: int,
) -> None:
    """Big bold words with a dark outline, their bottom middle at ``anchor``, made
    smaller until no wider than ``width``: a call everyone at the table hears."""
    font = theme.fonts().get(size, bold=True)
    while font.size(words)[0] > width and size > 14:
        size -= 2
        font = theme.fonts().get(size, bold=True)
    shade = theme.render(font, words, SHADE)
    label = theme.render(font, words, colour)
    rect = label.get_rect(midbottom=anchor)
    for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 3), (2, 3)):
        surface.blit(shade, rect.move(dx, dy))
    surface.blit(label, rect)


def clock_ring(surface: pygame.Surface, pile: pygame.Rect, left: float, colour: Colour) -> None:
    """A timed window's clock: an arc round ``pile`` from twelve o'clock that runs out
    as ``left`` goes from 1 to 0."""
    reach = max(pile.w, pile.h) // 2 + 14
    circle = pygame.Rect(0, 0, 2 * reach, 2 * reach)
    circle.center = pile.center
    end = math.pi / 2 + 2 * math.pi * left
    pygame.draw.arc(surface, colour, circle, math.pi / 2, end, 5)


def name_tag(
    surface: pygame.Surface,
    words: str,
    centre: tuple[float, float],
    size: int,
    fill: Colour,
    ink: Colour,
) -> None:
    """A small filled tag with a dark rim (a name on a hand, a mark on a card), kept on
    the surface."""
    font = theme.fonts().get(size, bold=True)
    label = theme.render(font, words, ink)
    box = label.get_rect(center=(round(centre[0]), round(centre[1]))).inflate(12, 4)
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, fill, box, border_radius=8)
    pygame.draw.rect(surface, (20, 20, 20), box, 2, border_radius=8)
    surface.blit(label, label.get_rect(center=box.center))


def order_list(
    surface: pygame.Surface,
    box: pygame.Rect,
    title: str,
    size: int,
    rows: list[tuple[str, str, str, Colour, bool]],
) -> None:
    """A panel listing players in order under ``title``: each row ``(lead, name, after,
    colour, bold)``, e.g. ``("1. ", "Ann", " (called)", red, True)``. The name gives way
    before what it did: "4. Cy… (called)", never "4. Cy (ca…"."""
    theme.panel(surface, box, alpha=215, radius=10)
    theme.text(surface, title, (box.x + 10, box.y + 6), size - 2, theme.INK_DIM, True)
    y = box.y + 8 + size + 8
    for lead, name, after, colour, bold in rows:
        font = theme.fonts().get(size, bold=bold)
        room_for_name = box.width - 20 - font.size(lead + after)[0]
        words = lead + theme.fit(name, font, max(24, room_for_name)) + after
        theme.text(surface, words, (box.x + 10, y), size, colour, bold, font=font)
        y += size + 8


def turning_sign(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour: Colour,
    words: str,
    size: int,
    squeeze: float = 1.0,
) -> None:
    """A sign with rounded corners and a light rim, its words as big as fit; ``squeeze``
    (0..1, from ``cards.flip_width``) narrows it while it turns over."""
    face = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(face, colour, face.get_rect(), border_radius=12)
    pygame.draw.rect(face, (250, 246, 230), face.get_rect(), 3, border_radius=12)
    font = theme.fonts().get(size, bold=True)
    while font.size(words)[0] > rect.width - 16 and size > 10:
        size -= 1
        font = theme.fonts().get(size, bold=True)
    theme.text(
        face, words, (rect.width // 2, rect.height // 2), 0, theme.INK, anchor="center", font=font
    )
    shown = rect.copy()
    shown.width = max(4, round(rect.width * squeeze))
    shown.centerx = rect.centerx
    if squeeze < 1.0:
        face = pygame.transform.smoothscale(face, shown.size)
    surface.blit(face, shown)


class TimedCall:
    """A timed window shown as a moment of its own: a call shouted over the table while
    it is open (``calling``), "Round over" the moment the rules close it (``closed``),
    then its outcome (``result``) until the next turn clears it; and a flash line that
    fades (a fake-out, a late call). The table says when (from its ``animate_*`` hooks),
    in what words, and where."""

    def __init__(self) -> None:
        self.calling = False  # the call is up: the window is open
        self.closed = False  # the rules closed it: "Round over" until the result
        self.result: dict[str, Any] | None = None  # the closed window, once shown
        self.flash = ""
        self.flash_left = 0.0

    @property
    def showing(self) -> bool:
        """The window (or its outcome) holds the middle of the table."""
        return self.calling or self.closed or self.result is not None

    def show_flash(self, words: str, seconds: float = 2.4) -> None:
        self.flash = words
        self.flash_left = seconds

    def update(self, dt: float) -> None:
        self.flash_left = max(0.0, self.flash_left - dt)

    def draw_call(
        self,
        surface: pygame.Surface,
        anchor: tuple[int, int],
        width: int,
        call: tuple[str, int, Colour],
        over: tuple[str, int, Colour],
        outcome: tuple[str, int, Colour],
    ) -> None:
        """The ``(words, size, colour)`` of the moment shouted at ``anchor``: ``call``
        while open, ``over`` once closed, then ``outcome``."""
        if self.showing:
            shown = call if self.calling else over if self.closed else outcome
            words, size, colour = shown
            shout(surface, words, anchor, size, colour, width)

    def draw_flash_at(
        self, surface: pygame.Surface, at: tuple[int, int], size: int, fill: Colour, ink: Colour
    ) -> None:
        """The flash line in a box under ``at``, fading in its last half second."""
        if self.flash_left <= 0 or not self.flash:
            return
        alpha = int(230 * min(1.0, self.flash_left * 2))
        drawing.label_box(surface, self.flash, at, size, fill, ink, "midtop", alpha)


def call_panel(
    surface: pygame.Surface,
    box: pygame.Rect,
    title: str,
    words: str,
    colour: Colour,
    mark: Callable[[tuple[int, int]], None],
) -> None:
    """A panel beside a pile saying what is called for: ``title`` at its top in
    ``colour`` (rimmed in it too), the game's ``mark(middle)`` in its middle (a shape, a
    number), ``words`` at its foot."""
    theme.panel(surface, box, alpha=225, radius=12)
    pygame.draw.rect(surface, colour, box, 3, border_radius=12)
    theme.text(surface, title, (box.centerx, box.y + 6), 14, colour, True, "midtop")
    mark((box.centerx, box.centery + 4))
    theme.text(surface, words, (box.centerx, box.bottom - 6), 14, theme.INK, True, "midbottom")


def arrow(
    surface: pygame.Surface,
    points: list[tuple[float, float]],
    colour: Colour,
    forward: bool = True,
    width: int = 3,
    head: int = 12,
) -> None:
    """A line through ``points`` with an arrowhead at its end (``forward``) or its
    start: which way play goes round a pile, for instance."""
    pygame.draw.lines(surface, colour, False, points, width)
    tip, back = (points[-1], points[-3]) if forward else (points[0], points[2])
    dx, dy = tip[0] - back[0], tip[1] - back[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    wing = head * 0.6
    pygame.draw.polygon(
        surface,
        colour,
        [
            (tip[0] + ux * 4, tip[1] + uy * 4),
            (tip[0] - ux * head - uy * wing, tip[1] - uy * head + ux * wing),
            (tip[0] - ux * head + uy * wing, tip[1] - uy * head - ux * wing),
        ],
    )


def slam(
    surface: pygame.Surface,
    pile: pygame.Rect,
    tween,
    colour: Colour,
    card: Callable[[tuple[int, int]], pygame.Surface | None],
) -> None:
    """A card slamming down on ``pile`` as ``tween`` runs: it lands big and settles, and
    a shock ring in ``colour`` spreads and fades. ``card(size)`` paints the card (None:
    only the ring)."""
    raw = min(1.0, tween.elapsed / max(0.01, tween.duration))
    scale = 1.45 - 0.45 * tween.progress
    rect = pile.copy()
    rect.size = (round(pile.w * scale), round(pile.h * scale))
    rect.center = pile.center
    ring = round(pile.h * (0.55 + 0.7 * raw))
    layer = pygame.Surface((ring * 2 + 8, ring * 2 + 8), pygame.SRCALPHA)
    pygame.draw.circle(layer, (*colour, int(200 * (1 - raw))), (ring + 4, ring + 4), ring, 6)
    surface.blit(layer, layer.get_rect(center=pile.center))
    image = card(rect.size)
    if image is not None:
        surface.blit(image, rect)


class FlipSign:
    """What a sign that turns over shows: ``shown`` (its side now), ``was`` (the side
    before) and ``turn`` (the tween while it turns). ``turn_to`` starts a turn in an
    animation step; ``face()`` says which side and how narrow to draw now (the old side
    until halfway, then the new), for ``turning_sign``."""

    def __init__(self, seconds: float = 0.6) -> None:
        self.shown: Any = None
        self.was: Any = None
        self.turn: Tween | None = None
        self.seconds = seconds

    def set(self, side: Any) -> None:
        """Shown at once, without turning (the view was just loaded)."""
        self.shown, self.turn = side, None

    def turn_to(self, side: Any, step: Step) -> None:
        if side != self.shown:
            self.was, self.shown = self.shown, side
            self.turn = Tween(self.seconds, ease=pytweening.easeInOutSine)
            step.tweens.append(self.turn)

    def face(self) -> tuple[Any, float]:
        if self.turn is None or self.turn.done:
            return self.shown, 1.0
        squeeze = max(0.04, flip_width(self.turn.progress))
        return (self.was if self.turn.progress < 0.5 else self.shown), squeeze

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        faces: dict[Any, tuple[Colour, str, float]],
    ) -> None:
        """The sign in ``rect`` as it stands now: ``faces[side]`` is each side's colour,
        words and type size (a share of the sign's height)."""
        side, squeeze = self.face()
        colour, words, share = faces[side]
        size = max(12, round(rect.height * share))
        turning_sign(surface, rect, colour, words, size, squeeze)
