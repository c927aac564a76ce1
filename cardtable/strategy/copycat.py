"""Bots for Copy Cat: easy, medium and hard.

Every bot decides from its seat's ``SeatView`` only: its hand, the field, the discards,
every seat's coins and hand size and the deck size. The cards it has not seen (the other
hands and the deck together) are the whole deck minus those. Moves are built and read
with the rules module's ``play_code``, ``copy_code`` and ``parse``.
Not for: the rules (``cardtable.games.copycat``).

- easy: copies about half the time it can, plays a number it holds, leaning to the one it
  holds most of, and declares Meow on a small total without counting anyone's cards.
- medium: counts cards. It plays the number the others are least likely to hold (the
  unseen cards showing it, against how many unseen cards lie in other hands), weighing
  cards shed and high numbers shed; copies with every card it can; declares Meow when
  deals of the unseen cards say its total is very likely the strict lowest.
- hard: the one search (``cardtable.strategy.search.ismcts``) with Copy Cat's knowledge
  (``CopyCatSearch``). Its worlds deal the unseen cards to the other hands and the deck
  consistent with what it has seen, and read the others' moves as a medium player's:
  a draw instead of a copy, a number just played or copied says what a hand lacks, and
  each player's last play says what it kept (a medium player sheds its best-scoring
  number, so a low single card played says the rest are low too: ``LastPlay``). Before
  the search it plays each of medium's best few plays and Meow out in the same 48 read
  worlds, 48 more at a time (up to 192) while the best two are within noise, and keeps
  the two with the best mean lead (``CopyCatSearch.sift``); the tree weighs those two,
  its prior favouring the sift's best; the others move as medium would; roll-outs play
  the game out on a compact copy of the rules, everyone playing medium's way; a round's
  value is the coins gained on the others' average (a lead built game by game wins the
  match), less the mean of the two moves' in the same world (paired rounds: a world's luck no longer
  hides which move is better). It copies with every card it can, as medium does.
  Deterministic for a fixed seed.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from cardtable.engine import Action, Rng, shuffle_with
from cardtable.games.copycat.state import CopyCatState
from cardtable.games.copycat.vocabulary import (
    COPY_PRICE,
    MEOW_FAIL_PRICE,
    MEOW_LIMIT,
    MEOW_WIN_PRICE,
    NUMBERS,
    PATTERN_A_BONUS,
    PATTERN_B_PRICE,
    PHASE_ANSWER,
    Move,
    card_value,
    deal_size,
    draw_code,
    meow_code,
    numbers_on,
    one_deck,
    parse,
)

from .base import Bot, SeatView
from .search import ismcts

# Compact cards for the search: 0-7 are the numbers 1-8, 8-11 the special cards.
CODES = [str(n) for n in NUMBERS] + ["1/8", "2/7", "3/6", "4/5"]
INDEX = {code: i for i, code in enumerate(CODES)}
VALUE = [card_value(code) for code in CODES]
SHOWS = [numbers_on(code) for code in CODES]
# For each number, the compact cards that show it.
SHOWING = {n: tuple(i for i in range(len(CODES)) if n in SHOWS[i]) for n in NUMBERS}

# Medium's weights (tuned on seeded games against random and itself).
SHED = 1.0  # per card played
SHED_VALUE = 0.3  # per point of the cards played (a low hand wins Meows and deck-outs)
COPY_RISK = 1.3  # per card the others are expected to copy
PATTERN_B_SCORE = 100.0  # a play that empties the hand beats every other
MEOW_CONFIDENCE = 0.62  # medium declares Meow when at least this likely the lowest
# Where medium's bar falls on the roll-outs' quick estimate (``compact_meow_chance`` runs
# 3-5 points above medium's deals): roll-out players Meow as medium would (bots.md, copycat9).
ROLLOUT_MEOW = 0.655


class Knowledge:
    """What a seat knows, read from its observation."""

    def __init__(self, obs: dict[str, Any], seat: int):
        self.seat = seat
        self.players: int = obs["players"]
        self.hand: list[str] = list(obs["hand"])
        self.counts: list[int] = list(obs["hand_counts"])
        self.coins: list[int] = list(obs["coins"])
        self.deck_count: int = obs["deck_count"]
        self.direction: int = obs["direction"]
        self.phase: str = obs["phase"]
        self.number: int | None = obs["number"]
        self.original: int | None = obs["original"]
        seen = Counter(self.hand) + Counter(obs["zones"]["field"]["cards"])
        seen += Counter(obs["discards"])
        unseen = Counter(one_deck()) - seen
        self.unseen: list[str] = sorted(unseen.elements())
        self.others_cards = sum(self.counts) - len(self.hand)
        self.discards: list[str] = list(obs["discards"])
        self.moves: list[list[Any]] = obs.get("moves", [])
        self._showing: Counter[int] | None = None  # unseen cards per number shown

    def lacking(self) -> dict[int, list[frozenset[int]]]:
        """For each other seat, one set per card in its hand: the numbers that card is
        unlikely to show, read from this game's moves. A player who draws instead of
        copying, or who has just played or copied a number, is taken to hold no other
        card of it; cards drawn since are free. The played cards are taken to be the
        oldest ones, so only the cards surely held through a move carry its number."""
        acquired: dict[int, list[float]] = {}
        lacks: dict[int, list[tuple[float, int]]] = {}
        original: int | None = None
        number = 0
        for step, (who, code) in enumerate(self.moves):
            move = parse(code)
            lacks.setdefault(who, [])
            if move.kind in ("play", "copy"):
                if move.kind == "play":
                    original, number = who, shown(move)
                lacks[who].append((step + 0.5, shown(move)))
            elif move.kind == "draw":
                if who != original and original is not None:
                    lacks[who].append((step, number))
                acquired.setdefault(who, []).append(step + 0.5)
                original = None
        out: dict[int, list[frozenset[int]]] = {}
        for seat in range(self.players):
            if seat == self.seat:
                continue
            size = self.counts[seat]
            drawn = acquired.get(seat, [])[-size:] if size else []
            ages = [-1.0] * (size - len(drawn)) + drawn
            out[seat] = [frozenset(n for t, n in lacks.get(seat, []) if t > age) for age in ages]
        return out

    def showing(self, number: int) -> int:
        """Unseen cards that show ``number`` (counted for every number at the first ask:
        medium asks once per play it weighs)."""
        counts = self._showing
        if counts is None:
            counts = self._showing = Counter(n for card in self.unseen for n in numbers_on(card))
        return counts[number]

    def expected_copies(self, number: int) -> float:
        """How many cards showing ``number`` the other hands hold, on average."""
        if not self.unseen:
            return 0.0
        return self.showing(number) * self.others_cards / len(self.unseen)

    def meow_chance(self, rng: random.Random, samples: int = 48) -> float:
        """How often random deals of the unseen cards leave our total strictly lowest."""
        return sum(self._meow_deals(rng, samples)) / samples

    def meow_likely(self, rng: random.Random, confidence: float, samples: int = 48) -> bool:
        """``meow_chance(rng, samples) >= confidence``, the deals stopped as soon as the
        rest can no longer change the answer (the same answer, fewer deals)."""
        needed = next((wins for wins in range(samples + 1) if wins / samples >= confidence), None)
        if needed is None or needed == 0:
            return needed == 0
        wins = losses = 0
        for won in self._meow_deals(rng, samples):
            if won:
                wins += 1
                if wins >= needed:
                    return True
            else:
                losses += 1
                if samples - losses < needed:
                    return False
        return False

    def _meow_deals(self, rng: random.Random, samples: int) -> Iterator[bool]:
        """Per random deal of the unseen cards (``samples`` of them, or none when the
        others hold more cards than are unseen), whether our total is strictly lowest."""
        mine = sum(card_value(card) for card in self.hand)
        values = [card_value(card) for card in self.unseen]
        sizes = [self.counts[s] for s in range(self.players) if s != self.seat]
        if sum(sizes) > len(values):
            return
        for _ in range(samples):
            shuffle_with(rng, values)
            at = 0
            for size in sizes:
                if sum(values[at : at + size]) <= mine:
                    yield False
                    break
                at += size
            else:
                yield True


def moves_of(view: SeatView) -> list[tuple[Action, Any]]:
    return [(action, parse(action.code)) for action in view.legal_actions]


def medium_play_score(known: Knowledge, cards: Sequence[str], number: int) -> float:
    """How good an original play is: cards and points shed, against the copies it invites.
    Emptying the hand (Pattern B) beats everything."""
    left = len(known.hand) - len(cards)
    if left == 0:
        return PATTERN_B_SCORE
    shed = SHED * len(cards) + SHED_VALUE * sum(card_value(card) for card in cards)
    return shed - COPY_RISK * known.expected_copies(number)


def best_play(known: Knowledge, moves) -> Action:
    plays = [(action, move) for action, move in moves if move.kind == "play"]
    return max(plays, key=lambda am: medium_play_score(known, am[1].cards, am[1].number))[0]


class EasyBot(Bot):
    level = "easy"

    def choose(self, view: SeatView) -> Action:
        moves = moves_of(view)
        kinds = {move.kind for _a, move in moves}
        copies = [action for action, move in moves if move.kind == "copy"]
        if "draw" in kinds and (not copies or self.rng.random() < 0.5):
            return Action(draw_code())
        if copies:
            return self.rng.choice(copies)
        hand = view.observation["hand"]
        if "meow" in kinds and sum(card_value(c) for c in hand) <= 2 * len(hand) + 1:
            return Action(meow_code())
        plays = [(action, move) for action, move in moves if move.kind == "play"]
        if self.rng.random() < 0.5:
            most = max(len(move.cards) for _a, move in plays)
            plays = [(action, move) for action, move in plays if len(move.cards) == most]
        return self.rng.choice(plays)[0]


class MediumBot(Bot):
    level = "medium"

    def choose(self, view: SeatView) -> Action:
        return medium_choice(view, self.rng)


def medium_choice(view: SeatView, rng: Rng) -> Action:
    """Medium's move (hard's quick one too): copy with every card it can, draw when it
    must, Meow when it is likely lowest, else its best play."""
    moves = moves_of(view)
    copies = [(action, move) for action, move in moves if move.kind == "copy"]
    if copies:
        return max(copies, key=lambda am: len(am[1].cards))[0]
    if any(move.kind == "draw" for _a, move in moves):
        return Action(draw_code())
    known = Knowledge(view.observation, view.seat)  # only a play or a Meow reads it
    if any(move.kind == "meow" for _a, move in moves):
        deals = random.Random(rng.randint(0, 2**30))
        if known.meow_likely(deals, MEOW_CONFIDENCE):
            return Action(meow_code())
    return best_play(known, moves)


# -- the compact game the hard bot searches ---------------------------------------------

ANSWER, PLAY = 0, 1
COPIES = [one_deck().count(code) for code in CODES]  # how many of each card there are
TOTAL_CARDS = sum(COPIES)
SHOWING_COUNT = {n: sum(COPIES[c] for c in SHOWING[n]) for n in NUMBERS}
TOTAL_POINTS = sum(COPIES[c] * VALUE[c] for c in range(len(CODES)))
TOTAL_SQUARES = sum(COPIES[c] * VALUE[c] ** 2 for c in range(len(CODES)))


def copy_risk(hand_size: int, public: list[int], others_cards: int) -> float:
    """Medium's price per unseen card showing a number played (``COPY_RISK`` times the
    share of the unseen cards that lie in other hands)."""
    unseen = TOTAL_CARDS - public[-3] - hand_size
    return COPY_RISK * others_cards / unseen if unseen > 0 else 0.0


def compact_score(
    number: int, cards: Sequence[int], mine: int, public: list[int], per_card: float
) -> float:
    """``medium_play_score`` on compact cards: playing ``cards`` as ``number``, from a hand
    holding ``mine`` cards that show it (Pattern B is scored by the caller)."""
    showing = SHOWING_COUNT[number] - mine
    for c in SHOWING[number]:
        showing -= public[c]
    score = SHED * len(cards) - per_card * showing
    for c in cards:
        score += SHED_VALUE * VALUE[c]
    return score


def compact_scores(
    hand: Sequence[int], public: list[int], others_cards: int
) -> dict[int, tuple[float, list[int]]]:
    """Per number in ``hand``: medium's score for playing every card that shows it, and
    those cards (Pattern B beats everything)."""
    groups: dict[int, list[int]] = {}
    for c in hand:
        for number in SHOWS[c]:
            groups.setdefault(number, []).append(c)
    per_card = copy_risk(len(hand), public, others_cards)
    return {
        number: (
            PATTERN_B_SCORE
            if len(cards) == len(hand)
            else compact_score(number, cards, len(cards), public, per_card),
            cards,
        )
        for number, cards in groups.items()
    }


def compact_play(hand: list[int], public: list[int], others_cards: int) -> tuple[int, list[int]]:
    """Medium's play on compact cards: every card of the number with the best score."""
    scores = compact_scores(hand, public, others_cards)
    number = max(scores, key=lambda n: scores[n][0])
    return number, scores[number][1]


