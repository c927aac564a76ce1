"""MEAN!: one test per rule of the sheet (seeds/000) and of RULINGS.md, each from a stacked
deck: the four Punishment Piles (two face-down cards, then the face-up one), the deal (four
cards each, from the dealer's left), then the Draw Deck, top first.

A game needs the Draw Deck used up before anyone can win; drawing it down card by card
would take dozens of turns, so the end-game tests set the rest of the Draw Deck aside with
``use_up_draw_deck`` (out of play, like a deck that has been drawn) at a chosen moment.
"""

from __future__ import annotations

from collections import Counter

import pytest
from refusals import refused

from cardtable.engine import BadDeck, words
from cardtable.games import registry

GAME = registry.get("mean")

# Cards that change nothing fill what a test leaves open, plain ones first.
FILLER_ORDER = ["2", "4", "5", "7", "9", "11", "1", "3", "10", "12", "6", "8", "W"]


def deal(
    hands: list[str],
    draw: str = "",
    piles: tuple[str, ...] = ("", "", "", ""),
    play_on: bool = False,
):
    """A game from a stacked deck. ``hands`` are the four cards dealt to each seat,
    ``piles`` the Punishment Piles (face-down, face-down, face-up), ``draw`` the top of the
    Draw Deck (the dealer draws its first card at once). Unnamed cards are filled in."""
    players = len(hands)
    rest = Counter(GAME.full_deck(players))
    named = [card for part in (*piles, *hands, draw) for card in part.split()]
    rest.subtract(named)
    assert not -rest, f"more cards named than the deck holds: {dict(-rest)}"
    filler = sorted(rest.elements(), key=lambda card: (FILLER_ORDER.index(card), card))

    def fill(part: str, size: int) -> list[str]:
        cards = part.split()
        while len(cards) < size:
            cards.append(filler.pop(0))
        return cards

    piles = tuple(piles) + ("",) * (4 - len(piles))
    pile_cards = [fill(pile, 3) for pile in piles]
    hand_cards = [fill(hand, 4) for hand in hands]
    deck = [card for pile in pile_cards for card in pile]
    for round_ in range(4):
        for step in range(1, players + 1):
            deck.append(hand_cards[step % players][round_])
    deck += draw.split() + filler
    return GAME.new_game(players=players, seed=0, deck=deck, options={"play_on": play_on})


def run(state, *codes: str) -> list:
    """Each code played in turn by whoever is to act; the events of them all."""
    events = []
    for code in codes:
        events += state.apply(state.to_act[0], code)
    return events


def hand(state, seat: int) -> list[str]:
    return sorted(state.observation(seat)["hand"], key=sort_key)


def sort_key(card: str) -> tuple[int, str]:
    return (99, card) if card == "W" else (int(card), card)


def cards(text: str) -> list[str]:
    return sorted(text.split(), key=sort_key)


def table(state, seat: int = 0) -> dict:
    return state.observation(seat)


def play_area(state) -> list[str]:
    return table(state)["zones"]["play"]["cards"]


def codes(state, seat: int | None = None) -> list[str]:
    seat = state.to_act[0] if seat is None else seat
    return [action.code for action in state.legal_actions(seat)]


def announced(events) -> list[str]:
    """The announcements as said at a table whose players are called Seat 0, Seat 1 ..."""
    names = [f"Seat {seat}" for seat in range(8)]
    return [words(event, names) for event in events if event.kind == "announce"]


def use_up_draw_deck(state, leave: int = 0) -> None:
    """Set the Draw Deck aside but for its top ``leave`` cards (see the module docstring)."""
    while len(state.draw_deck) > leave:
        state.removed_unseen.append(state.draw_deck.pop(0))


# -- setup -----------------------------------------------------------------------------


def test_one_deck_of_54_for_two_to_four_players_two_decks_for_five_to_eight():
    one = Counter(GAME.full_deck(4))
    assert sum(one.values()) == 54
    assert one["6"] == 6 and one["W"] == 4
    assert all(one[str(v)] == 4 for v in range(1, 13) if v != 6)
    assert Counter(GAME.full_deck(5)) == Counter({c: 2 * n for c, n in one.items()})
    assert sum(GAME.new_game(8, seed=3).card_counts().values()) == 108


def test_a_stacked_deck_must_be_a_whole_deck():
    with pytest.raises(BadDeck):
        GAME.new_game(2, seed=0, deck=["6"] * 54)


def test_four_punishment_piles_of_two_face_down_cards_under_one_face_up():
    state = deal(["2 2 4 4", "5 5 7 7"], piles=("1 5 9", "W 7 3", "11 11 12", "8 6 10"))
    seen = table(state, 1)["zones"]
    assert [seen[f"punish:{n}"] for n in range(4)] == [
        {"count": 3, "top": "9"},
        {"count": 3, "top": "3"},
        {"count": 3, "top": "12"},
        {"count": 3, "top": "10"},
    ]
    first = [e for e in state.setup_events if e.kind == "move"][:3]
    assert [(e.cards, e.dst, e.face) for e in first] == [
        (("1",), "punish:0", "down"),
        (("5",), "punish:0", "down"),
        (("9",), "punish:0", "up"),
    ]


