"""Bots for MEAN!: easy, medium and hard.

Every bot decides from its seat's ``SeatView`` only: its hand, the Play Area, the
Punishment Pile tops, the cards out of play and how many cards each player holds. The
cards it has not seen are counted from those (the whole deck minus what it can see).
Not for: the rules (``cardtable.games.mean``).

- easy: sheds as many cards as it can, otherwise picks at random.
- medium: weighs each play: cards shed, how likely the next player is to follow, how
  well its own hand still fits; keeps Wilds, direction-setters and Sixes for when they
  hurt, plays an Eight when the swap gains cards, swaps with the player holding the
  fewest cards, takes the Punishment Pile with the best face-up card.
- hard: searches from the first turn: samples worlds that agree with everything it has
  seen of the other hands (the pile tops they took, the hand it swapped away, the hands
  that showed they could not play: the game's ``knowledge``), plays each of medium's
  best few moves into each world, plays the game out (itself as a fast medium, each
  opponent as their pile takes show them: medium's way, or at random) and keeps the move
  that wins most often, medium's choice breaking near-ties.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine import Action, Rng
from cardtable.games.mean.state import MeanState
from cardtable.games.mean.vocabulary import (
    EIGHT,
    MEAN_VALUE,
    PHASE_ANSWER,
    SETS_DOWN,
    SETS_UP,
    WILD,
    decks_for,
    one_deck,
    parse,
)

from .base import Bot, SeatView, ThinkClock
from .search import common_worlds

# How much a card is worth keeping in hand (paid when it is played): Wilds always fit,
# setters rescue a stuck hand, Sixes answer a MEAN!.
KEEP = {WILD: 1.6, "1": 0.6, "12": 0.6, "3": 0.4, "10": 0.4, "6": 2.0, "8": 0.0}
# How good a card is to receive on top of a Punishment Pile.
PILE_TOP = {WILD: 3.0, "8": 2.0, "6": 1.8, "1": 1.2, "12": 1.2, "3": 0.8, "10": 0.8}
# The weights of medium's scoring (tuned on seeded games against random and itself).
WEIGHTS = {
    "shed": 1.0,  # per card played
    "follow": 0.5,  # the chance the next player can follow
    "own_fit": 0.8,  # the share of our own cards that still fit
    "mean": 2.2,  # per unresolved MEAN!, times the chance it sticks
    "mean_clear": 1.5,  # per MEAN! in a clearing play (it always sticks)
    "no_six_left": 0.4,  # playing our last Six or Wild
    "swap": 0.9,  # per card the Eight's swap gains
    "clear": 1.2,  # clearing the Play Area (and playing again)
    "pile_size": 0.9,  # per card of a Punishment Pile
}


@dataclass(frozen=True)
class Style:
    """How a level weighs its plays: ``weights`` as ``WEIGHTS``, ``keep`` as ``KEEP``,
    ``pile_top`` as ``PILE_TOP`` (medium's are those three)."""

    weights: Mapping[str, float] = field(default_factory=lambda: WEIGHTS)
    keep: Mapping[str, float] = field(default_factory=lambda: KEEP)
    pile_top: Mapping[str, float] = field(default_factory=lambda: PILE_TOP)


MEDIUM = Style()


class Table:
    """What a seat knows of the table, in the form the scoring needs, and how it weighs
    its plays (``style``)."""

    def __init__(
        self,
        seat: int,
        hand: Sequence[str],
        play_values: Sequence[int],
        direction: str | None,
        unresolved_mean: int,
        hand_counts: Sequence[int],
        active: Sequence[bool],
        draw_count: int,
        unseen: Counter[str],
        fits: dict[tuple[int, str], float] | None = None,
        style: Style = MEDIUM,
    ):
        self.seat = seat
        self.style = style
        self.hand = list(hand)
        self.play_values = list(play_values)
        self.direction = direction
        self.unresolved_mean = unresolved_mean
        self.hand_counts = list(hand_counts)
        self.active = list(active)
        self.draw_count = draw_count
        self.unseen = unseen
        self.unseen_total = max(1, sum(unseen.values()))
        # fit_fraction, remembered: a search shares one memo among its roll-outs'
        # tables, since they all count from the same ``unseen``.
        self._fits: dict[tuple[int, str], float] = {} if fits is None else fits
        players = len(hand_counts)
        self.next_seat = next(
            (
                (seat + step) % players
                for step in range(1, players + 1)
                if active[(seat + step) % players] and (seat + step) % players != seat
            ),
            seat,
        )
        self.others = [s for s in range(players) if s != seat and active[s]]

    @classmethod
    def from_observation(cls, obs: dict[str, Any], style: Style = MEDIUM) -> Table:
        seat = obs["seat"]
        seen = Counter(obs["hand"])
        zones = obs["zones"]
        seen.update(zones["play"]["cards"])
        seen.update(zones["removed"]["cards"])
        for pile in obs["punishment_piles"]:
            if pile["top"] is not None:
                seen[pile["top"]] += 1
        unseen = Counter(one_deck() * decks_for(obs["players"]))
        unseen.subtract(seen)
        unseen = Counter({card: n for card, n in unseen.items() if n > 0})
        return cls(
            seat,
            obs["hand"],
            obs["play_values"],
            obs["direction"],
            obs["unresolved_mean"],
            obs["hand_counts"],
            obs["active"],
            obs["draw_count"],
            unseen,
            style=style,
        )

    @classmethod
    def from_state(
        cls,
        state: MeanState,
        seat: int,
        unseen: Counter[str],
        fits: dict[tuple[int, str], float] | None = None,
        style: Style = MEDIUM,
    ) -> Table:
        return cls(
            seat,
            state.hands[seat],
            state.play_values,
            state.direction,
            state.unresolved_mean,
            [len(hand) for hand in state.hands],
            state.active,
            len(state.draw_deck),
            unseen,
            fits,
            style,
        )

    # -- what follows what ---------------------------------------------------------------

    def fit_fraction(self, top: int, direction: str) -> float:
        """The share of unseen cards that could follow ``top`` in ``direction``."""
        known = self._fits.get((top, direction))
        if known is not None:
            return known
        fits = self.unseen[WILD]
        for card, count in self.unseen.items():
            if card == WILD:
                continue
            value = int(card)
            if (value >= top) if direction == "up" else (value <= top):
                fits += count
        self._fits[(top, direction)] = fits / self.unseen_total
        return self._fits[(top, direction)]

    def next_can_follow(self, top: int, direction: str) -> float:
        """The chance that the next player holds a card to follow."""
        hand = max(1, self.hand_counts[self.next_seat])
        return 1.0 - (1.0 - self.fit_fraction(top, direction)) ** hand

    def next_can_answer_mean(self) -> float:
        share = (self.unseen["6"] + self.unseen[WILD]) / self.unseen_total
        return 1.0 - (1.0 - share) ** max(1, self.hand_counts[self.next_seat])

    @staticmethod
    def own_fit(cards: Sequence[str], top: int, direction: str) -> float:
        numbered = [int(card) for card in cards if card != WILD]
        if not numbered:
            return 1.0
        if direction == "up":
            return sum(1 for v in numbered if v >= top) / len(numbered)
        return sum(1 for v in numbered if v <= top) / len(numbered)

    # -- scoring -------------------------------------------------------------------------

    def direction_score(self, top: int, direction: str, left: Sequence[str]) -> float:
        weights = self.style.weights
        return -weights["follow"] * self.next_can_follow(top, direction) + weights[
            "own_fit"
        ] * self.own_fit(left, top, direction)

    def best_direction(self, top: int, left: Sequence[str]) -> tuple[str, float]:
        up = self.direction_score(top, "up", left)
        down = self.direction_score(top, "down", left)
        return ("up", up) if up >= down else ("down", down)

    def play_score(self, cards: Sequence[str], value: int, answering: bool) -> float:
        left = list(self.hand)
        for card in cards:
            left.remove(card)
        count = len(cards)
        if not left and value == EIGHT:
            return -1000.0  # going out on an Eight loses
        if not left and self.draw_count == 0 and value != MEAN_VALUE:
            return 1000.0
        weights = self.style.weights
        score = weights["shed"] * count
        if not answering:
            score -= sum(self.style.keep.get(card, 0.0) for card in cards)
        elif cards[0] == WILD:
            score -= 0.8 * count  # answer with a Six, keep the Wild when possible
        run = count + (run_length(self.play_values) if self.play_values[-1:] == [value] else 0)
        clears = run >= 4
        if value == MEAN_VALUE:
            return self.mean_score(score, count, left, clears, answering)
        if value == EIGHT:
            fewest = min((self.hand_counts[s] for s in self.others), default=len(left))
            score += weights["swap"] * (len(left) - fewest)
        if clears:
            return score + weights["clear"]  # the Play Area goes and the clearer plays again
        return score + self.leaving_score(value, left)

    def mean_score(
        self, score: float, count: int, left: Sequence[str], clears: bool, answering: bool
    ) -> float:
        """``play_score`` of ``count`` MEAN! cards, from ``score`` (their shedding)."""
        weights = self.style.weights
        unresolved = self.unresolved_mean + count
        if clears:
            return score + weights["mean_clear"] * unresolved
        miss = 1.0 - self.next_can_answer_mean()
        score += weights["mean"] * unresolved * miss
        if not answering and not any(card in ("6", WILD) for card in left):
            score -= weights["no_six_left"]  # no Six kept back to answer with
        if not left:
            score += 1.0  # going out on a MEAN! that may well stick
        return score

    def leaving_score(self, value: int, left: Sequence[str]) -> float:
        """How well a play of ``value`` that does not clear leaves the Play Area: for the
        next player and for what stays in hand, in the direction it sets or keeps."""
        direction = self.direction
        if value in SETS_UP:
            direction = "up"
        elif value in SETS_DOWN:
            direction = "down"
        if direction is None or not self.play_values:
            if value in SETS_UP or value in SETS_DOWN:
                return self.direction_score(value, direction or "up", left)
            return self.best_direction(value, left)[1]
        return self.direction_score(value, direction, left)

    def pile_score(self, pile: dict[str, Any]) -> float:
        return pile_worth(pile["top"], pile["count"], self.style)


def pile_worth(top: str | None, count: int, style: Style = MEDIUM) -> float:
    """How good a Punishment Pile is to take: its face-up card, less its size."""
    worth = 0.0 if top is None else style.pile_top.get(top, 0.0)
    return worth - style.weights["pile_size"] * count


def run_length(values: Sequence[int]) -> int:
    """How many cards of the top value lie in a row on top of the Play Area."""
    count = 0
    for value in reversed(values):
        if value != values[-1]:
            break
        count += 1
    return count


def score_action(table: Table, code: str, phase: str, piles: Sequence[dict[str, Any]]) -> float:
    """How medium rates one legal action."""
    move = parse(code)
    if move.kind == "play":
        assert move.value is not None
        return table.play_score(move.cards, move.value, answering=phase == PHASE_ANSWER)
    if move.kind == "dir":
        left = table.hand
        top = table.play_values[-1]
        return table.direction_score(top, str(move.direction), left)
    if move.kind == "swap":
        target = int(move.target or 0)
        # The fewest cards; among equals, the nearest player clockwise.
        players = len(table.hand_counts)
        return -table.hand_counts[target] - 0.01 * ((target - table.seat) % players)
    return table.pile_score(piles[int(move.pile or 0)])


def piles_of(obs: dict[str, Any]) -> list[dict[str, Any]]:
    return obs["punishment_piles"]


class EasyMeanBot(Bot):
    """Sheds as many cards as it can; everything else at random."""

    level = "easy"

    def choose(self, view: SeatView) -> Action:
        actions = view.legal_actions
        moves = [(action, parse(action.code)) for action in actions]
        plays = [(action, move) for action, move in moves if move.kind == "play"]
        if not plays:
            return self.rng.choice(actions)
        most = max(len(move.cards) for _action, move in plays)
        return self.rng.choice([action for action, move in plays if len(move.cards) == most])


def medium_ranking(view: SeatView, rng: Rng, style: Style = MEDIUM) -> list[Action]:
    """The legal actions, the favourite first of medium's scoring in ``style`` (hard
    starts from the same list, in its own style)."""
    obs = view.observation
    table = Table.from_observation(obs, style)
    return rank(table, view.legal_actions, obs["phase"], piles_of(obs), rng)


class MediumMeanBot(Bot):
    """Weighs every legal action with the heuristics of the module docstring."""

    level = "medium"
    style = MEDIUM

    def choose(self, view: SeatView) -> Action:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        return medium_ranking(view, self.rng, self.style)[0]


def rank(
    table: Table, actions: Sequence[Action], phase: str, piles: Sequence[dict[str, Any]], rng: Rng
) -> list[Action]:
    """The actions, best first by medium's scoring (a little noise breaks ties)."""
    scored = [
        (score_action(table, a.code, phase, piles) + rng.uniform(0.0, 1e-6), index)
        for index, a in enumerate(actions)
    ]
    scored.sort(reverse=True)
    return [actions[index] for _, index in scored]


# -- hard: a search over the cards it cannot see --------------------------------------------


def fast_choice(
    state: MeanState,
    seat: int,
    unseen: Counter[str],
    fits: dict[tuple[int, str], float] | None = None,
    style: Style = MEDIUM,
) -> Action:
    """Medium's choice (in ``style``), for roll-outs in a sampled world (no observation built).

    ``unseen`` is a fixed estimate of the cards nobody sees: roll-outs need speed more
    than each imagined player's exact count.
    """
    actions = state.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    table = Table.from_state(state, seat, unseen, fits, style)
    piles = [
        {"count": len(pile), "top": pile[-1] if pile else None} for pile in state.punishment_piles
    ]
    best = max(
        range(len(actions)),
        key=lambda i: score_action(table, actions[i].code, state.phase, piles),
    )
    return actions[best]


def outlook(state: MeanState, seat: int) -> float:
    """How well ``seat`` stands, 0 to 1: its share of the win when the game is over,
    otherwise (a roll-out cut short) its hand against the others'."""
    result = state.result
    if result is not None:
        return result.win_share(seat)
    if not state.active[seat]:
        return 1.0
    mine = len(state.hands[seat])
    others = [len(state.hands[s]) for s in range(state.players) if s != seat and state.active[s]]
    weight = 0.12 if state.draw_deck else 0.25
    edge = min(others) - mine + 0.5 * (sum(others) / len(others) - mine)
    bonus = 0.03 * sum(1 for card in state.hands[seat] if card in (WILD, "8", "6"))
    return min(1.0, max(0.0, 1.0 / len(state.active) + weight * edge / 2 + bonus))


def pile_read(choice: Sequence[Sequence[Any]]) -> float | None:
    """How much more likely a pile take was from a player at random than from one who
    plays medium's way, as a log of the odds (``None``: no evidence either way).
    ``choice`` lists the piles there were as (cards, face-up top), the taken one first;
    medium takes the best by ``pile_worth``, with a little room for other ways."""
    scores = [pile_worth(top, count) for count, top in choice]
    best = max(scores)
    bests = sum(1 for score in scores if score >= best - 1e-9)
    if bests == len(scores):
        return None  # every pile as good: any take fits medium
    if scores[0] >= best - 1e-9:
        medium = 0.95 / bests
    else:
        medium = 0.05 / (len(scores) - bests)
    return math.log((1.0 / len(scores)) / medium)


class MeanSearch:
    """MEAN!'s knowledge for the one search (``cardtable.strategy.search``): the moves
    weighed at the root (``candidates``: medium's best few, its choice first), roll-outs
    to the end with ``fast_choice`` (the searching seat in ``style``; each other seat at
    random with its chance in ``explore``, otherwise medium's way), ``outlook`` as the
    value, and medium's choice as the prior. Below the root the tree adds no moves: the
    roll-outs play them."""

    def __init__(
        self,
        seat: int,
        candidates: list[Action],
        unseen: Counter[str],
        explore: Sequence[float],
        style: Style = MEDIUM,
        max_steps: int = 300,
    ):
        self.seat = seat
        self.candidates = candidates
        self.unseen = unseen
        self.explore = explore
        self.style = style
        self.max_steps = max_steps
        self.fits: dict[tuple[int, str], float] = {}  # shared by every roll-out of a search

    def moves(self, world: MeanState, seat: int) -> list[Action]:
        if seat != self.seat or world.current != seat:
            return []
        legal = {action.code for action in world.legal_actions(seat)}
        return [action for action in self.candidates if action.code in legal]

    def rollout(self, world: MeanState, rng: Rng) -> None:
        chances = self.explore
        steps = 0
        while not world.is_over and steps < self.max_steps:
            actor = world.current
            if actor != self.seat and rng.random() < chances[actor]:
                # Imagined opponents play at random as often as they are read to (careful
                # opponents are hard to foresee anyway; see benchmarks/bots.md).
                world.apply(actor, rng.choice(world.legal_actions(actor)))
            else:
                style = self.style if actor == self.seat else MEDIUM
                world.apply(actor, fast_choice(world, actor, self.unseen, self.fits, style))
            steps += 1

    def value(self, world: MeanState) -> list[float]:
        return [outlook(world, seat) for seat in range(world.players)]

    def prior(self, world: MeanState, seat: int, moves: list[Action]) -> list[float] | None:
        first = self.candidates[0].code
        return [2.0 if action.code == first else 1.0 for action in moves]


class HardMeanBot(Bot):
    """The one search's flat form (``common_worlds``) with MEAN!'s knowledge
    (``MeanSearch``), from the first turn: sampled worlds (which agree with every card its
    seat has seen go into a hand and every hand that showed it could not play: the game's
    ``knowledge``), medium's best few moves played out in each, the best mean ``outlook``
    winning, medium's choice a little ahead (``prior``). In the roll-outs each imagined
    opponent plays medium's way, or at random as often as its pile takes say it plays
    at random (``pile_read``: a player who took the pile medium would not have)."""

    level = "hard"
    think_budget = 0.150
    searches = True
    worlds = 20  # without a think budget (tests, sim)
    candidates = 5
    prior = 0.15  # the share of worlds by which a move must beat medium's choice
    explore = 0.2  # how often an imagined opponent plays at random, before any read
    read_weight = 2.0  # how far each pile take moves that (its log odds times this)
    # Search only once the Draw Deck is this low, medium's choice before (None: from the
    # first turn; benchmarks/bots.md says what each measured).
    endgame_draw: int | None = None
    max_steps = 300  # a roll-out that runs longer is judged by the hands held
    style = MEDIUM  # how it weighs its own plays, in play and in its roll-outs

    def __init__(self, rng: Rng, timed: bool = False):
        super().__init__(rng, timed)
        self._takes_read = 0
        self._odds: dict[int, float] = {}  # seat -> log odds that it plays at random

    def read(self, obs: dict[str, Any]) -> list[float]:
        """Each seat's chance of playing at random, from the pile takes not read yet."""
        takes = obs.get("pile_takes", [])
        if len(takes) < self._takes_read:  # a new game
            self._takes_read, self._odds = 0, {}
        for taker, choice in takes[self._takes_read :]:
            if taker != obs["seat"]:
                odds = pile_read(choice)
                if odds is not None:
                    self._odds[taker] = self._odds.get(taker, 0.0) + self.read_weight * odds
        self._takes_read = len(takes)
        prior = math.log(self.explore / (1.0 - self.explore)) if 0 < self.explore < 1 else None
        chances = []
        for seat in range(obs["players"]):
            if prior is None:
                chances.append(self.explore)
            else:
                chances.append(1.0 / (1.0 + math.exp(-(prior + self._odds.get(seat, 0.0)))))
        return chances

    def choose(self, view: SeatView) -> Action:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        obs = view.observation
        explore = self.read(obs)
        ranked = medium_ranking(view, self.rng, self.style)
        if self.endgame_draw is not None and obs["draw_count"] > self.endgame_draw:
            return ranked[0]
        table = Table.from_observation(obs, self.style)
        game = MeanSearch(
            view.seat, ranked[: self.candidates], table.unseen, explore, self.style, self.max_steps
        )
        return self.search(view, game, self.think_clock(self.worlds))

    def fallback(self, view: SeatView) -> Action:
        return medium_ranking(view, self.rng, self.style)[0]

    def search(self, view: SeatView, game: MeanSearch, clock: ThinkClock) -> Action:
        """The one search's flat form, every candidate in each world (``clock`` counts
        worlds). Few worlds give noisy counts: medium's choice keeps a head start."""
        return common_worlds(view, game, game.candidates, clock, self.rng, self.prior)


BOTS: dict[str, type[Bot]] = {
    "easy": EasyMeanBot,
    "medium": MediumMeanBot,
    "hard": HardMeanBot,
}
