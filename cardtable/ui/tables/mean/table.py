"""The MEAN! table: hands around the table, the Draw Deck, the Play Area with its run on
top under a Going Up / Going Down sign, the four Punishment Piles, and the cards out of
play.

How a player plays here:

- click cards of one value to select them, then drag the group (or click the Play Area);
  Wilds ask their value, offering only the values the engine allows;
- after a play on an empty Play Area a chooser asks Going Up or Going Down, after an
  Eight whose hand to swap with (or click that seat's plate);
- when punished, the Punishment Piles light up: click one, drag it to your hand, or
  press its number;
- keys: Left/Right over what can be played, Space selects, Enter plays, Escape lets go.

Only the hooks of ``TableScene``; the drawing of the middle is in ``marks``. Not for the
rules (``games.mean``): the engine's reason is what a refused move shows.
"""

from __future__ import annotations

import pygame

from cardtable.engine import Event
from cardtable.games.mean.vocabulary import (
    MEAN_VALUE,
    PHASE_ANSWER,
    PHASE_DIR,
    PHASE_PLAY,
    PHASE_PUNISH,
    PHASE_SWAP,
    VALUES,
    WILD,
    a_value,
    dir_code,
    parse,
    play_code,
    punish_code,
    swap_code,
)

from ...anim import Step
from ...cards import card_size
from ..base import TOP_BAR, Spot, TableScene
from ..parts.moments import FlipSign
from ..parts.piles import centred, fanned_run
from ..parts.plates import place_seats, split_seat
from ..parts.words import some
from ..vocabulary import Look
from . import marks, outcome
from .cards import DOWN_MARK, MEAN_STYLE, UP_MARK
from .describe import describe
from .phrases import PHRASES

PILES = 4
FAN = 0.42  # how far each card of the top run sits right of the one under it, in widths
DIRECTION_KEYS = {
    "up": (pygame.K_UP, pygame.K_u, pygame.K_1),
    "down": (pygame.K_DOWN, pygame.K_d, pygame.K_2),
}