def test_four_cards_each_dealt_one_at_a_time_from_the_dealers_left():
    state = deal(["2 2 2 2", "4 4 4 4", "5 5 5 5"], draw="9")
    dealt = [e.dst for e in state.setup_events if e.kind == "move" and e.dst.startswith("hand")]
    assert dealt[:12] == ["hand:1", "hand:2", "hand:0"] * 4
    assert hand(state, 1) == cards("4 4 4 4")
    assert hand(state, 2) == cards("5 5 5 5")
    assert table(state)["draw_count"] == 54 - 12 - 12 - 1


def test_the_dealer_goes_first_after_drawing_up_to_five():
    state = deal(["2 2 4 4", "5 5 7 7"], draw="9 11")
    assert state.to_act == (0,)
    assert hand(state, 0) == cards("2 2 4 4 9")
    drawn = state.setup_events[-1]
    assert (drawn.src, drawn.dst, drawn.cards) == ("draw", "hand:0", ("9",))
    assert drawn.for_seat(1).cards == ("?",), "others do not see what is drawn"


# -- the turn --------------------------------------------------------------------------


def test_the_draw_up_to_five_happens_by_itself_at_the_start_of_a_turn():
    state = deal(["7 2 2 4", "5 5 9 9"], draw="11 4")
    events = run(state, "play 7", "dir up")
    draws = [e for e in events if e.kind == "move" and e.src == "draw"]
    assert [(e.dst, e.cards) for e in draws] == [("hand:1", ("4",))]
    assert hand(state, 1) == cards("4 5 5 9 9")
    assert draws[0].for_seat(0).cards == ("?",)


def test_a_player_with_five_or_more_cards_does_not_draw():
    state = deal(["11 11 2 4", "5 5 7 7"], draw="9 4 5", piles=("2 4 9",))
    run(state, "play 11", "dir up", "punish 0")  # seat 1 cannot play and takes 3 cards
    run(state, "play 11")
    assert len(hand(state, 1)) == 8
    assert table(state)["draw_count"] == 54 - 12 - 8 - 3


def test_on_an_empty_play_area_the_player_chooses_the_direction():
    state = deal(["7 2 2 4", "5 5 9 9"], draw="11 4")
    run(state, "play 7")
    assert state.to_act == (0,)
    assert codes(state) == ["dir up", "dir down"]
    assert table(state)["direction"] is None
    assert "'dir up' or 'dir down'" in refused(state, 0, "play 2")
    events = run(state, "dir down")
    assert "Going Down" in announced(events)
    assert table(state)["direction"] == "down"
    assert state.to_act == (1,)


@pytest.mark.parametrize(("cards_", "code"), [("1 2 2 4", "play 1"), ("3 2 2 4", "play 3")])
def test_one_and_three_set_going_up_on_an_empty_play_area(cards_, code):
    state = deal([cards_, "5 5 9 9"], draw="11")
    events = run(state, code)
    assert table(state)["direction"] == "up"
    assert "Going Up" in announced(events)
    assert state.to_act == (1,), "no direction is asked"


@pytest.mark.parametrize(("cards_", "code"), [("10 2 2 4", "play 10"), ("12 2 2 4", "play 12")])
def test_ten_and_twelve_set_going_down_on_an_empty_play_area(cards_, code):
    state = deal([cards_, "5 5 9 9"], draw="11")
    run(state, code)
    assert table(state)["direction"] == "down"
    assert state.to_act == (1,)


def test_going_up_takes_an_equal_or_higher_card():
    state = deal(["7 2 2 4", "5 7 9 11"], draw="4 4")
    run(state, "play 7", "dir up")
    assert codes(state) == ["play 7", "play 9", "play 11"]
    assert refused(state, 1, "play 5") == "Going Up: play a 7 or higher."


def test_going_down_takes_an_equal_or_lower_card():
    state = deal(["7 2 2 4", "5 7 9 11"], draw="4 4")
    run(state, "play 7", "dir down")
    assert codes(state) == ["play 4", "play 5", "play 7"]
    assert refused(state, 1, "play 9") == "Going Down: play a 7 or lower."


def test_numbers_may_be_skipped():
    state = deal(["5 2 2 4", "9 9 11 12"], draw="4 4")
    run(state, "play 5", "dir up", "play 11")
    assert play_area(state) == ["5", "11"]


def test_one_and_three_turn_going_down_into_going_up():
    state = deal(["7 2 2 4", "3 9 9 11"], draw="4 4")
    events = run(state, "play 7", "dir down", "play 3")
    assert table(state)["direction"] == "up"
    assert announced(events)[-1] == "Going Up"


def test_ten_and_twelve_turn_going_up_into_going_down():
    state = deal(["7 2 2 4", "12 9 9 11"], draw="4 4")
    run(state, "play 7", "dir up", "play 12")
    assert table(state)["direction"] == "down"


