"""The soak's cost, this checkout against an older commit: the same seeded soak games
(``soak.py``'s own jobs) played and checked by both, in turns, so both see the same machine.

Each round runs one block of games in a fresh process of each checkout, the order
alternating (old, new; new, old; ...), and reads the processor time ``soak_one`` measured
for every game. Prints, per game and for all games, the processor milliseconds a game
before and after and the ratio, with the spread of the ratio over the rounds (min, median,
max). Not for: whether the soak passes (run ``soak.py``); both sides must pass every game
here too, or the comparison stops.

Usage (from the project's root):
    /work/main/.venv/bin/python benchmarks/soak_compare.py --old REV \\
        [--rounds 6] [--games 112] [--seed cmp]
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

ROOT = Path(__file__).resolve().parent.parent

# Run inside each checkout: play and check games ``start`` to ``end`` of the soak's jobs
# (the first once more before, unmeasured, so imports and first calls cost neither side).
WORKER = """
import importlib.util, json, sys
from itertools import islice
spec = importlib.util.spec_from_file_location("soak", "benchmarks/soak.py")
soak = importlib.util.module_from_spec(spec)
sys.modules["soak"] = soak
spec.loader.exec_module(soak)
seed, start, end = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
jobs = list(islice(soak.jobs(seed, end), start, end))
soak.soak_one(jobs[0])
out = []
for job in jobs:
    outcome = soak.soak_one(job)
    out.append([outcome["game"], outcome["cpu"], outcome["ok"], outcome.get("error")])
print(json.dumps(out))
"""


def checkout(rev: str, into: Path) -> Path:
    """The tree of ``rev`` (``git archive``), unpacked in ``into``."""
    tree = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(tree)) as archive:
        archive.extractall(into, filter="data")
    return into


def block(tree: Path, seed: str, start: int, end: int) -> list[list]:
    """Games ``start`` to ``end`` played and checked in a fresh process of ``tree``."""
    done = subprocess.run(
        [sys.executable, "-c", WORKER, seed, str(start), str(end)],
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        check=True,
        capture_output=True,
        text=True,
    )
    games = json.loads(done.stdout)
    failed = [game for game in games if not game[2]]
    if failed:
        raise SystemExit(f"{tree}: a game failed: {failed[0]}")
    return games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", required=True, help="the commit to compare against")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--games", type=int, default=112, help="games a round (each side)")
    parser.add_argument("--seed", default="cmp")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        old = checkout(args.old, Path(folder))
        cpu = {"old": Counter(), "new": Counter()}
        count: Counter[str] = Counter()
        ratios: list[float] = []
        for index in range(args.rounds):
            start, end = index * args.games, (index + 1) * args.games
            sides = [("old", old), ("new", ROOT)]
            if index % 2:
                sides.reverse()
            spent = {}
            for name, tree in sides:
                games = block(tree, args.seed, start, end)
                spent[name] = sum(game[1] for game in games)
                for game, seconds, _ok, _error in games:
                    cpu[name][game] += seconds
                    if name == "old":
                        count[game] += 1
            ratios.append(spent["old"] / spent["new"])
            print(f"round {index + 1}: old/new {ratios[-1]:.2f}", file=sys.stderr)
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
