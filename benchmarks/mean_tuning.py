"""MEAN!: tune the weights of medium's scoring for one seat playing against three mediums.

``tune GAMES [ROUNDS]``: a coordinate search over every weight of a ``Style`` (the
``WEIGHTS``, ``KEEP`` and ``PILE_TOP`` of ``cardtable.strategy.mean``). Seat 0 plays
medium's scoring in the style under test, seats 1-3 are mediums; every style plays the
same GAMES games (seeds ``tune/0`` ...), so two styles differ only where seat 0 chose
differently. Each round tries every weight 40% higher and 40% lower (a weight of 0 tries
+-0.5) and keeps a change that wins at least ``--bar`` more games; prints the style
found as a Python literal.

``compare GAMES SPEC [SPEC...] [--prefix P]``: seat 0's win share for each SPEC on the
same GAMES games (seeds ``P/0`` ..., ``check`` unless given), and the paired difference
from the first SPEC with its 95% interval. A SPEC is a Python dict literal: ``level``
(``medium`` or ``hard``, medium unless given), ``style`` (flat weights as ``tune``
prints them; medium's unless given), ``oracle`` (hard's worlds: ``True`` the true state,
``'hands'`` every hand true and the rest dealt anew, ``'blind'`` the engine's own deal of
every hidden card, ignoring what the seat has seen) and any bot attribute
(``{'level': 'hard', 'endgame_draw': 12}``); ``tree`` (hard searching with the one
search's tree, ``ismcts``, for as many roll-outs; ``exploration`` its UCB constant, 0.7
unless given). ``--against LEVEL``: seats 1-3 at LEVEL
(medium unless given).

Both use two processes. Run from the repository root:
    PYTHONPATH=. python benchmarks/mean_tuning.py tune 4000 3
"""

from __future__ import annotations

import argparse
import ast
import math
import sys
from multiprocessing import get_context

from cardtable.engine import GameState, Rng
from cardtable.games import registry
from cardtable.play.referee import Referee
from cardtable.strategy import make_bots
from cardtable.strategy.base import SeatView, ThinkClock
from cardtable.strategy.mean import BOTS, MEDIUM, Style
from cardtable.strategy.search import ismcts

CHUNKS = 8


def flat(style: Style) -> dict[str, float]:
    """A style as one flat mapping, ``group.key`` to weight."""
    out: dict[str, float] = {}
    for group in ("weights", "keep", "pile_top"):
        for key, value in getattr(style, group).items():
            out[f"{group}.{key}"] = float(value)
    return out


def unflat(values: dict[str, float]) -> Style:
    groups: dict[str, dict[str, float]] = {"weights": {}, "keep": {}, "pile_top": {}}
    for name, value in values.items():
        group, key = name.split(".", 1)
        groups[group][key] = value
    return Style(groups["weights"], groups["keep"], groups["pile_top"])


class OracleView(SeatView):
    """A view whose sampled worlds are the true state (the oracle: every hand and the
    Draw Deck's order known), with the world's generator drawn from the bot's."""

    def __init__(self, view: SeatView, state, hands_only: bool):
        super().__init__(view.seat, view.observation, view.legal_actions)
        self.state = state
        self.hands_only = hands_only

    def sample_world(self, rng: Rng):
        if self.hands_only == "blind":
            # The engine's own sample: every hidden card anywhere, nothing remembered.
            world = self.state.copy()
            world.rng = rng.spawn("world")
            GameState._deal_hidden(world, self.seat, world.zones(), rng)
            world._hidden_moved()
            return world
        world = self.state.copy()
        world.rng = rng.spawn("world")
        if self.hands_only == "hands":
            # Every hand true; the Draw Deck, the piles' hidden cards and the unseen
            # cards out of play dealt anew among themselves.
            places = [world.draw_deck, world.removed_unseen]
            places += [pile for pile in world.punishment_piles]
            counts = [len(world.draw_deck), len(world.removed_unseen)]
            counts += [max(0, len(pile) - 1) for pile in world.punishment_piles]
            cards = sorted(c for place, n in zip(places, counts, strict=True) for c in place[:n])
            rng.shuffle(cards)
            for place, n in zip(places, counts, strict=True):
                place[:n] = cards[:n]
                cards = cards[n:]
            world._hidden_moved()
        return world


def oracle_of(bot, state, hands_only: bool):
    choose = bot.choose
    bot.choose = lambda view: choose(OracleView(view, state, hands_only))
    return bot