def test_special_cards_must_follow_the_direction_like_any_card():
    state = deal(["9 2 2 4", "3 1 5 7"], draw="4 4")
    run(state, "play 9", "dir up")
    assert refused(state, 1, "play 3").startswith("Going Up: play a 9 or higher.")
    assert codes(state) == ["punish 0", "punish 1", "punish 2", "punish 3"]


def test_regular_cards_sixes_and_eights_never_change_the_direction():
    state = deal(["9 6 2 4", "8 5 5 7", "2 4 11 11"], draw="4 4 5")
    run(state, "play 9", "dir down", "play 8", "swap with 2", "play 7")
    assert table(state)["direction"] == "down"
    run(state, "play 6")
    assert table(state)["direction"] == "down"


def test_several_cards_of_one_value_may_be_played_together_but_need_not_be():
    state = deal(["5 5 5 2", "4 4 7 7"], draw="9")
    assert {"play 5", "play 5 5", "play 5 5 5"} <= set(codes(state))
    assert refused(state, 0, "play 5 2") == "Cards played together must all have the same value."
    run(state, "play 5 5", "dir up")
    assert play_area(state) == ["5", "5"]
    assert hand(state, 0) == cards("2 5 9")


def test_if_you_can_play_you_must():
    state = deal(["7 2 2 4", "5 7 9 11"], draw="4 4")
    run(state, "play 7", "dir up")
    reason = refused(state, 1, "punish 0")
    assert reason == "You can play, so you must: no Punishment Pile for you this turn."


def test_a_player_who_cannot_play_takes_a_whole_punishment_pile_of_their_choice():
    state = deal(["11 2 2 4", "4 5 5 7"], draw="9 5", piles=("1 1 9", "2 3 3", "3 3 12", "1 1 10"))
    run(state, "play 11", "dir up")
    assert codes(state) == ["punish 0", "punish 1", "punish 2", "punish 3"]
    assert refused(state, 1, "play 5") == (
        "Going Up: play an 11 or higher. You cannot play: you take a Punishment Pile. "
        "Choose one: 'punish N'."
    )
    events = run(state, "punish 2")
    assert hand(state, 1) == cards("4 5 5 7 5 3 3 12")
    moved = [e for e in events if e.kind == "move" and e.src == "punish:2"]
    assert [e.for_seat(0).cards for e in moved] == [("?", "?"), ("12",)]
    piles = table(state)["zones"]
    assert piles["punish:2"] == {"cards": []}, "the pile is not replaced"
    assert piles["punish:0"] == {"count": 3, "top": "9"}
    assert state.to_act == (0,), "taking a pile ends the turn"


def test_an_empty_punishment_pile_cannot_be_taken():
    state = deal(["11 11 2 4", "4 5 5 7"], draw="9 5 2")
    run(state, "play 11", "dir up", "punish 2", "play 11")
    assert refused(state, 1, "punish 2") == "Punishment Pile 2 is empty: choose another."
    assert codes(state) == ["punish 0", "punish 1", "punish 3"]


# -- four of a kind --------------------------------------------------------------------


def test_never_more_than_four_of_a_kind_on_top_wilds_included():
    state = deal(["7 7 7 2", "W 4 4 5"], draw="7 9 9")
    run(state, "play 7", "dir up", "play W as 7")
    assert table(state)["run"] == {"value": 7, "count": 2}
    reason = refused(state, 0, "play 7 7 7")
    assert reason == "Four of a kind at most: 2 of 7 lie on top, so only 2 sevens more may go on."
    assert "play 7 7" in codes(state)


def test_four_of_a_kind_clears_the_play_area_out_of_play():
    state = deal(["7 7 7 2", "W 4 4 5"], draw="7 9 9")
    run(state, "play 7", "dir up", "play W as 7")
    events = run(state, "play 7 7")
    assert "Play Area cleared" in announced(events)
    assert play_area(state) == []
    assert table(state, 1)["zones"]["removed"] == {"cards": ["7", "W", "7", "7"]}
    assert table(state)["direction"] is None


def test_the_clearer_restarts_at_once_without_drawing():
    state = deal(["7 7 7 2", "W 4 4 5"], draw="7 9 9")
    run(state, "play 7", "dir up", "play W as 7")
    draw_count = table(state)["draw_count"]
    run(state, "play 7 7")
    assert state.to_act == (0,)
    assert hand(state, 0) == cards("2 7 9")
    assert table(state)["draw_count"] == draw_count
    run(state, "play 9", "dir down")
    assert table(state)["direction"] == "down"


def nines_cleared_then_sevens():
    """Seat 0 clears with a Nine, then clears again with all four Sevens."""
    state = deal(["9 9 9 7", "9 2 4 5"], draw="7 11 7 7")
    run(state, "play 9 9", "dir up", "play 9")
    assert hand(state, 0) == cards("9 7 7 7 7")
    return state


def test_a_clearer_with_an_empty_hand_passes_the_restart_to_the_next_player():
    state = nines_cleared_then_sevens()
    run(state, "play 9", "play 7 7 7 7")
    assert hand(state, 0) == []
    assert not state.is_over, "the Draw Deck still has cards"
    assert state.to_act == (1,)
    assert play_area(state) == []
    assert len(hand(state, 1)) == 5, "the next player draws and starts on the empty area"


