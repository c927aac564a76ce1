"""The engine kernel: seeded randomness, results, options, events, records, refusals."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from cardtable.engine import (
    HIDDEN,
    BadOption,
    BadRecord,
    IllegalAction,
    MatchRecord,
    Option,
    Result,
    Rng,
    Row,
    move,
)
from cardtable.games import registry


def test_the_same_seed_gives_the_same_shuffle_and_another_seed_another():
    decks = []
    for seed in (5, 5, 6):
        deck = list(range(30))
        Rng(seed).shuffle(deck)
        decks.append(deck)
    assert decks[0] == decks[1]
    assert decks[0] != decks[2]


def test_spawned_generators_depend_only_on_seed_and_label():
    assert Rng(1).spawn("a").random() == Rng(1).spawn("a").random()
    assert Rng(1).spawn("a").random() != Rng(1).spawn("b").random()


def test_ranking_puts_equal_scores_in_one_place():
    assert Result.from_scores([3, 7, 7, -1]).ranking == [[1, 2], [0], [3]]
    assert Result.from_scores([30, 12, 50], higher_is_better=False).ranking == [[1], [0], [2]]
    assert Result.from_scores([3, 7, 7]).winners == [1, 2]


def test_a_shared_first_place_shares_the_win():
    shared = Result.from_scores([3, 7, 7, -1])
    assert [shared.win_share(seat) for seat in range(4)] == [0.0, 0.5, 0.5, 0.0]
    alone = Result.from_scores([30, 12, 50], higher_is_better=False)
    assert [alone.win_share(seat) for seat in range(3)] == [0.0, 1.0, 0.0]


def test_options_parse_text_and_refuse_bad_values_with_the_allowed_ones():
    target = Option("target", 100, "points that end the match", minimum=10)
    assert target.parse("150") == 150
    with pytest.raises(BadOption, match="whole number"):
        target.parse("lots")
    with pytest.raises(BadOption, match="at least 10"):
        target.parse("3")
    switch = Option("play_on", False, "play on")
    assert switch.parse("on") is True
    with pytest.raises(BadOption, match="on or off"):
        switch.parse("maybe")


def test_an_unknown_option_names_the_options_the_game_has():
    with pytest.raises(BadOption, match="has no option 'colour'"):
        registry.get("what-the-heck").new_game(2, options={"colour": "red"})


def test_a_face_down_move_hides_the_card_from_everyone_but_its_owner():
    event = move("12", "hand:1", "bid:1", face=1)
    assert event.for_seat(1).cards == ("12",)
    assert event.for_seat(0).cards == (HIDDEN,)
    assert event.for_seat(None).cards == (HIDDEN,)
    assert move("7", "points", "center").for_seat(0).cards == ("7",)


def test_a_match_record_saves_and_replays_to_the_identical_state():
    game = registry.get("what-the-heck")
    state = game.new_game(3, seed=11)
    rng = Rng(3)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    record = MatchRecord("what-the-heck", 3, 11, {}, ["a", "b", "c"], list(state.history))
    replayed = registry.replay(MatchRecord.from_json(record.to_json()))
    assert replayed.result == state.result
    assert replayed.observation(1) == state.observation(1)


def test_a_damaged_record_says_what_is_wrong():
    with pytest.raises(BadRecord, match="broken JSON"):
        MatchRecord.from_json("{not json")
    with pytest.raises(BadRecord, match="version"):
        MatchRecord.from_json('{"version": 99}')


def test_a_move_out_of_turn_is_refused_and_says_whose_turn_it_is():
    state = registry.get("what-the-heck").new_game(2, seed=1)
    state.apply(0, "bid 3")
    before = state.observation(1)
    with pytest.raises(IllegalAction) as refused:
        state.apply(5, "bid 3")
    assert "no seat 5" in refused.value.reason
    assert state.observation(1) == before


def test_a_finished_game_refuses_every_move():
    state = registry.get("what-the-heck").new_game(2, seed=1)
    for card in range(1, 16):
        state.apply(0, f"bid {card}")
        state.apply(1, f"bid {16 - card}")
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, "bid 1")


def test_registry_names_the_known_games_for_an_unknown_id():
    with pytest.raises(KeyError, match="what-the-heck"):
        registry.get("chess")


def test_a_row_refuses_every_change_and_is_written_copied_and_pickled_as_its_dict():
    row = Row(game=1, end="pattern-b", coins=(31, 22, 22))
    for change in (
        lambda: row.__setitem__("game", 2),
        lambda: row.__delitem__("game"),
        lambda: row.update(game=2),
        lambda: row.pop("game"),
        lambda: row.popitem(),
        lambda: row.clear(),
        lambda: row.setdefault("seat", 0),
    ):
        with pytest.raises(TypeError):
            change()
    with pytest.raises(TypeError):
        row |= {"game": 2}
    assert row == {"game": 1, "end": "pattern-b", "coins": (31, 22, 22)}
    assert json.dumps(row) == '{"game": 1, "end": "pattern-b", "coins": [31, 22, 22]}'
    assert copy.copy(row) is row and copy.deepcopy(row) is row
    again = pickle.loads(pickle.dumps(row))
    assert type(again) is Row and again == row


def test_a_copy_late_in_a_match_keeps_its_own_history_and_reads_it_as_a_list():
    # Hit the Deck with a target no one reaches: the match goes on for hundreds of moves,
    # more than a history keeps apart from what its copies share.
    state = registry.get("hit-the-deck").new_game(3, seed=4)
    state.target = 100_000
    rng = Rng("history")
    while len(state.history) < 300:
        seat = state.to_act[0]
        legal = [action for action in state.legal_actions(seat) if action.code != "hit"]
        state.apply(seat, rng.choice(legal) if legal else "hit")
    moves = list(state.history)
    twin = state.copy()
    seat = twin.to_act[0]
    move_code = twin.legal_actions(seat)[0].code
    twin.apply(seat, move_code)
    assert state.history == moves and len(state.history) == 300
    assert twin.history == [*moves, (seat, move_code)]
    assert twin.history[-1] == (seat, move_code) and twin.history[-2:] == twin.history[299:]
    assert twin.history[:300] == moves and twin.history[5] == moves[5]
    assert pickle.loads(pickle.dumps(twin)).history == twin.history
    assert copy.deepcopy(state).history == moves
