"""Bots for What the Heck?: easy, medium and hard.

All three decide from the seat's observation: the face-up Point Cards, the Point Cards
still to come (every card not yet seen), and each player's unused Player Cards (common
knowledge: used cards lie face up). Not for: the rules (``cardtable.games.what_the_heck``).

- easy: matches the rank of the Point Card to the rank of a card in hand, with noise.
- medium: rank matching, plus what the others still hold: takes a sure win with the
  cheapest card that beats every card left in other hands, and dumps its lowest card when
  it cannot win a card worth having.
- hard: works out how everyone at the table should bid this round, as an approximate
  equilibrium of the round's auction (ties cancel), each player from its own unused
  cards, and draws its own bid from its part of it with its own generator. What each
  card is worth, spent with the pot taken or not, comes from quick roll-outs of the rest
  of the game (the others bidding by a model of how people bid). Copies of it at one
  table allow for each other's ties, so a fourth player finds no card they keep leaving.
  Each other player is read from its revealed bids as one who thinks, one who bids
  anything, or one with a fixed habit of its own (``BidHabit``, learned in the game).
"""

from __future__ import annotations

import itertools
import math
import time
from typing import Any

from cardtable.engine import Action, Rng
from cardtable.games.what_the_heck.rules import winning_bid
from cardtable.games.what_the_heck.vocabulary import POINT_CARDS, ROUNDS, bid_code

from .base import Bot, SeatView, ThinkClock


def desire(total: int) -> float:
    """How much a pot is worth fighting for. Dodging a negative card only needs a card
    that is not the lowest, so it is worth a little less than taking a positive one."""
    return float(total) if total >= 0 else -0.8 * total


def points_to_come(obs: dict[str, Any]) -> list[int]:
    """Point Cards not yet face up: all of them minus those seen on the table."""
    seen = list(obs["zones"]["center"]["cards"]) + list(obs["zones"]["unclaimed"]["cards"])
    for seat in range(obs["players"]):
        seen += obs["zones"][f"won:{seat}"]["cards"]
    left = list(POINT_CARDS)
    for card in seen:
        left.remove(card)
    return [int(card) for card in left]


def pot_quantile(total: int, upcoming: list[int]) -> float:
    """Where the pot ranks among itself and the pots to come, from 0 (the least wanted)
    to 1 (the most), equal pots sharing the middle of their places."""
    wanted = desire(total)
    keys = [desire(v) for v in upcoming]
    below = sum(1 for key in keys if key < wanted)
    equal = 1 + sum(1 for key in keys if key == wanted)
    return (below + (equal - 1) / 2) / max(1, len(keys))


def card_at(hand: list[int], quantile: float) -> int:
    """The card at ``quantile`` (clamped to 0..1) of a sorted hand."""
    quantile = min(1.0, max(0.0, quantile))
    return hand[round(quantile * (len(hand) - 1))]


def rank_match(hand: list[int], total: int, upcoming: list[int], nudge: float = 0.0) -> int:
    """The card whose rank in ``hand`` matches the pot's rank among the pots to come."""
    return card_at(sorted(hand), pot_quantile(total, upcoming) + nudge)


class EasyBot(Bot):
    level = "easy"

    def choose(self, view: SeatView) -> Action:
        obs = view.observation
        hand = [int(c) for c in obs["hand"]]
        card = rank_match(
            hand, obs["center_total"], points_to_come(obs), nudge=self.rng.uniform(-0.25, 0.25)
        )
        return Action(bid_code(card))


def medium_card(
    hand: list[int], others: list[list[int]], total: int, upcoming: list[int], nudge: float = 0.0
) -> int:
    """Medium's choice, shared with hard's model of the other players."""
    return medium_choice(sorted(hand), others, total, pot_quantile(total, upcoming) + nudge)


