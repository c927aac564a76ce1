"""The ``cardtable`` command: the app, and the headless tools ``sim`` and ``replay``.

``cardtable``                      the app, at its title
``cardtable play GAME ...``        the app, straight at a table
``cardtable watch GAME ...``       the app, a table of bots only (``--frames N`` to quit)
``cardtable sim GAME ...``         many bot games, headless, with win shares
                                   (``--equal-slap``: every bot reacts at one pace)
``cardtable replay FILE``          replay a saved match record headless and print the result
``cardtable serve --port N``       a headless server of many tables for play across the
                                   internet (``--cert``/``--key``: TLS; docs/serving.md)
``cardtable --loopback ...``       keep all networking to 127.0.0.1 (CARDTABLE_LOOPBACK=1)
``cardtable --smoke``              open the window, every game's table briefly, exit 0

A wrong game, player count, seat list, option, seed or record file exits with status 2
and one line saying what is wrong and what is allowed (bad input echoed cut short); a game
that runs past the headless driver's bound exits with status 1 and one line naming the
game, the seed and the bound. Never a traceback for what a user typed or a file held.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from cardtable import storage
from cardtable.engine import BadRecord, BadSetup, IllegalAction, brief
from cardtable.games import registry
from cardtable.strategy import levels, playable, races, usual_level
from cardtable.ui.launch import REMOTE, Launch

MAX_GAMES = 100_000_000  # a sim of more games would run for weeks
MAX_JOBS = 64
LINE_LIMIT = 300  # characters of the one line an error prints


class UsageError(Exception):
    """Bad command-line input; the message is the one line the user is told."""


class _Help(argparse.HelpFormatter):
    """Names the games only when help is asked for: listing them imports every game's
    rules, which the app's start-up does not need (``%(games)s`` in a help text)."""

    def _expand_help(self, action: argparse.Action) -> str:
        if "%(games)s" in (action.help or ""):
            action.help = (action.help or "").replace("%(games)s", ", ".join(registry.ids()))
        return super()._expand_help(action)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Help)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # one clear line, status 2
        raise UsageError(f"{message} (see '{self.prog} --help')")