def tree_of(bot, exploration: float):
    """Hard searching with the one search's tree (``ismcts``) in place of its flat form,
    for as many roll-outs: a round for each candidate in each of its worlds."""

    def search(view, game, clock):
        rounds = ThinkClock(clock.rounds * len(game.candidates), None)
        return ismcts(view, game, rounds, bot.rng, exploration)

    bot.search = search
    return bot


def seat0_bot(spec: dict, seed: str, state=None):
    """Seat 0's bot from a spec: ``level`` (medium or hard), ``style`` (flat weights,
    medium's unless given), ``oracle`` (its worlds are the true state) and any other key
    set on the bot (``endgame_draw=12``)."""
    level = spec.get("level", "medium")
    bot = BOTS[level](Rng(f"bot/{seed}/0/{level}"))
    bot.style = unflat(spec["style"]) if "style" in spec else MEDIUM
    if spec.get("oracle"):
        oracle_of(bot, state, spec["oracle"])
    if spec.get("tree"):
        tree_of(bot, spec.get("exploration", 0.7))
    for name, value in spec.items():
        if name not in ("level", "style", "oracle", "tree", "exploration"):
            assert hasattr(bot, name), name
            setattr(bot, name, value)
    return bot


def play(job: tuple[dict, str, int, int, str]) -> list[float]:
    """Seat 0's share of the win in games ``prefix/first`` ... ``prefix/last - 1``, seats
    1-3 at level ``against``."""
    spec, prefix, first, last, against = job
    out = []
    for index in range(first, last):
        seed = f"{prefix}/{index}"
        state = registry.get("mean").new_game(4, seed, {})
        bots = make_bots("mean", [against] * 4, seed)
        bots[0] = seat0_bot(spec, seed, state)
        Referee(state, bots, [against] * 4).run()
        assert state.result is not None
        out.append(state.result.win_share(0))
    return out


def shares(pool, spec: dict, prefix: str, games: int, against: str = "medium") -> list[float]:
    step = math.ceil(games / CHUNKS)
    jobs = [(spec, prefix, a, min(games, a + step), against) for a in range(0, games, step)]
    out: list[float] = []
    for part in pool.map(play, jobs):
        out.extend(part)
    return out


def tune(pool, games: int, rounds: int, bar: float) -> dict[str, float]:
    best = flat(MEDIUM)
    best_wins = sum(shares(pool, {"style": best}, "tune", games))
    print(f"medium: {best_wins:.1f} wins of {games} ({100 * best_wins / games:.2f}%)", flush=True)
    for round_ in range(rounds):
        changed = False
        for name in list(best):
            value = best[name]
            tries = [value * 1.4, value * 0.6] if value else [0.5, -0.5]
            for new in tries:
                trial = dict(best, **{name: round(new, 3)})
                wins = sum(shares(pool, {"style": trial}, "tune", games))
                mark = ""
                if wins >= best_wins + bar:
                    best, best_wins, changed, mark = trial, wins, True, "  kept"
                print(
                    f"round {round_ + 1} {name} {value:g} -> {new:.3g}: {wins:.1f}{mark}",
                    flush=True,
                )
                if mark:
                    break
        print(f"after round {round_ + 1}: {best_wins:.1f} wins; {best}", flush=True)
        if not changed:
            break
    return best


def compare(pool, games: int, specs: list[dict], prefix: str, against: str) -> None:
    """Each spec's seat-0 win share on the same games, and its paired difference from
    the first spec's."""
    runs = [shares(pool, spec, prefix, games, against) for spec in specs]
    for spec, run in zip(specs, runs, strict=True):
        diffs = [b - a for a, b in zip(runs[0], run, strict=True)]
        mean = sum(diffs) / games
        var = sum((d - mean) ** 2 for d in diffs) / (games - 1)
        half = 1.96 * math.sqrt(var / games)
        print(
            f"{100 * sum(run) / games:6.2f}%  paired {100 * mean:+.2f} +- {100 * half:.2f}  {spec}",
            flush=True,
        )


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("tune")
    t.add_argument("games", type=int)
    t.add_argument("rounds", type=int, nargs="?", default=2)
    t.add_argument("--bar", type=float, default=10.0, help="wins a change must gain")
    c = sub.add_parser("compare")
    c.add_argument("games", type=int)
    c.add_argument("specs", nargs="+")
    c.add_argument("--prefix", default="check")
    c.add_argument("--against", default="medium", help="the level of seats 1-3")
    args = parser.parse_args(argv)
    with get_context("spawn").Pool(2) as pool:
        if args.command == "tune":
            print(tune(pool, args.games, args.rounds, args.bar))
        else:
            specs = [ast.literal_eval(spec) for spec in args.specs]
            compare(pool, args.games, specs, args.prefix, args.against)


if __name__ == "__main__":
    main(sys.argv[1:])