def test_four_cards_of_one_value_played_at_once_clear_even_an_empty_play_area():
    state = deal(["4 4 4 4", "9 2 2 5"], draw="11")
    events = run(state, "play 4 4 4 4")
    assert "Play Area cleared" in announced(events)
    assert state.to_act == (0,)
    assert hand(state, 0) == ["11"]


# -- Eight -----------------------------------------------------------------------------


def test_an_eight_swaps_hands_with_the_player_of_your_choice():
    state = deal(["8 2 2 2", "4 4 4 5", "9 9 9 11"], draw="7 5 5")
    run(state, "play 8", "dir up")
    assert codes(state) == ["swap with 1", "swap with 2"]
    assert refused(state, 0, "swap with 0") == "Swap with another player: your own hand is no swap."
    events = run(state, "swap with 2")
    assert hand(state, 0) == cards("9 9 9 11")
    assert hand(state, 2) == cards("2 2 2 7")
    assert any("swaps hands" in text for text in announced(events))
    assert state.to_act == (1,)


def test_several_eights_swap_only_once():
    state = deal(["8 8 2 2", "4 4 4 5", "9 9 9 11"], draw="7 5 5")
    run(state, "play 8 8", "dir up", "swap with 1")
    assert state.to_act == (1,)
    assert hand(state, 0) == cards("4 4 4 5")


def test_on_an_empty_play_area_the_direction_comes_before_the_swap():
    state = deal(["8 2 2 2", "4 4 4 5"], draw="7")
    run(state, "play 8")
    assert codes(state) == ["dir up", "dir down"]
    run(state, "dir down")
    assert codes(state) == ["swap with 1"]


def test_eights_that_clear_swap_first_then_the_clearer_restarts():
    state = deal(["8 8 2 2", "8 4 4 5", "9 9 11 11"], draw="7 9 8")
    run(state, "play 8 8", "dir up", "swap with 2", "play 8", "swap with 2")
    assert hand(state, 2) == cards("4 4 5 9 8")
    run(state, "play 8")
    assert table(state)["phase"] == "swap" and len(play_area(state)) == 4, "swap before clearing"
    events = run(state, "swap with 0")
    assert "Play Area cleared" in announced(events)
    assert hand(state, 0) == cards("4 4 5 9")
    assert state.to_act == (2,) and hand(state, 2) == cards("9 9 11 11")
    assert codes(state) == ["play 9", "play 9 9", "play 11", "play 11 11"]


def eight_endgame(players: int = 3, play_on: bool = False):
    """Seat 0 clears with a Nine and is left holding four Eights, nothing else."""
    hands = ["9 9 9 8", "9 2 4 5", "2 2 4 4"][:players]
    state = deal(hands, draw="8 11 5 8 8", play_on=play_on)
    run(state, "play 9 9", "dir up", "play 9", "punish 0", "play 9")
    assert hand(state, 0) == cards("8 8 8 8")
    return state


def test_you_must_play_even_when_your_last_cards_are_eights():
    state = eight_endgame()
    assert codes(state) == ["play 8", "play 8 8", "play 8 8 8", "play 8 8 8 8"]
    assert refused(state, 0, "punish 1").startswith("You can play, so you must")


def test_going_out_on_an_eight_loses_and_everyone_else_wins():
    state = eight_endgame()
    events = run(state, "play 8 8 8 8")
    assert state.is_over
    assert "Seat 0 went out on an Eight and loses!" in announced(events)
    assert state.result.ranking == [[1, 2], [0]]
    assert state.result.detail["lost_on_eight"] == [0]


# -- Wild ------------------------------------------------------------------------------


def test_a_wild_stands_for_any_value_that_follows_the_direction():
    state = deal(["7 2 2 4", "W 4 5 5"], draw="9 9")
    run(state, "play 7", "dir up")
    wilds = [code for code in codes(state) if "W" in code]
    assert wilds == [f"play W as {v}" for v in range(7, 13)]
    reason = refused(state, 1, "play W as 5")
    assert reason == (
        "Going Up: play a 7 or higher; a Wild stands only for a value that follows the direction."
    )
    assert refused(state, 1, "play W") == "Announce the value of your Wild: 'play W as 7'."
    events = run(state, "play W as 9")
    assert "Seat 1: Wild as 9" in announced(events)
    played = next(e for e in events if e.kind == "move" and e.dst == "play")
    assert played.cards == ("W",) and played.data["value"] == 9  # the value rides on the move
    wild = next(e for e in events if e.what == "wild")
    assert wild.seats == (1,) and wild.data["value"] == 9
    assert table(state)["play_values"] == [7, 9]


def test_a_wild_on_an_empty_play_area_may_be_any_value():
    state = deal(["W 2 2 4", "9 4 5 5"], draw="9")
    assert [c for c in codes(state) if "W" in c][:12] == [f"play W as {v}" for v in range(1, 13)]


