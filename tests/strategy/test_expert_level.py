"""The expert level: every game whose hard bot searches has it (offered only where it is
shown stronger than hard: ``test_levels_offered``; a saved game may name it anywhere); it
is that game's hard bot with four times the search (rounds, and think budget at the
table), as deterministic as hard under a fixed number of rounds, and it goes to the bot
pool's processes like any bot."""

from __future__ import annotations

import pickle

import pytest

from cardtable.engine import Rng
from cardtable.games import registry
from cardtable.play import Referee
from cardtable.play.pool import BotPool
from cardtable.strategy import (
    EXPERT_SCALE,
    LEVEL_WORDS,
    levels,
    make_bot,
    make_bots,
    playable,
    view_for,
)

# Every game's hard bot searches (Hit the Deck's since issue 15's search came to it).
GAMES = registry.ids()


def hard_class(game_id: str) -> type:
    return type(make_bot(game_id, "hard", Rng(0)))


def test_a_game_whose_hard_bot_does_not_search_has_no_expert():
    # Four times no search is hard under another name: such a game stops at hard.
    from cardtable.strategy import _BOTS, register_bots
    from cardtable.strategy.hit_the_deck import EasyBot, MediumBot

    class JudgementHard(MediumBot):
        level = "hard"

    try:
        register_bots("judgement-only", {"easy": EasyBot, "hard": JudgementHard})
        assert playable("judgement-only") == levels("judgement-only") == ["random", "easy", "hard"]
        with pytest.raises(KeyError, match="no 'expert' bot for judgement-only"):
            make_bot("judgement-only", "expert", Rng(0))
    finally:
        _BOTS.pop("judgement-only", None)
    assert all(make_bot(game_id, "hard", Rng(0)).searches for game_id in GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_expert_after_hard(game_id):
    assert playable(game_id)[-2:] == ["hard", "expert"]
    expert = make_bot(game_id, "expert", Rng(0))
    assert isinstance(expert, hard_class(game_id))
    assert expert.level == "expert" and expert.budget_scale == EXPERT_SCALE == 4
    assert make_bot(game_id, "hard", Rng(0)).budget_scale == 1
    assert LEVEL_WORDS["expert"]


def rounds_run(clock) -> int:
    while clock.more():
        pass
    return clock.done


@pytest.mark.parametrize("game_id", GAMES)
def test_the_experts_clock_runs_four_times_the_rounds_and_budget_of_hards(game_id):
    hard = make_bot(game_id, "hard", Rng(1))
    expert = make_bot(game_id, "expert", Rng(1))
    assert rounds_run(expert.think_clock(7)) == 4 * rounds_run(hard.think_clock(7)) == 28
    timed_hard = make_bot(game_id, "hard", Rng(1), timed=True)
    timed_expert = make_bot(game_id, "expert", Rng(1), timed=True)
    if timed_hard.think_budget is None:
        assert timed_expert.think_clock(7).budget is None
    else:
        assert timed_expert.think_clock(7).budget == pytest.approx(
            4 * timed_hard.think_clock(7).budget
        )
    # A fixed number of rounds (the soak's) says how many, whatever the level.
    assert rounds_run(make_bot(game_id, "expert", Rng(1), rounds=3).think_clock(7)) == 3


def counted(bot) -> list:
    """``bot`` with every search clock it makes kept in the returned list."""
    clocks = []
    make = bot.think_clock

    def think_clock(rounds, *more):
        clock = make(rounds, *more)
        clocks.append(clock)
        return clock

    bot.think_clock = think_clock
    return clocks


def searched_positions(game_id: str, wanted: int = 2, steps: int = 400):
    """Rounds searched by hard and by expert (same seed) at the first ``wanted`` positions
    of a seeded random game where hard searched at all, or at every position if it never
    does; each entry (hard's rounds, expert's rounds)."""
    state = registry.get(game_id).new_game(4 if game_id != "copycat" else 3, seed=11)
    rng = Rng(f"positions/{game_id}")
    found = []
    for step in range(steps):
        if state.is_over:
            break
        if state.window is not None:
            state.close_window()
            continue
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and step % 3 == 0:
            hard = make_bot(game_id, "hard", Rng(step))
            expert = make_bot(game_id, "expert", Rng(step))
            hard_clocks, expert_clocks = counted(hard), counted(expert)
            hard.choose(view_for(state, seat))
            expert.choose(view_for(state, seat))
            hard_rounds = sum(clock.done for clock in hard_clocks)
            found.append((hard_rounds, sum(clock.done for clock in expert_clocks)))
            if sum(1 for rounds, _ in found if rounds) >= wanted:
                break
        real = [action for action in legal if action.code != "hit"] or legal
        state.apply(seat, rng.choice(real))
    return found


@pytest.mark.slow
def test_expert_searches_four_times_the_rounds_of_hard_in_real_decisions():
    searching = []
    for game_id in GAMES:
        found = searched_positions(game_id)
        assert found, game_id
        assert [expert for _hard, expert in found] == [4 * hard for hard, _ in found], game_id
        if any(hard for hard, _ in found):
            searching.append(game_id)
    # Not true by default: the games whose hard bot searches were counted in real moves.
    assert {"what-the-heck", "mean", "copycat", "hit-the-deck"} <= set(searching)


@pytest.mark.parametrize("game_id", GAMES)
def test_expert_is_deterministic_with_fixed_rounds(game_id):
    players = registry.get(game_id).min_players
    seats = ["expert"] + ["medium"] * (players - 1)

    def play() -> list:
        state = registry.get(game_id).new_game(players, seed=3)
        Referee(state, make_bots(game_id, seats, 3, rounds=2), seats).run()
        assert state.is_over
        return state.history

    assert play() == play()


@pytest.mark.slow
def test_an_experts_whole_game_at_its_own_rounds_repeats_exactly():
    seats = ["expert", "medium"]

    def play() -> list:
        state = registry.get("what-the-heck").new_game(2, seed=5)
        Referee(state, make_bots("what-the-heck", seats, 5), seats).run()
        return state.history

    assert play() == play()


def test_an_expert_travels_to_another_process_and_back_as_itself():
    bot = make_bot("what-the-heck", "expert", Rng("trip"), timed=True)
    bot.rng.random()
    again = pickle.loads(pickle.dumps(bot))
    assert type(again) is type(bot)
    assert again.level == "expert" and again.budget_scale == 4 and again.timed
    assert again.rng.random() == bot.rng.random()


@pytest.mark.slow
def test_experts_in_the_bot_pool_play_a_match_to_the_end():
    # A generous limit: the workers think at a lower priority, and this machine is shared.
    pool = BotPool(workers=1, limit=60.0)
    try:
        state = registry.get("what-the-heck").new_game(2, seed=8)
        seats = ["expert", "medium"]
        referee = Referee(state, make_bots("what-the-heck", seats, 8), seats, executor=pool)
        referee.run()
        assert state.is_over
        assert registry.replay(referee.record()).result == state.result
        assert pool.replaced == 0
    finally:
        pool.shutdown()
