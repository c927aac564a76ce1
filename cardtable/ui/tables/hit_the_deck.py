"""The Hit the Deck table: hands, the Draw Pile and the discard pile, the direction of
play, the call in force, and the slap round as a moment at the table.

When a Hit-with-a-Hand card lands it slams down, "HIT THE DECK!" is called, and each hand
lands on the pile the moment its key (or pad button) is pressed, in its player's colour
with their name and its place in the order; the four cards then fly to the one who was
last. Hits are applied as their input events arrive (``on_slap``), and nothing in a round
waits in the animation queue: a queued animation would hold back the bots' hits and the
round's clock, which the shared machinery runs only while the table is still.

Between hands a score sheet lists every hand's scores and the running totals ("Next hand"
deals on). Cards carry their colour's shape as well as its colour (red circle, blue
square, green triangle, yellow star), so nobody has to tell colours apart.

Only what differs from ``TableScene``. Not for the rules (``games.hit_the_deck``) nor the
slap keys themselves (``ui.slap``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pytweening

from cardtable.engine import HIDDEN, Event
from cardtable.games.hit_the_deck import (
    COLOUR_NAMES,
    COLOUR_SHAPES,
    CUT,
    FLIP,
    HAND,
    HIT_COLOUR,
    HIT_NUMBER,
    NUMBER,
    card,
    full_deck,
)

from .. import theme
from ..anim import Step, Tween
from ..cards import CardFace, CardStyle, card_size
from ..launch import Launch
from ..layout import seat_layout
from ..scenes.base import Scene
from ..slap import key_label, keys_for, pad_label, pads_for
from ..widgets import Button
from .legacy import TOP_BAR, Drag, Spot, TableScene, _and

if TYPE_CHECKING:
    from ..app import App

Colour = tuple[int, int, int]

CARD_COLOURS: dict[str, Colour] = {
    "R": (204, 42, 42),
    "B": (34, 90, 196),
    "G": (24, 136, 62),
    "Y": (236, 180, 16),
}
# Ink on a filled shape: yellow is too light for white numbers.
SHAPE_INK: dict[str, Colour] = {"R": (255, 255, 255), "B": (255, 255, 255)}
SHAPE_INK.update({"G": (255, 255, 255), "Y": (40, 30, 10)})
PAPER: Colour = (251, 249, 242)
HIT_PAPER: Colour = (30, 30, 40)
HIT_GOLD: Colour = (244, 200, 66)
EDGE: Colour = (40, 40, 40)

#: Each player's colour for their hand on the pile: none of them a card colour.
SEAT_COLOURS: list[Colour] = [
    (255, 138, 40),
    (178, 102, 255),
    (40, 214, 222),
    (255, 102, 178),
    (236, 236, 236),
    (172, 214, 60),
]

#: How long (seconds at speed 1) a hand takes to land, and the slam of a Hand card.
HAND_LANDS = 0.2
SLAM = 0.4


# -- the cards ------------------------------------------------------------------------------


def draw_shape(
    surface: pygame.Surface,
    shape: str,
    centre: tuple[float, float],
    radius: float,
    colour: Colour,
    edge: Colour | None = None,
) -> None:
    """A colour's shape: circle, square, triangle or star, ``radius`` from its centre."""
    x, y = centre
    width = max(1, round(radius * 0.12)) if edge else 0
    if shape == "circle":
        pygame.draw.circle(surface, colour, (round(x), round(y)), round(radius))
        if edge:
            pygame.draw.circle(surface, edge, (round(x), round(y)), round(radius), width)
        return
    if shape == "square":
        side = radius * 1.7
        rect = pygame.Rect(0, 0, round(side), round(side))
        rect.center = (round(x), round(y))
        pygame.draw.rect(surface, colour, rect, border_radius=max(1, round(side * 0.12)))
        if edge:
            pygame.draw.rect(surface, edge, rect, width, border_radius=max(1, round(side * 0.12)))
        return
    if shape == "triangle":
        points = [
            (
                x + radius * 1.12 * math.cos(math.radians(a)),
                y + radius * 1.12 * math.sin(math.radians(a)) + radius * 0.18,
            )
            for a in (-90, 30, 150)
        ]
    else:  # star
        points = []
        for index in range(10):
            reach = radius * 1.12 if index % 2 == 0 else radius * 0.5
            angle = math.radians(-90 + index * 36)
            points.append(
                (x + reach * math.cos(angle), y + reach * math.sin(angle) + radius * 0.08)
            )
    pygame.draw.polygon(surface, colour, points)
    if edge:
        pygame.draw.polygon(surface, edge, points, width)


