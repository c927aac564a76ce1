"""Bots for What the Heck?: easy, medium and hard.

All three decide from the seat's observation: the face-up Point Cards, the Point Cards
still to come (every card not yet seen), and each player's unused Player Cards (common
knowledge: used cards lie face up). Not for: the rules (``cardtable.games.what_the_heck``).

- easy: matches the rank of the Point Card to the rank of a card in hand, with noise.
- medium: rank matching, plus what the others still hold: takes a sure win with the
  cheapest card that beats every card left in other hands, and dumps its lowest card when
  it cannot win a card worth having.
- hard: a search over the opponents' possible bids: for each sensible card it samples the
  others' bids (from a model of how people bid, in which a thoughtful player may be
  reasoning just as hard does) and the order of the Point Cards to come, and plays the
  rest of the game out quickly. It does not play the best card it finds: it draws its
  bid, from its own generator, from the average of its best responses (a mixed strategy),
  so copies of it at one table do not bid alike and cancel each other's ties.
"""

from __future__ import annotations

import math
from typing import Any

from cardtable.engine import Action, Rng
from cardtable.games.what_the_heck import POINT_CARDS, ROUNDS, bid_code, winning_bid

from .base import Bot, SeatView


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
        obs = view.observation
        seat = view.seat
        hand = [int(c) for c in obs["hand"]]
        others = [[int(c) for c in obs["remaining"][s]] for s in range(obs["players"]) if s != seat]
        card = medium_card(
            hand,
            others,
            obs["center_total"],
            points_to_come(obs),
            nudge=self.rng.uniform(-0.08, 0.08),
        )
        return Action(bid_code(card))


class HardBot(Bot):
    """Determinized Monte Carlo over the others' bids and the Point Cards to come, and a
    mixed strategy drawn from its results.

    The model of each other player is a mix of "bids like medium" and "bids anything",
    weighted by how often that player's revealed bids matched medium's choice so far; a
    player that bids like medium may also be one that thinks as hard does (a copy), taken
    to bid this round as hard's own responses so far do (fictitious play). After every
    sampled world hard's response is a softmax over the candidates' mean results; the bid
    is drawn from the average of those responses with the bot's own generator.
    """

    level = "hard"
    think_budget = 0.150
    searches = True
    samples = 14  # without a think budget (tests, sim)
    temperature = 1.5  # points of final margin: how far from the best card a bid may stray
    copy_weight = 1.0  # how often a thoughtful other player is taken to think as we do

    def __init__(self, rng: Rng, timed: bool = False):
        super().__init__(rng, timed)
        self._judged_rounds: set[int] = set()
        self._matches: dict[int, list[int]] = {}  # seat -> [bids like medium, bids seen]

    def choose(self, view: SeatView) -> Action:
        obs = view.observation
        seat = view.seat
        players = obs["players"]
        hand = sorted(int(c) for c in obs["hand"])
        if len(hand) == 1:
            return Action(bid_code(hand[0]))
        remaining = [sorted(int(c) for c in obs["remaining"][s]) for s in range(players)]
        upcoming = points_to_come(obs)
        self._judge_last_reveal(obs, seat, remaining, upcoming)
        like_medium = [self.medium_weight(s) for s in range(players)]
        pot = [int(c) for c in obs["zones"]["center"]["cards"]]
        rounds_left = ROUNDS - obs["round"]
        candidates = self._candidates(hand, remaining, seat, sum(pot), upcoming)
        totals = dict.fromkeys(candidates, 0.0)
        # The running sum of our responses: after each world, the distribution over our
        # candidates that the worlds so far make best (``_response``).
        mixed = [0.0] * len(candidates)
        draws = 2 * players * (rounds_left + 1)
        clock = self.think_clock(self.samples)
        while clock.more():
            order = list(upcoming)
            self.rng.shuffle(order)
            # The same random numbers for every candidate: differences come from the card.
            chance = [self.rng.random() for _ in range(draws)]
            opening = self._copies_bids(seat, remaining, like_medium, candidates, mixed)
            for card in candidates:
                opening[seat] = card
                totals[card] += _playout(
                    opening,
                    seat,
                    remaining,
                    list(obs["scores"]),
                    pot,
                    order,
                    rounds_left,
                    chance,
                    like_medium,
                )
            response = self._response(candidates, totals, clock.done)
            mixed = [sum_ + share for sum_, share in zip(mixed, response, strict=True)]
        return Action(bid_code(_weighted(candidates, mixed, self.rng)))

    def _response(self, candidates: list[int], totals: dict[int, float], worlds: int):
        """Each candidate's weight: how far its mean result falls short of the best one's,
        as a softmax at ``temperature`` points of final margin."""
        means = [totals[card] / max(1, worlds) for card in candidates]
        best = max(means)
        weights = [math.exp((mean - best) / self.temperature) for mean in means]
        total = sum(weights)
        return [weight / total for weight in weights]

    def _copies_bids(self, seat, remaining, like_medium, candidates, mixed) -> dict[int, int]:
        """This round's bids of the other players who, in this world, think as we do.

        Copies of one deterministic bot reason alike, best-respond alike and so bid alike,
        cancelling each other's ties. So each thoughtful player (by ``like_medium``) is, in
        ``copy_weight`` of the worlds, taken to bid as we do: a card drawn from our own
        responses so far (fictitious play), if it holds that card. Our best response then
        spreads over cards that do not collide with its own earlier picks, and the card
        finally played is drawn from the average of those responses: a mixed strategy."""
        bids: dict[int, int] = {}
        if not any(mixed):
            return bids
        for other, hand in enumerate(remaining):
            if other != seat and self.rng.random() < self.copy_weight * like_medium[other]:
                card = _weighted(candidates, mixed, self.rng)
                if card in hand:
                    bids[other] = card
        return bids

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
        for other in range(len(bids)):
            if other == seat:
                continue
            others = [before[o] for o in range(len(bids)) if o != other]
            guess = medium_card(before[other], others, reveal["total"], then_upcoming)
            row = self._matches.setdefault(other, [0, 0])
            row[0] += abs(guess - bids[other]) <= 1
            row[1] += 1

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


