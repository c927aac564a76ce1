"""Copy Cat ("Meow!"): play numbers nobody else holds, copy what others play for coins,
and declare Meow when your hand totals the lowest.

The rules of ``../shared/seeds/002_2bcacb644a60b7f6.txt`` with the rulings of RULINGS.md
and the "Rulings Card Table follows" in ``RULES_HELP``. Only the rules: no drawing, no
bots. A state is a whole match: 2 x players games (8 with two players), or that many
games per set with the option ``sets``.

The observation adds every seat's ``coins`` and ``hand_counts``, the ``field`` (the
original player, the open number, each play and copy), the ``discards``, ``deck_count``,
the game and set numbers, the score ``sheet``, the match ``scores`` and ``standing``,
``last_game`` (every hand and total, shown when a game ends) and this game's public
``moves``.

Zones (every pile keeps its top card last): ``draw`` (the deck, face down), ``hand:N``,
``field`` (the open play and its copies, face up) and ``discard`` (face up). Hidden cards
share one pool.

Action codes (part of the public contract; build them with ``play_code`` and
``copy_code``, read them with ``parse``): ``play 3``, ``play 3 3``, ``play 3/6 as 3``,
``play 8 8 1/8 as 8``, ``copy 3``, ``copy 3 3/6 as 3``, ``draw``, ``meow``. Numbered
cards come first in ascending order, then special cards in ascending order of their
lower number; a special card always names its number.

Announcements (``Event.what``): ``new-game``, ``play``, ``copy``, ``decline`` (a player
draws instead of copying), ``all-copied`` (the original player, copied by everyone,
draws), ``meow`` (declared), ``pattern-c`` (a Meow that succeeds), ``meow-fail``,
``pattern-a``, ``pattern-b``, ``deck-out``, ``pay`` (``data``: ``payer``, ``payee``,
``amount`` paid and ``owed``), ``game-over``, ``set-over`` and ``match-over``.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine import (
    ALL,
    NONE,
    OWNER,
    Action,
    Event,
    GameInfo,
    GameState,
    IllegalAction,
    Option,
    Result,
    Row,
    Zone,
    announce,
    move,
    ranking_of,
)
from cardtable.games.copycat_vocabulary import VOCABULARY

NUMBERS = tuple(range(1, 9))
SPECIALS = ("1/8", "2/7", "3/6", "4/5")
START_COINS = 25
MEOW_LIMIT = 4  # Meow only with this many cards or fewer, after drawing
COPY_PRICE = 1  # coins per card copied
PATTERN_A_BONUS = 3  # from the original player to a copier who goes out
PATTERN_B_PRICE = 3  # from each other player to an original player who goes out
MEOW_WIN_PRICE = 3  # from each other player to a successful Meow
MEOW_FAIL_PRICE = 6  # from a failed Meow to each player who blocked it
DECK_OUT_PRICE = 1  # from each other player to the lowest total, when the deck runs out
SET_BONUS = {
    2: (6, -6),
    3: (6, 0, -6),
    4: (6, 3, -3, -6),
    5: (6, 3, 0, -3, -6),
}

PHASE_PLAY = "play"  # the original player lays cards of one number (or declares Meow)
PHASE_ANSWER = "answer"  # the next player copies or draws
PHASE_OVER = "over"

NUMBER_NAMES = {
    1: "One",
    2: "Two",
    3: "Three",
    4: "Four",
    5: "Five",
    6: "Six",
    7: "Seven",
    8: "Eight",
}


# -- cards -----------------------------------------------------------------------------


def deal_size(players: int) -> int:
    """The cards each player is dealt: six with two players, else five."""
    return 6 if players == 2 else 5


def one_deck() -> list[str]:
    """36 cards: 1-8 four times each, and the four special cards (RULINGS.md default)."""
    return [str(n) for n in NUMBERS for _ in range(4)] + list(SPECIALS)


def numbers_on(card: str) -> tuple[int, ...]:
    """The numbers a card shows: ``(3,)`` for ``3``, ``(3, 6)`` for ``3/6``.

    >>> numbers_on("1/8")
    (1, 8)
    """
    if "/" in card:
        low, high = card.split("/")
        return int(low), int(high)
    return (int(card),)


def card_value(card: str) -> int:
    """What a card counts in a hand total: its number, or the lower one of a special card."""
    return numbers_on(card)[0]


def hand_total(cards: Iterable[str]) -> int:
    """A hand's total for Meow and the deck-out (special cards count as their lower number).

    >>> hand_total(["8", "3/6", "1"])
    12
    """
    return sum(card_value(card) for card in cards)


def is_special(card: str) -> bool:
    return "/" in card


def card_order(card: str) -> tuple[int, int]:
    """Numbered cards first in ascending order, then special cards by their lower number."""
    return (1, card_value(card)) if is_special(card) else (0, int(card))


def plural(number: int, count: int) -> str:
    name = NUMBER_NAMES[number]
    if count == 1:
        return f"one {name}"
    return f"{count} {name}es" if name == "Six" else f"{count} {name}s"


def who(seat: int) -> str:
    """A player in an event's text (``{P2}``; the ui fills in the name)."""
    return "{P" + str(seat) + "}"


