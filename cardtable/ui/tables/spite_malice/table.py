"""The Spite & Malice table: each seat's Card Stack (its count and UP card), four fanned
Store Piles and a hand; the Build Piles in the middle with the value each needs next;
the Draw and Discard Piles with their counts.

Drag from your hand, UP card or a Store Pile top onto a Build Pile (the legal ones light
up), or a hand card onto one of your Store Piles to end the turn. A Wild dropped on a
pile asks which card covers it (its value is the one the pile needs). A Spite card goes
onto another player (their plate or cards), on your turn and out of turn: after an
opponent's card lands, your Spite cards glow while the match pauses for you (Settings: "Pause for
Spite"). With several people at the computer, a player claims a Spite out of turn with
their own key and chooses it behind the privacy screen.

Only what differs from ``TableScene``. Not for the rules (``games.spite_malice``).
"""

from __future__ import annotations

import functools

import pygame

from cardtable.engine import Event
from cardtable.games.spite_malice.vocabulary import (
    BUILD_SLOTS,
    END,
    SPITES,
    STORE_PILES,
    UP,
    build_code,
    card_value,
    give_code,
    hand_source,
    is_wild,
    parse,
    spite_code,
    spite_kind,
    store_code,
    store_source,
    wild_code,
)

from ... import theme
from ...cards import card_size
from .. import drawing
from ..base import TOP_BAR, Spot, TableScene
from ..notice import Placement, card_places, shapes
from ..parts.plates import place_seats
from ..vocabulary import Look
from .cards import SPITE_STYLE
from .describe import describe
from .phrases import PHRASES

BANNERS = {
    "go-again": 0.8,
    "stuck": 1.0,
    "shown": 0.9,
    "refill": 0.9,
    "draw-game": 1.4,
    "first-player": 0.9,
    "wild": 0.6,
    "one-played": 0.45,
}


def pile_of(zone: str) -> int:
    """``build:3`` -> 3, ``store:0:2`` -> 2."""
    return int(zone.rsplit(":", 1)[1])


