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
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pytweening

from cardtable.engine import HIDDEN, Event

from ... import theme
from ...anim import Step, Tween
from ..parts.moments import TimedCall, clock_ring, order_list, slam
from ..parts.slaps import HAND_LANDS, HandLook, HandOnPile, draw_hands
from ..parts.words import agree, and_names, form
from ..vocabulary import Look
from .cards import HIT_GOLD, Colour, seat_colour

if TYPE_CHECKING:
    from ...cards import CardStyle
    from ...services import AppServices
    from ..animator import Animator
    from ..view import TableView


class SlapRoundDoor(Protocol):
    """What a slap round touches of the Hit the Deck table: the shared members it plays
    and draws with and the table's own (the oval round the piles, the piles' size). The
    table imports this module, so this door names what the round needs instead."""

    app: AppServices
    view: TableView
    model: dict[str, list[str]]
    players: int
    names: list[str]
    plates: dict[int, pygame.Rect]
    clock: float
    animator: Animator
    style: CardStyle
    centre: pygame.Rect
    ring: pygame.Rect
    pile_size: tuple[int, int]
    client: Any  # ``SeatClient``, the door to the match: a race being judged

    def window_left(self) -> float | None: ...


#: How long (seconds at speed 1) the slam of a Hand card takes.
SLAM = 0.4
#: How long a fake-out's hand stays on the pile (its words stay a little longer).
FAKE_STAYS = 1.8
#: How long (table seconds) who hit last is said once the round is over.
OUTCOME_STAYS = 3.0
OVER_RED: Colour = (255, 170, 160)
FLASH_RED, FLASH_INK = (150, 36, 36), (255, 240, 236)


def hit_order_marks(name: str, called: bool, draws: bool) -> str:
    """What follows a name in the list of hands down: "(called)" for the player of the
    card, "· draws 4" for a player who draws four ("· draw 4" for "You")."""
    marks = " (called)" if called else ""
    if draws:
        marks += f" ·{agree(name, 'draw')[len(name) :]} 4"
    return marks