def compact_meow_chance(hand: list[int], public: list[int], sizes: list[int]) -> float:
    """Medium's estimate that ``hand`` is strictly lowest, in a normal approximation of
    the other hands drawn from the cards the player has not seen. ``public`` ends with
    three running sums over the public cards: how many, their points, their squares."""
    pool = TOTAL_CARDS - public[-3] - len(hand)
    if pool <= 1:
        return 0.0
    mine = points = squares = 0
    for c in hand:
        mine += VALUE[c]
        squares += VALUE[c] * VALUE[c]
    points = TOTAL_POINTS - public[-2] - mine
    squares = TOTAL_SQUARES - public[-1] - squares
    mean = points / pool
    var = max(squares / pool - mean * mean, 1e-6)
    chance = 1.0
    for size in sizes:
        spread = math.sqrt(size * var * (pool - size) / (pool - 1) + 1e-9)
        chance *= 0.5 * math.erfc((mine + 0.5 - size * mean) / (spread * 1.4142135623730951))
    return chance


def make_public(cards: Sequence[str]) -> list[int]:
    """The compact count of the public cards, with ``compact_meow_chance``'s sums."""
    public = [0] * (len(CODES) + 3)
    for card in cards:
        add_public(public, INDEX[card])
    return public


def add_public(public: list[int], c: int) -> None:
    public[c] += 1
    public[-3] += 1
    public[-2] += VALUE[c]
    public[-1] += VALUE[c] * VALUE[c]


