"""Trials of Hit the Deck's hard bot on the one search (issue 15): not the bot the game
ships (``cardtable/strategy/hit_the_deck.py``), the experiment that decided against it so
far (figures in ``benchmarks/bots.md``).

``HitTheDeckSearch`` is Hit the Deck for ``cardtable.strategy.search.ismcts``: the tree
holds the moves of a turn (a play, or the draw when nothing fits; never a fake-out), stops
at a slap round (a race: the roll-out has every player hit in a random order, as players of
one speed would), the roll-out plays medium's cards for everyone for ``depth`` turns or to
the end of the hand, and medium's judgement is the prior. Three ways to judge where a
roll-out stops (``value``):

- ``total``: each seat's likely match total (its total plus this hand's points, counted
  in full unless it is likely to go out first, by one over its cards squared), as a lead
  over the others' mean through a logistic of ``spread`` points;
- ``hand``: the same, this hand's likely points only;
- ``race``: the points a seat is left holding when the quickest other player goes out,
  if both shed one card a turn (its lowest cards, as medium keeps them).

Every trial plays the matches ``cardtable sim hit-the-deck --players 4 --seats
X,medium,medium,medium --seed 1 --equal-slap`` plays (same seeds, same bots in seats 1-3),
X in seat 0, and prints its win share and mean score (lower is better):

    PYTHONPATH=. .venv/bin/python benchmarks/hit_the_deck_search_trials.py \
        GAMES search DEPTH ROUNDS SPREAD VALUE [PRIOR_TEMPERATURE]
    PYTHONPATH=. .venv/bin/python benchmarks/hit_the_deck_search_trials.py GAMES medium
    PYTHONPATH=. .venv/bin/python benchmarks/hit_the_deck_search_trials.py GAMES hard
"""

from __future__ import annotations

import math
import sys
import time

from cardtable.engine import Action, GameState, Rng
from cardtable.games import registry
from cardtable.games.hit_the_deck.vocabulary import DRAW, HIT, card, parse
from cardtable.play import Referee
from cardtable.strategy import Bot, SeatView, make_bots
from cardtable.strategy.hit_the_deck import HardBot, MediumBot, plays
from cardtable.strategy.search import ismcts


class HitTheDeckSearch:
    """Hit the Deck's knowledge for the one search (the module docstring)."""

    def __init__(
        self,
        hand_number: int,
        depth: int = 6,
        spread: float = 8.0,
        judge: str = "hand",
        temperature: float = 0.7,
    ):
        self.hand_number = hand_number  # the hand the search starts in
        self.depth = depth  # turns a roll-out plays before the value judges it
        self.spread = spread  # points of lead that make a seat clearly ahead
        self.judge = judge
        self.temperature = temperature  # the prior: exp((worth - best) / temperature)
        self.policy = MediumBot(Rng("search policy"))  # medium's choice draws nothing
        # A seat that hits its own Hand card at once (hard's ``own_card_hit``), or None.
        self.hits_own_card_first: int | None = None

    @staticmethod
    def view(world: GameState, seat: int) -> SeatView:
        """What medium reads to choose, taken straight from the world."""
        observation = {
            "hand": world.hands[seat],
            "hand_counts": [len(hand) for hand in world.hands],
            "direction": world.direction,
            "players": world.players,
        }
        return SeatView(seat, observation, world.legal_actions(seat))

    def moves(self, world: GameState, seat: int) -> list[Action]:
        if world.window is not None:
            return []  # a slap round: a race, not a choice; the roll-out runs it
        return [action for action in world.legal_actions(seat) if action != HIT]

    def prior(self, world: GameState, seat: int, moves: list[Action]) -> list[float] | None:
        if len(moves) < 2:
            return None
        view = self.view(world, seat)
        worths = [
            self.policy.worth(view, str(parse(action.code).card)) if action != DRAW else 0.0
            for action in moves
        ]
        best = max(worths)
        return [math.exp((worth - best) / self.temperature) for worth in worths]

    def rollout(self, world: GameState, rng: Rng) -> None:
        hand = world.hand_number
        turns = 0
        while not world.is_over and world.hand_number == hand:
            if world.window is not None:
                racers = list(world.to_act)
                rng.shuffle(racers)
                player = world.slap.card_player
                if player == self.hits_own_card_first and player in racers:
                    racers.remove(player)  # it hits its own Hand card at once
                    racers.insert(0, player)
                for seat in racers:
                    if world.window is None:
                        break
                    world.apply(seat, HIT)
                continue
            if turns >= self.depth:
                return
            seat = world.turn
            world.apply(seat, self.policy.choose(self.view(world, seat)))
            turns += 1

    def value(self, world: GameState) -> list[float]:
        players = world.players
        if world.is_over:
            result = world.result
            assert result is not None
            return [result.win_share(seat) for seat in range(players)]
        if world.hand_number != self.hand_number:
            ended = world.hand_scores[self.hand_number - 1]
            likely = [float(total) for total in world.totals]
            if self.judge != "total":
                likely = [float(points) for points in ended]
        elif self.judge == "race":
            likely = self.race(world)
        else:
            likely = [0.0] * players if self.judge != "total" else list(map(float, world.totals))
            chances = [1.0 / max(1, len(hand)) ** 2 for hand in world.hands]
            whole = sum(chances)
            for seat, hand in enumerate(world.hands):
                points = sum(card(code).points for code in hand)
                likely[seat] += points * (1.0 - chances[seat] / whole)
        values = []
        for seat in range(players):
            others = (sum(likely) - likely[seat]) / (players - 1)
            lead = max(-50.0, min(50.0, (others - likely[seat]) / self.spread))
            values.append(1.0 / (1.0 + math.exp(-lead)))
        return values

    @staticmethod
    def race(world: GameState) -> list[float]:
        counts = [len(hand) for hand in world.hands]
        likely = []
        for seat, hand in enumerate(world.hands):
            quickest = min(count for other, count in enumerate(counts) if other != seat)
            points = sorted(card(code).points for code in hand)
            if counts[seat] > quickest:
                likely.append(float(sum(points[: counts[seat] - quickest])))
            elif counts[seat] == quickest:
                likely.append(0.5 * sum(points[:1]))
            else:
                likely.append(0.0)
        return likely


