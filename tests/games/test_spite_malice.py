"""Spite & Malice: one test per rule of the sheet (seeds/003), of RULINGS.md and of the
rules help, each from a stacked deck: the bordered deck top first (the Card Stacks, dealt
one card at a time from the dealer's left, the last card of each turned up), then the
non-bordered deck top first (four cards each, dealt the same way, then the Draw Pile).

The Card Stacks here hold five cards (option ``stack`` 5) so that a test names them all.
"""

from __future__ import annotations

from collections import Counter

import pytest
from refusals import refused
from spite_malice_tables import GAME, STACK0, STACK1, deal

from cardtable.engine import BadOption, IllegalAction, words
from cardtable.games.spite_malice.vocabulary import (
    END,
    UP,
    build_code,
    give_code,
    hand_source,
    parse,
    spite_code,
    store_code,
    store_source,
    wild_code,
)


def codes(state, seat: int) -> list[str]:
    return [a.code for a in state.legal_actions(seat)]


def hand(state, seat: int) -> list[str]:
    return sorted(state.hands[seat])


def piles(state) -> list[list[str]]:
    return [list(p) for p in state.builds if p]


def whats(events) -> list[str]:
    return [e.what for e in events if e.kind == "announce"]


def obs(state, seat: int = 0) -> dict:
    return state.observation(seat)


# -- the cards and the setup -----------------------------------------------------------


def test_110_cards_two_decks_of_1_to_13_four_times_and_six_wild_spite_cards():
    deck = Counter(GAME.full_deck(3))
    assert sum(deck.values()) == 110
    assert all(deck[f"b{v}"] == 4 and deck[str(v)] == 4 for v in range(1, 14))
    assert deck["WS-DUMP"] == deck["WS-BURY"] == deck["WS-MALICE"] == 2


def test_card_stacks_are_dealt_one_at_a_time_from_the_dealers_left_the_last_card_turned_up():
    state = deal([STACK0, STACK1], ["9 9 10 10", "11 11 12 12"], draw="8")
    dealt = [e for e in state.setup_events if e.kind == "move" and e.dst.startswith("stack")]
    assert [e.dst for e in dealt[:4]] == ["stack:1", "stack:0", "stack:1", "stack:0"]
    assert all(e.face == "down" for e in dealt)
    assert obs(state)["up_cards"] == ["b6", "b5"]
    assert obs(state)["stack_counts"] == [4, 4]
    assert state.stacks[0] == ["b9", "b9", "b10", "b10"]


def test_the_draw_pile_is_the_non_bordered_deck_on_top_of_the_rest_of_the_bordered_deck():
    state = deal([STACK0, STACK1], ["9 9 10 10", "11 11 12 12"], draw="8")
    # 10 stack cards, 8 in hand, 1 drawn by the first player.
    assert obs(state)["draw_count"] == 110 - 10 - 8 - 1
    plain_left = 58 - 8 - 1
    assert all(not c.startswith("b") for c in state.draw[-plain_left:])
    assert all(c.startswith("b") for c in state.draw[:-plain_left])


def test_four_cards_each_from_the_dealers_left_then_the_first_player_draws_up_to_five():
    state = deal([STACK0, STACK1], ["9 9 10 10", "11 11 12 12"], draw="8 3")
    dealt = [e.dst for e in state.setup_events if e.kind == "move" and e.dst.startswith("hand")]
    assert dealt[:4] == ["hand:1", "hand:0", "hand:1", "hand:0"]
    assert hand(state, 0) == sorted(["9", "9", "10", "10", "8"])
    assert hand(state, 1) == sorted(["11", "11", "12", "12"])
    drawn = state.setup_events[-1]
    assert (drawn.src, drawn.dst, drawn.cards) == ("draw", "hand:0", ("8",))
    assert drawn.for_seat(1).cards == ("?",), "others never see what is drawn"


