"""Copy Cat: one test per rule of the sheet (seeds/002), its FAQ and RULINGS.md, each from
a stacked deck in card codes: the deal (one card at a time from the starting player's
left), then the draw pile, top first."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine import BadOption, IllegalAction, Rng
from cardtable.games import registry
from cardtable.games.copycat.coins import deck_out_payments, meow_payments, set_bonuses
from cardtable.games.copycat.tables import moves_showing, sets_of
from cardtable.games.copycat.vocabulary import (
    Move,
    copy_code,
    draw_code,
    hand_total,
    meow_code,
    one_deck,
    parse,
    play_code,
)

GAME = registry.get("copycat")


def deal(hands: list[str], draw: str = "", options: dict | None = None):
    """A game whose seat N holds ``hands[N]`` and whose draw pile starts with ``draw``
    (top first); every other card follows in the draw pile. Seat 0 starts."""
    players = len(hands)
    rest = one_deck()
    named = [card for part in (*hands, draw) for card in part.split()]
    for card in named:
        rest.remove(card)
    size = 6 if players == 2 else 5
    dealt = [hand.split() for hand in hands]
    for hand in dealt:
        assert len(hand) == size, "name every card of every hand"
    deck = [dealt[step % players][r] for r in range(size) for step in range(1, players + 1)]
    return GAME.new_game(players, seed=0, options=options, deck=deck + draw.split() + rest)


def act(state, *moves: tuple[int, str]):
    events = []
    for seat, code in moves:
        events += state.apply(seat, code)
    return events


def refused(state, seat: int, code: str) -> str:
    """The reason ``code`` is refused; asserts that nothing changed."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        state.apply(seat, code)
    assert snapshot(state) == before
    assert error.value.reason
    return error.value.reason


def snapshot(state):
    return json.dumps([state.observation(s) for s in range(state.players)], sort_keys=True)


def hand(state, seat: int) -> list[str]:
    return state.observation(seat)["hand"]


def coins(state) -> list[int]:
    return state.observation(0)["coins"]


def pays(events) -> list[tuple[int, int, int]]:
    return [
        (e.data["payer"], e.data["payee"], e.data["amount"])
        for e in events
        if e.kind == "announce" and e.what == "pay"
    ]


def whats(events) -> list[str]:
    return [e.what for e in events if e.kind == "announce"]


def finish_game(state) -> None:
    """Play the game in progress to its end with the first legal move of each turn."""
    game = state.observation(0)["game"]
    while not state.is_over and state.observation(0)["game"] == game:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])


FOUR = ["8 8 2 5 6", "3 4 4 7 7", "1 1 2 6 6", "5 5 3 2 7"]


# -- setup -------------------------------------------------------------------------------


def test_the_deck_has_1_to_8_four_times_and_the_four_special_cards():
    deck = one_deck()
    assert len(deck) == 36
    for number in range(1, 9):
        assert deck.count(str(number)) == 4
    assert sorted(c for c in deck if "/" in c) == ["1/8", "2/7", "3/6", "4/5"]


def test_each_player_is_dealt_five_cards_and_six_with_two_players():
    for players in (2, 3, 4, 5):
        state = GAME.new_game(players, seed=players)
        counts = state.observation(0)["hand_counts"]
        assert counts == [6 if players == 2 else 5] * players
        assert state.observation(0)["deck_count"] == 36 - sum(counts)


def test_the_deal_goes_one_card_at_a_time_from_the_starting_players_left():
    deck = one_deck()  # 1 1 1 1 2 2 2 2 ...: seat 1 gets the first card, seat 0 the third
    state = GAME.new_game(3, seed=0, deck=deck)
    assert hand(state, 1) == [deck[i] for i in range(0, 15, 3)]
    assert hand(state, 2) == [deck[i] for i in range(1, 15, 3)]
    assert hand(state, 0) == [deck[i] for i in range(2, 15, 3)]


def test_everyone_starts_with_25_coins():
    assert coins(GAME.new_game(5, seed=1)) == [25] * 5


def test_the_first_seat_starts_the_first_game_by_playing():
    state = deal(FOUR)
    assert state.to_act == (0,)
    assert "draw" not in [a.code for a in state.legal_actions(0)]
    assert "start" in refused(state, 0, "draw")


