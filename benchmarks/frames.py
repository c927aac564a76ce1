"""Frames: what drawing the table costs while hard bots think, what a waiting table costs,
and whether memory holds still over a long watch. Real windows on SDL's dummy driver.

- ``frames``: a What the Heck? table of four hard bots (watch), the app's own loop in real
  time, every frame's work timed (input, update, draw and flip: the frame cap's sleep left
  out; the first 30 frames, the table opening, left out), split into frames during a
  search (a bot's decision pending) and outside one. Run
  twice: bots thinking in the app's pool of processes (what the app does) and on a thread
  of the drawing process (what it did before). Beside them, a bare frame: the felt and a
  blit of as many card images as the table holds, nothing else.
- ``idle``: a MEAN! table whose human is to act and whose bots wait, the app's loop (a
  frame, then a rest while nothing is due) run for a quarter of ``--seconds``: the CPU
  share of one core it takes, the window's and that of all its processes (the bot
  pool's workers counted), resting (the app) and drawing every frame (before).
- ``memory``: ``cardtable watch GAME --frames 10000`` (four hard bots, 1920x1080) as the
  app runs it, in real time at the frame cap (about three minutes), for each of
  ``--games``: every 500 frames the window's resident memory and the proportional
  memory (PSS) of all its processes, the bot pool's workers counted; ``--trace``: what
  grew most in Python's own allocations (tracemalloc) from frame 500 to the end.

    python benchmarks/frames.py [--part frames|idle|memory|all] [--seconds 20]
        [--frames 10000] [--games what-the-heck,mean,...] [--trace]

prints Markdown for ``benchmarks/frames.md``. Not a test.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from cardtable.ui.app import App
from cardtable.ui.launch import Launch

BUDGET = 1 / 60  # seconds: a frame over this misses 60 frames per second
WARM_UP = 30  # frames left out at the start: the table opens, fonts and cards are drawn


class TimedClock:
    """The app's clock, noting when each frame's work starts (after the cap's sleep)."""

    def __init__(self, clock: pygame.time.Clock) -> None:
        self.clock = clock
        self.started = time.perf_counter()
        self.started_cpu = time.thread_time()

    def tick(self, framerate: float = 0) -> int:
        elapsed = self.clock.tick(framerate)
        self.started = time.perf_counter()
        self.started_cpu = time.thread_time()
        return elapsed


def stats(values: list[float]) -> str:
    if not values:
        return "(none)"
    ordered = sorted(values)

    def at(share: float) -> float:
        return 1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))]

    late = sum(1 for value in values if value > BUDGET)
    return (
        f"{len(values)} | {at(0.5):.1f} / {at(0.95):.1f} / {at(0.99):.1f} / "
        f"{1000 * ordered[-1]:.1f} | {late} ({100 * late / len(values):.1f}%)"
    )


def searching(table) -> bool:
    """A bot's decision is pending on the executor (peeks at the referee's jobs)."""
    return any(not job.done() for job in table.match.referee._jobs())


def frame_work(seconds: float, pool: bool) -> tuple[list[float], list[float], list[float], int]:
    """Frame work (wall clock) during and outside searches, the CPU time of the drawing
    thread in the frames during searches, and how many cards the table holds."""
    app = App((1280, 720))
    try:
        app.settings.animation_speed = 4.0
        launch = Launch("what-the-heck", 4, ("hard",) * 4, seed=3, watch=True)
        app.open_table(launch)
        table = app.manager.top
        if not pool:  # before: the bots think on a thread of this process
            table.match.referee.executor = ThreadPoolExecutor(max_workers=1)
            table.match.referee.inline = False
        app.clock = TimedClock(app.clock)
        during: list[float] = []
        outside: list[float] = []
        during_cpu: list[float] = []
        end = time.perf_counter() + seconds
        frame = 0
        while time.perf_counter() < end and app.running and app.manager.top is table:
            app.step()
            work = time.perf_counter() - app.clock.started
            cpu = time.thread_time() - app.clock.started_cpu
            frame += 1
            if frame > WARM_UP and searching(table):
                during.append(work)
                during_cpu.append(cpu)
            elif frame > WARM_UP:
                outside.append(work)
        cards = sum(table.match.state.card_counts().values())
        return during, outside, during_cpu, cards
    finally:
        app.close()