def play_out(
    hands: list[list[int]],
    deck: list[int],
    public: list[int],
    phase: int,
    current: int,
    original: int,
    number: int,
    drew: bool,
    direction: int,
    me: int,
    first: tuple | None,
    rnd: random.Random,
    wild: float,
    meow_bar: float = ROLLOUT_MEOW,
) -> list[int]:
    """Play the game out from a world after our move ``first``; returns what each seat
    gains (or loses) in coins.

    ``first`` is ``("play", number, cards)``, ``("meow",)``, ``("copy", cards)`` or
    ``("draw",)`` (``first_move``), or None: the seat to move plays its own way too.
    Everyone plays medium's way (copy with every card, play by ``compact_play``, Meow when
    ``compact_meow_chance`` reaches ``meow_bar``); the others move at random with chance
    ``wild``. Coins are not floored here.
    """
    n = len(hands)
    deltas = [0] * n
    action: tuple | None = first
    for _ in range(500):
        hand = hands[current]
        if action is None:
            random_move = current != me and rnd.random() < wild
            action = _rollout_move(
                hands, public, phase, current, original, number, drew, random_move, rnd, meow_bar
            )
        kind = action[0]
        if kind == "copy":
            cards = action[1]
            for c in cards:
                hand.remove(c)
                add_public(public, c)
            paid = COPY_PRICE * len(cards) + (0 if hand else PATTERN_A_BONUS)
            deltas[current] += paid
            deltas[original] -= paid
            if not hand:
                return deltas
            current = (current + direction) % n
        elif kind == "draw":
            if not deck:
                return _lowest_hands_win(deltas, hands)
            hand.append(deck.pop())
            phase, drew, original = PLAY, True, -1
        elif kind == "play":
            number, cards = action[1], action[2]
            for c in cards:
                hand.remove(c)
                add_public(public, c)
            if not hand:
                return _everyone_pays(deltas, current, PATTERN_B_PRICE)
            phase, original, drew = ANSWER, current, False
            current = (current + direction) % n
        else:  # meow
            return _meow_called(deltas, hands, current)
        action = None
    return deltas