def medium_choice(hand: list[int], others: list[list[int]], total: int, quantile: float) -> int:
    """Medium's choice from a sorted hand and the pot's (nudged) quantile, which the
    roll-outs work out once a round for every player."""
    matched = card_at(hand, quantile)
    others = [o for o in others if o]
    if not others:
        return matched
    if total >= 0:
        top = max(max(o) for o in others)
        sure = [c for c in hand if c > top]
        if sure and sure[0] <= matched + 3:
            return sure[0]
        if matched <= top and desire(total) <= 2 and len(hand) > 1:
            return hand[0]
    else:
        # Safe when some other player holds nothing above our card: they must go lower.
        safe = [c for c in hand if any(max(o) < c for o in others)]
        if safe and safe[0] <= matched + 2:
            return safe[0]
    return matched


class MediumBot(Bot):
    level = "medium"

    def choose(self, view: SeatView) -> Action:
        return medium_bid(view, self.rng)


def medium_bid(view: SeatView, rng: Rng) -> Action:
    """Medium's bid (hard's quick one too): ``medium_card``, nudged a little at random."""
    obs = view.observation
    seat = view.seat
    hand = [int(c) for c in obs["hand"]]
    others = [[int(c) for c in obs["remaining"][s]] for s in range(obs["players"]) if s != seat]
    card = medium_card(
        hand,
        others,
        obs["center_total"],
        points_to_come(obs),
        nudge=rng.uniform(-0.08, 0.08),
    )
    return Action(bid_code(card))


