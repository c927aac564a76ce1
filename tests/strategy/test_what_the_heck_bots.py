"""What the Heck? bots: legal moves only, decided from the seat's observation alone."""

from __future__ import annotations

import itertools
import math

import pytest

from cardtable.engine import Action, Rng
from cardtable.games import registry
from cardtable.games.what_the_heck.rules import winning_bid
from cardtable.games.what_the_heck.vocabulary import bid_code
from cardtable.strategy import Bot, make_bot, playable, view_for
from cardtable.strategy.what_the_heck import (
    BidHabit,
    _not_rising,
    card_at,
    points_to_come,
    rank_match,
    round_equilibrium,
    win_chances,
)

LEVELS = playable(
    "what-the-heck"
)  # every bot the game has, offered or not (a saved game may name it)
# The slow tier: a searching level through a whole game, and expert's every decision.
WHOLE_GAME_LEVELS = [
    pytest.param(level, marks=pytest.mark.slow) if level in ("hard", "expert") else level
    for level in LEVELS
]
DECIDING_LEVELS = [
    pytest.param(level, marks=pytest.mark.slow) if level == "expert" else level for level in LEVELS
]


def midgame(seed: int, rounds: int = 6):
    state = registry.get("what-the-heck").new_game(4, seed=seed)
    rng = Rng(seed)
    for _ in range(rounds):
        for seat in state.to_act:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    state.apply(0, rng.choice(state.legal_actions(0)))  # one secret bid on the table
    return state


def test_the_game_has_random_easy_medium_hard_and_expert_bots():
    assert LEVELS == ["random", "easy", "medium", "hard", "expert"]


@pytest.mark.parametrize("level", WHOLE_GAME_LEVELS)
def test_bots_choose_only_legal_bids_through_a_whole_game(level):
    state = registry.get("what-the-heck").new_game(3, seed=2)
    bots = [make_bot("what-the-heck", level, Rng(f"t/{s}")) for s in range(3)]
    while not state.is_over:
        seat = state.to_act[0]
        view = view_for(state, seat)
        action = bots[seat].choose(view)
        assert action.code in view.codes
        state.apply(seat, action)


@pytest.mark.parametrize("level", DECIDING_LEVELS)
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
    assert all(hard.in_the_round(seat) > 0.7 for seat in (1, 2, 3))


def _learn_rule(habit: BidHabit, rule, rounds: int = 8) -> None:
    """Show ``habit`` a player's revealed bids by ``rule`` (hand, pot's rank, negative pot
    -> card) over a game's first rounds: pots of every rank, the hand shrinking."""
    hand = list(range(1, 16))
    for index in range(rounds):
        quantile = (index * 7 % 11) / 10
        negative = index % 2 == 1
        bid = rule(hand, quantile, negative)
        habit.learn(list(hand), quantile, negative, bid)
        hand.remove(bid)


def test_a_player_who_bids_the_card_ranked_as_the_pot_is_soon_predicted_exactly():
    habit = BidHabit()
    _learn_rule(habit, lambda hand, quantile, negative: card_at(hand, quantile))
    hand = [2, 4, 5, 8, 9, 11, 14]
    for quantile in (0.1, 0.5, 0.9):
        assert habit.chances(hand, quantile, False)[card_at(hand, quantile)] > 0.7


def test_a_habit_is_learned_from_the_bids_not_assumed():
    # A player who always bids its lowest card on a negative pot and its highest on any
    # other: unlike the pot's rank, and learned as it is.
    def rule(hand, quantile, negative):
        return min(hand) if negative else max(hand)

    habit = BidHabit()
    _learn_rule(habit, rule, rounds=12)
    hand = [3, 6, 7, 10, 12, 13]
    assert habit.chances(hand, 0.2, False)[13] > 0.6
    assert habit.chances(hand, 0.8, True)[3] > 0.6


def test_a_player_who_bids_anything_is_given_no_sharp_habit():
    habit = BidHabit()
    rng = Rng("anything")
    _learn_rule(habit, lambda hand, quantile, negative: rng.choice(hand), rounds=10)
    hand = [1, 3, 6, 7, 10, 12, 13, 15]
    assert max(habit.chances(hand, 0.5, False).values()) < 0.4