def bare_blits(seconds: float, cards: int) -> list[float]:
    """Frames that only fill the window and blit ``cards`` card images."""
    app = App((1280, 720))
    try:
        from cardtable.ui.tables.what_the_heck.cards import PLAYER_STYLE

        image = app.cards.image(PLAYER_STYLE, "7", (70, 100))
        clock = TimedClock(pygame.time.Clock())
        times: list[float] = []
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            clock.tick(60)
            pygame.event.pump()
            app.screen.fill((20, 90, 50))
            for index in range(cards):
                app.screen.blit(image, ((index * 37) % 1200, 40 + (index * 53) % 560))
            pygame.display.flip()
            times.append(time.perf_counter() - clock.started)
        return times
    finally:
        app.close()


def idle_share(seconds: float, rest: bool) -> tuple[float, float]:
    """The CPU share of one core of a table waiting for its human: the drawing process's,
    and that of all its processes (the bot pool's workers waiting too)."""
    app = App((1280, 720))
    try:
        app.fixed_dt = 0.05
        app.open_table(Launch("mean", 4, ("human", "hard", "hard", "hard"), seed=1))
        table = app.manager.top
        for _ in range(3000):
            if table.awaiting_human() and table.match.referee.next_due() is None:
                break
            app.step()
        app.fixed_dt = None
        if not rest:
            app.rest = lambda: None  # type: ignore[method-assign]
        wall, cpu, all_cpu = time.perf_counter(), time.process_time(), family_cpu()
        while time.perf_counter() - wall < seconds:
            # What ``App.loop`` does for a player: a frame, then a rest while nothing is
            # due (``loop(frames=N)`` never rests: it is a check of N frames).
            app.step()
            app.rest()
        elapsed = time.perf_counter() - wall
        return (time.process_time() - cpu) / elapsed, (family_cpu() - all_cpu) / elapsed
    finally:
        app.close()


def family_cpu() -> float:
    """CPU seconds (user + system) so far of this process and all its descendants."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in family():
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def _children() -> dict[int, list[int]]:
    """Every process's children, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(entry))
    return children


def family() -> list[int]:
    """This process and all its descendants (the bot pool's workers and anything they
    started, such as multiprocessing's resource tracker)."""
    children, found, todo = _children(), [], [os.getpid()]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def memory_mb(pid: int) -> tuple[float, float]:
    """A process's resident memory and its proportional share (PSS: pages shared with other
    processes counted once across them), in MB; (0, 0) once it is gone."""
    rss = pss = 0.0
    try:
        with open(f"/proc/{pid}/smaps_rollup") as rollup:
            for line in rollup:
                if line.startswith("Rss:"):
                    rss = int(line.split()[1]) / 1024
                elif line.startswith("Pss:"):
                    pss = int(line.split()[1]) / 1024
    except OSError:
        pass
    return rss, pss


def family_mb() -> tuple[float, float, int]:
    """The drawing process's resident MB, the whole family's PSS in MB, and how many
    processes it has."""
    pids = family()
    shares = [memory_mb(pid) for pid in pids]
    return shares[0][0], sum(pss for _, pss in shares), len(pids)


Row = tuple[int, float, float, int]


