"""The Copy Cat table: hands and coin stacks around the table, the deck, the field with
the original play and each copy laid beside it (who played what), and the discards.

How a player plays here:

- on your answer, drag cards showing the open number onto the field to copy (click cards
  to make a group first), or press Draw (D, or click the deck);
- after drawing, drag cards of one number onto the field, or press Meow! (M) when it is
  allowed; a lone special card asks which of its numbers it stands for;
- keys: Left/Right over the cards that can be played, Space adds to the group, Enter
  plays, Escape lets go, D draws, M declares Meow.

Every payment flies as tokens from payer to payee; Meow turns every hand over with its
total, then the payouts fly; a score sheet shows the coins after every game. Only the
hooks of ``TableScene``. Not for the rules (``games.copycat``).
"""

from __future__ import annotations

import pygame

from cardtable.engine import Event
from cardtable.games.copycat.vocabulary import (
    PHASE_ANSWER,
    card_order,
    copy_code,
    draw_code,
    meow_code,
    numbers_on,
    parse,
    play_code,
)

from ... import theme
from ...anim import Step
from ...cards import card_size
from ..base import TOP_BAR, Spot, TableScene
from ..parts.phrases import Phrases
from ..parts.plates import place_seats
from ..vocabulary import Look
from .cards import COPYCAT_STYLE
from .coins import Coins
from .describe import count_of, describe, plural_name
from .field import Field
from .phrases import phrases

ENDINGS = {
    "pattern-a": "Pattern A",
    "pattern-b": "Pattern B",
    "pattern-c": "Meow!",
    "meow-fail": "Meow failed",
    "deck-out": "Deck out",
}
DRAW_KEYS = (pygame.K_d,)
MEOW_KEYS = (pygame.K_m,)