def test_hards_reading_of_the_others_comes_only_from_what_its_seat_sees():
    # Two hard bots with one seed watch the same game, one from the real table and one
    # from a world in which every card its seat cannot see (the others' secret bids, the
    # Point Cards to come) is dealt again each round: they bid alike and read the other
    # players (habit, thinking, anything; the habits learned) alike.
    state = registry.get("what-the-heck").new_game(4, seed="readings")
    others = {
        1: make_bot("what-the-heck", "medium", Rng("o/1")),
        2: make_bot("what-the-heck", "random", Rng("o/2")),
        3: make_bot("what-the-heck", "hard", Rng("o/3")),
    }
    real = make_bot("what-the-heck", "hard", Rng("watcher"))
    dealt_again = make_bot("what-the-heck", "hard", Rng("watcher"))
    rng = Rng("worlds")
    differed = False
    for _ in range(10):
        for seat, bot in others.items():
            state.apply(seat, bot.choose(view_for(state, seat)))
        world = state.sample_hidden(0, rng)
        assert world.observation(0) == state.observation(0)
        differed |= world.bids != state.bids or world.points != state.points
        bid = real.choose(view_for(state, 0))
        assert dealt_again.choose(view_for(world, 0)) == bid
        state.apply(0, bid)
    assert differed
    for seat in others:
        assert real.beliefs(seat) == dealt_again.beliefs(seat)
        assert real._habits[seat].seen == dealt_again._habits[seat].seen


class RankMatcher(Bot):
    """A fixed rule: always the card whose rank in hand is the pot's among those to come."""

    level = "rank-matcher"

    def choose(self, view):
        obs = view.observation
        hand = [int(card) for card in obs["hand"]]
        return Action(bid_code(rank_match(hand, obs["center_total"], points_to_come(obs))))


@pytest.mark.parametrize("seed", ["a", "b"])
def test_hard_takes_a_player_who_bids_by_a_fixed_rule_for_one_with_a_habit(seed):
    state = registry.get("what-the-heck").new_game(4, seed=seed)
    hard = make_bot("what-the-heck", "hard", Rng(f"{seed}/0"))
    bots = [
        hard,
        RankMatcher(Rng(f"{seed}/1")),
        make_bot("what-the-heck", "hard", Rng(f"{seed}/2")),
        make_bot("what-the-heck", "random", Rng(f"{seed}/3")),
    ]
    for _ in range(8):
        bids = {seat: bots[seat].choose(view_for(state, seat)) for seat in state.to_act}
        for seat, action in bids.items():
            state.apply(seat, action)
    hard.choose(view_for(state, 0))  # hard judges the last round's bids
    assert hard.beliefs(1)[0] > 0.9
    # In the round's game it counts half as a thinking player; the random player less.
    assert hard.in_the_round(1) == pytest.approx(0.5, abs=0.05)
    assert hard.in_the_round(3) < 0.5


def test_a_timed_hard_decision_with_its_budget_spent_works_out_one_round_of_the_equilibrium(
    monkeypatch,
):
    # The round's equilibrium, worked out after the worlds, is within the think budget:
    # a decision whose budget is already spent (its worker was starved) samples one world
    # and plays one round of regret matching, then answers, instead of thirty.
    import time

    from cardtable.strategy import what_the_heck

    rounds_played = []
    equilibrium = what_the_heck.round_equilibrium

    def counted(cards, stakes, lowest, iterations, *more):
        if isinstance(iterations, int):
            rounds_played.append(iterations)
            return equilibrium(cards, stakes, lowest, iterations, *more)
        mixes = equilibrium(cards, stakes, lowest, iterations, *more)
        rounds_played.append(iterations.done)
        return mixes

    monkeypatch.setattr(what_the_heck, "round_equilibrium", counted)
    state = midgame(5)
    bot = make_bot("what-the-heck", "hard", Rng(5), timed=True)
    bot.asked_at = time.perf_counter() - 10.0
    assert bot.choose(view_for(state, 1)) in state.legal_actions(1)
    assert rounds_played == [1]
    untimed = make_bot("what-the-heck", "hard", Rng(5))
    untimed.choose(view_for(state, 1))
    assert rounds_played == [1, 30], "without a budget, the same thirty rounds as ever"


def test_the_rounds_equilibrium_on_a_clock_is_the_same_as_on_a_count():
    from cardtable.strategy import ThinkClock

    cards = [[3, 7, 12], [1, 8, 15], [2, 9], [5, 10, 14]]
    stakes = [{c: (c / 3.0, -c / 5.0) for c in own} for own in cards]
    counted = round_equilibrium(cards, stakes, False, 12)
    clock = ThinkClock(12, None)
    assert round_equilibrium(cards, stakes, False, clock) == counted
    assert clock.done == 12
    # With a budget, no more than ``most`` rounds however much time is left.
    clock = ThinkClock(12, 60.0, most=12)
    assert round_equilibrium(cards, stakes, False, clock) == counted