class HardBot(Bot):
    """A mixed strategy from an equilibrium of the round's bidding.

    What the Heck?'s round is a simultaneous auction in which ties cancel. Copies of one
    bot that each play their best reply bid alike and hand the pot to a fourth player, and
    copies that mix each on its own still collide unless each mix allows for the others'.
    So hard works out how every player at the table should bid this round, each from its
    own unused cards, as an approximate equilibrium (regret matching over the round's
    game), and draws its own bid from its own part of it with its own generator.

    The round's game: a player's result for a card is what the rest of the game is worth
    to it after spending that card, taking the pot or not (``stakes``, from quick
    roll-outs over sampled orders of the Point Cards to come, the others bidding later by
    a model of how people bid), weighted by the chance that the card takes the pot against
    the others' mixes (``win_chances``, exact). No player can then do better by bidding
    otherwise (to within the estimates): a fixed rule seated with three hard bots finds no
    card that they keep leaving to it.

    The other players, read from their revealed bids (Bayes over three kinds, ``beliefs``):
    one who thinks bids by its part of the equilibrium; one who bids anything, any card
    alike; one with a fixed habit of its own (``BidHabit``: a rule of thumb or a published
    strategy, which bids as the line learned from its bids says) counts in the round's
    game half as one who thinks and half as one who bids anything (``in_the_round``).
    Predicting its card exactly was measured to be worse: every hard bot then left it the
    pots it bids its top cards for, each hoping another would spend a card to cancel it.
    """

    level = "hard"
    think_budget = 0.140  # the whole decision: the worlds, then the round's equilibrium
    # The parts of the budget, from the moment the table asked: the worlds end by 65% of
    # it (the round's equilibrium, worked out after them, takes a tenth of a decision at
    # the median and up to a third on a busy machine: issue 32), the equilibrium by 85%
    # (the rest for the answer's trip back from the bot's process, which a busy machine
    # makes long).
    worlds_share = 0.65
    answer_share = 0.85
    searches = True
    samples = 7  # worlds per decision without a think budget (tests, sim)
    iterations = 30  # rounds of regret matching for the round's equilibrium (at the most)

    def __init__(self, rng: Rng, timed: bool = False):
        super().__init__(rng, timed)
        self._judged_rounds: set[int] = set()
        self._matches: dict[int, list[int]] = {}  # seat -> [bids like medium, bids seen]
        # seat -> log chances (before normalising) that the player bids by a habit of its
        # own (``BidHabit``), thinks (bids one of its sensible cards, those of the round's
        # equilibrium) or bids anything at all; each player's habit; the sensible cards.
        self._beliefs: dict[int, list[float]] = {}
        self._habits: dict[int, BidHabit] = {}
        self._equilibria: dict[int, list[list[int]]] = {}  # round -> each player's cards

    def fallback(self, view: SeatView) -> Action:
        return medium_bid(view, self.rng)

    def choose(self, view: SeatView) -> Action:
        started = time.perf_counter()  # the budget covers the whole decision
        obs = view.observation
        seat = view.seat
        players = obs["players"]
        hand = sorted(int(c) for c in obs["hand"])
        if len(hand) == 1:
            return Action(bid_code(hand[0]))
        remaining = [sorted(int(c) for c in obs["remaining"][s]) for s in range(players)]
        upcoming = points_to_come(obs)
        self._judge_last_reveal(obs, seat, remaining, upcoming)
        total = obs["center_total"]
        stakes = self.stakes(obs, seat, remaining, upcoming, started)
        cards = [
            self._candidates(remaining[s], remaining, s, total, upcoming)
            if s != seat
            else sorted(stakes)
            for s in range(players)
        ]
        # The others' stakes are ours for the nearest card: their hands are as public as ours.
        seat_stakes = [
            stakes if s == seat else {c: stakes[_nearest(stakes, c)] for c in cards[s]}
            for s in range(players)
        ]
        thinking = [1.0 if s == seat else self.in_the_round(s) for s in range(players)]
        mixes = round_equilibrium(
            cards,
            seat_stakes,
            total < 0,
            self.budget_clock(self.iterations, started, self.answer_share),
            thinking,
            remaining,
        )
        self._equilibria[obs["round"]] = cards
        return Action(bid_code(_weighted(cards[seat], mixes[seat], self.rng)))

    def stakes(
        self, obs, seat, remaining, upcoming, started: float | None = None
    ) -> dict[int, tuple[float, float]]:
        """For each sensible card: our mean result if we spend it and take the pot, and if
        we spend it and another player takes it (each other player alike), over sampled
        worlds (the order of the Point Cards to come; the others' bids from the model), the
        same worlds for every card so that differences come from the card. Who takes this
        pot changes no later bid, so one roll-out gives both."""
        players = obs["players"]
        hand = remaining[seat]
        total = obs["center_total"]
        like_medium = [self.medium_weight(s) for s in range(players)]
        pot = [int(c) for c in obs["zones"]["center"]["cards"]]
        rounds_left = ROUNDS - obs["round"]
        candidates = self._candidates(hand, remaining, seat, total, upcoming)
        won = dict.fromkeys(candidates, 0.0)
        lost = dict.fromkeys(candidates, 0.0)
        others = [s for s in range(players) if s != seat]
        draws = 2 * players * (rounds_left + 1)
        clock = self.think_clock(self.samples, self.worlds_share, started)
        while clock.more():
            order = list(upcoming)
            self.rng.shuffle(order)
            chance = [self.rng.random() for _ in range(draws)]
            for card in candidates:
                score = _playout(
                    card,
                    seat,
                    remaining,
                    obs["scores"],
                    pot,
                    order,
                    rounds_left,
                    chance,
                    like_medium,
                )
                score[seat] += total
                won[card] += _result(score, seat)
                score[seat] -= total
                for taker in others:
                    score[taker] += total
                    lost[card] += _result(score, seat) / len(others)
                    score[taker] -= total
        worlds = max(1, clock.done)
        # Spending a higher card never leaves a better hand than spending a lower one, so
        # a result that rises with the card spent is sampling noise: level it out.
        won_means = _not_rising([won[card] / worlds for card in candidates])
        lost_means = _not_rising([lost[card] / worlds for card in candidates])
        return dict(zip(candidates, zip(won_means, lost_means, strict=True), strict=True))

    def beliefs(self, seat: int) -> tuple[float, float, float]:
        """How likely this player is to bid by a habit of its own (``BidHabit``), to
        think (to bid by the round's equilibrium), or to bid anything at all: the priors
        (``BELIEF_PRIORS``), then Bayes over its revealed bids."""
        logs = list(self._beliefs.get(seat, BELIEF_PRIORS))
        top = max(logs)
        weights = [math.exp(value - top) for value in logs]
        whole = sum(weights)
        habit, thinks, anything = (weight / whole for weight in weights)
        return habit, thinks, anything

    def thinking(self, seat: int) -> float:
        """How likely this player is to think rather than bid by habit or at random."""
        return self.beliefs(seat)[1]

    def in_the_round(self, seat: int) -> float:
        """How likely this player is, in the round's game, to bid by its part of the
        equilibrium rather than any card alike: a player who thinks does; one who bids
        anything does not; one with a habit of its own counts half and half. Measured:
        hard bots that predicted such a player's bid (``BidHabit``) left it every pot it
        bids its top cards for (ross took 82% of the 10s; 40% of 150 games), while hard
        bots that allow it any card half the time go on bidding high on those pots and
        cancel its card (56% of the 10s; 21% of the same games)."""
        habit, thinks, _ = self.beliefs(seat)
        return thinks + habit / 2

    def medium_weight(self, seat: int) -> float:
        """How much like medium this player bids (0: anything at all, 1: exactly)."""
        hits, seen = self._matches.get(seat, [0, 0])
        rate = (hits + 1.2) / (seen + 2)  # prior: a thoughtful player
        chance = 0.2  # a random bid lands within one of medium's about this often
        return min(1.0, max(0.0, (rate - chance) / (1 - chance)))

    def _judge_last_reveal(self, obs, seat, remaining, upcoming) -> None:
        reveal = obs.get("last_reveal")
        if not reveal or reveal["round"] in self._judged_rounds:
            return
        self._judged_rounds.add(reveal["round"])
        bids = [int(b) for b in reveal["bids"]]
        before = [sorted(remaining[s] + [bids[s]]) for s in range(len(bids))]
        # Before that reveal, the card turned up after it was still to come.
        turned_since = [int(c) for c in obs["zones"]["center"]["cards"]]
        for card in reveal["points"]:
            if int(card) in turned_since:
                turned_since.remove(int(card))
        then_upcoming = upcoming + turned_since
        quantile = pot_quantile(reveal["total"], then_upcoming)
        for other in range(len(bids)):
            if other == seat:
                continue
            habit = self._habits.setdefault(other, BidHabit())
            by_habit = habit.learn(before[other], quantile, reveal["total"] < 0, bids[other])
            others = [before[o] for o in range(len(bids)) if o != other]
            guess = medium_card(before[other], others, reveal["total"], then_upcoming)
            row = self._matches.setdefault(other, [0, 0])
            row[0] += abs(guess - bids[other]) <= 1
            row[1] += 1
            equilibrium = self._equilibria.get(reveal["round"])
            if equilibrium is not None:
                # A thinking player bids one of its sensible cards (the equilibrium's) or
                # near medium's card; one that bids anything at all, any card alike. Not
                # by the equilibrium's own chances: another hard bot's differ from ours by
                # its sampling, and it would look like a player bidding anything.
                sensible = equilibrium[other]
                thinks = (
                    0.45 * (bids[other] in sensible) / len(sensible)
                    + 0.45 * (abs(guess - bids[other]) <= 1) / 3
                    + 0.1 / len(before[other])
                )
                logs = list(self._beliefs.get(other, BELIEF_PRIORS))
                logs[0] += math.log(by_habit)
                logs[1] += math.log(thinks)
                logs[2] += math.log(1 / len(before[other]))
                top = max(logs)  # no belief falls so far that a few bids cannot lift it
                self._beliefs[other] = [max(value - top, -6.0) for value in logs]
        self._equilibria.pop(reveal["round"], None)

    @staticmethod
    def _candidates(hand, remaining, seat, total, upcoming) -> list[int]:
        others = [remaining[s] for s in range(len(remaining)) if s != seat]
        matched = rank_match(hand, total, upcoming)
        picks = {hand[0], matched, medium_card(hand, others, total, upcoming)}
        index = hand.index(matched)
        for offset in (-2, -1, 1, 2, 3):
            if 0 <= index + offset < len(hand):
                picks.add(hand[index + offset])
        if others and total >= 0:
            top = max(max(o) for o in others if o) if any(others) else 0
            sure = [c for c in hand if c > top]
            if sure:
                picks.add(sure[0])
        return sorted(picks)


