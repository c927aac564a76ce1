"""Events carry what tables need: every announcement names ``what`` happened and the seats
involved, its text names players only as ``{P<seat>}`` (never "Seat 2"), and the match end
is an event carrying the result. Checked on whole bot games of every game, through the
referee, and the words a table shows come from ``words(event, names)``."""

from __future__ import annotations

import re

import pytest

from cardtable.engine import words
from cardtable.games import registry
from cardtable.play import Referee, make_bots

WHAT = re.compile(r"^[a-z]+(-[a-z]+)*$")
PLAYER = re.compile(r"\{P(\d+)\}")
# Events a table animates by kind alone (a card move, a turn, a shuffle) may have no what.
NAMED_KINDS = {"announce", "slap", "over", "deal", "score"}

GAMES = [
    pytest.param("mean", ["hard", "medium", "easy", "random"], 3, marks=pytest.mark.slow),
    ("mean", ["easy", "random"], 4),
    ("hit-the-deck", ["easy", "easy", "medium", "hard"], 2),
    ("what-the-heck", ["hard", "medium", "easy"], 1),
]


def played(game_id, levels, seed):
    state = registry.get(game_id).new_game(len(levels), seed)
    events = list(state.setup_events)
    Referee(state, make_bots(game_id, levels, seed)).run(on_events=events.extend)
    return state, events


@pytest.mark.parametrize(("game_id", "levels", "seed"), GAMES)
def test_every_announcement_says_what_and_who_and_never_seat_numbers(game_id, levels, seed):
    state, events = played(game_id, levels, seed)
    seen = set()
    for event in events:
        if event.kind in NAMED_KINDS:
            assert WHAT.match(event.what), f"{event} has no what"
            seen.add(event.what)
        assert not re.search(r"\b[Ss]eat \d", event.text), event.text
        for number in PLAYER.findall(event.text):
            assert int(number) in event.seats, f"{event.text!r} names a seat not in {event.seats}"
        assert all(0 <= seat < state.players for seat in event.seats)
    assert "match-over" in seen
    names = [f"Player {chr(65 + seat)}" for seat in range(state.players)]
    for event in events:
        assert "{P" not in words(event, names)


@pytest.mark.parametrize(("game_id", "levels", "seed"), GAMES)
def test_the_match_end_is_the_last_event_and_carries_the_result(game_id, levels, seed):
    state, events = played(game_id, levels, seed)
    last = events[-1]
    assert last.kind == "over" and last.what == "match-over"
    assert last.data == state.result.to_dict()
    assert last.seats == tuple(state.result.winners)
    assert [e for e in events if e.what == "match-over"] == [last]


def test_a_hit_the_deck_hand_end_says_whether_the_match_is_over():
    state, events = played("hit-the-deck", ["easy", "easy", "medium", "hard"], 2)
    hands = [e for e in events if e.what == "hand-over"]
    assert len(hands) == state.result.detail["hands"]
    assert [e.data["match_over"] for e in hands] == [False] * (len(hands) - 1) + [True]
    assert hands[-1].data["scores"] == state.result.scores


def test_mean_names_its_moments():
    seen = set()
    for seed in range(12):
        _state, events = played("mean", ["easy", "random", "medium"], seed)
        seen |= {e.what for e in events}
    # The moments the MEAN! table animates, each by its own name.
    assert {"mean", "mean-resolved", "clear", "direction", "wild", "punished", "win"} <= seen
    assert {"restart", "answer", "punish"} <= seen  # turn events that start something
