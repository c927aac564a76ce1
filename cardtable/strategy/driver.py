"""The headless driver: plays a game between bots on a virtual clock.

Used by ``cardtable sim``, the benchmarks and the tests. Not for the app (the ui owns its
own real clock and asks bots the same questions).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.engine import Action, Event, GameState, MatchRecord, Rng

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
    each of the window's deadlines passes at its time (before an action at the same
    moment), and the window closes when its time is up."""
    window = state.window
    assert window is not None
    # (time, 0 for a deadline and 1 for an action, order asked, deadline name or seat)
    timeline: list[tuple[float, int, int, str | int]] = [
        (at, 0, order, name) for order, (name, at) in enumerate(window.deadlines)
    ]
    for order, seat in enumerate(window.seats):
        delay = bots[seat].reaction_delay(view_for(state, seat))
        if delay is not None and delay < window.seconds:
            timeline.append((delay, 1, order, seat))
    events: list[Event] = []
    for _at, _kind, _order, who in sorted(timeline):
        current = state.window
        if current is None:
            break
        if isinstance(who, str):
            if who in dict(current.deadlines):
                events += state.time_up(who)
            continue
        legal = state.legal_actions(who)
        if legal:
            events += state.apply(who, legal[0])
    if state.window is not None:
        events += state.close_window()
    return events


def run_out_of_turn(state: GameState, bots: Sequence[Bot]) -> list[Event]:
    """Moves bots make out of turn after the last move (``Bot.out_of_turn``): the earliest
    is played if it is legal; the others are dropped, because that move changed the state
    they were meant for. Headless, such a move comes before the next turn's move."""
    offers: list[tuple[float, int, Action]] = []
    for seat, bot in enumerate(bots):
        if type(bot).out_of_turn is Bot.out_of_turn:
            continue  # asking costs a view; most bots never move out of turn
        offer = bot.out_of_turn(view_for(state, seat))
        if offer is not None:
            offers.append((offer[0], seat, offer[1]))
    if not offers:
        return []
    _delay, seat, action = min(offers, key=lambda offer: (offer[0], offer[1]))
    if action.code not in {legal.code for legal in state.legal_actions(seat)}:
        return []
    return state.apply(seat, action)


def step(state: GameState, bots: Sequence[Bot]) -> list[Event]:
    """One decision: a timed window, or the first seat to act choosing its move (and then
    any move a bot makes out of turn)."""
    if state.window is not None:
        return run_window(state, bots)
    seat = state.to_act[0]
    action = bots[seat].choose(view_for(state, seat))
    events = state.apply(seat, action)
    if state.window is None and not state.is_over:
        events += run_out_of_turn(state, bots)
    return events


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
