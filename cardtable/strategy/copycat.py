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
- hard: information-set Monte Carlo. It deals the unseen cards to the other hands and
  the deck in worlds consistent with what it has seen (cards shown, and what a player's
  moves say they lack: a draw instead of a copy, a number just played or copied), tries
  medium's best few plays and Meow in every world, plays the game out on a compact copy
  of the rules (everyone playing medium's way), and keeps the move that gains the most
  coins on the others' average (a lead built game by game wins the match); medium's
  choice wins near-ties. It copies with every card it can, as medium does.
  Deterministic for a fixed seed.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardtable.engine import Action, shuffle_with
from cardtable.games.copycat import (
    COPY_PRICE,
    MEOW_FAIL_PRICE,
    MEOW_LIMIT,
    MEOW_WIN_PRICE,
    NUMBERS,
    PATTERN_A_BONUS,
    PATTERN_B_PRICE,
    card_value,
    draw_code,
    meow_code,
    numbers_on,
    one_deck,
    parse,
)

from .base import Bot, SeatView

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
MEOW_CONFIDENCE = 0.62  # medium declares Meow when at least this likely the lowest


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
                    original, number = who, move.number
                lacks[who].append((step + 0.5, move.number))
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
        """Unseen cards that show ``number``."""
        return sum(1 for card in self.unseen if number in numbers_on(card))

    def expected_copies(self, number: int) -> float:
        """How many cards showing ``number`` the other hands hold, on average."""
        if not self.unseen:
            return 0.0
        return self.showing(number) * self.others_cards / len(self.unseen)

    def meow_chance(self, rng: random.Random, samples: int = 48) -> float:
        """How often random deals of the unseen cards leave our total strictly lowest."""
        mine = sum(card_value(card) for card in self.hand)
        values = [card_value(card) for card in self.unseen]
        sizes = [self.counts[s] for s in range(self.players) if s != self.seat]
        if sum(sizes) > len(values):
            return 0.0
        wins = 0
        for _ in range(samples):
            shuffle_with(rng, values)
            at = 0
            for size in sizes:
                if sum(values[at : at + size]) <= mine:
                    break
                at += size
            else:
                wins += 1
        return wins / samples


def deal_world(
    known: Knowledge,
    lacking: dict[int, list[frozenset[int]]],
    rnd: random.Random,
    keep: float,
) -> tuple[list[list[int]], list[int]]:
    """A world consistent with what the seat has seen: the unseen cards dealt to the other
    hands and the deck, each hand card avoiding the numbers its holder seems to lack
    (each such inference kept with chance ``keep``: people do not always copy)."""
    pool = [INDEX[card] for card in known.unseen]
    shuffle_with(rnd, pool)
    slots = []
    for seat, sets in lacking.items():
        for lacks in sets:
            kept = [n for n in lacks if rnd.random() < keep]
            slots.append((-len(kept), seat, kept))
    slots.sort(key=lambda slot: slot[0])
    hands: list[list[int]] = [[] for _ in range(known.players)]
    hands[known.seat] = [INDEX[card] for card in known.hand]
    for _neg, seat, kept in slots:
        at = 0
        if kept:
            at = next(
                (i for i, card in enumerate(pool) if not any(n in SHOWS[card] for n in kept)), 0
            )
        hands[seat].append(pool.pop(at))
    return hands, pool


def moves_of(view: SeatView) -> list[tuple[Action, Any]]:
    return [(action, parse(action.code)) for action in view.legal_actions]


def medium_play_score(known: Knowledge, cards: Sequence[str], number: int) -> float:
    """How good an original play is: cards and points shed, against the copies it invites.
    Emptying the hand (Pattern B) beats everything."""
    left = len(known.hand) - len(cards)
    if left == 0:
        return 100.0
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
        moves = moves_of(view)
        known = Knowledge(view.observation, view.seat)
        copies = [(action, move) for action, move in moves if move.kind == "copy"]
        if copies:
            return max(copies, key=lambda am: len(am[1].cards))[0]
        if any(move.kind == "draw" for _a, move in moves):
            return Action(draw_code())
        if any(move.kind == "meow" for _a, move in moves):
            chance = known.meow_chance(random.Random(self.rng.randint(0, 2**30)))
            if chance >= MEOW_CONFIDENCE:
                return Action(meow_code())
        return best_play(known, moves)


# -- the compact game the hard bot searches ---------------------------------------------

ANSWER, PLAY = 0, 1
COPIES = [one_deck().count(code) for code in CODES]  # how many of each card there are
TOTAL_CARDS = sum(COPIES)
SHOWING_COUNT = {n: sum(COPIES[c] for c in SHOWING[n]) for n in NUMBERS}
TOTAL_POINTS = sum(COPIES[c] * VALUE[c] for c in range(len(CODES)))
TOTAL_SQUARES = sum(COPIES[c] * VALUE[c] ** 2 for c in range(len(CODES)))


def compact_play(hand: list[int], public: list[int], others_cards: int) -> tuple[int, list[int]]:
    """Medium's play on compact cards (``medium_play_score``): every card of the number
    with the best score, counting cards from what is public and the player's own hand."""
    groups: dict[int, list[int]] = {}
    for c in hand:
        for number in SHOWS[c]:
            groups.setdefault(number, []).append(c)
    unseen = TOTAL_CARDS - public[-3] - len(hand)
    per_card = COPY_RISK * others_cards / unseen if unseen > 0 else 0.0
    best_number, best_cards, best = 0, hand[:1], -1e9
    for number, cards in groups.items():
        if len(cards) == len(hand):
            return number, cards
        showing = SHOWING_COUNT[number] - len(cards)
        for c in SHOWING[number]:
            showing -= public[c]
        score = SHED * len(cards) - per_card * showing
        for c in cards:
            score += SHED_VALUE * VALUE[c]
        if score > best:
            best_number, best_cards, best = number, cards, score
    return best_number, best_cards


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
    first: tuple,
    rnd: random.Random,
    wild: float,
) -> list[int]:
    """Play the game out from a world after our move ``first``; returns what each seat
    gains (or loses) in coins.

    ``first`` is ``("play", number, cards)`` or ``("meow",)``. Everyone plays medium's
    way (copy with every card, play by ``compact_play``, Meow by ``compact_meow_chance``);
    the others move at random with chance ``wild``. Coins are not floored here.
    """
    n = len(hands)
    deltas = [0] * n
    action: tuple | None = first
    for _ in range(500):
        hand = hands[current]
        if action is None:
            random_move = current != me and rnd.random() < wild
            if phase == ANSWER:
                cards = [c for c in hand if number in SHOWS[c]] if current != original else []
                if cards and (not random_move or rnd.random() < 0.5):
                    action = ("copy", cards)
                else:
                    action = ("draw",)
            elif random_move:
                if drew and len(hand) <= MEOW_LIMIT and rnd.random() < 0.2:
                    action = ("meow",)
                else:
                    card = hand[rnd.randrange(len(hand))]
                    pick = SHOWS[card][rnd.randrange(len(SHOWS[card]))]
                    action = ("play", pick, [c for c in hand if pick in SHOWS[c]])
            else:
                if drew and len(hand) <= MEOW_LIMIT:
                    sizes = [len(hands[s]) for s in range(n) if s != current]
                    if compact_meow_chance(hand, public, sizes) >= MEOW_CONFIDENCE:
                        action = ("meow",)
                if action is None:
                    others = sum(len(h) for h in hands) - len(hand)
                    action = ("play", *compact_play(hand, public, others))
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
                totals = [sum(VALUE[c] for c in h) for h in hands]
                low = min(totals)
                takers = totals.count(low)
                for seat in range(n):
                    deltas[seat] += n - takers if totals[seat] == low else -takers
                return deltas
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
            totals = [sum(VALUE[c] for c in h) for h in hands]
            mine = totals[current]
            blockers = [s for s in range(n) if s != current and totals[s] <= mine]
            if not blockers:
                return _everyone_pays(deltas, current, MEOW_WIN_PRICE)
            for seat in blockers:
                deltas[seat] += MEOW_FAIL_PRICE
                deltas[current] -= MEOW_FAIL_PRICE
            return deltas
        action = None
    return deltas


