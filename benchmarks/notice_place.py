"""What placing passing words costs (issue 35): a banner or a refusal is put in bare felt
once per words and window size (``cardtable/ui/tables/notice.py``: the frame shrunk to
4-pixel cells twice, the cells compared with the cloth, the nearest free place found).
That frame costs more than a frame that places nothing; every other frame the same.

For each game at 1280x720 (two players, seed 2, the human's first turn, bots held), in
one process, interleaved: a frame that places nothing, a frame placing a new banner, a
frame placing a new refusal, ``--rounds`` times. Prints, per game and kind, the median
drawing time with a 95% interval of the median (order statistics), and the ratio of the
medians to the plain frame.

    python benchmarks/notice_place.py [--rounds 60] [--size 1280x720]

prints Markdown for ``benchmarks/notice_place.md``. Not a test.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardtable.games import registry
from cardtable.ui.app import App
from cardtable.ui.launch import Launch


def median_interval(values: list[float]) -> tuple[float, float, float]:
    """The median and a 95% interval for it (the order statistics n/2 -+ 0.98 sqrt(n))."""
    ordered = sorted(values)
    count = len(ordered)
    half = 0.98 * math.sqrt(count)
    low = ordered[max(0, math.floor(count / 2 - half))]
    high = ordered[min(count - 1, math.ceil(count / 2 + half))]
    return ordered[count // 2], low, high


def measure(game_id: str, rounds: int, size: tuple[int, int]) -> dict[str, list[float]]:
    app = App(size)
    try:
        app.fixed_dt = 0.05
        app.settings.animation_speed = 4.0
        app.settings.seen_how_to = registry.ids()
        app.open_table(Launch(game_id, 2, ("human", "medium"), seed=2))
        table = app.manager.top
        for _ in range(3000):
            if table.awaiting_human():
                break
            app.step()
        table.hold_bots = True
        app.step()
        times: dict[str, list[float]] = {"plain": [], "banner": [], "refusal": []}
        for index in range(rounds):
            start = time.perf_counter()
            table.draw(app.screen)
            times["plain"].append(time.perf_counter() - start)
            table.animator.banner = f"Ada plays two Sixes ({index})"  # new words: placed
            start = time.perf_counter()
            table.draw(app.screen)
            times["banner"].append(time.perf_counter() - start)
            table.animator.banner = ""
            table.notice.show(f"Since your move a hidden card has been shown ({index}).")
            start = time.perf_counter()
            table.draw(app.screen)
            times["refusal"].append(time.perf_counter() - start)
            table.notice.left = 0.0
        return times
    finally:
        app.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--size", default="1280x720")
    args = parser.parse_args()
    size = tuple(int(part) for part in args.size.split("x"))
    os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp(prefix="notice-bench-")
    print(f"| game ({args.size}, {args.rounds} rounds) | plain frame ms | placing a banner ms "
          "(x plain) | placing a refusal ms (x plain) |")  # fmt: skip
    print("| --- | --- | --- | --- |")
    for game_id in registry.ids():
        times = measure(game_id, args.rounds, size)  # type: ignore[arg-type]
        plain = median_interval(times["plain"])
        cells = [f"{1000 * plain[0]:.1f} [{1000 * plain[1]:.1f}-{1000 * plain[2]:.1f}]"]
        for kind in ("banner", "refusal"):
            mid, low, high = median_interval(times[kind])
            cells.append(
                f"{1000 * mid:.1f} [{1000 * low:.1f}-{1000 * high:.1f}] ({mid / plain[0]:.1f}x)"
            )
        print(f"| {game_id} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