def draw_hand(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, edge: Colour) -> None:
    """A flat hand, fingers up, filling ``rect``: the mark of a slap."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    w, h = rect.size
    palm = pygame.Rect(round(w * 0.2), round(h * 0.42), round(w * 0.62), round(h * 0.54))
    pygame.draw.rect(layer, colour, palm, border_radius=round(w * 0.2))
    finger_w = round(w * 0.15)
    for left, top in ((0.2, 0.14), (0.355, 0.04), (0.51, 0.07), (0.665, 0.17)):
        finger = pygame.Rect(round(w * left), round(h * top), finger_w, round(h * 0.5))
        pygame.draw.rect(layer, colour, finger, border_radius=finger_w // 2)
    thumb_from = (round(w * 0.3), round(h * 0.7))
    thumb_to = (round(w * 0.07), round(h * 0.42))
    thick = round(w * 0.15)
    pygame.draw.line(layer, colour, thumb_from, thumb_to, thick)
    pygame.draw.circle(layer, colour, thumb_to, thick // 2)
    outline = pygame.mask.from_surface(layer).outline()
    if len(outline) > 2:
        pygame.draw.lines(layer, edge, True, outline, max(2, round(w * 0.035)))
    surface.blit(layer, rect)


def hit_face(code: str) -> CardFace:
    """Words for a card (its label and corner index) where a face is described in text."""
    read = card(code)
    if read.kind == NUMBER:
        return CardFace(label=str(read.number), index=str(read.number))
    if read.kind in (CUT, FLIP):
        word = "CUT" if read.kind == CUT else "FLIP"
        return CardFace(label=word, index=word)
    if read.kind == HAND:
        return CardFace(label="HAND", index="HIT")
    return CardFace(label=str(read.calls), index="HIT")


def paint_card(code: str, size: tuple[int, int]) -> pygame.Surface:
    """A Hit the Deck card face: number cards show the number on their colour's shape;
    word cards their word on a band of their colour; Hit cards are dark with HIT and the
    number, the colour's shape or a hand."""
    width, height = size
    read = card(code)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(2, round(width * 0.09))
    condensed = theme.fonts().condensed
    if read.is_hit:
        pygame.draw.rect(surface, HIT_PAPER, rect, border_radius=radius)
        inner = rect.inflate(-2 * max(2, round(width * 0.06)), -2 * max(2, round(width * 0.06)))
        pygame.draw.rect(surface, HIT_GOLD, inner, max(1, round(width * 0.03)), radius // 2 + 1)
        theme.text(
            surface,
            "HIT",
            (rect.centerx, inner.y + max(1, round(height * 0.04))),
            0,
            HIT_GOLD,
            anchor="midtop",
            font=condensed(max(7, round(width * 0.26))),
        )
        middle = (rect.centerx, rect.centery + round(height * 0.06))
        if read.kind == HIT_NUMBER:
            pygame.draw.circle(surface, HIT_GOLD, middle, round(width * 0.3))
            pygame.draw.circle(
                surface, HIT_PAPER, middle, round(width * 0.3) - max(1, round(width * 0.04))
            )
            theme.text(
                surface,
                str(read.calls),
                middle,
                0,
                (255, 255, 255),
                anchor="center",
                font=condensed(max(8, round(width * 0.42))),
            )
            caption = "number"
        elif read.kind == HIT_COLOUR:
            colour = str(read.calls)
            draw_shape(
                surface,
                COLOUR_SHAPES[colour],
                middle,
                width * 0.27,
                CARD_COLOURS[colour],
                (255, 255, 255),
            )
            caption = COLOUR_NAMES[colour]
        else:
            side = round(width * 0.62)
            hand = pygame.Rect(0, 0, side, round(side * 1.1))
            hand.center = middle
            draw_hand(surface, hand, (255, 255, 255), HIT_GOLD)
            caption = "hand"
        if height >= 60:
            theme.text(
                surface,
                caption.upper(),
                (rect.centerx, inner.bottom - max(1, round(height * 0.03))),
                0,
                HIT_GOLD,
                anchor="midbottom",
                font=condensed(max(7, round(width * 0.13))),
            )
        pygame.draw.rect(surface, EDGE, rect, max(1, round(width * 0.012)), radius)
        return surface
    colour = str(read.colour)
    accent = CARD_COLOURS[colour]
    shape = COLOUR_SHAPES[colour]
    pygame.draw.rect(surface, PAPER, rect, border_radius=radius)
    frame = max(2, round(width * 0.07))
    pygame.draw.rect(surface, accent, rect, frame, border_radius=radius)
    # Corners: the number or word over the shape, also upside down in the far corner.
    index_font = condensed(max(7, round(width * (0.24 if read.kind == NUMBER else 0.15))))
    words = str(read.number) if read.kind == NUMBER else ("CUT" if read.kind == CUT else "FLIP")
    index = index_font.render(words, True, accent)
    corner = pygame.Surface(
        (max(index.get_width(), round(width * 0.2)), index.get_height() + round(width * 0.2)),
        pygame.SRCALPHA,
    )
    corner.blit(index, index.get_rect(midtop=(corner.get_width() // 2, 0)))
    draw_shape(
        corner,
        shape,
        (corner.get_width() / 2, index.get_height() + width * 0.09),
        width * 0.075,
        accent,
    )
    pad = frame + max(1, round(width * 0.03))
    surface.blit(corner, (pad, pad))
    surface.blit(
        pygame.transform.rotate(corner, 180),
        (width - pad - corner.get_width(), height - pad - corner.get_height()),
    )
    if read.kind == NUMBER:
        draw_shape(surface, shape, rect.center, width * 0.3, accent)
        theme.text(
            surface,
            str(read.number),
            (rect.centerx, rect.centery + round(width * 0.02)),
            0,
            SHAPE_INK[colour],
            anchor="center",
            font=condensed(max(8, round(width * 0.36))),
        )
    else:
        band = pygame.Rect(frame, 0, width - 2 * frame, round(height * 0.2))
        band.center = rect.center
        pygame.draw.rect(surface, accent, band)
        word = "CUT" if read.kind == CUT else "FLIP"
        font = condensed(max(7, round(min(band.height * 0.8, width * 0.3))))
        theme.text(surface, word, band.center, 0, SHAPE_INK[colour], anchor="center", font=font)
        if height >= 60:
            theme.text(
                surface,
                "THE DECK",
                (rect.centerx, band.bottom + round(height * 0.03)),
                0,
                accent,
                anchor="midtop",
                font=condensed(max(7, round(width * 0.12))),
            )
            draw_shape(
                surface, shape, (rect.centerx, band.top - height * 0.12), width * 0.11, accent
            )
    pygame.draw.rect(surface, EDGE, rect, max(1, round(width * 0.012)), radius)
    return surface


HIT_STYLE = CardStyle(
    "hit-the-deck",
    hit_face,
    back=(120, 30, 44),
    back_accent=(244, 200, 66),
    back_label="HIT THE DECK",
    paint=paint_card,
)

_ORDER = {code: index for index, code in enumerate(dict.fromkeys(full_deck()))}


# -- the slap round -----------------------------------------------------------------------


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


class HitTheDeckTable(TableScene):
    style = HIT_STYLE
    slaps = True

    def __init__(self, app: App, launch: Launch) -> None:
        super().__init__(app, launch)
        self.plates: dict[int, pygame.Rect] = {}
        self.sides: list[str] = []
        self.centre = pygame.Rect(0, 0, 0, 0)
        self.hands_on_pile: list[HandOnPile] = []
        self.round_result: dict[str, Any] | None = None
        self.slam: Tween | None = None
        self.calling = False  # "HIT THE DECK!" is up
        self.flash = ""
        self.flash_left = 0.0
        self.sheet: list[dict[str, Any]] = []
        self.draw_button = Button("Draw a card", self.draw_a_card, size=16)
        self.key_names: dict[int, str] = {}
        self.pad_names: dict[int, tuple[int, int]] = {}

    def enter(self) -> None:
        saved = self.app.settings.slap_bindings
        self.key_names = keys_for(self.humans, saved)
        self.pad_names = pads_for(self.humans, saved)
        super().enter()

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
            box=(min(290, width * 0.24), min(132, height * 0.2)),
            top_reserved=TOP_BAR + 6,
        )
        self.sides = seats.sides
        self.spots = {}
        self.plates = {}
        for seat in range(players):
            box = seats.boxes[seat]
            if seats.sides[seat] == "bottom":
                plate_w = max(150, min(230, box.width // 5))
                plate = pygame.Rect(box.x, box.y + 8, plate_w, 58)
                self.plates[seat] = plate
                hand = pygame.Rect(
                    plate.right + 24, box.y, box.right - plate.right - 48, box.height
                )
                self.spots[f"hand:{seat}"] = Spot(hand, main, "row")
            else:
                plate = pygame.Rect(box.x, box.y, box.width, min(52, box.height // 2))
                self.plates[seat] = plate
                body = pygame.Rect(
                    box.x, plate.bottom + 4, box.width, box.bottom - plate.bottom - 4
                )
                small = card_size(max(18, min(body.height - 2, body.width * 0.22 * 1.42)))
                self.spots[f"hand:{seat}"] = Spot(body.inflate(-8, 0), small, "row", face_up=False)
        centre = seats.center
        self.centre = centre
        pile = card_size(min(centre.height * 0.62, main[1] * 1.08))
        self.pile_size = pile
        gap = max(24, pile[0] // 2)
        middle_y = centre.centery - round(centre.height * 0.04)
        discard = pygame.Rect(0, 0, *pile)
        discard.midleft = (centre.centerx + gap // 2, middle_y)
        draw = pygame.Rect(0, 0, *pile)
        draw.midright = (centre.centerx - gap // 2, middle_y)
        self.spots["draw"] = Spot(draw, pile, "stack", face_up=False)
        self.spots["discard"] = Spot(discard, pile, "stack")
        self.draw_button.rect = pygame.Rect(0, 0, max(110, pile[0] + 20), 30)
        below = min(self.ring_rect().bottom + 4, centre.bottom - 30)
        self.draw_button.rect.midtop = (draw.centerx, max(draw.bottom + 24, below))

    # -- the game's words -----------------------------------------------------------------

    def title_text(self) -> str:
        hand = self.public.get("hand_number", 1)
        return f"{self.info.title} · Hand {hand} · to {self.public.get('target', 100)}"

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def in_words(self, text: str) -> str:
        """The engine's sentence with seat numbers turned into players' names."""
        for seat in range(self.state.players - 1, -1, -1):
            text = text.replace(f"Seat {seat}", self.name(seat))
            text = text.replace(f"seat {seat}", self.name(seat))
        return text

    def arrange(self, zone: str, cards: list[str]) -> list[str]:
        if zone.startswith("hand:") and HIDDEN not in cards:
            return sorted(cards, key=lambda code: _ORDER[code])
        return cards

    def slap_key_words(self, seat: int) -> str:
        """The key (and pad button) that slaps for ``seat``."""
        words = []
        if seat in self.key_names:
            words.append(key_label(self.key_names[seat]))
        if seat in self.pad_names:
            words.append(pad_label(self.pad_names[seat]))
        return " / ".join(words)

    def can_draw(self) -> bool:
        return "draw" in self.legal_codes()

    def draggable(self, zone: str) -> bool:
        if zone == "draw":
            return self.can_draw()
        return super().draggable(zone)

    def cards_for_drag(self, zone: str, index: int) -> tuple[str, ...]:
        return (self.model[zone][-1],) if zone == "draw" else super().cards_for_drag(zone, index)

    def key_cards(self) -> list[tuple[str, int]]:
        cards = []
        if self.viewer is not None:
            cards = [
                (f"hand:{self.viewer}", i)
                for i in range(len(self.model.get(f"hand:{self.viewer}", [])))
            ]
        if self.can_draw() and self.model.get("draw"):
            cards.append(("draw", len(self.model["draw"]) - 1))
        return cards

    def drop_targets(self) -> dict[str, pygame.Rect]:
        if self.viewer is None or "discard" not in self.spots:
            return {}
        targets = {"discard": self.spots["discard"].rect.inflate(28, 28)}
        if self.can_draw() and f"hand:{self.viewer}" in self.spots:
            targets["hand"] = self.spots[f"hand:{self.viewer}"].rect
        return targets

    def action_for(self, cards: tuple[str, ...], source: str, target: str) -> str | None:
        if source == "draw" and target == "hand":
            return "draw"
        if source == f"hand:{self.viewer}" and target == "discard" and len(cards) == 1:
            return f"play {cards[0]}"
        return None

    def prompt(self) -> str:
        obs = self.public
        if obs.get("slap", {}).get("open"):
            return "HIT THE DECK! Press your slap key"
        if obs.get("holding_drawn") and obs.get("drawn_card"):
            return f"You drew {obs['drawn_card']}: it fits, play it on the pile"
        if self.can_draw():
            demand = obs.get("demand")
            need = f"{demand['words']} is called for" if demand else "No card fits"
            return f"{need.capitalize()}: draw from the Draw Pile"
        demand = obs.get("demand")
        if demand:
            return f"Play {demand['words']}: drag it onto the pile"
        if self.app.size[0] < 1100:
            return "Your turn: play a card on the pile"
        return "Your turn: drag a card to the pile (or ←/→, Enter)"

    def to_act_words(self, seat: int) -> str:
        if self.state.window is not None:
            return "hit now!"
        return super().to_act_words(seat)

    def status_line(self) -> tuple[str, tuple[int, int, int]]:
        if self.state.window is not None:
            keys = [f"{self.name(s)}: {self.slap_key_words(s)}" for s in self.humans]
            if self.app.size[0] < 1100:
                return "HIT THE DECK!", theme.GOLD
            return "HIT THE DECK!  " + "  ·  ".join(keys), theme.GOLD
        return super().status_line()

    # -- acting ---------------------------------------------------------------------------

    def on_slap(self, seat: int) -> bool:
        # A slap outside a round is a fake-out; a second slap in a round is refused.
        self.perform(seat, "hit")
        return True

    def draw_a_card(self) -> None:
        if self.viewer is None:
            return
        reason = self.perform(self.viewer, "draw")
        if reason is not None:
            self.refuse(reason)
        else:
            self.key_focus = -1  # the hand changed: the keyboard starts again at its left

    def release_at(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        if drag is not None and drag.zone == "draw" and not drag.moved:
            self.drag = None  # a click on the Draw Pile draws
            self.draw_a_card()
            return
        super().release_at(pos)

    def handle(self, event: pygame.event.Event) -> None:
        if self.can_draw() and not self.queue.busy and self.draw_button.handle(event):
            return
        super().handle(event)

    def drop(self, drag: Drag, target: str) -> None:
        if drag.zone == "draw" and target == "hand":
            self.draw_a_card()
            return
        super().drop(drag, target)

    # -- animation ------------------------------------------------------------------------

    def window_mark(self) -> Any:
        # The open round's id: a bot's hit scheduled in one round never lands in the next.
        slap = self.state.observation(None)["slap"]
        return slap["round"] if slap["open"] else None

    def flight_time(self, event: Event) -> float:
        if event.dst == "discard" and event.cards and event.cards[0] == "HIT-HAND":
            return self.move_time * 0.7  # thrown down hard
        if (
            event.src == "draw"
            and event.dst
            and event.dst.startswith("hand:")
            and self.round_result
        ):
            return self.move_time * 1.4  # the loser's four cards: the moment to watch
        return self.move_time

    def show_banner(self, words: str, seconds: float) -> None:
        super().show_banner(self.in_words(words), seconds)

    def animate_announce(self, event: Event) -> None:
        if event.text.startswith("HIT THE DECK WITH A HAND"):
            # The player of the card hit in time: that hit is the call. Nothing waits.
            for hand in self.hands_on_pile:
                if hand.seat == event.seat and not hand.fake:
                    hand.called = True
            return
        super().animate_announce(event)

    def animate_slap(self, event: Event) -> None:
        stage = event.data.get("stage")
        number = int(event.data.get("round", 0))
        if stage == "open":
            self.open_round(event, number)
        elif stage == "hit" and event.seat is not None:
            # Drawn at once, not queued: the round's clock and the bots must not wait.
            self.app.sounds.play("play")
            self.hands_on_pile.append(
                HandOnPile(event.seat, int(event.data.get("order", 0)), self.clock, number)
            )
        elif stage == "announce-missed" and event.seat is not None:
            self.show_flash(f"{self.name(event.seat)} did not call it in time!")
        elif stage == "fake-out" and event.seat is not None:
            self.app.sounds.play("play")
            self.hands_on_pile = [h for h in self.hands_on_pile if not h.fake]
            self.hands_on_pile.append(HandOnPile(event.seat, 0, self.clock, number, fake=True))
            self.show_flash(f"{self.name(event.seat)} is faked out: draws two")
        elif stage == "close":
            self.close_round(event, number)

    def open_round(self, event: Event, number: int) -> None:
        def start(step: Step) -> None:
            self.app.sounds.play("flip")
            self.hands_on_pile = [h for h in self.hands_on_pile if h.round == number and not h.fake]
            self.round_result = None
            self.calling = True
            self.slam = Tween(SLAM, ease=pytweening.easeOutBounce)
            step.tweens.append(self.slam)

        self.queue.push(Step(start=start, label="slam"))

    def close_round(self, event: Event, number: int) -> None:
        data = dict(event.data)

        def start(step: Step) -> None:
            self.calling = False
            self.round_result = data
            self.app.sounds.play("win")

        # The last hand lands first, then the table says who draws.
        self.queue.push(Step(hold=HAND_LANDS, label="the last hand lands"))
        self.queue.push(Step(start=start, hold=1.3, label="who hit last"))

    def animate_turn(self, event: Event) -> None:
        if self.round_result is not None or any(h.fake for h in self.hands_on_pile):
            self.queue.push(Step(start=lambda step: self.clear_round(), label="clear the pile"))

    def clear_round(self) -> None:
        if self.round_result is not None:
            self.hands_on_pile = []
            self.round_result = None

    def show_flash(self, words: str) -> None:
        self.flash = words
        self.flash_left = 2.4

    def animate_score(self, event: Event) -> None:
        super().animate_score(event)
        row = {
            "hand": event.data.get("hand"),
            "hand_scores": list(event.data.get("hand_scores", [])),
            "scores": list(event.data.get("scores", [])),
        }

        def start(step: Step) -> None:
            self.clear_round()
            self.hands_on_pile = []
            self.sheet.append(row)
            over = max(row["scores"] or [0]) >= int(self.public.get("target", 100))
            names = [c.name for c in self.seats]
            self.app.manager.push(
                ScoreSheet(self.app, names, self.sheet, int(self.public.get("target", 100)), over)
            )

        # A short hold keeps the next hand's deal from starting under the sheet.
        self.queue.push(Step(start=start, hold=0.05, label="score sheet"))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.flash_left = max(0.0, self.flash_left - dt)
        if self.state.window is None and self.calling and not self.queue.busy:
            self.calling = False
        # A fake-out's hand lifts off the pile again after a moment.
        self.hands_on_pile = [
            h for h in self.hands_on_pile if not h.fake or self.clock - h.landed < 1.8
        ]

    # -- drawing --------------------------------------------------------------------------

    def seat_colour(self, seat: int) -> Colour:
        return SEAT_COLOURS[seat % len(SEAT_COLOURS)]

    def draw_table(self, surface: pygame.Surface) -> None:
        scores = self.public.get("scores") or [0] * self.state.players
        for seat, plate in self.plates.items():
            score = scores[seat]
            self.draw_plate(surface, seat, plate, f"{score} pt" + ("" if score == 1 else "s"))
            pygame.draw.rect(
                surface,
                self.seat_colour(seat),
                (plate.x + 3, plate.y + 8, 5, plate.height - 16),
                border_radius=3,
            )
            # The cards drawn at the seat, so the count keeps pace with the animation.
            zone = f"hand:{seat}"
            count = len(self.model.get(zone, [])) - self.arriving.get(zone, 0)
            self.draw_plate_extras(surface, seat, plate, count)
        self.draw_direction(surface)
        self.draw_pile_labels(surface)

    def draw_plate_extras(
        self, surface: pygame.Surface, seat: int, plate: pygame.Rect, count: int
    ) -> None:
        """The seat's card count and, for a human, the key that slaps for them: under the
        plate at the bottom, else beside the count."""
        small = max(11, min(15, plate.height // 3 - 2))
        words = f"{count} card" + ("" if count == 1 else "s")
        capped = seat in self.key_names or seat in self.pad_names
        if capped and self.sides[seat] != "bottom":
            font = theme.fonts().get(small, bold=True)
            kind = self.to_act_words(seat) if seat in self.state.to_act else "Human"
            needed = font.size(kind + self.slap_key_words(seat) + words)[0] + 56
            if needed > plate.width:
                words = f"{count} c."  # a narrow plate keeps room for the slap key
        label = theme.text(
            surface,
            words,
            (plate.right - 10, plate.bottom - 4),
            small,
            theme.INK,
            True,
            "bottomright",
        )
        if not capped:
            return
        if self.sides[seat] == "bottom":
            theme.text(
                surface,
                "Slap key",
                (plate.x + 4, plate.bottom + 16),
                15,
                theme.INK_DIM,
                anchor="midleft",
            )
            self.key_cap(surface, seat, (plate.x + 76, plate.bottom + 16), 15, plate.right + 60)
            return
        kind = self.to_act_words(seat) if seat in self.state.to_act else "Human"
        kind_width = theme.fonts().get(small).size(kind)[0]
        self.key_cap(
            surface, seat, (plate.x + 18 + kind_width, plate.bottom - 12), small, label.x - 8
        )

    def key_cap(
        self, surface: pygame.Surface, seat: int, midleft: tuple[int, int], size: int, right: int
    ) -> None:
        """The seat's slap key drawn as a key, edged in the seat's colour."""
        words = self.slap_key_words(seat)
        font = theme.fonts().get(size, bold=True)
        while font.size(words)[0] > right - midleft[0] - 12 and len(words) > 3:
            words = words[:-2] + "…"
        cap = font.render(words, True, (30, 30, 30))
        box = cap.get_rect(midleft=(midleft[0] + 5, midleft[1])).inflate(10, 4)
        pygame.draw.rect(surface, (90, 86, 76), box.move(0, 2), border_radius=5)
        pygame.draw.rect(surface, (236, 232, 218), box, border_radius=5)
        pygame.draw.rect(surface, self.seat_colour(seat), box, 2, border_radius=5)
        surface.blit(cap, cap.get_rect(center=box.center))

    def ring_rect(self) -> pygame.Rect:
        """The oval round both piles that the direction arrows run on."""
        draw = self.spots["draw"].rect
        discard = self.spots["discard"].rect
        tall = max(0, min(round(draw.h * 0.62), self.centre.height - draw.h - 34))
        ring = draw.union(discard).inflate(round(draw.w * 0.75), tall)
        ring.clamp_ip(self.centre)
        return ring

    def draw_direction(self, surface: pygame.Surface) -> None:
        """Arrows round the piles, turning the way play goes."""
        direction = int(self.public.get("direction", 1))
        ring = self.ring_rect()
        colour = (196, 226, 206)
        width = 3
        for start, end in ((200, 340), (20, 160)):
            points = []
            for step in range(25):
                angle = math.radians(start + (end - start) * step / 24)
                points.append(
                    (
                        ring.centerx + ring.w / 2 * math.cos(angle),
                        ring.centery + ring.h / 2 * math.sin(angle),
                    )
                )
            pygame.draw.lines(surface, colour, False, points, width)
            # Screen angles grow clockwise: the head sits at the end play moves toward.
            tip_angle = end if direction == 1 else start
            tip = (
                ring.centerx + ring.w / 2 * math.cos(math.radians(tip_angle)),
                ring.centery + ring.h / 2 * math.sin(math.radians(tip_angle)),
            )
            back_angle = tip_angle - 8 * direction
            back = (
                ring.centerx + ring.w / 2 * math.cos(math.radians(back_angle)),
                ring.centery + ring.h / 2 * math.sin(math.radians(back_angle)),
            )
            dx, dy = tip[0] - back[0], tip[1] - back[1]
            length = math.hypot(dx, dy) or 1.0
            ux, uy = dx / length, dy / length
            size = 12
            head = [
                (tip[0] + ux * 4, tip[1] + uy * 4),
                (tip[0] - ux * size - uy * size * 0.6, tip[1] - uy * size + ux * size * 0.6),
                (tip[0] - ux * size + uy * size * 0.6, tip[1] - uy * size - ux * size * 0.6),
            ]
            pygame.draw.polygon(surface, colour, head)
        if self.calling or self.round_result is not None:
            return  # the round's own words stand there
        turn = self.public.get("turn")
        words = "Play goes clockwise" if direction == 1 else "Play goes anticlockwise"
        if isinstance(turn, int) and self.state.window is None and not self.state.is_over:
            following = (turn + direction) % self.state.players
            words += f" · next: {self.name(following)}"
        theme.text(
            surface, words, (ring.centerx, ring.top - 4), 14, theme.INK_DIM, True, "midbottom"
        )

    def draw_pile_labels(self, surface: pygame.Surface) -> None:
        draw = self.spots["draw"].rect
        discard = self.spots["discard"].rect
        if self.calling or self.round_result is not None or self.ring_rect().top > draw.top - 34:
            return
        theme.text(
            surface,
            "Draw Pile",
            (draw.centerx, draw.top - 16),
            14,
            theme.INK_DIM,
            anchor="midbottom",
        )
        theme.text(
            surface,
            "Discard",
            (discard.centerx, discard.top - 16),
            14,
            theme.INK_DIM,
            anchor="midbottom",
        )

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.draw_hand_hints(surface)
        self.draw_demand(surface)
        if self.can_draw() and not self.queue.busy:
            self.draw_button.draw(surface)
        self.draw_slam(surface)
        self.draw_hands_on_pile(surface)
        self.draw_round_words(surface)
        if self.flash_left > 0 and self.flash:
            discard = self.spots["discard"].rect
            font = theme.fonts().get(max(15, self.pile_size[1] // 8), bold=True)
            label = font.render(self.flash, True, (255, 240, 236))
            box = label.get_rect(midtop=(self.centre.centerx, discard.bottom + 30)).inflate(24, 10)
            box.clamp_ip(surface.get_rect())
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            alpha = int(230 * min(1.0, self.flash_left * 2))
            pygame.draw.rect(layer, (150, 36, 36, alpha), layer.get_rect(), border_radius=10)
            surface.blit(layer, box)
            surface.blit(label, label.get_rect(center=box.center))

    def draw_hand_hints(self, surface: pygame.Surface) -> None:
        """On the viewer's turn: a veil on the cards that cannot be played now, and a ring
        round a card just drawn that must be."""
        if self.viewer is None or self.queue.busy or self.viewer not in self.state.to_act:
            return
        if self.state.window is not None:
            return
        zone = f"hand:{self.viewer}"
        cards = self.model.get(zone, [])
        playable = {code.split()[1] for code in self.legal_codes() if code.startswith("play ")}
        if not playable:
            return
        hidden = self.hidden_cards()
        lifted = self.picked is not None and self.picked.zone == zone
        for index, rect in enumerate(self.slots(zone)):
            if (zone, index) in hidden or (lifted and self.picked and self.picked.index == index):
                continue
            code = cards[index]
            key = (zone, code, cards[: index + 1].count(code) - 1)
            if key in self.card_positions:
                x, y = self.card_positions[key]
                rect = pygame.Rect(round(x), round(y), rect.w, rect.h)
            if code not in playable:
                veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                pygame.draw.rect(
                    veil, (0, 0, 0, 80), veil.get_rect(), border_radius=max(2, round(rect.w * 0.09))
                )
                # Only the part not covered by the next card: the veil must not darken it.
                if index + 1 < len(cards):
                    visible = max(0, self.slots(zone)[index + 1].x - rect.x)
                    veil = veil.subsurface((0, 0, min(rect.w, visible), rect.h))
                surface.blit(veil, rect)

    def draw_demand(self, surface: pygame.Surface) -> None:
        """The call in force, beside the discard pile: a colour with its shape, or a
        number."""
        demand = self.public.get("demand")
        if not demand:
            return
        discard = self.spots["discard"].rect
        box = pygame.Rect(0, 0, max(96, round(discard.w * 1.0)), round(discard.h * 0.72))
        box.midleft = (max(discard.right + 22, self.ring_rect().right + 12), discard.centery)
        if box.right > self.centre.right:
            box.right = self.centre.right
        theme.panel(surface, box, alpha=225, radius=12)
        pygame.draw.rect(surface, HIT_GOLD, box, 3, border_radius=12)
        theme.text(surface, "CALLED", (box.centerx, box.y + 6), 14, HIT_GOLD, True, "midtop")
        middle = (box.centerx, box.centery + 4)
        if demand["kind"] == "colour":
            colour = str(demand["value"])
            draw_shape(
                surface,
                COLOUR_SHAPES[colour],
                middle,
                box.w * 0.22,
                CARD_COLOURS[colour],
                (255, 255, 255),
            )
            words = COLOUR_NAMES[colour]
        else:
            theme.text(
                surface,
                str(demand["value"]),
                middle,
                0,
                theme.INK,
                anchor="center",
                font=theme.fonts().condensed(round(box.h * 0.42)),
            )
            words = "number"
        theme.text(surface, words, (box.centerx, box.bottom - 6), 14, theme.INK, True, "midbottom")

    def draw_slam(self, surface: pygame.Surface) -> None:
        """The Hand card slamming down: it lands big and settles, with a shock ring."""
        if self.slam is None or self.slam.done:
            return
        discard = self.spots["discard"].rect
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
        top = self.model.get("discard", [])
        if top and top[-1] != HIDDEN:
            surface.blit(self.app.cards.image(self.style, top[-1], rect.size), rect)

    def pile_point(self, seat: int, order: int) -> tuple[float, float, float]:
        """Where ``seat``'s hand lies on the pile (x, y) and which way it points: a little
        toward its player's seat, so every hand is seen coming from its owner."""
        discard = self.spots["discard"].rect
        plate = self.plates.get(seat, discard)
        dx, dy = plate.centerx - discard.centerx, plate.centery - discard.centery
        length = math.hypot(dx, dy) or 1.0
        reach = discard.h * 0.26
        jitter = ((order * 37) % 11 - 5) * discard.w * 0.02
        x = discard.centerx + dx / length * reach + jitter
        y = discard.centery + dy / length * reach * 0.8
        angle = math.degrees(math.atan2(dy, -dx)) - 90 + 180  # fingers toward the pile
        return x, y, angle

    def draw_hands_on_pile(self, surface: pygame.Surface) -> None:
        if not self.hands_on_pile:
            return
        discard = self.spots["discard"].rect
        side = round(discard.w * 0.78)
        losers = set((self.round_result or {}).get("draws") or [])
        self.draw_hit_order(surface, losers)
        tags: list[tuple[HandOnPile, float, float, Colour]] = []
        for hand in self.hands_on_pile:
            x, y, angle = self.pile_point(hand.seat, hand.order)
            # It comes down from its player's seat, big, and slaps flat.
            grown = min(1.0, (self.clock - hand.landed) * self.app.speed / HAND_LANDS)
            eased = pytweening.easeInQuad(grown)
            plate = self.plates.get(hand.seat, discard)
            x = plate.centerx + (x - plate.centerx) * eased
            y = plate.centery + (y - plate.centery) * eased
            scale = 1.5 - 0.5 * eased
            image = pygame.Surface(
                (round(side * scale), round(side * 1.1 * scale)), pygame.SRCALPHA
            )
            colour = self.seat_colour(hand.seat)
            edge = (150, 20, 20) if hand.fake or hand.seat in losers else (25, 25, 25)
            draw_hand(image, image.get_rect(), colour, edge)
            turned = pygame.transform.rotate(image, angle)
            surface.blit(turned, turned.get_rect(center=(round(x), round(y))))
            if grown >= 1.0:
                tags.append((hand, x, y, colour))
        for hand, x, y, colour in tags:
            # The name lies on the palm, the wrist side of the hand (toward its player).
            plate = self.plates.get(hand.seat, discard)
            dx, dy = plate.centerx - x, plate.centery - y
            length = math.hypot(dx, dy) or 1.0
            at = (x + dx / length * side * 0.2, y + dy / length * side * 0.2)
            name = self.name(hand.seat)
            tag = f"{hand.order} {name}" if not hand.fake else f"{name}: fake-out!"
            self.name_tag(surface, tag, at, colour, hand.fake or hand.seat in losers)

    def draw_hit_order(self, surface: pygame.Surface, losers: set[int]) -> None:
        """Beside the pile during a round: the hands in the order they came, then those
        still to come; the one who draws four in red."""
        hands = [hand for hand in self.hands_on_pile if not hand.fake]
        if not hands and self.round_result is None:
            return
        order = [hand.seat for hand in sorted(hands, key=lambda hand: hand.order)]
        waiting = [seat for seat in range(self.state.players) if seat not in order]
        called = {hand.seat for hand in hands if hand.called}
        size = max(13, min(17, self.pile_size[1] // 9))
        row = size + 8
        ring = self.ring_rect()
        box = pygame.Rect(0, 0, max(150, size * 11), 30 + row * self.state.players)
        box.midleft = (ring.right + 18, ring.centery)
        box.right = min(box.right, self.centre.right + 6)
        theme.panel(surface, box, alpha=215, radius=10)
        theme.text(surface, "Hands down", (box.x + 10, box.y + 6), size - 2, theme.INK_DIM, True)
        y = box.y + 8 + row
        for place, seat in enumerate(order + waiting, start=1):
            down = seat in order
            colour = self.seat_colour(seat) if down else theme.INK_DIM
            words = f"{place}. {self.name(seat)}" if down else f"–  {self.name(seat)}"
            if seat in called:
                words += " (called)"
            if seat in losers:
                words += " · draws 4"
                colour = (255, 120, 110)
            font = theme.fonts().get(size, bold=down)
            while font.size(words)[0] > box.width - 20 and len(words) > 3:
                words = words[:-2] + "…"
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
        font = theme.fonts().get(max(12, min(16, self.pile_size[1] // 10)), bold=True)
        label = font.render(words, True, (255, 255, 255) if bad else (20, 20, 20))
        box = label.get_rect(center=(round(centre[0]), round(centre[1]))).inflate(12, 4)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (196, 40, 40) if bad else colour, box, border_radius=8)
        pygame.draw.rect(surface, (20, 20, 20), box, 2, border_radius=8)
        surface.blit(label, label.get_rect(center=box.center))

    def draw_round_words(self, surface: pygame.Surface) -> None:
        """Above the piles: the call while the round is open, then who draws four."""
        draw = self.spots["draw"].rect
        discard = self.spots["discard"].rect
        top = max(self.centre.top + 8, self.ring_rect().top + 10)
        anchor = (self.centre.centerx, min(top, min(draw.top, discard.top) - 4))
        if self.calling and self.round_result is None:
            pulse = 1.0 + 0.06 * math.sin(self.clock * 14)
            size = round(max(26, self.pile_size[1] * 0.3) * pulse)
            self.shout(surface, "HIT THE DECK!", anchor, size, HIT_GOLD)
            self.draw_round_clock(surface)
        elif self.round_result is not None:
            losers = [self.name(s) for s in self.round_result.get("draws") or []]
            draws = "draw" if len(losers) > 1 or losers == ["You"] else "draws"
            everyone = len(self.round_result.get("order") or []) == self.state.players
            if not self.round_result.get("announced"):
                words = f"{_and(losers)} did not call it: {draws} four"
            elif len(losers) == 1 and everyone:
                words = f"{losers[0]} hit last: {draws} four"
            else:
                words = f"Too slow: {_and(losers)} {draws} four"
                words += " each" if len(losers) > 1 else ""
            self.shout(
                surface, words, anchor, max(20, round(self.pile_size[1] * 0.17)), (255, 170, 160)
            )

    def shout(
        self,
        surface: pygame.Surface,
        words: str,
        anchor: tuple[int, int],
        size: int,
        colour: Colour,
    ) -> None:
        font = theme.fonts().get(size, bold=True)
        while font.size(words)[0] > self.centre.width + 40 and size > 14:
            size -= 2
            font = theme.fonts().get(size, bold=True)
        shade = font.render(words, True, (20, 10, 10))
        label = font.render(words, True, colour)
        rect = label.get_rect(midbottom=anchor)
        for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 3), (2, 3)):
            surface.blit(shade, rect.move(dx, dy))
        surface.blit(label, rect)

    def draw_round_clock(self, surface: pygame.Surface) -> None:
        """Time left in the round: an arc round the discard pile that runs out."""
        window = self.state.window
        if window is None or self.window_started is None:
            return
        left = max(0.0, 1.0 - (self.clock - self.window_started) / window.seconds)
        pile = self.spots["discard"].rect
        reach = max(pile.w, pile.h) // 2 + 14
        circle = pygame.Rect(0, 0, 2 * reach, 2 * reach)
        circle.center = pile.center
        if left > 0:
            end = math.pi / 2 + 2 * math.pi * left
            pygame.draw.arc(surface, HIT_GOLD, circle, math.pi / 2, end, 5)


class ScoreSheet(Scene):
    """Between hands, over the table: each hand's scores and the running totals, as the
    paper and pencil of the rule sheet would have them. "Next hand" (or Enter) deals on."""

    opaque = False

    def __init__(
        self, app: App, names: list[str], rows: list[dict[str, Any]], target: int, over: bool
    ) -> None:
        super().__init__(app)
        self.names = names
        self.rows = rows
        self.target = target
        self.over = over
        self.next_button = Button("See the results" if over else "Next hand", self.next_hand)

    def next_hand(self) -> None:
        self.app.manager.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if self.next_button.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        ):
            self.next_hand()

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        veil = pygame.Surface((width, height), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 130))
        surface.blit(veil, (0, 0))
        players = len(self.names)
        column = max(70, min(150, (width - 200) // (players + 1)))
        row_h = 30 if height >= 560 else 24
        room = height - 250
        shown = self.rows[-max(1, room // row_h + 1) :]
        box = pygame.Rect(
            0, 0, min(width - 30, column * (players + 1) + 40), 204 + row_h * (len(shown) + 1)
        )
        box.center = (width // 2, height // 2 - 10)
        theme.panel(surface, box, alpha=250)
        last = self.rows[-1]
        title = f"Hand {last['hand']} is over" if not self.over else "The match is over"
        theme.text(surface, title, (box.centerx, box.y + 14), 26, theme.GOLD, True, "midtop")
        lowest = min(last["scores"]) if last["scores"] else 0
        goal = f"Match to {self.target}: lowest total wins"
        theme.text(surface, goal, (box.centerx, box.y + 50), 15, theme.INK_DIM, anchor="midtop")
        x0 = box.x + 20
        y = box.y + 80
        font_size = 16 if column >= 100 else 13
        theme.text(surface, "Hand", (x0, y), font_size, theme.INK_DIM, True)
        for seat, name in enumerate(self.names):
            cx = x0 + column * (seat + 1) + column // 2
            font = theme.fonts().get(font_size, bold=True)
            while font.size(name)[0] > column - 8 and len(name) > 2:
                name = name[:-2] + "…"
            theme.text(
                surface,
                name,
                (cx, y),
                font_size,
                SEAT_COLOURS[seat % len(SEAT_COLOURS)],
                True,
                "midtop",
            )
        y += row_h + 4
        pygame.draw.line(surface, theme.PANEL_EDGE, (x0, y - 4), (box.right - 20, y - 4), 1)
        for row in shown:
            theme.text(surface, str(row["hand"]), (x0, y), font_size, theme.INK)
            for seat, score in enumerate(row["hand_scores"]):
                cx = x0 + column * (seat + 1) + column // 2
                words = "out · 0" if score == 0 else f"+{score}"
                theme.text(
                    surface,
                    words,
                    (cx, y),
                    font_size,
                    theme.GREEN if score == 0 else theme.INK,
                    anchor="midtop",
                )
            y += row_h
        pygame.draw.line(surface, theme.PANEL_EDGE, (x0, y), (box.right - 20, y), 2)
        y += 6
        theme.text(surface, "Total", (x0, y), font_size + 2, theme.GOLD, True)
        for seat, total in enumerate(last["scores"]):
            cx = x0 + column * (seat + 1) + column // 2
            colour = theme.GOLD if total == lowest else theme.INK
            theme.text(surface, str(total), (cx, y), font_size + 2, colour, True, "midtop")
        self.next_button.rect = pygame.Rect(0, 0, 220, 46)
        self.next_button.rect.midbottom = (box.centerx, box.bottom - 14)
        self.next_button.focused = True
        self.next_button.draw(surface)