def _rollout_move(
    hands: list[list[int]],
    public: list[int],
    phase: int,
    current: int,
    original: int,
    number: int,
    drew: bool,
    random_move: bool,
    rnd: random.Random,
    meow_bar: float,
) -> tuple:
    """``play_out``'s move for seat ``current``: medium's way, or at random when
    ``random_move``."""
    hand = hands[current]
    if phase == ANSWER:
        cards = [c for c in hand if number in SHOWS[c]] if current != original else []
        if cards and (not random_move or rnd.random() < 0.5):
            return ("copy", cards)
        return ("draw",)
    if random_move:
        if drew and len(hand) <= MEOW_LIMIT and rnd.random() < 0.2:
            return ("meow",)
        card = hand[rnd.randrange(len(hand))]
        pick = SHOWS[card][rnd.randrange(len(SHOWS[card]))]
        return ("play", pick, [c for c in hand if pick in SHOWS[c]])
    if drew and len(hand) <= MEOW_LIMIT:
        sizes = [len(hands[s]) for s in range(len(hands)) if s != current]
        if compact_meow_chance(hand, public, sizes) >= meow_bar:
            return ("meow",)
    others = sum(len(h) for h in hands) - len(hand)
    return ("play", *compact_play(hand, public, others))


def _lowest_hands_win(deltas: list[int], hands: list[list[int]]) -> list[int]:
    """The draw pile ran out: the lowest hands share the others' coins."""
    n = len(hands)
    totals = [sum(VALUE[c] for c in h) for h in hands]
    low = min(totals)
    takers = totals.count(low)
    for seat in range(n):
        deltas[seat] += n - takers if totals[seat] == low else -takers
    return deltas


def _meow_called(deltas: list[int], hands: list[list[int]], current: int) -> list[int]:
    """``current`` called Meow: it wins if no other hand is as low, else pays each that is."""
    totals = [sum(VALUE[c] for c in h) for h in hands]
    mine = totals[current]
    blockers = [s for s in range(len(hands)) if s != current and totals[s] <= mine]
    if not blockers:
        return _everyone_pays(deltas, current, MEOW_WIN_PRICE)
    for seat in blockers:
        deltas[seat] += MEOW_FAIL_PRICE
        deltas[current] -= MEOW_FAIL_PRICE
    return deltas


# How many standard errors apart two moves' mean leads in the same worlds must be for the
# sift to call the better one better (``close``).
CLOSE_Z = 2.0


def close(leads: list[list[float]], best: int, other: int) -> bool:
    """Whether move ``other``'s mean lead is within noise of move ``best``'s: their
    difference, world by world over the worlds both were played out in (paired), is less
    than ``CLOSE_Z`` standard errors."""
    diffs = [a - b for a, b in zip(leads[best], leads[other], strict=False)]
    count = len(diffs)
    mean = sum(diffs) / count
    spread = sum((d - mean) ** 2 for d in diffs) / max(1, count - 1)
    return mean * mean * count < CLOSE_Z * CLOSE_Z * spread