class MeanTable(TableScene):
    describer = staticmethod(describe)
    outcome_words = outcome.WORDS
    phrases = PHRASES
    # Turns that start something, and announcements whose banner says it all.
    defaulted = frozenset(
        {"punish", "answer", "end-game", "replenish", "punishment-dropped", "called", "match-over"}
    )
    how_to = (
        "Shed your hand on the Play Area, Going Up or Going Down: click cards of one value "
        "to make a group, then drag it there (or click the Play Area).",
        "A Wild stands for a value you choose; an Eight swaps your hand with a player's.",
        "A Six is MEAN!: answer it or take Punishment Piles. When punished, the piles glow: "
        "click or drag one.",
    )
    style = MEAN_STYLE
    hand_order = staticmethod(lambda code: 99 if code == WILD else int(code))

    def __init__(self, app, launch, match=None) -> None:
        super().__init__(app, launch, match)
        self.play_rect = self.sign_rect = self.middle = pygame.Rect(0, 0, 0, 0)
        self.pile_rects: dict[int, pygame.Rect] = {}
        # What the table shows while events play out (the observation catches up after).
        self.sign = FlipSign()  # Going Up / Going Down, or None
        self.mean_count = 0
        self.shown_values: list[int] = []
        self.swapping: tuple[int, ...] | None = None

    # -- layout ---------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        main = card_size(min(height * 0.2, width * 0.105))
        box = (min(300, width * 0.24), min(150, height * 0.215))
        seats = place_seats(self, size, main[1] + 34, box)
        for seat, box in enumerate(seats.boxes):
            if seats.sides[seat] == "bottom":
                plate = (max(130, min(210, box.width // 6)), 52)
                self.plates[seat], hand = split_seat(box, True, plate, 14, top=6)
                self.view.spots[f"hand:{seat}"] = Spot(hand, main, "row")
            else:
                plate = (box.width, max(32, min(44, box.height // 3)))
                self.plates[seat], body = split_seat(box, False, plate, 4)
                body.inflate_ip(-8, 0)
                card = card_size(max(24, min(body.height, body.width * 0.3 * 1.42)))
                hand = pygame.Rect(body.x, body.y, body.width, card[1])
                self.view.spots[f"hand:{seat}"] = Spot(hand, card, "row", face_up=False)
        self.layout_centre(seats.center)

    def layout_centre(self, centre: pygame.Rect) -> None:
        """Left: the Draw Deck over the cards out of play. Middle: the sign over the Play
        Area. Right: the four Punishment Piles, two by two. A wide table keeps them
        together in the middle."""
        centre = centred(centre, round(centre.height * 2.7))
        label, badge = 18, 22
        pile_h = (centre.height - 2 * (label + badge) - 8) / 2
        pile = card_size(max(24, min(pile_h, centre.width / 8 * 1.42)))
        gap = max(10, pile[0] // 4)
        left = pygame.Rect(centre.x, centre.y, round(pile[0] * 1.6), centre.height)
        row_h = centre.height // 2
        deck = pygame.Rect(0, 0, *pile)
        deck.center = (left.centerx - pile[0] // 5, centre.y + label + pile[1] // 2 + 2)
        self.view.spots["draw"] = Spot(deck, pile, "stack", face_up=False)
        removed = deck.move(0, row_h)
        self.view.spots["removed"] = Spot(removed, pile, "stack")
        # Cards a replenishing shuffle left over: out of play and never seen, beside them.
        unseen_card = card_size(pile[1] * 0.5)
        unseen = pygame.Rect(0, 0, *unseen_card)
        unseen.bottomleft = (removed.right + 4, removed.bottom)
        self.view.spots["removed:unseen"] = Spot(unseen, unseen_card, "stack", face_up=False)
        piles_w = 2 * pile[0] + gap
        right = pygame.Rect(centre.right - piles_w - 6, centre.y, piles_w, centre.height)
        self.pile_rects = {}
        for number in range(PILES):
            row, column = divmod(number, 2)
            x, y = right.x + column * (pile[0] + gap), centre.y + label + row * row_h + 2
            self.pile_rects[number] = pygame.Rect(x, y, *pile)
            self.view.spots[f"punish:{number}"] = Spot(self.pile_rects[number], pile, "stack")
        middle = pygame.Rect(left.right + gap, centre.y, right.x - left.right - 2 * gap, 0)
        middle.height = centre.height
        self.middle = middle
        sign_h = max(30, min(56, round(centre.height * 0.17)))
        self.sign_rect = pygame.Rect(0, 0, min(middle.width - 8, max(180, sign_h * 5)), sign_h)
        self.sign_rect.midtop = (middle.centerx, middle.y + 2)
        room_h = middle.height - sign_h - 12 - 30
        play = card_size(max(40, min(room_h, middle.width / (1 + 3 * FAN) * 1.42, pile[1] * 1.45)))
        area = pygame.Rect(0, 0, round(play[0] * (1 + 3 * FAN)), play[1])
        area.midtop = (middle.centerx, self.sign_rect.bottom + 10)
        self.view.spots["play"] = Spot(area, play, "row", place=self.place_play)
        self.play_rect = area.inflate(24, 16)
        self.play_rect.width = max(self.play_rect.width, min(middle.width, play[0] * 3))
        self.play_rect.centerx = area.centerx

    def place_play(self, spot: Spot, count: int) -> list[pygame.Rect]:
        """The Play Area piles the older cards and fans the run on top to the right, so
        everyone sees how many of the top value lie there."""
        return fanned_run(spot, count, self.run_length(count), FAN)

    def run_length(self, count: int) -> int:
        """How many cards on top of the Play Area share the top value (as shown)."""
        values = self.shown_values
        if count == 0 or len(values) != count:
            return min(count, 1)
        run = 1
        while run < count and values[-run - 1] == values[-1]:
            run += 1
        return min(run, 4)

    def chooser_area(self) -> pygame.Rect:
        """Under the Play Area, above the hand: the card just played stays in sight."""
        hand = self.view.spots.get(f"hand:{self.bottom_seat()}")
        bottom = hand.rect.y - 4 if hand is not None else self.app.size[1]
        top = max(TOP_BAR, min(self.play_rect.bottom - 4, bottom - 90))  # small: over the middle
        area = pygame.Rect(0, top, self.middle.width + 160, bottom - top)
        area.centerx = self.play_rect.centerx
        return area

    def banner_centre(self) -> tuple[int, int]:
        return self.play_rect.center

    # -- what the viewer may do -----------------------------------------------------------

    @property
    def phase(self) -> str:
        return str(self.public.get("phase", PHASE_PLAY))

    def punished_now(self) -> bool:
        """Is the viewer the one who must take Punishment Piles now?"""
        return self.awaiting_human() and self.phase == PHASE_PUNISH

    def swap_targets(self) -> list[int]:
        """The seats the viewer's Eight may swap with, as the engine allows."""
        moves = [parse(code) for code in self.legal_codes()]
        return sorted(int(move.target or 0) for move in moves if move.kind == "swap")

    def takes(self, zone: str) -> str | None:
        """A Punishment Pile is dragged to the hand or clicked."""
        return punish_code(int(zone.split(":")[1])) if zone.startswith("punish:") else None

    def joins(self, zone: str, held: list[str], index: int) -> bool:
        return zone.startswith("hand:") and self.model[zone][index] == held[0]

    def drop_targets(self) -> dict[str, pygame.Rect]:
        return {"play": self.play_rect}

    def action_for(self, cards: tuple[str, ...], source: str, target: str):
        if target != "play" or source != f"hand:{self.viewer}" or not cards:
            return None
        if cards[0] != WILD:
            return play_code(cards)
        # A Wild may mean any value: the base asks which of the legal ones. The likely
        # one comes first, so a refusal names the rule that stops it.
        top = self.public.get("top_value")
        likely = MEAN_VALUE if self.phase == PHASE_ANSWER else int(top or 1)
        return [play_code(cards, value) for value in sorted(VALUES, key=lambda v: v != likely)]

    def off_target_words(self, drag) -> str:
        if drag.zone.startswith("punish:"):
            return "Drop the pile on your hand, or click it."
        return "Drop your cards on the Play Area."

    def asks(self, legal: list[str]) -> list[str]:
        asked = [code for code in legal if parse(code).kind in ("dir", "swap")]
        return sorted(asked, key=lambda code: code != dir_code("up"))  # Going Up first

    def question(self, codes: list[str]) -> str:
        move = parse(codes[0])
        if move.kind == "dir":
            return "Which way does the Play Area go?"
        if move.kind == "swap":
            return "Your Eight: swap hands with…"
        return "Wild as…" if len(move.cards) == 1 else f"{len(move.cards)} Wilds as…"

    def label_for(self, code: str) -> str:
        move = parse(code)
        if move.kind == "dir":
            return f"{UP_MARK} Going Up" if move.direction == "up" else f"{DOWN_MARK} Going Down"
        if move.kind == "swap":
            seat = int(move.target or 0)
            count = self.hand_count(seat)
            return f"{self.swap_targets().index(seat) + 1}. {self.names[seat]} ({count})"
        return str(move.value)  # a Wild's value

    def keys_for(self, code: str) -> tuple[int, ...]:
        move = parse(code)
        if move.kind == "dir":
            return DIRECTION_KEYS[str(move.direction)]
        return ()  # a Wild's value: its number's key

    def chooser_hint(self, codes: list[str]) -> str:
        kind = parse(codes[0]).kind
        if kind == "dir":
            return "↑ or ↓, or click"
        if kind == "swap":
            return "a number, ←/→ and Enter, or click a seat"
        return "a number (0 for 10), ←/→ and Enter; Esc cancels"

    def on_key(self, event: pygame.event.Event) -> bool:
        """A pile's number (1 to 4) takes it when you must take one."""
        number = event.key - pygame.K_1
        if self.punished_now() and 0 <= number < PILES:
            self.act(punish_code(number))
            return True
        return False

    def seat_code(self, seat: int) -> str | None:
        return swap_code(seat)  # with an Eight played, a click on a seat swaps with it

    # -- events ---------------------------------------------------------------------------

    def synced(self) -> None:
        if self.public.get("phase") != getattr(self, "shown_phase", None):
            self.input.key_focus = -1  # the arrows now move over other things
        self.shown_phase = self.public.get("phase")
        self.sign.set(self.public.get("direction"))
        self.mean_count = int(self.public.get("unresolved_mean", 0))
        self.shown_values = list(self.public.get("play_values", []))
        self.swapping = None

    def moving(self, events: list[Event], step: Step) -> None:
        if any(event.src == "play" for event in events):
            self.shown_values = []
            self.sign.turn_to(None, step)
        for event in events:
            if event.dst == "play" and "value" in event.data:
                self.shown_values += [int(event.data["value"])] * len(event.cards)

    def animations(self) -> dict[str, Look]:
        return {
            "deal": self.animate_deal,
            "direction": self.animate_direction,
            "mean": self.animate_mean,
            "mean-resolved": self.animate_mean_resolved,
            "wild": self.animate_wild,
            "punished": self.animate_punished,
            "swap": self.animate_swap,
            "clear": self.animate_clear,
            "win": self.animate_win,
            "lost-on-eight": self.animate_lost_on_eight,
            "restart": self.animate_restart,
        }

    def animate_deal(self, event: Event) -> None:
        self.animator.say("Four Punishment Piles, then four cards each", 0.8)

    def animate_direction(self, event: Event) -> None:
        direction = str(event.data["direction"])
        self.animator.step(lambda step: self.sign.turn_to(direction, step), hold=0.25)

    def animate_mean(self, event: Event) -> None:
        count = int(event.data.get("unresolved", 1))
        self.animator.step(lambda step: setattr(self, "mean_count", count))
        self.animator.say("MEAN!", 0.7)

    def animate_mean_resolved(self, event: Event) -> None:
        self.animator.step(lambda step: setattr(self, "mean_count", 0))

    def animate_wild(self, event: Event) -> None:
        self.animator.show_banner(self.animator.words(event), 0.8)

    def animate_punished(self, event: Event) -> None:
        piles = some(int(event.data["owed"]), "Punishment Pile")
        self.animator.say(f"{self.says(event.seats[0], 'take')} {piles}", 0.8)

    def animate_swap(self, event: Event) -> None:
        seat, other = event.seats
        self.animator.step(lambda step: setattr(self, "swapping", event.seats))
        self.animator.say(f"{self.says(seat, 'swap')} hands with {self.names[other]}")

    def animate_clear(self, event: Event) -> None:
        self.animator.say("Four of a kind: the Play Area is cleared!")

    def animate_win(self, event: Event) -> None:
        self.animator.say(f"{self.says(event.seats[0], 'win')}!")

    def animate_lost_on_eight(self, event: Event) -> None:
        seat = event.seats[0]
        loses = self.says(seat, "lose").split()[-1]
        self.animator.say(f"{self.names[seat]} went out on an Eight and {loses}!")

    def animate_restart(self, event: Event) -> None:
        # Four of a kind cleared: the clearer goes again at once, without drawing.
        self.animator.show_banner(
            f"{self.says(event.seat, 'start')} again on the empty Play Area", 0.9
        )

    def flight_time(self, event: Event) -> float:
        swap = (event.src or "").startswith("hand:") and (event.dst or "").startswith("hand:")
        return 0.9 if swap else self.move_time

    def sound_for(self, event: Event) -> str | None:
        return "win" if event.dst == "removed" else super().sound_for(event)

    # -- words and drawing ----------------------------------------------------------------

    def title_text(self) -> str:
        if self.public.get("draw_count", 1) == 0 and not self.public.get("is_over"):
            return f"{self.info.title}  End game"
        return self.info.title

    def prompt(self) -> str:
        """The status line on your turn; the top bar drops its last ``:`` part (how to do
        it) when the window is narrow."""
        phase = self.phase
        if phase == PHASE_DIR:
            return "Your play: Going Up or Going Down?"
        if phase == PHASE_SWAP:
            return "Your Eight: whose hand do you swap with?"
        if phase == PHASE_PUNISH:
            piles = some(int(self.public.get("piles_owed", 1)), "Punishment Pile")
            why = "You cannot play" if self.public.get("punish_reason") == "stuck" else "MEAN!"
            return f"{why}: take {piles}: click one or drag it to your hand"
        if phase == PHASE_ANSWER:
            piles = some(self.mean_count, "pile")
            return f"MEAN!: answer with a Six (or a Wild as Six), or you take {piles}"
        top = self.public.get("top_value")
        if top is None:
            return "Your turn: play any card(s) on the empty Play Area"
        way, bound = ("Up", "higher") if self.public.get("direction") == "up" else ("Down", "lower")
        return f"Going {way}: play {a_value(int(top))} or {bound}"

    def draw_table(self, surface: pygame.Surface) -> None:
        for seat, plate in self.plates.items():
            self.draw_plate(surface, seat, plate, marks.seat_detail(self, seat))
        marks.labels(self, surface)
        marks.sign(self, surface)
        marks.play_words(self, surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        marks.overlay(self, surface)