def _at_least(low: int, high: int | None = None):
    """An argparse type: a whole number from ``low`` (to ``high``); 0 is not "not given"."""

    def parse(text: str) -> int:
        if not re.fullmatch(r"[+-]?[0-9]{1,18}", text.strip()):
            raise argparse.ArgumentTypeError(f"takes a whole number, not {brief(text)}")
        value = int(text)
        if value < low or (high is not None and value > high):
            top = f" to {high:,}" if high is not None else " or more"
            raise argparse.ArgumentTypeError(f"takes {low}{top}, not {value}")
        return value

    return parse


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cardtable", description="Card Table: five card games at one table.")
    parser.add_argument("--smoke", action="store_true", help="open every table briefly, exit 0")
    parser.add_argument(
        "--loopback",
        action="store_true",
        help="keep all networking to 127.0.0.1 (as CARDTABLE_LOOPBACK=1)",
    )
    parser.add_argument(
        "--frames",
        dest="top_frames",
        type=_at_least(1),
        help="quit the app after this many frames",
    )
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)

    def game_command(name: str, help_text: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text)
        sub.add_argument("game", help="game id: %(games)s")
        sub.add_argument("--players", type=_at_least(1), help="number of players")
        sub.add_argument(
            "--seats",
            help="comma-separated, one per seat: human or a bot level the game offers "
            "(play: also remote, a player on another computer: the table is hosted; "
            "sim: also a level it no longer offers, such as expert, to measure it)",
        )
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
        sub.add_argument("--frames", type=_at_least(1), help="quit after this many frames")
    sim = game_command("sim", "play many bot games headless")
    sim.add_argument(
        "--games",
        type=_at_least(1, MAX_GAMES),
        default=100,
        help="how many games (default 100)",
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--jobs", type=_at_least(1, MAX_JOBS), default=1, help="processes (default 1)")
    sim.add_argument(
        "--equal-slap",
        action="store_true",
        help="every bot reacts at medium's pace in slap rounds and moves out of turn, so the "
        "levels differ only in how they play",
    )
    replay = commands.add_parser("replay", help="replay a saved match record headless")
    replay.add_argument("file", help="a match record (.json)")
    serve = commands.add_parser("serve", help="a headless server of tables to play across")
    serve.add_argument("--host", default="0.0.0.0", help="the address to listen on")
    serve.add_argument(
        "--port", type=_at_least(0, 65535), default=47390, help="its port (0: any free one)"
    )
    serve.add_argument("--cert", help="a TLS certificate (PEM): serve wss://")
    serve.add_argument("--key", help="the certificate's private key (PEM)")
    serve.add_argument("--seconds", type=_at_least(1), help="stop after this many seconds")
    serve.add_argument(
        "--loopback", dest="serve_loopback", action="store_true", help="127.0.0.1 only"
    )
    return parser


def _serve(args: argparse.Namespace) -> int:
    """``cardtable serve``: tables created and joined through the seat protocol."""
    import asyncio
    import contextlib
    import ssl

    from cardtable.net import Server, settings
    from cardtable.net.server import tls_context
    from cardtable.net.tables import room_from_create

    if bool(args.cert) != bool(args.key):
        raise UsageError("TLS takes both --cert and --key")
    tls = None
    if args.cert:
        try:
            tls = tls_context(args.cert, args.key)
        except (OSError, ssl.SSLError) as error:
            raise UsageError(f"the certificate or key cannot be used ({error})") from None
    host = settings.bind_address(args.host)
    server = Server(host, args.port, creating=True, make_room=room_from_create, tls=tls)

    async def run() -> None:
        serving = asyncio.ensure_future(server.serve())
        while server.loop is None or not server.ready.is_set():
            if serving.done():
                serving.result()  # its error
            await asyncio.sleep(0.01)
        scheme = "wss" if tls else "ws"
        print(f"Card Table server on {scheme}://{host}:{server.port}/", flush=True)
        if args.seconds:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(serving), args.seconds)
            server.stop(0)
        await serving

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass
    except OSError as error:
        _say(f"the server cannot listen on {host}:{args.port} ({error.strerror or error})")
        return 1
    return 0


def _seed(text: str) -> int | str:
    """A seed as typed: ASCII digits are a number (``--seed 7``), anything else a text;
    one the games cannot use is a usage error."""
    seed: int | str = text
    if re.fullmatch(r"-?[0-9]{1,100}", text):
        seed = int(text)
    from cardtable.engine.game import check_seed

    try:
        return check_seed(seed)
    except BadSetup as error:
        raise UsageError(f"--seed: {error}") from None