def lead_of(gained: Sequence[float], seat: int) -> float:
    """What ``seat`` gained less the others' average."""
    return gained[seat] - (sum(gained) - gained[seat]) / (len(gained) - 1)


def shown(move: Move) -> int:
    """The number a play or a copy shows."""
    number = move.number
    assert number is not None, "only a play or a copy shows a number"
    return number


def first_move(code: str) -> tuple:
    """A move as ``play_out``'s ``first``."""
    move = parse(code)
    if move.kind in ("meow", "draw"):
        return (move.kind,)
    cards = [INDEX[card] for card in move.cards]
    return ("copy", cards) if move.kind == "copy" else ("play", move.number, cards)


# ``play_out``'s generator where nobody moves at random (``wild`` 0): it is never consulted.
_UNUSED = random.Random(0)


def _everyone_pays(deltas: list[int], payee: int, price: int) -> list[int]:
    for seat in range(len(deltas)):
        deltas[seat] += price * (len(deltas) - 1) if seat == payee else -price
    return deltas


# -- what the others' plays say about their hands --------------------------------------

# How sharply the worlds follow medium's judgement: a play medium would rate this many
# points below its best is e times less likely (medium itself always takes its best).
PLAY_TEMPERATURE = 1.0
MEOW_SOFTNESS = 0.06  # how sharply a Meow chance above medium's bar makes a pass unlikely


class LastPlay:
    """An other seat's last original play in this game, as it was made: the cards, the
    number, the public cards and the other hands' sizes then, whether it had just drawn,
    and the cards it has copied since (the only cards it has shed since: a draw would
    have made it play again)."""

    __slots__ = ("number", "cards", "public", "sizes", "drew", "since", "_known")

    def __init__(self, number: int, cards: list[int], public: list[int], sizes: list[int], drew):
        self.number = number
        self.cards = cards
        self.public = public
        self.sizes = sizes
        self.drew = drew
        self.since: list[int] = []
        self._known: dict[tuple[int, ...], float] = {}

    def likelihood(self, hand: Sequence[int]) -> float:
        """``weigh``, remembered per hand."""
        key = tuple(sorted(hand))
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = self.weigh(key)
        return known

    def weigh(self, hand: Sequence[int]) -> float:
        """How likely a medium player holding ``hand`` now made this play (and did not
        declare Meow first): the hand then was ``hand`` with the cards of the play and of
        its copies since."""
        held = [*hand, *self.cards, *self.since]
        scores = compact_scores(held, self.public, sum(self.sizes))
        chosen = scores[self.number][0] if self.number in scores else -PATTERN_B_SCORE
        top = max(score for score, _cards in scores.values())
        weight = math.exp((chosen - top) / PLAY_TEMPERATURE) / sum(
            math.exp((score - top) / PLAY_TEMPERATURE) for score, _cards in scores.values()
        )
        if self.drew and len(held) <= MEOW_LIMIT:
            chance = compact_meow_chance(held, self.public, self.sizes)
            weight /= 1.0 + math.exp((chance - MEOW_CONFIDENCE) / MEOW_SOFTNESS)
        return weight


def last_plays(known: Knowledge, hand_size: int) -> dict[int, LastPlay]:
    """Each other seat's last original play in this game (seats that have made none are
    left out), replayed from the game's public moves."""
    counts = [hand_size] * known.players
    public = make_public([])
    plays: dict[int, LastPlay] = {}
    previous: tuple[int, str] | None = None
    for who, code in known.moves:
        move = parse(code)
        cards = [INDEX[card] for card in move.cards]
        if move.kind == "play" and who != known.seat:
            sizes = [counts[s] for s in range(known.players) if s != who]
            drew = previous == (who, "draw")
            plays[who] = LastPlay(shown(move), cards, list(public), sizes, drew)
        elif move.kind == "copy" and who in plays:
            plays[who].since.extend(cards)
        elif move.kind == "draw":
            counts[who] += 1
        for c in cards:
            add_public(public, c)
        counts[who] -= len(cards)
        previous = (who, code)
    return plays


def deal_read(
    known: Knowledge,
    lacking: dict[int, list[frozenset[int]]],
    plays: dict[int, LastPlay],
    rnd: random.Random,
    steps: int,
) -> tuple[list[list[int]], list[int]]:
    """A world read from the others' moves: the unseen cards dealt at random to the other
    hands (each card avoiding the numbers its holder seems to lack: ``fill``), then each
    hand whose holder has made a play in this game settled by ``steps`` swaps with the
    cards left (``settle``: hands in proportion to how likely the holder's last play was
    with them); the deck gets the rest, in random order."""
    pool = [INDEX[card] for card in known.unseen]
    shuffle_with(rnd, pool)
    hands: list[list[int]] = [[] for _ in range(known.players)]
    hands[known.seat] = [INDEX[card] for card in known.hand]
    for seat in sorted(lacking, key=lambda seat: seat not in plays):
        slots = lacking[seat]
        hand = fill(slots, pool)
        play = plays.get(seat)
        if play is not None and pool and hand:
            hand = settle(hand, slots, pool, play, rnd, steps)
        hands[seat] = hand
    shuffle_with(rnd, pool)
    return hands, pool


