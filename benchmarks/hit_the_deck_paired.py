"""Hit the Deck's hard on the one search, paired match by match against hard's judgement
alone (main's hard before the search: the same bot with ``HitTheDeckBot.choose``), on the
matches ``cardtable sim hit-the-deck --players 4 --seats hard,X,X,X --seed 1`` plays
(the same seeds, bots and generators; ``--equal-slap`` by default). Figures:
``benchmarks/bots.md``. Not for: the shipped bots (settings given here are not kept).

    PYTHONPATH=. python benchmarks/hit_the_deck_paired.py GAMES [--start N] [--against X]
        [--own-profile] [--level hard|expert] [--set rounds=24 ...] [--log FILE]

prints seat 0's win share and mean score for both bots and their paired difference
(mean and standard error over the matches); ``--log`` keeps every match's figures.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

from cardtable.games import registry
from cardtable.play import Referee
from cardtable.strategy import make_bots
from cardtable.strategy.hit_the_deck import HardBot, HitTheDeckBot


def match(index: int, against: str, level: str, equal_slap: bool, searching: bool):
    """Seat 0's share of the win and its score in the sim's match ``index``; with
    ``searching`` False seat 0 chooses its cards by hard's judgement alone."""
    seed = f"1/{index}"
    seats = [level] + [against] * 3
    state = registry.get("hit-the-deck").new_game(4, seed)
    bots = make_bots("hit-the-deck", seats, seed, equal_slap=equal_slap)
    if not searching:
        bots[0].choose = HitTheDeckBot.choose.__get__(bots[0])  # type: ignore[method-assign]
    Referee(state, bots, seats).run()
    result = state.result
    assert result is not None
    return (1 / len(result.winners) if 0 in result.winners else 0.0), result.scores[0]


def paired(differences: list[float]) -> tuple[float, float]:
    n = len(differences)
    mean = sum(differences) / n
    spread = sum((d - mean) ** 2 for d in differences) / max(1, n - 1)
    return mean, math.sqrt(spread / n)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", type=int)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--against", default="medium")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--own-profile", action="store_true")
    parser.add_argument("--set", action="append", default=[], help="a HardBot setting")
    parser.add_argument("--log")
    args = parser.parse_args(argv)
    for setting in args.set:
        name, value = setting.split("=", 1)
        setattr(HardBot, name, type(getattr(HardBot, name))(value))
    rows = []
    seconds = [0.0, 0.0]
    for index in range(args.start, args.start + args.games):
        row = {"match": index}
        for searching in (True, False):
            started = time.process_time()
            win, score = match(index, args.against, args.level, not args.own_profile, searching)
            seconds[searching] += time.process_time() - started
            name = "search" if searching else "judgement"
            row[name] = [win, score]
        rows.append(row)
    n = len(rows)
    for name, spent in (("search", seconds[1]), ("judgement", seconds[0])):
        share = sum(row[name][0] for row in rows) / n
        half = 1.96 * math.sqrt(share * (1 - share) / n)
        score = sum(row[name][1] for row in rows) / n
        print(
            f"{name}: seat 0 wins {share:.1%} ({share - half:.1%}-{share + half:.1%}), "
            f"mean score {score:.2f}, {spent / n:.3f} s CPU a match"
        )
    win = paired([row["search"][0] - row["judgement"][0] for row in rows])
    score = paired([row["search"][1] - row["judgement"][1] for row in rows])
    print(
        f"search - judgement over {n} matches: win share {win[0]:+.1%} +- {win[1]:.1%}, "
        f"score {score[0]:+.2f} +- {score[1]:.2f}  ({' '.join(sys.argv[1:])})"
    )
    if args.log:
        with open(args.log, "w") as out:
            json.dump(rows, out)


if __name__ == "__main__":
    main(sys.argv[1:])