def test_the_highest_up_card_goes_first():
    state = deal([STACK0, STACK1], ["9 9 10 10", "11 11 12 12"], draw="8")
    assert state.to_act == (0,)
    first = [e for e in state.setup_events if e.what == "first-player"]
    assert first[0].seats == (0,)
    state = deal(["b9 b9 b10 b10 b4", STACK1], ["9 9 10 10", "11 11 12 12"], draw="8")
    assert state.to_act == (1,)


def test_a_tie_for_the_highest_up_card_goes_to_the_player_closest_to_the_dealers_left():
    stacks = ["b9 b9 b10 b10 b6", "b11 b11 b12 b12 b5", "b9 b9 b10 b10 b6"]
    state = deal(stacks, ["9 9 10 10", "11 11 12 12", "9 10 11 12"], draw="8")
    assert state.to_act == (2,), "seat 2 is closer to the dealer's left than seat 0"
    first = next(e for e in state.setup_events if e.what == "first-player")
    assert "has the highest" not in first.text, "a tie is no one's highest UP card"
    assert "ties for the highest UP card" in first.text


def test_the_card_stacks_are_dealt_as_a_deal_for_the_table_log():
    # The deal's moves onto the Card Stacks say so, so the log never takes them for
    # Malice cards sent to the bottom of a stack.
    state = deal([STACK0, STACK1], ["9 9 10 10", "11 11 12 12"], draw="8")
    onto_stacks = [e for e in state.setup_events if e.kind == "move" and e.dst == "stack:0"]
    assert onto_stacks and all(e.data.get("dealt") for e in onto_stacks)


def test_the_stack_option_sets_the_card_stack_size_within_60_cards_in_all():
    state = GAME.new_game(2, seed=1, options={"stack": 30})
    dealt = Counter(e.dst for e in state.setup_events if e.kind == "move" and e.src == "draw")
    assert dealt["stack:0"] == dealt["stack:1"] == 30
    with pytest.raises(BadOption, match="at most 15"):
        GAME.new_game(4, seed=1, options={"stack": 16})
    with pytest.raises(BadOption):
        GAME.new_game(2, seed=1, options={"stack": 4})


# -- 1s and building -------------------------------------------------------------------


def test_a_1_drawn_is_played_at_once_and_starts_a_build_pile():
    state = deal([STACK0, STACK1], ["9 9 10 10", "11 11 12 12"], draw="1")
    assert piles(state) == [["1"]]
    assert "1" not in state.hands[0]
    ones = [e for e in state.setup_events if e.what == "one-played"]
    assert ones and ones[0].seats == (0,)
    assert "{P0}" in ones[0].text


def test_an_up_card_1_is_played_at_once_on_your_turn_and_the_next_card_turns_up():
    state = deal(["b9 b9 b10 b2 b1", "b11 b11 b12 b12 b5"], ["9 9 10 10", "11 3 12 12"], "8")
    # Seat 1's b5 beats the b1: seat 1 goes first; seat 0's 1 waits for seat 0's turn.
    assert state.to_act == (1,) and piles(state) == []
    events = state.apply(1, store_code("12", 1))
    assert piles(state) == [["b1"]]
    assert obs(state)["up_cards"][0] == "b2"
    assert "one-played" in whats(events)


def test_builds_go_on_in_order_with_no_skipping():
    state = deal([STACK0, STACK1], ["2 3 5 10", "11 11 12 12"], draw="1")
    assert "needs a 2" in refused(state, 0, build_code(hand_source("5"), 1))
    state.apply(0, build_code(hand_source("2"), 1))
    state.apply(0, build_code(hand_source("3"), 1))
    assert obs(state)["needs"][0] == 4