def fill(slots: list[frozenset[int]], drawn: list[int]) -> list[int]:
    """A hand taken from ``drawn`` (in random order), one card per slot: the first card
    left that shows none of the slot's lacked numbers (the first card left if none does)."""
    hand = []
    for lacks in slots:
        at = 0
        if lacks:
            at = next((i for i, c in enumerate(drawn) if lacks.isdisjoint(SHOWS[c])), 0)
        hand.append(drawn.pop(at))
    return hand


def settle(
    hand: list[int],
    slots: list[frozenset[int]],
    pool: list[int],
    play: LastPlay,
    rnd: random.Random,
    steps: int,
) -> list[int]:
    """Metropolis steps: swap a card of ``hand`` with one of ``pool`` (in place) when the
    swap keeps the slot's lacked numbers out, with a chance of the ratio of the two hands'
    likelihoods; the hands it ends in follow the likelihood of the holder's last play."""
    weight = play.likelihood(hand)
    for _ in range(steps):
        i = rnd.randrange(len(hand))
        j = rnd.randrange(len(pool))
        card = pool[j]
        if not slots[i].isdisjoint(SHOWS[card]):
            continue
        trial = list(hand)
        trial[i] = card
        new = play.likelihood(trial)
        if new >= weight or rnd.random() * weight < new:
            pool[j] = hand[i]
            hand, weight = trial, new
    return hand


# -- the hard bot: Copy Cat's knowledge for the one search -----------------------------

LEAD_SCALE = 48.0  # coins of lead that span the whole value range [0, 1]