class SpiteMaliceTable(TableScene):
    style = SPITE_STYLE
    hand_order = staticmethod(lambda code: (card_value(code) or 99, code))
    describer = staticmethod(describe)  # the table log's words
    phrases = PHRASES
    slaps = True  # a local human claims a Spite out of turn with their slap key
    how_to = (
        "Build the piles in the middle up from 1 to 13: drag from your hand, your UP card "
        "or a Store Pile top onto a pile that lights up.",
        "End your turn by dragging a hand card onto one of your four Store Piles.",
        "A Wild is any value; its Spite half hits another player: drag it onto their cards "
        "or plate, on your turn or just after their card lands. With several people here, "
        "claim that chance with your slap key.",
        "Empty your Card Stack first to win.",
    )

    @property
    def out_of_turn_pause(self) -> float:
        """The Settings' "Pause for Spite" (0: never pause), read by the match whenever it
        makes a referee (at the start, and again on a resume or an undo)."""
        return max(0.0, float(self.app.settings.spite_pause))

    def __init__(self, app, launch, match=None) -> None:
        super().__init__(app, launch, match)
        self.claimed: int | None = None  # the human who claimed a Spite out of turn
        self.struck: tuple[int, float] | None = None  # a plate hit by Spite, and when
        self.needs_above = False  # each Build Pile's next value over it (``layout_centre``)
        self.spite_place = Placement()  # where "Spite now?" goes: over none of the middle

    # -- layout ---------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        main = card_size(min(height * 0.17, width * 0.085))
        box = (min(360, width * 0.3), min(200, height * 0.3))
        seats = place_seats(self, size, main[1] * 1.75 + 44, box)
        for seat, box in enumerate(seats.boxes):
            if seats.sides[seat] == "bottom":
                self.layout_bottom(seat, box, main)
            else:
                self.layout_other(seat, box)
        self.layout_centre(seats.center, main)

    def layout_bottom(self, seat: int, box: pygame.Rect, main: tuple[int, int]) -> None:
        side = max(130, min(200, box.width // 6))
        self.plates[seat] = pygame.Rect(box.x, box.y + 4, side, 48)
        pile = pygame.Rect(box.x, box.y + 60, side // 2 - 4, main[1] + 8)
        self.view.spots[f"stack:{seat}"] = Spot(pile, main, "stack", face_up=False)
        up = pile.move(side // 2 + 4, 0)
        self.view.spots[f"up:{seat}"] = Spot(up, main)
        left = box.x + side + 14
        stores_w = (main[0] + 10) * STORE_PILES
        for index in range(STORE_PILES):
            rect = pygame.Rect(left + index * (main[0] + 10), box.y + 4, main[0], box.height - 8)
            self.view.spots[f"store:{seat}:{index + 1}"] = Spot(rect, main, "column")
        hand = pygame.Rect(left + stores_w + 14, box.y, box.right - left - stores_w - 14, box.h)
        self.view.spots[f"hand:{seat}"] = Spot(hand, main, "row")

    def layout_other(self, seat: int, box: pygame.Rect) -> None:
        self.plates[seat] = plate = pygame.Rect(box.x, box.y, box.width, 42)
        body = pygame.Rect(box.x, plate.bottom + 4, box.width, box.height - plate.height - 4)
        # Under the stack's count badge the small hand must still fit in the box.
        card = card_size(min(body.height * 0.55, body.height - 40, body.width / 6.6 * 1.42))
        pile = pygame.Rect(body.x, body.y + 2, card[0] + 6, card[1] + 6)
        self.view.spots[f"stack:{seat}"] = Spot(pile, card, "stack", face_up=False)
        self.view.spots[f"up:{seat}"] = Spot(pile.move(card[0] + 10, 0), card)
        left = pile.right + card[0] + 18
        for index in range(STORE_PILES):
            rect = pygame.Rect(left + index * (card[0] + 6), body.y, card[0], body.height - 4)
            self.view.spots[f"store:{seat}:{index + 1}"] = Spot(rect, card, "column")
        # The hand, face down and small, under the stack and UP card.
        small = card_size(min(card[1] * 0.45, body.bottom - pile.bottom - 22))
        hand = pygame.Rect(body.x, pile.bottom + 18, left - body.x - 8, small[1] + 2)
        self.view.spots[f"hand:{seat}"] = Spot(hand, small, "row", face_up=False)

    def layout_centre(self, centre: pygame.Rect, main: tuple[int, int]) -> None:
        high = max(40, min(main[1], centre.height - 56, centre.width / 12.5 * 1.42))
        card = card_size(high)
        gap = max(6, card[0] // 5)
        row_w = (BUILD_SLOTS + 2) * (card[0] + gap) + gap * 2
        x = centre.centerx - row_w // 2
        y = centre.centery - card[1] // 2 - 6
        # A short middle (a small window) has no room under the row for the value each
        # Build Pile needs: it goes over the pile instead, and the row sits lower.
        self.needs_above = centre.height - 56 < card[1]
        if self.needs_above:
            y = centre.bottom - card[1] - 10
        self.view.spots["draw"] = Spot(pygame.Rect(x, y, *card), card, "stack", face_up=False)
        self.view.spots["discard"] = Spot(pygame.Rect(x + card[0] + gap, y, *card), card, "stack")
        start = x + 2 * (card[0] + gap) + gap * 2
        for pile in range(1, BUILD_SLOTS + 1):
            rect = pygame.Rect(start + (pile - 1) * (card[0] + gap), y, *card)
            self.view.spots[f"build:{pile}"] = Spot(rect, card, "stack")

    def chooser_area(self) -> pygame.Rect:
        return self.seat_boxes.center if self.seat_boxes else super().chooser_area()

    # -- cards, drags and drops -----------------------------------------------------------

    def draggable(self, zone: str) -> bool:
        if self.viewer is None:
            return False
        mine = (f"hand:{self.viewer}", f"up:{self.viewer}")
        return zone in mine or zone.startswith(f"store:{self.viewer}:")

    def cards_for_drag(self, zone: str, index: int) -> tuple[str, ...]:
        cards = self.model[zone]
        return (cards[-1] if zone.startswith(("store:", "up:")) else cards[index],)

    def source_of(self, zone: str, card: str) -> str | None:
        if zone.startswith("hand:"):
            return hand_source(card)
        if zone.startswith("up:"):
            return UP
        if zone.startswith("store:"):
            return store_source(pile_of(zone))
        return None

    def drop_targets(self) -> dict[str, pygame.Rect]:
        targets = {}
        for pile in range(1, BUILD_SLOTS + 1):
            targets[f"build:{pile}"] = self.view.spots[f"build:{pile}"].rect.inflate(8, 8)
        if self.viewer is not None:
            for index in range(1, STORE_PILES + 1):
                spot = self.view.spots.get(f"store:{self.viewer}:{index}")
                if spot is not None:
                    targets[f"store:{self.viewer}:{index}"] = spot.rect
        held = self.input.drag or self.input.picked
        spite = held is not None and any(is_wild(code) for code in held.cards)
        for seat in self.plates:
            if seat != self.viewer:
                targets[f"plate:{seat}"] = self.seat_place(seat) if spite else self.plates[seat]
        return targets

    def seat_place(self, seat: int) -> pygame.Rect:
        """A seat's whole place, its plate and its cards: while a Spite card is held, one
        dropped anywhere on it goes at that player (and the whole place lights)."""
        spots = self.view.spots
        zones = [f"stack:{seat}", f"up:{seat}", f"hand:{seat}"]
        zones += [f"store:{seat}:{index}" for index in range(1, STORE_PILES + 1)]
        return self.plates[seat].unionall([spots[zone].rect for zone in zones if zone in spots])

    def action_for(self, cards: tuple[str, ...], source: str, target: str):
        if len(cards) != 1 or self.viewer is None:
            return None
        card = cards[0]
        where = self.source_of(source, card)
        if where is None:
            return None
        if target.startswith("plate:"):
            if source.startswith("hand:") and is_wild(card):
                return spite_code(spite_kind(card), pile_of(target))
            return None
        if target.startswith("store:"):
            return store_code(card, pile_of(target)) if source.startswith("hand:") else None
        pile = pile_of(target)
        if not is_wild(card):
            return build_code(where, pile)
        # A Wild is the value its pile needs; the base asks which card covers it.
        need = int(self.public.get("needs", [1] * BUILD_SLOTS)[pile - 1])
        covers = [
            code
            for code in sorted(self.legal_codes())
            if code.startswith(wild_code(where, need, pile, ""))
        ]
        return covers or wild_code(where, need, pile, UP if where != UP else hand_source("?"))

    def off_target_words(self, drag) -> str:
        if drag.cards and is_wild(drag.cards[0]):
            return "Drop a Wild on a Build Pile, or on another player to play its Spite at them."
        return "Drop your card on a Build Pile, or a hand card on a Store Pile to end your turn."

    def asks(self, legal: list[str]) -> list[str]:
        moves = [(code, parse(code)) for code in legal]
        given = [code for code, move in moves if move.kind == "give"]
        if given:
            return given
        spites = [code for code, move in moves if move.kind == "spite"]
        if spites and len(spites) == len(legal):  # out of turn: only Spite is legal
            # One person here drags a Spite card; with several, the one who claimed the
            # chance with their key chooses it behind the privacy screen.
            claimed = self.claimed
            mine = claimed is not None and set(legal) == self.legal_codes_of(claimed)
            return spites if len(self.humans) > 1 and mine else []
        return [END] if END in legal and not self.buildable(legal) else []

    def buildable(self, legal: list[str]) -> bool:
        return any(parse(code).kind in ("build", "wild") for code in legal)

    def question(self, codes: list[str]) -> str:
        kind = parse(codes[0]).kind
        if kind == "give":
            return "You capped a pile: give the Malice card to…"
        if kind == "spite":
            return "Your Spite: at whom?"
        if kind == "wild":
            move = parse(codes[0])
            return f"Wild as {move.value} on Build Pile {move.pile}: covered by…"
        return "Nothing you can store: end your turn?"

    def label_for(self, code: str) -> str:
        move = parse(code)
        if move.kind == "give":
            left = self.public.get("cards_left", [0] * self.players)[move.target or 0]
            return f"{self.names[move.target or 0]} ({left} left)"
        if move.kind == "spite":
            return f"{move.spite} at {self.names[move.target or 0]}"
        if move.kind == "wild" and move.cover is not None:
            cover = move.cover
            if cover.kind == "hand":
                return f"{cover.card} from your hand"
            if cover.kind == "store":
                return f"the top of Store Pile {cover.pile}"
            return "your UP card"
        return "End my turn"

    def hint_what(self, code: str) -> str | None:
        """A hint's words for a Spite, which the log says only by its card."""
        move = parse(code)
        if move.kind == "spite":
            return f"Play your Spite card: {move.spite} at {self.names[move.target or 0]}"
        return None

    def on_slap(self, seat: int) -> bool:
        """With several people here, a player's slap key claims a Spite out of turn."""
        if len(self.humans) > 1 and seat in self.out_of_turn_humans():
            self.claimed = seat
            self.choices.refresh()
            return True
        return False

    def played(self, events: list[Event], by: int | None = None) -> None:
        if by is not None and by == self.claimed:
            self.claimed = None  # one claim, one Spite: another needs the key again
        super().played(events, by)

    def seat_code(self, seat: int) -> str | None:
        return give_code(seat)  # after a cap, a click on a seat gives it the Malice card

    # -- events ---------------------------------------------------------------------------

    def synced(self) -> None:
        # A claim lasts while its chance does, through the privacy screen that turns the
        # table to the claimer.
        if self.claimed is not None and self.claimed not in self.out_of_turn_humans():
            self.claimed = None

    def banner(self, event: Event, seconds: float = 1.0) -> None:
        self.animator.show_banner(self.animator.words(event), seconds)

    def animations(self) -> dict[str, Look]:
        looks: dict[str, Look] = {
            # Announcements without a look of their own: a banner, long or short.
            what: functools.partial(self.banner, seconds=seconds)
            for what, seconds in BANNERS.items()
        }
        spites = {f"spite-{kind.lower()}": self.spite for kind in SPITES}
        return (
            looks
            | spites
            | {
                "announce": self.quiet,
                "capped": self.animate_capped,
                "malice-given": self.animate_malice_given,
                "win": self.animate_win,
            }
        )

    def quiet(self, event: Event) -> None:
        """Any other announcement shows nothing."""

    def animate_capped(self, event: Event) -> None:
        self.banner(event, 1.0)
        self.animator.sound("win")

    def animate_malice_given(self, event: Event) -> None:
        self.banner(event, 0.9)

    def spite(self, event: Event) -> None:
        target = event.seats[1]
        self.animator.step(lambda step: setattr(self, "struck", (target, self.clock)))
        self.banner(event, 1.2)

    def animate_win(self, event: Event) -> None:
        self.banner(event, 1.6)
        self.animator.sound("win")

    def flight_time(self, event: Event) -> float:
        if (event.src or "").startswith("build:") and event.dst == "discard":
            return 0.8  # the capped pile sweeps away
        if event.src == "draw" and (event.dst or "").startswith("stack:"):
            return 0.75 if not self.public.get("is_over") else self.move_time  # Malice
        return self.move_time

    # -- words and drawing ----------------------------------------------------------------

    def title_text(self) -> str:
        left = self.public.get("cards_left")
        if self.viewer is not None and left:
            return f"{self.info.title}  Stack: {left[self.viewer]}"
        return self.info.title

    def prompt(self) -> str:
        legal = self.legal_codes()
        if any(code.startswith("give") for code in legal):
            return "You capped a pile: give its Malice card: click a player"
        # Holding a Spite card, the line says where it goes, in as few words as fit.
        spite = any(parse(code).kind == "spite" for code in legal)
        if any(code.startswith("store") for code in legal):
            if spite:
                return "Your turn: build, then a card onto a Store Pile; Spite cards onto a player"
            return "Your turn: build on the piles, then drag a card onto a Store Pile"
        if self.buildable(sorted(legal)):
            if spite:
                return "Your turn: play your 2 first; Spite cards go onto a player"
            return "Your turn: play your 2 (a 2 may not be held while a pile shows 1)"
        if spite:
            return "Your turn: nothing to store; Spite cards go onto a player"
        return "Your turn: nothing to store: end your turn"

    def spite_offered(self) -> bool:
        return self.viewer is not None and self.viewer in self.out_of_turn_humans()

    def draw_table(self, surface: pygame.Surface) -> None:
        public = self.public
        left = public.get("cards_left", [0] * self.players)
        for seat, plate in self.plates.items():
            detail = f"{left[seat]} left"
            if seat != self.bottom_seat() and plate.width >= 300:
                detail += f" · {self.hand_count(seat)} in hand"
                self.draw_plate(surface, seat, plate, detail)
            elif seat != self.bottom_seat():
                # A narrow plate: the cards held in its corner, clear of who plays it.
                self.draw_plate(surface, seat, plate, detail, f"{self.hand_count(seat)} held")
            else:
                self.draw_plate(surface, seat, plate, detail)
            if self.struck and self.struck[0] == seat and self.clock - self.struck[1] < 1.6:
                drawing.glow(surface, plate, theme.RED, drawing.pulse(self.clock, 3.0))
        build_needs(self, surface)
        # The two labels side by side must not run together on a small table.
        apart = self.view.spots["discard"].rect.centerx - self.view.spots["draw"].rect.centerx
        size = next(
            (s for s in (13, 12, 11, 10) if theme.fonts().get(s).size("Discard")[0] < apart - 4),
            9,
        )
        for zone, name in (("draw", "Draw"), ("discard", "Discard")):
            rect = self.view.spots[zone].rect
            count = public.get(f"{zone}_count", 0)
            theme.text(
                surface, name, (rect.centerx, rect.y - 6), size, theme.INK_DIM, anchor="midbottom"
            )
            if count <= 1:  # more than one: the pile's own badge counts them
                said = "empty" if count == 0 else "1"
                words, font = theme.fitting(said, 13, rect.width - 2, smallest=9)
                if words != said:  # a pile too small for the word: the count
                    words = "0"
                theme.text(
                    surface, words, rect.center, 0, theme.INK_DIM, anchor="center", font=font
                )

    def draw_overlay(self, surface: pygame.Surface) -> None:
        # With several people here, a chance that is not the shown hand's is named too:
        # its countdown runs for everyone, and the claim is by key.
        offered = self.spite_offered() or (len(self.humans) > 1 and self.out_of_turn_humans())
        choosing = self.claimed is not None and self.claimed == self.viewer
        if not offered or self.animator.busy or choosing:
            self.spite_place.forget()
            return  # a deal still running; a claimer choosing has the chooser's words
        hand = f"hand:{self.viewer}"
        strength = drawing.pulse(self.clock, 2.4)
        for index, code in enumerate(self.model.get(hand, []) if self.spite_offered() else []):
            if is_wild(code):
                drawing.glow(surface, self.view.slot(hand, index), theme.RED, strength)
        left = self.window_left() or 0.0
        if left > 0:
            drawing.countdown(surface, TOP_BAR, left, theme.RED)
        centre = self.seat_boxes.center if self.seat_boxes else surface.get_rect()
        words = self.spite_words()  # at the top of the middle, where it is bare felt
        options = shapes(words, centre.width, (15, 13))
        places = lambda: card_places(self.view, self.input.targets())  # noqa: E731
        look = (theme.RED, theme.INK, 225)
        at = (centre.centerx, centre.y + 16)
        self.spite_place.draw(surface, words, options, at, places, (None, None), look, True)

    def spite_words(self) -> str:
        """What a Spite chance out of turn says. With several people here, the keys that
        claim it: every person's but the player on turn (so it does not tell who holds a
        Spite card), or on a narrow window the key of the person whose hand is shown."""
        if len(self.humans) == 1:
            return "Spite now? Drag a Spite card onto a player's plate"
        mover = self.client.view["current"]  # the drawn view may show the turn before
        claimers = [s for s in self.humans if s != mover and self.input.slap_words(s)]
        if self.app.size[0] < 1100:
            claimers = [s for s in claimers if s == self.viewer]
        if not claimers:
            return "Spite now? Press your key to claim it"
        keys = "  ·  ".join(f"{self.names[s]}: {self.input.slap_words(s)}" for s in claimers)
        return f"Spite now? Claim it with your key: {keys}"


def build_needs(table: SpiteMaliceTable, surface: pygame.Surface) -> None:
    """The value each Build Pile needs next, under its count badge with a caption over
    the row; on a short middle over each pile, with no room for the caption."""
    needs = table.public.get("needs", [1] * BUILD_SLOTS)
    for pile in range(1, BUILD_SLOTS + 1):
        rect = table.view.spots[f"build:{pile}"].rect
        if not table.model.get(f"build:{pile}"):
            drawing.target(surface, rect, None)
            words, colour = "1", theme.INK_DIM
        else:
            words, colour = f"→{needs[pile - 1]}", theme.GOLD
        if table.needs_above:
            theme.text(surface, words, (rect.centerx, rect.y - 3), 14, colour, True, "midbottom")
        else:  # under the pile's own count badge
            at = (rect.centerx, rect.bottom + max(18, rect.h // 9 + 12))
            theme.text(surface, words, at, 15, colour, True, anchor="midtop")
    if not table.needs_above:
        first = table.view.spots["build:1"].rect
        caption = "Build Piles: the next value each needs"
        theme.text(surface, caption, (first.x, first.y - 6), 13, theme.INK_DIM, anchor="bottomleft")