def test_a_wild_as_one_three_ten_or_twelve_sets_the_direction():
    state = deal(["W W 2 4", "5 4 5 5"], draw="2 9 7")
    run(state, "play W as 3")
    assert table(state)["direction"] == "up" and state.to_act == (1,)
    run(state, "play 5")
    events = run(state, "play W as 12")
    assert table(state)["direction"] == "down" and "Going Down" in announced(events)


def test_a_wild_as_eight_swaps_hands():
    state = deal(["W 7 2 4", "5 5 9 11", "2 4 5 11"], draw="9")
    run(state, "play W as 8", "dir up")
    assert codes(state) == ["swap with 1", "swap with 2"]


def test_a_wild_as_six_is_a_mean():
    state = deal(["W 2 2 4", "5 4 5 5"], draw="9")
    events = run(state, "play W as 6", "dir up")
    assert "MEAN!" in announced(events)
    assert table(state)["unresolved_mean"] == 1


def test_wilds_are_never_played_with_numbered_cards():
    state = deal(["W 7 2 4", "5 4 5 5"], draw="9")
    reason = "Wilds and numbered cards are never played together."
    assert refused(state, 0, "play 7 W") == reason
    assert refused(state, 0, "play W 7 as 7") == reason


def test_several_wilds_may_be_played_together_as_one_value():
    state = deal(["W W 2 4", "5 4 5 5"], draw="9")
    run(state, "play W W as 7", "dir up")
    assert play_area(state) == ["W", "W"]
    assert table(state)["run"] == {"value": 7, "count": 2}


# -- MEAN! -----------------------------------------------------------------------------


def test_mean_the_next_player_answers_with_a_six_without_drawing():
    state = deal(["6 6 2 4", "6 4 5 9"], draw="9 11")
    events = run(state, "play 6", "dir up")
    assert "MEAN!" in announced(events)
    assert state.to_act == (1,)
    assert hand(state, 1) == cards("4 5 6 9"), "no draw when answering a MEAN!"
    assert codes(state) == ["play 6"]
    reason = refused(state, 1, "play 9")
    assert reason == "MEAN!: answer only with a Six (or a Wild as Six), or take the punishment."
    assert refused(state, 1, "punish 0") == (
        "You can answer the MEAN! with a Six (or a Wild as Six), so you must."
    )
    run(state, "play 6")
    assert table(state)["unresolved_mean"] == 2
    assert state.to_act == (0,) and table(state)["phase"] == "answer"


def test_mean_may_be_answered_with_a_wild_as_six():
    state = deal(["6 2 2 4", "W 4 5 9"], draw="9 11")
    run(state, "play 6", "dir up")
    assert codes(state) == ["play W as 6"]


def test_mean_without_a_six_takes_one_pile_per_unresolved_mean_one_at_a_time():
    state = deal(["6 6 2 4", "7 4 5 9"], draw="9 11", piles=("1 1 1", "2 3 3", "3 3 12", "1 2 10"))
    run(state, "play 6 6", "dir up")
    assert table(state)["piles_owed"] == 2 and table(state)["phase"] == "punish"
    assert refused(state, 1, "play 7").startswith("MEAN! and you have no Six to answer")
    run(state, "punish 3")
    assert state.to_act == (1,) and table(state)["piles_owed"] == 1
    events = run(state, "punish 1")
    assert "MEAN! resolved" in announced(events)
    assert hand(state, 1) == cards("7 4 5 9 1 2 10 2 3 3")
    assert table(state)["unresolved_mean"] == 0


def test_after_a_mean_play_continues_from_the_six_in_the_same_direction():
    state = deal(["6 2 2 4", "7 4 5 9"], draw="9 11 1 1 2")
    run(state, "play 6", "dir up", "punish 0")
    assert state.to_act == (0,)
    assert play_area(state) == ["6"] and table(state)["direction"] == "up"
    assert table(state)["phase"] == "play"
    assert codes(state) == ["play 9", "play 11"]


def test_a_resolved_mean_is_not_punished_again():
    state = deal(["6 6 2 4", "7 4 5 9"], draw="9 6 11 1 1")
    run(state, "play 6", "dir up", "punish 0", "play 6")
    assert table(state)["unresolved_mean"] == 1, "only the new MEAN! counts"
    assert table(state)["run"] == {"value": 6, "count": 2}
    run(state, "punish 1")
    assert state.to_act == (0,)


def mean_out_of_last_card():
    """Seat 0 clears with four Sevens and goes out on a Six, the Draw Deck used up."""
    state = deal(["7 7 7 7", "6 2 4 5", "2 4 4 5"][:2], draw="6")
    use_up_draw_deck(state)
    run(state, "play 7 7 7 7", "play 6", "dir up")
    assert hand(state, 0) == []
    return state


def test_going_out_on_mean_is_no_win_until_someone_else_takes_the_punishment():
    state = mean_out_of_last_card()
    assert not state.is_over
    assert table(state)["phase"] == "answer"


def test_a_mean_that_circles_back_to_the_player_who_went_out_makes_them_take_the_piles():
    state = mean_out_of_last_card()
    run(state, "play 6")
    assert state.to_act == (0,)
    assert table(state)["phase"] == "punish" and table(state)["piles_owed"] == 2
    run(state, "punish 0", "punish 1")
    assert len(hand(state, 0)) == 6 and not state.is_over
    assert state.to_act == (1,)