class CopyCatSearch:
    """Copy Cat's knowledge for ``ismcts`` (a ``SearchGame``) over the game being played.

    - moves: the searching seat's candidate plays (medium's best few) and Meow, or the
      few of them ``sift`` kept; it copies with every card as medium does. The others
      move as medium would (one move each): the search branches only where this seat
      decides.
    - prior: the move ``sift`` found best first (without a sift: medium's choice, or
      Meow when it is likely to win).
    - rollout: the rest of the game on the compact rules, everyone playing medium's way.
    - value: each seat's coins gained in this game less the others' average, scaled;
      with ``worlds`` set, the searching seat's less its ``baseline`` in the same world.
    """

    def __init__(
        self,
        seat: int,
        state_game: int,
        moves_made: int,
        coins: Sequence[int],
        candidates: int,
    ):
        self.seat = seat
        self.game = state_game
        self.moves_made = moves_made
        self.coins = list(coins)
        self.candidates = candidates
        self._played: tuple[CopyCatState, list[int]] | None = None
        self.worlds: ReadWorlds | None = None  # set: rounds are paired (``baseline``)
        self._root: list[tuple] = []  # the root moves, compact (``first_move``)
        self.kept: set[str] = set()  # the root moves ``sift`` kept (empty: all)
        self.best: str | None = None  # the move ``sift`` found best (the prior's choice)
        self._baseline = 0.0
        self.meow_bar = ROLLOUT_MEOW  # the roll-outs' bar on ``compact_meow_chance``

    def moves(self, world: CopyCatState, seat: int) -> list[Action]:
        if seat != self.seat or len(world.game_moves) != self.moves_made:
            return []  # after this seat's decision: the roll-out plays medium's way
        if world.is_over or world.game_index != self.game:
            return []
        plays = self.ranked_plays(world, seat, world.legal_actions(seat))
        chosen = [action for _score, action in plays[: self.candidates]]
        if world.may_meow(seat):
            chosen.append(Action(meow_code()))
        if self.kept:
            chosen = [action for action in chosen if action.code in self.kept]
        if not self._root:
            self._root = [first_move(action.code) for action in chosen]
        return chosen

    def sift(
        self,
        world: CopyCatState,
        worlds: ReadWorlds,
        count: int,
        keep: int,
        most: int = 0,
        until: float | None = None,
    ) -> int:
        """Narrow the searching seat's moves (``moves``, at the root) to the ``keep`` with
        the best mean lead over ``count`` read worlds, every move played out in every
        world (the same worlds for all: common random numbers), everyone playing medium's
        way after it. ``world`` is any world of the search (only the seat's own hand and
        the public cards decide its moves).

        While the best two are within noise of each other (``close``) and fewer than
        ``most`` worlds have been dealt, ``count`` more worlds are dealt, and only the
        moves not clearly worse than the best are played out in them: compute goes where
        the decision is close. ``until``: a moment (``time.perf_counter``) after which no
        more worlds are dealt (one at least). Returns how many worlds were dealt."""
        moves = self.moves(world, self.seat)
        firsts = list(self._root)
        leads: list[list[float]] = [[] for _ in moves]
        alive = list(range(len(moves)))
        dealt = 0
        late = False
        while True:
            for _ in range(count):
                hands, deck = worlds.deal()
                row = self.leads(hands, deck, [firsts[index] for index in alive])
                for index, lead in zip(alive, row, strict=True):
                    leads[index].append(lead)
                dealt += 1
                if until is not None and time.perf_counter() > until:
                    late = True
                    break
            alive.sort(key=lambda index: -sum(leads[index]) / len(leads[index]))
            if (
                late
                or len(alive) < 2
                or dealt + count > most
                or not close(leads, alive[0], alive[1])
            ):
                break
            best = alive[0]
            alive = [i for i in alive if i == best or close(leads, best, i)]
        self.kept = {moves[index].code for index in alive[:keep]}
        self.best = moves[alive[0]].code
        self._root = []
        return dealt

    def prior(self, world: CopyCatState, seat: int, moves: list[Action]) -> list[float] | None:
        if len(moves) == 1:
            return None
        first = 0
        codes = [move.code for move in moves]
        if self.best in codes:
            first = codes.index(self.best)
        elif moves[-1].code == meow_code() and self.meow_chance(world, seat) >= MEOW_CONFIDENCE:
            first = len(moves) - 1
        return [2.0 if index == first else 1.0 for index in range(len(moves))]

    def rollout(self, world: CopyCatState, rng: Rng) -> None:
        deltas = [0] * world.players
        if not world.is_over and world.game_index == self.game:
            deltas = play_out(
                [[INDEX[card] for card in hand] for hand in world.hands],
                [INDEX[card] for card in world.draw_pile],
                make_public(world.field + world.discards),
                ANSWER if world.phase == PHASE_ANSWER else PLAY,
                world.current,
                world.original if world.original is not None else -1,
                world.number or 0,
                world.drew,
                world.direction,
                -1,
                None,
                random.Random(rng.random()),
                0.0,
                self.meow_bar,
            )
        self._played = (world, deltas)
        if self.worlds is not None and self.worlds.dealt is not None and self._root:
            self._baseline = self.baseline(world, *self.worlds.dealt)

    def baseline(self, world: CopyCatState, hands: list[list[int]], deck: list[int]) -> float:
        """The searching seat's mean lead over every root move played out in the world of
        this round (dealt before the move: ``hands`` and ``deck``). The value of a round
        is its lead less this, so that the moves are compared in the same worlds: a world
        that deals the others good cards lowers every move alike and no longer hides the
        differences between them (common random numbers)."""
        return sum(self.leads(hands, deck)) / len(self._root)

    def leads(
        self, hands: list[list[int]], deck: list[int], firsts: list[tuple] | None = None
    ) -> list[float]:
        """The searching seat's lead after each root move (or each of ``firsts``) in one
        world (compact), played out on the compact rules with everyone playing medium's
        way."""
        assert self.worlds is not None
        leads = []
        for first in self._root if firsts is None else firsts:
            deltas = play_out(
                [list(hand) for hand in hands],
                list(deck),
                list(self.worlds.public),
                PLAY,
                self.seat,
                -1,
                0,
                self.worlds.drew,
                self.worlds.known.direction,
                -1,
                first,
                _UNUSED,
                0.0,
                self.meow_bar,
            )
            leads.append(lead_of(deltas, self.seat))
        return leads

    def value(self, world: CopyCatState) -> list[float]:
        played = self._played
        later = played[1] if played is not None and played[0] is world else [0] * world.players
        gained = [world.coins[s] - self.coins[s] + later[s] for s in range(world.players)]
        leads = [lead_of(gained, seat) for seat in range(world.players)]
        leads[self.seat] -= self._baseline
        return [min(1.0, max(0.0, 0.5 + lead / LEAD_SCALE)) for lead in leads]

    def ranked_plays(
        self, world: CopyCatState, seat: int, legal: list[Action]
    ) -> list[tuple[float, Action]]:
        """The full plays of each number (medium's kind), best medium score first."""
        hand = [INDEX[card] for card in world.hands[seat]]
        public = make_public(world.field + world.discards)
        per_card = copy_risk(len(hand), public, sum(len(h) for h in world.hands) - len(hand))
        ranked = []
        for action in legal:
            move = parse(action.code)
            if move.kind != "play":
                continue
            cards = [INDEX[card] for card in move.cards]
            if len(cards) == len(hand):
                score = PATTERN_B_SCORE
            else:
                number = shown(move)
                mine = sum(1 for c in hand if number in SHOWS[c])
                score = compact_score(number, cards, mine, public, per_card)
            ranked.append((score, action))
        ranked.sort(key=lambda pair: -pair[0])
        return ranked

    def meow_chance(self, world: CopyCatState, seat: int) -> float:
        hand = [INDEX[card] for card in world.hands[seat]]
        sizes = [len(world.hands[s]) for s in range(world.players) if s != seat]
        return compact_meow_chance(hand, make_public(world.field + world.discards), sizes)


