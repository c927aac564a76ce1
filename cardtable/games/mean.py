"""MEAN!: a shedding game steered by the Card Direction, with Eights that swap hands,
Sixes that punish the next player, and Punishment Piles for whoever cannot play.

The rules of ``../shared/seeds/000_87ce04081c831e0b.txt`` with the rulings of RULINGS.md
and the "Rulings Card Table follows" in ``RULES_HELP``. Only the rules: no drawing, no bots.

Zones (every pile keeps its top card last): ``draw`` (the Draw Deck, face down),
``hand:N``, ``punish:N`` (Punishment Pile N, 0-3: face down but for its top card),
``play`` (the Play Area, face up), ``removed`` (cleared Play Areas: out of play, every
card of them seen by all) and ``removed:unseen`` (what a replenishing shuffle left over:
out of play, never seen). Hidden cards share one pool, so a sampled world may put any
unseen card in any unseen place.

Action codes read like the table talk: ``play 7``, ``play 6 6``, ``play W as 3``,
``play W W as 7``, ``dir up``, ``dir down``, ``swap with 2``, ``punish 1``. They are built
with ``play_code``, ``dir_code``, ``swap_code`` and ``punish_code`` and read with
``parse`` (a ``Move``); bots and tables use only those.
"""

from __future__ import annotations

import operator
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardtable.engine import (
    ALL,
    NONE,
    OWNER,
    TOP,
    Action,
    Event,
    GameInfo,
    GameState,
    IllegalAction,
    Option,
    Result,
    Rng,
    Zone,
    announce,
    move,
)
from cardtable.engine.knowledge import Knowledge, Learned, agree
from cardtable.games.mean_vocabulary import VOCABULARY

WILD = "W"
VALUES = tuple(range(1, 13))
MEAN_VALUE = 6
EIGHT = 8
SETS_UP = (1, 3)
SETS_DOWN = (10, 12)
SETS_DIRECTION = {**dict.fromkeys(SETS_UP, "up"), **dict.fromkeys(SETS_DOWN, "down")}
HAND_SIZE = 5
DEAL_SIZE = 4
PILES = 4
PILE_SIZE = 3
KIND_LIMIT = 4
# Once the Draw Deck is empty the same cards can circle for ever (RULINGS.md: Endless
# games). The game is called when a position comes round for the third time, or as a
# backstop after this many rounds in which no card left play and no hand reached a new low.
REPETITIONS = 3
BACKSTOP_ROUNDS = 200

PHASE_PLAY = "play"  # a normal turn: play (the draw to five has happened already)
PHASE_ANSWER = "answer"  # a MEAN! is on top: answer with Sixes
PHASE_DIR = "dir"  # the play on an empty Play Area waits for its Card Direction
PHASE_SWAP = "swap"  # the play with an Eight waits for its swap
PHASE_PUNISH = "punish"  # the player takes the Punishment Piles they owe
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
    9: "Nine",
    10: "Ten",
    11: "Eleven",
    12: "Twelve",
}


def one_deck() -> list[str]:
    """The 54 cards of one deck: 1-12 four times each, six Sixes, four Wilds."""
    cards: list[str] = []
    for value in VALUES:
        cards += [str(value)] * (6 if value == MEAN_VALUE else 4)
    return cards + [WILD] * 4


def decks_for(players: int) -> int:
    return 1 if players <= 4 else 2


def card_value(card: str) -> int | None:
    """The printed value of a card, ``None`` for a Wild."""
    return None if card == WILD else int(card)


def a_value(value: int) -> str:
    """``a 7``, ``an 8``, ``an 11``: the value as a player says it."""
    return f"an {value}" if value in (8, 11) else f"a {value}"


def plural(value: int, count: int) -> str:
    name = NUMBER_NAMES[value]
    if count == 1:
        return f"one {name}"
    return f"{count} {name}s" if name != "Six" else f"{count} Sixes"


def play_code(cards: tuple[str, ...] | list[str], as_value: int | None = None) -> str:
    """``play 7 7`` for numbered cards, ``play W W as 7`` for Wilds (``as_value`` is what
    the Wilds are announced as; numbered cards count as what they show).

    >>> play_code(("W", "W"), 7), play_code(["6", "6"])
    ('play W W as 7', 'play 6 6')
    """
    if cards and cards[0] == WILD:
        return f"play {' '.join(cards)} as {as_value}"
    return f"play {' '.join(cards)}"


def dir_code(direction: str) -> str:
    """``dir up`` or ``dir down``: the Card Direction announced on an empty Play Area."""
    return f"dir {direction}"


def swap_code(target: int) -> str:
    """``swap with 2``: an Eight's swap of hands with seat ``target``."""
    return f"swap with {target}"


def punish_code(pile: int) -> str:
    """``punish 1``: take Punishment Pile 1."""
    return f"punish {pile}"


@dataclass(frozen=True)
class Move:
    """A MEAN! action code, read. ``kind`` is ``play``, ``dir``, ``swap`` or ``punish``;
    a play has its ``cards`` and the ``value`` they count as."""

    kind: str
    cards: tuple[str, ...] = ()
    value: int | None = None
    direction: str | None = None
    target: int | None = None
    pile: int | None = None

    @property
    def code(self) -> str:
        if self.kind == "play":
            return play_code(self.cards, self.value)
        if self.kind == "dir":
            return dir_code(str(self.direction))
        if self.kind == "swap":
            return swap_code(int(self.target or 0))
        return punish_code(int(self.pile or 0))


# Every play there is, as its one shared Action: legal-move lists are built by lookup, not
# by formatting strings (search bots list them in every roll-out step).
_NAMES = {value: str(value) for value in VALUES}
_VALUE_OF = {str(value): value for value in VALUES}
# What a hand that could not play may hold: by direction and top value, and with no Six
# or Wild to answer a MEAN! (``Knowledge.lacks``).
_CANNOT_FOLLOW = {
    ("up", top): tuple(sorted(str(v) for v in VALUES if v < top)) for top in VALUES
} | {("down", top): tuple(sorted(str(v) for v in VALUES if v > top)) for top in VALUES}
_CANNOT_ANSWER = tuple(sorted(str(v) for v in VALUES if v != MEAN_VALUE))
_PLAYS = {
    (value, count): Action(play_code((str(value),) * count))
    for value in VALUES
    for count in range(1, KIND_LIMIT + 1)
}
_WILD_PLAYS = {
    (value, count): Action(play_code((WILD,) * count, value))
    for value in VALUES
    for count in range(1, KIND_LIMIT + 1)
}
# The values from ``low`` to ``high`` with their card names: ``_BANDS[low, high]``.
_BANDS = {
    (low, high): tuple((value, _NAMES[value]) for value in range(low, high + 1))
    for low in VALUES
    for high in VALUES
}
# The plays of one to ``k`` cards of a value, in that order: ``_RUNS[value][k]``.
_RUNS = {
    value: tuple(
        tuple(_PLAYS[value, count] for count in range(1, k + 1)) for k in range(KIND_LIMIT + 1)
    )
    for value in VALUES
}


