"""One conformance test for every registered game, at every player count, over many seeds
(OpenSpiel's random_sim_test, for our contract). A game gets all of it by registering.

Random legal play to the end; after every action: cards are conserved, every seat to act
has a legal move and every legal move applies, a sample of illegal moves is refused and
changes nothing, no observation shows a card its seat cannot see, and the same seed and
actions give the same events.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from cardtable.engine import IllegalAction, MatchRecord, Rng
from cardtable.games import registry

SEEDS = range(6)
MAX_STEPS = 6000

CASES = [
    (info.id, players, seed)
    for info in registry.all()
    for players in range(info.min_players, info.max_players + 1)
    for seed in SEEDS
]


def snapshot(state):
    """Everything observable about a state, to prove a refused move changed nothing."""
    return (
        json.dumps([state.observation(s) for s in range(state.players)], sort_keys=True),
        sorted((name, tuple(zone.cards)) for name, zone in state.zones().items()),
        tuple(state.history),
    )


def junk_codes(state, seat, rng):
    """Moves that look plausible but are not legal for ``seat`` now."""
    legal = {a.code for a in state.legal_actions(seat)}
    candidates = ["", "pass", "bid 99", "play", "play ZZ", "punish 9", "hit hit", "draw 2"]
    for other in range(state.players):
        candidates += [a.code for a in state.legal_actions(other)][:3]
    return [code for code in candidates if code not in legal][:6]


def random_player_choices(state, seat, rng):
    """The legal moves the random player picks from. A move that seats not to act may make
    too (a fake-out slap) is mostly left out, taken one time in twenty: played as often as
    a real move it stalls a game forever (each costs cards), and rules are still checked."""
    legal = state.legal_actions(seat)
    out_of_turn = {
        action.code
        for other in range(state.players)
        if other not in state.to_act
        for action in state.legal_actions(other)
    }
    in_turn = [action for action in legal if action.code not in out_of_turn]
    if in_turn and len(in_turn) < len(legal) and rng.random() < 0.95:
        return in_turn
    return legal


def play_through(info, players, seed, checks=True):
    state = info.new_game(players=players, seed=seed)
    deck = Counter(info.full_deck(players))
    assert state.card_counts() == deck, "setup must hold every card exactly once"

    play_rng = Rng(f"play/{seed}")
    check_rng = Rng(f"check/{seed}")
    events_seen = []
    for step in range(MAX_STEPS):
        if state.is_over:
            break
        if state.window is not None:
            window = state.window
            order = list(window.seats)
            play_rng.shuffle(order)
            for seat in order[: play_rng.randint(0, len(order))]:
                legal = state.legal_actions(seat)
                if legal and state.window is not None:
                    events_seen.append([str(e) for e in state.apply(seat, legal[0])])
            if state.window is not None:
                events_seen.append([str(e) for e in state.close_window()])
            continue
        to_act = state.to_act
        assert to_act, "a game that is not over must have a seat to act"
        for seat in to_act:
            assert state.legal_actions(seat), f"seat {seat} must act but has no legal move"
        seat = to_act[0]
        if checks and step % 3 == 0:
            before = snapshot(state)
            for code in junk_codes(state, seat, check_rng):
                with pytest.raises(IllegalAction) as refused:
                    state.apply(seat, code)
                assert refused.value.reason, "a refusal says why"
                assert snapshot(state) == before, f"refused {code!r} changed the state"
            for viewer in range(players):
                world = state.sample_hidden(viewer, check_rng.spawn(step))
                assert world.observation(viewer) == state.observation(viewer), (
                    f"seat {viewer}'s observation depends on cards it cannot see"
                )
                assert [a.code for a in world.legal_actions(viewer)] == [
                    a.code for a in state.legal_actions(viewer)
                ]
        action = play_rng.choice(random_player_choices(state, seat, play_rng))
        events_seen.append([str(e) for e in state.apply(seat, action)])
        assert state.card_counts() == deck, f"cards not conserved after {action.code}"
        json.dumps(state.observation(seat))
    else:
        pytest.fail(f"{info.id} with {players} players did not end in {MAX_STEPS} steps")
    assert state.result is not None
    assert len(state.result.scores) == players
    assert sorted(s for place in state.result.ranking for s in place) == list(range(players))
    return state, events_seen


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_random_play_keeps_every_rule_of_the_contract(game_id, players, seed):
    info = registry.get(game_id)
    state, events = play_through(info, players, seed)
    # The same seed and actions give the same game, event for event.
    record = MatchRecord(state.game_id, players, seed, actions=list(state.history))
    replayed = registry.replay(type(record).from_json(record.to_json()))
    assert replayed.history == state.history
    assert snapshot(replayed) == snapshot(state)
    again, events_again = play_through(info, players, seed, checks=False)
    assert events_again == events
