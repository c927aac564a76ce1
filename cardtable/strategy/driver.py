"""The headless driver: plays a game between bots on a virtual clock.

Used by ``cardtable sim``, the benchmarks and the tests. Not for the app (the ui owns its
own real clock and asks bots the same questions).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.engine import Event, GameState, MatchRecord, Rng

from . import make_bot
from .base import Bot, view_for

MAX_STEPS = 20_000


def make_bots(game_id: str, levels: Sequence[str], seed: int | str) -> list[Bot]:
    return [
        make_bot(game_id, level, Rng(f"bot/{seed}/{seat}/{level}"))
        for seat, level in enumerate(levels)
    ]


def run_window(state: GameState, bots: Sequence[Bot]) -> list[Event]:
    """Play an open timed window on a virtual clock: each bot names its delay, the actions
    arrive in delay order (seat order never breaks a tie: the earlier-asked bot does),
    and the window closes when its time is up."""
    window = state.window
    assert window is not None
    arrivals: list[tuple[float, int, int]] = []
    for order, seat in enumerate(window.seats):
        delay = bots[seat].reaction_delay(view_for(state, seat))
        if delay is not None and delay < window.seconds:
            arrivals.append((delay, order, seat))
    events: list[Event] = []
    for _delay, _order, seat in sorted(arrivals):
        if state.window is None:
            break
        legal = state.legal_actions(seat)
        if legal:
            events += state.apply(seat, legal[0])
    if state.window is not None:
        events += state.close_window()
    return events


def step(state: GameState, bots: Sequence[Bot]) -> list[Event]:
    """One decision: a timed window, or the first seat to act choosing its move."""
    if state.window is not None:
        return run_window(state, bots)
    seat = state.to_act[0]
    action = bots[seat].choose(view_for(state, seat))
    return state.apply(seat, action)


def play_game(
    state: GameState,
    bots: Sequence[Bot],
    on_events: Callable[[list[Event]], None] | None = None,
    max_steps: int = MAX_STEPS,
) -> GameState:
    """Play ``state`` to its end with ``bots`` (one per seat) and return it."""
    for _ in range(max_steps):
        if state.is_over:
            return state
        events = step(state, bots)
        if on_events is not None:
            on_events(events)
    raise RuntimeError(f"{state.game_id}: no end after {max_steps} steps")


def record_of(state: GameState, seats: Sequence[str], deck: list[str] | None = None) -> MatchRecord:
    return MatchRecord(
        game_id=state.game_id,
        players=state.players,
        seed=state.seed,
        options=dict(state.options),
        seats=list(seats),
        actions=list(state.history),
        deck=deck,
    )