@lru_cache(maxsize=4096)
def _wild_plays(
    low: int, high: int, run_value: int | None, run_count: int, wilds: int
) -> tuple[Action, ...]:
    """The Wild plays open from ``low`` to ``high`` with up to ``wilds`` Wilds: by count,
    then by value; never more than four of a kind with the run on top."""
    return tuple(
        _WILD_PLAYS[value, count]
        for count in range(1, wilds + 1)
        for value in range(low, high + 1)
        if count <= (KIND_LIMIT - run_count if value == run_value else KIND_LIMIT)
    )


_DIRS = [Action(dir_code("up")), Action(dir_code("down"))]
MAX_PLAYERS = 8
# Zone names made once.
_HAND_ZONES = tuple(f"hand:{seat}" for seat in range(MAX_PLAYERS))
_PILE_ZONES = tuple(f"punish:{pile}" for pile in range(PILES))
_ALONE = tuple((seat,) for seat in range(MAX_PLAYERS))  # to_act: one seat at a time
_SWAPS = [Action(swap_code(target)) for target in range(8)]
_PUNISHES = [Action(punish_code(pile)) for pile in range(PILES)]
DIRECTION_WORDS = {"up": "Going Up", "down": "Going Down"}


def _play_events(seat: int) -> dict[str, tuple[Event, ...]]:
    """What every play there is by ``seat`` shows first, by its code: the cards' move onto
    the Play Area, which says what they count as (a Wild's announced value travels on it),
    and for Wilds the announcement of the value."""
    plays = {}
    for (value, count), action in [*_PLAYS.items(), *_WILD_PLAYS.items()]:
        cards = (action.code.split()[1],) * count
        data = {"value": value}
        events = [Event("move", cards, _HAND_ZONES[seat], "play", "up", seat, "", data)]
        if cards[0] == WILD:
            wilds = "Wild" if count == 1 else f"{count} Wilds"
            text = f"{{P{seat}}}: {wilds} as {value}"
            events.append(
                announce(text, seat, what="wild", seats=(seat,), value=value, count=count)
            )
        plays[action.code] = tuple(events)
    return plays


@lru_cache(maxsize=1024)
def _punished(seat: int, owed: int, reason: str) -> tuple[Event, Event]:
    """The turn of ``seat`` to take ``owed`` Punishment Piles, and its announcement."""
    piles = "a Punishment Pile" if owed == 1 else f"{owed} Punishment Piles"
    return (
        Event("turn", seat=seat, text="punish", what="punish"),
        announce(
            f"{{P{seat}}} takes {piles}",
            seat,
            what="punished",
            seats=(seat,),
            owed=owed,
            reason=reason,
        ),
    )


@lru_cache(maxsize=1024)
def _mean_announced(seat: int, unresolved: int) -> Event:
    """MEAN!, by ``seat``, with ``unresolved`` MEAN! cards on top of the Play Area now."""
    return announce("MEAN!", seat, what="mean", seats=(seat,), unresolved=unresolved)


# The events that are always the same are made once (events are never changed): by seat,
# a play's first events, the start of a normal turn, a restart after a clear, a MEAN! to
# answer, a clear, a MEAN! resolved, the Card Direction announced; the end game's and a
# replenish's announcements; the punishments and MEAN! announcements as they come up.
_PLAY_EVENTS = tuple(_play_events(seat) for seat in range(MAX_PLAYERS))
_TURNS = tuple(Event("turn", (), None, None, "up", seat) for seat in range(MAX_PLAYERS))
_RESTARTS = tuple(
    Event("turn", seat=seat, text="restart", what="restart") for seat in range(MAX_PLAYERS)
)
_ANSWERS = tuple(
    Event("turn", seat=seat, text="MEAN!", what="answer") for seat in range(MAX_PLAYERS)
)
_CLEARED = tuple(
    announce("Play Area cleared", seat, what="clear", seats=(seat,)) for seat in range(MAX_PLAYERS)
)
_RESOLVED = tuple(
    announce("MEAN! resolved", seat, what="mean-resolved", seats=(seat,))
    for seat in range(MAX_PLAYERS)
)
_END_GAME = announce("The Draw Deck is empty: the end game", what="end-game")
_REPLENISH = announce(
    "No Punishment Piles left: new ones are made from the Play Area", what="replenish"
)
_PLAY_SHUFFLED = Event("shuffle", src="play")
_DIRECTION_EVENTS = {
    direction: tuple(
        announce(words, seat, what="direction", seats=(seat,), direction=direction)
        for seat in range(MAX_PLAYERS)
    )
    for direction, words in DIRECTION_WORDS.items()
}


def _number(word: str, what: str) -> int:
    if not word.isdigit() or len(word) > 3:
        raise IllegalAction(f"{what} is a number: '{word}' is not one.")
    return int(word)


@lru_cache(maxsize=4096)
def parse(code: str) -> Move:
    """Read an action code, or raise ``IllegalAction`` saying what is wrong with it.

    >>> parse("play W as 3")
    Move(kind='play', cards=('W',), value=3, direction=None, target=None, pile=None)
    >>> parse("swap with 2").target
    2
    """
    words = code.split()
    verb = words[0] if words else ""
    if verb == "play":
        cards, value = parse_play(code)
        return Move("play", cards=cards, value=value)
    if verb == "dir":
        if len(words) != 2 or words[1] not in ("up", "down"):
            raise IllegalAction("The Card Direction is 'dir up' (Going Up) or 'dir down'.")
        return Move("dir", direction=words[1])
    if verb == "swap":
        if len(words) != 3 or words[1] != "with":
            raise IllegalAction("Choose whose hand your Eight swaps: 'swap with N'.")
        return Move("swap", target=_number(words[2], "The player to swap with"))
    if verb == "punish":
        if len(words) != 2:
            raise IllegalAction("Choose the Punishment Pile you take: 'punish N'.")
        return Move("punish", pile=_number(words[1], "A Punishment Pile"))
    raise IllegalAction(
        "A MEAN! move is 'play 7', 'play W as 3', 'dir up', 'swap with 2' or 'punish 1'."
    )


