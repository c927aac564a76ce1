"""What the Heck? bots: legal moves only, decided from the seat's observation alone."""

from __future__ import annotations

import itertools
import math

import pytest

from cardtable.engine import Rng
from cardtable.games import registry
from cardtable.games.what_the_heck import winning_bid
from cardtable.strategy import levels, make_bot, view_for
from cardtable.strategy.what_the_heck import (
    _not_rising,
    points_to_come,
    round_equilibrium,
    win_chances,
)

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


def _dist(chances: dict[int, float]) -> list[float]:
    row = [0.0] * 16
    for card, chance in chances.items():
        row[card] = chance
    return row


def test_a_card_takes_the_pot_only_when_every_bid_that_beats_it_is_cancelled_by_a_tie():
    # Two others lay the 15 and cancel each other; the 3 is below our 10: the 10 takes it.
    assert win_chances([10], [_dist({15: 1}), _dist({15: 1}), _dist({3: 1})], False) == [1.0]
    # A 15 and a 14 do not cancel: the 10 takes nothing.
    assert win_chances([10], [_dist({15: 1}), _dist({14: 1}), _dist({3: 1})], False) == [0.0]
    # Our 3 ties the other 3 and is cancelled.
    assert win_chances([3], [_dist({15: 1}), _dist({15: 1}), _dist({3: 1})], False) == [0.0]
    # On a negative pot the lowest standing bid takes it: two 1s cancel, our 4 is lowest.
    assert win_chances([4], [_dist({1: 1}), _dist({1: 1}), _dist({5: 1})], True) == [1.0]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("lowest", [False, True])
def test_the_chance_of_taking_the_pot_is_the_rules_winner_summed_over_every_bid(players, lowest):
    rng = Rng(f"chances/{players}/{lowest}")
    others = []
    for _ in range(players - 1):
        cards = rng.sample(range(1, 16), 4)
        weights = [rng.random() for _ in cards]
        others.append(_dist({c: w / sum(weights) for c, w in zip(cards, weights, strict=True)}))
    cards = list(range(1, 16))
    supports = [[c for c in range(16) if dist[c] > 0] for dist in others]
    expected = []
    for card in cards:
        chance = 0.0
        for bids in itertools.product(*supports):
            weight = math.prod(dist[b] for dist, b in zip(others, bids, strict=True))
            table = {0: card, **{seat + 1: bid for seat, bid in enumerate(bids)}}
            chance += weight * (winning_bid(table, -1 if lowest else 1)[0] == 0)
        expected.append(chance)
    assert win_chances(cards, others, lowest) == pytest.approx(expected)


# What the rest of the game is worth after an opening 10 to a player who spends each card
# and takes the pot or not (hard's own estimate from 400 sampled worlds).
OPENING_STAKES = {1: (18.3, -1.9), 13: (11.4, -7.9), 14: (9.6, -9.4), 15: (7.8, -11.2)}


def test_in_the_rounds_equilibrium_no_player_gains_by_bidding_another_card():
    cards = [sorted(OPENING_STAKES)] * 4
    mixes = round_equilibrium(cards, [OPENING_STAKES] * 4, False, 200)
    for seat, mix in enumerate(mixes):
        others = [_dist(dict(zip(cards[j], mixes[j], strict=True))) for j in range(4) if j != seat]
        chances = win_chances(cards[seat], others, False)
        values = [
            lost + chance * (won - lost)
            for (won, lost), chance in zip(OPENING_STAKES.values(), chances, strict=True)
        ]
        expected = sum(m * v for m, v in zip(mix, values, strict=True))
        assert max(values) - expected < 0.1
        # A mixed strategy: copies of one player do not all lay the same card.
        assert max(mix) < 0.9


def test_a_result_that_rises_with_the_card_spent_is_levelled_out():
    assert _not_rising([3.0, 5.0, 1.0, 2.0]) == [4.0, 4.0, 1.5, 1.5]
    assert _not_rising([9.0, 4.0, 1.0]) == [9.0, 4.0, 1.0]


def test_hard_judges_a_higher_card_spent_never_better_than_a_lower_one():
    state = midgame(7)
    view = view_for(state, 2)
    bot = make_bot("what-the-heck", "hard", Rng("stakes"))
    obs = view.observation
    remaining = [sorted(int(c) for c in obs["remaining"][s]) for s in range(4)]
    stakes = bot.stakes(obs, 2, remaining, points_to_come(obs))
    won = [stakes[card][0] for card in sorted(stakes)]
    lost = [stakes[card][1] for card in sorted(stakes)]
    assert won == sorted(won, reverse=True) and lost == sorted(lost, reverse=True)
    assert all(w > lost_ for w, lost_ in zip(won, lost, strict=True)) == (obs["center_total"] > 0)


def _play_rounds(seats: list[str], rounds: int, seed: str):
    state = registry.get("what-the-heck").new_game(len(seats), seed=seed)
    bots = [make_bot("what-the-heck", level, Rng(f"{seed}/{s}")) for s, level in enumerate(seats)]
    for _ in range(rounds):
        bids = {seat: bots[seat].choose(view_for(state, seat)) for seat in state.to_act}
        for seat, action in bids.items():
            state.apply(seat, action)
    bots[0].choose(view_for(state, 0))  # hard judges the last round's bids
    return bots[0]


@pytest.mark.parametrize("seed", ["a", "b"])
def test_hard_soon_takes_players_who_bid_anything_for_what_they_are(seed):
    hard = _play_rounds(["hard", "random", "random", "random"], 5, seed)
    assert all(hard.thinking(seat) < 0.3 for seat in (1, 2, 3))


@pytest.mark.parametrize("seed", ["a", "b"])
def test_hard_takes_its_copies_and_medium_for_thinking_players(seed):
    hard = _play_rounds(["hard", "hard", "hard", "medium"], 5, seed)
    assert all(hard.thinking(seat) > 0.7 for seat in (1, 2, 3))
