"""Hit the Deck's slap round ("Hit the Deck with a Hand") and fake-outs: hits in arrival
order, the announce deadline, the close, and who draws. No clock: each test says when the
announce time and the round's time run out, as the referee would."""

from __future__ import annotations

import pytest
from hit_the_deck_tables import GAME, codes, set_hand, stacked, table

from cardtable.engine import IllegalAction, MatchRecord, Rng
from cardtable.games import registry
from cardtable.games.hit_the_deck.rules import cut_point
from cardtable.games.hit_the_deck.vocabulary import ANNOUNCE_SECONDS, SLAP_SECONDS

QUIET = "G1 G2 G4 G5 Y1 Y2 Y4"  # nothing here fits a red or blue 3


def slap_table(players: int = 4):
    """Seat 1 (first to play) holds a Hit the Deck with a Hand card and plays it."""
    hands = [""] * players
    hands[1] = "HIT-HAND R1"
    state = table(hands, discard="R3")
    state.apply(1, "play HIT-HAND")
    return state


def hits(state, *seats: int) -> list:
    events = []
    for seat in seats:
        events += state.apply(seat, "hit")
    return events


def drawn(state, before: list[int]) -> list[int]:
    return [len(hand) - n for hand, n in zip(state.hands, before, strict=True)]


def sizes(state) -> list[int]:
    return [len(hand) for hand in state.hands]


def closing(events) -> dict:
    return next(e.data for e in events if e.kind == "slap" and e.data["stage"] == "close")


def test_a_hand_card_opens_a_slap_round_for_every_player():
    state = slap_table()
    window = state.window
    assert window is not None and window.kind == "slap"
    assert window.seconds == SLAP_SECONDS
    assert window.seats == (0, 1, 2, 3)
    assert window.deadlines == (("announce", ANNOUNCE_SECONDS),)
    assert state.to_act == (0, 1, 2, 3)
    assert all(codes(state, seat) == ["hit"] for seat in range(4))
    slap = state.observation(2)["slap"]
    assert slap["open"] and slap["card_player"] == 1 and slap["hits"] == []


def test_hits_count_in_arrival_order_never_seat_number():
    state = slap_table()
    before = sizes(state)
    hits(state, 3, 1, 2)
    assert state.observation(0)["slap"]["hits"] == [3, 1, 2]
    assert state.to_act == (0,)
    events = hits(state, 0)
    assert closing(events)["order"] == [3, 1, 2, 0]
    assert drawn(state, before) == [4, 0, 0, 0]


def test_a_higher_seat_that_arrives_first_beats_a_lower_seat():
    state = slap_table()
    before = sizes(state)
    events = hits(state, 1, 3, 2, 0)
    assert closing(events)["draws"] == [0]
    state = slap_table()
    events = hits(state, 1, 0, 2, 3)
    assert closing(events)["draws"] == [3]
    assert drawn(state, before) == [0, 0, 0, 4]


def test_the_last_to_hit_draws_four_and_play_goes_on_after_the_card_player():
    state = slap_table()
    before = sizes(state)
    events = hits(state, 1, 0, 3, 2)
    assert state.window is None  # everybody hit: the round closes itself
    assert closing(events)["draws"] == [2]
    assert drawn(state, before) == [0, 0, 4, 0]
    assert state.to_act == (2,)
    assert [e.text for e in events if e.kind == "announce"] == ["HIT THE DECK WITH A HAND!"]


def test_the_card_player_who_misses_the_announce_draws_four_and_nobody_else_does():
    state = slap_table()
    before = sizes(state)
    hits(state, 0, 2)
    state.time_up("announce")
    assert state.window.deadlines == ()
    hits(state, 1)  # too late to count as the call
    events = state.close_window()
    assert closing(events)["draws"] == [1] and not closing(events)["announced"]
    assert drawn(state, before) == [0, 4, 0, 0]
    assert state.to_act == (2,)


def test_the_card_player_who_never_hits_draws_four_instead():
    state = slap_table()
    before = sizes(state)
    hits(state, 0, 2, 3)
    events = state.close_window()
    assert closing(events)["draws"] == [1]
    assert drawn(state, before) == [0, 4, 0, 0]


def test_the_announce_deadline_is_gone_once_the_card_player_has_hit():
    state = slap_table()
    hits(state, 1)
    assert state.window.deadlines == ()
    with pytest.raises(IllegalAction):
        state.time_up("announce")


def test_players_who_never_hit_each_draw_four():
    state = slap_table()
    before = sizes(state)
    hits(state, 1, 2)
    events = state.close_window()
    assert closing(events)["draws"] == [0, 3]
    assert drawn(state, before) == [4, 0, 0, 4]


def test_a_second_hit_in_one_round_is_refused_and_nothing_else_can_be_played():
    state = slap_table()
    hits(state, 2)
    with pytest.raises(IllegalAction) as refusal:
        state.apply(2, "hit")
    assert refusal.value.reason == "You have hit the deck already in this round."
    with pytest.raises(IllegalAction) as refusal:
        state.apply(1, "play R1")
    assert "no card can be played" in refusal.value.reason
    assert state.observation(0)["slap"]["hits"] == [2]


def test_a_fake_out_draws_two_and_keeps_the_turn_order():
    state = table(["", "R1 G1", "", ""], discard="R3")
    before = sizes(state)
    assert codes(state, 3) == ["hit"]  # anyone may slap the deck at any moment
    events = state.apply(3, "hit")
    assert [e.data["stage"] for e in events if e.kind == "slap"] == ["fake-out"]
    assert drawn(state, before) == [0, 0, 0, 2]
    assert state.to_act == (1,)
    state.apply(1, "hit")  # the player to act can be faked out too, and still plays
    assert state.to_act == (1,)
    assert drawn(state, before) == [0, 2, 0, 2]