def coins_word(amount: int) -> str:
    return "1 coin" if amount == 1 else f"{amount} coins"


# -- the action vocabulary -------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """A parsed action: ``kind`` is ``play``, ``copy``, ``draw`` or ``meow``; a play or
    copy has its ``cards`` (canonical order) and the ``number`` they stand for."""

    kind: str
    cards: tuple[str, ...] = ()
    number: int | None = None

    @property
    def code(self) -> str:
        """The move's code, as the rules list it."""
        if self.kind in ("play", "copy"):
            return _cards_code(self.kind, self.cards, self.number)
        return self.kind


def _cards_code(verb: str, cards: Sequence[str], number: int | None) -> str:
    ordered = sorted(cards, key=card_order)
    if not ordered:
        raise ValueError(f"a {verb} needs at least one card")
    plain = [card for card in ordered if not is_special(card)]
    if any(is_special(card) for card in ordered):
        if number is None:
            if not plain:
                raise ValueError("say which number the special card stands for")
            number = int(plain[0])
        return f"{verb} {' '.join(ordered)} as {number}"
    return f"{verb} {' '.join(ordered)}"


def play_code(cards: Sequence[str], number: int | None = None) -> str:
    """The code of an original play: ``play_code(["3/6", "3"])`` is ``play 3 3/6 as 3``.

    ``number`` names what a special card stands for; with numbered cards it can be left
    out (they say it).

    >>> play_code(["1/8", "8", "8"])
    'play 8 8 1/8 as 8'
    """
    return _cards_code("play", cards, number)


def copy_code(cards: Sequence[str], number: int | None = None) -> str:
    """The code of a copy, in the same form: ``copy 3``, ``copy 3 3/6 as 3``."""
    return _cards_code("copy", cards, number)


def draw_code() -> str:
    """Decline (or, copied by everyone, start afresh): discard the field and draw."""
    return "draw"


def meow_code() -> str:
    """Declare Meow (after drawing, with four cards or fewer)."""
    return "meow"


SAY_PLAY = "Say what you play: 'play 3', 'play 3 3' or 'play 3/6 as 3'."
SAY_COPY = "Say what you copy: 'copy 3' or 'copy 3 3/6 as 3'."


def parse(code: str) -> Move:
    """Read an action code, or raise ``IllegalAction`` saying what is wrong with it.

    >>> parse("play 3 3/6 as 3")
    Move(kind='play', cards=('3', '3/6'), number=3)
    """
    move = _PARSED.get(code)
    if move is None:
        move = _parse(code)
        if len(_PARSED) < 10_000:  # the moves of the game are a few hundred; junk is not kept
            _PARSED[code] = move
    return move


_PARSED: dict[str, Move] = {}  # code -> its (immutable) move, for codes that parsed