def test_going_out_on_mean_wins_once_the_next_player_takes_the_punishment():
    state = deal(["7 7 7 7", "9 2 4 5"], draw="6")
    use_up_draw_deck(state)
    run(state, "play 7 7 7 7", "play 6", "dir up")
    events = run(state, "punish 2")
    assert state.is_over
    assert "Seat 0 wins!" in announced(events)
    assert state.result.ranking == [[0], [1]]


def test_a_mean_that_clears_the_play_area_must_be_taken_even_holding_a_six():
    state = deal(["6 6 6 2", "6 6 4 5"], draw="6 9 9")
    run(state, "play 6 6", "dir up", "play 6")
    assert table(state)["unresolved_mean"] == 3
    events = run(state, "play 6")
    assert "Play Area cleared" in announced(events)
    assert state.to_act == (1,) and table(state)["piles_owed"] == 4
    assert codes(state) == ["punish 0", "punish 1", "punish 2", "punish 3"]
    assert refused(state, 1, "play 6") == (
        "The MEAN! cleared the Play Area: you take 4 Punishment Piles, even holding a Six. "
        "Choose one: 'punish N'."
    )


def mean_clear_with_no_pile_left(leave: int | None = None):
    """Three players: a MEAN! of three Sixes takes piles 0-2, the next player is stuck and
    takes pile 3, then seat 0's fourth Six clears with one MEAN! unresolved."""
    state = deal(
        ["6 6 6 6", "2 2 4 4", "1 1 2 3"],
        draw="9 3 5 5 7",
        piles=("6 1 9", "4 5 11", "3 3 10", "1 5 12"),
    )
    run(state, "play 6 6 6", "dir up", "punish 0", "punish 1", "punish 2", "punish 3")
    assert state.to_act == (0,) and hand(state, 0) == cards("6 9 5 5 7")
    if leave is not None:
        use_up_draw_deck(state, leave)
    return state


def test_a_mean_clear_is_cleared_before_new_piles_are_made_from_the_draw_deck():
    state = mean_clear_with_no_pile_left()
    draw_count = table(state)["draw_count"]
    events = run(state, "play 6")
    kinds = [e.text for e in events if e.kind == "announce"]
    assert kinds.index("Play Area cleared") < kinds.index(
        "No Punishment Piles left: new ones are made from the Play Area"
    )
    assert table(state)["zones"]["removed"] == {"cards": ["6", "6", "6", "6"]}
    assert table(state)["draw_count"] == draw_count - 12
    assert [p["count"] for p in table(state)["punishment_piles"]] == [3, 3, 3, 3]
    run(state, "punish 2")
    assert state.to_act == (2,), "the player after the punished one starts on the empty area"
    assert play_area(state) == [] and codes(state, 2)[0] == "play 1"


def test_when_no_full_pile_can_be_made_the_last_pile_is_partial_with_its_top_face_up():
    state = mean_clear_with_no_pile_left(leave=5)
    top_cards = list(reversed(state.draw_deck))
    run(state, "play 6")
    piles = table(state, 2)["zones"]
    assert piles["punish:0"] == {"count": 3, "top": top_cards[2]}
    assert piles["punish:1"] == {"count": 2, "top": top_cards[4]}
    assert piles["punish:2"] == {"cards": []} and piles["punish:3"] == {"cards": []}


def test_with_too_few_cards_for_any_full_pile_a_partial_pile_is_made():
    state = mean_clear_with_no_pile_left(leave=2)
    run(state, "play 6")
    assert [p["count"] for p in table(state)["punishment_piles"]] == [2, 0, 0, 0]
    assert codes(state) == ["punish 0"]


def test_when_not_even_a_partial_pile_can_be_made_the_punishment_is_not_collected():
    state = mean_clear_with_no_pile_left(leave=0)
    held = hand(state, 1)
    events = run(state, "play 6")
    assert "No Punishment Pile can be made: the punishment is dropped" in announced(events)
    assert hand(state, 1) == held
    assert state.to_act == (2,) and table(state)["unresolved_mean"] == 0


# -- replenishing the Punishment Piles ------------------------------------------------


def short_play_area():
    """Two players: seat 1 has taken all four piles; five cards lie in the Play Area."""
    state = deal(
        ["6 6 6 11", "2 2 4 4"],
        draw="11 5 5 5 7",
        piles=("1 1 1", "2 2 3", "3 3 3", "4 4 5"),
    )
    run(state, "play 6 6 6", "dir up", "punish 0", "punish 1", "punish 2")
    run(state, "play 11", "punish 3")
    assert len(play_area(state)) == 4
    run(state, "play 11")
    assert table(state)["phase"] == "punish" and state.to_act == (1,)
    return state


