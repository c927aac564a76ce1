"""The bots: a random baseline, per-game heuristics and search. Pure Python.

``make_bot(game_id, level, rng)`` is how everything else gets a bot; ``levels(game_id)``
lists what a game offers. A bot sees only its seat's ``SeatView``.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine import Rng

from .base import Bot, RandomBot, SeatView, ThinkClock, view_for

_BOTS: dict[str, dict[str, type[Bot]]] = {}


def register_bots(game_id: str, bots: dict[str, type[Bot]]) -> None:
    _BOTS[game_id] = {"random": RandomBot, **bots}


def levels(game_id: str) -> list[str]:
    _load()
    return list(_BOTS.get(game_id, {"random": RandomBot}))


def make_bot(
    game_id: str, level: str, rng: Rng, timed: bool = False, rounds: int | None = None
) -> Bot:
    """A bot of ``level``; ``timed``: its search uses its think budget (the table), not a
    fixed number of roll-outs (tests and ``sim``: the same seed, the same game).
    ``rounds``: every search it makes runs that many rounds (sampled worlds) instead of
    its level's own, fixed whether timed or not (the soak exercises the hard bots' code
    at a small cost); levels that do not search ignore it."""
    _load()
    table = _BOTS.get(game_id, {"random": RandomBot})
    if level not in table:
        raise KeyError(f"no {level!r} bot for {game_id} (levels: {', '.join(table)})")
    if rounds is not None and (type(rounds) is not int or rounds < 1):
        raise ValueError(f"a search needs at least 1 round, not {rounds!r}")
    bot = table[level](rng, timed=timed)
    bot.search_rounds = rounds
    return bot


def make_bots(
    game_id: str,
    levels: Sequence[str],
    seed: int | str,
    timed: bool = False,
    rounds: int | None = None,
) -> list[Bot]:
    """One bot per seat at the given levels, each with its own generator from ``seed``
    (the table and ``cardtable sim`` seed them alike, so a seed gives the same game);
    ``timed`` and ``rounds`` as for ``make_bot``."""
    return [
        make_bot(game_id, level, Rng(f"bot/{seed}/{seat}/{level}"), timed=timed, rounds=rounds)
        for seat, level in enumerate(levels)
    ]


def _load() -> None:
    if _BOTS:
        return
    from . import catalog  # noqa: F401  (registers every game's bots)


__all__ = [
    "Bot",
    "RandomBot",
    "SeatView",
    "ThinkClock",
    "levels",
    "make_bot",
    "make_bots",
    "register_bots",
    "view_for",
]
