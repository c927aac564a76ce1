"""Copy Cat's rules: why a move is refused (the checks) and how each move plays out on
``CopyCatState``'s fields (a play, a copy, a draw, a Meow), and what follows: coins
paid, the field cleared, a game, a set and the match ended, the next game dealt.

The rules of ``../shared/seeds/002_2bcacb644a60b7f6.txt`` with the rulings of RULINGS.md
and the "Rulings Card Table follows" in ``rules_help.md``. Only the rules: no drawing, no
bots.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from cardtable.engine import Event, GameState, Row, announce, move

from .coins import deck_out_payments, meow_payments, set_bonuses, turn_order_from
from .vocabulary import (
    COPY_PRICE,
    MEOW_LIMIT,
    PATTERN_A_BONUS,
    PATTERN_B_PRICE,
    PHASE_ANSWER,
    PHASE_OVER,
    PHASE_PLAY,
    START_COINS,
    Move,
    card_order,
    coins_word,
    copy_code,
    play_code,
    plural,
    who,
)


class CopyCatRules(GameState):
    """The checks and moves of ``CopyCatState``, and what they lead to."""

    # The state's fields and questions these rules read and change (``CopyCatState`` sets
    # them out and answers them).
    reverse: bool
    sets: int
    hand_size: int
    games_per_set: int
    draw_pile: list[str]
    hands: list[list[str]]
    field: list[str]
    field_plays: list[dict[str, Any]]
    discards: list[str]
    coins: list[int]
    phase: str
    current: int
    original: int | None
    number: int | None
    drew: bool
    copied: list[int]
    direction: int
    starter: int
    game_index: int
    set_scores: list[list[int]]
    sheet: tuple[Row, ...]
    last_game: Row | None
    game_moves: list[tuple[int, str]]
    total_games: Callable[[], int]
    next_seat: Callable[[int], int]
    totals: Callable[[], list[int]]

    # -- checks ------------------------------------------------------------------------

    def _asked(self) -> tuple[int, int]:
        """The original player and the number they played, while the others answer."""
        original, number = self.original, self.number
        assert original is not None and number is not None, "asked only while answering"
        return original, number

    def _check_cards(self, seat: int, code: str, action: Move) -> str | None:
        wanted = Counter(action.cards)
        held = Counter(self.hands[seat])
        for card in sorted(wanted, key=card_order):
            if not held[card]:
                return f"You have no {card} to {action.kind}."
            if held[card] < wanted[card]:
                return f"You hold only {held[card]} of the {card}."
        verb = play_code if action.kind == "play" else copy_code
        canonical = verb(action.cards, action.number)
        if canonical != code:
            return f"Say it like this: '{canonical}'."
        return None

    def _check_answer(self, seat: int, code: str, action: Move) -> str | None:
        original, number = self._asked()
        wanted = plural(number, 2).split(" ", 1)[1]
        if action.kind == "draw":
            return None
        if seat == original:
            return "Everyone copied you: discard the field and draw ('draw')."
        if action.kind == "copy":
            if action.number != number:
                return f"A copy must show the original number: copy {wanted}, or draw."
            return self._check_cards(seat, code, action)
        if action.kind == "play":
            return f"Copy the {wanted} or draw first: you play a new number only after drawing."
        return "Meow comes after drawing: draw first, then declare Meow with four cards or fewer."

    def _check_play(self, seat: int, code: str, action: Move) -> str | None:
        if action.kind == "play":
            return self._check_cards(seat, code, action)
        if action.kind == "meow":
            if not self.drew:
                return "Meow comes only after drawing a card."
            count = len(self.hands[seat])
            if count > MEOW_LIMIT:
                return f"Meow needs four cards or fewer in your hand: you hold {count}."
            return None
        if action.kind == "copy":
            return "There is nothing to copy: play cards of one number."
        if self.drew:
            return "You have drawn already: now play cards of one number."
        return "You start: play cards of one number."

    # -- moves -------------------------------------------------------------------------

    def _lay(self, seat: int, cards: tuple[str, ...], copy: bool) -> Event:
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        self.field.extend(cards)
        self.field_plays.append({"seat": seat, "cards": list(cards), "copy": copy})
        return move(cards, f"hand:{seat}", "field", face="up", seat=seat)

    def _play(self, seat: int, cards: tuple[str, ...], number: int) -> list[Event]:
        self.original = seat
        self.number = number
        self.copied = []
        self.drew = False
        events = [
            self._lay(seat, cards, copy=False),
            announce(
                f"{who(seat)} plays {plural(number, len(cards))}.",
                seat,
                what="play",
                seats=(seat,),
                number=number,
                cards=list(cards),
            ),
        ]
        if not self.hands[seat]:
            events.append(
                announce(
                    f"{who(seat)} played every card: Pattern B!",
                    seat,
                    what="pattern-b",
                    seats=(seat,),
                )
            )
            owed = [(other, seat, PATTERN_B_PRICE) for other in self._others(seat)]
            return events + self._pay_all(owed) + self._end_game("pattern-b", seat)
        self.phase = PHASE_ANSWER
        self.current = self.next_seat(seat)
        return events

    def _copy(self, seat: int, cards: tuple[str, ...]) -> list[Event]:
        original, number = self._asked()
        self.copied.append(seat)
        events = [
            self._lay(seat, cards, copy=True),
            announce(
                f"{who(seat)} copies {who(original)} with {plural(number, len(cards))}.",
                seat,
                what="copy",
                seats=(seat, original),
                number=number,
                cards=list(cards),
            ),
        ]
        events += self._pay_all([(original, seat, COPY_PRICE * len(cards))])
        if not self.hands[seat]:
            events.append(
                announce(
                    f"{who(seat)} copied their last card: Pattern A!",
                    seat,
                    what="pattern-a",
                    seats=(seat, original),
                )
            )
            events += self._pay_all([(original, seat, PATTERN_A_BONUS)])
            return events + self._end_game("pattern-a", seat)
        self.current = self.next_seat(seat)
        return events

    def _draw(self, seat: int) -> list[Event]:
        if seat == self.original:
            events = [
                announce(
                    f"Everyone copied {who(seat)}: they draw and play again.",
                    seat,
                    what="all-copied",
                    seats=(seat,),
                )
            ]
        else:
            events = [
                announce(
                    f"{who(seat)} draws instead of copying.", seat, what="decline", seats=(seat,)
                )
            ]
        events += self._clear_field()
        if not self.draw_pile:
            events.append(
                announce(
                    f"{who(seat)} must draw, but the deck is empty: the game ends.",
                    seat,
                    what="deck-out",
                    seats=(seat,),
                )
            )
            totals = self.totals()
            events += self._reveal(totals)
            events += self._pay_all(deck_out_payments(totals, self.direction))
            return events + self._end_game("deck-out", seat, revealed=True)
        card = self.draw_pile.pop()
        self.hands[seat].append(card)
        events.append(move(card, "draw", f"hand:{seat}", face=seat, seat=seat))
        self.phase = PHASE_PLAY
        self.current = seat
        self.original = None
        self.number = None
        self.copied = []
        self.drew = True
        return events

    def _meow(self, seat: int) -> list[Event]:
        events = [announce(f"{who(seat)}: Meow!", seat, what="meow", seats=(seat,))]
        totals = self.totals()
        events += self._reveal(totals)
        payments = meow_payments(totals, seat, self.direction)
        if payments[0][0] == seat:
            blockers = tuple(payee for _payer, payee, _owed in payments)
            names = ", ".join(who(b) for b in blockers)
            verb = "has" if len(blockers) == 1 else "have"
            events.append(
                announce(
                    f"The Meow fails: {names} {verb} the same or lower.",
                    seat,
                    what="meow-fail",
                    seats=(seat, *blockers),
                    totals=totals,
                )
            )
            end = "meow-fail"
        else:
            events.append(
                announce(
                    f"{who(seat)} has the lowest total: the Meow succeeds (Pattern C)!",
                    seat,
                    what="pattern-c",
                    seats=(seat,),
                    totals=totals,
                )
            )
            end = "pattern-c"
        events += self._pay_all(payments)
        return events + self._end_game(end, seat, revealed=True)

    # -- the pieces --------------------------------------------------------------------

    def _others(self, seat: int) -> list[int]:
        return turn_order_from(seat, self.players, self.direction)

    def _pay_all(self, payments: Iterable[tuple[int, int, int]]) -> list[Event]:
        """Pay each ``(payer, payee, owed)`` in order; nobody goes below zero coins."""
        events = []
        for payer, payee, owed in payments:
            amount = min(owed, self.coins[payer])
            self.coins[payer] -= amount
            self.coins[payee] += amount
            if amount == owed:
                text = f"{who(payer)} pays {who(payee)} {coins_word(amount)}."
            elif amount:
                text = (
                    f"{who(payer)} pays {who(payee)} {coins_word(amount)}: "
                    f"all they have ({owed} owed)."
                )
            else:
                text = f"{who(payer)} has no coins left to pay {who(payee)}."
            events.append(
                announce(
                    text,
                    payer,
                    what="pay",
                    seats=(payer, payee),
                    payer=payer,
                    payee=payee,
                    amount=amount,
                    owed=owed,
                )
            )
        return events

    def _clear_field(self) -> list[Event]:
        if not self.field:
            return []
        cards = list(self.field)
        self.discards.extend(cards)
        self.field.clear()
        self.field_plays = []
        return [move(cards, "field", "discard", face="up")]

    def _reveal(self, totals: list[int]) -> list[Event]:
        return [
            Event(
                "reveal",
                cards=tuple(self.hands[seat]),
                src=f"hand:{seat}",
                seat=seat,
                data={"total": totals[seat]},
            )
            for seat in range(self.players)
        ]

    def _end_game(self, end: str, seat: int, revealed: bool = False) -> list[Event]:
        """The game is over: hands are shown, the sheet gets a row, and the next game (or
        the next set, or the end of the match) follows."""
        totals = self.totals()
        events: list[Event] = [] if revealed else self._reveal(totals)
        self.last_game = Row(
            game=self.game_index + 1,
            end=end,
            seat=seat,
            hands=tuple(map(tuple, self.hands)),
            totals=tuple(totals),
            coins=tuple(self.coins),
        )
        row = Row(
            game=self.game_index + 1,
            set=self.game_index // self.games_per_set + 1,
            starter=self.starter,
            end=end,
            seat=seat,
            coins=tuple(self.coins),
        )
        self.sheet = (*self.sheet, row)
        events.append(
            announce(
                f"Game {self.game_index + 1} is over.",
                seat,
                what="game-over",
                seats=(seat,),
                game=self.game_index + 1,
                end=end,
                scores=list(self.coins),
                totals=totals,
                sheet=list(map(dict, self.sheet)),
                match_over=self.game_index + 1 == self.total_games(),
            )
        )
        events += self._clear_field()
        for other in range(self.players):
            if self.hands[other]:
                cards = list(self.hands[other])
                self.discards.extend(cards)
                self.hands[other].clear()
                events.append(move(cards, f"hand:{other}", "discard", face="up", seat=other))
        self.game_index += 1
        if self.game_index % self.games_per_set == 0:
            events += self._end_set()
        if self.game_index == self.total_games():
            self.phase = PHASE_OVER
            self.original = None
            self.number = None
            self.drew = False
            result = self.result
            assert result is not None
            events.append(
                announce(
                    "The match is over.",
                    what="match-over",
                    seats=tuple(result.winners),
                    scores=list(result.scores),
                    ranking=[list(group) for group in result.ranking],
                )
            )
            events.append(Event("over", data=result.to_dict()))
            return events
        cards = list(self.discards)
        self.discards.clear()
        self.draw_pile.extend(cards)
        events.append(move(cards, "discard", "draw", face="down"))
        return events + self._start_game(shuffle=True)

    def _end_set(self) -> list[Event]:
        if self.sets == 1:
            return []
        number = self.game_index // self.games_per_set
        bonuses = set_bonuses(self.coins)
        row = [coins + bonus for coins, bonus in zip(self.coins, bonuses, strict=True)]
        self.set_scores.append(row)
        events = [
            announce(
                f"Set {number} is over.",
                what="set-over",
                set=number,
                coins=list(self.coins),
                bonuses=bonuses,
                scores=row,
            )
        ]
        if number < self.sets:
            self.coins = [START_COINS] * self.players
        return events

    def _start_game(self, shuffle: bool) -> list[Event]:
        """Deal a game: one card at a time from the starting player's left, ending with
        the starting player; then the starting player plays."""
        in_set = self.game_index % self.games_per_set
        self.direction = -1 if self.reverse and in_set >= self.players else 1
        self.starter = self.game_index % self.players
        number = self.game_index + 1
        events: list[Event] = [
            Event("deal", text=f"Game {number}: {who(self.starter)} starts."),
            announce(
                f"Game {number} of {self.total_games()}: {who(self.starter)} starts.",
                self.starter,
                what="new-game",
                seats=(self.starter,),
                game=number,
                direction=self.direction,
            ),
        ]
        if shuffle:
            self.rng.shuffle(self.draw_pile)
            events.append(Event("shuffle", src="draw"))
        for _ in range(self.hand_size):
            for step in range(1, self.players + 1):
                seat = (self.starter + self.direction * step) % self.players
                card = self.draw_pile.pop()
                self.hands[seat].append(card)
                events.append(move(card, "draw", f"hand:{seat}", face=seat, seat=seat))
        self.game_moves = []
        self.phase = PHASE_PLAY
        self.current = self.starter
        self.original = None
        self.number = None
        self.drew = False
        self.copied = []
        return events