def test_with_no_pile_left_the_play_area_is_shuffled_into_four_new_piles():
    state = short_play_area()
    assert [p["count"] for p in table(state)["punishment_piles"]] == [3, 3, 3, 3]
    assert play_area(state) == [] and table(state)["direction"] is None
    in_piles = Counter(c for n in range(4) for c in state.punishment_piles[n])
    assert in_piles["6"] == 3 and in_piles["11"] == 2, "the whole Play Area went into them"


def test_when_the_play_area_is_short_the_draw_deck_makes_up_the_piles():
    state = deal(
        ["6 6 6 11", "2 2 4 4"],
        draw="11 5 5 5 7",
        piles=("1 1 1", "2 2 3", "3 3 3", "4 4 5"),
    )
    run(state, "play 6 6 6", "dir up", "punish 0", "punish 1", "punish 2")
    run(state, "play 11", "punish 3")
    draw_count = table(state)["draw_count"]
    run(state, "play 11")
    assert table(state)["draw_count"] == draw_count - 7
    assert table(state)["zones"]["removed:unseen"] == {"cards": []}


def test_after_replenishing_the_punished_player_takes_their_pile_and_the_next_starts_afresh():
    state = short_play_area()
    assert state.to_act == (1,)
    run(state, "punish 0")
    assert state.to_act == (0,)
    assert play_area(state) == [] and table(state)["phase"] == "play"
    run(state, "play 5")
    assert codes(state) == ["dir up", "dir down"]


def test_play_area_cards_left_over_from_new_piles_are_out_of_play():
    state = deal(
        ["2 2 2 5", "4 4 4 6"],
        draw="5 6 5 1 1 6 7 7 7 9 9 11 11 12",
        piles=("1 3 3", "1 3 3", "2 4 5", "6 6 6"),
    )
    run(state, "play 2 2 2", "dir up", "play 4 4 4", "play 5 5 5", "play 6 6 6")
    run(state, "punish 0", "punish 1", "punish 2", "play 7 7 7", "punish 3")
    draw_count = table(state)["draw_count"]
    events = run(state, "play 9 9")
    assert len(play_area(state)) == 0
    assert [p["count"] for p in table(state)["punishment_piles"]] == [3, 3, 3, 3]
    assert table(state, 0)["zones"]["removed:unseen"] == {"count": 5}
    assert table(state)["out_of_play"] == 5
    assert table(state)["draw_count"] == draw_count, "the Draw Deck is never replenished"
    assert any(e.kind == "shuffle" and e.src == "play" for e in events)


def test_the_draw_deck_is_never_replenished():
    state = deal(["7 2 2 4", "5 7 9 11"], draw="4")
    use_up_draw_deck(state)
    run(state, "play 7", "dir up")
    assert table(state)["draw_count"] == 0
    assert hand(state, 1) == cards("5 7 9 11"), "no draw from an empty Draw Deck"


# -- the end ---------------------------------------------------------------------------


def test_an_empty_hand_when_the_draw_deck_is_empty_wins_at_once():
    state = deal(["9 9 9 9", "2 4 5 5", "2 4 7 7"], draw="3")
    use_up_draw_deck(state)
    events = run(state, "play 9 9 9 9", "play 3")
    assert state.is_over and "Seat 0 wins!" in announced(events)
    assert state.result.ranking == [[0], [1, 2]]
    assert state.result.winners == [0]


def test_the_result_tells_the_cards_each_player_still_holds():
    # MEAN! keeps no points: the results screen shows these counts instead.
    state = deal(["9 9 9 9", "2 4 5 5", "2 4 7 11"], draw="3")
    use_up_draw_deck(state)
    run(state, "play 9 9 9 9", "play 3")
    assert state.is_over and state.result.detail["went_out"] == [[0]]
    assert state.result.detail["cards_left"] == [0, 4, 4]


def test_an_empty_hand_while_the_draw_deck_has_cards_draws_five_next_turn():
    state = deal(["9 9 9 9", "2 4 5 5"], draw="3 7 4 4 5 11 12 12")
    run(state, "play 9 9 9 9", "play 3")
    assert hand(state, 0) == [] and not state.is_over
    run(state, "play 7")
    assert hand(state, 0) == cards("4 4 5 11 12")


def test_an_empty_hand_wins_when_the_draw_deck_runs_out_before_their_turn():
    state = deal(["9 9 9 9", "2 4 5 5"], draw="3 7")
    run(state, "play 9 9 9 9")
    use_up_draw_deck(state, leave=1)
    events = run(state, "play 3")
    assert hand(state, 1) == cards("2 4 5 5 7"), "seat 1 drew the last card"
    assert state.is_over and state.result.winners == [0]
    assert "Seat 0 wins!" in announced(events)


def test_play_on_until_one_loser_remains():
    state = deal(["9 9 9 9", "7 7 7 7", "2 4 5 5"], draw="3", play_on=True)
    use_up_draw_deck(state)
    run(state, "play 9 9 9 9", "play 3")
    assert not state.is_over
    assert table(state)["went_out"] == [[0]] and table(state)["active"] == [False, True, True]
    assert state.to_act == (1,)
    run(state, "play 7 7 7 7")
    assert state.is_over
    assert state.result.ranking == [[0], [1], [2]]


