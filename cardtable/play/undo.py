"""Taking back a player's own last move in a game against bots, as solitaire apps allow,
but never at the price of hidden information.

Undo replays the match record without the undone moves (the seed, the deck and the
actions fix every state exactly), so it changes nothing but the moves it removes.

A move may be taken back only if nothing was *revealed* by it or after it. Precisely:
from the state just before the seat's last move, every event since (that move's own, and
every later one, as that seat sees it) and every observation after each step is looked
at; a card face that seat now sees, or saw in an event, more times than it could see it
in its observation before the move is revealed. A timed window (a slap round, opened or
closed, or a deadline) since the move also blocks undo: it was a moment of its own.
Not for: the ui (buttons, keys) or the rules (the games).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from cardtable.engine import HIDDEN, Event, GameState, MatchRecord
from cardtable.games import registry


@dataclass(frozen=True)
class Undo:
    """What undoing would do: keep ``actions`` (None: refused, ``reason`` says why)."""

    actions: tuple[tuple[int, str], ...] | None
    reason: str = ""
    undone: int = 0  # how many actions go (the seat's move and everything after it)


def seen(observation: dict, events: Iterable[Event] = ()) -> Counter[str]:
    """The card faces in an observation and in events as one seat saw them, counted."""
    faces: Counter[str] = Counter()
    for view in observation["zones"].values():
        faces.update(card for card in view.get("cards", ()) if card != HIDDEN)
        if "top" in view:
            faces[view["top"]] += 1
    for event in events:
        if event.kind in ("move", "reveal"):
            faces.update(card for card in event.cards if card != HIDDEN)
    return faces


def state_at(record: MatchRecord, count: int) -> GameState:
    """The state after the first ``count`` actions of ``record``."""
    return registry.replay(
        MatchRecord(
            record.game_id,
            record.players,
            record.seed,
            dict(record.options),
            list(record.seats),
            list(record.actions[:count]),
            record.deck,
        )
    )


def step(state: GameState, seat: int, code: str) -> list[Event]:
    """Apply one recorded action (a window's close or deadline for seat -1)."""
    if seat == -1:
        return state.close_window() if code == "close" else state.time_up(code)
    return state.apply(seat, code)


def undo_last(record: MatchRecord, seat: int) -> Undo:
    """Can ``seat`` take back its last move of ``record``, and what would remain."""
    actions = list(record.actions)
    mine = [index for index, (who, _code) in enumerate(actions) if who == seat]
    if not mine:
        return Undo(None, "You have made no move to take back.")
    start = mine[-1]
    state = state_at(record, start)
    before = seen(state.observation(seat))
    for who, code in actions[start:]:
        if who == -1 or state.window is not None:
            return Undo(None, "A timed moment has passed since your move: no undo.")
        events = [event.for_seat(seat) for event in step(state, who, code)]
        if state.window is not None:  # a slap round opened: no undo, whatever it showed
            return Undo(None, "A timed moment has passed since your move: no undo.")
        now = seen(state.observation(seat)) | seen({"zones": {}}, events)
        if any(count > before[card] for card, count in now.items()):
            return Undo(None, "Since your move a hidden card has been shown: no undo.")
    if state.window is not None:
        return Undo(None, "A timed moment has passed since your move: no undo.")
    return Undo(tuple(actions[:start]), undone=len(actions) - start)
