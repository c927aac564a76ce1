"""The What the Heck? table: Point Cards in the middle, a bid spot per seat, hands,
played cards and won piles, and the reveal with its cancelled ties.

Only what differs from ``TableScene``: the layout, the card looks, the one drop target
(your bid spot), and the reveal. Not for the rules (``games.what_the_heck``).
"""

from __future__ import annotations

import pygame

from cardtable.engine import HIDDEN, Event
from cardtable.games.what_the_heck.vocabulary import VOCABULARY, bid_code

from ... import theme
from ...cards import CardStyle, card_size
from .. import drawing
from ..base import Spot, TableScene
from ..parts.piles import caption, centred, drop_hint
from ..parts.plates import place_seats, split_seat
from ..parts.words import count
from ..vocabulary import Look
from .cards import PLAYER_STYLE, POINT_STYLE, point_face
from .describe import describe
from .phrases import PHRASES

POINT_ZONES = ("points", "center", "unclaimed")
#: Cards smaller than this (pixels high) cannot be read: their values are written.
READABLE = 28


class WhatTheHeckTable(TableScene):
    describer = staticmethod(describe)
    phrases = PHRASES
    # The bids revealed have the look of their kind (``animate_reveal``); the rest, banners.
    defaulted = VOCABULARY.events
    how_to = (
        "Each round, lay one of your Player Cards face down on your bid spot: drag it there.",
        "Bids turn over together. The highest takes a positive Point Card, the lowest a "
        "negative one. Tied cards cancel.",
        "Every Player Card is used once. After 15 rounds the most points wins.",
    )
    style = PLAYER_STYLE

    def __init__(self, app, launch, match=None) -> None:
        super().__init__(app, launch, match)
        self.reveal: dict | None = None
        self.bid_spots: dict[int, pygame.Rect] = {}
        self.rule_size = 18  # the rule line's type: smaller on a small table (``layout``)

    # -- layout ---------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        main = card_size(min(height * 0.2, width * 0.12))
        box = (min(330, width * 0.28), min(180, height * 0.27))
        seats = place_seats(self, size, main[1] + 56, box)
        self.bid_spots = {}
        for seat, box in enumerate(seats.boxes):
            if seats.sides[seat] == "bottom":
                self.layout_bottom(seat, box, main)
            else:
                self.layout_other(seat, box)
        # The middle, left to right: the Point Card stack, the face-up Point Card(s) and
        # the bottom seat's bid spot, nearest the hand it is dragged from. On a very small
        # window the cards still fill the middle rather than shrink to nothing.
        centre = seats.center
        # The rule line ("+5: highest card takes it") keeps its room over the cards,
        # inside the middle (above it lie the other seats' bids): smaller on a small table.
        self.rule_size = 18 if centre.height >= 100 else 14
        room = theme.fonts().get(self.rule_size, bold=True).get_linesize() + 4
        fits = (centre.height - room) / 1.05
        high = max(min(centre.height - 64, main[1] * 1.1), min(main[1] * 0.8, fits))
        point = card_size(high)
        middle_y = max(centre.centery + 4, centre.y + room + point[1] // 2)
        group = centred(centre, round(point[0] * 6.6))
        bid = pygame.Rect((0, 0), (round(point[0] * 1.18), round(point[1] * 1.1)))
        bid.midright = (group.right - 10, middle_y)
        self.bid_spots[self.bottom_seat()] = bid
        self.view.spots[f"bid:{self.bottom_seat()}"] = Spot(bid, point, face_up=False)
        stack = pygame.Rect(0, 0, *point)
        stack.midleft = (group.x + 10, middle_y)
        self.view.spots["points"] = Spot(stack, point, "stack", face_up=False)
        face_up = pygame.Rect(0, 0, min(point[0] * 3.2, bid.left - stack.right - 40), point[1])
        face_up.center = ((stack.right + bid.left) // 2, middle_y)
        self.view.spots["center"] = Spot(face_up, point, "row")
        small = card_size(point[1] * 0.45)
        unclaimed = pygame.Rect(0, 0, small[0] * 3, small[1])
        unclaimed.midbottom = (face_up.centerx, centre.bottom)
        self.view.spots["unclaimed"] = Spot(unclaimed, small, "row")

    def layout_bottom(self, seat: int, box: pygame.Rect, main: tuple[int, int]) -> None:
        side = max(150, min(240, box.width // 5))
        self.plates[seat] = plate = split_seat(box, True, (side, 50), 0, top=6)[0]
        won_card = card_size(min(box.height - 70, main[1] * 0.62))
        won = pygame.Rect(box.x, plate.bottom + 8, side, won_card[1])
        self.view.spots[f"won:{seat}"] = Spot(won, won_card, "row")
        hand = pygame.Rect(box.x + side + 16, box.y + 4, box.width - 2 * side - 32, main[1] + 40)
        hand.centery = box.centery
        self.view.spots[f"hand:{seat}"] = Spot(hand, main, "row")
        used_card = card_size(min(box.height - 70, main[1] * 0.5))
        used = pygame.Rect(box.right - side, plate.bottom + 8, side, used_card[1])
        self.view.spots[f"played:{seat}"] = Spot(used, used_card, "row")

    def layout_other(self, seat: int, box: pygame.Rect) -> None:
        self.plates[seat], body = split_seat(box, False, (box.width, 44), 6)
        bid_card = card_size(min(body.height * 0.62, body.width * 0.3 * 1.42))
        bid = pygame.Rect(0, 0, bid_card[0] + 10, bid_card[1] + 10)
        bid.topright = (body.right - 4, body.y)
        self.bid_spots[seat] = bid
        self.view.spots[f"bid:{seat}"] = Spot(bid, bid_card)
        left = pygame.Rect(body.x, body.y, bid.left - body.x - 8, body.height)
        hand_card = card_size(min(body.height * 0.5, left.width * 0.3 * 1.42))
        hand = pygame.Rect(left.x, left.y, left.width, hand_card[1])
        self.view.spots[f"hand:{seat}"] = Spot(hand, hand_card, "row", face_up=False)
        # Under the hand: the used Player Cards, then the won Point Cards.
        row_card = card_size(min(body.height - hand_card[1] - 8, hand_card[1] * 0.95))
        # Too small to read, the won cards are written (``draw_won_words``): more room.
        share = 0.6 if row_card[1] >= READABLE else 0.42
        used = pygame.Rect(left.x, hand.bottom + 6, round(left.width * share), row_card[1])
        self.view.spots[f"played:{seat}"] = Spot(used, row_card, "row")
        won = pygame.Rect(used.right + 8, used.y, left.right - used.right - 8, row_card[1])
        self.view.spots[f"won:{seat}"] = Spot(won, row_card, "row")

    # -- the game's words -----------------------------------------------------------------

    def style_for(self, zone: str, code: str) -> CardStyle:
        return POINT_STYLE if zone in POINT_ZONES or zone.startswith("won:") else PLAYER_STYLE

    def face_up(self, zone: str) -> bool:
        # Bids lie face down until the reveal turns them all over together.
        if zone.startswith("bid:"):
            return self.reveal is not None
        return super().face_up(zone)

    def arrange(self, zone: str, cards: list[str]) -> list[str]:
        if zone.startswith(("hand:", "played:")) and HIDDEN not in cards:
            return sorted(cards, key=int)
        return cards

    def drop_targets(self) -> dict[str, pygame.Rect]:
        if self.viewer is None or self.viewer not in self.bid_spots:
            return {}
        return {"bid": self.bid_spots[self.viewer]}

    def action_for(self, cards: tuple[str, ...], source: str, target: str) -> str | None:
        if target == "bid" and source == f"hand:{self.viewer}" and len(cards) == 1:
            return bid_code(cards[0])
        return None

    def off_target_words(self, drag) -> str:
        return "Drop your card on your bid spot."

    def prompt(self) -> str:
        return "Your bid: drag a Player Card onto your bid spot"

    def title_text(self) -> str:
        public = self.public
        return f"{self.info.title}  Round {public.get('round', 1)}/{public.get('rounds', 15)}"

    def flight_time(self, event: Event) -> float:
        # The Point Card's trip to its winner is the moment to watch.
        return 0.75 if event.src == "center" else self.move_time

    def sound_for(self, event: Event) -> str | None:
        return "win" if event.src == "center" else super().sound_for(event)

    def chooser_area(self) -> pygame.Rect:
        return self.seat_boxes.center

    # -- the reveal -----------------------------------------------------------------------

    def animations(self) -> dict[str, Look]:
        return {"reveal": self.animate_reveal}

    def animate_reveal(self, event: Event) -> None:
        data = dict(event.data)
        for seat, code in enumerate(data.get("bids", list(event.cards))):
            self.animator.turn_over(f"bid:{seat}", [code])
        self.animator.step(lambda step: setattr(self, "reveal", data))
        # Hold the revealed bids so everyone can read who cancelled whom; the marks go
        # with the bids when they leave.
        self.animator.step(hold=1.6, label="read the bids")
        self.animator.step(lambda step: setattr(self, "reveal", None))

    def last_round_words(self) -> str:
        """One line on what the last reveal did, in the game's words."""
        last = self.public.get("last_reveal")
        if not last:
            return ""
        points = " ".join(point_face(code).label for code in last.get("points", []))
        winner, cancelled = last.get("winner"), last.get("cancelled") or []
        if winner is None:
            return f"Round {last['round']}: all tied, nobody took {points}"
        words = (
            f"Round {last['round']}: {self.names[winner]} took {points} with {last['bids'][winner]}"
        )
        if cancelled:
            tied = sorted({last["bids"][seat] for seat in cancelled}, key=int)
            words += f" ({', '.join(tied)} cancelled)"
        return words

    # -- drawing --------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface) -> None:
        scores = self.public.get("scores") or [0] * self.players
        for seat, plate in self.plates.items():
            self.draw_plate(surface, seat, plate, count(scores[seat], "pt"))
        for seat, rect in self.bid_spots.items():
            if seat != self.viewer:
                drawing.target(surface, rect, None)
        bottom = self.bottom_seat()
        rect = self.bid_spots[bottom]
        label = "Your bid" if bottom == self.viewer else "Bid"
        said = caption(surface, label, rect, 15)
        laid = self.model.get(f"bid:{bottom}") or []
        arrived = self.view.visible(f"bid:{bottom}") > 0
        if bottom == self.viewer and arrived and laid[0] != HIDDEN and self.reveal is None:
            # Face down for the table; its owner is reminded what lies there.
            where = (rect.centerx, rect.bottom + 4)
            theme.text(surface, f"you laid {laid[0]}", where, 15, theme.INK, True, "midtop")
        if self.awaiting_human() and not laid:
            # In the empty spot: what to do, and the other two ways to do it.
            ways = ["Drop a card here", "or click a card,", "or ←/→ and Enter"]
            drop_hint(surface, rect, ways, ["Drop", "a card", "here"])
        self.draw_middle(surface, said.x - 8)
        caption(surface, "Played", self.view.spots[f"played:{bottom}"].rect, gap=3)
        caption(surface, "Won", self.view.spots[f"won:{bottom}"].rect, below=True, gap=0)

    def draw_won_words(self, surface: pygame.Surface) -> None:
        """On a small window the other players' won Point Cards are too small to read:
        their values are written over them instead ("+10 +1 −2", or "5 won" when too many)."""
        for seat in self.plates:
            spot = self.view.spots.get(f"won:{seat}")
            cards = [code for code in self.model.get(f"won:{seat}", []) if code != HIDDEN]
            if seat == self.bottom_seat() or spot is None or spot.card[1] >= READABLE:
                continue
            if not cards or self.view.visible(f"won:{seat}") < len(cards):
                continue  # none yet, or one still on its way
            words = " ".join(point_face(code).index for code in cards)
            said, font = theme.fitting(words, 13, spot.rect.width - 6, smallest=10, bold=True)
            if said != words:  # too many to list: how many (the plate says the points)
                said, font = theme.fitting(f"{len(cards)} won", 13, spot.rect.width - 6, 10, True)
            box = spot.rect.inflate(4, 0)
            theme.panel(surface, box, alpha=235, radius=6)
            theme.text(surface, said, box.center, 0, theme.GREEN, True, "center", font=font)

    def draw_middle(self, surface: pygame.Surface, right: int) -> None:
        """The last round's summary and the rule line over the Point Cards, which ends
        before ``right`` (the bid spot's caption) in smaller type on a small window."""
        centre = self.view.spots["center"].rect
        stack = self.view.spots["points"].rect
        if self.reveal is None and not self.animator.busy:
            summary = self.last_round_words()
            width = self.seat_boxes.center.width - 20
            font = theme.fonts().get(15)
            where = (centre.centerx, stack.bottom + 24)
            theme.text(
                surface, theme.fit(summary, font, width), where, 15, theme.INK_DIM, anchor="midtop"
            )
        if self.model.get("center"):
            total = sum(int(code) for code in self.model["center"] if code != HIDDEN)
            rule = "highest card takes it" if total >= 0 else "lowest card takes it"
            words = f"{'+' if total >= 0 else '−'}{abs(total)}: {rule}"
            if len(self.model["center"]) > 1:
                words = f"Together {words}"
            colour = (150, 235, 160) if total >= 0 else (255, 150, 140)
            room = self.seat_boxes.center.copy()
            room.width = right - room.x
            words, font = theme.fitting(words, self.rule_size, room.width, smallest=12, bold=True)
            line = pygame.Rect((0, 0), font.size(words))
            # Over the Point Cards, below the other seats' bids, left of "Your bid".
            line.midbottom = (centre.centerx, max(centre.y - 24, room.y + line.height))
            line.x = max(room.x, min(line.x, room.right - line.width))
            theme.text(surface, words, line.topleft, 0, colour, font=font)
        if self.model.get("unclaimed"):
            caption(
                surface, "Nobody took these", self.view.spots["unclaimed"].rect, below=True, gap=0
            )

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.draw_won_words(surface)
        if self.reveal is None:
            return
        cancelled = set(self.reveal.get("cancelled", []))
        for seat in self.bid_spots:
            card = self.view.slot(f"bid:{seat}", 0, 1)
            below = (card.centerx, card.bottom + 4)
            if seat in cancelled:
                # Tied bids cancel: veiled and struck through, the number still readable.
                drawing.cancelled(surface, card)
                drawing.label_box(surface, "tie: cancelled", below, 14, theme.RED, anchor="midtop")
            elif seat == self.reveal.get("winner"):
                pygame.draw.rect(surface, theme.GOLD, card.inflate(10, 10), 5, border_radius=10)
                drawing.label_box(surface, "takes it!", below, 14, (170, 120, 0), anchor="midtop")
