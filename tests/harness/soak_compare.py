"""The soak's cost, this checkout against an older commit: the same seeded soak games
(``soak.py``'s own jobs) played and checked by both, game by game in turns, so both see
the same machine (it may be busy: other work slows both alike).

One process of each checkout stays up; each game goes to one and then the other (the order
alternating from game to game), and each reports the processor time ``soak_one`` measured.
Prints, per game and for all games, the processor milliseconds a game before and after
and the ratio, and the spread of the ratio over rounds of ``--games`` games (min, median,
max). Not for: whether the soak passes (run ``soak.py``); both sides must pass every game
here too, or the comparison stops.

Usage (from the project's root):
    /work/main/.venv/bin/python tests/harness/soak_compare.py --old REV \\
        [--rounds 6] [--games 56] [--seed cmp]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections import Counter
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Runs inside each checkout: reads game numbers, one a line, and answers each with the
# game's id, processor seconds, whether it passed and the error. The first game is played
# once before, unmeasured, so imports and first calls cost neither side.
WORKER = """
import importlib.util, json, os, sys
# The soak lay in benchmarks/ before it moved beside the tests: either checkout.
where = next(p for p in ("tests/harness/soak.py", "benchmarks/soak.py") if os.path.exists(p))
spec = importlib.util.spec_from_file_location("soak", where)
soak = importlib.util.module_from_spec(spec)
sys.modules["soak"] = soak
spec.loader.exec_module(soak)
jobs = list(soak.jobs(sys.argv[1], int(sys.argv[2])))
soak.soak_one(jobs[0])
for line in sys.stdin:
    outcome = soak.soak_one(jobs[int(line)])
    answer = [outcome["game"], outcome["cpu"], outcome["ok"], outcome.get("error")]
    print(json.dumps(answer), flush=True)
"""


def checkout(rev: str, into: Path) -> Path:
    """The tree of ``rev`` (``git archive``), unpacked in ``into``."""
    tree = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(tree)) as archive:
        archive.extractall(into, filter="data")
    return into


class Side:
    """One checkout's worker process."""

    def __init__(self, tree: Path, seed: str, games: int):
        self.tree = tree
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER, seed, str(games)],
            cwd=tree,
            env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def play(self, index: int) -> tuple[str, float]:
        """Game ``index`` played and checked: its id and processor seconds."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{index}\n")
        self.process.stdin.flush()
        game, seconds, ok, error = json.loads(self.process.stdout.readline())
        if not ok:
            raise SystemExit(f"{self.tree}: game {index} failed: {error}")
        return game, seconds

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", required=True, help="the commit to compare against")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--games", type=int, default=112, help="games a round (each side)")
    parser.add_argument("--seed", default="cmp")
    args = parser.parse_args(argv)
    total = args.rounds * args.games
    cpu = {"old": Counter(), "new": Counter()}
    count: Counter[str] = Counter()
    ratios: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        sides = {
            "old": Side(checkout(args.old, Path(folder)), args.seed, total),
            "new": Side(ROOT, args.seed, total),
        }
        for index in range(args.rounds):
            spent = Counter()
            for number in range(index * args.games, (index + 1) * args.games):
                order = ["old", "new"] if number % 2 == 0 else ["new", "old"]
                for name in order:
                    game, seconds = sides[name].play(number)
                    spent[name] += seconds
                    cpu[name][game] += seconds
                count[game] += 1
            ratios.append(spent["old"] / spent["new"])
            print(f"round {index + 1}: old/new {ratios[-1]:.2f}", file=sys.stderr)
        for side in sides.values():
            side.close()
    rows = []
    for game in sorted(count) + ["all"]:
        games = count[game] if game != "all" else sum(count.values())
        before = cpu["old"][game] if game != "all" else sum(cpu["old"].values())
        after = cpu["new"][game] if game != "all" else sum(cpu["new"].values())
        rows.append(
            {
                "game": game,
                "games": games,
                "old_ms": round(1000 * before / games, 1),
                "new_ms": round(1000 * after / games, 1),
                "ratio": round(before / after, 2),
            }
        )
    summary = {
        "old": args.old,
        "rounds": args.rounds,
        "games_a_round": args.games,
        "seed": args.seed,
        "per_game": rows,
        "ratio_by_round": {
            "min": round(min(ratios), 2),
            "median": round(statistics.median(ratios), 2),
            "max": round(max(ratios), 2),
        },
    }
    print(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