def _parse(code: str) -> Move:
    words = code.split()
    if not words:
        raise IllegalAction("Say what you do: 'play 3', 'copy 3', 'draw' or 'meow'.")
    verb, rest = words[0], words[1:]
    if verb in ("draw", "meow"):
        if rest:
            raise IllegalAction(f"Say just '{verb}', with nothing after it.")
        return Move(verb)
    if verb not in ("play", "copy"):
        raise IllegalAction(f"There is no move '{verb}': say 'play 3', 'copy 3', 'draw' or 'meow'.")
    say = SAY_PLAY if verb == "play" else SAY_COPY
    named: int | None = None
    if "as" in rest:
        at = rest.index("as")
        if at != len(rest) - 2 or at == 0:
            raise IllegalAction(say)
        try:
            named = int(rest[-1])
        except ValueError:
            raise IllegalAction("A special card stands for a number from 1 to 8.") from None
        rest = rest[:at]
    if not rest:
        raise IllegalAction(say)
    for card in rest:
        if card not in SPECIALS and card not in {str(n) for n in NUMBERS}:
            raise IllegalAction(f"There is no card '{card}' in Copy Cat.")
    cards = tuple(rest)
    specials = [card for card in cards if is_special(card)]
    plain = {int(card) for card in cards if not is_special(card)}
    if len(plain) > 1:
        raise IllegalAction("Cards played together must all show the same number.")
    if specials and named is None:
        example = f"{verb} {specials[0]} as {numbers_on(specials[0])[0]}"
        raise IllegalAction(f"Say which number your special card stands for: '{example}'.")
    if not specials and named is not None:
        raise IllegalAction(
            f"Only a special card names its number: say '{verb} {' '.join(cards)}'."
        )
    number = named if named is not None else plain.pop()
    if number not in NUMBERS:
        raise IllegalAction("A special card stands for a number from 1 to 8.")
    for card in cards:
        if number not in numbers_on(card):
            if is_special(card):
                low, high = numbers_on(card)
                raise IllegalAction(f"The {card} shows {low} and {high}, not {number}.")
            raise IllegalAction("Cards played together must all show the same number.")
    return Move(verb, tuple(sorted(cards, key=card_order)), number)


# The special cards that show each number, in the order ``sets_of`` takes them.
SHOWING = {number: sorted(s for s in SPECIALS if number in numbers_on(s)) for number in NUMBERS}


@functools.cache
def _choices(verb: str, number: int, plain: int, specials: tuple[str, ...]) -> tuple[Action, ...]:
    """The moves (``verb`` is play or copy) of every choice from ``plain`` numbered cards
    of ``number`` and the ``specials`` that show it: ``sets_of``'s choices, in its order."""
    hand = [str(number)] * plain + list(specials)
    return tuple(Action(_cards_code(verb, cards, number)) for cards in sets_of(hand, number))


def moves_showing(verb: str, hand: Sequence[str], number: int) -> tuple[Action, ...]:
    """The moves ``verb number`` with every choice of cards from ``hand`` that show
    ``number``: ``[Action(play_code(cards, number)) for cards in sets_of(hand, number)]``
    (or ``copy_code``), looked up rather than built."""
    specials = tuple(card for card in SHOWING[number] if card in hand)
    return _choices(verb, number, hand.count(str(number)), specials)


def original_plays(hand: Sequence[str]) -> tuple[Action, ...]:
    """Every original play from ``hand``: ``moves_showing("play", hand, number)`` for each
    number in turn, looked up by the hand's cards (their order does not matter)."""
    key = tuple(sorted(hand))
    plays = _PLAYS.get(key)
    if plays is None:
        plays = tuple(
            action for number in NUMBERS for action in moves_showing("play", hand, number)
        )
        if len(_PLAYS) < 20_000:  # 60 soak matches meet about 5,000 hands
            _PLAYS[key] = plays
    return plays


_PLAYS: dict[tuple[str, ...], tuple[Action, ...]] = {}  # sorted hand -> its original plays


def sets_of(hand: Sequence[str], number: int) -> list[tuple[str, ...]]:
    """Every choice of cards from ``hand`` that show ``number`` (one or more), the
    numbered cards first, fewest cards first."""
    plain = [card for card in hand if card == str(number)]
    specials = sorted({card for card in hand if is_special(card) and number in numbers_on(card)})
    choices: list[tuple[str, ...]] = []
    for extra in range(1 << len(specials)):
        chosen = tuple(specials[i] for i in range(len(specials)) if extra >> i & 1)
        for count in range(0 if chosen else 1, len(plain) + 1):
            choices.append(tuple(plain[:count]) + chosen)
    choices.sort(key=len)
    return choices


