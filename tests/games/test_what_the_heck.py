"""What the Heck?: one test per rule of the sheet (seeds/004) and RULINGS.md, each from a
stacked deck of Point Cards, top first."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.engine import BadDeck, BadOption, IllegalAction
from cardtable.games import registry
from cardtable.games.what_the_heck.rules import winning_bid
from cardtable.games.what_the_heck.vocabulary import POINT_CARDS

GAME = registry.get("what-the-heck")


def stack(top: str) -> list[str]:
    """A full Point Card stack: ``top`` first (top of the stack first), then the rest."""
    cards = top.split()
    rest = list(POINT_CARDS)
    for card in cards:
        rest.remove(card)
    return cards + rest


def deal(top: str, players: int = 3):
    return GAME.new_game(players=players, seed=0, deck=stack(top))


def bids(state, *cards: int):
    """Every player lays a card; returns the events of the round."""
    events = []
    for seat, card in enumerate(cards):
        events += state.apply(seat, f"bid {card}")
    return events


def face_up(state) -> list[str]:
    return state.observation(0)["zones"]["center"]["cards"]


def won(state, seat: int) -> list[str]:
    return state.observation(0)["zones"][f"won:{seat}"]["cards"]


def test_each_player_holds_one_complete_set_of_player_cards():
    state = deal("5")
    for seat in range(3):
        assert state.observation(seat)["hand"] == [str(v) for v in range(1, 16)]


def test_the_top_point_card_is_flipped_face_up_in_the_center():
    state = deal("7 -2")
    assert face_up(state) == ["7"]
    assert state.observation(1)["zones"]["points"] == {"count": 14}


def test_players_choose_face_down_and_nobody_sees_a_choice_before_all_have_played():
    state = deal("7")
    state.apply(0, "bid 12")
    other = state.observation(1)
    assert other["zones"]["bid:0"] == {"count": 1}
    assert "12" in other["remaining"][0], "a laid card still counts as unused to others"
    assert other["has_bid"] == [True, False, False]
    assert state.observation(0)["zones"]["bid:0"] == {"cards": ["12"]}
    assert state.to_act == (1, 2)


def test_all_cards_are_revealed_together_when_everyone_has_played():
    state = deal("7")
    events = bids(state, 12, 3, 9)
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.cards == ("12", "3", "9")
    assert state.observation(2)["zones"]["played:0"] == {"cards": ["12"]}


def test_a_positive_point_card_goes_to_the_highest_player_card():
    state = deal("7")
    bids(state, 12, 3, 9)
    assert won(state, 0) == ["7"]


def test_a_negative_point_card_goes_to_the_lowest_player_card():
    state = deal("-4")
    bids(state, 12, 3, 9)
    assert won(state, 1) == ["-4"]


def test_sheet_example_two_fifteens_cancel_and_the_five_takes_the_positive_card():
    state = deal("8")
    events = bids(state, 15, 15, 5)
    assert won(state, 2) == ["8"]
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.data["cancelled"] == [0, 1]


def test_sheet_example_two_threes_cancel_and_the_five_takes_the_negative_card():
    state = deal("-3")
    bids(state, 3, 3, 5)
    assert won(state, 2) == ["-3"]


def test_ties_cancel_and_the_next_highest_untied_card_wins():
    state = GAME.new_game(players=5, seed=0, deck=stack("6"))
    bids(state, 14, 14, 11, 11, 2)
    assert won(state, 4) == ["6"]


def test_all_players_tie_the_point_card_stays_and_another_is_turned_up():
    state = deal("4 6", players=2)
    events = bids(state, 9, 9)
    assert face_up(state) == ["4", "6"]
    assert won(state, 0) == [] and won(state, 1) == []
    assert any(e.kind == "announce" and "tie" in e.text.lower() for e in events)
    assert state.observation(0)["center_total"] == 10


def test_after_an_all_tie_a_sum_of_zero_or_more_goes_to_the_highest_card():
    state = deal("-3 3", players=2)
    bids(state, 9, 9)
    assert state.observation(0)["center_total"] == 0
    bids(state, 2, 10)
    assert sorted(won(state, 1)) == ["-3", "3"]


def test_after_an_all_tie_a_sum_below_zero_goes_to_the_lowest_card():
    state = deal("2 -5", players=2)
    bids(state, 9, 9)
    assert state.observation(0)["center_total"] == -3
    bids(state, 4, 10)
    assert sorted(won(state, 0)) == ["-5", "2"]


def test_an_all_tie_in_the_last_round_leaves_the_point_cards_to_nobody():
    state = deal("1", players=2)
    for card in range(1, 15):  # 1 v 14, 2 v 13 ...: never a tie, both keep their 15
        bids(state, card, 15 - card)
    assert state.observation(0)["round"] == 15
    pot = face_up(state)
    before = [list(won(state, s)) for s in range(2)]
    bids(state, 15, 15)
    assert state.is_over
    assert [won(state, s) for s in range(2)] == before
    assert state.observation(0)["zones"]["unclaimed"]["cards"] == pot


def test_each_player_card_is_played_once_and_a_used_card_is_refused_with_the_reason():
    state = deal("7")
    bids(state, 12, 3, 9)
    before = state.observation(0)
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, "bid 12")
    assert "used your 12" in refused.value.reason
    assert state.observation(0) == before


def test_a_player_who_has_laid_a_card_cannot_lay_another_this_round():
    state = deal("7")
    state.apply(0, "bid 12")
    before = state.observation(0)
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, "bid 11")
    assert "already" in refused.value.reason
    assert state.observation(0) == before


def test_the_game_lasts_fifteen_rounds_and_the_most_points_wins():
    state = deal(" ".join(POINT_CARDS), players=2)
    for card in range(1, 16):
        bids(state, card, 16 - card)
    assert state.is_over
    assert state.observation(0)["round"] == 15
    result = state.result
    positives = sum(int(c) for c in won(state, 0) if int(c) > 0)
    negatives = sum(int(c) for c in won(state, 0) if int(c) < 0)
    assert result.scores[0] == positives + negatives
    assert result.ranking[0] == [max(range(2), key=lambda s: result.scores[s])]


def test_equal_totals_share_first_place():
    # Same bids every round: every round is an all-tie, and the last pot goes to nobody.
    state = deal("5", players=2)
    for card in range(1, 16):
        bids(state, card, card)
    assert state.result.scores == [0, 0]
    assert state.result.ranking == [[0, 1]]


def test_two_to_five_players():
    assert (GAME.min_players, GAME.max_players) == (2, 5)
    with pytest.raises(BadOption, match="2 to 5 players"):
        GAME.new_game(players=6, seed=0)


def test_a_stacked_deck_must_be_the_complete_set_of_point_cards():
    with pytest.raises(BadDeck, match="missing"):
        GAME.new_game(players=2, seed=0, deck=["5", "6"])


def test_the_same_seed_shuffles_the_point_cards_the_same_way():
    first = GAME.new_game(players=3, seed=42)
    again = GAME.new_game(players=3, seed=42)
    other = GAME.new_game(players=3, seed=43)
    assert first.points == again.points
    assert first.points != other.points


@given(
    bids=st.lists(st.integers(1, 15), min_size=2, max_size=5),
    total=st.integers(-15, 40),
)
def test_the_winner_is_always_the_best_card_that_no_one_else_played(bids, total):
    by_seat = dict(enumerate(bids))
    winner, cancelled = winning_bid(by_seat, total)
    untied = [v for v in bids if bids.count(v) == 1]
    assert sorted(cancelled) == sorted(s for s, v in by_seat.items() if bids.count(v) > 1)
    if not untied:
        assert winner is None
    else:
        assert by_seat[winner] == (max(untied) if total >= 0 else min(untied))
