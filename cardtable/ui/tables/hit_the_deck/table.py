"""The Hit the Deck table: hands, the Draw Pile and the discard pile, the direction of
play, the call in force, each player's slap key, and the slap round (``slap_round``).

Between hands the score sheet lists every hand's scores and the running totals ("Next
hand" deals on). Only what differs from ``TableScene``: the layout, the card painter
(``cards``), the two drop targets (the pile, and your hand for a draw), the prompts, and
how a slap round looks. Not for the rules (``games.hit_the_deck``) nor the slap keys
themselves (``ui.slap``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from cardtable.engine import HIDDEN, Event
from cardtable.games.hit_the_deck import (
    COLOUR_NAMES,
    COLOUR_SHAPES,
    HAND_CARD,
    draw_code,
    hit_code,
    play_code,
)

from ... import theme
from ...cards import card_size
from ...layout import seat_layout
from ...slap import key_label, keys_for, pad_label, pads_for
from ...widgets import Button
from .. import drawing
from ..base import TOP_BAR, Drag, Spot, TableScene
from .cards import CARD_COLOURS, HIT_GOLD, HIT_STYLE, ORDER, draw_shape, seat_colour
from .slap_round import SlapRoundLook

if TYPE_CHECKING:
    from ...app import App
    from ...launch import Launch

ARCS = ((200, 340), (20, 160))  # the arrows' spans round the piles, in screen degrees
LABELS_INSIDE = (0.6, 0.5)  # how far out the pile labels may reach in the oval, tried in turn


class HitTheDeckTable(TableScene):
    style = HIT_STYLE
    slaps = True
    out_of_turn_pause = 0.0  # anyone may slap at any moment: the bots never wait for it

    def __init__(self, app: App, launch: Launch) -> None:
        super().__init__(app, launch)
        self.plates: dict[int, pygame.Rect] = {}
        self.sides: list[str] = []
        self.centre = pygame.Rect(0, 0, 0, 0)
        self.pile_size = (0, 0)
        self.round = SlapRoundLook(self)
        self.draw_button = Button("Draw a card", self.draw_a_card, size=16)
        self.key_names: dict[int, str] = {}
        self.pad_names: dict[int, tuple[int, int]] = {}
        self.hand_shown: int | None = None  # the hand being dealt, before the view knows it
        self.sheet_rows_so_far: list[tuple[str, ...]] = []

    def enter(self) -> None:
        saved = self.app.settings.slap_bindings
        self.key_names = keys_for(self.humans, saved)
        self.pad_names = pads_for(self.humans, saved)
        super().enter()

    # -- layout ---------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        main = card_size(min(height * 0.2, width * 0.105))
        seats = seat_layout(
            self.players,
            self.bottom_seat(),
            size,
            bottom_height=main[1] + 34,
            box=(min(290, width * 0.24), min(132, height * 0.2)),
            top_reserved=TOP_BAR + 6,
        )
        self.sides = seats.sides
        spots: dict[str, Spot] = {}
        self.plates = {}
        for seat in range(self.players):
            box = seats.boxes[seat]
            if seats.sides[seat] == "bottom":
                plate_w = max(150, min(230, box.width // 5))
                plate = pygame.Rect(box.x, box.y + 8, plate_w, 58)
                self.plates[seat] = plate
                hand = pygame.Rect(
                    plate.right + 24, box.y, box.right - plate.right - 48, box.height
                )
                spots[f"hand:{seat}"] = Spot(hand, main, "row")
            else:
                plate = pygame.Rect(box.x, box.y, box.width, min(52, box.height // 2))
                self.plates[seat] = plate
                body = pygame.Rect(
                    box.x, plate.bottom + 4, box.width, box.bottom - plate.bottom - 4
                )
                small = card_size(max(18, min(body.height - 2, body.width * 0.22 * 1.42)))
                spots[f"hand:{seat}"] = Spot(body.inflate(-8, 0), small, "row", face_up=False)
        self.centre = centre = seats.center
        pile = card_size(min(centre.height * 0.62, main[1] * 1.08))
        self.pile_size = pile
        gap = max(24, pile[0] // 2)
        middle_y = centre.centery - round(centre.height * 0.04)
        discard = pygame.Rect(0, 0, *pile)
        discard.midleft = (centre.centerx + gap // 2, middle_y)
        draw = pygame.Rect(0, 0, *pile)
        draw.midright = (centre.centerx - gap // 2, middle_y)
        spots["draw"] = Spot(draw, pile, "stack", face_up=False)
        spots["discard"] = Spot(discard, pile, "stack")
        self.view.spots = spots
        self.draw_button.rect = pygame.Rect(0, 0, max(110, pile[0] + 20), 30)
        below = min(self.ring_rect().bottom + 4, centre.bottom - 30)
        self.draw_button.rect.midtop = (draw.centerx, max(draw.bottom + 24, below))

    def ring_rect(self) -> pygame.Rect:
        """The oval round both piles that the direction arrows run on: round the cards,
        and where there is room wide and tall enough that the labels above the piles lie
        inside it, never under an arrow (else the labels are left out)."""
        return self.labelled_oval() or self.oval(LABELS_INSIDE[0], with_labels=False)

    def labels_fit(self) -> bool:
        return self.labelled_oval() is not None

    def labelled_oval(self) -> pygame.Rect | None:
        for inside in LABELS_INSIDE:
            ring = self.oval(inside, with_labels=True)
            middle = self.centre
            room = middle.inflate(0, -20).move(0, 10)  # a line above for the direction
            if room.contains(ring):
                return ring
        return None

    def oval(self, inside: float, with_labels: bool) -> pygame.Rect:
        """Round the piles; with the labels, so wide that their far corners are at most
        ``inside`` of the way out from the middle, and tall enough to pass above them."""
        draw = self.view.spots["draw"].rect
        piles = draw.union(self.view.spots["discard"].rect)
        half_w = (piles.w + round(draw.w * 0.75)) / 2
        tall = max(0, min(round(draw.h * 0.62), self.centre.height - draw.h - 34))
        half_h = (piles.h + tall) / 2
        cx, cy = piles.center
        labels = list(self.pile_label_rects().values()) if with_labels else []
        if labels:
            reach = max(max(abs(label.left - cx), abs(label.right - cx)) for label in labels)
            half_w = max(half_w, reach / inside)
        for label in labels:
            for x in (label.left, label.right):
                across = min(0.95, abs(x - cx) / half_w)
                # The oval passes above this corner of the label, with a little air.
                half_h = max(half_h, (cy - label.top + 6) / math.sqrt(1 - across**2))
        ring = pygame.Rect(0, 0, round(2 * half_w), round(2 * half_h))
        ring.center = (round(cx), round(cy))
        if not with_labels:
            ring.clamp_ip(self.centre)
        return ring

    def arcs(self) -> list[list[tuple[float, float]]]:
        """The two arrows' lines round the piles (above and below), as points."""
        ring = self.ring_rect()

        def at(angle: float) -> tuple[float, float]:
            return (
                ring.centerx + ring.w / 2 * math.cos(math.radians(angle)),
                ring.centery + ring.h / 2 * math.sin(math.radians(angle)),
            )

        return [[at(start + (end - start) * i / 24) for i in range(25)] for start, end in ARCS]

    # -- the game's words -----------------------------------------------------------------

    def title_text(self) -> str:
        hand = self.hand_shown or self.public.get("hand_number", 1)
        return f"{self.info.title} · Hand {hand} · to {self.public.get('target', 100)}"

    def arrange(self, zone: str, cards: list[str]) -> list[str]:
        if zone.startswith("hand:") and HIDDEN not in cards:
            return sorted(cards, key=lambda code: ORDER[code])
        return cards

    def slap_key_words(self, seat: int) -> str:
        """The key (and pad button) that slaps for ``seat``."""
        words = []
        if seat in self.key_names:
            words.append(key_label(self.key_names[seat]))
        if seat in self.pad_names:
            words.append(pad_label(self.pad_names[seat]))
        return " / ".join(words)

    def prompt(self) -> str:
        obs = self.public
        if obs.get("slap", {}).get("open"):
            return "HIT THE DECK! Press your slap key"
        if obs.get("holding_drawn") and obs.get("drawn_card"):
            return f"You drew {obs['drawn_card']}: it fits, play it on the pile"
        demand = obs.get("demand")
        if self.can_draw():
            need = f"{demand['words']} is called for" if demand else "No card fits"
            return f"{need[:1].upper()}{need[1:]}: draw from the Draw Pile"
        if demand:
            return f"Play {demand['words']}: drag it onto the pile"
        if self.app.size[0] < 1100:
            return "Your turn: play a card on the pile"
        return "Your turn: drag a card to the pile (or ←/→, Enter)"

    def status(self) -> tuple[str, tuple[int, int, int]] | None:
        if not self.round.calling:
            return None
        keys = [f"{self.names[s]}: {self.slap_key_words(s)}" for s in self.humans]
        if self.app.size[0] < 1100 or not keys:
            return "HIT THE DECK!", theme.GOLD
        return "HIT THE DECK!  " + "  ·  ".join(keys), theme.GOLD

    def window_left(self) -> float | None:
        # The round's clock stops the moment the rules close it, before the view knows.
        return super().window_left() if self.round.calling else None

    def needs_hand(self, codes: set[str]) -> bool:
        # A slap needs no cards: during a round nobody's hand has to be shown.
        return bool(codes - {hit_code()})

    # -- acting ---------------------------------------------------------------------------

    def can_draw(self) -> bool:
        return draw_code() in self.legal_codes()

    def draggable(self, zone: str) -> bool:
        if zone == "draw":
            return self.can_draw()
        return super().draggable(zone)

    def cards_for_drag(self, zone: str, index: int) -> tuple[str, ...]:
        if zone == "draw":
            return (self.model[zone][-1],)
        return super().cards_for_drag(zone, index)

    def click_drops(self, zone: str) -> bool:
        return zone == "draw"  # a click on the Draw Pile draws

    def drop_targets(self) -> dict[str, pygame.Rect]:
        spots = self.view.spots
        if self.viewer is None or "discard" not in spots:
            return {}
        targets = {"discard": spots["discard"].rect.inflate(28, 28)}
        if self.can_draw() and f"hand:{self.viewer}" in spots:
            targets["hand"] = spots[f"hand:{self.viewer}"].rect
        return targets

    def action_for(self, cards: tuple[str, ...], source: str, target: str) -> str | None:
        if source == "draw" and target == "hand":
            return draw_code()
        if source == f"hand:{self.viewer}" and target == "discard" and len(cards) == 1:
            return play_code(cards[0])
        return None

    def off_target_words(self, drag: Drag) -> str:
        if drag.zone == "draw":
            return "Drop the card on your hand, or click the Draw Pile."
        return "Drop the card on the discard pile."

    def on_slap(self, seat: int) -> bool:
        # Judged at once by the rules as they stand: in a round a hit, else a fake-out.
        reason = self.perform(seat, hit_code())
        if reason is not None:
            self.refuse(reason)
        return True

    def draw_a_card(self) -> None:
        self.act(draw_code())
        self.input.key_focus = -1  # the hand changed: the keyboard starts again at its left

    def on_click(self, pos: tuple[int, int]) -> bool:
        if self.can_draw() and not self.animator.busy and self.draw_button.rect.collidepoint(pos):
            self.draw_a_card()
            return True
        return False

    # -- animation ------------------------------------------------------------------------

    def flight_time(self, event: Event) -> float:
        if event.dst == "discard" and event.cards and event.cards[0] == HAND_CARD:
            return self.move_time * 0.7  # thrown down hard
        if event.src == "draw" and (event.dst or "").startswith("hand:") and self.round.result:
            return self.move_time * 1.4  # the loser's four cards: the moment to watch
        return self.move_time

    def animate_deal(self, event: Event) -> None:
        hand = event.data.get("hand")

        def start(step) -> None:
            # The bar counts the hand being dealt, not the one before.
            self.hand_shown = int(hand) if hand is not None else None

        self.animator.step(start, label="the next hand")
        self.animator.animate_deal(event)

    def animate_slap_open(self, event: Event) -> None:
        self.round.open(int(event.data.get("round", 0)))

    def animate_slap_hit(self, event: Event) -> None:
        self.round.hit(event)

    def animate_hit_hand(self, event: Event) -> None:
        if event.seat is not None:
            self.round.called_out(event.seat)

    def animate_late(self, event: Event) -> None:
        if event.seat is not None:
            self.round.show_flash(f"{self.names[event.seat]} did not call it in time!")

    def animate_faked_out(self, event: Event) -> None:
        self.round.fake_out(event)

    def animate_slap_result(self, event: Event) -> None:
        self.round.close(dict(event.data))

    def animate_turn(self, event: Event) -> None:
        if self.round.result is not None or any(h.fake for h in self.round.hands):
            self.animator.step(lambda step: self.round.clear(), label="clear the pile")

    def animate_hand_over(self, event: Event) -> None:
        row = (
            str(event.data.get("hand", len(self.sheet_rows_so_far) + 1)),
            *(
                "out · 0" if score == 0 else f"+{score}"
                for score in event.data.get("hand_scores", [])
            ),
        )
        self.sheet_rows_so_far.append(row)
        self.animator.step(lambda step: self.round.clear(), label="clear the pile")
        super().animate_hand_over(event)

    def sheet_rows(self, event: Event) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
        """Every hand's scores and the running totals, as the rule sheet's paper and
        pencil would have them (lowest total wins)."""
        totals = ("Total", *(str(score) for score in event.data.get("scores", [])))
        return ("Hand", *self.names), [*self.sheet_rows_so_far, totals]

    def update(self, dt: float) -> None:
        super().update(dt)
        self.round.update(dt)

    # -- drawing --------------------------------------------------------------------------

    def draw_plate(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, detail="") -> None:
        if self.round.calling and seat not in self.round.hit_seats():
            # Everyone who has not hit yet is to act: "hit now!" says how.
            name = self.names[seat]
            colour = theme.GOLD if seat in self.humans else theme.INK_DIM
            drawing.plate(surface, rect, name, "hit now!", detail, True, colour)
            return
        super().draw_plate(surface, seat, rect, detail)

    def draw_table(self, surface: pygame.Surface) -> None:
        scores = self.public.get("scores") or [0] * self.players
        for seat, plate in self.plates.items():
            score = scores[seat]
            self.draw_plate(surface, seat, plate, f"{score} pt" + ("" if score == 1 else "s"))
            pygame.draw.rect(
                surface,
                seat_colour(seat),
                (plate.x + 3, plate.y + 8, 5, plate.height - 16),
                border_radius=3,
            )
            # The cards drawn at the seat, so the count keeps pace with the animation.
            self.draw_plate_extras(surface, seat, plate, self.view.visible(f"hand:{seat}"))
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
        kind = "hit now!" if self.round.calling else "Human"
        if capped and self.sides[seat] != "bottom":
            font = theme.fonts().get(small, bold=True)
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
            at = (plate.x + 4, plate.bottom + 16)
            theme.text(surface, "Slap key", at, 15, theme.INK_DIM, anchor="midleft")
            self.key_cap(surface, seat, (plate.x + 76, plate.bottom + 16), 15, plate.right + 60)
            return
        kind_width = theme.fonts().get(small).size(kind)[0]
        self.key_cap(
            surface, seat, (plate.x + 18 + kind_width, plate.bottom - 12), small, label.x - 8
        )

    def key_cap(
        self, surface: pygame.Surface, seat: int, midleft: tuple[int, int], size: int, right: int
    ) -> None:
        """The seat's slap key drawn as a key, edged in the seat's colour."""
        font = theme.fonts().get(size, bold=True)
        words = theme.fit(self.slap_key_words(seat), font, right - midleft[0] - 12)
        cap = font.render(words, True, (30, 30, 30))
        box = cap.get_rect(midleft=(midleft[0] + 5, midleft[1])).inflate(10, 4)
        pygame.draw.rect(surface, (90, 86, 76), box.move(0, 2), border_radius=5)
        pygame.draw.rect(surface, (236, 232, 218), box, border_radius=5)
        pygame.draw.rect(surface, seat_colour(seat), box, 2, border_radius=5)
        surface.blit(cap, cap.get_rect(center=box.center))

    def draw_direction(self, surface: pygame.Surface) -> None:
        """Arrows round the piles, turning the way play goes."""
        direction = int(self.public.get("direction", 1))
        ring = self.ring_rect()
        colour = (196, 226, 206)
        for points in self.arcs():
            pygame.draw.lines(surface, colour, False, points, 3)
            # Screen angles grow clockwise: the head sits at the end play moves toward.
            tip, back = (points[-1], points[-3]) if direction == 1 else (points[0], points[2])
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
        if self.round.showing:
            return  # the round's own words stand there
        turn = self.public.get("turn")
        words = "Play goes clockwise" if direction == 1 else "Play goes anticlockwise"
        if (
            isinstance(turn, int)
            and not self.public.get("window")
            and not self.public.get("is_over")
        ):
            words += f" · next: {self.names[(turn + direction) % self.players]}"
        theme.text(
            surface, words, (ring.centerx, ring.top - 4), 14, theme.INK_DIM, True, "midbottom"
        )

    def pile_label_rects(self) -> dict[str, pygame.Rect]:
        """Where "Draw Pile" and "Discard" stand: above their piles, inside the ring."""
        font = theme.fonts().get(14)
        rects = {}
        for zone, words in (("draw", "Draw Pile"), ("discard", "Discard")):
            pile = self.view.spots[zone].rect
            rect = pygame.Rect((0, 0), font.size(words))
            rect.midbottom = (pile.centerx, pile.top - 16)
            rects[words] = rect
        return rects

    def draw_pile_labels(self, surface: pygame.Surface) -> None:
        if self.round.showing or not self.labels_fit():
            return
        for words, rect in self.pile_label_rects().items():
            theme.text(surface, words, rect.topleft, 14, theme.INK_DIM)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.draw_hand_hints(surface)
        self.draw_demand(surface)
        if self.can_draw() and not self.animator.busy:
            self.draw_button.draw(surface)
        self.round.draw(surface)

    def draw_hand_hints(self, surface: pygame.Surface) -> None:
        """On the viewer's turn: a veil on the cards that cannot be played now."""
        if self.viewer is None or not self.awaiting_human() or self.round.calling:
            return
        zone = f"hand:{self.viewer}"
        cards = self.model.get(zone, [])
        playable = {code for code in cards if play_code(code) in self.legal_codes()}
        if not playable:
            return
        picked = self.input.picked
        slots = self.view.slots(zone)
        for index, rect in enumerate(slots):
            if picked is not None and picked.zone == zone and index in picked.group:
                continue
            if cards[index] in playable:
                continue
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            radius = max(2, round(rect.w * 0.09))
            pygame.draw.rect(veil, (0, 0, 0, 80), veil.get_rect(), border_radius=radius)
            # Only the part not covered by the next card: the veil must not darken it.
            if index + 1 < len(cards):
                visible = max(0, slots[index + 1].x - rect.x)
                veil = veil.subsurface((0, 0, min(rect.w, visible), rect.h))
            surface.blit(veil, rect)

    def draw_demand(self, surface: pygame.Surface) -> None:
        """The call in force, beside the discard pile: a colour with its shape, or a
        number."""
        demand = self.public.get("demand")
        if not demand:
            return
        discard = self.view.spots["discard"].rect
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
            shape = COLOUR_SHAPES[colour]
            draw_shape(surface, shape, middle, box.w * 0.22, CARD_COLOURS[colour], (255, 255, 255))
            words = COLOUR_NAMES[colour]
        else:
            font = theme.fonts().condensed(round(box.h * 0.42))
            theme.text(surface, str(demand["value"]), middle, 0, anchor="center", font=font)
            words = "number"
        theme.text(surface, words, (box.centerx, box.bottom - 6), 14, theme.INK, True, "midbottom")
