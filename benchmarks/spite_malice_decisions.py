"""How long a Spite & Malice bot takes to decide: p50, p95 and max of every decision of
the bot in seat 0 over seeded four-player games, in wall time and in CPU time (the CPU
time is what the machine's other work cannot inflate), with medium's decisions in the
same process as the baseline the hard figures are a ratio of.

    PYTHONPATH=. .venv/bin/python benchmarks/spite_malice_decisions.py --games 20

Target (issue 10): a hard decision's p95 under 150 ms. Not a test: figures go to
``benchmarks/bots.md``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardtable.games import registry
from cardtable.play import Referee, make_bots

GAME = "spite-malice"


def timed(bot, sink: dict[str, list[float]]):
    """Wrap ``bot.choose`` so each call's wall and CPU time land in ``sink``."""
    choose = bot.choose

    def measured(view):
        wall, cpu = time.perf_counter(), time.process_time()
        action = choose(view)
        sink["wall"].append(time.perf_counter() - wall)
        sink["cpu"].append(time.process_time() - cpu)
        return action

    bot.choose = measured


def measure(level: str, games: int, seed: int) -> dict[str, list[float]]:
    sink: dict[str, list[float]] = {"wall": [], "cpu": []}
    seats = [level, "medium", "medium", "medium"]
    for index in range(games):
        state = registry.get(GAME).new_game(4, seed=f"{seed}/{index}")
        bots = make_bots(GAME, seats, f"{seed}/{index}")
        timed(bots[0], sink)
        Referee(state, bots, seats).run()
    return sink


def summary(times: list[float]) -> tuple[float, float, float]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered) * 1000, p95 * 1000, ordered[-1] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    results = {level: measure(level, args.games, args.seed) for level in ("medium", "hard")}
    print(f"{GAME}: {args.games} games, 4 players, seed {args.seed}; bot in seat 0")
    print("level   clock  decisions     p50 ms    p95 ms    max ms")
    for level, sink in results.items():
        for clock in ("wall", "cpu"):
            p50, p95, most = summary(sink[clock])
            print(
                f"{level:<7} {clock:<5} {len(sink[clock]):>9} {p50:>10.2f} {p95:>9.2f} {most:>9.2f}"
            )
    base = summary(results["medium"]["cpu"])
    hard = summary(results["hard"]["cpu"])
    print(
        f"hard / medium (cpu): p50 {hard[0] / base[0]:.1f}x, p95 {hard[1] / base[1]:.1f}x, "
        f"max {hard[2] / base[2]:.1f}x"
    )


if __name__ == "__main__":
    main()
