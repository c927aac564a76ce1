"""The ``cardtable`` command: the app, and the headless tools ``sim`` and ``replay``.

``cardtable``                      the app, at its title
``cardtable play GAME ...``        the app, straight at a table
``cardtable watch GAME ...``       the app, a table of bots only (``--frames N`` to quit)
``cardtable sim GAME ...``         many bot games, headless, with win shares
``cardtable replay FILE``          replay a saved match record headless and print the result
``cardtable --smoke``              open the window, every game's table briefly, exit 0

A wrong game, player count, seat list or option exits with status 2 and one line saying
what is wrong and what is allowed.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardtable.engine import BadOption, BadRecord, MatchRecord
from cardtable.games import registry
from cardtable.play import MatchTooLong, Referee, make_bots
from cardtable.strategy import levels
from cardtable.ui.launch import Launch


class UsageError(Exception):
    """Bad command-line input; the message is the one line the user is told."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one clear line, status 2
        raise UsageError(f"{message} (see '{self.prog} --help')")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cardtable", description="Card Table: five card games at one table.")
    parser.add_argument("--smoke", action="store_true", help="open every table briefly, exit 0")
    parser.add_argument(
        "--frames", dest="top_frames", type=int, help="quit the app after this many frames"
    )
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)

    def game_command(name: str, help_text: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text)
        sub.add_argument("game", help="game id: " + ", ".join(registry.ids()))
        sub.add_argument("--players", type=int, help="number of players")
        sub.add_argument("--seats", help="comma-separated: human or a bot level, one per seat")
        sub.add_argument("--seed", default="0", help="the game's seed")
        sub.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="a rule option (repeatable)",
        )
        return sub

    for name, text in (
        ("play", "open the app at a table"),
        ("watch", "open the app at a table of bots"),
    ):
        sub = game_command(name, text)
        sub.add_argument("--frames", type=int, help="quit after this many frames")
    sim = game_command("sim", "play many bot games headless")
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--jobs", type=int, default=1, help="processes to use (default 1)")
    replay = commands.add_parser("replay", help="replay a saved match record headless")
    replay.add_argument("file", help="a match record (.json)")
    return parser


def _seed(text: str) -> int | str:
    return int(text) if text.lstrip("-").isdigit() else text


def _resolve(args: argparse.Namespace, *, allow_human: bool, default_seat: str) -> Launch:
    try:
        info = registry.get(args.game)
    except KeyError:
        raise UsageError(
            f"unknown game {args.game!r}; games: {', '.join(registry.ids())}"
        ) from None
    seats = [s.strip() for s in args.seats.split(",")] if args.seats else None
    players = args.players or (len(seats) if seats else min(4, info.max_players))
    if not info.min_players <= players <= info.max_players:
        raise UsageError(
            f"{info.title} takes {info.min_players} to {info.max_players} players, not {players}"
        )
    if seats is None:
        seats = (["human"] if allow_human else []) + [default_seat] * players
        seats = seats[:players]
    if len(seats) != players:
        raise UsageError(f"--seats names {len(seats)} seats but there are {players} players")
    allowed = (["human"] if allow_human else []) + levels(info.id)
    for seat in seats:
        if seat not in allowed:
            raise UsageError(f"unknown seat {seat!r}; seats may be: {', '.join(allowed)}")
    options: dict[str, Any] = {}
    for item in args.option:
        if "=" not in item:
            raise UsageError(f"--option takes NAME=VALUE, not {item!r}")
        name, value = item.split("=", 1)
        options[name.strip()] = value.strip()
    try:
        options = info.resolve_options(options)
    except BadOption as error:
        raise UsageError(str(error)) from None
    return Launch(info.id, players, tuple(seats), _seed(args.seed), options)


def _one_game(job: tuple[Launch, int]) -> tuple[list[float], list[int]]:
    """Play game ``index`` of a sim; returns each seat's share of the win and its score."""
    launch, index = job
    seed = f"{launch.seed}/{index}"
    state = registry.get(launch.game_id).new_game(launch.players, seed, launch.options)
    Referee(state, make_bots(launch.game_id, launch.seats, seed), launch.seats).run()
    result = state.result
    assert result is not None
    winners = result.winners
    wins = [1.0 / len(winners) if seat in winners else 0.0 for seat in range(launch.players)]
    return wins, list(result.scores)


