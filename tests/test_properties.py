"""Property tests (hypothesis) on the public contract of every registered game:

- any sequence of legal actions (and, inside a timed window, any order of its seats' moves,
  deadlines and its close) keeps every card in exactly one place, always gives a seat to
  act a legal move, keeps each observation to what its seat may see, and replays exactly;
- any junk code, from any seat or non-seat, is refused with a reason and changes nothing.
"""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine import IllegalAction, MatchRecord, Rng
from cardtable.games import registry

GAMES = registry.all()
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw):
    info = draw(st.sampled_from(GAMES))
    players = draw(st.integers(info.min_players, info.max_players))
    seed = draw(st.one_of(st.integers(-(10**30), 10**30), st.text(max_size=20)))
    return info, info.new_game(players, seed=seed)


def snapshot(state):
    return (
        json.dumps([state.observation(s) for s in range(state.players)], sort_keys=True),
        sorted((name, tuple(zone.cards)) for name, zone in state.zones().items()),
        tuple(state.history),
    )


def step(state, choice: int) -> None:
    """One legal step picked by ``choice``: a move of a seat to act, or inside a timed
    window one of its seats' moves, a deadline that passes or the close."""
    window = state.window
    options: list[tuple[str, int, str]] = []
    for seat in state.to_act:
        options += [("move", seat, action.code) for action in state.legal_actions(seat)]
    if window is not None:
        options += [("deadline", -1, name) for name, _ in window.deadlines]
        options.append(("close", -1, "close"))
    kind, seat, code = options[choice % len(options)]
    if kind == "move":
        state.apply(seat, code)
    elif kind == "deadline":
        state.time_up(code)
    else:
        state.close_window()


@FAST
@given(games(), st.lists(st.integers(0, 10_000), min_size=1, max_size=80))
def test_any_sequence_of_legal_actions_keeps_the_invariants(game, choices):
    info, state = game
    deck = Counter(info.full_deck(state.players, state.options))
    for choice in choices:
        if state.is_over:
            break
        assert state.to_act, "a game that is not over has a seat to act"
        assert all(state.legal_actions(seat) for seat in state.to_act)
        step(state, choice)
        assert state.card_counts() == deck, "every card in exactly one place"
    for viewer in range(state.players):
        seen = state.observation(viewer)
        json.dumps(seen)
        world = state.sample_hidden(viewer, Rng(f"world/{viewer}"))
        assert world.observation(viewer) == seen, "an observation shows only what it may"
    record = MatchRecord(
        state.game_id, state.players, state.seed, dict(state.options), [], list(state.history)
    )
    replayed = registry.replay(MatchRecord.from_json(record.to_json()))
    assert snapshot(replayed) == snapshot(state), "the record replays to the same state"


JUNK = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["play", "play W as 99", "bid 0", "swap with -1", "punish 99", "dir"]),
    st.builds(
        lambda a, b: f"{a} {b}",
        st.sampled_from(["play", "bid", "hit", "draw"]),
        st.text(max_size=8),
    ),
)
SEATS = st.one_of(st.integers(-3, 12), st.none(), st.text(max_size=3), st.floats(allow_nan=False))


@FAST
@given(games(), st.lists(st.integers(0, 10_000), max_size=30), SEATS, JUNK)
def test_any_junk_code_is_refused_and_changes_nothing(game, choices, seat, code):
    _, state = game
    for choice in choices:
        if state.is_over:
            break
        step(state, choice)
    legal = (
        {a.code for a in state.legal_actions(seat)}
        if type(seat) is int and 0 <= seat < state.players
        else set()
    )
    if " ".join(code.split()) in legal:
        return  # the junk happens to be a legal move here
    before = snapshot(state)
    try:
        state.apply(seat, code)
    except IllegalAction as refused:
        assert refused.reason and "\n" not in refused.reason
    else:
        raise AssertionError(f"{code!r} by seat {seat!r} was applied")
    assert snapshot(state) == before, "a refused move changes nothing"