class BidHabit:
    """What one player's revealed bids say about how it bids: a model learned within the
    game, for players who bid by a fixed habit of their own rather than by thinking the
    round through (a rule of thumb, a published strategy, a simple bot).

    It knows only what the table shows: for each revealed bid, where the pot ranked among
    itself and the pots still to come then (``pot_quantile``, and whether it was negative)
    and where the card bid ranked in the player's unused cards. Its guess for the next bid
    is the rank the player gave to pots ranked like this one (a line fitted through its
    revealed bids, leaning on "the rank of the pot" while there are few), and how far its
    bids have landed from its guesses so far (a histogram of misses, in places of the
    hand) says how sure it is. A player who bids the same way each time is soon predicted
    exactly; one who mixes, or thinks, is predicted loosely and so counts for little.
    """

    PRIOR = 0.1  # weight of "the card ranked as the pot is" against each revealed bid
    # Misses (places of the hand) before any bid is seen, a loose guess; FAR: any other.
    MISSES = {0: 0.6, -1: 0.3, 1: 0.3, -2: 0.15, 2: 0.15, -3: 0.05, 3: 0.05}
    FAR = 0.3

    def __init__(self) -> None:
        self.seen: list[tuple[float, bool, float]] = []  # pot rank, negative, bid rank
        self.misses = dict(self.MISSES)
        self.far = self.FAR

    def line(self, negative: bool) -> tuple[float, float]:
        """The bid's rank in the hand as ``a + b * pot rank`` (returns a, b): a line
        through the revealed bids on pots of this sign (least squares), held toward "the
        card ranked as the pot is" (a = 0, b = 1) by ``PRIOR`` (ridge regression), so that
        it follows a handful of bids but is never lost without any."""
        seen = [(x, y) for x, sign, y in self.seen if sign == negative]
        k = self.PRIOR
        # The normal equations of sum (y - a - b x)^2 + k (a^2 + (b - 1)^2).
        n, sx, sxx = len(seen) + k, sum(x for x, _ in seen), sum(x * x for x, _ in seen) + k
        sy, sxy = sum(y for _, y in seen), sum(x * y for x, y in seen) + k
        slope = (n * sxy - sx * sy) / (n * sxx - sx * sx)
        return (sy - slope * sx) / n, slope

    def place(self, hand: list[int], quantile: float, negative: bool) -> int:
        """The place in the sorted ``hand`` this player is expected to bid from."""
        start, slope = self.line(negative)
        return round(min(1.0, max(0.0, start + slope * quantile)) * (len(hand) - 1))

    def chances(self, hand: list[int], quantile: float, negative: bool) -> dict[int, float]:
        """The chance of each card of the sorted ``hand`` being bid: each miss seen (in
        places from the guess) as often as it has been, the rest (far misses, and misses
        that would leave this hand) spread over every card alike."""
        guess = self.place(hand, quantile, negative)
        whole = sum(self.misses.values()) + self.far
        near = {hand[i]: self.misses.get(i - guess, 0.0) / whole for i in range(len(hand))}
        rest = (1.0 - sum(near.values())) / len(hand)
        return {card: chance + rest for card, chance in near.items()}

    def learn(self, hand: list[int], quantile: float, negative: bool, bid: int) -> float:
        """Take in a revealed bid (``hand``: the player's sorted unused cards before it);
        returns the chance this model gave it beforehand."""
        chance = self.chances(hand, quantile, negative)[bid]
        miss = hand.index(bid) - self.place(hand, quantile, negative)
        if miss in self.misses:
            self.misses[miss] += 1.0
        else:
            self.far += 1.0
        if len(hand) > 1:
            self.seen.append((quantile, negative, hand.index(bid) / (len(hand) - 1)))
        return chance


