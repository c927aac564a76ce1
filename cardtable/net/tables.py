"""Tables without a screen: a room built from a ``create`` message (``cardtable serve``)
or for a test. Its seats are ``"remote"`` (open to a player on another computer) or a
bot's level; the referee runs on the room's clock.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any

from cardtable.engine import BadOption, IllegalAction, MatchRecord, Rng
from cardtable.games import registry
from cardtable.play import MatchHost, Referee
from cardtable.strategy import levels, make_bot

from .room import WAIT, Room

REMOTE = "remote"
# A server's bots think on its loop, between every table's messages: only the levels
# that decide in a moment (hard and expert search; they belong in a pool of processes).
SERVER_LEVELS = ("random", "easy", "medium")


def new_room(
    code: str,
    game_id: str,
    seats: list[str],
    names: list[str] | None = None,
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    now: Callable[[], float] = time.monotonic,
    wait: float | None = WAIT,
    pace: bool = True,
    out_of_turn_pause: float = 1.0,
    actions: list[tuple[int, str]] | None = None,
    tokens: dict[int, tuple[str, str]] | None = None,
    bot_levels: tuple[str, ...] | None = None,
) -> Room:
    """A room for a new match, or for one played on from ``actions`` (a host that
    stopped opens its table again: the seats' ``tokens`` let its players back in);
    ``ValueError`` saying in one sentence what cannot be."""
    try:
        info = registry.get(game_id)
    except KeyError:
        raise ValueError(f"There is no game called {game_id!r} here.") from None
    if not info.min_players <= len(seats) <= info.max_players:
        raise ValueError(
            f"{info.title} is played by {info.min_players} to {info.max_players} players."
        )
    known = [level for level in levels(game_id) if bot_levels is None or level in bot_levels]
    for kind in seats:
        if kind != REMOTE and kind not in known:
            raise ValueError(f"A seat is {REMOTE!r} or a bot's level ({', '.join(known)}).")
    if REMOTE not in seats:
        raise ValueError("A table on a server needs a seat for a remote player.")
    # A server's table is dealt from a seed of its own choosing (a secret, not a game's
    # randomness): every later card comes from the game's seeded generator.
    seed = secrets.randbelow(2**31) if seed is None else seed
    record = MatchRecord(game_id, len(seats), seed, dict(options or {}), [], list(actions or []))
    try:
        state = registry.replay(record)
    except (BadOption, IllegalAction) as error:
        raise ValueError(f"{error}.") from None
    bots = [
        None if kind == REMOTE else make_bot(game_id, kind, Rng(f"bot/{seed}/{seat}/{kind}"))
        for seat, kind in enumerate(seats)
    ]
    referee = Referee(
        state,
        bots,
        seat_kinds=["human" if kind == REMOTE else kind for kind in seats],
        pace=pace,
        out_of_turn_pause=out_of_turn_pause,
    )
    names = list(names or [])[: len(seats)]
    names += [
        f"Seat {seat + 1}" if kind == REMOTE else kind.title()
        for seat, kind in enumerate(seats[len(names) :], len(names))
    ]
    host = MatchHost(referee, names, list(seats), now)
    remote = [seat for seat, kind in enumerate(seats) if kind == REMOTE]
    return Room(code, host, remote, now, wait=wait, tokens=tokens)


def room_from_create(code: str, message: dict[str, Any]) -> Room:
    """A server's table for a checked ``create`` message."""
    return new_room(
        code,
        message["game"],
        list(message["seats"]),
        [str(name)[:40] for name in message["names"]],
        dict(message["options"]),
        wait=message["wait"],
        bot_levels=SERVER_LEVELS,
    )
