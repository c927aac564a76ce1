"""The What the Heck? table: Point Cards in the middle, a bid spot per seat, hands,
played cards and won piles, and the reveal with its cancelled ties.

Only what differs from ``TableScene``: the layout, the card looks, the one drop target
(your bid spot: ``bid N``), and the reveal. Not for the rules (``games.what_the_heck``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pytweening

from cardtable.engine import HIDDEN, Event

from .. import theme
from ..anim import Step, Tween
from ..cards import CardFace, CardStyle, card_size
from ..launch import Launch
from ..layout import seat_layout
from .base import TOP_BAR, Flight, Spot, TableScene

POINT_ZONES = ("points", "center", "unclaimed")

if TYPE_CHECKING:
    from ..app import App


def point_face(code: str) -> CardFace:
    value = int(code)
    if value < 0:
        return CardFace(
            label=f"−{-value}",
            index=f"−{-value}",
            paper=(253, 240, 236),
            ink=(150, 30, 30),
            accent=(200, 50, 45),
        )
    return CardFace(
        label=f"+{value}",
        index=f"+{value}",
        paper=(245, 250, 236),
        ink=(25, 95, 40),
        accent=(50, 150, 70),
    )


def player_face(code: str) -> CardFace:
    return CardFace(
        label=code, index=code, paper=(246, 246, 252), ink=(25, 40, 110), accent=(60, 90, 200)
    )


POINT_STYLE = CardStyle(
    "wth-point", point_face, back=(30, 110, 70), back_accent=(240, 215, 120), back_label="POINTS"
)
PLAYER_STYLE = CardStyle(
    "wth-player", player_face, back=(70, 60, 160), back_accent=(235, 225, 250), back_label="HECK?"
)


class WhatTheHeckTable(TableScene):
    style = PLAYER_STYLE

    def __init__(self, app: App, launch: Launch) -> None:
        super().__init__(app, launch)
        self.reveal: dict | None = None
        self.plates: dict[int, pygame.Rect] = {}
        self.bid_spots: dict[int, pygame.Rect] = {}

    # -- layout ---------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        players = self.state.players
        main = card_size(min(height * 0.2, width * 0.12))
        bottom_h = main[1] + 56
        seats = seat_layout(
            players,
            self.bottom_seat(),
            size,
            bottom_height=bottom_h,
            box=(min(330, width * 0.28), min(180, height * 0.27)),
            top_reserved=TOP_BAR,
        )
        self.seat_boxes = seats
        self.spots = {}
        self.plates = {}
        self.bid_spots = {}
        for seat in range(players):
            box = seats.boxes[seat]
            if seats.sides[seat] == "bottom":
                self.layout_bottom(seat, box, main)
            else:
                self.layout_other(seat, box)
        # The middle, left to right: the Point Card stack, the face-up Point Card(s) and
        # (when a human looks) their bid spot, nearest the hand it is dragged from.
        centre = seats.center
        bottom = self.bottom_seat()
        # Room for the labels above and below when there is room; on a very small window
        # the cards still fill the middle rather than shrink to nothing.
        point = card_size(
            max(min(centre.height - 64, main[1] * 1.1), min(main[1] * 0.8, centre.height - 6))
        )
        middle_y = centre.centery + 4
        # Keep the middle together on a wide table: the bid spot stays near the pile.
        group = centre.copy()
        group.width = min(centre.width, round(point[0] * 6.6))
        group.centerx = centre.centerx
        centre = group
        bid = pygame.Rect((0, 0), (round(point[0] * 1.18), round(point[1] * 1.1)))
        bid.midright = (centre.right - 10, middle_y)
        self.bid_spots[bottom] = bid
        self.spots[f"bid:{bottom}"] = Spot(bid, point, face_up=False)
        stack = pygame.Rect(0, 0, point[0], point[1])
        stack.midleft = (centre.x + 10, middle_y)
        self.spots["points"] = Spot(stack, point, "stack", face_up=False)
        face_up = pygame.Rect(0, 0, min(point[0] * 3.2, bid.left - stack.right - 40), point[1])
        face_up.center = ((stack.right + bid.left) // 2, middle_y)
        self.spots["center"] = Spot(face_up, point, "row")
        small = card_size(point[1] * 0.45)
        unclaimed = pygame.Rect(0, 0, small[0] * 3, small[1])
        unclaimed.midbottom = (face_up.centerx, centre.bottom)
        self.spots["unclaimed"] = Spot(unclaimed, small, "row")
        self.point_size = point

    def layout_bottom(self, seat: int, box: pygame.Rect, main: tuple[int, int]) -> None:
        side = max(150, min(240, box.width // 5))
        plate = pygame.Rect(box.x, box.y + 6, side, 50)
        self.plates[seat] = plate
        won_card = card_size(min(box.height - 70, main[1] * 0.62))
        won = pygame.Rect(box.x, plate.bottom + 8, side, won_card[1])
        self.spots[f"won:{seat}"] = Spot(won, won_card, "row")
        hand = pygame.Rect(box.x + side + 16, box.y + 4, box.width - 2 * side - 32, main[1] + 40)
        hand.centery = box.centery
        self.spots[f"hand:{seat}"] = Spot(hand, main, "row")
        used_card = card_size(min(box.height - 70, main[1] * 0.5))
        used = pygame.Rect(box.right - side, plate.bottom + 8, side, used_card[1])
        self.spots[f"played:{seat}"] = Spot(used, used_card, "row")
        self.used_label = (used.centerx, plate.centery)

    def layout_other(self, seat: int, box: pygame.Rect) -> None:
        plate = pygame.Rect(box.x, box.y, box.width, 44)
        self.plates[seat] = plate
        body = pygame.Rect(box.x, plate.bottom + 6, box.width, box.height - plate.height - 6)
        bid_card = card_size(min(body.height * 0.62, body.width * 0.3 * 1.42))
        bid = pygame.Rect(0, 0, bid_card[0] + 10, bid_card[1] + 10)
        bid.topright = (body.right - 4, body.y)
        self.bid_spots[seat] = bid
        self.spots[f"bid:{seat}"] = Spot(bid, bid_card)
        left = pygame.Rect(body.x, body.y, bid.left - body.x - 8, body.height)
        hand_card = card_size(min(body.height * 0.5, left.width * 0.3 * 1.42))
        hand = pygame.Rect(left.x, left.y, left.width, hand_card[1])
        self.spots[f"hand:{seat}"] = Spot(hand, hand_card, "row", face_up=False)
        # Under the hand: the used Player Cards, then the won Point Cards.
        row_card = card_size(min(body.height - hand_card[1] - 8, hand_card[1] * 0.95))
        row_y = hand.bottom + 6
        used = pygame.Rect(left.x, row_y, round(left.width * 0.6), row_card[1])
        self.spots[f"played:{seat}"] = Spot(used, row_card, "row")
        won = pygame.Rect(used.right + 8, row_y, left.right - used.right - 8, row_card[1])
        self.spots[f"won:{seat}"] = Spot(won, row_card, "row")

    # -- the game's words -----------------------------------------------------------------

    def style_for(self, zone: str, code: str) -> CardStyle:
        if zone in POINT_ZONES or zone.startswith("won:"):
            return POINT_STYLE
        return PLAYER_STYLE

    def face_up(self, zone: str) -> bool:
        # Bids lie face down until the reveal turns them all over together.
        if zone.startswith("bid:"):
            return self.reveal is not None
        return super().face_up(zone)

    def arrange(self, zone: str, cards: list[str]) -> list[str]:
        if (zone.startswith("hand:") or zone.startswith("played:")) and HIDDEN not in cards:
            return sorted(cards, key=int)
        return cards

    def drop_targets(self) -> dict[str, pygame.Rect]:
        if self.viewer is None or self.viewer not in self.bid_spots:
            return {}
        return {"bid": self.bid_spots[self.viewer]}

    def action_for(self, cards: tuple[str, ...], source: str, target: str) -> str | None:
        if target == "bid" and source == f"hand:{self.viewer}" and len(cards) == 1:
            return f"bid {cards[0]}"
        return None

    def prompt(self) -> str:
        return "Your bid: drag a Player Card onto your bid spot"

    def flight_time(self, event: Event) -> float:
        if event.src == "center":
            return 0.75  # the Point Card's trip to its winner is the moment to watch
        return self.move_time

    def sound_for(self, event: Event) -> str | None:
        if event.src == "center":
            return "win"
        return super().sound_for(event)

    def total(self) -> int:
        return sum(int(code) for code in self.model.get("center", []) if code != HIDDEN)

    # -- the reveal -----------------------------------------------------------------------

    def animate_reveal(self, event: Event) -> None:
        data = dict(event.data)
        bids: list[str] = data.get("bids", list(event.cards))

        def start(step: Step) -> None:
            self.app.sounds.play("flip")
            for seat, code in enumerate(bids):
                zone = f"bid:{seat}"
                rect = self.slot(zone, 0, 1)
                flight = Flight(
                    code,
                    PLAYER_STYLE,
                    rect,
                    rect,
                    False,
                    True,
                    Tween(0.45, delay=0.08 * seat, ease=pytweening.easeInOutSine),
                )
                self.model[zone] = []
                self.flights.append(flight)
                step.tweens.append(flight.tween)

        def shown() -> None:
            self.flights = [f for f in self.flights if not f.tween.done]
            for seat, code in enumerate(bids):
                self.model[f"bid:{seat}"] = [code]
            self.reveal = data

        self.queue.push(Step(start=start, end=shown, label="reveal"))
        # Hold the revealed bids so everyone can read who cancelled whom.
        self.queue.push(Step(hold=1.6, label="read the bids"))

    def animate_moves(self, events: list[Event]) -> None:
        if events[0].src and events[0].src.startswith("bid:") and events[0].dst != "bid":
            # The bids leave the spots: the reveal's marks go with them.
            self.queue.push(Step(start=lambda step: setattr(self, "reveal", None)))
        super().animate_moves(events)

    # -- drawing --------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface) -> None:
        scores = self.public.get("scores") or [0] * self.state.players
        for seat, plate in self.plates.items():
            score = scores[seat]
            self.draw_plate(surface, seat, plate, f"{score} pt" + ("" if abs(score) == 1 else "s"))
        for seat, rect in self.bid_spots.items():
            if seat == self.viewer:
                continue
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (230, 240, 230, 70), layer.get_rect(), 2, border_radius=8)
            surface.blit(layer, rect)
        bottom = self.bottom_seat()
        if bottom in self.bid_spots:
            rect = self.bid_spots[bottom]
            label = "Your bid" if bottom == self.viewer else "Bid"
            laid = self.model.get(f"bid:{bottom}") or []
            theme.text(
                surface, label, (rect.centerx, rect.y - 4), 15, theme.INK_DIM, anchor="midbottom"
            )
            arrived = len(laid) - self.arriving.get(f"bid:{bottom}", 0) > 0
            if bottom == self.viewer and arrived and laid[0] != HIDDEN and self.reveal is None:
                # Face down for the table; its owner is reminded what lies there.
                theme.text(
                    surface,
                    f"you laid {laid[0]}",
                    (rect.centerx, rect.bottom + 4),
                    15,
                    theme.INK,
                    True,
                    "midtop",
                )
        if self.awaiting_human() and not self.model.get(f"bid:{self.viewer}"):
            # In the empty spot: what to do, and the other two ways to do it.
            rect = self.bid_spots[self.viewer]
            lines = ["Drop a card here", "or click a card,", "or ←/→ and Enter"]
            font = theme.fonts().get(13)
            if max(font.size(line)[0] for line in lines) > rect.width - 8:
                lines = ["Drop a", "card here"]
            for index, line in enumerate(lines):
                theme.text(
                    surface,
                    line,
                    (rect.centerx, rect.centery + (index - 1) * 20),
                    13,
                    theme.INK if index == 0 else theme.INK_DIM,
                    index == 0,
                    "center",
                )
        self.draw_middle(surface)
        if hasattr(self, "used_label"):
            spot = self.spots.get(f"played:{bottom}")
            if spot is not None:
                theme.text(
                    surface,
                    "Played",
                    (spot.rect.centerx, spot.rect.y - 3),
                    14,
                    theme.INK_DIM,
                    anchor="midbottom",
                )
            won = self.spots.get(f"won:{bottom}")
            if won is not None:
                theme.text(
                    surface,
                    "Won",
                    (won.rect.centerx, won.rect.bottom + 2),
                    14,
                    theme.INK_DIM,
                    anchor="midtop",
                )

    def title_text(self) -> str:
        round_no = self.public.get("round", 1)
        return f"{self.info.title}  Round {round_no}/{self.public.get('rounds', 15)}"

    def last_round_words(self) -> str:
        """One line on what the last reveal did, in the game's words."""
        last = self.public.get("last_reveal")
        if not last:
            return ""
        points = " ".join(point_face(code).label for code in last.get("points", []))
        winner = last.get("winner")
        cancelled = last.get("cancelled") or []
        if winner is None:
            return f"Round {last['round']}: all tied, nobody took {points}"
        bid = last["bids"][winner]
        words = f"Round {last['round']}: {self.seats[winner].name} took {points} with {bid}"
        if cancelled:
            tied = sorted({last["bids"][seat] for seat in cancelled}, key=int)
            words += f" ({', '.join(tied)} cancelled)"
        return words

    def draw_middle(self, surface: pygame.Surface) -> None:
        centre = self.spots["center"].rect
        stack = self.spots["points"].rect
        if self.reveal is None and not self.queue.busy:
            summary = self.last_round_words()
            if summary:
                theme.text(
                    surface,
                    summary,
                    (centre.centerx, stack.bottom + 24),
                    15,
                    theme.INK_DIM,
                    anchor="midtop",
                )
        total = self.total()
        if self.model.get("center"):
            sign = "+" if total >= 0 else "−"
            rule = "highest card takes it" if total >= 0 else "lowest card takes it"
            words = f"{sign}{abs(total)}: {rule}"
            if len(self.model["center"]) > 1:
                words = f"Together {words}"
            colour = (150, 235, 160) if total >= 0 else (255, 150, 140)
            theme.text(
                surface, words, (centre.centerx, centre.y - 24), 18, colour, True, "midbottom"
            )
        if self.model.get("unclaimed"):
            spot = self.spots["unclaimed"].rect
            theme.text(
                surface,
                "Nobody took these",
                (spot.centerx, spot.bottom + 2),
                14,
                theme.INK_DIM,
                anchor="midtop",
            )

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.reveal is None:
            return
        cancelled = set(self.reveal.get("cancelled", []))
        winner = self.reveal.get("winner")
        for seat in self.bid_spots:
            card = self.slot(f"bid:{seat}", 0, 1)
            if seat in cancelled:
                # Tied bids cancel: veiled and struck through, the number still readable.
                veil = pygame.Surface(card.size, pygame.SRCALPHA)
                veil.fill((120, 20, 20, 70))
                surface.blit(veil, card)
                width = max(2, card.w // 22)
                pygame.draw.line(surface, theme.RED, card.bottomleft, card.topright, width)
                pygame.draw.rect(surface, theme.RED, card.inflate(6, 6), 3, border_radius=9)
                self.tag(surface, "tie: cancelled", card, theme.RED)
            elif seat == winner:
                pygame.draw.rect(surface, theme.GOLD, card.inflate(10, 10), 5, border_radius=10)
                self.tag(surface, "takes it!", card, (170, 120, 0))

    def tag(self, surface: pygame.Surface, words: str, card: pygame.Rect, colour) -> None:
        font = theme.fonts().get(max(12, min(18, card.h // 6)), bold=True)
        label = font.render(words, True, (255, 255, 255))
        box = label.get_rect(midtop=(card.centerx, card.bottom + 4)).inflate(12, 4)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, colour, box, border_radius=8)
        surface.blit(label, label.get_rect(center=box.center))

    def banner_centre(self) -> tuple[int, int]:
        centre = self.seat_boxes.center
        return centre.centerx, centre.centery

    def reason_anchor(self) -> tuple[int, int]:
        bottom = self.bottom_seat()
        rect = self.bid_spots.get(bottom)
        if rect is None:
            return super().reason_anchor()
        return rect.centerx, rect.y - 24
