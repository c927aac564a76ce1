"""Undo of a player's own last move: the record replayed without it gives back exactly
the state before the move (every seat's observation and legal moves), and undo is refused
when a hidden card was shown to that player since, or a timed window came."""

from __future__ import annotations

import pytest

from cardtable.engine import MatchRecord
from cardtable.games import registry
from cardtable.play import Referee, make_bots
from cardtable.play.undo import state_at, step, undo_last


def played(game_id: str, seed: int, players: int = 3) -> MatchRecord:
    seats = ["random"] * players
    state = registry.get(game_id).new_game(players, seed)
    referee = Referee(state, make_bots(game_id, seats, seed), seat_kinds=seats)
    referee.run()
    return referee.record()


def snapshot(state, players: int):
    return [
        (state.observation(seat), sorted(a.code for a in state.legal_actions(seat)))
        for seat in range(players)
    ]


def cut(record: MatchRecord, count: int) -> MatchRecord:
    return MatchRecord(
        record.game_id, record.players, record.seed, dict(record.options), list(record.seats),
        list(record.actions[:count]), record.deck,
    )  # fmt: skip


@pytest.mark.parametrize("game_id", ["what-the-heck", "mean", "hit-the-deck"])
def test_an_allowed_undo_gives_back_exactly_the_state_before_the_move(game_id):
    record = played(game_id, seed=7)
    # Play the record live, keeping every seat's view before each of seat 0's moves.
    state = registry.new_from_record(record)
    before: dict[int, list] = {}
    for index, (seat, code) in enumerate(record.actions):
        if seat == 0:
            before[index] = snapshot(state, record.players)
        step(state, seat, code)
    allowed = refused = 0
    mine = sorted(before)[:25]  # the first moves: each check replays the record
    for number, index in enumerate(mine):
        ends = {index + 1, mine[number + 1] if number + 1 < len(mine) else index + 1}
        for end in sorted(ends):
            outcome = undo_last(cut(record, end), 0)
            if outcome.actions is None:
                refused += 1
                assert outcome.reason.endswith("no undo.")
                continue
            allowed += 1
            assert list(outcome.actions) == record.actions[:index]
            assert outcome.undone == end - index
            assert snapshot(state_at(record, index), record.players) == before[index]
    assert allowed > 0 and refused > 0


def test_what_the_heck_bids_shown_together_block_undo():
    record = played("what-the-heck", seed=3)
    state = registry.new_from_record(record)
    for count, (seat, code) in enumerate(record.actions, start=1):  # noqa: B007 (read after the break)
        events = step(state, seat, code)
        if any(event.kind == "reveal" or event.what == "reveal" for event in events):
            break
    else:
        pytest.fail("no reveal")
    last_of_mine = max(i for i, (seat, _c) in enumerate(record.actions[:count]) if seat == 0)
    # Seat 0's bid alone, before the others bid: it may be taken back.
    alone = undo_last(cut(record, last_of_mine + 1), 0)
    assert alone.actions == tuple(record.actions[:last_of_mine])
    # Once every bid is shown, the bids of the others were seen: no undo.
    shown = undo_last(cut(record, count), 0)
    assert shown.actions is None
    assert shown.reason == "Since your move a hidden card has been shown: no undo."


def test_a_drawn_card_seen_blocks_undo_of_the_draw():
    record = played("hit-the-deck", seed=2)
    draws = [i for i, (seat, code) in enumerate(record.actions) if seat == 0 and code == "draw"]
    assert draws, "seat 0 never drew"
    outcome = undo_last(cut(record, draws[0] + 1), 0)
    assert outcome.actions is None
    assert "hidden card" in outcome.reason


def test_a_timed_window_since_the_move_blocks_undo():
    for seed in range(1, 30):
        record = played("hit-the-deck", seed=seed)
        state = registry.new_from_record(record)
        moved = False
        for count, (seat, code) in enumerate(record.actions, start=1):  # noqa: B007 (read after the break)
            step(state, seat, code)
            moved = seat == 0 and state.window is not None
            if moved:
                break  # seat 0's own move opened a slap round (a Hand card)
        if moved:
            break
    else:
        pytest.fail("no window after a move of seat 0")
    outcome = undo_last(cut(record, count), 0)
    assert outcome.actions is None
    assert outcome.reason == "A timed moment has passed since your move: no undo."


def test_no_move_yet_means_nothing_to_undo():
    record = played("mean", seed=1)
    outcome = undo_last(cut(record, 0), 0)
    assert outcome.actions is None and outcome.reason == "You have made no move to take back."
