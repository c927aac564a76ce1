"""Spite & Malice: empty your Card Stack onto shared Build Piles that run from 1 to 13,
with Wilds that stand for a card and Spite cards played at other players, even out of
turn.

The rules of ``../shared/seeds/003_01cac0d48be00358.txt`` with the rulings of RULINGS.md
and the "Rulings Card Table follows" in ``RULES_HELP``. Only the rules: no drawing, no bots.

Zones (every pile keeps its top card last): ``hand:N``, ``stack:N`` (the face-down Card
Stack), ``up:N`` (the UP card), ``store:N:K`` (Store Pile K = 1-4 of seat N), ``build:P``
(Build Pile P = 1-8: there are eight 1s), ``draw`` and ``discard`` (everyone sees its top).

Out of turn: a seat that is not in ``to_act`` has legal actions exactly while it may play
a Spite card, that is from the moment another player's card lands on a Build Pile until
that player's next move. No timed ``Window``: the chance lasts as long as the rule says
(until the builder moves), and the referee asks bots (``Bot.out_of_turn``) and pauses for
humans after each move that opens it.

Action codes (``build_code`` & co. build them, ``parse`` reads them):
``build hand b5 on 2``, ``build up on 1``, ``build store 3 on 2``,
``wild hand WS-DUMP as 5 on 2 then store 1``, ``store b9 on 3``, ``end``, ``give 2``,
``spite DUMP at 1``, ``spite BURY at 1``, ``spite MALICE at 1``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import chain, compress
from typing import Any

from cardtable.engine import (
    ALL,
    NONE,
    OWNER,
    TOP,
    Action,
    BadOption,
    Event,
    GameInfo,
    GameState,
    IllegalAction,
    Option,
    Result,
    Zone,
    announce,
    move,
    zones_kept,
)
from cardtable.games.spite_malice_vocabulary import VOCABULARY

VALUES = tuple(range(1, 14))
CAP = 13
HAND_SIZE = 5
DEAL_SIZE = 4
STORE_PILES = 4
BUILD_SLOTS = 8  # one Build Pile per 1 in the deck
MAX_STACK_CARDS = 60  # all Card Stacks together (see the rulings)
SPITE_KINDS = ("DUMP", "BURY", "MALICE")
WILDS = tuple(f"WS-{kind}" for kind in SPITE_KINDS)
NO_WILD_VALUES = (1, 2, 7, 13)
DUMP_CARD, BURY_CARD, MALICE_CARD = WILDS

PHASE_BUILD = "build"  # the player on turn builds, spites, stores
PHASE_GIVE = "give"  # a capper chooses who gets the Malice card
PHASE_OVER = "over"

UP = "up"
END = "end"


def bordered_deck() -> list[str]:
    return list(_BORDERED)


def plain_deck() -> list[str]:
    return list(_PLAIN)


_BORDERED = tuple(f"b{value}" for value in VALUES for _ in range(4))
_PLAIN = (
    *(str(value) for value in VALUES for _ in range(4)),
    *(w for w in WILDS for _ in range(2)),
)


def _card_value(card: str) -> int | None:
    if card.startswith("WS-"):
        return None
    return int(card[1:] if card.startswith("b") else card)


# Every card of the game and its value, looked up (bots ask millions of times, and a
# listing of legal moves about thirty times a step).
_VALUE = {card: _card_value(card) for card in {*bordered_deck(), *plain_deck()}}
_WILD = {card: value is None for card, value in _VALUE.items()}


def is_wild(card: str) -> bool:
    wild = _WILD.get(card)
    return card.startswith("WS-") if wild is None else wild


def card_value(card: str) -> int | None:
    """The printed value, ``None`` for a Wild-Spite card: ``card_value("b7") == 7``."""
    try:
        return _VALUE[card]
    except KeyError:
        return _card_value(card)


def spite_kind(card: str) -> str:
    return card[3:]


def who(seat: int) -> str:
    """``{P2}``: the player at seat 2 in an event's text (the ui fills in the name)."""
    return "{P" + str(seat) + "}"


def a_value(value: int) -> str:
    return f"an {value}" if value in (8, 11) else f"a {value}"


# The zones' names, made once: ``build:1``..``build:8``; per seat its hand, Card Stack,
# UP card and Store Piles.
BUILD_NAMES = tuple(f"build:{pile + 1}" for pile in range(BUILD_SLOTS))
SEAT_ZONE_NAMES = [
    (
        f"hand:{seat}",
        f"stack:{seat}",
        f"up:{seat}",
        tuple(f"store:{seat}:{pile + 1}" for pile in range(STORE_PILES)),
    )
    for seat in range(8)
]


# An Event of all ten fields in order, made without ``Event``'s defaults: for the card
# moves of every step.
_event = partial(tuple.__new__, Event)

# Every seat's turn starting: one event, made once (events never change).
_TURN_EVENTS = tuple(Event("turn", seat=seat) for seat in range(8))

# -- the action vocabulary -------------------------------------------------------------


def actions_of(codes: list[str]) -> list[Action]:
    """``[Action(code) for code in codes]``, each the one Action kept for its code (a
    listing of legal moves makes dozens a step, and an Action never changes)."""
    actions = []
    for code in codes:
        action = _ACTIONS.get(code)
        if action is None:
            action = Action(code)
            if len(_ACTIONS) < 50_000:  # the game's codes are a few thousand
                _ACTIONS[code] = action
        actions.append(action)
    return actions


_ACTIONS: dict[str, Action] = {}  # code -> its Action


def hand_source(card: str) -> str:
    return f"hand {card}"


def store_source(pile: int) -> str:
    return f"store {pile}"


def build_code(source: str, pile: int) -> str:
    """``build hand b5 on 2``: a card from ``source`` onto Build Pile ``pile``."""
    return f"build {source} on {pile}"


def wild_code(source: str, value: int, pile: int, cover: str) -> str:
    """``wild hand WS-DUMP as 5 on 2 then hand 6``: a Wild and its cover in one move."""
    return f"wild {source} as {value} on {pile} then {cover}"


def store_code(card: str, pile: int) -> str:
    """``store b9 on 3``: a hand card onto Store Pile ``pile``; it ends the turn."""
    return f"store {card} on {pile}"


def spite_code(kind: str, target: int) -> str:
    """``spite DUMP at 2``."""
    return f"spite {kind} at {target}"


def give_code(target: int) -> str:
    """``give 2``: the Malice card of a capped pile goes to seat 2."""
    return f"give {target}"


# -- every move's one Action, looked up by card code, pile and seat ---------------------
# A listing of legal moves is most of a random playout: it formats no code and makes no
# Action, it looks them up (a Wild's moves, which are many, as they are first met).


def _one(code: str) -> Action:
    return actions_of([code])[0]


_HAND_SOURCES = {card: hand_source(card) for card in _VALUE}
_STORE_SOURCES = tuple(store_source(pile) for pile in range(1, STORE_PILES + 1))