# Log chances, before any bid is seen, that a player bids by habit, thinks, bids anything.
BELIEF_PRIORS = [math.log(0.25), math.log(0.70), math.log(0.05)]


def _not_rising(values: list[float]) -> list[float]:
    """The closest sequence (least squares) to ``values`` that never rises: runs that rise
    are pooled to their mean (pool adjacent violators)."""
    blocks: list[list[float]] = []  # [mean, size]
    for value in values:
        blocks.append([value, 1.0])
        while len(blocks) > 1 and blocks[-2][0] < blocks[-1][0]:
            mean, size = blocks.pop()
            last = blocks[-1]
            last[0] = (last[0] * last[1] + mean * size) / (last[1] + size)
            last[1] += size
    return [mean for mean, size in blocks for _ in range(int(size))]


def _nearest(stakes: dict[int, Any], card: int) -> int:
    return min(stakes, key=lambda mine: (abs(mine - card), mine))


# The groups of other players (by number of other players, up to four) that can all bid
# above a card and leave it the best standing bid: every value they bid is bid twice or more.
_GROUPS = {
    count: [
        group
        for size in range(2, count + 1)
        for group in itertools.combinations(range(count), size)
    ]
    for count in range(5)
}


def win_chances(cards: list[int], others: list[list[float]], lowest: bool) -> list[float]:
    """For each of ``cards``: the chance it takes the pot when each other player bids by
    its own distribution in ``others`` (chances indexed by card value, 0..15), all
    independently. It takes the pot when no other bid equals it and every other bid that
    would beat it (a higher one, the lower on a negative pot: ``lowest``) is cancelled by
    a tie. Exact for up to four other players."""
    if lowest:  # the lowest bid takes: rank the cards the other way round
        others = [[dist[0]] + dist[:0:-1] for dist in others]
        cards = [16 - card for card in cards]
    count = len(others)
    # below[j][v]: the chance that player j bids under v (a card that cannot beat v).
    below = []
    for dist in others:
        running, row = 0.0, []
        for chance in dist:
            row.append(running)
            running += chance
        below.append(row)
    # above[group][v]: the chance that every player of the group bids one and the same
    # card above v.
    above: dict[tuple[int, ...], list[float]] = {}
    for group in _GROUPS[count]:
        running, row = 0.0, [0.0] * 16
        for value in range(15, -1, -1):
            row[value] = running
            product = 1.0
            for j in group:
                product *= others[j][value]
            running += product
        above[group] = row
    chances = []
    for card in cards:
        total = 1.0
        for j in range(count):
            total *= below[j][card]
        for group, row in above.items():
            if len(group) == 4:
                a, b, c, d = group
                tied = (
                    above[(a, b)][card] * above[(c, d)][card]
                    + above[(a, c)][card] * above[(b, d)][card]
                    + above[(a, d)][card] * above[(b, c)][card]
                    - 2 * row[card]
                )
            else:
                tied = row[card]
            for j in range(count):
                if j not in group:
                    tied *= below[j][card]
            total += tied
        chances.append(total)
    return chances


