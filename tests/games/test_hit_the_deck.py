"""Hit the Deck: one test per rule of the sheet (seeds/001) and RULINGS.md, each from a
stacked deck in card codes. The slap round has its own file (test_hit_the_deck_slap.py)."""

from __future__ import annotations

from collections import Counter

import pytest
from hit_the_deck_tables import GAME, codes, set_hand, stacked, table

from cardtable.engine import BadOption, IllegalAction, Rng
from cardtable.games.hit_the_deck.rules import cut_point
from cardtable.games.hit_the_deck.vocabulary import full_deck


def refused(state, seat: int, code: str) -> str:
    """Apply a move that must be refused; prove nothing changed; return the reason."""
    before = (
        [state.observation(s) for s in range(state.players)],
        {name: list(zone.cards) for name, zone in state.zones().items()},
        list(state.history),
    )
    with pytest.raises(IllegalAction) as refusal:
        state.apply(seat, code)
    after = (
        [state.observation(s) for s in range(state.players)],
        {name: list(zone.cards) for name, zone in state.zones().items()},
        list(state.history),
    )
    assert after == before
    return refusal.value.reason


DRAW_PILE_OF_THREE = 110 - 3 * 7 - 1  # the Draw Pile after a three-player deal


def top(state) -> str:
    return state.discard_pile[-1]


# -- the cards and the deal ------------------------------------------------------------


def test_the_deck_has_110_cards_as_the_sheet_lists():
    deck = Counter(full_deck())
    assert sum(deck.values()) == 110
    for colour in "RBGY":
        assert all(deck[f"{colour}{n}"] == 4 for n in range(1, 6))
        assert deck[f"{colour}-CUT"] == 2 and deck[f"{colour}-FLIP"] == 1
        assert deck[f"HIT-{colour}"] == 1
    assert all(deck[f"HIT-{n}"] == 2 for n in range(1, 6))
    assert deck["HIT-HAND"] == 4


def test_seven_cards_each_dealt_one_at_a_time_from_the_dealers_left():
    deck = stacked(["R1", "R2", "R3"], discard="B5")
    state = GAME.new_game(3, seed=0, deck=deck)
    deals = [e for e in state.setup_events if e.kind == "move" and e.dst.startswith("hand:")]
    assert [e.dst for e in deals[:4]] == ["hand:1", "hand:2", "hand:0", "hand:1"]
    assert [e.cards[0] for e in deals[:3]] == deck[:3]
    assert all(len(state.hands[seat]) == 7 for seat in range(3))
    assert state.hands[1][0] == "R2" and state.hands[0][0] == "R1"


def test_the_next_card_starts_the_discard_pile_and_the_rest_is_the_draw_pile():
    state = table(["", "", ""], discard="B5", draw="G1 G2")
    assert state.observation(0)["zones"]["discard"] == {"cards": ["B5"]}
    assert state.observation(0)["zones"]["draw"] == {"count": 110 - 21 - 1}
    assert state.draw_pile[-2:] == ["G2", "G1"]


def test_play_starts_left_of_the_dealer_and_goes_left():
    state = table(["R1", "R2", "R3"], discard="R5")
    assert state.to_act == (1,)
    state.apply(1, "play R2")
    assert state.to_act == (2,)
    state.apply(2, "play R3")
    assert state.to_act == (0,)


def test_a_first_discard_word_card_binds_the_first_player():
    lifted = cut_point(Rng(0), DRAW_PILE_OF_THREE)
    state = table(["", "", ""], discard="B-CUT", at={lifted: "B2"})
    # The first player (seat 1) cuts and loses the turn; seat 2 follows the exposed card.
    assert top(state) == "B2"
    assert state.to_act == (2,)


def test_a_first_discard_number_hit_card_makes_its_demand_on_the_first_player():
    state = table(["", "R3 B3 G1", ""], discard="HIT-3")
    assert state.observation(1)["demand"]["value"] == 3
    assert codes(state, 1) == ["play R3", "play B3", "hit"]


