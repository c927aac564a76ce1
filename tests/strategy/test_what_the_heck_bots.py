"""What the Heck? bots: legal moves only, decided from the seat's observation alone."""

from __future__ import annotations

import pytest

from cardtable.engine import Rng
from cardtable.games import registry
from cardtable.strategy import levels, make_bot, view_for

LEVELS = levels("what-the-heck")


def midgame(seed: int, rounds: int = 6):
    state = registry.get("what-the-heck").new_game(4, seed=seed)
    rng = Rng(seed)
    for _ in range(rounds):
        for seat in state.to_act:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    state.apply(0, rng.choice(state.legal_actions(0)))  # one secret bid on the table
    return state


def test_the_game_offers_random_easy_medium_hard_and_expert():
    assert LEVELS == ["random", "easy", "medium", "hard", "expert"]


@pytest.mark.parametrize("level", LEVELS)
def test_bots_choose_only_legal_bids_through_a_whole_game(level):
    state = registry.get("what-the-heck").new_game(3, seed=2)
    bots = [make_bot("what-the-heck", level, Rng(f"t/{s}")) for s in range(3)]
    while not state.is_over:
        seat = state.to_act[0]
        view = view_for(state, seat)
        action = bots[seat].choose(view)
        assert action.code in view.codes
        state.apply(seat, action)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_bot_decides_the_same_whatever_the_cards_it_cannot_see(level, seed):
    state = midgame(seed)
    seat = 1
    world = state.sample_hidden(seat, Rng(f"other/{seed}"))
    assert world.points != state.points or world.bids[0] == state.bids[0]
    assert world.observation(seat) == state.observation(seat)
    first = make_bot("what-the-heck", level, Rng("same")).choose(view_for(state, seat))
    second = make_bot("what-the-heck", level, Rng("same")).choose(view_for(world, seat))
    assert first == second


def test_medium_takes_a_sure_win_with_the_cheapest_card_that_beats_every_other_hand():
    state = registry.get("what-the-heck").new_game(
        2, seed=0, deck="10 9 8 7 6 5 4 3 2 1 -1 -2 -3 -4 -5"
    )
    state.hands[1] = ["1", "2", "3"]  # the other player has only low cards left
    state.played[1] = [str(v) for v in range(4, 16)]
    bot = make_bot("what-the-heck", "medium", Rng(0))
    assert bot.choose(view_for(state, 0)).code == "bid 4"


def opening(players: int = 4):
    """The first round of a game whose first Point Card is the 10: every hand full."""
    deck = "10 9 8 7 6 5 4 3 2 1 -1 -2 -3 -4 -5"
    return registry.get("what-the-heck").new_game(players, seed=0, deck=deck)


def test_hard_bots_with_different_seeds_do_not_all_bid_alike_in_the_same_position():
    # Copies of one deterministic bot bid alike, cancel each other's ties and hand the
    # pot to a fourth player with any card: hard draws its bid from a mixed strategy.
    state = opening()
    bids = {
        make_bot("what-the-heck", "hard", Rng(f"copy/{seed}")).choose(view_for(state, 1)).code
        for seed in range(12)
    }
    assert len(bids) >= 3


def test_hard_is_deterministic_for_a_seed():
    state = midgame(4)
    first = make_bot("what-the-heck", "hard", Rng("seed")).choose(view_for(state, 2))
    again = make_bot("what-the-heck", "hard", Rng("seed")).choose(view_for(state, 2))
    assert first == again


def test_hard_takes_its_randomness_only_from_its_own_generator():
    state = midgame(5)
    import random

    random.seed(1)
    first = make_bot("what-the-heck", "hard", Rng("own")).choose(view_for(state, 3))
    random.seed(2)
    second = make_bot("what-the-heck", "hard", Rng("own")).choose(view_for(state, 3))
    assert first == second
