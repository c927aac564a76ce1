"""The MEAN! table: hands around the table, the Draw Deck, the Play Area with its run on
top under a Going Up / Going Down sign, the four Punishment Piles, and the cards out of
play.

How a player plays here:

- click a card to select it, click more cards of the same value (or shift-click) to add
  them, then drag the group (or click the Play Area) to play them together; Wilds ask
  their value in a quick chooser that offers only the values the engine allows;
- after a play on an empty Play Area a chooser asks Going Up or Going Down, after an
  Eight whose hand to swap with (or click that seat's plate);
- when punished, the Punishment Piles light up: click one, or drag it to your hand;
- the keyboard: Left/Right move over your hand (or the piles), Space selects, Enter plays
  (or takes the pile), digits pick a pile or a chooser's option, Escape lets go.

Only what differs from ``TableScene``. Not for the rules (``games.mean``): every move goes
through ``perform`` and the engine's reason is what a refused move shows.
"""

from __future__ import annotations

import math
import re
from collections import deque
from typing import TYPE_CHECKING

import pygame
import pytweening

from cardtable.engine import HIDDEN, Event
from cardtable.games.mean import (
    EIGHT,
    MEAN_VALUE,
    NUMBER_NAMES,
    PHASE_ANSWER,
    PHASE_DIR,
    PHASE_PLAY,
    PHASE_PUNISH,
    PHASE_SWAP,
    SETS_DOWN,
    SETS_UP,
    VALUES,
    WILD,
    a_value,
)

from .. import theme
from ..anim import Step, Tween
from ..cards import CardFace, CardStyle, card_size, flip_width
from ..launch import Launch
from ..layout import SeatLayout, seat_layout
from ..widgets import Chooser
from .legacy import TOP_BAR, Drag, Flight, Spot, TableScene

if TYPE_CHECKING:
    from ..app import App

UP_MARK = "↑"
DOWN_MARK = "↓"
SWAP_MARK = "↻"
PILES = 4
FAN = 0.42  # how far each card of the top run sits right of the one under it, in widths

# The card colours are pretty and mean nothing; each value has its own, so a fanned hand
# reads at a glance.
VALUE_ACCENTS = {
    1: (200, 60, 50),
    2: (225, 120, 30),
    3: (190, 150, 20),
    4: (110, 160, 40),
    5: (40, 150, 80),
    6: (200, 30, 60),
    7: (20, 140, 150),
    8: (40, 100, 200),
    9: (90, 70, 190),
    10: (140, 60, 170),
    11: (200, 70, 140),
    12: (130, 90, 50),
}
UP_COLOUR = (70, 170, 100)
DOWN_COLOUR = (210, 110, 50)
MEAN_RED = (200, 36, 52)


def mean_face(code: str) -> CardFace:
    """What a MEAN! card shows: the value big, the special cards marked (↑ on One and
    Three, ↓ on Ten and Twelve, ↻ on Eight, MEAN! on Six, W for the Wild)."""
    if code == WILD:
        return CardFace(
            label="W",
            index="W",
            paper=(40, 36, 52),
            ink=(255, 214, 90),
            accent=(255, 150, 70),
            caption="WILD",
        )
    value = int(code)
    mark, caption = "", ""
    if value in SETS_UP:
        mark, caption = UP_MARK, f"{UP_MARK} UP"
    elif value in SETS_DOWN:
        mark, caption = DOWN_MARK, f"{DOWN_MARK} DOWN"
    elif value == EIGHT:
        mark, caption = SWAP_MARK, f"{SWAP_MARK} SWAP"
    elif value == MEAN_VALUE:
        mark, caption = "!", "MEAN!"
    paper = (255, 232, 232) if value == MEAN_VALUE else (250, 247, 238)
    return CardFace(
        label=code,
        index=code + mark,
        paper=paper,
        ink=(28, 28, 36),
        accent=VALUE_ACCENTS[value],
        caption=caption,
    )