def test_two_to_five_players():
    assert (GAME.min_players, GAME.max_players) == (2, 5)
    with pytest.raises(BadOption, match="2 to 5 players"):
        GAME.new_game(6, seed=0)


# -- the original play -----------------------------------------------------------------


def test_the_original_player_plays_one_or_more_cards_of_one_number():
    state = deal(FOUR)
    events = act(state, (0, "play 8 8"))
    field = state.observation(1)["field"]
    assert field == {
        "original": 0,
        "number": 8,
        "plays": [{"seat": 0, "cards": ["8", "8"], "copy": False}],
    }
    assert hand(state, 0) == ["2", "5", "6"]
    assert [(e.src, e.dst, e.cards) for e in events if e.kind == "move"] == [
        ("hand:0", "field", ("8", "8"))
    ]
    assert state.to_act == (1,)


def test_cards_of_different_numbers_cannot_be_played_together():
    state = deal(FOUR)
    assert "same number" in refused(state, 0, "play 5 6")


def test_a_card_you_do_not_hold_is_refused():
    state = deal(FOUR)
    assert "no 3" in refused(state, 0, "play 3")
    assert "only 2" in refused(state, 0, "play 8 8 8")


def test_a_special_card_is_played_as_either_of_its_numbers():
    for number in (3, 6):
        state = deal(["3/6 1 2 2 5", "3 4 4 7 7", "1 1 2 6 6", "5 5 3 2 7"])
        act(state, (0, f"play 3/6 as {number}"))
        assert state.observation(1)["field"]["number"] == number
    state = deal(["3/6 1 2 2 5", "3 4 4 7 7", "1 1 2 6 6", "5 5 3 2 7"])
    assert "3 and 6, not 4" in refused(state, 0, "play 3/6 as 4")


def test_a_special_card_always_names_its_number():
    state = deal(["3/6 1 2 2 5", "3 4 4 7 7", "1 1 2 6 6", "5 5 3 2 7"])
    assert "play 3/6 as 3" in refused(state, 0, "play 3/6")
    assert "Only a special card" in refused(state, 0, "play 2 2 as 2")


def test_numbered_cards_come_first_then_special_cards():
    state = deal(["8 8 1/8 2 5", "3 4 4 7 7", "1 1 2 6 6", "5 5 3 2 7"])
    assert "play 8 8 1/8 as 8" in [a.code for a in state.legal_actions(0)]
    assert "Say it like this: 'play 8 8 1/8 as 8'" in refused(state, 0, "play 1/8 8 8 as 8")


# -- A: copy ---------------------------------------------------------------------------


def test_a_copy_pays_the_copier_one_coin_per_card_from_the_original_player():
    state = deal(["7 8 2 5 6", "3 4 4 7 7", "1 1 2 6 6", "5 5 3 2 7"])
    events = act(state, (0, "play 7"), (1, "copy 7 7"))
    assert pays(events) == [(0, 1, 2)]
    assert coins(state) == [23, 27, 25, 25]
    announced = [e for e in events if e.what == "copy"][0]
    assert announced.seats == (1, 0) and announced.text == "{P1} copies {P0} with 2 Sevens."


def test_a_copy_need_not_be_as_many_cards_as_the_original_play():
    state = deal(["8 8 2 5 6", "3 4 4 7 8", "1 1 2 6 6", "5 5 3 2 7"])
    act(state, (0, "play 8 8"), (1, "copy 8"))
    assert coins(state) == [24, 26, 25, 25]
    plays = state.observation(2)["field"]["plays"]
    assert plays[1] == {"seat": 1, "cards": ["8"], "copy": True}


def test_a_copy_must_show_the_original_number():
    state = deal(["7 8 2 5 6", "3 4 4 7 7", "1 1 2 6 6", "5 5 3 2 7"])
    act(state, (0, "play 7"))
    assert "Sevens" in refused(state, 1, "copy 4 4")
    assert "draw" in refused(state, 1, "play 4 4")


def test_a_special_card_copies_as_the_number_it_shows():
    state = deal(["7 8 2 5 6", "3 4 4 2/7 1", "1 1 2 6 6", "5 5 3 2 8"])
    events = act(state, (0, "play 7"), (1, "copy 2/7 as 7"))
    assert pays(events) == [(0, 1, 1)]