# -- coins -----------------------------------------------------------------------------


def turn_order_from(seat: int, players: int, direction: int) -> list[int]:
    """The other seats in turn order, starting at ``seat``'s left."""
    return [(seat + direction * step) % players for step in range(1, players)]


def meow_payments(totals: Sequence[int], declarer: int, direction: int = 1) -> list:
    """What a Meow pays, as ``(payer, payee, owed)`` in the order they are paid.

    >>> meow_payments([5, 9, 12], declarer=0)
    [(1, 0, 3), (2, 0, 3)]
    >>> meow_payments([9, 9, 12], declarer=0)
    [(0, 1, 6)]
    """
    players = len(totals)
    others = turn_order_from(declarer, players, direction)
    blockers = [seat for seat in others if totals[seat] <= totals[declarer]]
    if not blockers:
        return [(seat, declarer, MEOW_WIN_PRICE) for seat in others]
    return [(declarer, seat, MEOW_FAIL_PRICE) for seat in blockers]


def deck_out_payments(totals: Sequence[int], direction: int = 1) -> list:
    """When the deck runs out: the lowest total takes 1 coin from each other player; tied
    lowest players each take 1 from every player not tied with them. ``(payer, payee,
    owed)``, each payer paying its takers in turn order from its left.

    >>> deck_out_payments([4, 4, 9])
    [(2, 0, 1), (2, 1, 1)]
    """
    players = len(totals)
    low = min(totals)
    takers = {seat for seat in range(players) if totals[seat] == low}
    payments = []
    for payer in range(players):
        if payer in takers:
            continue
        for payee in turn_order_from(payer, players, direction):
            if payee in takers:
                payments.append((payer, payee, DECK_OUT_PRICE))
    return payments


def set_bonuses(coins: Sequence[int]) -> list[int]:
    """Each seat's ranking bonus for a set (FAQ Q3 2). Tied players share their places'
    bonuses equally, rounded toward zero.

    >>> set_bonuses([30, 20, 20, 10])
    [6, 0, 0, -6]
    """
    table = SET_BONUS[len(coins)]
    order = sorted(range(len(coins)), key=lambda seat: -coins[seat])
    bonuses = [0] * len(coins)
    place = 0
    while place < len(order):
        tied = [seat for seat in order if coins[seat] == coins[order[place]]]
        share = sum(table[place : place + len(tied)])
        each = abs(share) // len(tied) * (1 if share >= 0 else -1)
        for seat in tied:
            bonuses[seat] = each
        place += len(tied)
    return bonuses


# -- the game ----------------------------------------------------------------------------


