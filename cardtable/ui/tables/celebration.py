"""A win celebration: when a local human wins the game, the table's cards rain down in a
cascade and confetti falls while the win sounds. Short (about three seconds at speed 1)
and skipped like every animation by a click or Enter. Not for the results (the results
scene that follows) nor for deciding who won (the ``over`` event says).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from cardtable.engine import Event, Rng

from .. import theme
from ..anim import Step, Tween
from ..cards import card_size

if TYPE_CHECKING:
    from ..cards import CardStyle
    from ..launch import Launch
    from ..services import AppServices
    from .view import TableView


class CelebrationDoor(Protocol):
    """What a celebration touches of its table: the window (``app``), the cards it rains
    (``view``, ``style_for``), who won here (``humans``, ``launch``), where the banner goes,
    and the animator's step it runs in; it sets the table's ``celebration``."""

    app: AppServices
    view: TableView
    humans: list[int]
    launch: Launch
    animator: Any  # ``Animator``: ``step`` and ``sound`` (it imports this module)
    celebration: Celebration | None

    def style_for(self, zone: str, code: str) -> CardStyle: ...

    def banner_centre(self) -> tuple[int, int]: ...


SECONDS = 3.0
COLOURS = (theme.GOLD, theme.RED, theme.GREEN, theme.BLUE, (240, 240, 230), (200, 120, 220))


@dataclass
class Piece:
    """One falling thing: a card (``code`` set) or a scrap of confetti."""

    x: float
    y: float
    vx: float
    vy: float
    spin: float
    delay: float
    colour: tuple[int, int, int]
    code: str = ""

    def at(self, t: float, height: int) -> tuple[float, float, float]:
        t = max(0.0, t - self.delay)
        gravity = height * 0.9
        y = self.y + self.vy * t + 0.5 * gravity * t * t
        x = self.x + self.vx * t + 6 * math.sin(3 * t + self.spin)
        return x, y, self.spin * 60 * t


class Celebration:
    """The pieces and the clock of one celebration, drawn over the table."""

    def __init__(self, table: CelebrationDoor, seed: str) -> None:
        self.table = table
        width, height = table.app.size
        rng = Rng(f"celebrate/{seed}")
        shown = [code for cards in table.view.zones.values() for code in cards if code != "?"]
        codes = (shown or ["?"]) * 3
        self.pieces = [
            Piece(
                rng.uniform(0, width),
                -rng.uniform(20, height * 0.4),
                rng.uniform(-40, 40),
                rng.uniform(-60, 40),
                rng.uniform(-3, 3),
                rng.uniform(0, 1.2),
                rng.choice(COLOURS),
            )
            for _ in range(140)
        ]
        for index in range(18):
            piece = self.pieces[index]
            piece.code = rng.choice(codes)
            piece.delay *= 0.8
        self.tween = Tween(SECONDS)
        self.size = card_size(height * 0.16)

    @property
    def done(self) -> bool:
        return self.tween.done

    def draw(self, surface: pygame.Surface) -> None:
        height = surface.get_height()
        t = self.tween.elapsed
        images = self.table.app.cards
        for piece in self.pieces:
            if t < piece.delay:
                continue
            x, y, angle = piece.at(t, height)
            if y > height + 40:
                continue
            if piece.code:
                style = self.table.style_for("", piece.code)
                image = images.image(style, piece.code, self.size, piece.code != "?")
                turned = pygame.transform.rotate(image, angle % 360)
                surface.blit(turned, turned.get_rect(center=(round(x), round(y))))
            else:
                w = 4 + abs(round(5 * math.cos(math.radians(angle))))
                pygame.draw.rect(surface, piece.colour, (round(x), round(y), w, 8))
        fade = max(0.0, min(1.0, 3 * (1 - t / SECONDS)))
        words = theme.fonts().get(max(28, height // 11), bold=True)
        centre = self.table.banner_centre()
        for colour, offset in (((20, 30, 20), 3), (theme.GOLD, 0)):
            banner = words.render("You win!", True, colour)
            banner.set_alpha(round(255 * fade))
            surface.blit(banner, banner.get_rect(center=(centre[0] + offset, centre[1] + offset)))


def celebrate(table: CelebrationDoor, event: Event) -> bool:
    """Queue the celebration if a local human won: True when it did."""
    winners = set(event.seats or event.data.get("ranking", [[]])[0])
    if not winners & set(table.humans):
        return False

    def start(step: Step) -> None:
        table.celebration = Celebration(table, str(table.launch.seed))
        step.tweens.append(table.celebration.tween)
        table.animator.sound("win")

    def end() -> None:
        table.celebration = None

    table.animator.step(start, end, label="celebration")
    return True