def test_the_next_player_may_copy_too_and_the_original_player_pays_every_copy():
    state = deal(["7 8 2 5 6", "3 4 4 7 1", "1 1 2 7 6", "5 5 3 2 7"])
    act(state, (0, "play 7"), (1, "copy 7"), (2, "copy 7"))
    assert coins(state) == [23, 26, 26, 25]
    assert state.to_act == (3,)


def test_copied_by_everyone_the_original_player_discards_the_field_draws_and_plays_afresh():
    state = deal(["7 8 2 5 6", "3 4 4 7 1", "1 1 2 7 6", "5 5 3 2 7"], draw="4")
    act(state, (0, "play 7"), (1, "copy 7"), (2, "copy 7"), (3, "copy 7"))
    assert state.to_act == (0,)
    assert [a.code for a in state.legal_actions(0)] == ["draw"]
    assert "draw" in refused(state, 0, "copy 7")
    events = act(state, (0, "draw"))
    assert "all-copied" in whats(events)
    assert state.observation(0)["zones"]["discard"]["cards"] == ["7", "7", "7", "7"]
    assert hand(state, 0) == ["8", "2", "5", "6", "4"]
    assert state.to_act == (0,) and state.observation(0)["phase"] == "play"


def test_copied_by_everyone_the_original_player_may_declare_meow_with_four_cards_or_fewer():
    state = deal(["7 7 7 1 2", "3 4 4 7 1", "1 1 2 2/7 6"], draw="2")
    act(state, (0, "play 7 7 7"), (1, "copy 7"), (2, "copy 2/7 as 7"), (0, "draw"))
    assert hand(state, 0) == ["1", "2", "2"]
    assert "meow" in [a.code for a in state.legal_actions(0)]
    assert coins(state) == [23, 26, 26]


# -- B: decline ------------------------------------------------------------------------


def test_declining_discards_the_field_and_the_player_draws_one_card_and_plays_anything():
    state = deal(FOUR, draw="4")
    events = act(state, (0, "play 8 8"), (1, "draw"))
    assert "decline" in whats(events)
    assert state.observation(2)["zones"]["discard"]["cards"] == ["8", "8"]
    assert state.observation(2)["field"]["plays"] == []
    assert hand(state, 1) == ["3", "4", "4", "7", "7", "4"]
    assert state.to_act == (1,)
    act(state, (1, "play 4 4 4"))
    assert state.observation(2)["field"]["original"] == 1
    assert state.to_act == (2,)


def test_the_card_drawn_can_never_be_a_copy():
    state = deal(FOUR, draw="8")
    act(state, (0, "play 8 8"), (1, "draw"))
    assert hand(state, 1)[-1] == "8"
    assert "nothing to copy" in refused(state, 1, "copy 8")
    assert "drawn already" in refused(state, 1, "draw")


def test_a_player_may_decline_even_when_they_could_copy():
    state = deal(["7 8 2 5 6", "3 4 4 7 7", "1 1 2 6 6", "5 5 3 2 7"])
    act(state, (0, "play 7"), (1, "draw"))
    assert coins(state) == [25] * 4


# -- C: Meow ---------------------------------------------------------------------------


def test_meow_needs_four_cards_or_fewer_after_drawing():
    state = deal(FOUR, draw="1")
    act(state, (0, "play 8 8"), (1, "draw"))
    assert "you hold 6" in refused(state, 1, "meow")
    state = deal(FOUR, draw="1")
    act(state, (0, "play 8 8"), (1, "draw"), (1, "play 7 7"), (2, "draw"))
    assert "you hold 6" in refused(state, 2, "meow")


def test_meow_comes_only_after_drawing():
    state = deal(FOUR)
    assert "after drawing" in refused(state, 0, "meow")
    act(state, (0, "play 8 8"))
    assert "draw first" in refused(state, 1, "meow")


