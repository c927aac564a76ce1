"""The Hit the Deck table: hands, the Draw Pile and the discard pile, the direction of
play, the call in force, each player's slap key, and the slap round (``slap_round``).

Between hands the score sheet lists every hand's scores and the running totals ("Next
hand" deals on). Only what differs from ``TableScene``: the layout, the card painter
(``cards``), the two drop targets (the pile, and your hand for a draw), the prompts, and
how a slap round looks. Not for the rules (``games.hit_the_deck``) nor the slap keys
themselves (``ui.slap``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.engine import Event
from cardtable.games.hit_the_deck.vocabulary import (
    HAND_CARD,
    card_name,
    draw_code,
    hit_code,
    play_code,
)

from ... import theme
from ...cards import card_size
from ...widgets import Button
from .. import drawing
from ..base import TOP_BAR, Drag, Spot, TableScene
from ..parts import rings
from ..parts.plates import place_seats, split_seat, stripe
from ..parts.words import HandTally, count
from ..vocabulary import Look
from . import marks
from .cards import HIT_STYLE, ORDER, seat_colour
from .describe import describe
from .phrases import PHRASES
from .slap_round import SlapRoundLook

if TYPE_CHECKING:
    from ...launch import Launch
    from ...services import AppServices


class HitTheDeckTable(TableScene):
    describer = staticmethod(describe)
    phrases = PHRASES
    # The announcements whose banner says it all (the slap round's names are its own).
    defaulted = frozenset(
        {"buried", "out", "turn-passes", "call", "cut", "nothing-to-cut", "flip", "direction"}
        | {"flip-buried", "refill", "draw-empty", "match-over"}
    )
    how_to = (
        "Play one card that matches the top of the discard pile by colour or number: drag "
        "it there. Can't play? Click the Draw Pile.",
        "Cut and Flip cards make the next player lose their turn; Hit cards demand a card.",
        "When a slap round opens, hit your slap key first (shown on the top bar). Change "
        "keys in table setup.",
        "Fewest points when someone reaches the target wins.",
    )
    style = HIT_STYLE
    hand_order = staticmethod(ORDER.__getitem__)
    slaps = True
    out_of_turn_pause = 0.0  # anyone may slap at any moment: the bots never wait for it

    def __init__(self, app: AppServices, launch: Launch, match=None) -> None:
        super().__init__(app, launch, match)
        self.centre = self.ring = pygame.Rect(0, 0, 0, 0)  # the oval round the piles
        self.pile_labels: dict[str, pygame.Rect] = {}  # inside the oval, where they fit
        self.pile_size = (0, 0)
        self.round = SlapRoundLook(self)  # a moment: it plays the slap round's events
        self.moments.append(self.round)
        self.draw_button = Button("Draw a card", lambda: self.act(draw_code()), size=16)
        self.hand_shown: int | None = None  # the hand being dealt, before the view knows it
        self.tally = HandTally(lambda score: "out · 0" if score == 0 else f"+{score}")

    # -- layout ---------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        main = card_size(min(height * 0.2, width * 0.105))
        box = (min(290, width * 0.24), min(132, height * 0.2))
        seats = place_seats(self, size, main[1] + 34, box, top=TOP_BAR + 6)
        spots = self.view.spots
        for seat, box in enumerate(seats.boxes):
            if seats.sides[seat] == "bottom":
                plate = (max(150, min(230, box.width // 5)), 58)
                self.plates[seat], hand = split_seat(box, True, plate, 24, top=8)
                hand.width -= 24  # air at the right
                spots[f"hand:{seat}"] = Spot(hand, main, "row")
            else:
                plate = (box.width, min(52, box.height // 2))
                self.plates[seat], body = split_seat(box, False, plate, 4)
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
        button = self.draw_button  # wide enough for its words: never "Draw a c…"
        words = theme.fonts().get(button.size, bold=True).size(button.label)[0] + 24
        button.rect = pygame.Rect(0, 0, max(words, pile[0] + 20), 30)
        piles = {"Draw Pile": draw, "Discard": discard}
        self.ring, self.pile_labels = rings.round_piles(piles, centre)
        below = min(self.ring.bottom + 4, centre.bottom - 30)
        self.draw_button.rect.midtop = (draw.centerx, max(draw.bottom + 24, below))

    # -- the game's words -----------------------------------------------------------------

    def title_text(self) -> str:
        hand = self.hand_shown or self.public.get("hand_number", 1)
        return f"{self.info.title} · Hand {hand} · to {self.public.get('target', 100)}"

    def prompt(self) -> str:
        obs = self.public
        if obs.get("slap", {}).get("open"):
            return "HIT THE DECK! Press your slap key"
        if obs.get("holding_drawn") and obs.get("drawn_card"):
            return f"You drew {card_name(obs['drawn_card'])}: it fits, play it on the pile"
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
        keys = [f"{self.names[s]}: {self.input.slap_words(s)}" for s in self.humans]
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

    def takes(self, zone: str) -> str | None:
        return draw_code() if zone == "draw" else None  # a drag or a click draws

    def drop_targets(self) -> dict[str, pygame.Rect]:
        spots = self.view.spots
        if self.viewer is None or "discard" not in spots:
            return {}
        pile = spots["discard"].rect
        target = pile.inflate(28, 28)
        target.height += 2 * max(11, pile.h // 9)  # round the pile's count badge too
        return {"discard": target}

    def action_for(self, cards: tuple[str, ...], source: str, target: str) -> str | None:
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

    def on_click(self, pos: tuple[int, int]) -> bool:
        if self.can_draw() and not self.animator.busy and self.draw_button.rect.collidepoint(pos):
            self.act(draw_code())
            return True
        return False

    # -- animation ------------------------------------------------------------------------

    def flight_time(self, event: Event) -> float:
        if event.dst == "discard" and event.cards and event.cards[0] == HAND_CARD:
            return self.move_time * 0.7  # thrown down hard
        if event.src == "draw" and (event.dst or "").startswith("hand:") and self.round.result:
            return self.move_time * 1.4  # the loser's four cards: the moment to watch
        return self.move_time

    def animations(self) -> dict[str, Look]:
        return {"deal": self.animate_deal, "hand-over": self.animate_hand_over}

    def animate_deal(self, event: Event) -> None:
        hand = event.data.get("hand")

        def start(step) -> None:
            # The bar counts the hand being dealt, not the one before.
            self.hand_shown = int(hand) if hand is not None else None

        self.animator.step(start, label="the next hand")
        self.animator.animate_deal(event)

    def animate_hand_over(self, event: Event) -> None:
        self.tally.add(event)
        self.animator.step(lambda step: self.round.clear(), label="clear the pile")
        self.animator.animate_score(event)  # the plates show the new totals with the sheet
        self.animator.animate_hand_over(event)

    def sheet_note(self, event: Event) -> str:
        return f"Match to {self.public.get('target', 100)}: lowest total wins"

    def sheet_rows(self, event: Event) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
        """Every hand's scores and the running totals, as the rule sheet's paper and
        pencil would have them (lowest total wins)."""
        return self.tally.sheet(event, self.names)

    # -- drawing --------------------------------------------------------------------------

    def draw_plate(self, surface, seat: int, rect: pygame.Rect, detail="", corner=""):
        if self.round.calling and seat not in self.round.hit_seats():
            # Everyone who has not hit yet is to act: "hit now!" says how.
            name = self.names[seat]
            colour = theme.GOLD if seat in self.humans else theme.INK_DIM
            return drawing.plate(surface, rect, name, "hit now!", detail, True, colour, corner)
        return super().draw_plate(surface, seat, rect, detail, corner)

    def draw_table(self, surface: pygame.Surface) -> None:
        scores = self.public.get("scores") or [0] * self.players
        for seat, plate in self.plates.items():
            # The cards drawn at the seat, so the count keeps pace with the animation.
            cards = marks.card_count(self, seat, plate, self.view.visible(f"hand:{seat}"))
            label = self.draw_plate(surface, seat, plate, count(scores[seat], "pt"), cards)
            stripe(surface, plate, seat_colour(seat))
            marks.plate_extras(self, surface, seat, plate, label)
        marks.direction(self, surface)
        marks.pile_labels(self, surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        marks.hand_hints(self, surface)
        marks.demand(self, surface)
        if self.can_draw() and not self.animator.busy:
            self.draw_button.draw(surface)