def test_a_fake_out_while_holding_a_drawn_card_keeps_that_card_playable():
    state = table(["", QUIET, "", ""], discard="R3", draw="R5")
    state.apply(1, "draw")
    state.apply(1, "hit")
    assert codes(state, 1) == ["play R5", "hit"]


def test_a_fake_out_can_be_fooled_by_a_hit_card_that_is_not_a_hand():
    state = table(["", "HIT-2", "", ""], discard="R3")
    state.apply(1, "play HIT-2")
    assert state.observation(3)["landed"] == {"card": "HIT-2", "seat": 1}
    before = sizes(state)
    state.apply(3, "hit")
    assert drawn(state, before) == [0, 0, 0, 2]
    assert state.to_act == (2,)


def test_a_hand_card_exposed_by_a_cut_counts_as_played_by_the_cutter():
    lifted = cut_point(Rng(4), 110 - 4 * 7 - 1)
    state = table(["", "B-CUT", "", ""], discard="B1", seed=4, at={lifted: "HIT-HAND"})
    state.apply(1, "play B-CUT")
    assert state.observation(0)["slap"]["card_player"] == 2
    before = sizes(state)
    hits(state, 0, 3, 1)
    state.time_up("announce")
    events = state.close_window()
    assert closing(events)["draws"] == [2]
    assert drawn(state, before) == [0, 0, 4, 0]
    assert state.to_act == (3,)  # play goes on from the cutter


def test_a_hand_card_exposed_by_a_flip_counts_as_played_by_the_flipper():
    state = table(["", "B-FLIP", "", ""], discard="B1", bottom="HIT-HAND")
    state.apply(1, "play B-FLIP")
    assert state.observation(0)["slap"]["card_player"] == 2
    before = sizes(state)
    events = hits(state, 2, 0, 3, 1)
    assert closing(events)["draws"] == [1]
    assert drawn(state, before) == [0, 4, 0, 0]
    assert state.to_act == (1,)  # direction reversed: the Flip player plays again


def test_going_out_on_a_hand_card_still_runs_the_slap_round_and_its_cards_count():
    state = table(["", "", ""], discard="R3")
    set_hand(state, 1, "HIT-HAND")
    state.apply(1, "play HIT-HAND")
    assert state.window is not None and state.hand_number == 1
    hits(state, 0, 2)
    events = state.close_window()
    assert closing(events)["draws"] == [1]  # never called it: four cards, and they count
    assert state.hand_number == 2
    assert state.hand_scores[0][1] > 0


def test_generation_and_round_id_let_a_table_drop_a_stale_scheduled_hit():
    state = slap_table()
    opened = state.observation(0)
    round_id = opened["slap"]["round"]
    hits(state, 2)
    after_hit = state.observation(0)
    assert after_hit["generation"] > opened["generation"]
    assert after_hit["slap"]["round"] == round_id  # still the same round: a bot may hit
    hits(state, 1, 0, 3)
    assert state.observation(0)["slap"] == {"open": False, "round": round_id}


def test_a_replay_passes_the_announce_deadline_where_it_passed():
    deck = stacked(["", "HIT-HAND R1", "", ""], discard="R3")
    state = GAME.new_game(4, seed=0, deck=deck)
    state.apply(1, "play HIT-HAND")
    hits(state, 0)
    state.time_up("announce")
    hits(state, 2, 1)
    state.close_window()
    assert state.history == [
        (1, "play HIT-HAND"),
        (0, "hit"),
        (-1, "announce"),
        (2, "hit"),
        (1, "hit"),
        (-1, "close"),
    ]
    record = MatchRecord(
        game_id="hit-the-deck",
        players=4,
        seed=0,
        options=dict(state.options),
        actions=list(state.history),
        deck=deck,
    )
    replayed = registry.replay(MatchRecord.from_json(record.to_json()))
    assert replayed.history == state.history
    assert replayed.hands == state.hands
    assert replayed.hand_scores == state.hand_scores


def test_the_game_is_registered_with_its_slap_constants():
    assert GAME.id == "hit-the-deck" and (GAME.min_players, GAME.max_players) == (2, 6)
    assert ANNOUNCE_SECONDS < SLAP_SECONDS


def test_any_card_may_follow_a_hand_card_cut_and_flip_of_any_colour_too():
    # Sheet: "Play continues with the player after the player who said 'HIT THE DECK WITH
    # A HAND!' Any card in their hand may be played."
    hands = ["", "HIT-HAND R1", "B-CUT G-FLIP Y4", ""]
    state = table(hands, discard="R3")
    state.apply(1, "play HIT-HAND")
    hits(state, 1, 0, 3, 2)
    assert state.to_act == (2,)
    assert {"play B-CUT", "play G-FLIP", "play Y4"} <= set(codes(state, 2))
    state.apply(2, "play B-CUT")
    assert "B-CUT" in state.discard_pile and "B-CUT" not in state.hands[2]


@pytest.mark.parametrize("step", [["announce"], {"announce": 1}, None, 2.0])
def test_a_deadline_that_is_not_a_name_is_refused_and_changes_nothing(step):
    state = slap_table()
    before = (state.observation(0), list(state.history))
    with pytest.raises(IllegalAction, match="No timed step"):
        state.time_up(step)
    assert (state.observation(0), list(state.history)) == before