def meow_table(seat_0: str = "8 8 6 6 5", last_draw: str = "4"):
    """Seat 1 ends on 1 1 2 1/8 (total 5, four cards) right after drawing; seats 2 and 3
    hold 15 and 12; seat 0 holds what is left of ``seat_0`` after Eights and Sixes."""
    state = deal([seat_0, "1 1 2 7 7", "3 4 5 5 6", "3 4 8 8 2"], draw=f"7 2 3 {last_draw} 1/8")
    act(state, (0, "play 8 8"), (1, "draw"), (1, "play 7 7 7"), (2, "draw"), (2, "play 5 5"))
    act(state, (3, "draw"), (3, "play 8 8"), (0, "draw"), (0, "play 6 6"), (1, "draw"))
    assert hand(state, 1) == ["1", "1", "2", "1/8"]
    return state


def test_a_meow_with_the_strictly_lowest_total_takes_3_coins_from_each_other_player():
    state = meow_table()
    assert "meow" in [a.code for a in state.legal_actions(1)]
    events = act(state, (1, "meow"))
    assert whats(events)[0] == "meow" and "pattern-c" in whats(events)
    assert [e.data["total"] for e in events if e.kind == "reveal"] == [9, 5, 15, 12]
    assert pays(events) == [(2, 1, 3), (3, 1, 3), (0, 1, 3)]
    assert coins(state) == [22, 34, 22, 22]


def test_the_game_ends_after_any_meow():
    state = meow_table()
    act(state, (1, "meow"))
    assert state.observation(0)["game"] == 2
    assert state.observation(0)["sheet"][0]["end"] == "pattern-c"


def test_a_tied_total_blocks_the_meow_and_the_declarer_pays_6_coins_to_each_blocker():
    state = meow_table(seat_0="8 8 6 6 1", last_draw="4")  # seat 0 ends on 1 4: also 5
    events = act(state, (1, "meow"))
    assert "meow-fail" in whats(events)
    assert pays(events) == [(1, 0, 6)]
    assert coins(state) == [31, 19, 25, 25]
    assert state.observation(0)["sheet"][0]["end"] == "meow-fail"


def test_every_player_with_the_same_or_lower_total_blocks_the_meow():
    assert meow_payments([6, 6, 5, 9], declarer=0) == [(0, 1, 6), (0, 2, 6)]


def test_a_special_card_counts_as_its_lower_number_in_a_total():
    assert hand_total(["1/8", "2/7", "3/6", "4/5"]) == 10


# -- how a game ends -------------------------------------------------------------------


def test_pattern_a_a_copier_who_empties_their_hand_gets_3_more_coins_from_the_original():
    state = deal(["2 2 6 6 5", "7 7 7 2/7 8", "1 4 4 8 3"], draw="8 7")
    act(state, (0, "play 6 6"), (1, "draw"), (1, "play 8 8"), (2, "copy 8"))
    act(state, (0, "draw"), (0, "play 7"))
    events = act(state, (1, "copy 7 7 7 2/7 as 7"))
    assert "pattern-a" in whats(events)
    assert pays(events) == [(0, 1, 4), (0, 1, 3)]
    assert state.observation(0)["sheet"][0]["coins"] == (18, 31, 26)
    assert state.observation(0)["sheet"][0]["end"] == "pattern-a"


def test_pattern_b_an_original_play_that_empties_the_hand_takes_3_coins_from_every_other_player():
    state = deal(["3 3 3 3 3/6", "1 4 4 8 1", "2 4 5 8 8"])
    events = act(state, (0, "play 3 3 3 3 3/6 as 3"))
    assert "pattern-b" in whats(events)
    assert pays(events) == [(1, 0, 3), (2, 0, 3)]
    assert coins(state) == [31, 22, 22]
    assert state.observation(0)["game"] == 2


def test_the_player_who_draws_the_last_card_still_plays_or_declares_meow():
    state = deal(["8 8 2 5 6", "1 1 2 7 7", "3 4 2 6 6", "5 5 3 2 7", "4 4 3 1 1"])
    for _ in range(200):
        seat = state.to_act[0]
        obs = state.observation(seat)
        if obs["phase"] == "answer":
            state.apply(seat, "draw")
            if state.observation(seat)["deck_count"] == 0:
                break
        else:
            state.apply(seat, [a.code for a in state.legal_actions(seat) if "play" in a.code][-1])
    assert state.observation(0)["game"] == 1 and state.to_act == (seat,)
    assert any(a.code.startswith("play") for a in state.legal_actions(seat))