def _resolve(
    args: argparse.Namespace,
    *,
    allow_human: bool,
    default_seat: str | None = None,
    offered: bool = True,
) -> Launch:
    """The launch the command line asks for; ``offered``: only the levels the game offers
    (a table), else every level its bots can play (``sim``). Seats not named get
    ``default_seat``, or the game's usual level (``strategy.usual_level``)."""
    try:
        info = registry.get(args.game)
    except KeyError:
        raise UsageError(
            f"unknown game {brief(args.game)}; games: {', '.join(registry.ids())}"
        ) from None
    seats = None if args.seats is None else [s.strip() for s in args.seats.split(",")]
    if seats is not None and not any(seats):
        raise UsageError("--seats names no seats: give one per player, such as random,easy")
    players = args.players or (len(seats) if seats else min(4, info.max_players))
    if not info.min_players <= players <= info.max_players:
        raise UsageError(
            f"{info.title} takes {info.min_players} to {info.max_players} players, not {players}"
        )
    if seats is None:
        seats = (["human"] if allow_human else []) + [
            default_seat or usual_level(info.id)
        ] * players
        seats = seats[:players]
    if len(seats) != players:
        raise UsageError(f"--seats names {len(seats)} seats but there are {players} players")
    # A table seats the levels the game offers; sim measures every level it has (expert
    # too, where it is not offered: the benchmarks that decide what is offered need it).
    # A table opened here may also hold seats for players on other computers ("remote":
    # the table is hosted, and says how to join it).
    allowed = (["human", REMOTE] if allow_human else []) + (levels if offered else playable)(
        info.id
    )
    for seat in seats:
        if seat in allowed:
            continue
        if seat in playable(info.id):
            raise UsageError(
                f"{info.title} does not offer {seat} bots: they were not measured stronger "
                f"than the level below; seats may be: {', '.join(allowed)}"
            )
        raise UsageError(f"unknown seat {brief(seat)}; seats may be: {', '.join(allowed)}")
    options: dict[str, Any] = {}
    for item in args.option:
        if "=" not in item:
            raise UsageError(f"--option takes NAME=VALUE, not {brief(item)}")
        name, value = item.split("=", 1)
        options[name.strip()] = value.strip()
    try:
        options = info.resolve_options(options, players)
    except BadSetup as error:
        raise UsageError(str(error)) from None
    return Launch(info.id, players, tuple(seats), _seed(args.seed), options)


def _equal_slap(launch: Launch, equal_slap: bool) -> bool:
    """``--equal-slap`` checked against the game: a game whose bots never race has no
    slap speed to make equal, and a sim that says it did would mislead."""
    if equal_slap and not races(launch.game_id):
        title = registry.get(launch.game_id).title
        raise UsageError(
            f"--equal-slap: {title} has no slap round and no move out of turn, so its bots "
            "never race; leave the flag out"
        )
    return equal_slap


def _one_game(job: tuple[Launch, int, bool]) -> tuple[list[float], list[int]]:
    """Play game ``index`` of a sim; returns each seat's share of the win and its score."""
    from cardtable import play

    launch, index, equal_slap = job
    seed = f"{launch.seed}/{index}"
    state = registry.get(launch.game_id).new_game(launch.players, seed, launch.options)
    bots = play.make_bots(launch.game_id, launch.seats, seed, equal_slap=equal_slap)
    play.Referee(state, bots, launch.seats).run()
    result = state.result
    assert result is not None
    wins = [result.win_share(seat) for seat in range(launch.players)]
    return wins, list(result.scores)


def simulate(
    launch: Launch,
    games: int,
    jobs: int = 1,
    progress: bool = True,
    equal_slap: bool = False,
) -> dict[str, Any]:
    """Play ``games`` bot games and summarise each seat: wins (a shared first place shares
    the win), win share, its 95% interval (normal approximation) and mean score.
    ``equal_slap``: every bot reacts by medium's profile (a game whose bots race only)."""
    from tqdm import tqdm

    equal_slap = _equal_slap(launch, equal_slap)
    # The jobs are made as they are taken and the outcomes summed as they come, so the
    # memory a sim needs does not grow with --games.
    work: Iterator[tuple[Launch, int, bool]] = zip(
        itertools.repeat(launch), range(games), itertools.repeat(equal_slap)
    )
    bar = tqdm(
        total=games, desc=f"{launch.game_id}", unit="game", disable=not progress, file=sys.stderr
    )
    win_totals = [0.0] * launch.players
    score_totals = [0] * launch.players

    def count(outcome: tuple[list[float], list[int]]) -> None:
        for seat in range(launch.players):
            win_totals[seat] += outcome[0][seat]
            score_totals[seat] += outcome[1][seat]
        bar.update()

    if jobs > 1:
        from multiprocessing import get_context

        with get_context("spawn").Pool(jobs) as pool:
            for outcome in pool.imap(_one_game, work, chunksize=4):
                count(outcome)
    else:
        for job in work:
            count(_one_game(job))
    bar.close()
    return summarise(launch, win_totals, score_totals, games, equal_slap)