class CopyCatState(GameState):
    game_id = "copycat"
    fixed_fields = ("sheet", "last_game")

    def __init__(self, players: int, seed, options: dict[str, Any], deck: list[str] | None):
        super().__init__(players, seed, options)
        self.reverse: bool = bool(options.get("reverse", False))
        self.sets: int = int(options.get("sets", 1))
        self.hand_size = deal_size(players)
        self.games_per_set = 8 if players == 2 else 2 * players
        self.draw_pile: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.field: list[str] = []
        self.field_plays: list[dict[str, Any]] = []  # {"seat", "cards", "copy"} in order
        self.discards: list[str] = []
        self.coins: list[int] = [START_COINS] * players
        self.phase = PHASE_PLAY
        self.current = 0
        self.original: int | None = None
        self.number: int | None = None
        self.drew = False  # the player to play has just drawn (Meow is possible)
        self.copied: list[int] = []  # seats that copied the open play
        self.direction = 1
        self.starter = 0
        self.game_index = 0  # games finished so far in the whole match
        self.set_scores: list[list[int]] = []  # per finished set: coins + bonus
        # One row per finished game (its coins a tuple): the rows and the sheet never
        # change, a finished game makes a new sheet, so copies and observations share it.
        self.sheet: tuple[Row, ...] = ()
        self.last_game: Row | None = None  # never changed: shared like the sheet
        self.game_moves: list[tuple[int, str]] = []  # this game's moves, all public
        stack = list(deck) if deck is not None else one_deck()
        self.draw_pile = list(reversed(stack))  # top card last; a stacked deck lists top first
        self.setup_events = self._start_game(shuffle=deck is None)

    @classmethod
    def full_deck(cls, players: int, options: dict[str, Any]) -> list[str]:
        return one_deck()

    # -- the contract ------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == PHASE_OVER else (self.current,)

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == PHASE_OVER or seat != self.current:
            return []
        hand = self.hands[seat]
        if self.phase == PHASE_ANSWER:
            actions = []
            original, number = self._asked()
            if seat != original:
                actions = list(moves_showing("copy", hand, number))
            return actions + [Action(draw_code())]
        actions = list(original_plays(hand))
        if self.may_meow(seat):
            actions.append(Action(meow_code()))
        return actions

    def allows(self, seat: int, code: str) -> bool:
        """Checks the move directly (bots and the table ask often)."""
        return self._refusal(seat, code) is None

    def explain(self, seat: int, code: str) -> str:
        return self._refusal(seat, " ".join(code.split())) or f"'{code}' is a move you can make."

    def _refusal(self, seat: int, code: str) -> str | None:
        """Why ``seat`` may not play ``code`` now, or ``None``: the one check behind
        ``allows`` and ``explain`` (``seat`` is a real seat: ``check`` saw to it)."""
        if self.phase == PHASE_OVER:
            return "The match is over."
        if seat != self.current:
            return self.explain_out_of_turn(seat, code)
        try:
            action = parse(code)
        except IllegalAction as refused:
            return refused.reason
        if self.phase == PHASE_ANSWER:
            reason = self._check_answer(seat, code, action)
        else:
            reason = self._check_play(seat, code, action)
        if reason is None and code != action.code:
            return f"Say it like this: '{action.code}'."
        return reason

    def explain_out_of_turn(self, seat: int, code: str) -> str:
        if self.phase == PHASE_OVER:
            return "The match is over."
        if self.phase == PHASE_ANSWER:
            return "It is not your turn: the next player copies or draws first."
        return "It is not your turn: the original player plays first."

    def _asked(self) -> tuple[int, int]:
        """The original player and the number they played, while the others answer."""
        original, number = self.original, self.number
        assert original is not None and number is not None, "asked only while answering"
        return original, number

    def _apply(self, seat: int, action: Action) -> list[Event]:
        parsed = parse(action.code)
        self.game_moves.append((seat, action.code))
        if parsed.kind == "copy":
            return self._copy(seat, parsed.cards)
        if parsed.kind == "play":
            assert parsed.number is not None  # a play always says its number
            return self._play(seat, parsed.cards, parsed.number)
        if parsed.kind == "draw":
            return self._draw(seat)
        return self._meow(seat)

    def zones(self) -> dict[str, Zone]:
        zones = {
            "draw": Zone("draw", self.draw_pile, NONE),
            "field": Zone("field", self.field, ALL),
            "discard": Zone("discard", self.discards, ALL),
        }
        for seat in range(self.players):
            zones[f"hand:{seat}"] = Zone(f"hand:{seat}", self.hands[seat], OWNER, seat)
        return zones

    @property
    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def result(self) -> Result | None:
        if self.phase != PHASE_OVER:
            return None
        result = Result.from_scores(self.match_scores())
        detail = {"coins": list(self.coins), "sheet": list(map(dict, self.sheet))}
        if self.sets > 1:
            detail["set_scores"] = [list(row) for row in self.set_scores]
        return Result(scores=result.scores, ranking=result.ranking, detail=detail)

    def public_observation(self, seat: int | None) -> dict[str, Any]:
        scores = self.match_scores()
        phase = self.phase
        original = self.original
        number = self.number
        game_index = self.game_index
        per_set = self.games_per_set
        games = self.total_games()
        return {
            "phase": phase,
            "current": self.current,
            "original": original,
            "number": number,
            "drew": self.drew,
            "copied": list(self.copied),
            "may_meow": phase == PHASE_PLAY and self.may_meow(self.current),
            "field": {
                "original": original,
                "number": number,
                "plays": [
                    {"seat": p["seat"], "cards": list(p["cards"]), "copy": p["copy"]}
                    for p in self.field_plays
                ],
            },
            "coins": list(self.coins),
            "hand_counts": list(map(len, self.hands)),
            "deck_count": len(self.draw_pile),
            "discards": list(self.discards),
            "direction": self.direction,
            "starter": self.starter,
            "game": min(game_index + 1, games),
            "games": games,
            "games_per_set": per_set,
            "set": min(game_index // per_set + 1, self.sets),
            "sets": self.sets,
            "sheet": self.sheet,  # shared: it never changes
            "set_scores": list(map(list, self.set_scores)),
            "scores": scores,
            "standing": ranking_of(scores),
            "last_game": self.last_game,
            "moves": list(map(list, self.game_moves)),
        }

    def copy(self) -> CopyCatState:
        """A deep copy, written out because a deepcopy's cost grows with the match (every
        sampled world is a copy). The rows of the field and the set scores are made whole
        and never changed after, so only the lists holding them are copied; the sheet (a
        tuple of rows) and the last game (a row) never change, so they are shared."""
        new = self._twin()
        new.draw_pile = list(self.draw_pile)
        new.hands = [list(hand) for hand in self.hands]
        new.field = list(self.field)
        new.field_plays = list(self.field_plays)
        new.discards = list(self.discards)
        new.coins = list(self.coins)
        new.copied = list(self.copied)
        new.set_scores = list(self.set_scores)
        new.game_moves = list(self.game_moves)
        return new

    # -- questions the table and bots ask ----------------------------------------------

    def total_games(self) -> int:
        return self.games_per_set * self.sets

    def next_seat(self, seat: int) -> int:
        return (seat + self.direction) % self.players

    def may_meow(self, seat: int) -> bool:
        return self.drew and seat == self.current and len(self.hands[seat]) <= MEOW_LIMIT

    def totals(self) -> list[int]:
        return [hand_total(hand) for hand in self.hands]

    def match_scores(self) -> list[int]:
        """Coins with default options; with sets, the finished sets' scores plus the coins
        of the set in play (a finished match has no set in play)."""
        if self.sets == 1:
            return list(self.coins)
        rows = self.set_scores
        scores = list(map(sum, zip(*rows, strict=True))) if rows else [0] * self.players
        if self.phase != PHASE_OVER:
            scores = [score + coins for score, coins in zip(scores, self.coins, strict=True)]
        return scores

    # -- checks ------------------------------------------------------------------------

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


RULES_HELP = """\
# Copy Cat ("Meow!")

**Players:** 2 to 5. **Goal:** the most coins at the end of the match.

## The cards and the coins
- 36 cards: **1 to 8** four times each, and four **special cards** showing two numbers:
  **1/8, 2/7, 3/6, 4/5**. A special card can be played as either of its numbers; in a
  hand total it always counts as its **lower** number.
- Everyone starts with **25 coins** (shown as 1- and 5-coin tokens).
- Each player is dealt **5 cards** (**6** with two players), one at a time from the
  starting player's left.

## A game
1. The **starting player** plays one or more cards of **one number** (a special card as
   either of its numbers). That player is now the **original player**.
2. The next player answers with one of three moves:
   - **A. Copy:** play one or more cards of the same number (not necessarily as many).
     The original player pays the copier **1 coin per card copied**. Then the next
     player answers the same play: they may copy too. If everyone else has copied and
     it comes back to the original player, they discard the field, **draw**, and play
     afresh (or declare Meow, as below).
   - **B. Draw:** the field is discarded and the player draws **one card**. They become
     the new original player and play any cards of one number. The drawn card can never
     be a copy: the field is gone by then.
   - **C. Meow:** after drawing as in B, a player holding **four cards or fewer** may
     declare **Meow!** instead of playing.
3. Play goes on to the left (clockwise).

## Meow!
Everyone shows their hand and adds it up (special cards count their lower number).
- The declarer's total is **strictly the lowest**: the Meow succeeds (Pattern C) and
  every other player pays the declarer **3 coins**.
- Someone has the **same or a lower** total: the Meow fails, and the declarer pays
  **6 coins to each** player who blocked it.
The game ends either way.

## How a game ends
- **Pattern A:** a copy empties the copier's hand: on top of the coins for the copy, the
  original player pays them **3 more coins**.
- **Pattern B:** an original play empties the player's hand: every other player pays
  them **3 coins**.
- **Pattern C:** a successful Meow.
- **The deck runs out** (FAQ Q1): the player who draws the last card still plays or
  declares Meow as usual. When a player must draw and the deck is empty, the game ends:
  everyone shows their hand, and the lowest total takes **1 coin from each other
  player**. Tied lowest players each take 1 coin from every player not tied with them.

At the end of every game all hands are shown. The next game is shuffled and dealt, and
the next player clockwise starts it.

## The match
A match is **2 games per player** (8 games with two players), so everyone starts the same
number of games. The most coins wins; equal coins share the place. A score sheet between
games shows everyone's coins.

## Options (off unless chosen)
- **reverse** (FAQ Q3 1): once every player has started a game, play goes the other way
  (counter-clockwise) for the rest of the set.
- **sets** = 3 or 5 (FAQ Q3 2): each set is one full match (2 games per player; with
  two players a set is 8 games); coins go back to 25 after each set, and each set's
  ranking adds a bonus: 2 players +6/-6; 3 players +6/0/-6; 4 players +6/+3/-3/-6;
  5 players +6/+3/0/-3/-6. A set scores coins plus bonus; the highest sum over all sets
  wins.

## Rulings Card Table follows
- The deck (the published card list could not be found): 1-8 four times each plus the
  four special cards above, 36 cards.
- The starting player of game 1 is the first seat; then the next seat clockwise starts
  each game.
- Coins never go below zero: a player who cannot pay pays what they have, and the rest is
  lost. A player who owes several players at once (a failed Meow, a deck-out) pays them
  in turn order, starting from their left.
- Copies are always paid by the original player, never by an earlier copier.
- Copying is never required: a player may draw instead even when they could copy.
- After the original player has been copied by everyone, they discard the field, draw
  one card, and then play or declare Meow (four cards or fewer), as after declining.
- Pattern B pays whenever an original play empties the hand, the first play of a game
  included.
- Meow can be declared only right after drawing, with four cards or fewer in hand after
  the draw; a tie blocks it.
- The deck-out ends the game only when someone must draw: copying is still allowed with
  an empty deck.
- With the reverse option the starting player still passes clockwise, so everyone
  starts twice; only the order of play turns around, and the deal follows it.
- With sets, players tied in a set share their places' bonuses equally (rounded toward
  zero): two players tied first of four get (6 + 3) / 2 = 4 each.

## At the table
- Your answer: drag cards showing the open number onto the field to copy (click cards
  first to move several together), or press **Draw** (key **D**, or click the deck).
- Your play: drag cards of one number onto the field. A special card on its own asks
  which of its two numbers it stands for (press the number). **Meow!** (key **M**)
  shows only when you may declare it.
- Keys: Left/Right move over the cards you can play, Space adds a card to the group,
  Enter picks up and plays, Escape lets go.

## Moves, as typed
`play 3`, `play 3 3`, `play 3/6 as 3`, `play 8 8 1/8 as 8`, `copy 3`,
`copy 3 3/6 as 3`, `draw`, `meow`.
"""

INFO = GameInfo(
    id="copycat",
    title="Copy Cat",
    min_players=2,
    max_players=5,
    state_class=CopyCatState,
    summary="Play numbers nobody else holds; copies cost you coins; Meow with the lowest hand.",
    rules_help=RULES_HELP,
    options=(
        Option(
            "reverse",
            False,
            "Play turns counter-clockwise once everyone has started a game (FAQ Q3 1).",
        ),
        Option(
            "sets",
            1,
            "Play 3 or 5 sets with coins reset and a ranking bonus per set (FAQ Q3 2).",
            choices=(1, 3, 5),
        ),
    ),
    vocabulary=VOCABULARY,
)