class SlapRoundLook(TimedCall):
    """What the table shows of the slap rounds: the slam, the hands on the pile, the
    order they came in, the call ("HIT THE DECK!" while ``calling``), the round's clock
    and its outcome (``result``, once the last hand landed). One of the table's
    ``moments``: the round's events reach the looks in its ``animations()``."""

    def __init__(self, table: SlapRoundDoor) -> None:
        super().__init__()
        self.table = table
        self.hands: list[HandOnPile] = []
        self.slam: Tween | None = None
        self.result_at = 0.0  # the table clock when the outcome was first said

    def hit_seats(self) -> set[int]:
        """The seats whose hand is down in the open round."""
        return {hand.seat for hand in self.hands if not hand.fake}

    # -- events ---------------------------------------------------------------------------

    def animations(self) -> dict[str, Look]:
        """The round's own looks, by the names Hit the Deck declares for it."""
        return {
            "slap-open": self.animate_slap_open,
            "slap-hit": self.animate_slap_hit,
            "hit-hand": self.animate_hit_hand,
            "late": self.animate_late,
            "faked-out": self.animate_faked_out,
            "slap-result": self.animate_slap_result,
            "turn": self.animate_turn,
        }

    def animate_slap_open(self, event: Event) -> None:
        number = int(event.data.get("round", 0))

        def start(step: Step) -> None:
            self.table.app.sounds.play("flip")
            self.hands = [h for h in self.hands if h.round == number and not h.fake]
            self.result = None
            self.closed = False
            self.calling = True
            self.slam = Tween(SLAM, ease=pytweening.easeOutBounce)
            step.tweens.append(self.slam)

        self.table.animator.step(start, label="slam")

    def animate_slap_hit(self, event: Event) -> None:
        # Drawn at once, not queued: the round's clock and the bots must not wait.
        self.table.app.sounds.play("play")
        number = int(event.data.get("round", 0))
        order = int(event.data.get("order", 0))
        hand = HandOnPile(int(event.seat or 0), order, self.table.clock, number)
        after = event.data.get("after")
        hand.after = float(after) if isinstance(after, int | float) else None
        self.hands.append(hand)

    def animate_hit_hand(self, event: Event) -> None:
        """The player of the card hit in time: that hit is the call."""
        for hand in self.hands:
            if hand.seat == event.seat and not hand.fake:
                hand.called = True

    def animate_late(self, event: Event) -> None:
        if event.seat is not None:
            self.show_flash(f"{self.table.names[event.seat]} did not call it in time!")

    def animate_faked_out(self, event: Event) -> None:
        self.table.app.sounds.play("play")
        seat = int(event.seat or 0)
        number = int(event.data.get("round", 0))
        self.hands = [h for h in self.hands if not h.fake]
        self.hands.append(HandOnPile(seat, 0, self.table.clock, number, fake=True))
        name = self.table.names[seat]
        self.show_flash(f"{agree(name, 'be')} faked out: {form(name, 'draw')} two")

    def animate_slap_result(self, event: Event) -> None:
        # The round is over the moment the rules say so: the call goes at once.
        data = dict(event.data)
        self.calling = False
        self.closed = True

        def start(step: Step) -> None:
            self.closed = False
            self.result = data
            self.result_at = self.table.clock
            self.table.app.sounds.play("win")

        # The last hand lands first, then the table says who draws.
        self.table.animator.step(hold=HAND_LANDS, label="the last hand lands")
        self.table.animator.step(start, hold=1.3, label="who hit last")

    def animate_turn(self, event: Event) -> None:
        """The next turn clears the pile of a finished round's hands (and a fake-out's)."""
        if self.result is not None or any(hand.fake for hand in self.hands):
            self.table.animator.step(lambda step: self.clear(), label="clear the pile")

    def clear(self) -> None:
        """The pile is cleared of a finished round's hands."""
        if self.result is not None:
            self.hands = []
            self.result = None

    def update(self, dt: float) -> None:
        super().update(dt)
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
        top = table.model.get("discard", [])

        def card(size: tuple[int, int]) -> pygame.Surface | None:
            shown = top and top[-1] != HIDDEN
            return table.app.cards.image(table.style, top[-1], size) if shown else None

        slam(surface, table.view.spots["discard"].rect, self.slam, HIT_GOLD, card)

    def draw_hands(self, surface: pygame.Surface) -> None:
        if not self.hands:
            return
        table = self.table
        discard = table.view.spots["discard"].rect
        losers = set((self.result or {}).get("draws") or [])
        self.draw_hit_order(surface, losers)

        def look(hand: HandOnPile) -> HandLook:
            name = table.names[hand.seat]
            tag = f"{hand.order} {name}" if not hand.fake else f"{name}: fake-out!"
            bad = hand.fake or hand.seat in losers
            return table.plates.get(hand.seat, discard), seat_colour(hand.seat), bad, tag

        def since(hand: HandOnPile) -> float:
            return (table.clock - hand.landed) * table.app.speed

        size = max(12, min(16, table.pile_size[1] // 10))
        draw_hands(surface, discard, self.hands, look, since, size)

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
        after = {hand.seat: hand.after for hand in hands if hand.after is not None}
        size = max(13, min(17, table.pile_size[1] // 9))
        rows = []
        for place, seat in enumerate(order + waiting, start=1):
            down = seat in order
            colour = seat_colour(seat) if down else theme.INK_DIM
            marks = hit_order_marks(table.names[seat], seat in called, seat in losers)
            if seat in after:  # across computers: how long after the card it came
                marks += f"  {after[seat]:.2f} s"
            if seat in losers:
                colour = (255, 120, 110)
            rows.append((f"{place}. " if down else "–  ", table.names[seat], marks, colour, down))
        # As wide as its longest row, so no name is cut; smaller words where it must be.
        widest = table.centre.width // 2
        while size > 11 and self.row_width(rows, size) > widest:
            size -= 1
        row = size + 8
        ring = table.ring
        width = max(150, min(self.row_width(rows, size), widest))
        box = pygame.Rect(0, 0, width, 30 + row * table.players)
        box.midleft = (ring.right + 18, ring.centery)
        box.right = min(box.right, table.centre.right + 6)
        discard = table.view.spots["discard"].rect
        if box.left < discard.right + 8:
            # No room beside the discard pile: over the Draw Pile side, so the hands landing
            # on the discard pile stay in sight.
            box.right = max(ring.left - 18, table.centre.left - 6 + box.width)
        title = "Hands down · judging…" if table.client.judging else "Hands down"
        order_list(surface, box, title, size, rows)

    @staticmethod
    def row_width(rows: list, size: int) -> int:
        """The width the hands-down panel needs for ``rows`` at ``size``."""
        fonts = theme.fonts()
        return 20 + max(fonts.get(size, bold=r[4]).size(r[0] + r[1] + r[2])[0] for r in rows)

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
        top = max(table.centre.top + 8, table.ring.top + 10)
        anchor = (table.centre.centerx, min(top, min(draw.top, discard.top) - 4))
        big = table.pile_size[1]
        pulse = 1.0 + 0.06 * math.sin(table.clock * 14)
        call = ("HIT THE DECK!", round(max(26, big * 0.3) * pulse), HIT_GOLD)
        over = ("Round over", max(22, big // 5), OVER_RED)
        outcome = (self.outcome_words(), max(20, round(big * 0.17)), OVER_RED)
        said = self.result is None or table.clock - self.result_at < OUTCOME_STAYS
        if said or self.calling or self.closed:  # who hit last, for a while: not all turn
            self.draw_call(surface, anchor, table.centre.width + 40, call, over, outcome)
        if self.calling:
            self.draw_clock(surface)

    def draw_clock(self, surface: pygame.Surface) -> None:
        """Time left in the round: an arc round the discard pile that runs out."""
        left = self.table.window_left()
        if not left:
            return
        clock_ring(surface, self.table.view.spots["discard"].rect, left, HIT_GOLD)

    def draw_flash(self, surface: pygame.Surface) -> None:
        table = self.table
        under = (table.centre.centerx, table.view.spots["discard"].rect.bottom + 30)
        self.draw_flash_at(surface, under, max(15, table.pile_size[1] // 8), FLASH_RED, FLASH_INK)
