"""Spite & Malice hard's search: the game's parts given to the one ISMCTS
(``SpiteMaliceSearch``: the moves weighed, their priors, the roll-outs, the value) and
what hard does with them, from stacked decks in card codes. Fixed rounds: the same seed,
the same move."""

from __future__ import annotations

import pytest
from spite_malice_tables import STACK0, STACK1, deal

from cardtable.engine import Rng
from cardtable.games import registry
from cardtable.games.spite_malice.vocabulary import (
    UP,
    build_code,
    card_value,
    hand_source,
    spite_code,
    store_code,
)
from cardtable.play import make_bots
from cardtable.strategy import SeatView, make_bot, view_for
from cardtable.strategy.spite_malice import HardSpiteMaliceBot, SpiteMaliceSearch

GAME = registry.get("spite-malice")
ROUNDS = 48


def hidden_sevens_and_eights():
    """Two players. Seat 0 (hard, on turn): UP b12, hand 6 12 12 13 13. Seat 1: UP b9.
    Build Pile 1 needs a 6. Every card seat 0 cannot see (its own stack under the UP card,
    seat 1's stack and hand, the Draw Pile) is a 7 or an 8; the rest of the deck lies face
    up in seat 1's Store Pile 4 under an 11, but a 10 on seat 0's Store Pile 4."""
    state = deal(["b7 b7 b8 b8 b12", "b7 b7 b8 b8 b9"], ["6 12 13 13", "7 7 8 8"], draw="12")
    for value in "12345":
        state.draw.remove(value)
        state.builds[0].append(value)
    others = [card for card in state.draw if card not in ("7", "8")]
    others.remove("11")
    others.remove("10")
    # In reach once a pile needs 10, then 11: the game does not end drawn meanwhile.
    state.stores[1][3].extend([*others, "11"])
    state.stores[0][3].append("10")
    state.draw[:] = [card for card in state.draw if card in ("7", "8")]
    state._changed()
    return state


def hard(rounds: int = ROUNDS, seed: int = 0):
    return make_bot("spite-malice", "hard", Rng(seed), rounds=rounds)


def game(seat: int = 0) -> SpiteMaliceSearch:
    return SpiteMaliceSearch(seat, Rng(0), HardSpiteMaliceBot)


def test_hard_holds_back_the_card_that_opens_the_next_players_chain_through_hidden_cards():
    # Building the 6 scores a little for the plan (a hand card played, no pile left at 9,
    # seat 1's UP card). But seat 1 can only hold 7s and 8s: on a pile needing 7 they play
    # 7, 8 and their UP card. Medium builds; hard's search stores and keeps the pile at 6.
    state = hidden_sevens_and_eights()
    medium = make_bot("spite-malice", "medium", Rng(0)).choose(view_for(state, 0))
    assert medium.code == build_code(hand_source("6"), 1)
    choice = hard().choose(view_for(state, 0))
    assert choice.code.startswith("store")


def test_the_moves_weighed_are_hards_plain_move_first_then_holding_back():
    moves, priors = game().choices(view_for(hidden_sevens_and_eights(), 0))
    assert [move.code for move in moves] == [build_code(hand_source("6"), 1), store_code("13", 1)]
    assert priors == [HardSpiteMaliceBot.lead, 1.0]


def test_a_plan_that_plays_the_up_card_is_never_searched():
    # Build Pile 1 needs a 6, seat 0's UP card: it goes at once, nothing is weighed.
    state = deal([STACK0, STACK1], ["2 9 10 12", "11 9 12 12"], draw="1")
    state.builds[0].extend(["2", "3", "4", "5"])
    moves, priors = game().choices(view_for(state, 0))
    assert [move.code for move in moves] == [build_code(UP, 1)] and priors == [1.0]
    assert hard().choose(view_for(state, 0)).code == build_code(UP, 1)


def test_the_others_moves_in_the_tree_are_mediums():
    state = hidden_sevens_and_eights()
    state.apply(0, build_code(hand_source("6"), 1))
    state.apply(0, store_code("13", 1))
    moves, _ = game(0).choices(SeatView(1, state.observation(1), state.legal_actions(1)))
    medium = make_bot("spite-malice", "medium", Rng(0)).choose(view_for(state, 1))
    assert moves == [medium]


