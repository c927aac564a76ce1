"""Where a random playout's time goes: the share of a game's playout spent in (under) each
named function, by cProfile, for this engine and an older one (``--before``, imported as
``benchmarks/engine.py`` does), the same seeded games for both. A share within one profile
does not depend on the machine's load; the profiler's own cost weighs on small functions.

    nice -n 10 python benchmarks/engine_profile.py mean _each,played,_play,_start_turn
    nice -n 10 python benchmarks/engine_profile.py spite-malice legal_actions,no_build_ever

prints one line per engine: the share of the playouts' time under each function.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import tempfile
from pathlib import Path

import engine

from cardtable.games import registry


def shares(package, game_id: str, names: list[str], games: int) -> dict[str, float]:
    """Per name, the share of ``games`` random playouts' time spent under it."""
    playout = engine.our_playouts(package, game_id)
    playout(random.Random(0))  # imports and tables made before the profile
    chooser = random.Random(1)
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(games):
        playout(chooser)
    profile.disable()
    stats = pstats.Stats(profile)
    found = dict.fromkeys(names, 0.0)
    for (path, _line, name), (_cc, _nc, _tt, cumulative, _callers) in stats.stats.items():
        if name in found and "cardtable" in path:
            found[name] += cumulative
    return {name: spent / stats.total_tt for name, spent in found.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("names", help="function names, comma-separated")
    parser.add_argument("--before", default="cbaec61", help="the older engine's commit")
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    names = args.names.split(",")
    temp = tempfile.TemporaryDirectory()
    before = engine.import_before(args.before, Path(temp.name))
    for label, package in ((args.before, before), (engine.measured_commit(), registry)):
        found = shares(package, args.game, names, args.games)
        cells = ", ".join(f"`{name}` {100 * share:.0f}%" for name, share in found.items())
        print(f"{args.game} at {label}: {cells}")


if __name__ == "__main__":
    main()
