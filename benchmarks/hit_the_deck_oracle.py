"""An upper bound for Hit the Deck's card play at equal slap (issue 15): an oracle seat
that sees every hand and the Draw Pile's order, measured against three mediums on the
matches ``cardtable sim hit-the-deck --players 4 --seats X,medium,medium,medium --seed 1
--equal-slap`` plays. Not a level the game ships, and not a fair player: it reads the true
state (``watch``), which no bot at the table may.

What it knows. The referee runs inline, so the oracle holds the live state and copies it
(generator included) to look ahead: every hand, the Draw Pile's order, and where every
Cut will fall and how every refill will shuffle (the state's own generator decides those,
and a copy draws the same numbers). The three mediums decide by their hands alone, with no
randomness, so a roll-out with medium's play for them predicts their cards exactly. The
only thing it cannot know is the slap races: every player reacts by medium's profile, so
each player is last with the same chance, and the roll-outs draw a random order.

How much it is let know (``knows``), to tell which knowledge the gain comes from:

- ``all`` (the oracle): everything above;
- ``hands``: every hand, but not the Draw Pile's order nor the cuts (each roll-out
  shuffles the pile afresh and cuts by its own generator; the cards under the top of a
  discard pile turned over by a Flip stay where they are, a small leak);
- ``next``: the next player's hand only (the next player in the direction of play when
  it chooses); the other two hands and the pile are dealt anew from their cards in each
  roll-out;
- ``none``: an honest bot, with the same lookahead: each roll-out starts from a world
  dealt from the seat's own view (``sample_world``: the engine's ``sample_hidden``).

How it plays. On every turn with a choice (two or more cards may be played; with
``fakeouts`` also a fake-out slap, the only other move the rules allow on a turn), each
move is tried ``rollouts`` times: a copy of the true state, the move, then medium's play
for every seat (its own later turns too) to the end of the hand, slap races at random,
the same race draws for every move (common random numbers). The hand's end is judged by
``judge``:

- ``hand``: the seat's points this hand against the mean of the other three (lower is
  better: the match is decided by points);
- ``match``: a chance of winning the match from the totals after the hand, a soft minimum
  over the four totals (``exp(-total / 12)`` shares), or the match's real result if the
  hand ended it.

The move with the best mean wins; ties go to medium's choice, and so does any move that
looks no more than ``margin`` better than it. So the oracle is medium's
play improved by one decision of perfect lookahead at every turn: a lower bound on what
perfect information can win, and (at these margins) a measure of how much the choice of
card can move a match at all.

Every decision where the oracle and medium differ is counted by what each played (a
number card, a Cut, a Flip, a Hit card that calls, a Hand card, a fake-out), with the
lookahead's estimate of the gain; ``--log FILE`` writes the per-match results (paired
with medium's on the same matches: ``hit_the_deck_search_trials.py GAMES medium``).

    PYTHONPATH=. .venv/bin/python benchmarks/hit_the_deck_oracle.py GAMES \\
        [--rollouts 8] [--judge hand|match] [--fakeouts] [--knows all|hands|none]
        [--margin 0] [--base medium|hard] [--start 0] [--log FILE] [--against FILE]
        [--bot oracle|medium|hard]   (medium, hard: the references, on the same matches)

``--base hard`` builds the looking-ahead seat on hard instead of medium: hard's card when
the lookahead finds nothing better, and hard's hit on its own Hand card (first, in the
roll-outs' races too).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from typing import Any

from cardtable.engine import Action, GameState, Rng
from cardtable.games.hit_the_deck.vocabulary import HIT, card, play_code
from cardtable.strategy import SeatView
from cardtable.strategy.hit_the_deck import HardBot, MediumBot, plays

sys.path.insert(0, "benchmarks")
from hit_the_deck_search_trials import HitTheDeckSearch, trial  # noqa: E402

SOFTNESS = 12.0  # points: how far apart two totals must be for one to be clearly ahead


def kind_of(code: str) -> str:
    """What a move is, for the counts of where the oracle and medium differ."""
    if code == HIT.code:
        return "fake-out"
    return card(code.split()[1]).kind


def hand_judge(world: GameState, seat: int, hand_number: int) -> float:
    """Points the others hold on average, less the seat's own, at the hand's end."""
    scores = world.hand_scores[hand_number - 1]
    others = (sum(scores) - scores[seat]) / (len(scores) - 1)
    return others - scores[seat]


def match_judge(world: GameState, seat: int, hand_number: int) -> float:
    """The seat's chance of winning: the real result once the match is over, otherwise
    its soft-minimum share of the totals."""
    if world.is_over:
        result = world.result
        assert result is not None
        return result.win_share(seat)
    low = min(world.totals)
    weights = [math.exp(-(total - low) / SOFTNESS) for total in world.totals]
    return weights[seat] / sum(weights)


JUDGES = {"hand": hand_judge, "match": match_judge}


class OracleBot(MediumBot):
    """Medium, improved by a perfect-information lookahead at every turn with a choice."""

    level = "oracle"  # not a level of the game: the harness seats it
    rollouts = 8
    judge = "hand"
    fakeouts = False
    knows = "all"
    margin = 0.0  # how much better (in the judge's units) a move must look to beat medium's
    # Shared by every oracle of a run: (medium's kind, the oracle's kind) -> [count, gain].
    differs: dict[tuple[str, str], list[float]] = {}
    decisions = Counter[str]()

    def __init__(self, rng: Rng):
        super().__init__(rng)
        self.state: GameState | None = None

    def watch(self, state: GameState) -> None:
        """The live state of the match: what makes it an oracle."""
        self.state = state

    def choose(self, view: SeatView) -> Action:
        medium = super().choose(view)
        moves = [Action(play_code(code)) for code in plays(view)]
        if self.fakeouts and HIT in view.legal_actions:
            moves.append(HIT)
        self.decisions["turns"] += 1
        if len(moves) < 2:
            return medium
        self.decisions["choices"] += 1
        true = self.state
        assert true is not None
        policy = HitTheDeckSearch(true.hand_number, depth=1_000_000)
        if getattr(self, "own_card_hit", None) is not None:
            policy.hits_own_card_first = view.seat
        judge = JUDGES[self.judge]
        # The same race draws for every move: a difference is the move's, not the luck's.
        draws = [self.rng.spawn(f"race {true.generation}/{k}") for k in range(self.rollouts)]
        worlds = [self.world(view, true, draw) for draw in draws]
        means: dict[str, float] = {}
        for action in moves:
            total = 0.0
            for draw, start in zip(draws, worlds, strict=True):
                world = start.copy()
                world.apply(view.seat, action)
                policy.rollout(world, draw.copy())
                total += judge(world, view.seat, true.hand_number)
            means[action.code] = total / self.rollouts
        best = max(moves, key=lambda action: (means[action.code], action == medium))
        if means[best.code] - means[medium.code] <= self.margin:
            best = medium
        if best != medium:
            key = (kind_of(medium.code), kind_of(best.code))
            entry = self.differs.setdefault(key, [0, 0.0])
            entry[0] += 1
            entry[1] += means[best.code] - means[medium.code]
            self.decisions["differs"] += 1
        return best

    def world(self, view: SeatView, true: GameState, draw: Rng) -> GameState:
        """The state a roll-out starts from, by what the seat is let know (``knows``)."""
        if self.knows == "none":
            return view.sample_world(draw.spawn("world"))
        world = true.copy()
        if self.knows == "all":
            return world
        world.rng = draw.spawn("world")
        if self.knows == "hands":
            world.rng.shuffle(world.draw_pile)
            return world
        # "next": the next player's hand as it is; the other hands and the pile dealt anew.
        after = (view.seat + world.direction) % world.players
        others = [s for s in range(world.players) if s not in (view.seat, after)]
        pool = world.draw_pile + [code for s in others for code in world.hands[s]]
        world.rng.shuffle(pool)
        for seat in others:
            size = len(world.hands[seat])
            world.hands[seat], pool = pool[:size], pool[size:]
        world.draw_pile = pool
        return world


KNOWLEDGE = ("all", "hands", "next", "none")


def paired(mine: list, theirs: list, what: str) -> str:
    """The mean difference over the same matches and its standard error."""
    diffs = [a - b for a, b in zip(mine, theirs, strict=True)]
    mean = sum(diffs) / len(diffs)
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
    return f"{what} {mean:+.3f} +- {spread:.3f}"


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=int)
    parser.add_argument("--rollouts", type=int, default=8)
    parser.add_argument("--judge", choices=sorted(JUDGES), default="hand")
    parser.add_argument("--fakeouts", action="store_true")
    parser.add_argument("--knows", choices=KNOWLEDGE, default="all")
    parser.add_argument("--margin", type=float, default=0.0)
    parser.add_argument("--base", choices=("medium", "hard"), default="medium")
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--bot", choices=("oracle", "medium", "hard"), default="oracle")
    parser.add_argument("--log")
    parser.add_argument("--against", help="a --log of the same matches, to pair with")
    args = parser.parse_args(argv)

    class Oracle(OracleBot):
        rollouts = args.rollouts
        judge = args.judge
        fakeouts = args.fakeouts
        knows = args.knows
        margin = args.margin

    if args.base == "hard":
        Oracle = type("Oracle", (Oracle, HardBot), {})  # noqa: N806
    first = {"oracle": Oracle, "medium": None, "hard": HardBot}[args.bot]
    started = time.perf_counter()
    wins, scores = trial(first, args.games, args.start)
    seconds = (time.perf_counter() - started) / args.games
    share, mean = sum(wins) / len(wins), sum(scores) / len(scores)
    print(
        f"{' '.join(argv)}: seat 0 wins {share:.1%}, mean score {mean:.1f}, "
        f"{seconds:.2f} s a match; decisions {dict(OracleBot.decisions)}",
        flush=True,
    )
    rows = sorted(OracleBot.differs.items(), key=lambda item: -item[1][0])
    for (was, now), (count, gain) in rows:
        print(f"  medium {was} -> oracle {now}: {count:.0f} times, mean gain {gain / count:.2f}")
    if args.against:
        with open(args.against) as past:
            other = json.load(past)
        print("  paired against", args.against, paired(wins, other["wins"], "wins"), end="; ")
        print(paired(scores, other["scores"], "score"))
    if args.log:
        record: dict[str, Any] = {
            "argv": argv,
            "wins": wins,
            "scores": scores,
            "decisions": dict(OracleBot.decisions),
            "differs": [[was, now, count, gain] for (was, now), (count, gain) in rows],
        }
        with open(args.log, "w") as out:
            json.dump(record, out)


if __name__ == "__main__":
    main(sys.argv[1:])