def parse_play(code: str) -> tuple[tuple[str, ...], int]:
    """The cards and the value of a ``play`` code, or ``IllegalAction`` saying what is wrong.

    >>> parse_play("play W W as 7")
    (('W', 'W'), 7)
    """
    words = code.split()
    if not words or words[0] != "play" or len(words) < 2:
        raise IllegalAction("Say what you play: 'play 7', 'play 6 6' or 'play W as 3'.")
    words = words[1:]
    announced: int | None = None
    if "as" in words:
        at = words.index("as")
        if at != len(words) - 2 or at == 0:
            raise IllegalAction("Announce a Wild like this: 'play W as 7' or 'play W W as 7'.")
        try:
            announced = int(words[-1])
        except ValueError:
            raise IllegalAction("A Wild stands for a number from 1 to 12.") from None
        words = words[:at]
    cards = tuple(words)
    if WILD in cards and len(set(cards)) > 1:
        raise IllegalAction("Wilds and numbered cards are never played together.")
    if cards[0] == WILD:
        if announced is None:
            raise IllegalAction("Announce the value of your Wild: 'play W as 7'.")
        if announced not in VALUES:
            raise IllegalAction("A Wild stands for a number from 1 to 12.")
        return cards, announced
    if announced is not None:
        raise IllegalAction("Only a Wild is announced: play a numbered card as 'play 7'.")
    if len(set(cards)) > 1:
        raise IllegalAction("Cards played together must all have the same value.")
    try:
        value = int(cards[0])
    except ValueError:
        raise IllegalAction(f"There is no card {cards[0]!r} in MEAN!.") from None
    if value not in VALUES:
        raise IllegalAction("MEAN! cards run from 1 to 12, plus the Wilds.")
    return cards, value


