"""The bots: a random baseline, per-game heuristics and search. Pure Python.

``make_bot(game_id, level, rng)`` is how everything else gets a bot; ``levels(game_id)``
lists what a game offers. A bot sees only its seat's ``SeatView``.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine import Rng

from .base import Bot, RandomBot, SeatView, view_for

_BOTS: dict[str, dict[str, type[Bot]]] = {}


def register_bots(game_id: str, bots: dict[str, type[Bot]]) -> None:
    _BOTS[game_id] = {"random": RandomBot, **bots}


def levels(game_id: str) -> list[str]:
    _load()
    return list(_BOTS.get(game_id, {"random": RandomBot}))


def make_bot(game_id: str, level: str, rng: Rng) -> Bot:
    _load()
    table = _BOTS.get(game_id, {"random": RandomBot})
    if level not in table:
        raise KeyError(f"no {level!r} bot for {game_id} (levels: {', '.join(table)})")
    return table[level](rng)


def make_bots(game_id: str, levels: Sequence[str], seed: int | str) -> list[Bot]:
    """One bot per seat at the given levels, each with its own generator from ``seed``
    (the table and ``cardtable sim`` seed them alike, so a seed gives the same game)."""
    return [
        make_bot(game_id, level, Rng(f"bot/{seed}/{seat}/{level}"))
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
    "levels",
    "make_bot",
    "make_bots",
    "register_bots",
    "view_for",
]