def test_drawing_from_an_empty_deck_ends_the_game_and_the_lowest_total_takes_1_from_each():
    totals = [12, 5, 9, 30]
    assert deck_out_payments(totals) == [(0, 1, 1), (2, 1, 1), (3, 1, 1)]
    state = play_to_empty_deck()
    seat = state.to_act[0]
    assert [a.code for a in state.legal_actions(seat)][-1] == "draw"
    totals = [hand_total(hand(state, s)) for s in range(state.players)]
    low = min(totals)
    before = coins(state)
    events = act(state, (seat, "draw"))
    assert "deck-out" in whats(events)
    assert state.observation(0)["game"] == 2
    takers = [s for s in range(state.players) if totals[s] == low]
    for s in range(state.players):
        if s in takers:
            expected = before[s] + state.players - len(takers)
        else:
            expected = before[s] - len(takers)
        assert state.observation(0)["sheet"][0]["coins"][s] == expected


def play_to_empty_deck():
    """A five-player game played to the moment a player must draw from an empty deck."""
    state = deal(["8 8 2 5 6", "1 1 2 7 7", "3 4 2 6 6", "5 5 3 2 7", "4 4 3 1 1"])
    for _ in range(200):
        seat = state.to_act[0]
        obs = state.observation(seat)
        if obs["phase"] == "answer" and obs["deck_count"] == 0 and seat != obs["original"]:
            return state
        codes = [a.code for a in state.legal_actions(seat)]
        if obs["phase"] == "answer":
            state.apply(seat, "draw")
        else:
            state.apply(seat, [c for c in codes if c.startswith("play")][-1])
    raise AssertionError("the deck never ran out")


def test_tied_lowest_players_each_take_1_coin_from_every_player_not_tied():
    assert deck_out_payments([4, 4, 9, 7]) == [(2, 0, 1), (2, 1, 1), (3, 0, 1), (3, 1, 1)]
    assert deck_out_payments([4, 4, 4]) == []


def test_coins_never_go_below_zero_and_the_shortfall_is_lost():
    state = deal(["7 2 2 6 6", "7 7 7 3 8", "1 4 4 8 3"])
    state.coins[0] = 2
    events = act(state, (0, "play 7"), (1, "copy 7 7 7"))
    assert pays(events) == [(0, 1, 2)]
    assert [e.data["owed"] for e in events if e.what == "pay"] == [3]
    assert coins(state) == [0, 27, 25]
    assert "all they have" in [e for e in events if e.what == "pay"][0].text


def test_a_player_who_owes_several_pays_them_in_turn_order_from_their_left():
    assert meow_payments([12, 3, 9, 2], declarer=2) == [(2, 3, 6), (2, 1, 6)]
    assert meow_payments([12, 3, 9, 2], declarer=2, direction=-1) == [(2, 1, 6), (2, 3, 6)]


def test_hands_are_secret_during_a_game_and_shown_to_all_at_its_end():
    state = deal(["3 3 3 3 3/6", "1 4 4 8 1", "2 4 5 8 8"])
    assert state.observation(1)["zones"]["hand:0"] == {"count": 5}
    act(state, (0, "play 3 3 3 3 3/6 as 3"))
    last = state.observation(2)["last_game"]
    assert last["hands"][:2] == ((), ("1", "4", "4", "8", "1"))
    assert last["totals"][1] == 18 and last["end"] == "pattern-b"


# -- the match -------------------------------------------------------------------------


def test_the_next_player_clockwise_starts_the_next_game():
    state = deal(["3 3 3 3 3/6", "1 4 4 8 1", "2 4 5 8 8"])
    act(state, (0, "play 3 3 3 3 3/6 as 3"))
    assert state.to_act == (1,) and state.observation(0)["starter"] == 1
    assert state.observation(0)["hand_counts"] == [5, 5, 5]
    finish_game(state)
    assert state.to_act == (2,)


def test_a_match_is_two_games_per_player_and_eight_with_two_players():
    for players, games in ((2, 8), (3, 6), (5, 10)):
        state = GAME.new_game(players, seed=3)
        assert state.observation(0)["games"] == games
        while not state.is_over:
            finish_game(state)
        assert len(state.result.detail["sheet"]) == games
        assert [row["starter"] for row in state.result.detail["sheet"]] == [
            g % players for g in range(games)
        ]


