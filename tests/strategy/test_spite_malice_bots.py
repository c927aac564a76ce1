"""Spite & Malice bots: they play whole games to the end at every player count, choose
only legal actions, decide from their own seat's observation only, and do what their
level promises (plan towards the UP card, keep a pile off an opponent's UP value, give
Malice cards to the leader, spite out of turn at a player about to win)."""

from __future__ import annotations

import pytest
from spite_malice_tables import STACK0, STACK1, deal

from cardtable.engine import Rng
from cardtable.games import registry
from cardtable.games.spite_malice.vocabulary import (
    UP,
    build_code,
    give_code,
    hand_source,
    spite_code,
    store_source,
)
from cardtable.play import Referee, make_bots
from cardtable.strategy import make_bot, playable, view_for

GAME = registry.get("spite-malice")
LEVELS = playable(
    "spite-malice"
)  # every bot the game has, offered or not (a saved game may name it)
# The slow tier: a searching level through a whole game.
WHOLE_GAME_LEVELS = [
    pytest.param(level, marks=pytest.mark.slow) if level in ("hard", "expert") else level
    for level in LEVELS
]


def test_the_game_has_random_easy_medium_hard_and_expert_bots():
    assert LEVELS == ["random", "easy", "medium", "hard", "expert"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bots_play_whole_games_to_the_end_at_every_player_count(players):
    seats = ["hard", "medium", "easy", "random", "medium"][:players]
    for seed in range(2):
        state = GAME.new_game(players, seed=f"end/{seed}")
        Referee(state, make_bots("spite-malice", seats, seed), seats).run(max_steps=5000)
        assert state.is_over and state.result is not None


@pytest.mark.parametrize("level", WHOLE_GAME_LEVELS)
def test_bots_choose_only_legal_actions_through_a_whole_game(level):
    state = GAME.new_game(3, seed=4)
    bots = [make_bot("spite-malice", level, Rng(f"t/{s}")) for s in range(3)]
    while not state.is_over:
        seat = state.to_act[0]
        action = bots[seat].choose(view_for(state, seat))
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
        for other in range(3):
            offer = bots[other].out_of_turn(view_for(state, other))
            if offer is not None and not state.is_over:
                assert offer[1] in state.legal_actions(other)


def position(seed: int):
    """A mid-game position reached by medium play."""
    state = GAME.new_game(3, seed=f"pos/{seed}")
    bots = make_bots("spite-malice", ["medium"] * 3, seed)
    for _ in range(25 + seed):
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(view_for(state, seat)))
    return state


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_bot_decides_the_same_whatever_the_cards_it_cannot_see(level, seed):
    state = position(seed)
    seat = state.to_act[0]
    world = state.sample_hidden(seat, Rng(f"other/{seed}"))
    assert world.observation(seat) == state.observation(seat)
    assert world.draw != state.draw or world.hands != state.hands
    first = make_bot("spite-malice", level, Rng("same")).choose(view_for(state, seat))
    second = make_bot("spite-malice", level, Rng("same")).choose(view_for(world, seat))
    assert first == second


def test_hard_is_deterministic_for_a_seed():
    state = position(3)
    seat = state.to_act[0]
    choices = {
        make_bot("spite-malice", "hard", Rng("s")).choose(view_for(state, seat)).code
        for _ in range(3)
    }
    assert len(choices) == 1


def test_medium_plans_a_chain_of_builds_that_frees_its_up_card():
    state = deal(["b9 b9 b10 b10 b5", "b11 b11 b12 b12 b3"], ["3 9 2 4", "11 9 12 12"], "1")
    bot = make_bot("spite-malice", "medium", Rng(0))
    played = []
    while state.to_act == (0,) and len(played) < 6:
        code = bot.choose(view_for(state, 0)).code
        played.append(code)
        state.apply(0, code)
        if code == build_code(UP, 1):
            break
    assert played == [
        build_code(hand_source("2"), 1),
        build_code(hand_source("3"), 1),
        build_code(hand_source("4"), 1),
        build_code(UP, 1),
    ]


def test_medium_does_not_leave_a_pile_at_the_next_players_up_value():
    # Seat 1's UP card is a 5: seat 0 stops at 3 rather than build its 4 for nothing.
    state = deal([STACK0, "b11 b11 b12 b12 b5"], ["2 3 4 12", "11 9 12 12"], "1")
    bot = make_bot("spite-malice", "medium", Rng(0))
    played = []
    while state.to_act == (0,):
        code = bot.choose(view_for(state, 0)).code
        played.append(code)
        state.apply(0, code)
    assert build_code(hand_source("4"), 1) not in played