# Per source, its build onto each Build Pile: ``row[i]`` goes onto pile ``i + 1``.
_BUILD_ROWS = {
    source: tuple(_one(build_code(source, pile)) for pile in range(1, BUILD_SLOTS + 1))
    for source in (*_HAND_SOURCES.values(), UP, *_STORE_SOURCES)
}
# A hand card's store onto each Store Pile, for the cards that may be stored.
_STORES = {
    card: tuple(_one(store_code(card, pile)) for pile in range(1, STORE_PILES + 1))
    for card, value in _VALUE.items()
    if value is not None and value != 2
}
# Per card, the size of the Build Pile it goes onto (a pile of k cards takes k + 1), for
# the end of progress: a 1 goes onto an empty pile, a Wild (None) onto none by itself.
_UNDER = {card: None if value is None else value - 1 for card, value in _VALUE.items()}
# The same for a listing of legal moves: a 1 is never listed (1s play themselves), -1 is
# no pile's size.
_ONTO = {card: -1 if under == 0 else under for card, under in _UNDER.items()}
# Per card in hand: its builds (``_BUILD_ROWS``), its stores (none for a 2 or a Wild) and
# the size of the Build Pile it goes onto, in one look-up.
_HAND = {
    card: (_BUILD_ROWS[_HAND_SOURCES[card]], _STORES.get(card, ()), _ONTO[card]) for card in _VALUE
}
# The UP card's builds, then each Store Pile's.
_TOP_ROWS = tuple(_BUILD_ROWS[source] for source in (UP, *_STORE_SOURCES))
_WILD_CARDS = frozenset(WILDS)
_ONES = frozenset(card for card, value in _VALUE.items() if value == 1)
_TWOS = frozenset(card for card, value in _VALUE.items() if value == 2)
_HAND_SOURCE_OF = _HAND_SOURCES.__getitem__
# Per card, the size of the Build Pile on which it covers a Wild (a Wild on a pile of k
# cards stands for k + 1, never 1, 2, 7 or 13, and its cover is a k + 2), or None.
_WILD_PILE = {
    card: None if value is None or value < 2 or value - 1 in NO_WILD_VALUES else value - 2
    for card, value in _VALUE.items()
}
_SPITES = {
    (kind, target): _one(spite_code(kind, target)) for kind in SPITE_KINDS for target in range(8)
}
# Per Wild-Spite card, its kind's Spite at each seat.
_SPITE_ROWS = {f"WS-{kind}": tuple(_SPITES[kind, t] for t in range(8)) for kind in SPITE_KINDS}
_GIVES = tuple(_one(give_code(target)) for target in range(8))
END_ACTION = _one(END)
# A Wild's moves: by the Wild's source and the cover's source, by (Build Pile, value) the
# Action, filled as met (the sources are the game's own: at most 8 Wild sources, 31 cover
# sources and 80 piles and values).
_WILD_MOVES: dict[str, dict[str, dict[tuple[int, int], Action]]] = {
    source: defaultdict(dict) for source in (*_HAND_SOURCES.values(), UP, *_STORE_SOURCES)
}


def _onto(row: tuple[Action, ...], sizes: list[int], size: int) -> list[Action]:
    """A source's builds (``row``) onto the Build Piles of ``size`` cards, in pile order."""
    if sizes.count(size) == 1:
        return [row[sizes.index(size)]]
    return [*compress(row, map(size.__eq__, sizes))]


# What a seat on turn may do, worked out in one pass (``_turn_moves``).
TurnMoves = tuple[list[Action], list[Action], list[Action], int | None, bool]


@dataclass(frozen=True)
class Source:
    """Where a card is played from: ``hand`` (with its ``card``), ``up`` or ``store``
    (with its ``pile``, 1-4)."""

    kind: str
    card: str | None = None
    pile: int | None = None

    def __str__(self) -> str:
        if self.kind == "hand":
            return hand_source(self.card or "")
        if self.kind == "store":
            return store_source(self.pile or 0)
        return UP


@dataclass(frozen=True)
class Move:
    """A parsed action code."""

    kind: str  # build, wild, store, end, give, spite
    source: Source | None = None
    pile: int | None = None  # the Build Pile (build, wild) or Store Pile (store)
    value: int | None = None  # a Wild's value
    cover: Source | None = None
    card: str | None = None  # the card stored
    target: int | None = None  # give, spite
    spite: str | None = None  # DUMP, BURY, MALICE


_UP_SOURCE = Source(UP)
_HAND_SOURCE_FOR = {card: Source("hand", card=card) for card in _VALUE}

HOW = (
    "Say 'build hand b5 on 2', 'build up on 1', 'build store 3 on 2', "
    "'wild hand WS-DUMP as 5 on 2 then hand 6', 'store b9 on 3', 'end', 'give 2' "
    "or 'spite DUMP at 2'."
)