class MeanState(GameState):
    game_id = "mean"
    fixed_fields = ("pile_takes",)

    def __init__(self, players: int, seed, options: dict[str, Any], deck: list[str] | None):
        super().__init__(players, seed, options)
        self.play_on: bool = bool(options.get("play_on", False))
        stack = list(deck) if deck is not None else self.full_deck(players, options)
        events: list[Event] = [
            Event("deal", text="Four Punishment Piles, four cards each.", what="deal")
        ]
        if deck is None:
            self.rng.shuffle(stack)
            events.append(Event("shuffle", src="draw"))
        # Zones keep the top card last; a stacked deck lists the top first.
        self.draw_deck: list[str] = list(reversed(stack))
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.punishment_piles: list[list[str]] = [[] for _ in range(PILES)]
        self.play_area: list[str] = []
        self.play_values: list[int] = []  # the value each Play Area card counts as
        self.removed: list[str] = []
        self.removed_unseen: list[str] = []
        self.direction: str | None = None
        self.unresolved_mean = 0
        self.phase = PHASE_PLAY
        self.current = 0
        self.piles_owed = 0
        self.punish_reason = ""
        self.pending: dict[str, Any] | None = None  # the play waiting for dir / swap
        self.active: list[bool] = [True] * players
        self.finish_order: list[list[int]] = []  # seats that went out, in order
        self.eight_losers: list[int] = []
        # The end game's watch for cycling (all of it only once the Draw Deck is empty):
        # turns since the last progress, each hand's lowest size, what is out of play and
        # how often each position has occurred since then.
        self.turns_without_progress = 0
        self.lowest: list[int] | None = None
        self.progress_mark: tuple[int, int] = (0, players)
        self.positions: dict[tuple[Any, ...], int] = {}
        # Parts of ``position`` kept until they change (a move changes one hand or two):
        # each hand's cards sorted, ``None`` once the hand changed, and the piles likewise.
        self._hand_keys: list[tuple[str, ...] | None] = [None] * players
        self._piles_key: tuple[tuple[str, ...], ...] | None = None
        self.called = False  # the game was called as endless: fewest cards win
        # The plays a turn found open when it started, kept for legal_actions once the
        # move that led to it is done (``_changed``): the turn needed them anyway.
        self._fresh: tuple[int, list[Action]] | None = None
        # Events built directly (no keywords, zone names made once): a deal is 28 events
        # or more, a fair share of a whole random play-through's cost.
        draw = self.draw_deck
        for pile in range(PILES):
            zone, cards = f"punish:{pile}", self.punishment_piles[pile]
            for place in range(PILE_SIZE):
                card = draw.pop()
                cards.append(card)
                face = "up" if place == PILE_SIZE - 1 else "down"
                events.append(Event("move", (card,), "draw", zone, face, None, "", {}))
        # One card at a time, from the dealer's left, ending with the dealer (seat 0).
        for _ in range(DEAL_SIZE):
            for step in range(1, players + 1):
                seat = step % players
                card = draw.pop()
                self.hands[seat].append(card)
                events.append(Event("move", (card,), "draw", _HAND_ZONES[seat], seat, seat, "", {}))
        # What each player has seen go into the others' hands (search bots' worlds agree
        # with it), as a chain worked out only when a world is sampled (``knowledge``);
        # sampled worlds stop keeping it (``_hidden_moved``).
        self.learned = Learned.start(Knowledge.dealt(players, DEAL_SIZE))
        self._tracking = True
        # Every Punishment Pile taken, as the table saw it: who took it, and the piles
        # there were to choose from (cards, face-up top), the taken one first.
        self.pile_takes: tuple[tuple[int, tuple[tuple[int, str], ...]], ...] = ()
        events += self._start_turn(0)  # the dealer goes first
        self.setup_events = events
        self._changed()

    @classmethod
    def full_deck(cls, players: int, options: dict[str, Any]) -> list[str]:
        return one_deck() * decks_for(players)

    # -- the contract ------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == PHASE_OVER else _ALONE[self.current]

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == PHASE_OVER or seat != self.current:
            return []
        if self.phase in (PHASE_PLAY, PHASE_ANSWER):
            return self._plays(seat)
        if self.phase == PHASE_DIR:
            return list(_DIRS)
        if self.phase == PHASE_SWAP:
            return [_SWAPS[target] for target in self.swap_targets(seat)]
        return [_PUNISHES[n] for n in self.piles_to_take()]

    def allows(self, seat: int, code: str) -> bool:
        """The direct check behind ``check``: the code read, then the phase's rule."""
        if seat != self.current or self.phase == PHASE_OVER:
            return False
        try:
            read = parse(code)
        except IllegalAction:
            return False
        if read.code != code:
            return False  # legal codes are written one way only
        if self.phase in (PHASE_PLAY, PHASE_ANSWER):
            if read.kind != "play" or read.value is None:
                return False
            if self.phase == PHASE_ANSWER and read.value != MEAN_VALUE:
                return False
            held = sum(1 for card in self.hands[seat] if card == read.cards[0])
            return (
                held >= len(read.cards)
                and self.fits_direction(read.value)
                and len(read.cards) <= self.room_for(read.value)
            )
        if self.phase == PHASE_DIR:
            return read.kind == "dir"
        if self.phase == PHASE_SWAP:
            return read.kind == "swap" and read.target in self.swap_targets(seat)
        return read.kind == "punish" and read.pile in self.piles_to_take()

    def explain(self, seat: int, code: str) -> str:
        code = " ".join(code.split())
        if self.phase == PHASE_OVER:
            return "The game is over."
        if seat != self.current:
            return "It is not your turn."
        words = code.split()
        verb = words[0] if words else ""
        if self.phase == PHASE_DIR:
            if verb == "dir":
                return "The Card Direction is 'dir up' (Going Up) or 'dir down' (Going Down)."
            return "Announce the Card Direction for your card: 'dir up' or 'dir down'."
        if self.phase == PHASE_SWAP:
            return self._explain_swap(seat, words)
        if self.phase == PHASE_PUNISH:
            return self._explain_punish(seat, code)
        if verb == "punish":
            if self.phase == PHASE_ANSWER:
                return "You can answer the MEAN! with a Six (or a Wild as Six), so you must."
            return "You can play, so you must: no Punishment Pile for you this turn."
        if verb != "play":
            return "It is your turn to play: 'play 7', 'play 6 6' or 'play W as 3'."
        try:
            cards, value = parse_play(code)
        except IllegalAction as refused:
            return refused.reason
        return self._explain_play(seat, cards, value)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        read = parse(action.code)
        kind = read.kind
        if kind == "play":
            assert read.value is not None
            events = self._play(seat, read.cards, read.value, action.code)
        elif kind == "dir":
            events = self._choose_direction(seat, str(read.direction))
        elif kind == "swap":
            events = self._swap(seat, int(read.target or 0))
        else:
            events = self._take_pile(seat, int(read.pile or 0))
        if self.phase != PHASE_OVER and not self.draw_deck:
            events += self._watch_for_cycles()
        return events

    def zones(self) -> dict[str, Zone]:
        zones = {
            "draw": Zone("draw", self.draw_deck, NONE),
            "play": Zone("play", self.play_area, ALL),
            "removed": Zone("removed", self.removed, ALL),
            "removed:unseen": Zone("removed:unseen", self.removed_unseen, NONE),
        }
        for pile in range(PILES):
            name = f"punish:{pile}"
            zones[name] = Zone(name, self.punishment_piles[pile], TOP)
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
        ranking = [list(group) for group in self.finish_order]
        still_in = [seat for seat in range(self.players) if self.active[seat]]
        if self.eight_losers and not self.play_on:
            # Going out on an Eight: everyone else wins.
            ranking = [[s for s in range(self.players) if s not in self.eight_losers]]
        elif self.called:
            # A called game: fewer cards in hand rank higher.
            for count in sorted({len(self.hands[s]) for s in still_in}):
                ranking.append([s for s in still_in if len(self.hands[s]) == count])
        elif still_in:
            ranking.append(still_in)
        if self.eight_losers:
            ranking.append(sorted(self.eight_losers))
        scores = [0] * self.players
        below = self.players
        for group in ranking:
            below -= len(group)
            for seat in group:
                scores[seat] = below
        detail = {
            "winners": list(ranking[0]),
            "went_out": [list(group) for group in self.finish_order],
            "lost_on_eight": list(self.eight_losers),
            "called": self.called,
            # What the results screen shows for a player who did not go out: MEAN! keeps
            # no points, so the cards still in hand are what a place came down to.
            "cards_left": [len(hand) for hand in self.hands],
        }
        return Result(scores=scores, ranking=ranking, detail=detail)

    def public_observation(self, seat: int | None) -> dict[str, Any]:
        run_value, run_count = self.top_run()
        return {
            "phase": self.phase,
            "current": self.current,
            "direction": self.direction,
            "play_values": list(self.play_values),
            "top_value": run_value,
            "run": {"value": run_value, "count": run_count},
            "unresolved_mean": self.unresolved_mean,
            "piles_owed": self.piles_owed,
            "punish_reason": self.punish_reason if self.phase == PHASE_PUNISH else "",
            "punishment_piles": [
                {"count": len(pile), "top": pile[-1] if pile else None}
                for pile in self.punishment_piles
            ],
            "draw_count": len(self.draw_deck),
            "out_of_play": len(self.removed) + len(self.removed_unseen),
            "turns_without_progress": self.turns_without_progress,
            "hand_counts": [len(hand) for hand in self.hands],
            "active": list(self.active),
            "went_out": [list(group) for group in self.finish_order],
            "lost_on_eight": list(self.eight_losers),
            "pending": None if self.pending is None else dict(self.pending),
            # Immutable, so shared as it is: (taker, ((cards, face-up top), ...)), ...
            "pile_takes": self.pile_takes,
        }

    def copy(self) -> MeanState:
        """A deep copy, written out because search bots copy states thousands of times."""
        new = self._twin()
        new.draw_deck = list(self.draw_deck)
        new.hands = [list(hand) for hand in self.hands]
        new.punishment_piles = [list(pile) for pile in self.punishment_piles]
        new.play_area = list(self.play_area)
        new.play_values = list(self.play_values)
        new.removed = list(self.removed)
        new.removed_unseen = list(self.removed_unseen)
        new.pending = None if self.pending is None else dict(self.pending)
        new.active = list(self.active)
        new.finish_order = [list(group) for group in self.finish_order]
        new.eight_losers = list(self.eight_losers)
        new.lowest = None if self.lowest is None else list(self.lowest)
        new.positions = dict(self.positions)
        new._hand_keys = list(self._hand_keys)  # the sorted hands are tuples: shared
        return new

    @property
    def knowledge(self) -> Knowledge:
        """What each seat knows of the other hands now (``Knowledge``), worked out when
        asked."""
        return self.learned.knowledge

    def _hidden_moved(self) -> None:
        # The hidden cards moved between hands and piles behind the rules' back.
        self._hand_keys = [None] * self.players
        self._piles_key = None
        # A sampled world keeps what its seat knew when it was dealt (a world dealt from
        # it agrees), and stops keeping it: its roll-outs need speed, not memory.
        self._tracking = False

    def _deal_hidden(self, seat: int, zones: dict[str, Zone], rng: Rng) -> None:
        """The engine's deal, unless ``seat`` has seen something of the other hands
        (``knowledge``): then the cards it saw go in, and the cards a hand showed it
        lacks stay out (``agree``)."""
        knowledge = self.knowledge
        if seat is None or not 0 <= seat < self.players or knowledge.blind(seat):
            super()._deal_hidden(seat, zones, rng)
        else:
            agree(knowledge, seat, self.hands, zones, rng)

    # -- what the table shows ----------------------------------------------------------

    def top_run(self) -> tuple[int | None, int]:
        """The value on top of the Play Area and how many cards of it lie there in a row
        (Wilds counted as what they were announced as)."""
        if not self.play_values:
            return None, 0
        value = self.play_values[-1]
        count = 0
        for played in reversed(self.play_values):
            if played != value:
                break
            count += 1
        return value, count

    def fits_direction(self, value: int) -> bool:
        """Whether a card of ``value`` may go on the Play Area now (direction only)."""
        if not self.play_values:
            return True
        top = self.play_values[-1]
        return value >= top if self.direction == "up" else value <= top

    def room_for(self, value: int) -> int:
        """How many cards of ``value`` may go on top now: four of a kind at most."""
        run_value, run_count = self.top_run()
        return KIND_LIMIT - run_count if run_value == value else KIND_LIMIT

    def plays(self, seat: int) -> list[tuple[int, tuple[str, ...]]]:
        """Every play open to ``seat`` now, as (value, cards): numbered cards by value
        and count, then Wilds by count and value."""
        reads = [parse(action.code) for action in self._plays(seat)]
        return [(int(read.value or 0), read.cards) for read in reads]

    def _plays(self, seat: int) -> list[Action]:
        # Search bots ask in every roll-out step: only the values held that follow the
        # direction are counted, runs and Wild plays come whole from tables.
        values = self.play_values
        if not values:
            low, high = VALUES[0], VALUES[-1]
            run_value, run_count = None, 0
        else:
            run_value = values[-1]
            if self.direction == "up":
                low, high = run_value, VALUES[-1]
            else:
                low, high = VALUES[0], run_value
            run_count = 0  # top_run, inline: the cards of the top value in a row
            for played in reversed(values):
                if played != run_value:
                    break
                run_count += 1
        if self.phase == PHASE_ANSWER:
            if not low <= MEAN_VALUE <= high:
                return []
            low = high = MEAN_VALUE
        hand = self.hands[seat]
        plays: list[Action] = []
        # The values that follow the direction, in order, looked up among those held.
        held = set(hand)
        for value, name in _BANDS[low, high]:
            if name in held:
                count = hand.count(name)
                room = KIND_LIMIT - run_count if value == run_value else KIND_LIMIT
                plays += _RUNS[value][count if count < room else room]
        if WILD in held:
            wilds = hand.count(WILD)
            plays += _wild_plays(low, high, run_value, run_count, min(wilds, KIND_LIMIT))
        return plays

    def swap_targets(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if s != seat and self.active[s]]

    def piles_to_take(self) -> list[int]:
        return [n for n, pile in enumerate(self.punishment_piles) if pile]

    def direction_words(self) -> str:
        return DIRECTION_WORDS["up" if self.direction == "up" else "down"]

    # -- why a move is refused ---------------------------------------------------------

    def _explain_swap(self, seat: int, words: list[str]) -> str:
        ask = "Your Eight swaps your hand: choose whose, 'swap with N'."
        if len(words) != 3 or words[:2] != ["swap", "with"]:
            return ask
        try:
            target = int(words[2])
        except ValueError:
            return ask
        if target == seat:
            return "Swap with another player: your own hand is no swap."
        if not 0 <= target < self.players:
            return "There is no such player at this table: choose another to swap with."
        if not self.active[target]:
            return "That player is out of the game: swap with a player still in it."
        return ask

    def _explain_punish(self, seat: int, code: str) -> str:
        words = code.split()
        owed = self.piles_owed
        piles = "a Punishment Pile" if owed == 1 else f"{owed} Punishment Piles"
        if self.punish_reason == "mean-cleared":
            why = f"The MEAN! cleared the Play Area: you take {piles}, even holding a Six."
        elif self.punish_reason == "mean":
            why = f"MEAN! and you have no Six to answer: you take {piles}."
        else:
            why = f"You cannot play: you take {piles}."
        if len(words) == 2 and words[0] == "punish":
            try:
                pile = int(words[1])
            except ValueError:
                return f"{why} Choose one: 'punish N'."
            if not 0 <= pile < PILES:
                return f"The Punishment Piles are numbered 0 to {PILES - 1}."
            return f"Punishment Pile {pile} is empty: choose another."
        if words and words[0] == "play" and self.punish_reason == "stuck":
            # Say which rule stops the card, then what is left to do.
            try:
                cards, value = parse_play(code)
            except IllegalAction as refused:
                return refused.reason
            return f"{self._explain_play(seat, cards, value)} {why} Choose one: 'punish N'."
        return f"{why} Choose one: 'punish N'."

    def _explain_play(self, seat: int, cards: tuple[str, ...], value: int) -> str:
        held = Counter(self.hands[seat])[cards[0]]
        if held < len(cards):
            name = "Wild" if cards[0] == WILD else NUMBER_NAMES[value]
            if held == 0:
                return f"You have no {name} in your hand."
            return f"You have only {held} {name}{'es' if name == 'Six' else 's'} in your hand."
        if self.phase == PHASE_ANSWER:
            return "MEAN!: answer only with a Six (or a Wild as Six), or take the punishment."
        if not self.fits_direction(value):
            top = self.play_values[-1]
            if self.direction == "up":
                rule = f"{self.direction_words()}: play {a_value(top)} or higher"
            else:
                rule = f"{self.direction_words()}: play {a_value(top)} or lower"
            if cards[0] == WILD:
                return f"{rule}; a Wild stands only for a value that follows the direction."
            return f"{rule}."
        room = self.room_for(value)
        if len(cards) > room:
            if room == KIND_LIMIT:
                return f"Four of a kind at most: play no more than four {value}s together."
            lying = KIND_LIMIT - room
            return (
                f"Four of a kind at most: {lying} of {value} lie on top, "
                f"so only {plural(value, room).lower()} more may go on."
            )
        return f"'{play_code(cards, value)}' is not a move you can make now."

    # -- the rules ---------------------------------------------------------------------

    def _play(self, seat: int, cards: tuple[str, ...], value: int, code: str) -> list[Event]:
        from_empty = not self.play_area
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        self._hand_keys[seat] = None
        if self._tracking:
            self.learned = Learned(self.learned, "played", (seat, cards))
        self.play_area.extend(cards)
        self.play_values += [value] * len(cards)
        events = list(_PLAY_EVENTS[seat][code])
        direction = SETS_DIRECTION.get(value)  # One and Three set Going Up, Ten and Twelve Down
        if direction is not None and direction != self.direction:
            self.direction = direction
            events.append(self._direction_event(seat))
        if value == MEAN_VALUE:
            # A MEAN! answer adds to the unresolved ones; a fresh MEAN! starts from none.
            self.unresolved_mean += len(cards)
            events.append(_mean_announced(seat, self.unresolved_mean))
        clears = self.play_values[-KIND_LIMIT:].count(value) == KIND_LIMIT  # four in a row
        eight = value == EIGHT
        announce_direction = from_empty and self.direction is None and not clears
        if not eight and not announce_direction:
            # The usual play: nothing to wait for, so it ends at once (no pending step).
            events += self._end_play(seat, clears)
            return events
        self.pending = {"seat": seat, "value": value, "clears": clears, "eight": eight}
        losing = eight and not hand
        if losing and (not self.play_on or sum(self.active) <= 2):
            return events + self._lose(seat)
        if announce_direction:
            self.phase = PHASE_DIR
            return events
        events += self._after_direction(seat)
        return events

    def _choose_direction(self, seat: int, direction: str) -> list[Event]:
        self.direction = direction
        return [self._direction_event(seat)] + self._after_direction(seat)

    def _direction_event(self, seat: int) -> Event:
        return _DIRECTION_EVENTS[str(self.direction)][seat]

    def _after_direction(self, seat: int) -> list[Event]:
        assert self.pending is not None
        if self.pending["eight"]:
            if not self.hands[seat]:
                events = self._lose(seat)
                return events if self.phase == PHASE_OVER else events + self._after_swap(seat)
            self.phase = PHASE_SWAP
            return []
        return self._after_swap(seat)

    def _swap(self, seat: int, target: int) -> list[Event]:
        mine, theirs = list(self.hands[seat]), list(self.hands[target])
        # The lists stay the same objects: zones wrap them.
        self.hands[seat][:] = theirs
        self.hands[target][:] = mine
        keys = self._hand_keys
        keys[seat], keys[target] = keys[target], keys[seat]
        if self._tracking:
            self.learned = Learned(
                self.learned, "swapped", (seat, target, tuple(mine), tuple(theirs))
            )
        events = [
            announce(
                f"{{P{seat}}} swaps hands with {{P{target}}}",
                seat,
                what="swap",
                seats=(seat, target),
                target=target,
            ),
            move(mine, f"hand:{seat}", f"hand:{target}", face=target, seat=seat),
            move(theirs, f"hand:{target}", f"hand:{seat}", face=seat, seat=target),
        ]
        return events + self._after_swap(seat)

    def _after_swap(self, seat: int) -> list[Event]:
        """The end of a play that waited for its Card Direction or its swap."""
        assert self.pending is not None
        clears = self.pending["clears"]
        self.pending = None
        return self._end_play(seat, clears)

    def _end_play(self, seat: int, clears: bool) -> list[Event]:
        """The end of a play: clear, go out, or pass the turn."""
        events: list[Event] = []
        if clears:
            events += self._clear_play_area(seat)
            if self.unresolved_mean:
                # MEAN! cards that clear still punish: no answer is possible.
                return events + self._begin_punishment(
                    self._next_seat(seat), self.unresolved_mean, "mean-cleared"
                )
            events += self._check_wins()
            if self.phase == PHASE_OVER:
                return events
            if self.active[seat] and self.hands[seat]:
                # The clearer restarts at once on the empty Play Area, without drawing.
                self.current = seat
                self.phase = PHASE_PLAY
                return events + [_RESTARTS[seat]]
            return events + self._start_turn(self._next_seat(seat))
        if self.unresolved_mean:
            return events + self._begin_answer(self._next_seat(seat))
        if not self.draw_deck:  # before that, no one wins
            events += self._check_wins()
            if self.phase == PHASE_OVER:
                return events
        events += self._start_turn(self._next_seat(seat))
        return events

    def _clear_play_area(self, seat: int) -> list[Event]:
        cleared = list(self.play_area)
        self.removed.extend(cleared)
        self.play_area.clear()
        self.play_values.clear()
        self.direction = None
        return [
            move(cleared, "play", "removed", face="up", seat=seat),
            _CLEARED[seat],
        ]

    def _begin_answer(self, seat: int) -> list[Event]:
        self.current = seat
        if any(card in (str(MEAN_VALUE), WILD) for card in self.hands[seat]):
            self.phase = PHASE_ANSWER
            return [_ANSWERS[seat]]
        return self._begin_punishment(seat, self.unresolved_mean, "mean")

    def _begin_punishment(self, seat: int, owed: int, reason: str) -> list[Event]:
        if self._tracking and reason != "mean-cleared":
            # Everyone sees that this hand holds nothing to play (or to answer with).
            if reason == "mean":
                self.learned = Learned(self.learned, "lacks", (seat, _CANNOT_ANSWER))
            elif self.play_values:
                top = self.play_values[-1]
                self.learned = self.learned.then(
                    "lacks", seat, _CANNOT_FOLLOW[self.direction or "up", top]
                )
        self.current = seat
        self.phase = PHASE_PUNISH
        self.piles_owed = owed
        self.punish_reason = reason
        return [*_punished(seat, owed, reason), *self._make_piles_if_none()]

    def _make_piles_if_none(self) -> list[Event]:
        """Replenish when the punished player needs a pile and none is left; when not even
        a partial pile can be made, the rest of the punishment is not collected."""
        if any(self.punishment_piles):  # some pile to take
            return []
        events = self._replenish()
        if any(self.punishment_piles):  # some pile to take
            return events
        events.append(
            announce(
                "No Punishment Pile can be made: the punishment is dropped",
                what="punishment-dropped",
            )
        )
        self.piles_owed = 0
        return events + self._end_punishment()

    def _replenish(self) -> list[Event]:
        events = [_REPLENISH]
        source = self.play_area
        self.rng.shuffle(source)
        self._piles_key = None
        self.play_values.clear()
        self.direction = None
        if source:
            events.append(_PLAY_SHUFFLED)
        total = min(len(source) + len(self.draw_deck), PILES * PILE_SIZE)
        sizes = [PILE_SIZE] * (total // PILE_SIZE)
        if total % PILE_SIZE:
            sizes.append(total % PILE_SIZE)
        # Moves built directly, as in the deal: a random end game replenishes often.
        for pile, size in enumerate(sizes):
            dst, cards = _PILE_ZONES[pile], self.punishment_piles[pile]
            for place in range(size):
                zone = "play" if source else "draw"
                card = source.pop() if source else self.draw_deck.pop()
                cards.append(card)
                face = "up" if place == size - 1 else "down"
                events.append(Event("move", (card,), zone, dst, face, None, "", {}))
        if source:
            left = list(source)
            self.removed_unseen.extend(left)
            source.clear()
            events.append(move(left, "play", "removed:unseen", face="down"))
        if not self.draw_deck and total:
            events.append(_END_GAME)
        return events

    def _take_pile(self, seat: int, pile: int) -> list[Event]:
        cards = list(self.punishment_piles[pile])
        if self._tracking:
            choice = [(len(cards), cards[-1])] + [
                (len(other), other[-1])
                for n, other in enumerate(self.punishment_piles)
                if other and n != pile
            ]
            self.pile_takes += ((seat, tuple(choice)),)
        self.punishment_piles[pile].clear()
        self.hands[seat].extend(cards)
        self._hand_keys[seat] = None
        self._piles_key = None
        if self._tracking:
            self.learned = Learned(self.learned, "took_pile", (seat, tuple(cards)))
        events = []
        # The face-down cards go as the taker alone sees them, the top card face up.
        src, dst = _PILE_ZONES[pile], _HAND_ZONES[seat]
        if len(cards) > 1:
            events.append(Event("move", tuple(cards[:-1]), src, dst, seat, seat, "", {}))
        events.append(Event("move", (cards[-1],), src, dst, "up", seat, "", {}))
        self.piles_owed -= 1
        if self.piles_owed:
            events += self._make_piles_if_none()
        else:
            events += self._end_punishment()
        return events

    def _end_punishment(self) -> list[Event]:
        seat = self.current
        events: list[Event] = []
        if self.unresolved_mean:
            self.unresolved_mean = 0
            events.append(_RESOLVED[seat])
        self.punish_reason = ""
        events += self._check_wins()
        if self.phase == PHASE_OVER:
            return events
        return events + self._start_turn(self._next_seat(seat))

    def _start_turn(self, seat: int) -> list[Event]:
        """A normal turn: draw up to five (by itself), then play or be punished."""
        self.current = seat
        self.phase = PHASE_PLAY
        events = [_TURNS[seat]]
        hand = self.hands[seat]
        deck = self.draw_deck
        if len(hand) < HAND_SIZE and deck:
            count = min(HAND_SIZE - len(hand), len(deck))
            drawn = deck[-count:][::-1]  # one at a time off the top
            del deck[-count:]
            hand.extend(drawn)
            self._hand_keys[seat] = None
            if self._tracking:
                self.learned = Learned(self.learned, "drew", (seat, count))
            events.append(
                Event("move", tuple(drawn), "draw", _HAND_ZONES[seat], seat, seat, "", {})
            )
            if not deck:
                events.append(_END_GAME)
        if not deck:  # before that, no one wins
            events += self._check_wins()
            if self.phase == PHASE_OVER:
                return events
        if not self.active[seat]:
            return events + self._start_turn(self._next_seat(seat))
        if not self.draw_deck:
            self.turns_without_progress += 1
        plays = self._plays(seat)
        if not plays:
            return events + self._begin_punishment(seat, 1, "stuck")
        self._fresh = (seat, plays)  # the turn's start is the last change of a move
        return events

    def _changed(self) -> None:
        fresh, self._fresh = self._fresh, None
        if self.phase == PHASE_OVER:  # a game called after the turn began offers nothing
            fresh = None
        self._legal = {} if fresh is None else {fresh[0]: fresh[1]}

    def _check_wins(self) -> list[Event]:
        """Once the Draw Deck is empty, an empty hand wins at once; never while a MEAN! is
        unresolved (its player has not won until someone else takes the punishment)."""
        if self.draw_deck or self.unresolved_mean:
            return []
        if all(self.hands):  # every hand holds cards: asked twice a turn in the end game
            return []
        order = [(self.current + step) % self.players for step in range(self.players)]
        winners = [seat for seat in order if self.active[seat] and not self.hands[seat]]
        if not winners:
            return []
        for seat in winners:
            self.active[seat] = False
        self.finish_order.append(sorted(winners))
        events = [
            announce(f"{{P{seat}}} wins!", seat, what="win", seats=(seat,)) for seat in winners
        ]
        if not self.play_on or sum(self.active) <= 1:
            events += self._game_over()
        return events

    def _lose(self, seat: int) -> list[Event]:
        self.active[seat] = False
        self.eight_losers.append(seat)
        events = [
            announce(
                f"{{P{seat}}} went out on an Eight and loses!",
                seat,
                what="lost-on-eight",
                seats=(seat,),
            )
        ]
        if not self.play_on or sum(self.active) <= 1:
            events += self._game_over()
        return events

    def _game_over(self) -> list[Event]:
        self.phase = PHASE_OVER
        self.pending = None
        result = self.result
        assert result is not None
        return [
            Event("over", data=result.to_dict(), what="match-over", seats=tuple(result.winners))
        ]

    def position(self) -> tuple[Any, ...]:
        """Everything the rest of the game depends on: every hand (its cards in any order),
        the Play Area, the Punishment Piles, the direction and who is to act in what step."""
        pending = None if self.pending is None else tuple(sorted(self.pending.items()))
        # Asked after every move of the end game: only the hands and piles that changed
        # since the last time are sorted and copied again.
        hands = self._hand_keys
        if None in hands:
            for seat, hand in enumerate(self.hands):
                if hands[seat] is None:
                    hands[seat] = tuple(sorted(hand))
        piles = self._piles_key
        if piles is None:
            piles = self._piles_key = tuple(map(tuple, self.punishment_piles))
        return (
            tuple(hands),
            tuple(self.play_area),
            tuple(self.play_values),
            piles,
            self.direction,
            self.current,
            self.phase,
            self.unresolved_mean,
            self.piles_owed,
            pending,
            tuple(self.active),
        )

    def _watch_for_cycles(self) -> list[Event]:
        """After each move once the Draw Deck is empty: progress (a card left play, a player
        went out, a hand reached a new low) restarts the watch; a position seen for the third
        time, or 200 rounds without progress, calls the game (RULINGS.md: Endless games)."""
        hands = self.hands
        lowest = self.lowest
        still_in = sum(self.active)
        mark = (len(self.removed) + len(self.removed_unseen), still_in)
        positions = self.positions
        if (
            lowest is None
            or mark != self.progress_mark
            or any(map(operator.lt, map(len, hands), lowest))  # a hand below its lowest yet
        ):
            sizes = list(map(len, hands))
            self.lowest = sizes if lowest is None else list(map(min, sizes, lowest))
            self.progress_mark = mark
            self.turns_without_progress = 0
            # A card out of play never comes back, so no earlier position can recur.
            positions.clear()
        key = self.position()
        # Counted with one look-up of the key when it is new (the usual case): hashing a
        # whole position is a fair share of an end-game move.
        known = len(positions)
        seen = positions.setdefault(key, 1)
        if len(positions) == known:  # the position has occurred before
            seen += 1
            positions[key] = seen
        if seen >= REPETITIONS:
            text = "The same position has come round a third time: the game is called"
            return self._call(text, "repetition")
        if self.turns_without_progress >= BACKSTOP_ROUNDS * still_in:
            text = (
                f"{BACKSTOP_ROUNDS} rounds without a card leaving play or a hand getting "
                "smaller: the game is called"
            )
            return self._call(text, "backstop")
        return []

    def _call(self, text: str, why: str) -> list[Event]:
        self.called = True
        events = [announce(text, what="called", why=why)]
        return events + self._game_over()

    def _next_seat(self, seat: int) -> int:
        following = seat + 1 if seat + 1 < self.players else 0
        if self.active[following]:
            return following
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if self.active[candidate]:
                return candidate
        return seat


RULES_HELP = """\
# MEAN!

**Players:** 2 to 8 (one deck for 2-4, two decks for 5-8).
**Goal:** once the Draw Deck is used up, be the first to empty your hand.

## The cards
Each deck has 54 cards: One to Twelve four times each, except **six Sixes**, and four
**Wilds**. Colours mean nothing.

## Setting up
1. Shuffle. Build four **Punishment Piles** (numbered 0 to 3), each of two face-down
   cards and one face-up card on top.
2. Deal four cards to each player. The rest is the face-down **Draw Deck**.
3. The dealer plays first; play moves clockwise.

## Your turn
1. **Draw:** with fewer than five cards, draw up to five (the table does this for you).
   Not when the Draw Deck is empty, and not when you are answering a MEAN!.
2. **Play or be punished.** If you can play, you must. Several cards of one value may go
   together. If you cannot play, take a whole Punishment Pile of your choice into your
   hand; that ends your turn and the pile is not replaced.

## Card Direction
- On an **empty Play Area** play any card(s) and announce **Going Up** or **Going Down**.
- **Going Up:** play a card equal to or higher than the top card. **Going Down:** equal
  or lower. Numbers may be skipped.
- **One and Three** set Going Up; **Ten and Twelve** set Going Down (on an empty Play
  Area too: then you announce nothing). Every special card must still follow the
  direction to be played. Other cards never change it.

## Special cards
- **Eight:** swap your whole hand with another player of your choice (once per play, even
  with several Eights). **If your last card is an Eight, you lose and everyone else
  wins.** You must play it all the same if it is your only play.
- **Wild:** plays as any value that follows the direction; announce it ("Wild as 7"). As a
  One, Three, Ten, Twelve, Six or Eight it does what that card does. Wilds never go with
  numbered cards, but several Wilds may go together as one value.
- **Six (MEAN!):** the next player, without drawing, must answer with one or more Sixes
  (or Wilds as Six) if they can, passing it on; otherwise they take one Punishment Pile
  for every **unresolved** MEAN! on top of the Play Area. Taking them ends their turn and
  resolves those MEAN! cards; play goes on from the Six in the same direction.

## Four of a kind clears the Play Area
- Never more than four of one value in a row on top of the Play Area, Wilds included.
- The fourth one **clears** the Play Area: the cards go out of play for the rest of the
  game, and the clearer starts again at once on the empty Play Area, without drawing.
- Eights that clear: swap first, then clear and restart.
- Sixes that clear: the next player must take the piles for the unresolved MEAN! cards,
  even holding a Six.

## Replenishing the Punishment Piles
When a player must take a pile and none is left, the whole Play Area is shuffled and
dealt into four new piles as at the start (the Draw Deck makes up any shortfall; the last
pile may be short, its top card always face up). Cards left over go out of play. The
punished player then takes what they owe, and the next player starts on the empty Play
Area. **The Draw Deck is never replenished.**

## Winning
When the Draw Deck is empty, the first player with an empty hand wins at once. A player
whose hand empties while the Draw Deck still has cards draws five at their next turn.
With the option **play on until one loser remains**, winners leave the table in turn and
play continues until only one player holds cards.

## Rulings Card Table follows
- Four of a kind may be played at once, even on an empty Play Area: it clears at once.
- A Wild on an empty Play Area may stand for any value; as One or Three it sets Going Up,
  as Ten or Twelve Going Down.
- When several of one value go down together, direction and MEAN! count every card: two
  Sixes are two unresolved MEAN! cards.
- A player whose hand is empty and who has to answer a MEAN! cannot answer: they take
  the piles (that is how a MEAN! that circles back to the player who went out on it works).
- When MEAN! cards clear the Play Area, the next player takes the piles and the player
  after them starts on the empty Play Area (the punishment ends the clearer's restart).
- No one wins while a MEAN! is unresolved. If several hands are empty at the moment a win
  is decided (the Draw Deck just ran out, or a MEAN! was resolved), those players share
  the win.
- When the Draw Deck runs out while someone's hand is empty, that player wins at once.
- An Eight may be swapped with any player still in the game, even one whose hand is empty.
- When not even a partial Punishment Pile can be made, the rest of the punishment is
  simply not collected.
- Once the Draw Deck is empty, the same cards can circle between hands, Play Area and
  piles for ever. The table calls the game when the same position (every hand, the Play
  Area, the Punishment Piles, the direction and the player to act) occurs for the third
  time, or, as a backstop, after 200 rounds in which no card left play and no hand got
  smaller than it had been. A called game is won by the fewest cards in hand (ties
  share).
- Playing on after a loss on an Eight: the loser leaves, the others keep racing, and the
  Eight loser ranks last; the last player holding cards ranks just above.
"""

INFO = GameInfo(
    id="mean",
    title="MEAN!",
    min_players=2,
    max_players=MAX_PLAYERS,
    state_class=MeanState,
    summary="Shed your cards Going Up or Going Down; Sixes punish, Eights swap hands.",
    rules_help=RULES_HELP,
    options=(
        Option(
            "play_on",
            False,
            "Play on until one loser remains (winners leave the table one by one).",
        ),
    ),
    vocabulary=VOCABULARY,
)
