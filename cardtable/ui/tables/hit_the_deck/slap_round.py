"""The slap round as a moment at the Hit the Deck table.

When a Hit-with-a-Hand card lands it slams down, "HIT THE DECK!" is called, and each hand
lands on the pile the moment its key (or pad button) is pressed, in its player's colour
with their name and its place in the order; the four cards then fly to the one who was
last. Hits are drawn as their events arrive, never queued behind an animation: a queued
animation would hold back the round's clock, which runs only while the table is still.
The moment the rules close the round the call gives way to "Round over", so a key pressed
after it is plainly a fake-out.

Not for the rules of the round (``games.hit_the_deck``) nor the slap keys (``ui.slap``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pytweening

from cardtable.engine import HIDDEN, Event

from ... import theme
from ...anim import Step, Tween
from .cards import HIT_GOLD, Colour, draw_hand, seat_colour

if TYPE_CHECKING:
    from .table import HitTheDeckTable

#: How long (seconds at speed 1) a hand takes to land, and the slam of a Hand card.
HAND_LANDS = 0.2
SLAM = 0.4
#: How long a fake-out's hand stays on the pile, and its words on the table.
FAKE_STAYS = 1.8
FLASH = 2.4
OVER_RED: Colour = (255, 170, 160)


@dataclass
class HandOnPile:
    """One player's hand on the discard pile: ``order`` counts from 1 (0 for a
    fake-out); ``landed`` is the table clock when it came down."""

    seat: int
    order: int
    landed: float
    round: int
    fake: bool = False
    called: bool = False


def and_names(names: list[str]) -> str:
    """ "Ann", "Ann and Bo", "Ann, Bo and Cy"."""
    return (
        ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + (names[-1] if names else "")
    )


class SlapRoundLook:
    """What the table shows of the slap rounds: the slam, the hands on the pile, the
    order they came in, the call, the round's clock and its outcome."""

    def __init__(self, table: HitTheDeckTable) -> None:
        self.table = table
        self.hands: list[HandOnPile] = []
        self.result: dict[str, Any] | None = None  # the closed round, once its hand landed
        self.slam: Tween | None = None
        self.calling = False  # "HIT THE DECK!" is up: the round is open
        self.closed = False  # the rules closed the round: "Round over" until the result
        self.flash = ""
        self.flash_left = 0.0

    @property
    def showing(self) -> bool:
        """A round (or its outcome) holds the middle of the table."""
        return self.calling or self.closed or self.result is not None

    def hit_seats(self) -> set[int]:
        """The seats whose hand is down in the open round."""
        return {hand.seat for hand in self.hands if not hand.fake}

    # -- events: called by the table's ``animate_*`` hooks ----------------------------------

    def open(self, number: int) -> None:
        def start(step: Step) -> None:
            self.table.app.sounds.play("flip")
            self.hands = [h for h in self.hands if h.round == number and not h.fake]
            self.result = None
            self.closed = False
            self.calling = True
            self.slam = Tween(SLAM, ease=pytweening.easeOutBounce)
            step.tweens.append(self.slam)

        self.table.animator.step(start, label="slam")

    def hit(self, event: Event) -> None:
        # Drawn at once, not queued: the round's clock and the bots must not wait.
        self.table.app.sounds.play("play")
        number = int(event.data.get("round", 0))
        order = int(event.data.get("order", 0))
        self.hands.append(HandOnPile(int(event.seat or 0), order, self.table.clock, number))

    def called_out(self, seat: int) -> None:
        """The player of the card hit in time: that hit is the call."""
        for hand in self.hands:
            if hand.seat == seat and not hand.fake:
                hand.called = True

    def fake_out(self, event: Event) -> None:
        self.table.app.sounds.play("play")
        seat = int(event.seat or 0)
        number = int(event.data.get("round", 0))
        self.hands = [h for h in self.hands if not h.fake]
        self.hands.append(HandOnPile(seat, 0, self.table.clock, number, fake=True))
        self.show_flash(f"{self.table.names[seat]} is faked out: draws two")

    def close(self, data: dict[str, Any]) -> None:
        # The round is over the moment the rules say so: the call goes at once.
        self.calling = False
        self.closed = True

        def start(step: Step) -> None:
            self.closed = False
            self.result = data
            self.table.app.sounds.play("win")

        # The last hand lands first, then the table says who draws.
        self.table.animator.step(hold=HAND_LANDS, label="the last hand lands")
        self.table.animator.step(start, hold=1.3, label="who hit last")

    def clear(self) -> None:
        """The next turn: the pile is cleared of a finished round's hands."""
        if self.result is not None:
            self.hands = []
            self.result = None

    def show_flash(self, words: str) -> None:
        self.flash = words
        self.flash_left = FLASH

    def update(self, dt: float) -> None:
        self.flash_left = max(0.0, self.flash_left - dt)
        clock = self.table.clock
        # A fake-out's hand lifts off the pile again after a moment.
        self.hands = [h for h in self.hands if not h.fake or clock - h.landed < FAKE_STAYS]

    # -- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_slam(surface)
        self.draw_hands(surface)
        self.draw_words(surface)
        self.draw_flash(surface)

    def draw_slam(self, surface: pygame.Surface) -> None:
        """The Hand card slamming down: it lands big and settles, with a shock ring."""
        if self.slam is None or self.slam.done:
            return
        table = self.table
        discard = table.view.spots["discard"].rect
        p = self.slam.progress
        raw = min(1.0, self.slam.elapsed / max(0.01, self.slam.duration))
        scale = 1.45 - 0.45 * p
        rect = discard.copy()
        rect.size = (round(discard.w * scale), round(discard.h * scale))
        rect.center = discard.center
        ring = round(discard.h * (0.55 + 0.7 * raw))
        layer = pygame.Surface((ring * 2 + 8, ring * 2 + 8), pygame.SRCALPHA)
        pygame.draw.circle(layer, (*HIT_GOLD, int(200 * (1 - raw))), (ring + 4, ring + 4), ring, 6)
        surface.blit(layer, layer.get_rect(center=discard.center))
        top = table.model.get("discard", [])
        if top and top[-1] != HIDDEN:
            surface.blit(table.app.cards.image(table.style, top[-1], rect.size), rect)

    def pile_point(self, seat: int, order: int) -> tuple[float, float, float]:
        """Where ``seat``'s hand lies on the pile (x, y) and which way it points: a little
        toward its player's seat, so every hand is seen coming from its owner."""
        table = self.table
        discard = table.view.spots["discard"].rect
        plate = table.plates.get(seat, discard)
        dx, dy = plate.centerx - discard.centerx, plate.centery - discard.centery
        length = math.hypot(dx, dy) or 1.0
        reach = discard.h * 0.26
        jitter = ((order * 37) % 11 - 5) * discard.w * 0.02
        x = discard.centerx + dx / length * reach + jitter
        y = discard.centery + dy / length * reach * 0.8
        angle = math.degrees(math.atan2(dy, -dx)) - 90 + 180  # fingers toward the pile
        return x, y, angle

    def draw_hands(self, surface: pygame.Surface) -> None:
        if not self.hands:
            return
        table = self.table
        discard = table.view.spots["discard"].rect
        side = round(discard.w * 0.78)
        losers = set((self.result or {}).get("draws") or [])
        self.draw_hit_order(surface, losers)
        tags: list[tuple[HandOnPile, float, float, Colour]] = []
        for hand in self.hands:
            x, y, angle = self.pile_point(hand.seat, hand.order)
            # It comes down from its player's seat, big, and slaps flat.
            grown = min(1.0, (table.clock - hand.landed) * table.app.speed / HAND_LANDS)
            eased = pytweening.easeInQuad(grown)
            plate = table.plates.get(hand.seat, discard)
            x = plate.centerx + (x - plate.centerx) * eased
            y = plate.centery + (y - plate.centery) * eased
            scale = 1.5 - 0.5 * eased
            image = pygame.Surface(
                (round(side * scale), round(side * 1.1 * scale)), pygame.SRCALPHA
            )
            colour = seat_colour(hand.seat)
            edge = (150, 20, 20) if hand.fake or hand.seat in losers else (25, 25, 25)
            draw_hand(image, image.get_rect(), colour, edge)
            turned = pygame.transform.rotate(image, angle)
            surface.blit(turned, turned.get_rect(center=(round(x), round(y))))
            if grown >= 1.0:
                tags.append((hand, x, y, colour))
        for hand, x, y, colour in tags:
            # The name lies on the palm, the wrist side of the hand (toward its player).
            plate = table.plates.get(hand.seat, discard)
            dx, dy = plate.centerx - x, plate.centery - y
            length = math.hypot(dx, dy) or 1.0
            at = (x + dx / length * side * 0.2, y + dy / length * side * 0.2)
            name = table.names[hand.seat]
            tag = f"{hand.order} {name}" if not hand.fake else f"{name}: fake-out!"
            self.name_tag(surface, tag, at, colour, hand.fake or hand.seat in losers)

    def draw_hit_order(self, surface: pygame.Surface, losers: set[int]) -> None:
        """Beside the pile during a round: the hands in the order they came, then those
        still to come; the one who draws four in red."""
        hands = [hand for hand in self.hands if not hand.fake]
        if not hands and self.result is None:
            return
        table = self.table
        order = [hand.seat for hand in sorted(hands, key=lambda hand: hand.order)]
        waiting = [seat for seat in range(table.players) if seat not in order]
        called = {hand.seat for hand in hands if hand.called}
        size = max(13, min(17, table.pile_size[1] // 9))
        row = size + 8
        ring = table.ring_rect()
        room = table.centre.right + 6 - (ring.right + 18)
        box = pygame.Rect(0, 0, max(150, min(size * 14, room)), 30 + row * table.players)
        box.midleft = (ring.right + 18, ring.centery)
        box.right = min(box.right, table.centre.right + 6)
        theme.panel(surface, box, alpha=215, radius=10)
        theme.text(surface, "Hands down", (box.x + 10, box.y + 6), size - 2, theme.INK_DIM, True)
        y = box.y + 8 + row
        for place, seat in enumerate(order + waiting, start=1):
            down = seat in order
            colour = seat_colour(seat) if down else theme.INK_DIM
            name = table.names[seat]
            marks = ""
            if seat in called:
                marks += " (called)"
            if seat in losers:
                marks += " · draws 4"
                colour = (255, 120, 110)
            font = theme.fonts().get(size, bold=down)
            # The name gives way before what it did: "4. Cy… (called)", never "4. Cy (ca…".
            lead = f"{place}. " if down else "–  "
            room_for_name = box.width - 20 - font.size(lead + marks)[0]
            words = lead + theme.fit(name, font, max(24, room_for_name)) + marks
            theme.text(surface, words, (box.x + 10, y), size, colour, down, font=font)
            y += row

    def name_tag(
        self,
        surface: pygame.Surface,
        words: str,
        centre: tuple[float, float],
        colour: Colour,
        bad: bool,
    ) -> None:
        font = theme.fonts().get(max(12, min(16, self.table.pile_size[1] // 10)), bold=True)
        label = font.render(words, True, (255, 255, 255) if bad else (20, 20, 20))
        box = label.get_rect(center=(round(centre[0]), round(centre[1]))).inflate(12, 4)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (196, 40, 40) if bad else colour, box, border_radius=8)
        pygame.draw.rect(surface, (20, 20, 20), box, 2, border_radius=8)
        surface.blit(label, label.get_rect(center=box.center))

    def outcome_words(self) -> str:
        """Who draws four, and why, in the game's words."""
        result = self.result or {}
        table = self.table
        losers = [table.names[s] for s in result.get("draws") or []]
        draws = "draw" if len(losers) > 1 or losers == ["You"] else "draws"
        everyone = len(result.get("order") or []) == table.players
        if not result.get("announced"):
            return f"{and_names(losers)} did not call it: {draws} four"
        if len(losers) == 1 and everyone:
            return f"{losers[0]} hit last: {draws} four"
        words = f"Too slow: {and_names(losers)} {draws} four"
        return words + (" each" if len(losers) > 1 else "")

    def draw_words(self, surface: pygame.Surface) -> None:
        """Above the piles: the call while the round is open, "Round over" the moment it
        closes, then who draws four."""
        table = self.table
        draw = table.view.spots["draw"].rect
        discard = table.view.spots["discard"].rect
        top = max(table.centre.top + 8, table.ring_rect().top + 10)
        anchor = (table.centre.centerx, min(top, min(draw.top, discard.top) - 4))
        if self.calling:
            pulse = 1.0 + 0.06 * math.sin(table.clock * 14)
            size = round(max(26, table.pile_size[1] * 0.3) * pulse)
            self.shout(surface, "HIT THE DECK!", anchor, size, HIT_GOLD)
            self.draw_clock(surface)
        elif self.closed:
            self.shout(surface, "Round over", anchor, max(22, table.pile_size[1] // 5), OVER_RED)
        elif self.result is not None:
            size = max(20, round(table.pile_size[1] * 0.17))
            self.shout(surface, self.outcome_words(), anchor, size, OVER_RED)

    def shout(
        self,
        surface: pygame.Surface,
        words: str,
        anchor: tuple[int, int],
        size: int,
        colour: Colour,
    ) -> None:
        font = theme.fonts().get(size, bold=True)
        while font.size(words)[0] > self.table.centre.width + 40 and size > 14:
            size -= 2
            font = theme.fonts().get(size, bold=True)
        shade = font.render(words, True, (20, 10, 10))
        label = font.render(words, True, colour)
        rect = label.get_rect(midbottom=anchor)
        for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 3), (2, 3)):
            surface.blit(shade, rect.move(dx, dy))
        surface.blit(label, rect)

    def draw_clock(self, surface: pygame.Surface) -> None:
        """Time left in the round: an arc round the discard pile that runs out."""
        left = self.table.window_left()
        if not left:
            return
        pile = self.table.view.spots["discard"].rect
        reach = max(pile.w, pile.h) // 2 + 14
        circle = pygame.Rect(0, 0, 2 * reach, 2 * reach)
        circle.center = pile.center
        end = math.pi / 2 + 2 * math.pi * left
        pygame.draw.arc(surface, HIT_GOLD, circle, math.pi / 2, end, 5)

    def draw_flash(self, surface: pygame.Surface) -> None:
        if self.flash_left <= 0 or not self.flash:
            return
        table = self.table
        discard = table.view.spots["discard"].rect
        font = theme.fonts().get(max(15, table.pile_size[1] // 8), bold=True)
        label = font.render(self.flash, True, (255, 240, 236))
        box = label.get_rect(midtop=(table.centre.centerx, discard.bottom + 30)).inflate(24, 10)
        box.clamp_ip(surface.get_rect())
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        alpha = int(230 * min(1.0, self.flash_left * 2))
        pygame.draw.rect(layer, (150, 36, 36, alpha), layer.get_rect(), border_radius=10)
        surface.blit(layer, box)
        surface.blit(label, label.get_rect(center=box.center))