class HardBot(Bot):
    """The one search (``ismcts``) with Copy Cat's knowledge (``CopyCatSearch``), in worlds
    read from the others' moves (``deal_read``), over the moves ``sift`` keeps, its rounds
    paired (``CopyCatSearch.baseline``). Copies with every card it can, as medium does;
    draws when it cannot copy."""

    level = "hard"
    searches = True
    think_budget = 0.150  # the sift takes at most half of it, the tree the rest
    rounds = 96
    candidates = 4  # medium's best plays the search weighs (and Meow)
    steps = 16  # swaps that settle each read hand of a world (``settle``)
    exploration = 0.12
    sift_worlds = 48  # read worlds that narrow the moves before the search (``sift``)
    keep = 2  # the moves the search weighs after ``sift``
    sift_most = 192  # read worlds ``sift`` may deal while its best two are close
    sift_prior = True  # the tree's prior favours the sift's best move (else medium's)
    rollout_meow = ROLLOUT_MEOW  # the roll-outs' Meow bar (``CopyCatSearch.meow_bar``)

    def fallback(self, view: SeatView) -> Action:
        return medium_choice(view, self.rng)

    def choose(self, view: SeatView) -> Action:
        moves = moves_of(view)
        if len(moves) == 1:
            return moves[0][0]
        copies = [(action, move) for action, move in moves if move.kind == "copy"]
        if copies:
            return max(copies, key=lambda am: len(am[1].cards))[0]
        if any(move.kind == "draw" for _a, move in moves):
            return Action(draw_code())
        known = Knowledge(view.observation, view.seat)
        plays = [(a, m) for a, m in moves if m.kind == "play"]
        best = max(plays, key=lambda am: medium_play_score(known, am[1].cards, am[1].number))
        if len(best[1].cards) == len(known.hand):
            return best[0]  # Pattern B
        obs = view.observation
        rnd = random.Random(self.rng.randint(0, 2**30))
        clock = self.think_clock(self.rounds)
        worlds = ReadWorlds(view, known, rnd, self.steps)
        searched = SeatView(view.seat, obs, view.legal_actions, worlds.sample)
        game = CopyCatSearch(
            view.seat,
            obs["game"] - 1,
            len(known.moves),
            obs["coins"],
            self.candidates,
        )
        game.worlds = worlds
        game.meow_bar = self.rollout_meow
        sift = min(self.sift_worlds, clock.rounds)  # a search cut short sifts as short
        if sift:
            most = self.sift_most * clock.rounds // self.rounds
            # On the table's clock the sift has half the budget; the tree then searches
            # (at least one round) in what is left.
            until = None if clock.budget is None else clock.started + clock.budget / 2
            game.sift(worlds.sample(self.rng), worlds, sift, self.keep, most, until)
            if not self.sift_prior:
                game.best = None
        return ismcts(searched, game, clock, self.rng, self.exploration)


class ReadWorlds:
    """The worlds of one search (its ``sample_world``): each a copy of one
    ``view.sample_world`` with the hidden cards dealt again by ``deal_read`` (only hidden
    cards move: what the seat sees stays as it is)."""

    def __init__(self, view: SeatView, known: Knowledge, rnd: random.Random, steps: int):
        self.view = view
        self.known = known
        self.rnd = rnd
        self.steps = steps
        self.lacking = known.lacking()
        self.plays = last_plays(known, deal_size(known.players))
        self.template: CopyCatState | None = None
        obs = view.observation
        self.public = make_public(list(obs["zones"]["field"]["cards"]) + list(obs["discards"]))
        self.drew: bool = obs["drew"]
        self.dealt: tuple[list[list[int]], list[int]] | None = None  # the last world, compact

    def deal(self) -> tuple[list[list[int]], list[int]]:
        """One read deal of the hidden cards, compact: every hand and the deck."""
        return deal_read(self.known, self.lacking, self.plays, self.rnd, self.steps)

    def sample(self, rng: Rng) -> CopyCatState:
        if self.template is None:
            template = self.view.sample_world(rng)
            assert isinstance(template, CopyCatState)  # a Copy Cat bot's view
            self.template = template
        hands, deck = self.deal()
        self.dealt = (hands, deck)
        world = self.template.copy()
        for seat in range(self.known.players):
            if seat != self.known.seat:
                world.hands[seat] = [CODES[c] for c in hands[seat]]
        world.draw_pile = [CODES[c] for c in deck]
        world._changed()
        return world


BOTS: dict[str, type[Bot]] = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}