def test_medium_gives_the_malice_card_to_the_leader():
    stacks = [STACK0, STACK1, "b11 b11 b12 b12 b4"]
    state = deal(stacks, ["13 9 10 10", "11 9 12 12", "9 10 11 12"], draw="8")
    state.builds[0].extend(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"])
    state.stacks[2][:] = state.stacks[2][:1]  # seat 2 is close to winning
    state.apply(0, build_code(hand_source("13"), 1))
    bot = make_bot("spite-malice", "medium", Rng(0))
    assert bot.choose(view_for(state, 0)).code == give_code(2)


def test_medium_spites_out_of_turn_at_a_player_about_to_win():
    state = deal([STACK0, STACK1], ["2 3 9 10", "WS-BURY 11 12 12"], draw="1")
    state.stacks[0][:] = state.stacks[0][:1]  # seat 0: two cards left
    state.apply(0, build_code(hand_source("2"), 1))
    bot = make_bot("spite-malice", "medium", Rng(0))
    offer = bot.out_of_turn(view_for(state, 1))
    assert offer is not None and offer[1].code == spite_code("BURY", 0)
    assert 0 < offer[0] < 1.5


def test_hard_plays_its_up_card_the_moment_it_can():
    # Build Pile 1 needs a 6 (seat 0's UP card) and Build Pile 2 a 2 (seat 0 holds one).
    # Medium plays the 2 first, and while its UP card is playable a Spite card can catch
    # it mid-chain; hard plays the UP card first.
    state = deal([STACK0, STACK1], ["2 9 10 12", "11 9 12 12"], draw="1")
    state.builds[0].extend(["2", "3", "4", "5"])
    state.builds[1].append("1")
    medium = make_bot("spite-malice", "medium", Rng(0)).choose(view_for(state, 0))
    hard = make_bot("spite-malice", "hard", Rng(0)).choose(view_for(state, 0))
    assert medium.code == build_code(hand_source("2"), 2)
    assert hard.code == build_code(UP, 1)


def test_hard_buries_the_next_player_before_their_up_card_can_go_on_a_pile():
    # Seat 0 cannot keep Build Pile 1 off 5, seat 1's UP card: before it stores, hard
    # BURYs seat 1's UP card; medium keeps its Wild.
    state = deal(["b9 b9 b10 b10 b8", STACK1], ["WS-BURY 9 10 12", "11 9 12 12"], draw="1")
    state.builds[0].extend(["2", "3", "4"])
    medium = make_bot("spite-malice", "medium", Rng(0)).choose(view_for(state, 0))
    hard = make_bot("spite-malice", "hard", Rng(0)).choose(view_for(state, 0))
    assert medium.code.startswith("store")
    assert hard.code == spite_code("BURY", 1)


def test_hard_buries_rather_than_dumps_a_player_whose_up_card_goes_next():
    # Seat 0 builds a 2 from its Store Pile while its UP card (6) is playable: a DUMP
    # leaves it the UP card; hard BURYs it where medium DUMPs its four cards.
    state = deal([STACK0, STACK1], ["9 9 10 12", "WS-DUMP WS-BURY 11 12"], draw="1")
    state.builds[0].extend(["2", "3", "4", "5"])
    state.builds[1].append("1")
    state.stores[0][0].append("2")
    state.apply(0, build_code(store_source(1), 2))
    medium = make_bot("spite-malice", "medium", Rng(0)).out_of_turn(view_for(state, 1))
    hard = make_bot("spite-malice", "hard", Rng(0)).out_of_turn(view_for(state, 1))
    assert medium is not None and medium[1].code == spite_code("DUMP", 0)
    assert hard is not None and hard[1].code == spite_code("BURY", 0)


def test_hard_never_dumps_a_player_who_is_not_on_turn():
    # Seat 1 is close to winning; on seat 0's turn a DUMP would only swap seat 1's hand
    # for the five cards it draws next turn anyway: hard BURYs instead.
    state = deal([STACK0, STACK1], ["WS-DUMP WS-BURY 9 10", "11 9 12 12"], draw="1")
    state.stacks[1][:] = state.stacks[1][:1]
    medium = make_bot("spite-malice", "medium", Rng(0)).choose(view_for(state, 0))
    hard = make_bot("spite-malice", "hard", Rng(0)).choose(view_for(state, 0))
    assert medium.code == spite_code("DUMP", 1)
    assert hard.code == spite_code("BURY", 1)
