"""Bot decision times: how long each level of each game takes to choose a move.

Seeded four-player matches through the referee (headless), the level under test in every
seat, every decision timed on the wall clock from the moment the referee asks to the
moment the answer is there (what a player waits for). Hard levels are timed twice: as
``cardtable sim`` plays them (a fixed number of roll-outs, the same seed giving the same
game) and as the table plays them (``timed``: searching until their think budget is
spent). ``--pool``: the decisions go through the app's bot pool (a worker process, as at
the table) instead of inline; ``--table``: at the table itself, the app's window (SDL's
dummy driver) watching the level in every seat at the frame cap and the fastest animation
pace, drawing every frame while the bots think in its pool, each decision timed from the
table's asking to the answer's arrival, for at most ``--decisions`` decisions or
``--seconds`` a game; ``--busy N``: N other busy processes (``yes > /dev/null``, each
stopped when the script ends and after ten minutes at most) run meanwhile, so the machine
has no core to spare. Not a test: the figures go to ``benchmarks/``.

    python benchmarks/bot_times.py [--games 6] [--game mean] [--level hard] [--pool] [--busy 2]
    python benchmarks/bot_times.py --table [--decisions 80] [--seconds 60] [--busy 2]

prints a Markdown table (milliseconds: p50, p95, max, and how many decisions; the CPU
time of the deciding thread too when inline).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardtable.games import registry
from cardtable.play import InlineExecutor, Referee
from cardtable.play.pool import BotPool
from cardtable.strategy import make_bots, playable

PLAYERS = 4
BUSY_MOST = 600  # seconds a busy process may run at the most


class Timing(Executor):
    """An executor that hands every decision to ``inner`` and notes how long its answer
    took on the wall clock (``walls``) and, when the decision runs on this thread, in CPU
    time of this thread (``cpus``)."""

    def __init__(self, inner: Executor):
        self.inner = inner
        self.walls: list[float] = []
        self.cpus: list[float] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        start, start_cpu = time.perf_counter(), time.thread_time()
        future = self.inner.submit(fn, *args, **kwargs)
        if isinstance(self.inner, InlineExecutor):  # decided on this thread
            self.cpus.append(time.thread_time() - start_cpu)
            self.walls.append(time.perf_counter() - start)
        else:
            future.add_done_callback(lambda _f: self.walls.append(time.perf_counter() - start))
        return future


def decision_times(
    game_id: str, level: str, games: int, timed: bool, pool: BotPool | None
) -> tuple[list[float], list[float]]:
    """Seconds per decision over ``games`` seeded matches with ``level`` in every seat: on
    the wall clock, and (inline only) in CPU time of the deciding thread."""
    timing = Timing(pool if pool is not None else InlineExecutor())
    for index in range(games):
        seed = f"times/{index}"
        state = registry.get(game_id).new_game(PLAYERS, seed)
        bots = make_bots(game_id, [level] * PLAYERS, seed, timed=timed)
        Referee(state, bots, [level] * PLAYERS, executor=timing).run()
    return timing.walls, timing.cpus


def table_times(
    game_id: str, level: str, decisions: int, seconds: float
) -> tuple[list[float], int]:
    """Seconds per decision at the table: the app watching a seeded four-player match with
    ``level`` in every seat, the app's own loop at its frame cap (input, animation, drawing
    every frame), the decisions in its bot pool; until ``decisions`` were timed, the match
    ended or ``seconds`` passed. Also how many of the pool's workers were replaced (died,
    or overran the pool's limit)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from cardtable.ui.app import App
    from cardtable.ui.launch import Launch

    app = App((1280, 720))
    try:
        # The fastest pace a player can set: more decisions a minute, each as it comes.
        app.settings.animation_speed = 4.0
        # The bots' worker ready, as the app has it from its first frame (``App.loop``).
        app.bot_pool().submit(int).result(timeout=120)
        app.open_table(Launch(game_id, PLAYERS, (level,) * PLAYERS, seed="times/0", watch=True))
        table = app.manager.top
        referee = table.match.referee
        timing = Timing(referee.executor)
        referee.executor = timing
        end = time.perf_counter() + seconds
        while (
            time.perf_counter() < end
            and len(timing.walls) < decisions
            and app.running
            and app.manager.top is table
            and not referee.state.is_over
        ):
            app.step()  # the frame cap's sleep included, as the app runs
        return list(timing.walls), app.bot_pool().replaced
    finally:
        app.close()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def spread(values: list[float]) -> str:
    if not values:
        return "-"
    return " / ".join(
        f"{1000 * value:.1f}"
        for value in (percentile(values, 0.5), percentile(values, 0.95), max(values))
    )


