"""The level ladder: is each level a game offers stronger than the one below it?

The project's ruling: a bot level is offered only where a benchmark shows it stronger
than the one below. Each rung is a level in seat 0 against three of the level below it
(by default the next on ``LADDER``: random < easy < medium < hard < expert; where a game
does not offer that one, the offered level under it), four players, as ``cardtable sim``
plays it. A level is **shown stronger** (``shown_stronger``) when it has been measured on
at least two seeds, every seed's win share is above the fair share (25%), and the games
of all its seeds together give a 95% interval wholly above the fair share. The runs are
kept in ``benchmarks/results/levels.json``; ``tests/strategy/test_levels_offered.py``
reads that file (it does not play) and checks every level a game offers against it.

Run from the repository root (PYTHONPATH=. so that this checkout is the one imported)::

    PYTHONPATH=. nice -n 10 python benchmarks/levels.py run GAME LEVEL SEED GAMES [BELOW]
    PYTHONPATH=. python benchmarks/levels.py add SUMMARY.json "COMMAND" CPU_SECONDS COMMIT
    PYTHONPATH=. python benchmarks/levels.py table

``run`` plays exactly the games of ``cardtable sim GAME --players 4 --seats
LEVEL,BELOW,BELOW,BELOW --games GAMES --seed SEED --jobs 1`` in this process and records
its summary, the command and the CPU seconds it took in ``levels.json`` (a run of the same
game, levels and seed is replaced: the file holds the current figures). ``add`` records a
``cardtable sim --json`` summary made elsewhere (the same games) with its command, CPU
seconds (``?`` when not known) and commit. ``table`` prints the figures as the markdown table of
``benchmarks/bots.md``.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).parent / "results"
FILE = "levels.json"
LADDER = ("random", "easy", "medium", "hard", "expert")
PLAYERS = 4
FAIR = 1 / PLAYERS
MIN_SEEDS = 2
Z95 = 1.96


def below(level: str) -> str:
    """The level a level must beat by default: the one under it on the ladder."""
    return LADDER[LADDER.index(level) - 1]


def command(game: str, level: str, under: str, seed: int, games: int) -> str:
    seats = ",".join([level] + [under] * (PLAYERS - 1))
    return (
        f"python -m cardtable sim {game} --players {PLAYERS} --seats {seats} "
        f"--games {games} --seed {seed} --jobs 1"
    )


def load(folder: Path | None = None) -> dict[str, list[dict[str, Any]]]:
    """Every recorded run by game: each names its ``level`` and the level ``below`` it."""
    path = (folder or RESULTS) / FILE
    return json.loads(path.read_text()) if path.exists() else {}


def runs_of(figures: dict[str, Any], game: str, level: str, under: str) -> list[dict[str, Any]]:
    """The runs of ``level`` against three of ``under`` in ``game``, by seed."""
    return [run for run in figures.get(game, []) if run["level"] == level and run["below"] == under]


def interval(wins: float, games: int) -> tuple[float, float, float]:
    """Win share and its 95% interval (normal approximation), as ``cardtable sim`` gives."""
    share = wins / games
    half = Z95 * math.sqrt(share * (1 - share) / games)
    return share, share - half, share + half


def pooled(runs: list[dict[str, Any]]) -> tuple[float, int]:
    """Seat 0's wins and the games of all the runs together."""
    return sum(run["wins"] for run in runs), sum(run["games"] for run in runs)


def shown_stronger(runs: list[dict[str, Any]]) -> bool:
    """Whether these runs (one level against three of the one below) show it stronger:
    at least ``MIN_SEEDS`` seeds, each above the fair share, and all of them together
    with a 95% interval wholly above it."""
    if len({run["seed"] for run in runs}) < MIN_SEEDS:
        return False
    if any(run["wins"] / run["games"] <= FAIR for run in runs):
        return False
    _share, low, _high = interval(*pooled(runs))
    return low > FAIR