def test_the_most_coins_wins_the_match_and_equal_coins_share_first_place():
    state = GAME.new_game(3, seed=5)
    while not state.is_over:
        finish_game(state)
    result = state.result
    assert result.scores == state.coins == result.detail["coins"]
    best = max(result.scores)
    assert result.ranking[0] == [s for s in range(3) if result.scores[s] == best]
    assert sum(result.scores) <= 75
    # The last game of a three-player match, with the coins as they stand: Pattern B
    # brings seat 0 level with seat 1, and they share first place.
    tied = deal(["3 3 3 3 3/6", "1 4 4 8 1", "2 4 5 8 8"])
    tied.game_index, tied.coins = 5, [16, 25, 20]
    events = tied.apply(0, "play 3 3 3 3 3/6 as 3")
    assert whats(events)[-1] == "match-over" and events[-1].kind == "over"
    assert tied.result.scores == [22, 22, 17]
    assert tied.result.ranking == [[0, 1], [2]]


def test_the_match_end_announces_the_standings():
    state = GAME.new_game(2, seed=1)
    events = []
    while not state.is_over:
        seat = state.to_act[0]
        events = state.apply(seat, state.legal_actions(seat)[0])
    over = [e for e in events if e.what == "match-over"][0]
    assert over.data["scores"] == state.result.scores
    assert events[-1].kind == "over"
    assert "over" in refused(state, 0, "draw")


# -- options ---------------------------------------------------------------------------


def test_reverse_turns_play_counter_clockwise_once_everyone_has_started_a_game():
    state = GAME.new_game(3, seed=2, options={"reverse": True})
    for _ in range(3):
        assert state.observation(0)["direction"] == 1
        finish_game(state)
    obs = state.observation(0)
    assert obs["game"] == 4 and obs["direction"] == -1 and obs["starter"] == 0
    seat = state.to_act[0]
    state.apply(seat, [a.code for a in state.legal_actions(seat) if a.code.startswith("play")][0])
    assert state.to_act == (2,), "the player to the right answers"


def test_without_reverse_play_stays_clockwise_all_match():
    state = GAME.new_game(3, seed=2)
    for _ in range(4):
        finish_game(state)
    assert state.observation(0)["direction"] == 1


def test_sets_reset_coins_each_set_and_add_the_ranking_bonus():
    state = GAME.new_game(2, seed=4, options={"sets": 3})
    assert state.observation(0)["games"] == 24
    for _ in range(8):
        finish_game(state)
    obs = state.observation(0)
    assert obs["coins"] == [25, 25] and obs["set"] == 2
    (first,) = obs["set_scores"]
    last = obs["sheet"][7]["coins"]
    bonus = set_bonuses(last)
    assert first == [last[s] + bonus[s] for s in range(2)]
    while not state.is_over:
        finish_game(state)
    sums = [sum(row[s] for row in state.result.detail["set_scores"]) for s in range(2)]
    assert state.result.scores == sums


def test_the_set_bonus_follows_the_sheets_table_for_each_player_count():
    assert set_bonuses([30, 10]) == [6, -6]
    assert set_bonuses([1, 2, 3]) == [-6, 0, 6]
    assert set_bonuses([40, 30, 20, 10]) == [6, 3, -3, -6]
    assert set_bonuses([50, 40, 30, 20, 10]) == [6, 3, 0, -3, -6]
    assert set_bonuses([30, 30, 20, 10]) == [4, 4, -3, -6], "tied first share (6 + 3) / 2"
    assert set_bonuses([20, 20]) == [0, 0]


def test_sets_take_only_3_or_5():
    with pytest.raises(BadOption, match="one of"):
        GAME.new_game(3, seed=0, options={"sets": 2})


# -- the action vocabulary -------------------------------------------------------------


