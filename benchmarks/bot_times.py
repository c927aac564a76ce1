"""Bot decision times: how long each level of each game takes to choose a move.

Seeded four-player matches through the referee (headless, inline), the level under test in
every seat, every ``choose`` call timed on the wall clock (what a player waits for). Hard
levels are timed twice: as ``cardtable sim`` plays them (a fixed number of roll-outs, the
same seed giving the same game) and as the table plays them (``timed``: searching until
their think budget is spent). Not a test: the figures go to ``benchmarks/bots.md``.

    python benchmarks/bot_times.py [--games 6] [--game mean]

prints a Markdown table (milliseconds: p50, p95, max, and how many decisions).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardtable.games import registry  # noqa: E402
from cardtable.play import Referee  # noqa: E402
from cardtable.strategy import make_bots, playable  # noqa: E402

PLAYERS = 4


def decision_times(
    game_id: str, level: str, games: int, timed: bool
) -> tuple[list[float], list[float]]:
    """Seconds per ``choose`` over ``games`` seeded matches with ``level`` in every seat:
    on the wall clock (what a player waits for) and in CPU time of the thinking thread (what
    the decision costs, whatever else the machine is doing)."""
    times: list[float] = []
    cpu: list[float] = []
    for index in range(games):
        seed = f"times/{index}"
        state = registry.get(game_id).new_game(PLAYERS, seed)
        bots = make_bots(game_id, [level] * PLAYERS, seed, timed=timed)
        for bot in bots:
            choose = bot.choose

            def timed_choose(view, choose=choose):
                start, start_cpu = time.perf_counter(), time.thread_time()
                try:
                    return choose(view)
                finally:
                    times.append(time.perf_counter() - start)
                    cpu.append(time.thread_time() - start_cpu)

            bot.choose = timed_choose  # type: ignore[method-assign]
        Referee(state, bots, [level] * PLAYERS).run()
    return times, cpu


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    print(
        "| game | level | think budget | decisions | wall p50 / p95 / max ms "
        "| CPU p50 / p95 / max ms |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    for game_id in args.game or [info.id for info in registry.all()]:
        for level in playable(game_id):
            bot = make_bots(game_id, [level], 0)[0]
            # The budget a timed search really has: expert's is four times hard's.
            budget = None if bot.think_budget is None else bot.think_budget * bot.budget_scale
            modes = [False, True] if budget is not None else [False]
            for timed in modes:
                times, cpu = decision_times(game_id, level, args.games, timed)
                label = "none" if budget is None else f"{budget * 1000:.0f} ms"
                label += " (timed: the table)" if timed else (" (fixed: sim)" if budget else "")
                cells = [
                    " / ".join(
                        f"{1000 * value:.1f}"
                        for value in (percentile(v, 0.5), percentile(v, 0.95), max(v))
                    )
                    for v in (times, cpu)
                ]
                print(
                    f"| {game_id} | {level} | {label} | {len(times)} | " + " | ".join(cells) + " |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