def paint_mean(code: str, size: tuple[int, int]) -> pygame.Surface:
    """A MEAN! card front at ``size``: the number big in a ring, the corner marks upright
    (an arrow must never read upside down) and, where there is room, a band naming what
    a special card does."""
    face = mean_face(code)
    width, height = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(2, round(width * 0.09))
    pygame.draw.rect(surface, face.paper, rect, border_radius=radius)
    inset = max(2, round(width * 0.06))
    pygame.draw.rect(
        surface,
        face.accent,
        rect.inflate(-2 * inset, -2 * inset),
        max(1, round(width * 0.025)),
        radius // 2 + 1,
    )
    banded = bool(face.caption) and height >= 60
    centre = (rect.centerx, round(height * (0.44 if banded else 0.5)))
    disc = max(4, round(width * 0.32))
    ring = max(1, round(width * 0.04))
    if code == WILD:
        # The Wild's ring carries every value's colour: it may be any of them.
        for value, colour in VALUE_ACCENTS.items():
            start = math.tau * (value - 1) / 12
            box = pygame.Rect(0, 0, 2 * disc, 2 * disc)
            box.center = centre
            pygame.draw.arc(surface, colour, box, start, start + math.tau / 12 + 0.05, ring * 2)
    else:
        pygame.draw.circle(surface, face.accent, centre, disc)
        pygame.draw.circle(surface, face.paper, centre, disc - ring)
    share = {1: 0.62, 2: 0.43}.get(len(face.label), 0.4)
    font = theme.fonts().condensed(round(min(width * share, height * 0.42)))
    theme.text(surface, face.label, centre, 0, face.ink, anchor="center", font=font)
    # The corners, upright: top left the number with its mark under it (what a fanned
    # hand shows), bottom right the number (the band says the rest).
    number = "".join(ch for ch in face.index if ch.isalnum())
    mark = face.index[len(number) :]
    index_font = theme.fonts().condensed(max(7, round(width * 0.21)))
    pad = inset + max(1, round(width * 0.04))
    line_h = round(index_font.get_linesize() * 0.86)
    theme.text(surface, number, (pad + 1, pad - 2), 0, face.accent, font=index_font)
    if mark and height >= 40:
        theme.text(surface, mark, (pad + 1, pad - 2 + line_h), 0, face.accent, font=index_font)
    bottom = (width - pad - 1, height - pad + 2)
    theme.text(surface, number, bottom, 0, face.accent, anchor="bottomright", font=index_font)
    if banded:
        band_font = theme.fonts().condensed(max(7, round(width * 0.13)))
        label = band_font.render(face.caption, True, (255, 255, 255))
        band = label.get_rect().inflate(round(width * 0.08), 2)
        band.width = min(band.width, round(width * 0.52))
        band.midtop = (rect.centerx, centre[1] + disc + max(1, round(height * 0.02)))
        colour = MEAN_RED if code == str(MEAN_VALUE) else face.accent
        pygame.draw.rect(surface, colour, band, border_radius=max(2, band.height // 3))
        surface.blit(label, label.get_rect(center=band.center))
    pygame.draw.rect(surface, (40, 40, 40), rect, max(1, round(width * 0.012)), radius)
    return surface


MEAN_STYLE = CardStyle(
    "mean",
    mean_face,
    back=(18, 112, 118),
    back_accent=(236, 226, 196),
    back_label="MEAN!",
    paint=paint_mean,
)


class MeanTable(TableScene):
    style = MEAN_STYLE

    def __init__(self, app: App, launch: Launch) -> None:
        super().__init__(app, launch)
        self.plates: dict[int, pygame.Rect] = {}
        self.seat_boxes: SeatLayout | None = None
        self.play_rect = pygame.Rect(0, 0, 0, 0)
        self.sign_rect = pygame.Rect(0, 0, 0, 0)
        self.middle = pygame.Rect(0, 0, 0, 0)
        self.pile_rects: dict[int, pygame.Rect] = {}
        # What the table shows while events play out (the observation catches up after).
        self.sign_direction: str | None = None
        self.sign_from: str | None = None
        self.sign_turn: Tween | None = None
        self.mean_count = 0
        self.shown_values: list[int] = []
        self.wild_values: deque[int] = deque()
        self.swapping: tuple[int, int] | None = None
        # The quick choice on the table (direction, Wild value, swap) and what it is for.
        self.chooser: Chooser | None = None
        self.chooser_key: tuple | None = None
        self.wild_offer: Drag | None = None

    # -- layout ---------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        players = self.state.players
        main = card_size(min(height * 0.2, width * 0.105))
        seats = seat_layout(
            players,
            self.bottom_seat(),
            size,
            bottom_height=main[1] + 34,
            box=(min(300, width * 0.24), min(150, height * 0.215)),
            top_reserved=TOP_BAR,
        )
        self.seat_boxes = seats
        self.spots = {}
        self.plates = {}
        for seat in range(players):
            box = seats.boxes[seat]
            if seats.sides[seat] == "bottom":
                self.layout_bottom(seat, box, main)
            else:
                self.layout_other(seat, box)
        self.layout_centre(seats.center)

    def layout_bottom(self, seat: int, box: pygame.Rect, main: tuple[int, int]) -> None:
        side = max(130, min(210, box.width // 6))
        plate = pygame.Rect(box.x, box.y + 6, side, 52)
        self.plates[seat] = plate
        hand = pygame.Rect(box.x + side + 14, box.y, box.right - box.x - side - 14, box.height)
        self.spots[f"hand:{seat}"] = Spot(hand, main, "row")

    def layout_other(self, seat: int, box: pygame.Rect) -> None:
        plate_h = max(32, min(44, box.height // 3))
        plate = pygame.Rect(box.x, box.y, box.width, plate_h)
        self.plates[seat] = plate
        body = pygame.Rect(
            box.x + 4, plate.bottom + 4, box.width - 8, box.bottom - plate.bottom - 4
        )
        card = card_size(max(24, min(body.height, body.width * 0.3 * 1.42)))
        hand = pygame.Rect(body.x, body.y, body.width, card[1])
        self.spots[f"hand:{seat}"] = Spot(hand, card, "row", face_up=False)

    def layout_centre(self, centre: pygame.Rect) -> None:
        """Left: the Draw Deck over the cards out of play. Middle: the sign over the Play
        Area. Right: the four Punishment Piles, two by two. A wide table keeps them
        together in the middle."""
        group = centre.copy()
        group.width = min(centre.width, round(centre.height * 2.7))
        group.centerx = centre.centerx
        centre = group
        label, badge = 18, 22
        pile_h = (centre.height - 2 * (label + badge) - 8) / 2
        pile = card_size(max(34, min(pile_h, centre.width / 8 * 1.42)))
        gap = max(10, pile[0] // 4)
        column_w = round(pile[0] * 1.6)
        left = pygame.Rect(centre.x, centre.y, column_w, centre.height)
        row_h = centre.height // 2
        deck = pygame.Rect(0, 0, *pile)
        deck.center = (left.centerx, centre.y + label + pile[1] // 2 + 2)
        self.spots["draw"] = Spot(deck, pile, "stack", face_up=False)
        removed = deck.copy()
        removed.y += row_h
        self.spots["removed"] = Spot(removed, pile, "stack")
        # Cards a replenishing shuffle left over: out of play and never seen, tucked beside.
        unseen_card = card_size(pile[1] * 0.6)
        unseen = pygame.Rect(0, 0, *unseen_card)
        unseen.bottomleft = (removed.right - unseen_card[0] // 3, removed.bottom)
        self.spots["removed:unseen"] = Spot(unseen, unseen_card, "stack", face_up=False)
        piles_w = 2 * pile[0] + gap
        right = pygame.Rect(centre.right - piles_w - 6, centre.y, piles_w, centre.height)
        self.pile_rects = {}
        for number in range(PILES):
            row, column = divmod(number, 2)
            rect = pygame.Rect(0, 0, *pile)
            rect.x = right.x + column * (pile[0] + gap)
            rect.y = centre.y + label + row * row_h + 2
            self.pile_rects[number] = rect
            self.spots[f"punish:{number}"] = Spot(rect, pile, "stack")
        middle = pygame.Rect(left.right + gap, centre.y, right.x - left.right - 2 * gap, 0)
        middle.height = centre.height
        self.middle = middle
        sign_h = max(30, min(56, round(centre.height * 0.17)))
        self.sign_rect = pygame.Rect(0, 0, min(middle.width - 8, max(180, sign_h * 5)), sign_h)
        self.sign_rect.midtop = (middle.centerx, middle.y + 2)
        room_h = middle.height - sign_h - 12 - 30
        play_h = min(room_h, middle.width / (1 + 3 * FAN) * 1.42, pile[1] * 1.45)
        play = card_size(max(40, play_h))
        area = pygame.Rect(0, 0, round(play[0] * (1 + 3 * FAN)), play[1])
        area.midtop = (middle.centerx, self.sign_rect.bottom + 10)
        self.spots["play"] = Spot(area, play, "row")
        self.play_rect = area.inflate(24, 16)
        self.play_rect.width = max(self.play_rect.width, min(middle.width, play[0] * 3))
        self.play_rect.centerx = area.centerx

    def slots(self, zone: str, count: int | None = None) -> list[pygame.Rect]:
        """The Play Area piles the older cards and fans the run on top to the right, so
        everyone sees how many of the top value lie there."""
        if zone != "play" or "play" not in self.spots:
            return super().slots(zone, count)
        count = len(self.model.get(zone, [])) if count is None else count
        spot = self.spots["play"]
        width, height = spot.card
        run = self.run_length(count)
        rects = []
        # The pile and its fanned run sit centred together (they glide as the run grows).
        left = spot.rect.centerx - round(width * (1 + FAN * max(0, run - 1))) // 2
        for index in range(count):
            rect = pygame.Rect(left, spot.rect.y, width, height)
            place = index - (count - run)
            if place > 0:
                rect.x += round(place * FAN * width)
            elif count - run - index <= 6:
                # The pile under the run: a few edges show, like a real untidy pile.
                depth = count - run - index + (1 if place == 0 else 0)
                rect.x += (index * 7) % 5 - 2
                rect.y -= min(depth, 4)
            rects.append(rect)
        return rects

    def run_length(self, count: int) -> int:
        """How many cards on top of the Play Area share the top value (as shown)."""
        if count == 0:
            return 0
        values = self.shown_values
        if len(values) != count:
            return 1
        run = 1
        while run < count and values[-run - 1] == values[-1]:
            run += 1
        return min(run, 4)

    # -- the cards ------------------------------------------------------------------------

    def style_for(self, zone: str, code: str) -> CardStyle:
        return MEAN_STYLE

    def arrange(self, zone: str, cards: list[str]) -> list[str]:
        if zone.startswith("hand:") and HIDDEN not in cards:
            return sorted(cards, key=lambda code: 99 if code == WILD else int(code))
        return cards

    def sync(self) -> None:
        hand = self.my_hand_zone()
        before = list(self.model.get(hand, [])) if hand else []
        phase_before = self.public.get("phase")
        super().sync()
        if self.public.get("phase") != phase_before:
            self.key_focus = -1  # the arrows now move over other things (hand or piles)
        self.sign_direction = self.public.get("direction")
        self.sign_turn = None
        self.mean_count = int(self.public.get("unresolved_mean", 0))
        self.shown_values = list(self.public.get("play_values", []))
        self.swapping = None
        if hand and self.model.get(hand, []) != before:
            # The hand changed under the selection: start afresh.
            self.picked = None
            self.wild_offer = None
            self.key_focus = min(self.key_focus, len(self.model.get(hand, [])) - 1)

    def enter(self) -> None:
        super().enter()
        # Start from the shuffled deck, so the deal is seen: every card waits in the Draw
        # Deck until its move flies.
        total = sum(len(cards) for cards in self.model.values())
        self.model = {zone: [] for zone in self.model}
        self.model["draw"] = [HIDDEN] * total
        self.shown_values = []

    def my_hand_zone(self) -> str | None:
        return None if self.viewer is None else f"hand:{self.viewer}"

    # -- what the viewer may do -----------------------------------------------------------

    @property
    def phase(self) -> str:
        return str(self.public.get("phase", PHASE_PLAY))

    def punished_now(self) -> bool:
        """Is the viewer the one who must take Punishment Piles now?"""
        return self.awaiting_human() and self.phase == PHASE_PUNISH

    def swap_targets(self) -> list[int]:
        """The seats the viewer's Eight may swap with, as the engine allows."""
        codes = [code for code in self.legal_codes() if code.startswith("swap with ")]
        return sorted(int(code.split()[-1]) for code in codes)

    def draggable(self, zone: str) -> bool:
        if self.viewer is None:
            return False
        if zone.startswith("punish:"):
            return self.punished_now()
        return zone == f"hand:{self.viewer}"

    def cards_for_drag(self, zone: str, index: int) -> tuple[str, ...]:
        if zone.startswith("punish:"):
            return (self.model[zone][-1],)
        return (self.model[zone][index],)

    def key_cards(self) -> list[tuple[str, int]]:
        """What the arrow keys move over: the piles to take when punished, else the hand."""
        if self.punished_now():
            return [
                (f"punish:{n}", len(self.model[f"punish:{n}"]) - 1)
                for n in range(PILES)
                if self.model.get(f"punish:{n}")
            ]
        hand = self.my_hand_zone()
        if hand is None:
            return []
        return [(hand, index) for index in range(len(self.model.get(hand, [])))]

    def drop_targets(self) -> dict[str, pygame.Rect]:
        targets = {"play": self.play_rect}
        hand = self.my_hand_zone()
        if self.punished_now() and hand in self.spots:
            targets["hand"] = self.spots[hand].rect
        return targets

    def action_for(self, cards: tuple[str, ...], source: str, target: str) -> str | None:
        if target == "hand" and source.startswith("punish:"):
            return f"punish {source.split(':')[1]}"
        if target != "play" or source != self.my_hand_zone() or not cards:
            return None
        if cards[0] == WILD:
            values = self.wild_choices(len(cards))
            value = values[0] if values else self.likely_wild_value()
            return f"play {' '.join(cards)} as {value}"
        return f"play {' '.join(cards)}"

    def wild_choices(self, count: int) -> list[int]:
        """The values ``count`` Wilds may be played as now, as the engine allows them."""
        prefix = f"play {' '.join([WILD] * count)} as "
        legal = self.legal_codes()
        return [value for value in VALUES if f"{prefix}{value}" in legal]

    def likely_wild_value(self) -> int:
        """A Wild's value to ask the engine about when none is legal, so its refusal
        names the rule that stops it."""
        if self.phase == PHASE_ANSWER:
            return MEAN_VALUE
        top = self.public.get("top_value")
        return int(top) if top is not None else 1

    def pick(self, zone: str, index: int, pos: tuple[int, int] | None = None) -> Drag:
        """Picking up a selected card lifts the whole selected group with it."""
        group = [index]
        if self.picked is not None and self.picked.zone == zone and index in self.picked.group:
            group = sorted(self.picked.group)
        return self.group_drag(zone, index, group, pos)

    def group_drag(
        self, zone: str, index: int, group: list[int], pos: tuple[int, int] | None = None
    ) -> Drag:
        home = self.slot(zone, index)
        pos = pos or home.center
        if zone.startswith("punish:"):
            cards = self.cards_for_drag(zone, index)
        else:
            cards = tuple(self.model[zone][i] for i in group)
        legal = self.legal_codes()
        lit = {
            target
            for target in self.drop_targets()
            if self.action_for(cards, zone, target) in legal
        }
        return Drag(
            zone,
            index,
            cards,
            home,
            (pos[0] - home.x, pos[1] - home.y),
            pos,
            pos,
            lit=lit,
            indices=tuple(group) if len(group) > 1 else (),
        )

    def select(self, zone: str, index: int) -> None:
        """A click on a card of the hand: select it; a card of the same value joins the
        selected group (a click on a selected card lets it go); another value starts
        afresh."""
        cards = self.model.get(zone, [])
        if not 0 <= index < len(cards):
            return
        group: list[int] = []
        if self.picked is not None and self.picked.zone == zone:
            group = [i for i in self.picked.group if i < len(cards)]
        if index in group:
            group.remove(index)
        elif group and cards[group[0]] == cards[index]:
            group.append(index)
        else:
            group = [index]
        group.sort()
        self.picked = self.group_drag(zone, group[0], group) if group else None

    def release_at(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        if drag is not None and not drag.moved:
            self.drag = None
            if drag.zone.startswith("punish:"):
                self.drop(drag, "hand")  # a click on a pile takes it
            else:
                self.select(drag.zone, drag.index)
            return
        super().release_at(pos)

    def drop(self, drag: Drag, target: str) -> None:
        if target == "hand" and drag.zone == self.my_hand_zone():
            self.snap_back(drag)  # back where it came from: nothing to say
            return
        if target == "play" and drag.cards[0] == WILD and drag.zone == self.my_hand_zone():
            values = self.wild_choices(len(drag.cards))
            if len(values) > 1:
                self.snap_back(drag)
                self.picked = self.group_drag(drag.zone, drag.index, list(drag.group))
                self.wild_offer = self.picked
                return
        moves = len(self.state.history)
        super().drop(drag, target)
        if len(self.state.history) != moves:
            self.picked = None  # played: the selection went with the cards
        if drag.zone.startswith("punish:"):
            self.release = []  # only cards from a hand fly on from where they were let go

    def on_click(self, pos: tuple[int, int]) -> bool:
        if self.punished_now():
            for number, rect in self.pile_rects.items():
                zone = f"punish:{number}"
                if rect.inflate(8, 30).collidepoint(pos) and self.model.get(zone):
                    index = len(self.model[zone]) - 1
                    self.drop(self.group_drag(zone, index, [index]), "hand")
                    return True
        if self.awaiting_human() and self.phase == PHASE_SWAP:
            for seat, plate in self.plates.items():
                box = self.seat_boxes.boxes[seat] if self.seat_boxes else plate
                if seat != self.viewer and (plate.collidepoint(pos) or box.collidepoint(pos)):
                    self.act(f"swap with {seat}")
                    return True
        return False

    def act(self, code: str) -> None:
        """A move chosen in a chooser or on a plate: the engine's reason if refused."""
        if self.viewer is None:
            return
        reason = self.perform(self.viewer, code)
        if reason is not None:
            self.refuse(reason)

    # -- the in-table choosers ------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self.refresh_chooser()

    def refresh_chooser(self) -> None:
        """Open the chooser the moment asks for (or close it); kept while nothing
        changes, so its keyboard focus stays."""
        key: tuple | None = None
        if self.awaiting_human() and self.app.manager.top is self:
            phase = self.phase
            if phase in (PHASE_DIR, PHASE_SWAP):
                key = (phase, len(self.state.history), self.app.size)
            elif self.wild_offer is not None and phase in (PHASE_PLAY, PHASE_ANSWER):
                key = ("wild", len(self.wild_offer.cards), len(self.state.history), self.app.size)
        if key is None and self.wild_offer is not None and not self.queue.busy:
            self.wild_offer = None
        if key == self.chooser_key:
            return
        self.chooser_key = key
        self.chooser = None if key is None else self.make_chooser(key[0])

    def make_chooser(self, kind: str) -> Chooser:
        digits = [pygame.K_1 + n for n in range(9)]
        if kind == PHASE_DIR:
            chooser = Chooser(
                "Which way does the Play Area go?",
                [f"{UP_MARK} Going Up", f"{DOWN_MARK} Going Down"],
                lambda index: self.act("dir up" if index == 0 else "dir down"),
                keys={
                    pygame.K_UP: 0,
                    pygame.K_DOWN: 1,
                    pygame.K_u: 0,
                    pygame.K_d: 1,
                    pygame.K_1: 0,
                    pygame.K_2: 1,
                },
                hint="↑ or ↓, or click",
            )
        elif kind == PHASE_SWAP:
            targets = self.swap_targets()
            labels = [
                f"{n + 1}. {self.seats[s].name} ({len(self.model.get(f'hand:{s}', []))})"
                for n, s in enumerate(targets)
            ]
            chooser = Chooser(
                "Your Eight: swap hands with…",
                labels,
                lambda index: self.act(f"swap with {targets[index]}"),
                keys={digits[n]: n for n in range(min(9, len(targets)))},
                hint="a number, ←/→ and Enter, or click a seat",
            )
        else:
            assert self.wild_offer is not None
            cards = self.wild_offer.cards
            values = self.wild_choices(len(cards))
            keys = {digits[v - 1]: n for n, v in enumerate(values) if v <= 9}
            hint = "a number, ←/→ and Enter; Esc cancels"
            if 10 in values:
                keys[pygame.K_0] = values.index(10)
                hint = "a number (0 for 10), ←/→ and Enter; Esc cancels"
            question = "Wild as…" if len(cards) == 1 else f"{len(cards)} Wilds as…"
            chooser = Chooser(
                question,
                [str(value) for value in values],
                lambda index: self.play_wilds(cards, values[index]),
                on_cancel=self.cancel_wilds,
                keys=keys,
                hint=hint,
            )
        # Just under the Play Area, so the card just played stays in sight.
        width, height = self.app.size
        room = max(240, min(width - 40, self.middle.width + 160))
        button = (56, 40) if kind == "wild" else (120, 42)
        chooser.place((0, 0), room, button)
        panel = chooser.rect.copy()
        panel.midtop = (self.play_rect.centerx, self.play_rect.bottom - 4)
        panel.clamp_ip(pygame.Rect(0, TOP_BAR, width, height))
        chooser.place(panel.center, room, button)
        return chooser

    def play_wilds(self, cards: tuple[str, ...], value: int) -> None:
        offer, self.wild_offer = self.wild_offer, None
        if offer is None or self.viewer is None:
            return
        slots = [self.slot(offer.zone, index) for index in offer.group]
        self.release = list(zip(cards, slots, strict=False))
        reason = self.perform(self.viewer, f"play {' '.join(cards)} as {value}")
        if reason is not None:
            self.release = []
            self.refuse(reason)
        else:
            self.picked = None
        self.refresh_chooser()

    def cancel_wilds(self) -> None:
        self.wild_offer = None
        self.refresh_chooser()

    def handle(self, event: pygame.event.Event) -> None:
        if self.chooser is not None and not self.queue.busy and self.chooser.handle(event):
            return
        super().handle(event)

    def on_key(self, event: pygame.event.Event) -> bool:
        """The keyboard path of MEAN!: Left/Right over the hand (or the piles when you
        must take one), Space to select, Enter to play the selection (or take the pile),
        a digit to take that Punishment Pile, Escape to let go."""
        if self.queue.busy or self.viewer is None:
            return False
        cards = self.key_cards()
        if event.key == pygame.K_ESCAPE:
            self.picked = None
            self.wild_offer = None
            return True
        if self.punished_now():
            numbers = {pygame.K_0 + n: n for n in range(PILES)}
            if event.key in numbers:
                self.take_pile(numbers[event.key])
                return True
        if event.key in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_UP, pygame.K_DOWN):
            if cards:
                step = 1 if event.key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
                if self.key_focus < 0:
                    self.key_focus = 0 if step > 0 else len(cards) - 1
                else:
                    self.key_focus = (self.key_focus + step) % len(cards)
            return True
        if event.key not in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            return False
        if not cards:
            return True
        if self.key_focus < 0 or self.key_focus >= len(cards):
            self.key_focus = 0  # the first press shows where the cursor is; no move yet
            return True
        zone, index = cards[self.key_focus]
        if zone.startswith("punish:"):
            self.take_pile(int(zone.split(":")[1]))
        elif event.key == pygame.K_SPACE:
            self.select(zone, index)
        else:
            in_group = self.picked is not None and index in self.picked.group
            drag = self.picked if in_group else self.group_drag(zone, index, [index])
            self.drop(drag, "play")
        return True

    def take_pile(self, number: int) -> None:
        zone = f"punish:{number}"
        if self.model.get(zone):
            index = len(self.model[zone]) - 1
            self.drop(self.group_drag(zone, index, [index]), "hand")
        else:
            self.act(f"punish {number}")  # the engine says why not

    # -- events ---------------------------------------------------------------------------

    def play(self, events: list[Event]) -> None:
        # A Wild's value comes in the announcement after its move: note it first, so the
        # run on the Play Area fans right while the card lands.
        for at, event in enumerate(events):
            if event.kind == "move" and event.dst == "play" and WILD in event.cards:
                for later in events[at + 1 :]:
                    if later.kind == "announce" and "value" in later.data:
                        self.wild_values.append(int(later.data["value"]))
                        break
        super().play(events)

    def animate_moves(self, events: list[Event]) -> None:
        first = events[0]
        src, dst = first.src or "", first.dst or ""
        if len(events) == 2 and src.startswith("hand:") and dst.startswith("hand:"):
            self.animate_swap(events)
            return
        values: list[int] = []
        for event in events:
            if event.dst == "play" and event.cards:
                if event.cards[0] == WILD:
                    wild = self.wild_values.popleft() if self.wild_values else 0
                    values += [wild] * len(event.cards)
                else:
                    values += [int(code) for code in event.cards]
        leaving_play = any(event.src == "play" for event in events)

        def start(step: Step) -> None:
            if leaving_play:
                self.shown_values = []
                self.turn_sign(None, step)
            self.shown_values.extend(values)

        if values or leaving_play:
            self.queue.push(Step(start=start, label="play area"))
        super().animate_moves(events)

    def animate_swap(self, events: list[Event]) -> None:
        """The Eight: both hands fly across the table at once, crossing in the middle."""
        give, take = events
        mine, theirs = give.src or "", take.src or ""

        def start(step: Step) -> None:
            self.app.sounds.play("deal")
            self.swapping = (int(mine.split(":")[1]), int(theirs.split(":")[1]))
            old = {mine: list(self.model.get(mine, [])), theirs: list(self.model.get(theirs, []))}
            starts = {zone: self.slots(zone, len(cards)) for zone, cards in old.items()}
            arriving = {theirs: list(give.cards), mine: list(take.cards)}
            for zone, cards in arriving.items():
                self.model[zone] = cards
                self.arriving[zone] = len(cards)
            for src, dst in ((mine, theirs), (theirs, mine)):
                ends = self.slots(dst, len(arriving[dst]))
                for order, (before, rect) in enumerate(zip(old[src], starts[src], strict=True)):
                    after = arriving[dst][order] if order < len(arriving[dst]) else HIDDEN
                    up_before = before != HIDDEN and self.face_up(src)
                    up_after = after != HIDDEN and self.face_up(dst)
                    flight = Flight(
                        after if up_after else before,
                        MEAN_STYLE,
                        rect,
                        ends[min(order, len(ends) - 1)],
                        up_before,
                        up_after,
                        Tween(0.9, delay=0.05 * order, ease=pytweening.easeInOutCubic),
                    )
                    self.flights.append(flight)
                    step.tweens.append(flight.tween)

        def end() -> None:
            self.arriving[mine] = 0
            self.arriving[theirs] = 0
            self.flights = [f for f in self.flights if not f.tween.done]
            self.swapping = None

        self.queue.push(Step(start=start, end=end, label="swap"))

    def turn_sign(self, direction: str | None, step: Step) -> None:
        """The Going Up / Going Down sign turns over to ``direction``."""
        if direction == self.sign_direction:
            return
        self.sign_from = self.sign_direction
        self.sign_direction = direction
        self.sign_turn = Tween(0.6, ease=pytweening.easeInOutSine)
        step.tweens.append(self.sign_turn)

    def animate_deal(self, event: Event) -> None:
        self.show_banner("Four Punishment Piles, then four cards each", self.banner_time * 0.8)

    def animate_announce(self, event: Event) -> None:
        data = event.data
        seat = event.seat
        if "direction" in data:
            direction = str(data["direction"])
            self.queue.push(Step(start=lambda step: self.turn_sign(direction, step), hold=0.25))
            return
        if event.text == "MEAN!":
            count = int(data.get("unresolved", 1))

            def mean(step: Step) -> None:
                self.mean_count = count

            self.queue.push(Step(start=mean))
            self.show_banner("MEAN!", self.banner_time * 0.7)
            return
        if event.text == "MEAN! resolved":
            self.queue.push(Step(start=lambda step: setattr(self, "mean_count", 0)))
            return
        if "value" in data and seat is not None:
            count = int(data.get("count", 1))
            wilds = "Wild" if count == 1 else f"{count} Wilds"
            self.show_banner(f"{self.seats[seat].name}: {wilds} as {data['value']}", 0.8)
            return
        if "owed" in data and seat is not None:
            owed = int(data["owed"])
            piles = "a Punishment Pile" if owed == 1 else f"{owed} Punishment Piles"
            self.show_banner(f"{self.says(seat, 'take')} {piles}", self.banner_time * 0.8)
            return
        if "target" in data and seat is not None:
            other = self.seats[int(data["target"])].name
            self.show_banner(f"{self.says(seat, 'swap')} hands with {other}", self.banner_time)
            return
        if event.text == "Play Area cleared":
            self.show_banner("Four of a kind: the Play Area is cleared!", self.banner_time)
            return
        if seat is not None and event.text.endswith(" wins!"):
            self.show_banner(f"{self.says(seat, 'win')}!", self.banner_time)
            return
        if seat is not None and "went out on an Eight" in event.text:
            loses = self.says(seat, "lose").split()[-1]
            name = self.seats[seat].name
            self.show_banner(f"{name} went out on an Eight and {loses}!", self.banner_time)
            return
        self.show_banner(self.with_names(event.text), self.banner_time)

    def animate_turn(self, event: Event) -> None:
        if event.text == "restart" and event.seat is not None:
            # Four of a kind cleared: the clearer goes again at once, without drawing.
            who = self.says(event.seat, "start")
            self.show_banner(f"{who} again on the empty Play Area", 0.9)

    def refuse(self, reason: str) -> None:
        super().refuse(self.with_names(reason))  # "waiting for seat 2": waiting for Bo

    def says(self, seat: int, verb: str) -> str:
        """``Ada takes`` / ``You take``: a seat's name with a verb that agrees."""
        name = self.seats[seat].name
        return f"{name} {verb}" if name.lower() == "you" else f"{name} {verb}s"

    def with_names(self, words: str) -> str:
        """The engine's ``Seat 2`` as the player's name."""

        def name(match: re.Match) -> str:
            seat = int(match.group(1) or match.group(2))
            return self.seats[seat].name if 0 <= seat < len(self.seats) else match.group(0)

        return re.sub(r"\{P(\d+)\}|\b[Ss]eat (\d+)", name, words)

    def sound_for(self, event: Event) -> str | None:
        if event.kind == "move" and event.dst == "removed":
            return "win"
        return super().sound_for(event)

    # -- words ----------------------------------------------------------------------------

    def title_text(self) -> str:
        if self.public.get("draw_count", 1) == 0 and not self.state.is_over:
            return f"{self.info.title}  End game"
        return self.info.title

    def prompt(self) -> str:
        """The status line on your turn: the long form on a wide window, else the short."""
        long, short = self.prompt_forms()
        return long if self.app.size[0] >= 1000 else short

    def prompt_forms(self) -> tuple[str, str]:
        phase = self.phase
        if phase == PHASE_DIR:
            return "Choose the Card Direction: Going Up or Going Down", "Going Up or Going Down?"
        if phase == PHASE_SWAP:
            return "Your Eight: choose whose hand to swap with", "Your Eight: swap with whom?"
        if phase == PHASE_PUNISH:
            owed = int(self.public.get("piles_owed", 1))
            piles = "a Punishment Pile" if owed == 1 else f"{owed} Punishment Piles"
            reason = self.public.get("punish_reason")
            why = "You cannot play" if reason == "stuck" else "MEAN!"
            return f"{why}: take {piles} (click one or drag it to your hand)", f"Take {piles}"
        if phase == PHASE_ANSWER:
            count = self.mean_count
            piles = "a pile" if count == 1 else f"{count} piles"
            return (
                f"MEAN! Answer with a Six (or a Wild as Six), or you take {piles}",
                f"MEAN! A Six, or take {piles}",
            )
        top = self.public.get("top_value")
        if top is None:
            return "Your turn: play any card(s) on the empty Play Area", "Your turn: play any card"
        if self.public.get("direction") == "up":
            rule = f"Going Up: play {a_value(int(top))} or higher"
        else:
            rule = f"Going Down: play {a_value(int(top))} or lower"
        return f"Your turn, {rule}", rule

    def run_words(self) -> str:
        run = self.run_length(len(self.shown_values))
        if not run:
            return ""
        value = self.shown_values[-1]
        if run >= 4 or value not in NUMBER_NAMES:
            return ""
        more = 4 - run
        clear = "clears" if more == 1 else "clear"
        return f"{NUMBER_NAMES[value]} ×{run} on top: {more} more {clear} the Play Area"

    def seat_detail(self, seat: int) -> str:
        if seat in self.public.get("lost_on_eight", []):
            return "lost"
        if any(seat in group for group in self.public.get("went_out", [])):
            return "won"
        count = len(self.model.get(f"hand:{seat}", []))
        plate = self.plates.get(seat)
        if plate is not None and plate.width < 190:
            return str(count)  # a narrow plate keeps its room for the name
        return f"{count} card" + ("" if count == 1 else "s")

    # -- drawing --------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface) -> None:
        for seat, plate in self.plates.items():
            self.draw_plate(surface, seat, plate, self.seat_detail(seat))
        self.draw_labels(surface)
        self.draw_sign(surface)
        self.draw_play_words(surface)

    def draw_labels(self, surface: pygame.Surface) -> None:
        small = max(12, min(15, self.spots["draw"].card[1] // 7))
        deck = self.spots["draw"].rect
        theme.text(
            surface,
            "Draw Deck",
            (deck.centerx, deck.y - 4),
            small,
            theme.INK_DIM,
            True,
            "midbottom",
        )
        if not self.model.get("draw"):
            self.empty_slot(surface, deck)
            theme.text(surface, "empty:", deck.center, small, theme.GOLD, True, "midbottom")
            theme.text(surface, "end game", deck.center, small, theme.GOLD, True, "midtop")
        removed = self.spots["removed"].rect
        out = len(self.model.get("removed", [])) + len(self.model.get("removed:unseen", []))
        theme.text(
            surface,
            f"Out of play: {out}",
            (removed.centerx, removed.y - 4),
            small,
            theme.INK_DIM,
            True,
            "midbottom",
        )
        if not self.model.get("removed"):
            self.empty_slot(surface, removed)
        label_font = theme.fonts().get(small, bold=True)
        for number, rect in self.pile_rects.items():
            words = f"Pile {number}"
            if label_font.size(words)[0] > rect.width + 4:
                words = str(number)  # a small window: the number alone
            theme.text(
                surface,
                words,
                (rect.centerx, rect.y - 4),
                small,
                theme.INK_DIM,
                True,
                "midbottom",
            )
            if not self.model.get(f"punish:{number}"):
                self.empty_slot(surface, rect)
        if not self.model.get("play") and not self.queue.busy:
            area = self.play_rect
            size = max(11, min(18, area.width // 8))
            theme.text(surface, "Play Area", area.center, size, theme.INK_DIM, True, "midbottom")
            theme.text(surface, "empty", area.center, size - 3, theme.INK_DIM, anchor="midtop")

    def empty_slot(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (230, 240, 230, 70), layer.get_rect(), 2, border_radius=8)
        surface.blit(layer, rect)

    def draw_sign(self, surface: pygame.Surface) -> None:
        """The big Going Up / Going Down sign; it turns over when the direction changes."""
        rect = self.sign_rect
        direction = self.sign_direction
        squeeze = 1.0
        if self.sign_turn is not None and not self.sign_turn.done:
            progress = self.sign_turn.progress
            squeeze = max(0.04, flip_width(progress))
            if progress < 0.5:
                direction = self.sign_from
        shown = rect.copy()
        shown.width = max(4, round(rect.width * squeeze))
        shown.centerx = rect.centerx
        if direction is None:
            colour, words, mark = (52, 78, 66), "No direction yet", ""
        elif direction == "up":
            colour, words, mark = UP_COLOUR, "GOING UP", UP_MARK
        else:
            colour, words, mark = DOWN_COLOUR, "GOING DOWN", DOWN_MARK
        sign = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(sign, colour, sign.get_rect(), border_radius=12)
        pygame.draw.rect(sign, (250, 246, 230), sign.get_rect(), 3, border_radius=12)
        size = max(14, round(rect.height * 0.5))
        font = theme.fonts().get(size, bold=True)
        if direction is None:
            size = max(12, round(rect.height * 0.36))
            font = theme.fonts().get(size, bold=True)
        label = f"{mark} {words} {mark}".strip()
        while font.size(label)[0] > rect.width - 16 and size > 10:
            size -= 1
            font = theme.fonts().get(size, bold=True)
        theme.text(
            sign,
            label,
            (rect.width // 2, rect.height // 2),
            0,
            theme.INK,
            anchor="center",
            font=font,
        )
        if squeeze < 1.0:
            sign = pygame.transform.smoothscale(sign, shown.size)
        surface.blit(sign, shown)

    def draw_play_words(self, surface: pygame.Surface) -> None:
        """Under the Play Area: the MEAN! chain waiting, or the run on top."""
        area = self.spots["play"].rect
        y = area.bottom + 8
        if self.mean_count:
            count = self.mean_count
            words = f"MEAN! ×{count}: {count} pile{'' if count == 1 else 's'} waiting"
            font = theme.fonts().get(16, bold=True)
            if font.size(words)[0] > self.middle.width - 24:
                words = f"MEAN! ×{count}"
            label = font.render(words, True, (255, 244, 240))
            box = label.get_rect(midtop=(area.centerx, y)).inflate(20, 6)
            pulse = 0.5 + 0.5 * abs(((self.clock * 1.4) % 2) - 1)
            pygame.draw.rect(surface, MEAN_RED, box, border_radius=12)
            edge = (255, 210 + round(40 * pulse), 120)
            pygame.draw.rect(surface, edge, box, 2, border_radius=12)
            surface.blit(label, label.get_rect(center=box.center))
            return
        words = self.run_words() if not self.queue.busy and self.chooser is None else ""
        font = theme.fonts().get(14)
        if words and font.size(words)[0] <= self.middle.width:
            theme.text(
                surface, words, (area.centerx, y), 14, theme.INK_DIM, font=font, anchor="midtop"
            )

    def draw_wild_value(self, surface: pygame.Surface) -> None:
        """A Wild on top of the Play Area wears the value it was played as."""
        cards = self.model.get("play", [])
        visible = len(cards) - self.arriving.get("play", 0)
        if not visible or cards[visible - 1] != WILD or len(self.shown_values) < visible:
            return
        value = self.shown_values[visible - 1]
        if value not in NUMBER_NAMES:
            return
        card = self.slots("play")[visible - 1]
        font = theme.fonts().get(max(12, min(18, card.h // 8)), bold=True)
        label = font.render(f"as {value}", True, (40, 30, 10))
        box = label.get_rect(midbottom=(card.centerx, card.bottom - card.h // 5)).inflate(12, 4)
        pygame.draw.rect(surface, theme.GOLD, box, border_radius=8)
        pygame.draw.rect(surface, (40, 30, 10), box, 1, border_radius=8)
        surface.blit(label, label.get_rect(center=box.center))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.draw_wild_value(surface)
        if self.punished_now():
            self.draw_pile_call(surface)
        elif self.phase == PHASE_PUNISH and not self.state.is_over and not self.queue.busy:
            seat = int(self.public.get("current", 0))
            owed = int(self.public.get("piles_owed", 0))
            if owed and seat != self.viewer:
                piles = "a pile" if owed == 1 else f"{owed} piles"
                self.pile_note(surface, f"{self.says(seat, 'take')} {piles}")
        if self.awaiting_human() and self.phase == PHASE_SWAP:
            self.draw_swap_marks(surface)
        if self.swapping is not None:
            for seat in self.swapping:
                plate = self.plates.get(seat)
                if plate is not None:
                    pygame.draw.rect(surface, theme.GOLD, plate.inflate(6, 6), 3, border_radius=12)
        if self.chooser is not None and not self.queue.busy:
            self.chooser.draw(surface)
        self.draw_hand_hint(surface)

    def draw_pile_call(self, surface: pygame.Surface) -> None:
        """You must take a pile: the piles glow, and the number owed shows."""
        pulse = 0.5 + 0.5 * abs(((self.clock * 1.8) % 2) - 1)
        for number, rect in self.pile_rects.items():
            if not self.model.get(f"punish:{number}"):
                continue
            layer = pygame.Surface(rect.inflate(16, 16).size, pygame.SRCALPHA)
            pygame.draw.rect(
                layer,
                (255, 226, 90, round(120 + 120 * pulse)),
                layer.get_rect(),
                4,
                border_radius=12,
            )
            surface.blit(layer, rect.inflate(16, 16))
        owed = int(self.public.get("piles_owed", 1))
        words = "Take a pile" if owed == 1 else f"Take {owed} piles"
        self.pile_note(surface, words)

    def pile_note(self, surface: pygame.Surface, words: str) -> None:
        """A call in the middle of the four piles: who takes how many."""
        first, last = self.pile_rects[0], self.pile_rects[PILES - 1]
        centre = ((first.left + last.right) // 2, (first.bottom + last.top) // 2)
        font = theme.fonts().get(15, bold=True)
        words = theme.fit(words, font, max(60, (last.right - first.left) + 20))
        label = font.render(words, True, (40, 30, 10))
        box = label.get_rect(center=centre).inflate(16, 6)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, theme.GOLD, box, border_radius=10)
        surface.blit(label, label.get_rect(center=box.center))

    def draw_swap_marks(self, surface: pygame.Surface) -> None:
        targets = self.swap_targets()
        pulse = 0.5 + 0.5 * abs(((self.clock * 1.8) % 2) - 1)
        for seat in targets:
            plate = self.plates.get(seat)
            if plate is None:
                continue
            colour = (255, 226, 90, round(140 + 110 * pulse))
            layer = pygame.Surface(plate.inflate(8, 8).size, pygame.SRCALPHA)
            pygame.draw.rect(layer, colour, layer.get_rect(), 4, border_radius=12)
            surface.blit(layer, plate.inflate(8, 8))
            font = theme.fonts().get(13, bold=True)
            label = font.render(f"{SWAP_MARK} swap", True, (40, 30, 10))
            box = label.get_rect(topright=(plate.right - 6, plate.bottom - 2)).inflate(10, 2)
            pygame.draw.rect(surface, theme.GOLD, box, border_radius=8)
            surface.blit(label, label.get_rect(center=box.center))

    def draw_hand_hint(self, surface: pygame.Surface) -> None:
        """Under your plate, how to play: what a newcomer needs, in one or two lines."""
        if self.viewer is None or self.viewer not in self.plates or self.state.is_over:
            return
        plate = self.plates[self.viewer]
        if not self.awaiting_human():
            return
        phase = self.phase
        if phase in (PHASE_PLAY, PHASE_ANSWER):
            lines = ["Click cards of one value,", "drag them to the Play Area"]
            keys = "Keys: ←/→ Space Enter"
        elif phase == PHASE_PUNISH:
            lines = ["Click a lit pile", "or drag it to your hand"]
            keys = "Keys: ←/→ Enter, 0-3"
        else:
            return
        font = theme.fonts().get(13)
        if max(font.size(line)[0] for line in lines) > plate.width:
            lines = []  # a narrow window: the status line says it
        for index, line in enumerate([*lines, keys]):
            if font.size(line)[0] <= plate.width:
                theme.text(
                    surface,
                    line,
                    (plate.x + 4, plate.bottom + 8 + index * 17),
                    13,
                    theme.INK_DIM,
                    font=font,
                )

    def banner_centre(self) -> tuple[int, int]:
        if self.seat_boxes is None:
            return super().banner_centre()
        return self.play_rect.centerx, self.play_rect.centery

    def reason_anchor(self) -> tuple[int, int]:
        hand = self.spots.get(f"hand:{self.bottom_seat()}")
        if hand is None:
            return super().reason_anchor()
        return hand.rect.centerx, hand.rect.y - 4