def test_play_on_continues_without_the_player_who_went_out_on_an_eight():
    state = eight_endgame(play_on=True)
    run(state, "play 8 8 8 8")
    assert not state.is_over
    assert state.to_act == (1,) and play_area(state) == []
    assert codes(state, 0) == []
    assert table(state)["lost_on_eight"] == [0]
    assert "swap with 0" not in [a.code for a in state.legal_actions(1)]


# -- what each seat sees ---------------------------------------------------------------


def test_a_seat_sees_its_own_hand_the_pile_tops_and_only_counts_of_the_rest():
    state = deal(["7 2 2 4", "5 7 9 11"], draw="4", piles=("1 5 9",))
    seen = table(state, 1)
    assert seen["hand"] == ["5", "7", "9", "11"]
    assert seen["zones"]["hand:0"] == {"count": 5}
    assert seen["zones"]["punish:0"] == {"count": 3, "top": "9"}
    assert seen["zones"]["draw"] == {"count": 54 - 12 - 8 - 1}
    assert seen["hand_counts"] == [5, 4]


def test_a_move_out_of_turn_is_refused_with_the_reason():
    state = deal(["7 2 2 4", "5 7 9 11"], draw="4")
    assert refused(state, 1, "play 7") == "It is not your turn."
    assert refused(state, 0, "play 9") == "You have no Nine in your hand."
    assert refused(state, 0, "play 2 2 2") == "You have only 2 Twos in your hand."


def test_the_rules_help_states_the_rulings_card_table_follows():
    assert "## Rulings Card Table follows" in GAME.rules_help
    assert GAME.options[0].name == "play_on" and GAME.options[0].default is False


def test_a_position_that_comes_round_a_third_time_calls_the_game_for_fewest_cards():
    state = deal(["7 2 2 4", "5 9 9 11"], draw="4")
    use_up_draw_deck(state)
    run(state, "play 2 2")  # the Draw Deck is out: from here every position is counted
    assert state.positions[state.position()] == 1
    ahead = state.copy()
    run(ahead, "dir up")
    state.positions[ahead.position()] = 2  # as if the cards had circled back to it twice
    events = run(state, "dir up")
    assert "The same position has come round a third time: the game is called" in announced(events)
    assert state.is_over and state.result.detail["called"]
    assert state.result.ranking == [[0], [1]], "three cards against four"


def test_a_position_seen_twice_does_not_call_the_game():
    state = deal(["7 2 2 4", "5 9 9 11"], draw="4")
    use_up_draw_deck(state)
    run(state, "play 2 2")
    ahead = state.copy()
    run(ahead, "dir up")
    state.positions[ahead.position()] = 1
    run(state, "dir up")
    assert not state.is_over and state.positions[state.position()] == 2


def test_two_hundred_rounds_without_progress_call_the_game_for_fewest_cards():
    state = deal(["7 2 2 4", "5 9 9 11"], draw="4")
    use_up_draw_deck(state)
    run(state, "play 2 2")
    state.turns_without_progress = 200 * 2 - 1  # as if 200 rounds had gone round in circles
    events = run(state, "dir up")
    assert any("200 rounds without a card leaving play" in text for text in announced(events))
    assert state.is_over and state.result.detail["called"]
    assert state.result.ranking == [[0], [1]], "three cards against four"


def test_twenty_rounds_without_a_card_leaving_play_no_longer_call_the_game():
    state = deal(["7 2 2 4", "5 9 9 11"], draw="4")
    use_up_draw_deck(state)
    run(state, "play 2 2")
    state.turns_without_progress = 20 * 2 - 1  # the old cut-off called random games early
    run(state, "dir up")
    assert not state.is_over and table(state)["turns_without_progress"] == 20 * 2


def test_a_hand_reaching_a_new_low_restarts_the_count_towards_calling_the_game():
    state = deal(["7 2 2 4", "5 9 9 11"], draw="4")
    use_up_draw_deck(state)
    run(state, "play 2", "dir up")  # seat 0 has four cards, seat 1 four: their lows
    state.turns_without_progress = 200 * 2 - 1
    run(state, "play 5")  # seat 1 gets down to three: a new low
    assert table(state)["turns_without_progress"] == 0 and not state.is_over


def test_four_of_a_kind_leaving_play_restarts_the_count_towards_calling_the_game():
    state = deal(["7 2 2 4", "7 7 7 9"], draw="4")
    use_up_draw_deck(state)
    run(state, "play 7", "dir up")
    state.lowest = [1, 1]  # as if both hands had been down to one card: no new low below
    state.turns_without_progress = 200 * 2 - 1
    run(state, "play 7 7 7")  # seat 1 clears: four Sevens leave play
    assert table(state)["turns_without_progress"] == 0 and not state.is_over
    assert state.to_act == (1,), "the clearer restarts"


def test_the_rules_help_says_when_an_endless_game_is_called():
    assert "occurs for the third" in GAME.rules_help.replace("\n", " ").replace("  ", " ")
    assert "200 rounds" in GAME.rules_help
    assert "twenty rounds" not in GAME.rules_help