def round_equilibrium(
    cards: list[list[int]],
    stakes: list[dict[int, tuple[float, float]]],
    lowest: bool,
    iterations: int | ThinkClock,
    thinking: list[float] | None = None,
    hands: list[list[int]] | None = None,
) -> list[list[float]]:
    """An approximate equilibrium of one round's bidding: for each player, chances over
    its ``cards`` such that none of them does better by bidding otherwise.

    ``stakes[s][card]``: player s's result if it spends that card and takes the pot, and
    if it spends it and does not. Regret matching (each player shifts its chances toward
    the cards it regrets not having bid, against the others' current mixes); the answer
    is the average of the mixes played, later iterations weighing more.

    ``thinking[s]``: how likely player s is to bid by its mix at all; otherwise it bids
    any card of ``hands[s]`` alike (the others' chances allow for that).

    ``iterations``: how many rounds of regret matching, or a clock that says when to stop
    (the average of the mixes so far is an answer after any number of rounds)."""
    clock = ThinkClock(iterations, None) if isinstance(iterations, int) else iterations
    players = len(cards)
    mixes = [[1.0 / len(own)] * len(own) for own in cards]
    regrets = [[0.0] * len(own) for own in cards]
    average = [[0.0] * len(own) for own in cards]
    step = 0
    while clock.more():
        step += 1
        dists = []
        for s, (own, mix) in enumerate(zip(cards, mixes, strict=True)):
            dist = [0.0] * 16
            weight = 1.0 if thinking is None else thinking[s]
            if weight < 1.0 and hands is not None:
                for card in hands[s]:
                    dist[card] = (1.0 - weight) / len(hands[s])
            for card, chance in zip(own, mix, strict=True):
                dist[card] += weight * chance
            dists.append(dist)
        new_mixes = []
        for s in range(players):
            others = [dists[j] for j in range(players) if j != s]
            chances = win_chances(cards[s], others, lowest)
            values = [
                lost + chance * (won - lost)
                for (won, lost), chance in zip(
                    (stakes[s][card] for card in cards[s]), chances, strict=True
                )
            ]
            expected = sum(m * v for m, v in zip(mixes[s], values, strict=True))
            row = [max(0.0, r + v - expected) for r, v in zip(regrets[s], values, strict=True)]
            regrets[s] = row
            positive = sum(row)
            new_mixes.append(
                [r / positive for r in row] if positive > 0 else [1.0 / len(row)] * len(row)
            )
        mixes = new_mixes
        for s in range(players):
            average[s] = [a + step * m for a, m in zip(average[s], mixes[s], strict=True)]
    return [[a / sum(row) for a in row] for row in average]