def memory(
    game: str, frames: int, every: int = 500, trace: bool = False, size=(1920, 1080)
) -> tuple[list[Row], int]:
    """``cardtable watch GAME --frames N`` with four hard bots as the app runs it (real
    time at the frame cap, the bots in the app's pool of processes) for ``frames`` frames,
    the next match opened when one's results come up. Every ``every`` frames: (frame,
    the drawing process's resident MB, the PSS MB of it and all its processes,
    processes); and how many matches were opened. ``trace``: also print the Python
    allocations that grew most from frame ``every`` to the end (tracemalloc, in the
    drawing process; SDL's own memory, such as images, is not in it)."""
    import tracemalloc

    if trace:
        tracemalloc.start(8)
    app = App(size)
    rows = []
    first = None
    players = ("hard", "hard", "hard", "hard")
    try:
        app.open_table(Launch(game, 4, players, seed=1, watch=True))
        opened = 1
        for frame in range(1, frames + 1):
            if app.manager.top is None or not hasattr(app.manager.top, "match"):
                opened += 1  # the results of one match are up: the next match
                app.open_table(Launch(game, 4, players, seed=opened, watch=True))
            app.step()  # as ``cardtable watch --frames N`` runs: no rests, the frame cap's pace
            if frame % every == 0:
                rows.append((frame, *family_mb()))
                if trace and frame == every:
                    first = tracemalloc.take_snapshot()
        if trace and first is not None:
            grown = tracemalloc.take_snapshot().compare_to(first, "traceback")
            print(f"tracemalloc, {game}, frame {every} to {frames}:")
            for stat in grown[:10]:
                print(f"  {stat.size_diff / 1024:+.0f} KiB in {stat.count_diff:+d} blocks")
                for line in stat.traceback.format()[-6:]:
                    print("     ", line)
        return rows, opened
    finally:
        app.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", default="all", choices=["frames", "idle", "memory", "all"])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--frames", type=int, default=10_000)
    parser.add_argument("--trace", action="store_true", help="memory: tracemalloc's growth")
    parser.add_argument(
        "--games",
        default="what-the-heck,mean,hit-the-deck,copycat,spite-malice",
        help="memory: the games watched, one after the other, each in a process of its own",
    )
    parser.add_argument("--alone", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.part in ("frames", "all"):
        print("| run | frames | work p50 / p95 / p99 / max ms | over 16.7 ms |")
        print("| --- | --- | --- | --- |")
        cards = 75
        for pool in (True, False):
            during, outside, during_cpu, cards = frame_work(args.seconds, pool)
            where = "pool of processes" if pool else "thread (before)"
            print(f"| bots on a {where}: during searches | {stats(during)} |", flush=True)
            print(f"| bots on a {where}: outside searches | {stats(outside)} |", flush=True)
            print(
                f"| bots on a {where}: during searches, CPU time of the drawing thread "
                f"| {stats(during_cpu)} |",
                flush=True,
            )
        print(f"| bare: felt + {cards} card blits | {stats(bare_blits(args.seconds / 2, cards))} |")
        print()
    if args.part in ("idle", "all"):
        print(
            "| a table waiting for its human | CPU share of one core: the window | all processes |"
        )
        print("| --- | --- | --- |")
        for rest, name in (
            (True, "resting until input (now)"),
            (False, "drawing every frame (before)"),
        ):
            window, everything = idle_share(args.seconds / 4, rest=rest)
            print(f"| {name} | {100 * window:.1f}% | {100 * everything:.1f}% |", flush=True)
        print()
    if args.part in ("memory", "all"):
        games = args.games.split(",")
        if len(games) == 1 and args.alone:
            rows, opened = memory(games[0], args.frames, trace=args.trace)
            for frame, rss, pss, count in rows:
                print(f"| {games[0]}, {frame:,} | {rss:.0f} | {pss:.0f} | {count} |")
            at_500 = next(pss for frame, _, pss, _ in rows if frame == 500)
            print(f"{games[0]} {rows[-1][2] / at_500:.2f}x ({opened} matches)")
            return
        columns = ["the window's process, resident MB", "all its processes, PSS MB", "processes"]
        print(f"| watch at 1920x1080, frame | {' | '.join(columns)} |")
        print("| --- | --- | --- | --- |")
        ratios = []
        for game in games:  # each in a process of its own, as ``cardtable watch`` runs
            command = [sys.executable, __file__, "--part", "memory", "--games", game, "--alone"]
            command += ["--frames", str(args.frames)] + (["--trace"] if args.trace else [])
            lines = subprocess.run(command, capture_output=True, text=True).stdout.splitlines()
            print("\n".join(line for line in lines if line.startswith("|")), flush=True)
            ratios += [line for line in lines if not line.startswith("|")]
        print(f"\nall processes, frame {args.frames:,} against frame 500: {'; '.join(ratios)}")


if __name__ == "__main__":
    main()