class SearchingHardBot(MediumBot):
    """Medium, but every turn with a choice of card decided by the search."""

    level = "hard"
    think_budget = 0.150
    settings: dict = {}
    rounds = 24

    def choose(self, view: SeatView) -> Action:
        if len(plays(view)) < 2:
            return super().choose(view)
        game = HitTheDeckSearch(view.observation["hand_number"], **self.settings)
        return ismcts(view, game, self.think_clock(self.rounds), self.rng)


def trial(first: type[Bot] | None, games: int, start: int = 0) -> tuple[list[float], list[int]]:
    """Seat 0's share of the win and its score in each of the sim's matches ``start`` ...
    ``start + games - 1``. A bot with a ``watch`` method is handed the live state (the
    oracle of ``hit_the_deck_oracle.py``)."""
    seats = ["medium"] * 4
    wins: list[float] = []
    scores: list[int] = []
    for index in range(start, start + games):
        seed = f"1/{index}"
        state = registry.get("hit-the-deck").new_game(4, seed)
        bots = make_bots("hit-the-deck", seats, seed, equal_slap=True)
        if first is not None:
            bot = first(bots[0].rng)
            bot.reaction = bots[0].reaction
            if hasattr(bot, "watch"):
                bot.watch(state)
            bots[0] = bot
        Referee(state, bots, seats).run()
        result = state.result
        assert result is not None
        wins.append(1 / len(result.winners) if 0 in result.winners else 0.0)
        scores.append(result.scores[0])
    return wins, scores


def main(argv: list[str]) -> None:
    games, kind = int(argv[0]), argv[1]
    first: type[Bot] | None = None
    if kind == "hard":
        first = HardBot
    elif kind == "search":
        depth, rounds, spread, judge = int(argv[2]), int(argv[3]), float(argv[4]), argv[5]
        temperature = float(argv[6]) if len(argv) > 6 else 0.7

        class Trial(SearchingHardBot):
            settings = {
                "depth": depth,
                "spread": spread,
                "judge": judge,
                "temperature": temperature,
            }

        Trial.rounds = rounds
        first = Trial
    started = time.perf_counter()
    wins, scores = trial(first, games)
    share, score = sum(wins) / games, sum(scores) / games
    seconds = (time.perf_counter() - started) / games
    print(
        f"{' '.join(argv)}: seat 0 wins {share:.1%}, mean score {score:.1f}, "
        f"{seconds:.2f} s a match",
        flush=True,
    )


if __name__ == "__main__":
    main(sys.argv[1:])