def test_you_build_from_your_hand_your_up_card_and_the_tops_of_your_store_piles():
    state = deal(["b9 b9 b10 b10 b4", STACK1], ["2 3 9 10", "11 11 12 12"], draw="1")
    state.apply(1, store_code("12", 1))  # seat 1 goes first (b5) and stores
    # Seat 0 draws the 1, which plays itself.
    state.apply(0, build_code(hand_source("2"), 1))
    state.apply(0, build_code(hand_source("3"), 1))
    assert build_code(UP, 1) in codes(state, 0)
    state.apply(0, build_code(UP, 1))
    assert piles(state) == [["1", "2", "3", "b4"]]
    state.stores[0][1].append("5")  # as if stored on an earlier turn
    state.apply(0, build_code(store_source(2), 1))
    assert state.builds[0][-1] == "5"


def test_only_the_top_card_of_a_store_pile_can_be_played():
    state = deal([STACK0, STACK1], ["2 9 9 10", "11 11 12 12"], draw="1")
    state.stores[0][0].extend(["3", "12"])
    state.apply(0, build_code(hand_source("2"), 1))
    assert build_code(store_source(1), 1) not in codes(state, 0)
    assert "needs a 3" in refused(state, 0, build_code(store_source(1), 1))


def test_playing_your_up_card_turns_up_the_next_stack_card():
    state = deal(["b9 b9 b10 b3 b2", STACK1], ["9 9 10 10", "11 11 12 12"], draw="1")
    state.apply(1, store_code("12", 1))
    events = state.apply(0, build_code(UP, 1))
    assert obs(state)["up_cards"][0] == "b3"
    turned = [e for e in events if e.kind == "move" and e.dst == "up:0"]
    assert turned[0].cards == ("b3",) and turned[0].face == "up"


def test_go_again_when_all_five_hand_cards_are_built():
    state = deal([STACK0, STACK1], ["2 3 4 5", "11 11 12 12"], draw="1 7 8 9 10 11")
    # The 1 is played at once, so the hand holds 2 3 4 5 and draws no more this turn.
    for card in ("2", "3", "4", "5"):
        events = state.apply(0, build_code(hand_source(card), 1))
    assert "go-again" in whats(events)
    assert hand(state, 0) == sorted(["7", "8", "9", "10", "11"])


def test_a_1_drawn_on_go_again_is_played_at_once_too():
    state = deal([STACK0, STACK1], ["2 3 4 5", "11 11 12 12"], draw="1 1 8 9 10 11")
    for card in ("2", "3", "4", "5"):
        state.apply(0, build_code(hand_source(card), 1))
    assert piles(state)[1] == ["1"]
    assert "1" not in state.hands[0]


# -- storing and ending the turn -------------------------------------------------------


def test_storing_a_hand_card_on_a_store_pile_ends_the_turn():
    state = deal([STACK0, STACK1], ["9 9 10 10", "11 11 12 12"], draw="8")
    events = state.apply(0, store_code("10", 3))
    assert obs(state, 1)["store_piles"][0] == [[], [], ["10"], []]
    assert state.to_act == (1,)
    assert [e.kind for e in events][-2:] == ["turn", "move"]


def test_up_to_four_store_piles_added_to_in_any_order():
    state = deal([STACK0, STACK1], ["9 9 10 10", "11 11 12 12"], draw="8 3 4")
    assert {store_code("10", n) for n in (1, 2, 3, 4)} <= set(codes(state, 0))
    assert "numbered 1 to 4" in refused(state, 0, "store 10 on 5")
    state.apply(0, store_code("10", 4))
    state.apply(1, store_code("12", 1))
    state.apply(0, store_code("9", 4))
    assert state.stores[0][3] == ["10", "9"]


def test_2s_and_wilds_are_never_stored():
    state = deal([STACK0, STACK1], ["2 WS-DUMP 10 10", "11 11 12 12"], draw="8")
    assert "A 2 is never stored" in refused(state, 0, store_code("2", 1))
    assert "A Wild is never stored" in refused(state, 0, store_code("WS-DUMP", 1))


