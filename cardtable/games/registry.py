"""The registry of games: ``registry.get("mean")``, ``registry.all()``, and replay.

The games are ``catalog.GAMES`` by id (the catalog imports the games, never this registry);
the app's game choice, the command line and the conformance test all read this list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import check_proof

if TYPE_CHECKING:
    from cardtable.engine import Event, GameInfo, GameState, MatchRecord

_GAMES: dict[str, GameInfo] = {}


def all() -> list[GameInfo]:  # the contract's name, though it hides the builtin here
    _load()
    return list(_GAMES.values())


def ids() -> list[str]:
    return [info.id for info in all()]


def get(game_id: str) -> GameInfo:
    """The game with this id; ``KeyError`` naming the ids there are."""
    _load()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r} (games: {', '.join(_GAMES)})") from None


def new_from_record(record: MatchRecord) -> GameState:
    return get(record.game_id).new_game(
        players=record.players, seed=record.seed, options=record.options, deck=record.deck
    )


def replay(record: MatchRecord) -> GameState:
    """The state reached by playing the record's actions from its seed: identical each time.

    Timed steps are part of the record: a ``close`` action closes the open window, and any
    other action of seat -1 is a deadline inside it that passed (``time_up``). A record
    that proves its game (``MatchRecord.proof``) must deal it and end where it did, or it
    is refused (``Drifted``, one sentence), the same for every game.
    """
    state = new_from_record(record)
    check_proof(record, "deal", state)
    for seat, code in record.actions:
        apply_recorded(state, seat, code)
    check_proof(record, "end", state)
    return state


def apply_recorded(state: GameState, seat: int, code: str) -> list[Event]:
    """One recorded action: a move, a window's close (``(-1, "close")``) or a deadline
    that passed (``(-1, name)``)."""
    if seat == -1 and code == "close":
        return state.close_window()
    if seat == -1:
        return state.time_up(code)
    return state.apply(seat, code)


def _load() -> None:
    """Every game of the catalog, imported at the first question (not with the registry)."""
    if _GAMES:
        return
    from .catalog import GAMES

    _GAMES.update((info.id, info) for info in GAMES)