def test_codes_are_built_and_read_by_the_rules_module():
    assert play_code(["3"]) == "play 3"
    assert play_code(["3/6", "3"]) == "play 3 3/6 as 3"
    assert play_code(["3/6"], 6) == "play 3/6 as 6"
    assert copy_code(["1/8", "8"]) == "copy 8 1/8 as 8"
    assert parse("copy 3 3/6 as 3") == Move("copy", ("3", "3/6"), 3)
    assert parse("draw") == Move("draw")
    assert parse("meow") == Move("meow")
    for bad in ("", "jump", "play", "play 9", "play 3/6 as 9", "draw 2", "play as 3"):
        with pytest.raises(IllegalAction):
            parse(bad)


def test_every_legal_code_reads_back_to_itself():
    for seed in range(4):
        state = GAME.new_game(3 + seed % 3, seed=seed)
        rng = Rng(f"vocab/{seed}")
        while not state.is_over:
            seat = state.to_act[0]
            for action in state.legal_actions(seat):
                read = parse(action.code)
                assert read.code == action.code
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert (draw_code(), meow_code()) == ("draw", "meow")


@pytest.mark.parametrize(
    "code",
    [
        "",
        "jump",
        "play",
        "play 9",
        "play 3 5",
        "play 3/6",
        "play 3/6 as 4",
        "play 2 as 2",
        "copy",
        "copy 3/6 as x",
        "draw 2",
        "meow now",
        "play as 3",
    ],
)
def test_a_malformed_code_is_refused_in_one_sentence(code):
    with pytest.raises(IllegalAction) as refused:
        parse(code)
    reason = refused.value.reason
    assert reason[0].isupper() and reason.endswith(".") and "\n" not in reason


def test_a_move_out_of_turn_is_refused_saying_who_acts_first():
    state = deal(FOUR)
    assert refused(state, 2, "play 6 6") == (
        "It is not your turn: the original player plays first."
    )
    act(state, (0, "play 8 8"))
    assert refused(state, 2, "draw") == (
        "It is not your turn: the next player copies or draws first."
    )


def test_the_observation_shows_coins_hand_sizes_the_field_discards_the_deck_and_the_match():
    state = deal(FOUR)
    act(state, (0, "play 8 8"), (1, "draw"))
    obs = state.observation(3)
    assert obs["hand"] == ["5", "5", "3", "2", "7"]
    assert obs["coins"] == [25] * 4
    assert obs["hand_counts"] == [3, 6, 5, 5]
    assert obs["discards"] == ["8", "8"]
    assert obs["deck_count"] == 36 - 20 - 1
    assert (obs["game"], obs["games"], obs["standing"]) == (1, 8, [[0, 1, 2, 3]])


# -- properties ------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5))
def test_coins_are_only_passed_between_players_and_never_go_below_zero(seed, players):
    state = GAME.new_game(players, seed=seed)
    rng = Rng(seed)
    while not state.is_over:
        seat = state.to_act[0]
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert min(state.coins) >= 0
        assert sum(state.coins) <= 25 * players
        for payer, payee, amount in pays(events):
            assert payer != payee and amount >= 0
    assert sum(state.result.scores) <= 25 * players


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(one_deck()), max_size=12))
def test_the_moves_looked_up_for_a_hand_are_every_set_of_cards_it_holds(hand):
    # ``moves_showing`` reads a table; the moves are still every set of cards showing the
    # number (``sets_of``), said as ``play_code``/``copy_code`` say them, in that order.
    for number in range(1, 9):
        sets = sets_of(hand, number)
        plays = [play_code(cards, number) for cards in sets]
        copies = [copy_code(cards, number) for cards in sets]
        assert [a.code for a in moves_showing("play", hand, number)] == plays
        assert [a.code for a in moves_showing("copy", hand, number)] == copies


def test_a_code_reads_the_same_the_second_time_and_junk_is_refused_each_time():
    assert parse("play 3 3/6 as 3") is parse("play 3 3/6 as 3")
    for _ in range(2):
        with pytest.raises(IllegalAction, match="same number"):
            parse("play 3 4")


def test_the_rules_help_says_a_set_with_two_players_is_one_match_of_8_games():
    # RULINGS.md: with sets and two players, a set is one match, 8 games.
    from cardtable.games import registry

    help_text = " ".join(registry.get("copycat").rules_help.split())
    assert "each set is one full match" in help_text
    assert "with two players a set is 8 games" in help_text
