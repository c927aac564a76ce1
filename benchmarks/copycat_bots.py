"""Copy Cat bot benchmarks: win shares and the hard bot's decision times.

``strength SEATS NAME GAMES``: plays games 0, 1, 2 ... of exactly the matches that
``cardtable sim copycat --players 4 --seats SEATS --seed 1 --games GAMES`` plays (same
seeds, same bots) and rewrites ``benchmarks/results/copycat-NAME.json`` every 50 games,
so an interrupted run still says how many matches it finished and what they gave.

``timing MATCHES``: plays MATCHES seeded four-player matches of hard against three
mediums and times every decision of the hard bot and of a medium bot asked the same
positions (the baseline, in the same process): p50, p95 and max, and their ratio, on the
wall clock and in CPU time (what the other processes on a busy machine cannot inflate).

Run from the repository root (PYTHONPATH=. so that this checkout is the one imported):
    PYTHONPATH=. python benchmarks/copycat_bots.py strength \
        hard,medium,medium,medium hard-vs-medium 2000
    PYTHONPATH=. python benchmarks/copycat_bots.py timing 40
"""

from __future__ import annotations

import json
import math
import sys
import time
from pathlib import Path

from cardtable.cli import _one_game
from cardtable.engine import Rng
from cardtable.games import registry
from cardtable.strategy import make_bot, make_bots, view_for
from cardtable.ui.launch import Launch

RESULTS = Path(__file__).parent / "results"


def summary(seats: list[str], outcomes: list[tuple[list[float], list[int]]]) -> dict:
    games = len(outcomes)
    rows = []
    for seat, level in enumerate(seats):
        wins = sum(outcome[0][seat] for outcome in outcomes)
        share = wins / games
        half = 1.96 * math.sqrt(share * (1 - share) / games)
        rows.append(
            {
                "seat": seat,
                "bot": level,
                "wins": round(wins, 3),
                "win_share": round(share, 4),
                "ci95": [round(max(0.0, share - half), 4), round(min(1.0, share + half), 4)],
                "mean_score": round(sum(o[1][seat] for o in outcomes) / games, 2),
            }
        )
    return {"game": "copycat", "players": 4, "games": games, "seed": 1, "seats": rows}


def strength(seats_text: str, name: str, games: int) -> None:
    seats = seats_text.split(",")
    launch = Launch("copycat", 4, tuple(seats), 1, {})
    outcomes = []
    started = time.time()
    for index in range(games):
        outcomes.append(_one_game((launch, index, False)))
        if (index + 1) % 50 == 0 or index + 1 == games:
            result = summary(seats, outcomes)
            result["seconds"] = round(time.time() - started)
            RESULTS.mkdir(exist_ok=True)
            (RESULTS / f"copycat-{name}.json").write_text(json.dumps(result, indent=1) + "\n")
            first = result["seats"][0]
            print(
                f"{index + 1} games: seat 0 ({first['bot']}) {first['win_share']:.1%} "
                f"({first['ci95'][0]:.1%}-{first['ci95'][1]:.1%})",
                flush=True,
            )


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def timing(matches: int) -> None:
    info = registry.get("copycat")
    seats = ["hard", "medium", "medium", "medium"]
    hard_times: list[float] = []
    medium_times: list[float] = []
    hard_cpu: list[float] = []
    medium_cpu: list[float] = []
    for match in range(matches):
        seed = f"timing/{match}"
        state = info.new_game(4, seed)
        bots = make_bots("copycat", seats, seed)
        baseline = make_bot("copycat", "medium", Rng(f"baseline/{match}"))
        while not state.is_over:
            seat = state.to_act[0]
            view = view_for(state, seat)
            if seat == 0 and len(view.legal_actions) > 1:
                start, cpu = time.perf_counter(), time.process_time()
                action = bots[0].choose(view)
                hard_times.append(time.perf_counter() - start)
                hard_cpu.append(time.process_time() - cpu)
                start, cpu = time.perf_counter(), time.process_time()
                baseline.choose(view)
                medium_times.append(time.perf_counter() - start)
                medium_cpu.append(time.process_time() - cpu)
            else:
                action = bots[seat].choose(view)
            state.apply(seat, action)
    print(f"{matches} matches, {len(hard_times)} hard decisions with a choice")
    for label, values in (
        ("hard", hard_times),
        ("medium", medium_times),
        ("hard cpu", hard_cpu),
        ("medium cpu", medium_cpu),
    ):
        print(
            f"{label:>10}: p50 {percentile(values, 0.5) * 1000:6.1f} ms  "
            f"p95 {percentile(values, 0.95) * 1000:6.1f} ms  max {max(values) * 1000:6.1f} ms"
        )
    ratios = [h / m for h, m in zip(hard_times, medium_times, strict=True)]
    print(
        f" ratio hard/medium per decision: p50 {percentile(ratios, 0.5):.0f}x  "
        f"p95 {percentile(ratios, 0.95):.0f}x"
    )


if __name__ == "__main__":
    if sys.argv[1:2] == ["strength"]:
        strength(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif sys.argv[1:2] == ["timing"]:
        timing(int(sys.argv[2]))
    else:
        print(__doc__)