def _everyone_pays(deltas: list[int], payee: int, price: int) -> list[int]:
    for seat in range(len(deltas)):
        deltas[seat] += price * (len(deltas) - 1) if seat == payee else -price
    return deltas


def lead_gained(deltas: Sequence[int], seat: int) -> float:
    """What a game's coins do to ``seat``'s lead: its gain less the others' average gain,
    in units of 12 coins (a Meow or a Pattern B moves a lead by about that much)."""
    others = (sum(deltas) - deltas[seat]) / (len(deltas) - 1)
    return (deltas[seat] - others) / 12


class HardBot(Bot):
    """Information-set Monte Carlo over the hidden cards: worlds dealt consistent with
    what this seat has seen (``deal_world``), medium's best plays and Meow tried in each,
    played out on the compact game; the best average coin gain over the others' average
    (``lead_gained``) wins, medium's choice breaking near-ties. Copies and draws are
    medium's (copying with every card pays)."""

    level = "hard"
    worlds = 48
    candidates = 3
    keep = 0.95  # how far to trust what a player's moves say they lack
    wild = 0.0  # how often an imagined opponent moves at random
    margin = 0.02  # lead (in 12s of coins) per world by which a move must beat medium's

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
        plays.sort(key=lambda am: -medium_play_score(known, am[1].cards, am[1].number))
        if len(plays[0][1].cards) == len(known.hand):
            return plays[0][0]  # Pattern B
        choices = [
            (action, ("play", move.number, [INDEX[c] for c in move.cards]))
            for action, move in plays[: self.candidates]
        ]
        rnd = random.Random(self.rng.randint(0, 2**30))
        medium_choice = 0
        if any(m.kind == "meow" for _a, m in moves):
            choices.append((Action(meow_code()), ("meow",)))
            if known.meow_chance(rnd) >= MEOW_CONFIDENCE:
                medium_choice = len(choices) - 1
        return self.search(view, known, choices, medium_choice, rnd)

    def search(
        self,
        view: SeatView,
        known: Knowledge,
        choices: list[tuple[Action, tuple]],
        medium_choice: int,
        rnd: random.Random,
    ) -> Action:
        """Play every choice out in the same worlds; the best average coin gain over the
        others' average wins, medium's choice getting ``margin`` per world."""
        lacking = known.lacking()
        public = make_public(view.observation["zones"]["field"]["cards"] + known.discards)
        totals = [0.0] * len(choices)
        clock = self.think_clock(self.worlds)
        while clock.more():
            hands, deck = deal_world(known, lacking, rnd, self.keep)
            seed = rnd.random()
            for index, (_action, first) in enumerate(choices):
                deltas = play_out(
                    [list(h) for h in hands],
                    list(deck),
                    list(public),
                    PLAY,
                    view.seat,
                    -1,
                    0,
                    True,
                    known.direction,
                    view.seat,
                    first,
                    random.Random(seed),
                    self.wild,
                )
                totals[index] += lead_gained(deltas, view.seat)
        totals[medium_choice] += self.margin * clock.done
        best = max(range(len(choices)), key=lambda i: (totals[i], -i))
        return choices[best][0]


BOTS: dict[str, type[Bot]] = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}