def simulate(launch: Launch, games: int, jobs: int = 1, progress: bool = True) -> dict[str, Any]:
    """Play ``games`` bot games and summarise each seat: wins (a shared first place shares
    the win), win share, its 95% interval (normal approximation) and mean score."""
    from tqdm import tqdm

    work = [(launch, index) for index in range(games)]
    bar = tqdm(
        total=games, desc=f"{launch.game_id}", unit="game", disable=not progress, file=sys.stderr
    )
    outcomes: list[tuple[list[float], list[int]]] = []
    if jobs > 1:
        from multiprocessing import get_context

        with get_context("spawn").Pool(jobs) as pool:
            for outcome in pool.imap(_one_game, work, chunksize=4):
                outcomes.append(outcome)
                bar.update()
    else:
        for job in work:
            outcomes.append(_one_game(job))
            bar.update()
    bar.close()
    seats = []
    for seat, level in enumerate(launch.seats):
        wins = sum(outcome[0][seat] for outcome in outcomes)
        share = wins / games if games else 0.0
        half = 1.96 * math.sqrt(share * (1 - share) / games) if games else 0.0
        mean_score = sum(outcome[1][seat] for outcome in outcomes) / games if games else 0.0
        seats.append(
            {
                "seat": seat,
                "bot": level,
                "wins": round(wins, 3),
                "win_share": round(share, 4),
                "ci95": [round(max(0.0, share - half), 4), round(min(1.0, share + half), 4)],
                "mean_score": round(mean_score, 2),
            }
        )
    return {
        "game": launch.game_id,
        "players": launch.players,
        "games": games,
        "seed": launch.seed,
        "options": launch.options,
        "seats": seats,
    }


def _print_sim(summary: dict[str, Any]) -> None:
    fair = 1 / summary["players"]
    print(
        f"{summary['game']}: {summary['games']} games, {summary['players']} players, "
        f"seed {summary['seed']} (fair share {fair:.1%})"
    )
    print(
        f"{'seat':>4}  {'bot':<8} {'wins':>9} {'share':>7}  {'95% interval':<17} {'mean score':>10}"
    )
    for row in summary["seats"]:
        lo, hi = row["ci95"]
        print(
            f"{row['seat']:>4}  {row['bot']:<8} {row['wins']:>9.1f} {row['win_share']:>7.1%}  "
            f"{lo:>6.1%} - {hi:<6.1%}   {row['mean_score']:>10.2f}"
        )


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(list(sys.argv[1:] if argv is None else argv))
    except UsageError as error:
        print(f"cardtable: {error}", file=sys.stderr)
        return 2
    except MatchTooLong as error:  # a rules or bot bug: one line, not a traceback
        print(f"cardtable: {error}", file=sys.stderr)
        return 1


def _main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if args.smoke:
        from cardtable.ui.app import run_smoke

        return run_smoke()
    if args.command == "sim":
        launch = _resolve(args, allow_human=False, default_seat="random")
        if args.games < 1:
            raise UsageError("--games must be at least 1")
        summary = simulate(launch, args.games, jobs=max(1, args.jobs), progress=sys.stderr.isatty())
        if args.json:
            print(json.dumps(summary))
        else:
            _print_sim(summary)
        return 0
    if args.command == "replay":
        try:
            record = MatchRecord.from_json(Path(args.file).read_text(encoding="utf-8"))
            state = registry.replay(record)
        except OSError as error:
            raise UsageError(f"cannot read {args.file}: {error.strerror}") from None
        except (BadRecord, KeyError) as error:
            raise UsageError(f"{args.file}: {error}") from None
        result = state.result
        print(
            json.dumps(
                {
                    "game": record.game_id,
                    "actions": len(record.actions),
                    "over": state.is_over,
                    "result": None if result is None else result.to_dict(),
                }
            )
        )
        return 0
    from cardtable.ui.app import run

    if args.command == "play":
        return run(
            _resolve(args, allow_human=True, default_seat="medium"),
            frames=args.frames or args.top_frames,
        )
    if args.command == "watch":
        launch = _resolve(args, allow_human=False, default_seat="medium")
        launch = Launch(
            launch.game_id, launch.players, launch.seats, launch.seed, launch.options, watch=True
        )
        return run(launch, frames=args.frames or args.top_frames)
    return run(None, frames=args.top_frames)