def _weighted(cards: list[int], weights: list[float], rng: Rng) -> int:
    """One of ``cards`` drawn from ``rng`` with chances in proportion to ``weights``."""
    pick = rng.random() * sum(weights)
    for card, weight in zip(cards, weights, strict=True):
        pick -= weight
        if pick < 0:
            return card
    return cards[-1]


def _playout(
    opening: dict[int, int],
    seat: int,
    remaining: list[list[int]],
    scores: list[int],
    pot: list[int],
    order: list[int],
    rounds_left: int,
    chance: list[float],
    like_medium: list[float],
) -> float:
    """Play the rest of the game with the ``opening`` bids (seat to card) this round: ours
    and maybe some others'. Everyone else bids from the model (medium or anything, by
    ``like_medium``); we bid as medium later. Returns our margin over the best other
    player, with a bonus for finishing first."""
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
        bids = dict(opening) if round_index == 0 else {}
        for s in range(players):
            if round_index == 0 and s == seat:
                continue
            hand = hands[s]
            pick, spread = chance[n], chance[n + 1]
            n += 2
            if s in bids:
                continue
            if s == seat or pick < like_medium[s]:
                others = [hands[o] for o in range(players) if o != s]
                bids[s] = medium_choice(hand, others, total, quantile + (spread - 0.5) * 0.3)
            else:
                bids[s] = hand[int(spread * len(hand))]
        for s, card in bids.items():
            hands[s].remove(card)
        winner, _ = winning_bid(bids, total)
        if winner is not None:
            score[winner] += total
            pot = []
        elif round_index == rounds_left:
            pot = []
        if round_index < rounds_left:
            card = draw.pop(0)
            upcoming.remove(card)
            pot.append(card)
    best_other = max(score[s] for s in range(players) if s != seat)
    margin = score[seat] - best_other
    return margin + (10.0 if margin > 0 else 5.0 if margin == 0 else 0.0)


BOTS = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}