def _number(word: str, what: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise IllegalAction(f"{what} is a number, not {word!r}.") from None


def _source(words: list[str]) -> tuple[Source, list[str]]:
    if not words:
        raise IllegalAction("Say where the card comes from: 'hand b5', 'up' or 'store 2'.")
    if words[0] == UP:
        return Source(UP), words[1:]
    if words[0] == "hand" and len(words) >= 2:
        return Source("hand", card=words[1]), words[2:]
    if words[0] == "store" and len(words) >= 2:
        pile = _number(words[1], "A Store Pile")
        if not 1 <= pile <= STORE_PILES:
            raise IllegalAction("Store Piles are numbered 1 to 4.")
        return Source("store", pile=pile), words[2:]
    raise IllegalAction("Say where the card comes from: 'hand b5', 'up' or 'store 2'.")


def _build_pile(word: str) -> int:
    pile = _number(word, "A Build Pile")
    if not 1 <= pile <= BUILD_SLOTS:
        raise IllegalAction(f"Build Piles are numbered 1 to {BUILD_SLOTS}.")
    return pile


# Every move applied is read, and a Move never changes: kept for as many codes as the game
# has (a Wild's moves are thousands).
@lru_cache(maxsize=1 << 15)
def parse(code: str) -> Move:
    """The move a code stands for, or ``IllegalAction`` saying what is wrong with it.

    >>> parse("build up on 2")
    Move(kind='build', source=Source(kind='up', card=None, pile=None), pile=2, value=None, \
cover=None, card=None, target=None, spite=None)
    """
    words = code.split()
    if not words:
        raise IllegalAction(HOW)
    verb, rest = words[0], words[1:]
    if verb == END and not rest:
        return Move("end")
    if verb == "give" and len(rest) == 1:
        return Move("give", target=_number(rest[0], "The player you give to"))
    if verb == "spite":
        if len(rest) != 3 or rest[1] != "at" or rest[0] not in SPITE_KINDS:
            raise IllegalAction("Play a Spite card like this: 'spite DUMP at 2' (or BURY, MALICE).")
        return Move("spite", spite=rest[0], target=_number(rest[2], "The player you aim at"))
    if verb == "store":
        if len(rest) != 3 or rest[1] != "on":
            raise IllegalAction("Store a card like this: 'store b9 on 3'.")
        pile = _number(rest[2], "A Store Pile")
        if not 1 <= pile <= STORE_PILES:
            raise IllegalAction("Store Piles are numbered 1 to 4.")
        return Move("store", card=rest[0], pile=pile)
    if verb == "build":
        source, rest = _source(rest)
        if len(rest) != 2 or rest[0] != "on":
            raise IllegalAction("Build like this: 'build hand b5 on 2'.")
        return Move("build", source=source, pile=_build_pile(rest[1]))
    if verb == "wild":
        source, rest = _source(rest)
        if len(rest) < 6 or rest[0] != "as" or rest[2] != "on" or rest[4] != "then":
            raise IllegalAction(
                "Play a Wild with its cover: 'wild hand WS-DUMP as 5 on 2 then hand 6'."
            )
        value = _number(rest[1], "A Wild's value")
        pile = _build_pile(rest[3])
        cover, tail = _source(rest[5:])
        if tail:
            raise IllegalAction("A Wild takes one cover card, no more.")
        return Move("wild", source=source, value=value, pile=pile, cover=cover)
    raise IllegalAction(HOW)


# -- the game --------------------------------------------------------------------------

# Per player count, per seat, the other seats.
_OTHERS = tuple(
    tuple(tuple(other for other in range(players) if other != seat) for seat in range(players))
    for players in range(9)
)


def stack_limit(players: int) -> int:
    return MAX_STACK_CARDS // players


class SpiteMaliceState(GameState):
    game_id = "spite-malice"

    def __init__(self, players: int, seed, options: dict[str, Any], deck: list[str] | None):
        super().__init__(players, seed, options)
        self.spite_on: bool = bool(options.get("spite", True))
        self.stack_size: int = int(options.get("stack", 8))
        if self.stack_size > stack_limit(players):
            raise BadOption(
                f"with {players} players a Card Stack holds at most {stack_limit(players)} "
                f"cards ({MAX_STACK_CARDS} in all)"
            )
        if deck is None:
            bordered, plain = bordered_deck(), plain_deck()
            self.rng.shuffle(bordered)
            self.rng.shuffle(plain)
            events: list[Event] = [Event("shuffle", src="draw")]
        else:
            bordered = [card for card in deck if card.startswith("b")]
            plain = [card for card in deck if not card.startswith("b")]
            events = []
        events.insert(0, Event("deal", text="Card Stacks, then four cards each."))
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.stacks: list[list[str]] = [[] for _ in range(players)]
        self.ups: list[list[str]] = [[] for _ in range(players)]
        self.stores: list[list[list[str]]] = [
            [[] for _ in range(STORE_PILES)] for _ in range(players)
        ]
        self.builds: list[list[str]] = [[] for _ in range(BUILD_SLOTS)]
        self.discard: list[str] = []
        self.phase = PHASE_BUILD
        self.current = 0
        self.spite_open = False  # the current player's card landed; they have not moved since
        self.hand_built_out = False  # the last hand card went onto a Build Pile
        self.winner: int | None = None
        self.drawn_game = False
        # Card Stacks from the bordered deck (then the non-bordered one, for big stacks),
        # one card at a time from the dealer's left; the last card dealt turns up.
        for _ in range(self.stack_size):
            for step in range(1, players + 1):
                seat = step % players
                card = bordered.pop(0) if bordered else plain.pop(0)
                self.stacks[seat].append(card)
                stack = SEAT_ZONE_NAMES[seat][1]
                dealt = ("move", (card,), "draw", stack, "down", seat, "", {"dealt": True}, "", ())
                events.append(_event(dealt))
        for seat in range(players):
            events += self._turn_up(seat)
        # The Draw Pile: the non-bordered cards on top of the rest of the bordered ones.
        self.draw: list[str] = list(reversed(bordered)) + list(reversed(plain))
        for _ in range(DEAL_SIZE):
            for step in range(1, players + 1):
                seat = step % players
                card = self.draw.pop()
                self.hands[seat].append(card)
                hand = SEAT_ZONE_NAMES[seat][0]
                events.append(_event(("move", (card,), "draw", hand, seat, seat, "", {}, "", ())))
        first = self.first_player()
        tied = sum(self._up_rank(seat) == self._up_rank(first) for seat in range(players)) > 1
        events.append(
            announce(
                f"{who(first)} ties for the highest UP card and goes first, nearest the "
                "dealer's left"
                if tied
                else f"{who(first)} has the highest UP card and goes first",
                first,
                what="first-player",
                seats=(first,),
            )
        )
        events += self._start_turn(first)
        self.setup_events = events

    @classmethod
    def full_deck(cls, players: int, options: dict[str, Any]) -> list[str]:
        return bordered_deck() + plain_deck()

    def first_player(self) -> int:
        """The highest UP card; a tie goes to the tied player closest to the dealer's left."""
        order = [step % self.players for step in range(1, self.players + 1)]
        return max(order, key=lambda seat: (self._up_rank(seat), -order.index(seat)))

    def _up_rank(self, seat: int) -> int:
        up = self.ups[seat]
        value = card_value(up[-1]) if up else None
        return 0 if value is None else value

    # -- the contract ------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == PHASE_OVER else (self.current,)

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == PHASE_OVER:
            return []
        if seat != self.current:
            return self._spites(seat) if self.spite_open else []
        if self.phase == PHASE_GIVE:
            return [_GIVES[t] for t in range(self.players) if t != seat]
        # Building: builds, Wild builds, Spite cards, then the stores (or ``end``) unless
        # a 2 must be played.
        actions, wilds, stores, two, spites = self._turn_moves(seat)
        if wilds:
            actions += wilds
        if spites and self.spite_on:
            actions += self._spites(seat)
        if two is None:
            if stores:
                actions += stores
            else:
                actions.append(END_ACTION)
        return actions

    def explain_out_of_turn(self, seat: int, code: str) -> str:
        if self.spite_on:
            return (
                "It is not your turn: out of turn you may only play a Spite card, right after "
                "another player's card lands on a Build Pile."
            )
        return "It is not your turn."

    def explain(self, seat: int, code: str) -> str:
        try:
            parsed = parse(code)
        except IllegalAction as refused:
            return refused.reason
        if seat != self.current:
            if parsed.kind != "spite":
                return self.explain_out_of_turn(seat, code)
            if not self.spite_open:
                return (
                    "Out of turn a Spite card is played only right after another player's card "
                    "lands on a Build Pile, until that player's next move."
                )
            return self._explain_spite(seat, parsed)
        if self.phase == PHASE_GIVE:
            return "You capped a Build Pile: first give its Malice card, 'give N'."
        if parsed.kind == "give":
            return "You give a Malice card only after capping a Build Pile with a 13."
        if parsed.kind == "spite":
            return self._explain_spite(seat, parsed)
        if parsed.kind in ("store", "end"):
            two = self.two_to_play(seat)
            if two is not None:
                return f"A 2 may not be held while Build Pile {two} shows a 1: play your 2 first."
            if parsed.kind == "end":
                return "Store a card from your hand to end your turn."
            return self._explain_store(seat, parsed)
        if parsed.kind == "build":
            return self._explain_build(seat, parsed)
        return self._explain_wild(seat, parsed)

    def _explain_source(self, seat: int, source: Source) -> str | None:
        if source.kind == "hand" and source.card not in self.hands[seat]:
            return f"There is no {source.card} in your hand."
        if source.kind == "store" and not self.stores[seat][(source.pile or 1) - 1]:
            return f"Your Store Pile {source.pile} is empty."
        if source.kind == UP and not self.ups[seat]:
            return "You have no UP card."
        return None

    def _source_card(self, seat: int, source: Source) -> str:
        if source.kind == "hand":
            return source.card or ""
        if source.kind == "store":
            return self.stores[seat][(source.pile or 1) - 1][-1]
        return self.ups[seat][-1]

    def _explain_build(self, seat: int, parsed: Move) -> str:
        assert parsed.source is not None and parsed.pile is not None
        reason = self._explain_source(seat, parsed.source)
        if reason:
            return reason
        card = self._source_card(seat, parsed.source)
        if is_wild(card):
            return "A Wild is played with its value and cover: 'wild ... as 5 on 2 then ...'."
        need = self.need(parsed.pile)
        if need == 1:
            return f"Build Pile {parsed.pile} is empty: only a 1 starts it (1s play themselves)."
        return f"Build Pile {parsed.pile} needs {a_value(need)}: cards go on in order."

    def _explain_wild(self, seat: int, parsed: Move) -> str:
        assert parsed.source and parsed.cover and parsed.pile and parsed.value is not None
        reason = self._explain_source(seat, parsed.source)
        if reason:
            return reason
        if not is_wild(self._source_card(seat, parsed.source)):
            return "Only a Wild is played with 'wild'; build other cards with 'build'."
        if parsed.value in NO_WILD_VALUES:
            return "A Wild may be any value but 1, 2, 7 and 13."
        need = self.need(parsed.pile)
        if parsed.value != need:
            return f"Build Pile {parsed.pile} needs {a_value(need)}: the Wild must be that value."
        if parsed.cover == parsed.source or (parsed.source.kind == UP and parsed.cover.kind == UP):
            return "Cover the Wild with another card (the next UP card is turned after the move)."
        reason = self._explain_source(seat, parsed.cover)
        if reason:
            return reason
        cover = self._source_card(seat, parsed.cover)
        if is_wild(cover):
            return "A Wild never lies on a Wild: cover it with a card of the next value."
        return (
            f"Cover the Wild as {parsed.value} with {a_value(parsed.value + 1)}, in the same move."
        )

    def _explain_store(self, seat: int, parsed: Move) -> str:
        card = parsed.card or ""
        if card not in self.hands[seat]:
            return f"There is no {card} in your hand."
        if is_wild(card):
            return "A Wild is never stored."
        if card_value(card) == 2:
            return "A 2 is never stored."
        return "You cannot store that now."

    def _explain_spite(self, seat: int, parsed: Move) -> str:
        if not self.spite_on:
            return "Spite is off in this game: Wild-Spite cards are played as Wilds only."
        card = f"WS-{parsed.spite}"
        if card not in self.hands[seat]:
            return f"You hold no {parsed.spite} card."
        target = parsed.target
        if target is None or not 0 <= target < self.players:
            return f"There is no seat {target} at this table."
        if target == seat:
            return "Aim a Spite card at another player."
        if parsed.spite == "DUMP":
            return "That player has no cards in hand to dump."
        if parsed.spite == "BURY":
            return "That player's UP card is their last card: there is nothing to bury it under."
        return "That Spite card cannot be played now."

    def _apply(self, seat: int, action: Action) -> list[Event]:
        parsed = parse(action.code)
        if seat != self.current:
            return self._spite(seat, parsed)
        self.spite_open = False  # the player moved: a chance to spite them has passed
        kind = parsed.kind  # the usual moves first
        if kind == "build":
            assert parsed.source is not None and parsed.pile is not None
            events = self._land(seat, parsed.source, parsed.pile)
        elif kind == "store":
            return self._store(seat, parsed.card or "", parsed.pile or 1)
        elif kind == "end":
            return self._end(seat)
        elif kind == "give":
            return self._give(seat, parsed.target or 0)
        elif kind == "spite":
            events = self._spite(seat, parsed)
            return events + self._settle(seat)
        else:
            assert parsed.source and parsed.cover and parsed.pile and parsed.value is not None
            # The Wild and its cover land as one move; an UP Wild's next card turns after.
            events = self._land(seat, parsed.source, parsed.pile, value=parsed.value, turn=False)
            events += self._land(seat, parsed.cover, parsed.pile)
            if parsed.source.kind == UP:
                events += self._after_up(seat)
        return events + self._after_landing(seat)

    def zones(self) -> dict[str, Zone]:
        piles = [self.draw, self.discard, *self.builds, *self.hands, *self.stacks, *self.ups]
        for seat_piles in self.stores:
            piles += seat_piles
        return zones_kept(self, piles, self._make_zones)

    def _make_zones(self) -> dict[str, Zone]:
        zones = {
            "draw": Zone("draw", self.draw, NONE),
            "discard": Zone("discard", self.discard, TOP),
        }
        for name, cards in zip(BUILD_NAMES, self.builds, strict=True):
            zones[name] = Zone(name, cards, ALL)
        for seat in range(self.players):
            hand, stack, up, stores = SEAT_ZONE_NAMES[seat]
            zones[hand] = Zone(hand, self.hands[seat], OWNER, seat)
            zones[stack] = Zone(stack, self.stacks[seat], NONE, seat)
            zones[up] = Zone(up, self.ups[seat], ALL, seat)
            for name, cards in zip(stores, self.stores[seat], strict=True):
                zones[name] = Zone(name, cards, ALL, seat)
        return zones

    @property
    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    def cards_left(self, seat: int) -> int:
        """What is left of a player's Card Stack, the UP card included."""
        return len(self.stacks[seat]) + len(self.ups[seat])

    @property
    def result(self) -> Result | None:
        if self.phase != PHASE_OVER:
            return None
        left = [self.cards_left(seat) for seat in range(self.players)]
        ranking: list[list[int]] = []
        others = list(range(self.players))
        if self.winner is not None:
            ranking.append([self.winner])
            others.remove(self.winner)
        for count in sorted({left[seat] for seat in others}):
            ranking.append([seat for seat in others if left[seat] == count])
        scores = [-count for count in left]
        detail = {"winner": self.winner, "drawn": self.drawn_game, "cards_left": left}
        return Result(scores=scores, ranking=ranking, detail=detail)

    def public_observation(self, seat: int | None) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "current": self.current,
            "spite": self.spite_on,
            "spite_open": self.spite_open,
            "needs": [self.need(pile) for pile in range(1, BUILD_SLOTS + 1)],
            "build_piles": [list(pile) for pile in self.builds],
            "stack_counts": [len(stack) for stack in self.stacks],
            "cards_left": [self.cards_left(s) for s in range(self.players)],
            "up_cards": [up[-1] if up else None for up in self.ups],
            "store_piles": [[list(pile) for pile in piles] for piles in self.stores],
            "hand_counts": [len(hand) for hand in self.hands],
            "draw_count": len(self.draw),
            "discard_count": len(self.discard),
            "discard_top": self.discard[-1] if self.discard else None,
        }

    def copy(self) -> SpiteMaliceState:
        """A deep copy, written out because search bots copy states thousands of times."""
        new = self._twin()
        new.hands = [list(h) for h in self.hands]
        new.stacks = [list(s) for s in self.stacks]
        new.ups = [list(u) for u in self.ups]
        new.stores = [[list(p) for p in piles] for piles in self.stores]
        new.builds = [list(b) for b in self.builds]
        new.discard = list(self.discard)
        new.draw = list(self.draw)
        return new

    # -- what may be played ------------------------------------------------------------

    def need(self, pile: int) -> int:
        """The value Build Pile ``pile`` (1-8) takes next: a pile of k cards shows k."""
        return len(self.builds[pile - 1]) + 1

    def sources(self, seat: int) -> list[tuple[str, str]]:
        """(source code, card) for every card ``seat`` may build from: each distinct hand
        card, the UP card, each Store Pile top."""
        out = [(_HAND_SOURCES[card], card) for card in dict.fromkeys(self.hands[seat])]
        if self.ups[seat]:
            out.append((UP, self.ups[seat][-1]))
        for source, cards in zip(_STORE_SOURCES, self.stores[seat], strict=True):
            if cards:
                out.append((source, cards[-1]))
        return out

    def piles_needing(self, value: int) -> list[int]:
        """The Build Piles that take ``value`` next (never an empty one: 1s play themselves)."""
        if value == 1:
            return []
        return [pile for pile, cards in enumerate(self.builds, 1) if len(cards) + 1 == value]

    def build_codes(self, seat: int) -> list[str]:
        """The builds of ``seat``: ``build hand b5 on 2`` and the like."""
        return [action.code for action in self._turn_moves(seat)[0]]

    def wild_codes(self, seat: int) -> list[str]:
        """The Wild builds of ``seat``: ``wild hand WS-DUMP as 5 on 2 then hand 6``."""
        return [action.code for action in self._turn_moves(seat)[1]]

    def two_to_play(self, seat: int) -> int | None:
        """The Build Pile showing a 1 that a 2 in ``seat``'s hand must go on, if any."""
        return self._turn_moves(seat)[3]

    def storable(self, seat: int) -> list[str]:
        return [card for card in dict.fromkeys(self.hands[seat]) if card in _STORES]

    def store_codes(self, seat: int) -> list[str]:
        _builds, _wilds, stores, two, _spites = self._turn_moves(seat)
        return [action.code for action in stores] if two is None else []

    def _turn_moves(self, seat: int) -> TurnMoves:
        """In one pass over what ``seat`` holds (a listing of legal moves is most of a
        playout): its builds (by source: each distinct hand card, the UP card, the Store
        Pile tops; then by pile), its Wild builds (by pile, Wild, cover), the stores its
        hand allows, the Build Pile showing a 1 that a 2 in its hand must go on, and
        whether its hand holds a Wild-Spite card."""
        # The size of each Build Pile: a card goes onto the piles one smaller than its
        # value (most cards fit none).
        sizes = [*map(len, self.builds)]
        held_sizes = set(sizes)
        builds: list[Action] = []
        stores: list[Action] = []
        hand = self.hands[seat]
        distinct = dict.fromkeys(hand) if len(hand) > 1 else hand
        for card in distinct:
            row, stored, onto = _HAND[card]
            stores += stored
            if onto in held_sizes:
                builds += _onto(row, sizes, onto)
        spites = wild = not _WILD_CARDS.isdisjoint(hand)
        two = not _TWOS.isdisjoint(hand)
        # The UP card and the Store Pile tops.
        for row, cards in zip(_TOP_ROWS, [self.ups[seat], *self.stores[seat]], strict=True):
            if cards:
                onto = _ONTO[cards[-1]]
                if onto in held_sizes:
                    builds += _onto(row, sizes, onto)
                elif onto is None:
                    wild = True
        wilds = self._wild_moves(seat, distinct, sizes, held_sizes) if wild else []
        ones = 1 in sizes if two else False
        return builds, wilds, stores, sizes.index(1) + 1 if ones else None, spites

    def _wild_moves(
        self, seat: int, distinct: Any, sizes: list[int], held_sizes: set[int]
    ) -> list[Action]:
        """The Wild builds of ``seat`` (``_turn_moves``): by Build Pile, Wild, cover."""
        # Every source with its card: each distinct hand card, the UP card, the Store Pile
        # tops. A source's card cannot be both a Wild and a cover, so a Wild is never
        # covered from its own source.
        sources = [*zip(map(_HAND_SOURCE_OF, distinct), distinct, strict=True)]
        up = self.ups[seat]
        if up:
            sources.append((UP, up[-1]))
        for source, cards in zip(_STORE_SOURCES, self.stores[seat], strict=True):
            if cards:
                sources.append((source, cards[-1]))
        # The covers by the size of the Build Pile they cover a Wild on, in source order.
        covers: dict[int, list[str]] = {}
        for source, card in sources:
            size = _WILD_PILE[card]
            if size in held_sizes:
                covers.setdefault(size, []).append(source)
        if not covers:
            return []
        wild_sources = [source for source, card in sources if card in _WILD_CARDS]
        wilds: list[Action] = []
        for pile, size in enumerate(sizes, 1):
            if size not in covers:
                continue
            key = pile, size + 1
            for source in wild_sources:
                by_cover = _WILD_MOVES[source]
                for cover in covers[size]:
                    found = by_cover[cover]
                    action = found.get(key)
                    if action is None:
                        action = found[key] = _one(wild_code(source, size + 1, pile, cover))
                    wilds.append(action)
        return wilds

    def may_end(self, seat: int) -> bool:
        """``end``: no hand card may be stored (an empty hand, or only 2s and Wilds)."""
        return not self.storable(seat) and self.two_to_play(seat) is None

    def spite_targets(self, seat: int, kind: str) -> list[int]:
        targets = []
        for target in range(self.players):
            if target == seat:
                continue
            if kind == "DUMP" and not self.hands[target]:
                continue
            if kind == "BURY" and not self.stacks[target]:
                continue
            targets.append(target)
        return targets

    def spite_codes(self, seat: int) -> list[str]:
        return [action.code for action in self._spites(seat)] if self.spite_on else []

    def _spites(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        if not self.spite_on or _WILD_CARDS.isdisjoint(hand):
            return []
        others = _OTHERS[self.players][seat]
        spites: list[Action] = []
        # DUMP at a player with cards in hand, BURY at one with a card under the UP card,
        # MALICE at anyone (``spite_targets``).
        for card, held in ((DUMP_CARD, self.hands), (BURY_CARD, self.stacks), (MALICE_CARD, None)):
            if card in hand:
                row = _SPITE_ROWS[card]
                spites += [row[t] for t in others if held is None or held[t]]
        return spites

    # -- carrying moves out ------------------------------------------------------------

    def _take(self, seat: int, source: Source) -> tuple[str, str]:
        """Remove the card at ``source``; returns (card, zone it left)."""
        if source.kind == "hand":
            self.hands[seat].remove(source.card or "")
            return source.card or "", SEAT_ZONE_NAMES[seat][0]
        if source.kind == "store":
            pile = source.pile or 1
            return self.stores[seat][pile - 1].pop(), SEAT_ZONE_NAMES[seat][3][pile - 1]
        return self.ups[seat].pop(), SEAT_ZONE_NAMES[seat][2]

    def _land(
        self, seat: int, source: Source, pile: int, value: int | None = None, turn: bool = True
    ) -> list[Event]:
        """A card from ``source`` goes onto Build Pile ``pile`` (a Wild as ``value``); an UP
        card played is followed by the next one turning up (or the win), unless ``turn`` is
        False (a Wild, whose cover lands first)."""
        card, zone = self._take(seat, source)
        self.builds[pile - 1].append(card)
        events = [
            _event(("move", (card,), zone, BUILD_NAMES[pile - 1], "up", seat, "", {}, "", ()))
        ]
        if value is not None:
            events.append(
                announce(
                    f"{who(seat)} plays a Wild as {value}",
                    seat,
                    what="wild",
                    seats=(seat,),
                    value=value,
                    pile=pile,
                )
            )
        self.spite_open = True
        if source.kind == "hand" and not self.hands[seat]:
            self.hand_built_out = True
        if source.kind == UP and turn:
            events += self._after_up(seat)
            if self.phase == PHASE_OVER:
                return events
        if len(self.builds[pile - 1]) == CAP:
            events += self._cap(seat, pile)
        return events

    def _after_up(self, seat: int) -> list[Event]:
        """The UP card has been played: the next one turns up, or the last one won."""
        if not self.stacks[seat]:
            return self._win(seat)
        return self._turn_up(seat)

    def _turn_up(self, seat: int) -> list[Event]:
        if not self.stacks[seat] or self.ups[seat]:
            return []
        card = self.stacks[seat].pop()
        self.ups[seat].append(card)
        _hand, stack, up, _stores = SEAT_ZONE_NAMES[seat]
        return [_event(("move", (card,), stack, up, "up", seat, "", {}, "", ()))]

    def _cap(self, seat: int, pile: int) -> list[Event]:
        cards = list(self.builds[pile - 1])
        self.builds[pile - 1].clear()
        self.discard.extend(cards)
        self.phase = PHASE_GIVE
        return [
            move(cards, f"build:{pile}", "discard", face="up", seat=seat),
            announce(
                f"{who(seat)} caps Build Pile {pile} and gives a Malice card",
                seat,
                what="capped",
                seats=(seat,),
                pile=pile,
            ),
        ]

    def _after_landing(self, seat: int) -> list[Event]:
        if self.phase == PHASE_BUILD:
            return self._settle(seat)
        return []

    def _settle(self, seat: int) -> list[Event]:
        """What the rules do by themselves during a turn: 1s are played the moment they
        must be (from hand and UP), and a hand built out draws five (Go Again)."""
        events: list[Event] = []
        while self.phase == PHASE_BUILD:
            up = self.ups[seat]
            hand = self.hands[seat]
            if up and up[-1] in _ONES:
                events += self._play_one(seat, _UP_SOURCE)
            elif not _ONES.isdisjoint(hand):
                one = next(card for card in hand if card in _ONES)
                events += self._play_one(seat, _HAND_SOURCE_FOR[one])
            elif self.hand_built_out and not hand:
                self.hand_built_out = False
                drawn = self._draw(seat, HAND_SIZE)
                if not drawn:
                    break
                events.append(
                    announce(
                        f"{who(seat)} built out the hand: Go Again",
                        seat,
                        what="go-again",
                        seats=(seat,),
                    )
                )
                events += drawn
            else:
                self.hand_built_out = False
                break
        return events

    def _play_one(self, seat: int, source: Source) -> list[Event]:
        pile = [*map(len, self.builds)].index(0) + 1  # there is always a free pile
        events = [
            announce(
                f"{who(seat)} must play a 1: Build Pile {pile} starts",
                seat,
                what="one-played",
                seats=(seat,),
                pile=pile,
            )
        ]
        return events + self._land(seat, source, pile)

    def _draw_card(self) -> tuple[str | None, list[Event]]:
        """The top card of the Draw Pile, refilling it from the Discard Pile if need be."""
        events: list[Event] = []
        if not self.draw and self.discard:
            cards = list(self.discard)
            self.discard.clear()
            self.rng.shuffle(cards)
            self.draw.extend(cards)
            events += [
                move(cards, "discard", "draw", face="down"),
                Event("shuffle", src="draw"),
                announce(
                    "The Draw Pile is empty: the Discard Pile is shuffled into a new one",
                    what="refill",
                ),
            ]
        if not self.draw:
            return None, events
        return self.draw.pop(), events

    def _draw(self, seat: int, count: int) -> list[Event]:
        draw = self.draw
        if not draw and not self.discard:  # nothing to draw (most of a long game's end)
            return []
        if len(draw) >= count:  # the usual case: no refill, the cards at once
            if count <= 0:
                return []
            drawn = draw[-count:][::-1]  # one at a time off the top
            del draw[-count:]
            self.hands[seat] += drawn
            hand = SEAT_ZONE_NAMES[seat][0]
            return [_event(("move", tuple(drawn), "draw", hand, seat, seat, "", {}, "", ()))]
        events: list[Event] = []
        drawn: list[str] = []
        for _ in range(count):
            card, more = self._draw_card()
            if more:
                if drawn:
                    events.append(move(drawn, "draw", f"hand:{seat}", face=seat, seat=seat))
                    drawn = []
                events += more
            if card is None:
                break
            self.hands[seat].append(card)
            drawn.append(card)
        if drawn:
            events.append(move(drawn, "draw", f"hand:{seat}", face=seat, seat=seat))
        return events

    def _give(self, seat: int, target: int) -> list[Event]:
        self.phase = PHASE_BUILD
        card, events = self._draw_card()
        if card is not None:
            self.stacks[target].insert(0, card)
            events += [
                move(card, "draw", f"stack:{target}", face="down", seat=seat),
                announce(
                    f"{who(seat)} gives {who(target)} a Malice card",
                    seat,
                    what="malice-given",
                    seats=(seat, target),
                ),
            ]
        return events + self._settle(seat)

    def _spite(self, seat: int, parsed: Move) -> list[Event]:
        kind, target = parsed.spite or "", parsed.target or 0
        card = f"WS-{kind}"
        self.hands[seat].remove(card)
        self.discard.append(card)
        events = [
            move(card, f"hand:{seat}", "discard", face="up", seat=seat),
            announce(
                f"{who(seat)} plays {kind} at {who(target)}",
                seat,
                what=f"spite-{kind.lower()}",
                seats=(seat, target),
                out_of_turn=seat != self.current,
            ),
        ]
        if kind == "DUMP":
            cards = list(self.hands[target])
            self.hands[target].clear()
            self.discard.extend(cards)
            events.append(move(cards, f"hand:{target}", "discard", face="up", seat=target))
        elif kind == "BURY":
            buried = self.ups[target].pop()
            self.stacks[target].insert(0, buried)
            events.append(move(buried, f"up:{target}", f"stack:{target}", face="up", seat=target))
            events += self._turn_up(target)
        else:
            drawn, more = self._draw_card()
            events += more
            if drawn is not None:
                self.stacks[target].insert(0, drawn)
                events.append(move(drawn, "draw", f"stack:{target}", face="down", seat=target))
        if target == self.current and seat != self.current and self.phase == PHASE_BUILD:
            events += self._settle(target)  # a turned-up 1 is played at once
        return events

    def _store(self, seat: int, card: str, pile: int) -> list[Event]:
        self.hands[seat].remove(card)
        self.stores[seat][pile - 1].append(card)
        hand, _stack, _up, stores = SEAT_ZONE_NAMES[seat]
        events = [_event(("move", (card,), hand, stores[pile - 1], "up", seat, "", {}, "", ()))]
        return events + self._start_turn((seat + 1) % self.players)

    def _end(self, seat: int) -> list[Event]:
        hand = list(self.hands[seat])
        events: list[Event] = []
        if len(hand) == HAND_SIZE and not self._hand_can_build(seat):
            self.hands[seat].clear()
            self.discard.extend(hand)
            events += [
                announce(
                    f"{who(seat)} is stuck: the hand is shown and discarded",
                    seat,
                    what="stuck",
                    seats=(seat,),
                    cards=hand,
                ),
                move(hand, f"hand:{seat}", "discard", face="up", seat=seat),
            ]
        elif hand:
            events.append(
                announce(
                    f"{who(seat)} holds only 2s and Wilds and ends the turn without storing",
                    seat,
                    what="shown",
                    seats=(seat,),
                    cards=hand,
                )
            )
        return events + self._start_turn((seat + 1) % self.players)

    def _hand_can_build(self, seat: int) -> bool:
        builds, wilds, _stores, _two, _spites = self._turn_moves(seat)
        return any(action.code.split()[1] == "hand" for action in builds + wilds)

    def _start_turn(self, seat: int) -> list[Event]:
        self.current = seat
        self.phase = PHASE_BUILD
        self.spite_open = False
        self.hand_built_out = False
        events: list[Event] = [_TURN_EVENTS[seat]]
        events += self._draw(seat, HAND_SIZE - len(self.hands[seat]))
        events += self._settle(seat)
        if self.phase == PHASE_BUILD and self.no_build_ever():
            events += self._draw_game()
        return events

    def _win(self, seat: int) -> list[Event]:
        self.winner = seat
        events = [
            announce(
                f"{who(seat)} plays the last card of the Card Stack and wins!",
                seat,
                what="win",
                seats=(seat,),
            )
        ]
        return events + self._game_over()

    def _draw_game(self) -> list[Event]:
        self.drawn_game = True
        events = [
            announce(
                "No card can ever be built again: the game is a draw",
                what="draw-game",
            )
        ]
        return events + self._game_over()

    def _game_over(self) -> list[Event]:
        self.phase = PHASE_OVER
        self.spite_open = False
        result = self.result
        return [Event("over", data=result.to_dict() if result else {})]

    # -- the end of progress -----------------------------------------------------------

    def no_build_ever(self) -> bool:
        """True when no card can ever go onto a Build Pile again, whatever anyone does.

        Without a build the Build Piles stay as they are, and a player can only ever reach
        their own hand, UP card and Store Pile tops (a stored card comes from their hand and
        covers what was below), plus the cards that can pass through the Draw Pile: what
        lies in the Draw and Discard Piles and the hand cards that can still be discarded
        (a stuck hand of 2s and Wilds, a Spite card, a hand hit by DUMP). While a BURY card
        can still be played, every card of a player's Card Stack can turn up too. If no
        card a player can reach fits a Build Pile, and no Wild they can reach has a cover
        they can reach, nothing can ever change that: see ``reach``.
        """
        # The usual case of all: a card some seat holds or may draw fits by itself. What
        # each seat holds now (its hand, UP card, Store Pile tops, and the Draw and
        # Discard Piles) is within its reach, so if any of it fits, the reach fits too.
        sizes = {*map(len, self.builds)}
        under = _UNDER.__getitem__
        if not sizes.isdisjoint(map(under, chain(self.draw, self.discard, *self.hands, *self.ups))):
            return False
        for piles in self.stores:
            for pile in piles:
                if pile and under(pile[-1]) in sizes:
                    return False
        needs = {size + 1 for size in sizes}
        wild_needs = {need for need in needs if need not in NO_WILD_VALUES}

        def fits(values: set[int | None]) -> bool:
            # Whether some card of ``values`` could go onto a Build Pile (alone, or as the
            # cover of a Wild among them). More cards never fit less.
            if values & needs:
                return True
            return None in values and any(need + 1 in values for need in wild_needs)

        # Else each seat with every card it holds or may draw, Wilds and covers included.
        value = _VALUE.__getitem__
        common = set(map(value, self.draw))
        common.update(map(value, self.discard))
        for seat in range(self.players):
            held = common.union(map(value, self.hands[seat]), map(value, self.ups[seat]))
            held.update(value(pile[-1]) for pile in self.stores[seat] if pile)
            if fits(held):
                return False
        return not any(fits(set(map(value, cards))) for cards in self.reach())

    def reach(self) -> list[list[str]]:
        """For each seat, every card it could ever build from if no one builds again (an
        over-estimate: ``no_build_ever`` must never end a game that could go on)."""
        pool = self.draw + self.discard  # cards that can come into any hand
        taken: list[set[int]] = [set() for _ in range(self.players)]  # hand indexes pooled
        changed = True
        while changed:
            changed = False
            dump = self.spite_on and (
                "WS-DUMP" in pool
                or any(
                    "WS-DUMP" in self.hands[q] and self._dump_target(q, pool)
                    for q in range(self.players)
                )
            )
            for q, hand in enumerate(self.hands):
                can_fill = len(hand) == HAND_SIZE or bool(pool)
                for index, card in enumerate(hand):
                    if index in taken[q]:
                        continue
                    if (
                        dump
                        or (can_fill and (is_wild(card) or card_value(card) == 2))
                        or (self.spite_on and self._spite_goes(q, card, pool))
                    ):
                        taken[q].add(index)
                        pool.append(card)
                        changed = True
        bury = self.spite_on and BURY_CARD in pool
        out = []
        for seat in range(self.players):
            cards = self.hands[seat] + self.ups[seat] + pool
            cards += [pile[-1] for pile in self.stores[seat] if pile]
            if bury:
                cards += self.stacks[seat]
            out.append(cards)
        return out

    def _dump_target(self, seat: int, pool: list[str]) -> bool:
        return bool(pool) or any(self.hands[t] for t in range(self.players) if t != seat)

    def _spite_goes(self, seat: int, card: str, pool: list[str]) -> bool:
        """Whether a Spite card in ``seat``'s hand could ever be played (to the Discard)."""
        if not is_wild(card):
            return False
        kind = spite_kind(card)
        if kind == "MALICE":
            return True
        if kind == "BURY":
            return any(self.stacks[t] for t in range(self.players) if t != seat)
        return self._dump_target(seat, pool)


RULES_HELP = """\
# Spite & Malice

**Players:** 2 to 5. **Goal:** be the first to play every card of your **Card Stack**.

## The cards
110 cards: a **bordered** deck (1 to 13, four of each), a **non-bordered** deck (1 to 13,
four of each) and six non-bordered **Wild-Spite** cards (two each of DUMP, BURY and
MALICE).

## Setting up
1. The two decks are shuffled apart.
2. Each player gets a **Card Stack** of 8 bordered cards (option *stack*: 5 to 30, and
   60 cards in all: at most 20 each for 3 players, 15 for 4), dealt one at a time from
   the dealer's left. The top card of each stack is turned face up:
   your **UP card**.
3. The **Draw Pile** is the non-bordered deck on top of the rest of the bordered deck.
4. Everyone gets 4 cards in hand. The player with the **highest UP card** goes first; a
   tie goes to the tied player closest to the dealer's left (the dealer is seat 0).

## Your turn
1. **Draw** up to five cards (the table does it). If the Draw Pile runs out, the Discard
   Pile is shuffled into a new one; if both are empty, there is nothing to draw.
2. **1s play themselves.** You cannot hold a 1: a 1 you draw, or a 1 that turns up as
   your UP card, starts a new **Build Pile** at once, at any moment of your turn.
3. **Build** as much as you like: from your hand, your UP card or the top of any of your
   Store Piles, a card goes on a Build Pile whose top is one lower (**in order**, no
   skipping). When your UP card is played, the next card of your stack turns up.
4. **Go Again:** when your last hand card goes on a Build Pile, draw five more and go on.
5. **Store a card** to end your turn: one hand card onto one of your four **Store Piles**
   (any pile, any order; only the top card of a Store Pile can be played). 2s and Wilds
   are never stored. If your hand holds only 2s and Wilds (or nothing), you end your turn
   without storing and show them.

## Special cards
- **2s:** you may not keep a 2 while a Build Pile shows a 1: the table refuses to let you
  store or end your turn until it is played. With no 1 on the table you hold it.
- **13 - Malice:** a 13 caps a Build Pile. The whole pile goes to the Discard Pile and the
  capper gives the top card of the Draw Pile, unseen, to **another player of their
  choice**: it goes to the bottom of that player's Card Stack.
- **Wild:** takes any value except 1, 2, 7 and 13, goes on a Build Pile needing that
  value and is **covered in the same move** by a card of the next value (from your hand,
  UP card or a Store Pile). A Wild never lies on a Wild and is never stored.
- **Spite** (option *spite*, on by default; off is the sheet's "Wild half only" for first
  games): instead of a Wild, play the card to the Discard Pile, aimed at another player:
  - **DUMP:** that player discards their whole hand.
  - **BURY:** that player's UP card goes to the bottom of their Card Stack and the next
    card turns up.
  - **MALICE:** the top card of the Draw Pile goes, unseen, to the bottom of that player's
    Card Stack.
  You may spite on your own turn, and **out of turn**: from the moment another player's
  card lands on a Build Pile (from hand, UP card or Store Pile, a 1 the table plays for
  them included) until that player's next move. The card already played stays.

## You're Stuck
Five cards in hand that you can neither build nor store (only 2s and Wilds with nowhere
to go): show them and discard them; you draw five new ones at your next turn.

## Winning
You win the moment the last card of your Card Stack goes onto a Build Pile. The others
rank by the cards left in their stacks (fewer is better).

## Rulings Card Table follows
- The printed card list and Spite texts could not be found: the cards and the three
  Spite effects above are Card Table's own choice.
- A Spite card is played from the hand only (never as an UP card), always at another
  player. DUMP needs a target with cards in hand; BURY needs a card under the target's UP
  card. A BURY that turns up a 1 for the player on turn plays it at once; for anyone else
  the 1 waits for their turn.
- Out of turn, several players may spite after the same card, each in turn, until the
  player who built moves again. A Spite card does not undo the card just played.
- A 1 always starts the lowest-numbered free Build Pile (piles 1 to 8).
- A Wild played from the UP card is covered from your hand or a Store Pile: the next
  stack card turns up only after the move.
- A Wild may be the UP card (a Malice card can bring one into a stack); played, it
  counts like any UP card. For choosing the first player a Wild counts lowest.
- Go Again happens whenever your hand is emptied by building: your last hand card goes
  onto a Build Pile, even when your hand held fewer than five (a short Draw Pile). Spite
  cards played from that hand during the turn count as played: the sheet's "all five
  cards onto Build Piles" is read as "the whole hand". A hand emptied by DUMP does not
  Go Again.
- Capping a pile with your last hand card: you give the Malice card first, then Go Again.
  Capping with your last stack card wins at once: no Malice card is given.
- You're Stuck needs five cards: a smaller hand of only 2s and Wilds is shown and kept.
- Card Stacks bigger than the bordered deck: the stacks go on from the non-bordered
  deck, and all stacks together hold at most 60 cards (2 players up to 30 each, 3 up to
  20, 4 up to 15, 5 up to 12), so the Draw Pile always has cards to play with.
- **The draw (RULINGS.md):** checked at the start of every turn, the game ends as a draw
  only when no card can ever be built again: no Build Pile takes a card that its player
  could still reach, and no Wild a player could reach has a cover they could reach. A
  player can reach their own hand, UP card and Store Pile tops, every card of the Draw and
  Discard Piles, the hand cards that can still be discarded (2s and Wilds of a hand that
  can get stuck, Spite cards, every hand while a DUMP card is about), and while a BURY
  card is about, every card of their own Card Stack. Nothing else cuts a game short. The
  draw is ranked by the cards left in each Card Stack.
"""

INFO = GameInfo(
    id="spite-malice",
    title="Spite & Malice",
    min_players=2,
    max_players=5,
    state_class=SpiteMaliceState,
    summary="Empty your Card Stack onto shared Build Piles from 1 to 13; Spite your rivals.",
    rules_help=RULES_HELP,
    options=(
        Option(
            "spite",
            True,
            "Spite half of the Wild-Spite cards (off: Wild half only, for first games).",
        ),
        Option(
            "stack",
            8,
            "Cards in each Card Stack (5 to 30, and 60 cards in all: 15 each for 4 players).",
            minimum=5,
            maximum=30,
            most_for=stack_limit,
            most_for_why=f" ({MAX_STACK_CARDS} cards in all)",
        ),
    ),
    vocabulary=VOCABULARY,
)