def _weighted(cards: list[int], weights: list[float], rng: Rng) -> int:
    """One of ``cards`` drawn from ``rng`` with chances in proportion to ``weights``."""
    pick = rng.random() * sum(weights)
    for card, weight in zip(cards, weights, strict=True):
        pick -= weight
        if pick < 0:
            return card
    return cards[-1]


def _playout(
    spent: int,
    seat: int,
    remaining: list[list[int]],
    scores: list[int],
    pot: list[int],
    order: list[int],
    rounds_left: int,
    chance: list[float],
    like_medium: list[float],
) -> list[int]:
    """Play the rest of the game after we spend ``spent`` this round; everyone else bids
    from the model (medium or anything, by ``like_medium``), and we bid as medium later.
    Returns the final scores without this round's pot (the caller gives it to a player)."""
    players = len(remaining)
    hands = [list(h) for h in remaining]
    score = list(scores)
    pot = list(pot)
    upcoming = list(order)
    draw = list(order)
    n = 0
    for round_index in range(rounds_left + 1):
        total = sum(pot)
        quantile = pot_quantile(total, upcoming)
        bids = {seat: spent} if round_index == 0 else {}
        for s in range(players):
            if round_index == 0 and s == seat:
                continue
            hand = hands[s]
            pick, spread = chance[n], chance[n + 1]
            n += 2
            if s == seat or pick < like_medium[s]:
                others = [hands[o] for o in range(players) if o != s]
                bids[s] = medium_choice(hand, others, total, quantile + (spread - 0.5) * 0.3)
            else:
                bids[s] = hand[int(spread * len(hand))]
        for s, card in bids.items():
            hands[s].remove(card)
        winner = None if round_index == 0 else winning_bid(bids, total)[0]
        if winner is not None:
            score[winner] += total
        if winner is not None or round_index in (0, rounds_left):
            pot = []  # taken (this round's by whom the caller says), or left unclaimed
        if round_index < rounds_left:
            card = draw.pop(0)
            upcoming.remove(card)
            pot.append(card)
    return score


def _result(score: list[int], seat: int) -> float:
    """Our margin over the best other player, with a bonus for finishing first."""
    best_other = max(points for s, points in enumerate(score) if s != seat)
    margin = score[seat] - best_other
    return margin + (10.0 if margin > 0 else 5.0 if margin == 0 else 0.0)


BOTS = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}