def summarise(
    launch: Launch,
    win_totals: list[float],
    score_totals: list[int],
    games: int,
    equal_slap: bool = False,
) -> dict[str, Any]:
    """A sim's summary from each seat's summed wins and scores over ``games`` games
    (``equal_slap``: every bot reacted at medium's pace)."""
    seats = []
    for seat, level in enumerate(launch.seats):
        wins = win_totals[seat]
        share = wins / games if games else 0.0
        half = 1.96 * math.sqrt(share * (1 - share) / games) if games else 0.0
        mean_score = score_totals[seat] / games if games else 0.0
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
        "equal_slap": equal_slap,
        "seats": seats,
    }


def _print_sim(summary: dict[str, Any]) -> None:
    fair = 1 / summary["players"]
    equal = ", every bot at medium's slap speed" if summary.get("equal_slap") else ""
    print(
        f"{summary['game']}: {summary['games']} games, {summary['players']} players, "
        f"seed {summary['seed']}{equal} (fair share {fair:.1%})"
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
        _say(str(error))
        return 2


def _say(message: str) -> None:
    """One line on stderr, however odd the input it echoes: no line breaks, no broken
    characters, at most LINE_LIMIT characters."""
    line = " ".join(message.split())
    line = line.encode("utf-8", "backslashreplace").decode("utf-8")
    if len(line) > LINE_LIMIT:
        line = line[: LINE_LIMIT - 3] + "..."
    print(f"cardtable: {line}", file=sys.stderr)


def _replay(file: str) -> dict[str, Any]:
    """Replay a match record file headless: its summary, or a ``UsageError`` in one line
    for a file that is not a record a game can replay."""
    where = brief(file, 80)
    try:
        record = storage.read_record(Path(file))
        state = registry.replay(record)
    except (storage.Damaged, BadRecord, BadSetup) as error:
        raise UsageError(f"{where}: {error}") from None
    except KeyError as error:
        raise UsageError(f"{where}: {error.args[0] if error.args else error}") from None
    except IllegalAction as error:
        raise UsageError(
            f"{where}: the record holds a move the game refuses: {error.reason}"
        ) from None
    except OSError as error:
        raise UsageError(f"cannot read {where}: {error.strerror or error}") from None
    result = state.result
    return {
        "game": record.game_id,
        "actions": len(record.actions),
        "over": state.is_over,
        "result": None if result is None else result.to_dict(),
    }


def _main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if args.loopback or getattr(args, "serve_loopback", False):
        from cardtable.net.settings import keep_to_loopback

        keep_to_loopback()
    if args.command == "serve":
        return _serve(args)
    if args.smoke:
        from cardtable.ui.app import run_smoke

        return run_smoke()
    if args.command == "sim":
        from cardtable.play import MatchTooLong

        launch = _resolve(args, allow_human=False, default_seat="random", offered=False)
        try:
            summary = simulate(
                launch,
                args.games,
                jobs=args.jobs,
                progress=sys.stderr.isatty(),
                equal_slap=args.equal_slap,
            )
        except MatchTooLong as error:  # a rules or bot bug: one line, not a traceback
            _say(str(error))
            return 1
        if args.json:
            print(json.dumps(summary))
        else:
            _print_sim(summary)
        return 0
    if args.command == "replay":
        print(json.dumps(_replay(args.file)))
        return 0
    from cardtable.ui.app import run

    if args.command == "play":
        return run(
            _resolve(args, allow_human=True),
            frames=args.frames or args.top_frames,
        )
    if args.command == "watch":
        launch = _resolve(args, allow_human=False)
        launch = Launch(
            launch.game_id, launch.players, launch.seats, launch.seed, launch.options, watch=True
        )
        return run(launch, frames=args.frames or args.top_frames)
    return run(None, frames=args.top_frames)