def run(game: str, level: str, seed: int, games: int, under: str | None = None) -> dict[str, Any]:
    """Play one rung on one seed as ``cardtable sim`` does and record it."""
    from cardtable.cli import simulate
    from cardtable.ui.launch import Launch

    under = under or below(level)
    seats = tuple([level] + [under] * (PLAYERS - 1))
    started = time.process_time()
    summary = simulate(Launch(game, PLAYERS, seats, seed), games, progress=False)
    cpu = time.process_time() - started
    return record(summary, command(game, level, under, seed, games), cpu, _commit())


def record(summary: dict[str, Any], how: str, cpu: float | None, commit: str) -> dict[str, Any]:
    """Keep a sim's summary (``cardtable sim --json``: a level in seat 0, three of another
    level below it) in ``levels.json`` with the command that made it, replacing the run of
    the same game, levels and seed."""
    game, seed, games = summary["game"], summary["seed"], summary["games"]
    bots = [row["bot"] for row in summary["seats"]]
    level, under = bots[0], bots[1]
    if len(bots) != PLAYERS or bots[1:] != [under] * (PLAYERS - 1) or level == under:
        raise ValueError(f"not a rung of the ladder: {bots}")
    seat0 = summary["seats"][0]
    entry = {
        "level": level,
        "below": under,
        "seed": seed,
        "games": games,
        "wins": seat0["wins"],
        "win_share": seat0["win_share"],
        "ci95": seat0["ci95"],
        "others": [row["win_share"] for row in summary["seats"][1:]],
        "mean_scores": [row["mean_score"] for row in summary["seats"]],
        "cpu_seconds": None if cpu is None else round(cpu),
        "commit": commit,
        "command": how,
    }
    figures = load()
    kept = [
        other
        for other in figures.get(game, [])
        if (other["level"], other["below"], other["seed"]) != (level, under, seed)
    ]
    order = {name: index for index, name in enumerate(LADDER)}
    figures[game] = sorted(
        [*kept, entry],
        key=lambda one: (order.get(one["level"], 99), order.get(one["below"], 99), one["seed"]),
    )
    (RESULTS / FILE).write_text(json.dumps(figures, indent=1) + "\n")
    return entry


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return "?"
    return out.stdout.strip()


def table(figures: dict[str, Any]) -> str:
    """The figures as markdown: a row per game and pair of levels, each seed's share with
    its interval and games, then all seeds together and whether the level is shown
    stronger."""
    lines = [
        "| game | level vs 3 of the one below | each seed: win share (95% interval), games "
        "| all seeds together | shown stronger |",
        "| --- | --- | --- | --- | --- |",
    ]
    for game, runs in figures.items():
        pairs = list(dict.fromkeys((run["level"], run["below"]) for run in runs))
        for level, under in pairs:
            rung = runs_of(figures, game, level, under)
            seeds = "; ".join(
                f"seed {run['seed']}: {run['win_share']:.1%} "
                f"({run['ci95'][0]:.1%}-{run['ci95'][1]:.1%}), {run['games']:,}"
                for run in rung
            )
            wins, games = pooled(rung)
            share, low, high = interval(wins, games)
            shown = "**yes**" if shown_stronger(rung) else "**no**"
            lines.append(
                f"| {game} | {level} vs 3 {under} | {seeds} "
                f"| **{share:.1%}** ({low:.1%}-{high:.1%}), {games:,} | {shown} |"
            )
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    if argv[:1] == ["run"] and len(argv) in (5, 6):
        game, level, seed, games = argv[1], argv[2], int(argv[3]), int(argv[4])
        entry = run(game, level, seed, games, argv[5] if len(argv) == 6 else None)
        print(json.dumps({"game": game, **entry}))
    elif argv[:1] == ["add"] and len(argv) == 5:
        summary = json.loads(Path(argv[1]).read_text())
        entry = record(summary, argv[2], None if argv[3] == "?" else float(argv[3]), argv[4])
        print(json.dumps({"game": summary["game"], **entry}))
    elif argv == ["table"]:
        print(table(load()))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