def test_a_hand_of_only_2s_and_wilds_ends_the_turn_without_storing():
    state = deal([STACK0, STACK1], ["2 2 WS-DUMP WS-BURY", "11 11 12 12"], draw="8")
    state.apply(0, store_code("8", 1))
    state.apply(1, store_code("12", 1))  # seat 0 draws a 12
    state.apply(0, store_code(state.hands[0][-1], 2))
    assert END not in codes(state, 1)
    assert "Store a card" in refused(state, 1, END)
    state.hands[0][:] = ["2", "WS-DUMP"]
    state.apply(1, store_code("12", 1))
    state.hands[0][:] = ["2", "WS-DUMP"]  # the draw to five set aside
    events = state.apply(0, END)
    assert "shown" in whats(events)
    assert state.hands[0] == ["2", "WS-DUMP"] and state.to_act == (1,)


def test_a_2_may_not_be_held_while_a_pile_shows_1():
    state = deal([STACK0, STACK1], ["2 9 10 10", "11 11 12 12"], draw="1")
    assert not [c for c in codes(state, 0) if c.startswith("store")]
    reason = refused(state, 0, store_code("9", 1))
    assert "A 2 may not be held while Build Pile 1 shows a 1" in reason
    state.apply(0, build_code(hand_source("2"), 1))
    assert store_code("9", 1) in codes(state, 0)


def test_a_2_that_must_be_played_refuses_end_with_the_reason():
    state = deal([STACK0, STACK1], ["2 2 WS-DUMP WS-BURY", "11 11 12 12"], draw="1 2")
    assert hand(state, 0) == sorted(["2", "2", "WS-DUMP", "WS-BURY"])
    assert "A 2 may not be held" in refused(state, 0, END)


def test_a_2_is_held_when_no_build_pile_shows_1():
    state = deal([STACK0, STACK1], ["2 9 10 10", "11 11 12 12"], draw="8")
    state.apply(0, store_code("9", 1))
    assert "2" in state.hands[0]


def test_youre_stuck_five_cards_you_can_neither_play_nor_store_are_discarded():
    state = deal([STACK0, STACK1], ["2 2 WS-DUMP WS-BURY", "11 11 12 12"], draw="WS-MALICE 9")
    events = state.apply(0, END)
    assert "stuck" in whats(events)
    assert state.hands[0] == [] and len(state.discard) == 5
    state.apply(1, store_code("12", 1))
    assert len(state.hands[0]) == 5, "five new cards at the next turn"


# -- 13 and the Malice card ------------------------------------------------------------


