"""Coins at the Copy Cat table: each seat's coins as stacks of 5- and 1-coin tokens, and
tokens flying from payer to payee (``Coins``, a moment of the table that plays the
``pay`` events). Drawn on positions the table gives. Not for how many coins anyone has
(the events and the observation say).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from cardtable.engine import Event

from ... import theme
from ...anim import Step, Tween
from .. import drawing
from ..vocabulary import Look

if TYPE_CHECKING:
    from ..animator import Animator


class CoinsDoor(Protocol):
    """What the coins touch of the Copy Cat table: how many play, and the animator their
    payments fly with."""

    players: int
    animator: Animator


FIVE = (236, 186, 60)
FIVE_EDGE = (150, 105, 20)
ONE = (205, 210, 218)
ONE_EDGE = (110, 115, 125)
MOST_SHOWN = 12  # tokens in one stack before it stops growing (the number says the rest)


def tokens(amount: int) -> list[int]:
    """The tokens that make ``amount``: as many 5s as fit, then 1s.

    >>> tokens(13)
    [5, 5, 1, 1, 1]
    """
    return [5] * (amount // 5) + [1] * (amount % 5)


def token(surface: pygame.Surface, value: int, centre: tuple[int, int], radius: int) -> None:
    """One token seen from above and a little from the side: a coloured disc, its value."""
    fill, edge = (FIVE, FIVE_EDGE) if value == 5 else (ONE, ONE_EDGE)
    x, y = centre
    rect = pygame.Rect(0, 0, radius * 2, round(radius * 1.3))
    rect.center = (x, y)
    side = rect.move(0, max(2, radius // 4))
    pygame.draw.ellipse(surface, edge, side)
    pygame.draw.ellipse(surface, fill, rect)
    pygame.draw.ellipse(surface, edge, rect, max(1, radius // 7))
    if radius >= 7:
        theme.text(surface, str(value), rect.center, max(8, radius), edge, True, "center")


def stacks(surface: pygame.Surface, coins: int, rect: pygame.Rect) -> None:
    """A seat's coins in ``rect``: a stack of 5s, a stack of 1s, and the total beside."""
    radius = max(6, min(rect.height // 3, rect.width // 7, 13))
    step = max(3, round(radius * 0.45))
    base_y = rect.bottom - radius
    x = rect.x + radius + 2
    for value, count in ((5, coins // 5), (1, coins % 5)):
        if not count:
            continue
        for level in range(min(count, MOST_SHOWN)):
            token(surface, value, (x, base_y - level * step), radius)
        x += 2 * radius + 6
    theme.text(surface, str(coins), (x - radius + 4, base_y), 16, theme.GOLD, True, "midleft")


@dataclass
class FlyingToken:
    value: int
    start: tuple[int, int]
    end: tuple[int, int]
    tween: Tween

    def draw(self, surface: pygame.Surface, radius: int) -> None:
        p = self.tween.progress
        if self.tween.elapsed < self.tween.delay:
            return
        lift = 4 * p * (1 - p)
        x = round(self.start[0] + (self.end[0] - self.start[0]) * p)
        y = round(self.start[1] + (self.end[1] - self.start[1]) * p - 30 * lift)
        token(surface, self.value, (x, y), radius)


class Coins:
    """What the table shows of the coins while events play out (the observation catches
    up after): each seat's stack in ``rects`` (the table lays them out), the tokens of a
    payment flying from payer to payee, and the coins a seat just received (``gains``).
    One of the table's ``moments``: it plays the ``pay`` events."""

    def __init__(self, table: CoinsDoor) -> None:
        self.table = table
        self.rects: dict[int, pygame.Rect] = {}
        self.shown: list[int] = [25] * table.players
        self.flying: list[FlyingToken] = []
        self.gains: dict[int, int] = {}  # coins a seat just received, shown a moment

    def synced(self, coins: list[int] | None) -> None:
        """The view was loaded: the stacks as observed (unless tokens are in the air)."""
        if not self.flying:
            self.shown = list(coins or self.shown)
        self.gains = {}

    def animations(self) -> dict[str, Look]:
        return {"pay": self.animate_pay}

    def animate_pay(self, event: Event) -> None:
        """A coin's sound, then the tokens fly from payer to payee; the payer's stack
        shrinks as they leave, the payee's grows as they land."""
        payer, payee, amount = (int(event.data[k]) for k in ("payer", "payee", "amount"))
        animator = self.table.animator
        animator.step(lambda step: animator.sound("coin"), label="coin")
        if amount <= 0:
            animator.say(animator.words(event), 0.6)
            return

        def start(step: Step) -> None:
            animator.sound("deal")
            self.shown[payer] -= amount
            source, target = self.rects[payer].center, self.rects[payee].center
            for order, value in enumerate(tokens(amount)[:8]):
                tween = Tween(0.55, delay=0.07 * order)
                self.flying.append(FlyingToken(value, source, target, tween))
                step.tweens.append(tween)

        def end() -> None:
            self.flying = []
            self.shown[payee] += amount
            self.gains[payee] = self.gains.get(payee, 0) + amount

        animator.step(start, end, label="pay")

    def update(self, dt: float) -> None:
        """Nothing of its own to time: the animator runs the tokens' tweens."""

    def draw_stack(self, surface: pygame.Surface, seat: int) -> None:
        stacks(surface, max(0, self.shown[seat]), self.rects[seat])

    def draw(self, surface: pygame.Surface) -> None:
        """Over the cards: the tokens in the air and a ``+N`` over a stack that gained."""
        for flying in self.flying:
            flying.draw(surface, 11)
        for seat, gain in self.gains.items():
            rect = self.rects.get(seat)
            if rect is not None:
                at = rect.midtop
                drawing.label_box(surface, f"+{gain}", at, 13, ink=theme.GREEN, anchor="midbottom")