class CopyCatTable(TableScene):
    style = COPYCAT_STYLE
    hand_order = staticmethod(card_order)
    describer = staticmethod(describe)  # the table log's words
    # The ends of a set and of the match: their banners say it all.
    defaulted = frozenset({"set-over", "match-over"})
    how_to = (
        "Your play: click the cards of one number, then drag them to the field. A "
        "two-number card asks which number it is.",
        "Someone else's play: copy it with cards of that number (each copied card earns a "
        "coin from the player who played it), or press Draw (D).",
        "After drawing, play afresh, or press Meow (M) with four or fewer cards: the "
        "strictly lowest hand total takes 3 coins from everyone.",
        "Most coins after all the games of the match wins.",
    )

    def __init__(self, app, launch, match=None) -> None:
        super().__init__(app, launch, match)
        self.field_rect = self.centre = pygame.Rect(0, 0, 0, 0)
        self.draw_button = self.meow_button = pygame.Rect(0, 0, 0, 0)
        # What the table shows while events play out (the observation catches up after).
        self.field = Field(self)
        self.coins = Coins(self)  # a moment: the payments' tokens fly
        self.moments.append(self.coins)
        self.totals: dict[int, int] = {}  # revealed hand totals, by seat

    # -- layout ---------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        main = card_size(min(height * 0.19, width * 0.1))
        box = (min(300, width * 0.26), min(160, height * 0.24))
        seats = place_seats(self, size, main[1] + 30, box)
        self.coins.rects = {}
        for seat, box_rect in enumerate(seats.boxes):
            if seats.sides[seat] == "bottom":
                self.layout_bottom(seat, box_rect, main)
            else:
                self.layout_other(seat, box_rect)
        self.layout_centre(seats.center)

    def layout_bottom(self, seat: int, box: pygame.Rect, main: tuple[int, int]) -> None:
        side = max(160, min(210, box.width // 6))
        self.plates[seat] = plate = pygame.Rect(box.x, box.y + 2, side, 46)
        coin_h = min(70, box.bottom - plate.bottom - 6)
        self.coins.rects[seat] = pygame.Rect(box.x + 4, plate.bottom + 4, side, coin_h)
        buttons = max(96, min(150, box.width // 8))
        hand = pygame.Rect(box.x + side + 12, box.y, box.width - side - buttons - 36, box.height)
        self.view.spots[f"hand:{seat}"] = Spot(hand, main, "row")
        button_h = max(30, min(44, (box.height - 12) // 2))
        self.draw_button = pygame.Rect(box.right - buttons, box.y + 4, buttons, button_h)
        self.meow_button = self.draw_button.move(0, button_h + 8)

    def layout_other(self, seat: int, box: pygame.Rect) -> None:
        plate_h = max(30, min(44, box.height // 3))
        self.plates[seat] = plate = pygame.Rect(box.x, box.y, box.width, plate_h)
        body = pygame.Rect(
            box.x + 2, plate.bottom + 4, box.width - 4, box.bottom - plate.bottom - 4
        )
        coin_w = max(70, min(110, body.width // 3))
        self.coins.rects[seat] = pygame.Rect(
            body.right - coin_w, body.y, coin_w, min(body.height, 46)
        )
        room = pygame.Rect(body.x, body.y, body.width - coin_w - 6, body.height)
        card = card_size(max(24, min(room.height, room.width * 0.3 * 1.42)))
        hand = pygame.Rect(room.x, room.y, room.width, card[1])
        self.view.spots[f"hand:{seat}"] = Spot(hand, card, "row", face_up=False)

    def layout_centre(self, centre: pygame.Rect) -> None:
        """Left: the deck. Middle: the field, its groups side by side. Right: the
        discards. A wide table keeps them together in the middle."""
        group = centre.copy()
        group.width = min(centre.width, round(centre.height * 3.2))
        group.centerx = centre.centerx
        self.centre = group
        label = 20
        pile = card_size(max(34, min(group.height - 2 * label - 24, group.width / 7 * 1.42)))
        deck = pygame.Rect(0, 0, *pile)
        deck.midleft = (group.x + 6, group.centery)
        self.view.spots["draw"] = Spot(deck, pile, "stack", face_up=False)
        discard = pygame.Rect(0, 0, *pile)
        discard.midright = (group.right - 6, group.centery)
        self.view.spots["discard"] = Spot(discard, pile, "stack")
        field = pygame.Rect(deck.right + 16, group.y + label, discard.left - deck.right - 32, 0)
        field.height = group.height - 2 * label - 4
        self.field_rect = field
        card = card_size(max(34, min(field.height - 18, pile[1] * 1.15)))
        area = pygame.Rect(0, 0, field.width - 8, card[1])
        area.midtop = (field.centerx, field.y + 2)
        self.view.spots["field"] = Spot(area, card, "row", place=self.field.place)

    def chooser_area(self) -> pygame.Rect:
        """The middle of the table above the hand: choosers and the score sheet."""
        hand = self.view.spots.get(f"hand:{self.bottom_seat()}")
        bottom = hand.rect.y - 6 if hand is not None else self.app.size[1]
        area = pygame.Rect(0, TOP_BAR + 8, max(480, self.centre.width), bottom - TOP_BAR - 14)
        area.centerx = self.centre.centerx
        return area.clip(pygame.Rect(0, 0, *self.app.size))

    def banner_centre(self) -> tuple[int, int]:
        """Just over the field: never over the names under its cards (who played what),
        which the banner is about."""
        half = max(20, self.app.size[1] // 26) * 3 // 4 + 6  # half the banner's box
        return (self.field_rect.centerx, max(TOP_BAR + half, self.field_rect.top - half - 2))

    # -- what the viewer may do -----------------------------------------------------------

    def face_up(self, zone: str) -> bool:
        if zone.startswith("hand:") and int(zone.split(":")[1]) in self.totals:
            return True  # Meow or the end of a game: the hand has been shown
        return super().face_up(zone)

    def can(self, code: str) -> bool:
        return code in self.legal_codes()

    def takes(self, zone: str) -> str | None:
        return draw_code() if zone == "draw" else None  # a drag or a click on the deck

    def joins(self, zone: str, held: list[str], index: int) -> bool:
        """Cards join a group when they show a number in common with it."""
        card = self.model[zone][index]
        return bool(set(numbers_on(held[0])) & set(numbers_on(card)))

    def drop_targets(self) -> dict[str, pygame.Rect]:
        return {"field": self.field_rect}

    def action_for(self, cards: tuple[str, ...], source: str, target: str):
        if target != "field" or source != f"hand:{self.viewer}" or not cards:
            return None
        common = set(numbers_on(cards[0]))
        for card in cards[1:]:
            common &= set(numbers_on(card))
        if self.public.get("phase") == PHASE_ANSWER:
            return copy_code(cards, self.public.get("number") or numbers_on(cards[0])[0])
        if not common:
            return play_code(cards)  # mixed numbers: the engine says why not
        # A lone special card may stand for either number: the base asks which.
        return [play_code(cards, number) for number in sorted(common)]

    def off_target_words(self, drag) -> str:
        if drag.zone == "draw":
            return "Drop the card on your hand, or click the deck."
        return "Drop your cards on the field."

    def question(self, codes: list[str]) -> str:
        move = parse(codes[0])
        special = next((card for card in move.cards if "/" in card), move.cards[0])
        return f"Play the {special} as…"

    def label_for(self, code: str) -> str:
        move = parse(code)
        return str(move.number) if move.number is not None else code

    def chooser_hint(self, codes: list[str]) -> str:
        return "press the number, ←/→ and Enter, or click; Esc cancels"

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in DRAW_KEYS and self.awaiting_human() and self.can(draw_code()):
            self.act(draw_code())
            return True
        if event.key in MEOW_KEYS and self.awaiting_human() and self.can(meow_code()):
            self.act(meow_code())
            return True
        return False

    def on_click(self, pos: tuple[int, int]) -> bool:
        if not self.awaiting_human():
            return False
        if self.draw_button.collidepoint(pos) and self.can(draw_code()):
            self.act(draw_code())
            return True
        if self.meow_button.collidepoint(pos) and self.can(meow_code()):
            self.act(meow_code())
            return True
        return False

    # -- events ---------------------------------------------------------------------------

    def synced(self) -> None:
        self.field.synced(self.public.get("field") or {})
        self.coins.synced(self.public.get("coins"))

    def moving(self, events: list[Event], step: Step) -> None:
        self.field.moving(events)
        for event in events:  # a shown hand gathered in: its total goes with it
            if (event.src or "").startswith("hand:") and event.seat is not None:
                self.totals.pop(event.seat, None)

    def whom(self, seat: int) -> str:
        """A seat's name in the middle of a sentence (``you`` for the viewer)."""
        name = self.names[seat]
        return "you" if name.lower() == "you" else name

    @property
    def phrases(self) -> Phrases:
        """The game's announcements in words, for a match of as many games as it has."""
        return phrases(int(self.public.get("games", 1)))

    def animations(self) -> dict[str, Look]:
        return {
            "deal": self.animate_deal,
            "new-game": self.animate_new_game,
            "play": self.animate_play,
            "copy": self.animate_copy,
            "decline": self.animate_decline,
            "reveal": self.animate_reveal,
            "meow": self.animate_meow,
            "pattern-c": self.animate_pattern_c,
            "meow-fail": self.animate_meow_fail,
            "pattern-a": self.animate_pattern_a,
            "pattern-b": self.animate_pattern_b,
            "deck-out": self.animate_deck_out,
            "all-copied": self.animate_all_copied,
            "game-over": self.animate_game_over,
        }

    def animate_deal(self, event: Event) -> None:
        """The new-game announcement says it."""

    def animate_new_game(self, event: Event) -> None:
        def start(step: Step) -> None:
            # The header counts the new game as it is dealt, not once the deal is over.
            self.next_game(int(event.data.get("game", self.public.get("game", 1))))

        self.animator.step(start)
        self.animator.say(self.animator.words(event), 0.9)

    def animate_play(self, event: Event) -> None:
        cards = count_of(int(event.data["number"]), len(event.data["cards"]))
        self.animator.say(f"{self.says(event.seats[0], 'play')} {cards}", 0.6)

    def animate_copy(self, event: Event) -> None:
        seat, original = event.seats
        cards = count_of(int(event.data["number"]), len(event.data["cards"]))
        self.animator.say(f"{self.says(seat, 'copy')} {self.whom(original)} with {cards}", 0.6)

    def animate_decline(self, event: Event) -> None:
        self.animator.say(f"{self.says(event.seats[0], 'draw')} instead of copying", 0.5)

    def animate_reveal(self, event: Event) -> None:
        seat = int(event.seat if event.seat is not None else 0)
        total = int(event.data.get("total", 0))

        def start(step: Step) -> None:
            self.totals[seat] = total

        self.animator.step(start)
        self.animator.turn_over(event.src or f"hand:{seat}", list(event.cards), seconds=0.3)

    def animate_meow(self, event: Event) -> None:
        self.animator.say(f"{self.names[event.seats[0]]}: Meow!", 1.0)

    def animate_pattern_c(self, event: Event) -> None:
        self.animator.say(f"{self.says(event.seats[0], 'win')} the Meow: lowest total (Pattern C)!")

    def animate_meow_fail(self, event: Event) -> None:
        blockers = " and ".join(self.whom(seat) for seat in event.seats[1:])
        self.animator.say(f"The Meow fails: {blockers} blocked it (same or lower total)")

    def animate_pattern_a(self, event: Event) -> None:
        seat = event.seats[0]
        self.animator.say(f"{self.says(seat, 'copy')} the last card: Pattern A!")

    def animate_pattern_b(self, event: Event) -> None:
        self.animator.say(f"{self.says(event.seats[0], 'play')} every card: Pattern B!")

    def animate_deck_out(self, event: Event) -> None:
        self.animator.say("The deck is out: the lowest total takes 1 coin from each player")

    def animate_all_copied(self, event: Event) -> None:
        seat = event.seats[0]
        self.animator.say(
            f"Everyone copied {self.whom(seat)}: {self.says(seat, 'draw')} afresh", 0.8
        )

    def animate_game_over(self, event: Event) -> None:
        self.animator.step(hold=0.8, label="read the hands")
        self.animator.animate_hand_over(event, deal="game")
        if not event.data.get("match_over"):
            # Once the sheet is passed the game is over for the table too: the header
            # counts the next game and the coins just won are no longer shown, while the
            # cards are gathered and dealt.
            self.animator.step(lambda step: self.next_game(int(event.data.get("game", 1)) + 1))

    def next_game(self, game: int) -> None:
        self.totals, self.coins.gains = {}, {}
        per_set = int(self.public.get("games_per_set") or game)
        self.public.update(game=game, set=(game - 1) // per_set + 1)

    def sheet_rows(self, event: Event) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
        rows = []
        for row in event.data.get("sheet", []):
            how = ENDINGS.get(str(row.get("end")), str(row.get("end")))
            rows.append((f"{row['game']}. {how}", *(str(c) for c in row["coins"])))
        return ("Game", *self.names), rows

    def flight_time(self, event: Event) -> float:
        return 0.3 if event.dst == "discard" or event.src == "discard" else self.move_time

    # -- words and drawing ----------------------------------------------------------------

    def title_text(self) -> str:
        public = self.public
        if not public:
            return self.info.title
        words = f"{self.info.title}  Game {public.get('game', 1)}/{public.get('games', 1)}"
        if public.get("sets", 1) > 1:
            words += f"  Set {public.get('set', 1)}/{public.get('sets')}"
        return words

    def prompt(self) -> str:
        public = self.public
        if public.get("phase") == PHASE_ANSWER:
            if public.get("original") == self.viewer:
                return "Everyone copied you: draw a card (D), then play"
            number = int(public.get("number") or 1)
            who = self.names[int(public.get("original") or 0)]
            if any(parse(code).kind == "copy" for code in self.legal_codes()):
                return f"Copy {who}'s {plural_name(number)}: drag them to the field, or Draw (D)"
            return f"No {plural_name(number)} to copy: Draw (D) or click the deck"
        if self.can(meow_code()):
            return "Your play: cards of one number to the field, or Meow! (M)"
        return "Your play: drag cards of one number to the field"

    def draw_table(self, surface: pygame.Surface) -> None:
        for seat, plate in self.plates.items():
            count = self.hand_count(seat)
            detail = f"{count} card" if count == 1 else f"{count} cards"
            if seat in self.totals:
                detail = f"total {self.totals[seat]}"
            self.draw_plate(surface, seat, plate, detail)
            self.coins.draw_stack(surface, seat)
        self.draw_centre(surface)
        self.draw_buttons(surface)

    def draw_centre(self, surface: pygame.Surface) -> None:
        for zone, words in (("draw", "Deck"), ("discard", "Discards")):
            rect = self.view.spots[zone].rect
            at = (rect.centerx, self.view.top(zone) - 3)  # over the lifted top card
            theme.text(surface, words, at, 14, theme.INK_DIM, anchor="midbottom")
        field = self.field_rect
        pygame.draw.rect(surface, theme.FELT_DARK, field, border_radius=12)
        number = self.public.get("number")
        if not self.model.get("field"):
            theme.text(surface, "Field", field.center, 18, theme.INK_DIM, anchor="center")
            return
        if number:
            words = f"Open: {plural_name(int(number))}"
            theme.text(
                surface, words, (field.centerx, field.y - 2), 15, theme.GOLD, True, "midbottom"
            )
        self.field.draw_names(surface)

    def draw_buttons(self, surface: pygame.Surface) -> None:
        if self.viewer is None or not self.awaiting_human():
            return
        for rect, code, words in (
            (self.draw_button, draw_code(), "Draw  D"),
            (self.meow_button, meow_code(), "Meow!  M"),
        ):
            if not self.can(code):
                continue
            hover = rect.collidepoint(pygame.mouse.get_pos())
            fill = theme.BUTTON_HOVER if hover else theme.BUTTON
            pygame.draw.rect(surface, fill, rect, border_radius=10)
            edge = theme.GOLD if code == meow_code() else theme.BUTTON_EDGE
            pygame.draw.rect(surface, edge, rect, 2, border_radius=10)
            theme.text(surface, words, rect.center, 16, theme.INK, True, "center")
