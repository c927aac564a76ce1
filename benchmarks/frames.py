"""Frames: what drawing the table costs while hard bots think, what a waiting table costs,
and whether memory holds still over a long watch. Real windows on SDL's dummy driver.

- ``frames``: a What the Heck? table of four hard bots (watch), the app's own loop in real
  time, every frame's work timed (input, update, draw and flip: the frame cap's sleep left
  out; the first 30 frames, the table opening, left out), split into frames during a
  search (a bot's decision pending) and outside one. Run
  twice: bots thinking in the app's pool of processes (what the app does) and on a thread
  of the drawing process (what it did before). Beside them, a bare frame: the felt and a
  blit of as many card images as the table holds, nothing else.
- ``idle``: a MEAN! table whose human is to act and whose bots wait, the app's loop run
  for a few seconds: the CPU share of one core it takes, resting (the app) and drawing
  every frame (before).
- ``memory``: ``watch`` at 1920x1080 for 10,000 frames (virtual time), the process's
  resident memory at frame 500 and at the end.

    python benchmarks/frames.py [--part frames|idle|memory|all] [--seconds 20]

prints Markdown for ``benchmarks/frames.md``. Not a test.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from cardtable.ui.app import App  # noqa: E402
from cardtable.ui.launch import Launch  # noqa: E402

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


def idle_share(seconds: float, rest: bool) -> float:
    """The CPU share of one core of a table waiting for its human."""
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
        wall, cpu = time.perf_counter(), time.process_time()
        while time.perf_counter() - wall < seconds:
            app.loop(frames=1)
        return (time.process_time() - cpu) / (time.perf_counter() - wall)
    finally:
        app.close()


def resident_mb() -> float:
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def memory(frames: int) -> tuple[float, float, int]:
    app = App((1920, 1080))
    try:
        app.fixed_dt = 0.05
        app.settings.animation_speed = 4.0
        players = ("hard", "hard", "hard", "hard")
        games = ["hit-the-deck", "mean", "what-the-heck"]
        at_500 = 0.0
        app.open_table(Launch(games[0], 4, players, seed=1, watch=True))
        opened = 1
        for frame in range(1, frames + 1):
            if app.manager.top is None or not hasattr(app.manager.top, "match"):
                # The results of one match are up: the next game's table.
                app.open_table(Launch(games[opened % 3], 4, players, seed=opened, watch=True))
                opened += 1
            app.step()
            if frame == 500:
                at_500 = resident_mb()
        return at_500, resident_mb(), opened
    finally:
        app.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", default="all", choices=["frames", "idle", "memory", "all"])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--frames", type=int, default=10_000)
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
        resting = idle_share(args.seconds / 4, rest=True)
        drawing = idle_share(args.seconds / 4, rest=False)
        print("| a table waiting for its human | CPU share of one core |")
        print("| --- | --- |")
        print(f"| resting until input (now) | {100 * resting:.1f}% |")
        print(f"| drawing every frame (before) | {100 * drawing:.1f}% |")
        print()
    if args.part in ("memory", "all"):
        at_500, at_end, opened = memory(args.frames)
        print("| watch at 1920x1080 | resident MB |")
        print("| --- | --- |")
        print(f"| frame 500 | {at_500:.0f} |")
        print(f"| frame {args.frames:,} ({opened} tables opened) | {at_end:.0f} |")
        print(f"| ratio | {at_end / at_500:.2f} |")


if __name__ == "__main__":
    main()