@contextlib.contextmanager
def busy(count: int) -> Iterator[None]:
    """``count`` processes that keep a core busy (``yes > /dev/null``) while inside."""
    procs = [
        subprocess.Popen(
            ["timeout", str(BUSY_MOST), "yes"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(count)
    ]
    try:
        yield
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--level", action="append", help="only this level (repeatable)")
    parser.add_argument("--pool", action="store_true", help="decide in the app's bot pool")
    parser.add_argument("--busy", type=int, default=0, help="other busy processes meanwhile")
    parser.add_argument("--timed-only", action="store_true", help="skip the fixed rounds")
    parser.add_argument("--table", action="store_true", help="at the table: the app's window")
    parser.add_argument("--decisions", type=int, default=80, help="--table: per game and level")
    parser.add_argument("--seconds", type=float, default=60.0, help="--table: per game and level")
    args = parser.parse_args()
    if args.table:
        at_the_table(args)
        return
    pool = BotPool(workers=1) if args.pool else None
    where = "through the bot pool (a worker process)" if pool else "inline"
    print(
        f"Decisions {where}, {args.busy} other busy processes, load average "
        f"{os.getloadavg()[0]:.1f} at the start, {os.cpu_count()} cores.\n"
    )
    print(
        "| game | level | think budget | decisions | wall p50 / p95 / max ms "
        "| CPU p50 / p95 / max ms |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    try:
        if pool is not None:  # the worker started before any decision is timed
            decision_times("what-the-heck", "random", 1, False, pool)
        with busy(args.busy):
            for game_id in args.game or [info.id for info in registry.all()]:
                for level in playable(game_id):
                    if args.level and level not in args.level:
                        continue
                    bot = make_bots(game_id, [level], 0)[0]
                    # The budget a timed search really has: expert's is four times hard's.
                    budget = (
                        None if bot.think_budget is None else bot.think_budget * bot.budget_scale
                    )
                    modes = [False, True] if budget is not None else [False]
                    if args.timed_only and budget is not None:
                        modes = [True]
                    for timed in modes:
                        walls, cpus = decision_times(game_id, level, args.games, timed, pool)
                        label = "none" if budget is None else f"{budget * 1000:.0f} ms"
                        if budget:
                            label += " (timed: the table)" if timed else " (fixed: sim)"
                        print(
                            f"| {game_id} | {level} | {label} | {len(walls)} | "
                            f"{spread(walls)} | {spread(cpus)} |",
                            flush=True,
                        )
    finally:
        if pool is not None:
            pool.shutdown()


def at_the_table(args: argparse.Namespace) -> None:
    """The searching levels' decision times at the table (``--table``), against their
    think budgets."""
    print(
        f"Decisions at the table (the app's window, its bot pool), {args.busy} other busy "
        f"processes, load average {os.getloadavg()[0]:.1f} at the start, "
        f"{os.cpu_count()} cores.\n"
    )
    print(
        "| game | level | think budget | decisions | wall p50 / p95 / max ms | over budget "
        "| workers replaced |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    with busy(args.busy):
        for game_id in args.game or [info.id for info in registry.all()]:
            for level in playable(game_id):
                bot = make_bots(game_id, [level], 0)[0]
                if (args.level and level not in args.level) or bot.think_budget is None:
                    continue
                budget = bot.think_budget * bot.budget_scale
                walls, replaced = table_times(game_id, level, args.decisions, args.seconds)
                over = sum(1 for wall in walls if wall > budget)
                print(
                    f"| {game_id} | {level} | {budget * 1000:.0f} ms | {len(walls)} | "
                    f"{spread(walls)} | {over} | {replaced} |",
                    flush=True,
                )
    print(f"\nLoad average {os.getloadavg()[0]:.1f} at the end.")


if __name__ == "__main__":
    main()