def test_a_roll_out_plays_every_seat_on_until_the_searchers_next_turn_has_ended():
    state = hidden_sevens_and_eights()
    search = game()
    search.start = len(state.history)  # the root: seat 0 to move
    state.apply(0, store_code("13", 1))
    before = len(state.history)
    search.rollout(state, Rng(1))
    played = state.history[before:]
    # Seat 1's turn (it can only store), then seat 0's next turn, to its store.
    assert [seat for seat, _ in played] == [1, 0, 0]
    assert played[-1][1].startswith("store") and state.current == 1


def test_a_roll_out_plays_the_sampled_hidden_hands_and_draws():
    state = hidden_sevens_and_eights()
    search = game()
    search.start = len(state.history)
    state.apply(0, build_code(hand_source("6"), 1))
    state.apply(0, store_code("13", 1))
    world = state.sample_hidden(0, Rng("world"))
    search.rollout(world, Rng(1))
    # Seat 1 draws to five from 7s and 8s and plays 7, 8 and its UP card onto Build Pile
    # 1; seat 0 builds the 10 of its Store Pile on it.
    assert [card_value(card) for card in world.builds[0][6:]] == [7, 8, 9, 10]
    assert world.builds[0][8] == "b9" and world.cards_left(1) == 4


def test_the_value_is_one_for_the_winner_and_each_seats_share_before():
    state = hidden_sevens_and_eights()
    values = game().value(state)
    assert len(values) == 2 and abs(sum(values) - 1.0) < 1e-9
    assert values[0] == pytest.approx(0.5)  # five cards left each, neither UP card playable
    state.builds[1].extend(["1", "2", "3", "4", "5", "6", "7", "8"])  # seat 1's 9 is playable
    assert game().value(state)[1] > 0.5
    state.stacks[0][:] = []  # seat 0 has only its UP card left
    assert game().value(state)[0] > game().value(state)[1]
    state.builds[2].extend(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"])
    state.apply(0, build_code(UP, 3))
    assert state.is_over and game().value(state) == [1.0, 0.0]


def test_hard_decides_the_same_whatever_the_cards_it_cannot_see_when_it_searches():
    state = hidden_sevens_and_eights()
    # Move the hidden 7s and 8s around: seat 1's hand now holds 8s only, the Draw Pile 7s.
    hidden = sorted(state.hands[1] + state.draw)
    state.hands[1][:], state.draw[:] = hidden[4:], hidden[:4]
    world = state.sample_hidden(0, Rng("elsewhere"))
    assert world.observation(0) == state.observation(0)
    first = hard().choose(view_for(state, 0))
    second = hard().choose(view_for(world, 0))
    assert first == second


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_hard_searches_the_same_way_whatever_the_hidden_cards_in_played_games(seed):
    state = searched_position(seed)
    world = state.sample_hidden(state.current, Rng(f"other/{seed}"))
    assert world.observation(state.current) == state.observation(state.current)
    assert world.draw != state.draw
    first = hard(rounds=12).choose(view_for(state, state.current))
    second = hard(rounds=12).choose(view_for(world, state.current))
    assert first == second


def searched_position(seed: int):
    """A position of a four-player medium game where hard weighs more than one move."""
    state = GAME.new_game(4, seed=f"searched/{seed}")
    bots = make_bots("spite-malice", ["medium"] * 4, seed)
    for _ in range(2000):
        seat = state.to_act[0]
        if len(game(seat).choices(view_for(state, seat))[0]) > 1:
            return state
        state.apply(seat, bots[seat].choose(view_for(state, seat)))
    raise AssertionError("no position where hard searches")


@pytest.mark.parametrize("rounds", [1, 5])
def test_hard_samples_as_many_worlds_as_its_rounds(rounds):
    state = hidden_sevens_and_eights()
    worlds = []
    view = view_for(state, 0)
    sampler = view._sampler
    view._sampler = lambda rng: worlds.append(1) or sampler(rng)
    hard(rounds=rounds).choose(view)
    assert len(worlds) == rounds


def test_hard_is_deterministic_for_a_seed_and_fixed_rounds():
    state = searched_position(1)
    seat = state.current
    assert len({hard(rounds=16).choose(view_for(state, seat)) for _ in range(3)}) == 1


def test_hard_still_spites_out_of_turn_at_a_player_about_to_win():
    state = deal([STACK0, STACK1], ["2 3 9 10", "WS-BURY 11 12 12"], draw="1")
    state.stacks[0][:] = state.stacks[0][:1]  # seat 0: two cards left
    state.apply(0, build_code(hand_source("2"), 1))
    offer = hard().out_of_turn(view_for(state, 1))
    assert offer is not None and offer[1].code == spite_code("BURY", 0)