def capped_table():
    state = deal([STACK0, STACK1], ["13 9 10 10", "11 11 12 12"], draw="8")
    state.builds[0].extend(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"])
    return state


def test_a_13_caps_the_pile_which_goes_to_the_discard_pile():
    state = capped_table()
    events = state.apply(0, build_code(hand_source("13"), 1))
    assert piles(state) == [] and len(state.discard) == 13
    assert "capped" in whats(events)


def test_the_capper_gives_the_top_draw_pile_card_unseen_to_the_bottom_of_a_chosen_stack():
    state = capped_table()
    state.apply(0, build_code(hand_source("13"), 1))
    assert codes(state, 0) == [give_code(1)], "to another player of the capper's choice"
    assert "first give its Malice card" in refused(state, 0, store_code("9", 1))
    top = state.draw[-1]
    events = state.apply(0, give_code(1))
    assert state.stacks[1][0] == top and obs(state)["stack_counts"][1] == 5
    given = [e for e in events if e.kind == "move" and e.dst == "stack:1"]
    assert given[0].face == "down" and given[0].for_seat(1).cards == ("?",)
    assert "malice-given" in whats(events)


# -- Wilds -----------------------------------------------------------------------------


def test_a_wild_takes_any_value_but_1_2_7_13_and_is_covered_in_the_same_move():
    state = deal([STACK0, STACK1], ["2 WS-DUMP 4 10", "11 11 12 12"], draw="1")
    state.apply(0, build_code(hand_source("2"), 1))
    assert "any value but 1, 2, 7 and 13" in refused(
        state, 0, wild_code(hand_source("WS-DUMP"), 7, 1, hand_source("4"))
    )
    code = wild_code(hand_source("WS-DUMP"), 3, 1, hand_source("4"))
    assert code in codes(state, 0)
    state.apply(0, code)
    assert piles(state) == [["1", "2", "WS-DUMP", "4"]]


def test_a_wild_must_be_the_value_its_pile_needs_and_its_cover_the_next():
    state = deal([STACK0, STACK1], ["2 WS-DUMP 5 10", "11 11 12 12"], draw="1")
    state.apply(0, build_code(hand_source("2"), 1))
    bad = wild_code(hand_source("WS-DUMP"), 3, 1, hand_source("5"))
    assert "with a 4" in refused(state, 0, bad)
    assert "needs a 3" in refused(
        state, 0, wild_code(hand_source("WS-DUMP"), 4, 1, hand_source("5"))
    )
    assert "Play a Wild with its cover" in refused(state, 0, "wild hand WS-DUMP as 3 on 1")


def test_a_wild_never_lies_on_a_wild():
    state = deal([STACK0, STACK1], ["2 WS-DUMP WS-BURY 10", "11 11 12 12"], draw="1")
    state.apply(0, build_code(hand_source("2"), 1))
    reason = refused(state, 0, wild_code(hand_source("WS-DUMP"), 3, 1, hand_source("WS-BURY")))
    assert "never lies on a Wild" in reason
    assert not [c for c in codes(state, 0) if c.startswith("wild")]


def test_a_wild_is_played_only_with_its_cover_never_as_a_plain_build():
    state = deal([STACK0, STACK1], ["2 WS-DUMP 4 10", "11 11 12 12"], draw="1")
    state.apply(0, build_code(hand_source("2"), 1))
    assert "with its value and cover" in refused(state, 0, build_code(hand_source("WS-DUMP"), 1))


# -- Spite -----------------------------------------------------------------------------


def test_spite_dump_discards_the_targets_whole_hand():
    state = deal([STACK0, STACK1], ["WS-DUMP 9 10 10", "11 11 12 12"], draw="8")
    events = state.apply(0, spite_code("DUMP", 1))
    assert state.hands[1] == []
    assert state.discard[0] == "WS-DUMP"
    assert sorted(state.discard[1:]) == sorted(["11", "11", "12", "12"])
    spite = [e for e in events if e.what == "spite-dump"][0]
    assert spite.seats == (0, 1)
    assert words(spite, ["Ada", "Bo"]) == "Ada plays DUMP at Bo"


def test_spite_bury_sends_the_up_card_under_the_stack_and_turns_up_the_next():
    state = deal([STACK0, STACK1], ["WS-BURY 9 10 10", "11 11 12 12"], draw="8")
    state.apply(0, spite_code("BURY", 1))
    assert state.stacks[1][0] == "b5" and obs(state)["up_cards"][1] == "b12"
    assert obs(state)["stack_counts"][1] == 4


def test_spite_malice_puts_the_top_draw_card_unseen_under_the_targets_stack():
    state = deal([STACK0, STACK1], ["WS-MALICE 9 10 10", "11 11 12 12"], draw="8")
    top = state.draw[-1]
    events = state.apply(0, spite_code("MALICE", 1))
    assert state.stacks[1][0] == top and obs(state)["cards_left"][1] == 6
    assert "spite-malice" in whats(events)


def test_a_spite_card_is_aimed_at_another_player():
    state = deal([STACK0, STACK1], ["WS-MALICE 9 10 10", "11 11 12 12"], draw="8")
    assert "another player" in refused(state, 0, spite_code("MALICE", 0))
    assert "no DUMP card" in refused(state, 0, spite_code("DUMP", 1)).replace("hold no", "no")


def test_spite_out_of_turn_right_after_another_players_card_lands_until_their_next_move():
    state = deal([STACK0, STACK1], ["2 3 9 10", "WS-DUMP 11 12 12"], draw="1")
    # Seat 0's drawn 1 landed on a Build Pile: seat 1 may spite already.
    assert spite_code("DUMP", 0) in codes(state, 1)
    state.apply(0, build_code(hand_source("2"), 1))
    assert state.to_act == (0,) and spite_code("DUMP", 0) in codes(state, 1)
    events = state.apply(1, spite_code("DUMP", 0))
    assert state.hands[0] == [] and state.to_act == (0,)
    assert [e for e in events if e.what == "spite-dump"][0].data["out_of_turn"] is True


def test_no_spite_out_of_turn_before_a_card_lands_or_after_the_builders_next_move():
    state = deal([STACK0, STACK1], ["2 3 9 10", "WS-DUMP 11 12 12"], draw="8")
    assert codes(state, 1) == []
    assert "right after another player's card lands" in refused(state, 1, spite_code("DUMP", 0))
    state.hands[0].append("1")
    state.apply(0, store_code("9", 1))  # the turn passes
    assert codes(state, 1) != [] and state.to_act == (1,)


def test_spite_off_plays_wild_spite_cards_as_wilds_only():
    state = deal([STACK0, STACK1], ["WS-DUMP 9 10 10", "11 11 12 12"], draw="8", spite=False)
    assert not [c for c in codes(state, 0) if c.startswith("spite")]
    assert "Spite is off" in refused(state, 0, spite_code("DUMP", 1))


# -- the Draw Pile, winning, the draw --------------------------------------------------


def test_an_empty_draw_pile_is_refilled_from_the_shuffled_discard_pile():
    state = deal([STACK0, STACK1], ["9 9 10 10", "11 11 12 12"], draw="8")
    state.discard.extend(state.draw[:-2])
    del state.draw[:-2]
    state.apply(0, store_code("9", 1))
    state.apply(1, store_code("11", 1))  # seat 1 drew 2 of the 2 left
    events = state.apply(0, store_code("9", 2))
    assert "refill" in whats(events)
    assert obs(state)["discard_count"] == 0 and obs(state)["draw_count"] > 0


def test_you_win_by_playing_the_last_card_of_your_card_stack():
    state = deal([STACK0, STACK1], ["2 3 4 5", "11 11 12 12"], draw="1")
    state.stacks[0].clear()
    events = state.apply(0, build_code(hand_source("2"), 1))
    events = state.apply(0, build_code(hand_source("3"), 1))
    events = state.apply(0, build_code(hand_source("4"), 1))
    events = state.apply(0, build_code(hand_source("5"), 1))
    events = state.apply(0, build_code(UP, 1))
    assert state.is_over and "win" in whats(events)
    assert state.result.winners == [0]
    assert state.legal_actions(1) == []


def dead_table():
    """Both hands empty, nothing to draw, and no reachable card fits a Build Pile."""
    state = deal([STACK0, STACK1], ["9 9 10 10", "11 11 12 12"], draw="8")
    for seat in (0, 1):
        state.stores[seat][0].extend(state.hands[seat])
        state.hands[seat].clear()
    for card in state.draw + state.discard:
        state.stores[0][1].append(card)
    state.draw.clear()
    state.discard.clear()
    state.stores[0][1].append("b13")
    state.stores[1][1].append("b13")
    return state


def test_a_game_in_which_no_card_can_ever_be_built_again_is_a_draw():
    state = dead_table()
    assert state.no_build_ever()
    events = state.apply(0, END)
    assert "draw-game" in whats(events) and state.is_over
    assert state.result.detail["drawn"] is True
    assert state.result.ranking == [[0, 1]], "ranked by cards left in each Card Stack"


def test_the_draw_never_ends_a_game_that_could_go_on():
    state = dead_table()
    state.stores[1][2].append("2")  # a 2 reachable: a 1 could come, but none is left
    assert state.no_build_ever()
    state.stores[1][2].append("3")
    state.builds[0].extend(["1", "2"])
    assert not state.no_build_ever(), "seat 1 can build its 3 on pile 1"
    state.stores[1][2].pop()
    state.stacks[0][0] = "b3"  # deep in seat 0's stack
    assert state.no_build_ever(), "out of reach without a BURY card"
    state.hands[0].append("WS-BURY")
    assert not state.no_build_ever(), "BURY can turn up a stack card that fits"


# -- what a seat sees, codes -----------------------------------------------------------


def test_a_seat_sees_its_hand_up_cards_store_and_build_piles_never_another_hand_or_stack():
    state = deal([STACK0, STACK1], ["9 9 10 10", "11 11 12 12"], draw="8")
    seen = obs(state, 1)
    assert seen["hand"] == state.hands[1]
    assert seen["zones"]["hand:0"] == {"count": 5}
    assert seen["zones"]["stack:1"] == {"count": 4}
    assert seen["zones"]["up:0"] == {"cards": ["b6"]}
    assert "build:8" in seen["zones"] and "store:0:4" in seen["zones"]


def test_malformed_codes_are_refused_with_a_sentence():
    state = deal([STACK0, STACK1], ["9 9 10 10", "11 11 12 12"], draw="8")
    for code in ("", "build", "build hand 9", "build up on 9", "store 9", "spite ZAP at 1"):
        assert refused(state, 0, code).endswith(".")
    with pytest.raises(IllegalAction):
        parse("wild up as x on 1 then hand 4")
    assert parse(build_code(store_source(2), 3)).source.pile == 2


def test_the_zones_hold_the_piles_the_state_holds_now_even_one_it_replaced():
    # zones() hands out the zones it made for a state again while the state holds the same
    # piles: a replaced pile, or a copy's own piles, make new zones.
    state = GAME.new_game(players=2, seed="zones")
    assert state.zones()["draw"].cards is state.draw
    handed = state.zones()
    handed.pop("draw")
    assert "draw" in state.zones()
    state.draw = list(state.draw)
    state.stores[1][2] = ["b9"]
    assert state.zones()["draw"].cards is state.draw
    assert state.zones()["store:1:3"].cards == ["b9"]
    twin = state.copy()
    assert twin.zones()["hand:0"].cards is twin.hands[0] is not state.hands[0]
    assert state.zones()["hand:0"].cards is state.hands[0]


def test_the_draw_check_agrees_with_every_seats_whole_reach_all_through_random_games():
    """``no_build_ever`` first looks at what each seat holds now (within its reach): the
    answer must be the one the whole reach gives, at every step of seeded random games."""
    from cardtable.engine import Rng
    from cardtable.games.spite_malice.vocabulary import NO_WILD_VALUES, card_value

    def from_reach(state) -> bool:
        needs = {state.need(pile) for pile in range(1, len(state.builds) + 1)}
        for cards in state.reach():
            values = {card_value(card) for card in cards}
            if values & needs:
                return False
            if None in values and any(
                need + 1 in values for need in needs if need not in NO_WILD_VALUES
            ):
                return False
        return True

    answers = Counter()
    for seed in range(6):
        state = GAME.new_game(2 + seed % 4, f"reach/{seed}", {"stack": 5})
        rng = Rng(f"reach/{seed}")
        for _ in range(400):
            if state.is_over:
                break
            answers[state.no_build_ever()] += 1
            assert state.no_build_ever() == from_reach(state)
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert answers[False] > 100
    assert dead_table().no_build_ever() and from_reach(dead_table())


def test_the_rules_help_says_go_again_as_the_project_reads_it():
    # RULINGS.md: a hand emptied by building, Spite cards played from it counting.
    from cardtable.games import registry

    help_text = " ".join(registry.get("spite-malice").rules_help.split())
    assert "Go Again happens whenever your hand is emptied by building" in help_text
    assert "Spite cards played from that hand during the turn count as played" in help_text