def test_a_first_discard_hit_with_a_hand_card_is_buried_and_the_next_turned():
    state = table(["", "", ""], discard="HIT-HAND", draw="B4 G2")
    assert top(state) == "B4"
    assert state.slap is None
    assert state.draw_pile[len(state.draw_pile) // 2] == "HIT-HAND"
    assert state.to_act == (1,)


# -- a turn ------------------------------------------------------------------------------


def test_a_card_matches_by_colour_or_by_number():
    state = table(["", "R1 B3 G4 Y2 B-CUT", ""], discard="R3")
    assert codes(state, 1) == ["play R1", "play B3", "hit"]
    assert "match its colour or its number" in refused(state, 1, "play G4")


def test_a_player_who_can_play_must_play():
    state = table(["", "R1 G4", ""], discard="R3")
    assert "only a player who cannot play draws" in refused(state, 1, "draw")


def test_a_player_who_cannot_play_draws_one_and_plays_it_if_it_fits():
    state = table(["", "G1 G2 G4 G5 Y1 Y2 Y4", ""], discard="R3", draw="R4")
    assert codes(state, 1) == ["draw", "hit"]
    state.apply(1, "draw")
    assert state.to_act == (1,)
    assert codes(state, 1) == ["play R4", "hit"]
    assert "only the card you drew" in refused(state, 1, "play G1")
    state.apply(1, "play R4")
    assert top(state) == "R4" and state.to_act == (2,)


def test_a_drawn_card_that_does_not_fit_ends_the_turn():
    state = table(["", "G1 G2 G4 G5 Y1 Y2 Y4", ""], discard="R3", draw="B5")
    state.apply(1, "draw")
    assert "B5" in state.hands[1]
    assert state.to_act == (2,)


def test_word_cards_go_only_on_their_own_colour():
    state = table(["", "R-CUT B-CUT G-FLIP", ""], discard="R3")
    assert codes(state, 1) == ["play R-CUT", "hit"]
    assert refused(state, 1, "play B-CUT") == "A Cut card goes only on a blue card."
    assert refused(state, 1, "play G-FLIP") == "A Flip card goes only on a green card."


def test_hit_cards_go_on_anything():
    state = table(["", "HIT-2 HIT-Y HIT-HAND G1", ""], discard="R3")
    assert codes(state, 1) == ["play HIT-2", "play HIT-Y", "play HIT-HAND", "hit"]


def test_cut_the_next_player_cuts_near_the_middle_loses_the_turn_and_the_next_follows():
    lifted = cut_point(Rng(5), DRAW_PILE_OF_THREE)
    assert 0.4 * DRAW_PILE_OF_THREE <= lifted <= 0.6 * DRAW_PILE_OF_THREE
    state = table(["", "B-CUT", ""], discard="B1", seed=5, at={lifted: "G3"})
    events = state.apply(1, "play B-CUT")
    cut = [e for e in events if e.kind == "move" and e.src == "draw"]
    assert [(e.cards, e.seat, e.data["cut"]) for e in cut] == [(("G3",), 2, lifted)]
    assert top(state) == "G3"
    assert len(state.hands[2]) == 7  # seat 2 neither played nor drew
    assert state.to_act == (0,)


def test_cut_exposing_a_number_hit_card_makes_its_demand_on_the_player_after_the_cutter():
    lifted = cut_point(Rng(3), DRAW_PILE_OF_THREE)
    hand = "R4 G1 G2 G3 Y1 Y2 Y3"
    state = table([hand, "B-CUT", ""], discard="B1", seed=3, at={lifted: "HIT-4"})
    state.apply(1, "play B-CUT")
    assert state.to_act == (0,)
    assert state.observation(0)["demand"] == {
        "kind": "number",
        "value": 4,
        "words": "a number 4 card",
    }
    assert codes(state, 0) == ["play R4", "hit"]


def test_cut_with_an_empty_draw_pile_refills_it_first():
    state = table(["", "B-CUT", ""], discard="B1")
    # Late in the hand: every Draw Pile card has been played onto the discard pile.
    state.discard_pile[:0] = state.draw_pile
    state.draw_pile.clear()
    state.apply(1, "play B-CUT")
    assert len(state.discard_pile) == 2
    assert state.discard_pile[0] == "B-CUT"
    assert state.to_act == (0,)


def test_flip_reverses_the_piles_and_the_direction_and_the_flip_player_goes_again():
    state = table(["", "B-FLIP R2 G5", ""], discard="B1", draw="G4 Y1 Y2", bottom="B3 R3")
    draw_before = list(state.draw_pile)
    state.apply(1, "play B-FLIP")
    # The old Draw Pile, turned over: its bottom card is the new top of the discard pile.
    assert state.discard_pile == list(reversed(draw_before))
    assert top(state) == "R3"
    assert state.draw_pile == ["B-FLIP", "B1"]
    assert state.observation(1)["zones"]["draw"] == {"count": 2}
    # The turned-over pile shows its top only: nobody saw the cards under it.
    assert state.observation(2)["zones"]["discard"] == {"count": len(draw_before), "top": "R3"}
    assert state.direction == -1
    assert state.to_act == (1,)
    assert len(state.hands[2]) == 7  # the flipper lost the turn
    assert codes(state, 1) == ["play R2", "hit"]
    state.apply(1, "play R2")
    assert state.to_act == (0,)


def test_a_second_flip_turned_up_is_buried_and_the_card_under_it_is_followed():
    # The bottom of the Draw Pile is turned up by the flip: a Flip over an R2.
    state = table(["", "B-FLIP", ""], discard="B1", bottom="R2 G-FLIP")
    state.apply(1, "play B-FLIP")
    assert top(state) == "R2"
    assert "G-FLIP" in state.discard_pile[:-1]
    assert state.to_act == (1,)


def test_a_second_flip_with_no_card_under_it_stays_on_top_as_a_plain_card():
    state = table(["", "B-FLIP G2 Y1 Y2 Y3 Y4 Y5", ""], discard="B1")
    # Late in the hand: the Draw Pile is down to one card, a Flip.
    state.hands[0] += [code for code in state.draw_pile if code != "G-FLIP"]
    state.draw_pile[:] = ["G-FLIP"]
    state.apply(1, "play B-FLIP")
    assert state.discard_pile == ["G-FLIP"]
    assert state.direction == -1 and state.to_act == (1,)
    assert codes(state, 1) == ["play G2", "hit"]


def test_a_first_discard_flip_is_flipped_by_the_first_player_and_the_dealer_plays_first():
    state = table(["", "", ""], discard="B-FLIP", bottom="R3")
    assert top(state) == "R3"
    assert state.draw_pile == ["B-FLIP"]
    assert state.direction == -1
    assert state.to_act == (0,)


def test_a_number_demand_carries_on_from_player_to_player_until_met():
    state = table(["B4 G1 G2 Y1 Y2 G3 Y3", "HIT-4", "G1 G2 G3 G5 Y1 Y2 Y3"], "R3", "Y5")
    state.apply(1, "play HIT-4")
    assert state.to_act == (2,)
    assert codes(state, 2) == ["draw", "hit"]
    state.apply(2, "draw")  # Y5 does not meet the call: the turn ends
    assert state.to_act == (0,)
    assert state.observation(0)["demand"]["value"] == 4
    assert codes(state, 0) == ["play B4", "hit"]
    state.apply(0, "play B4")
    assert state.demand is None and top(state) == "B4"


def test_a_colour_demand_is_met_by_any_card_of_that_colour_word_cards_too():
    state = table(["", "HIT-B", "B-FLIP G1 R2"], discard="R3")
    state.apply(1, "play HIT-B")
    assert state.observation(2)["demand"]["kind"] == "colour"
    assert codes(state, 2) == ["play B-FLIP", "hit"]


def test_hit_cards_never_meet_a_demand():
    state = table(["", "HIT-2", "HIT-3 HIT-HAND R2 G1"], discard="R3")
    state.apply(1, "play HIT-2")
    assert codes(state, 2) == ["play R2", "hit"]
    assert "Hit cards never meet a demand" in refused(state, 2, "play HIT-HAND")


def test_an_exhausted_draw_pile_is_refilled_from_the_discard_pile_keeping_its_top():
    state = table(["", "G1 G2 G4 G5 Y1 Y2 Y4", ""], discard="R3")
    state.discard_pile[:0] = state.draw_pile
    state.draw_pile.clear()
    under = Counter(state.discard_pile[:-1])
    events = state.apply(1, "draw")
    assert state.discard_pile == ["R3"]
    assert Counter(state.draw_pile) + Counter([state.hands[1][-1]]) == under
    assert [e.kind for e in events][:3] == ["announce", "move", "shuffle"]


# -- the end of a hand and the match -----------------------------------------------------


def test_going_out_ends_the_hand_and_scores_number_cards_at_face_value_others_ten():
    state = table(["", "", ""], discard="R3")
    set_hand(state, 1, "R5")
    set_hand(state, 2, "B4 G2 R-CUT HIT-1 HIT-HAND")
    set_hand(state, 0, "Y1")
    events = state.apply(1, "play R5")
    score = next(e for e in events if e.kind == "score")
    assert score.data["hand_scores"] == [1, 0, 4 + 2 + 10 + 10 + 10]
    assert state.totals == [1, 0, 36]
    assert state.observation(0)["last_hand_scores"] == [1, 0, 36]


def test_a_cut_on_the_last_card_has_no_effect():
    state = table(["", "", ""], discard="R3")
    set_hand(state, 1, "R-CUT")
    events = state.apply(1, "play R-CUT")
    hand_over = [e.kind for e in events].index("score")
    assert not [e for e in events[:hand_over] if "cut" in e.data or "cuts" in e.text]
    assert state.hand_number == 2
    assert state.hand_scores[0][1] == 0


def test_the_deal_passes_left_and_the_next_hand_is_dealt_afresh():
    state = table(["", "", ""], discard="R3")
    set_hand(state, 1, "R5")
    events = state.apply(1, "play R5")
    assert state.hand_number == 2 and state.dealer == 1
    assert all(len(hand) == 7 for hand in state.hands)
    deal = next(e for e in events if e.kind == "deal")
    assert deal.data == {"hand": 2, "dealer": 1}
    assert [e.kind for e in events].index("shuffle") > [e.kind for e in events].index("deal")
    dealt = [e.dst for e in events if e.kind == "move" and e.dst.startswith("hand:")]
    assert dealt[:3] == ["hand:2", "hand:0", "hand:1"]
    assert sum(len(h) for h in state.hands) + len(state.draw_pile) + len(state.discard_pile) == len(
        full_deck()
    )


def test_hands_go_on_until_a_player_reaches_the_target_and_the_lowest_total_wins():
    state = table(["", "", ""], discard="R3", target=20)
    set_hand(state, 1, "R5")
    set_hand(state, 2, "HIT-1 HIT-2")
    set_hand(state, 0, "B1")
    events = state.apply(1, "play R5")
    assert state.is_over
    assert [e.kind for e in events][-1] == "over"
    assert state.result.scores == [1, 0, 20]
    assert state.result.ranking == [[1], [0], [2]]
    assert refused(state, 0, "hit") == "The game is over."


def test_the_target_is_100_by_default_and_at_least_10():
    assert GAME.option_defaults() == {"target": 100}
    with pytest.raises(BadOption):
        GAME.new_game(3, seed=0, options={"target": 5})


def test_a_refused_move_says_why_and_changes_nothing():
    state = table(["", "R1", ""], discard="R3")
    assert (
        refused(state, 2, "play G1") == "It is not your turn: wait for your turn, or hit the deck."
    )
    assert refused(state, 1, "play Q9") == "There is no card Q9 in Hit the Deck."
    assert refused(state, 1, "play B2") == "You have no Blue 2 in your hand."
    assert "Play a card" in refused(state, 1, "pass")


def test_a_refusal_names_cards_as_players_say_them():
    state = table(["", "R4 G1", ""], discard="Y5")
    assert refused(state, 1, "play R4") == (
        "Red 4 does not match Yellow 5: match its colour or its number."
    )
