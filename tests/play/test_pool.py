"""The bot pool: bots decide in other processes, started once and reused; what crosses over
is the seat's view; a worker that dies or overruns is replaced and the match goes on."""

from __future__ import annotations

import os
import time

import pytest

from cardtable.engine import Rng
from cardtable.games import registry
from cardtable.play import Referee
from cardtable.play.pool import BotPool, portable_view
from cardtable.strategy import make_bots, view_for
from cardtable.strategy.what_the_heck import HardBot, MediumBot


class SleepyBot(MediumBot):
    """Thinks for a minute on its first move, then plays like medium."""

    def choose(self, view):
        if view.observation["round"] == 1:
            time.sleep(60)
        return super().choose(view)


class CrashingBot(MediumBot):
    """Its process dies on its first move."""

    def choose(self, view):
        if view.observation["round"] == 1:
            os._exit(3)
        return super().choose(view)


def slow_start():
    """A worker's start-up on a busy machine, or from a packaged app: longer than the
    decisions' limit."""
    time.sleep(1.5)


def no_start():
    """A worker that dies as it starts (a broken installation)."""
    os._exit(3)


def never_ready():
    time.sleep(60)


@pytest.fixture
def pool():
    pool = BotPool(workers=1, limit=2.0)
    yield pool
    pool.shutdown()


@pytest.mark.slow
def test_bots_in_a_pool_play_a_match_to_the_end_with_legal_moves():
    # A generous limit: the workers think at a lower priority, and this machine is shared.
    pool = BotPool(workers=1, limit=60.0)
    try:
        play_a_match_in(pool)
    finally:
        pool.shutdown()


def play_a_match_in(pool):
    info = registry.get("what-the-heck")
    state = info.new_game(3, seed=5)
    bots = make_bots("what-the-heck", ["hard", "medium", "easy"], 5)
    referee = Referee(state, bots, ["hard", "medium", "easy"], executor=pool)
    referee.run()
    assert state.is_over
    # Every move was legal where it was made: the record replays to the same result.
    assert registry.replay(referee.record()).result == state.result
    # What the hard bot learned in the worker came back with it: it judged every reveal
    # before its last choice (with one card left it has nothing to choose).
    assert bots[0]._judged_rounds == set(range(1, 14))
    assert pool.replaced == 0


@pytest.mark.slow
def test_a_bot_that_overruns_is_replaced_by_a_random_move_and_the_match_goes_on(pool):
    info = registry.get("what-the-heck")
    state = info.new_game(2, seed=1)
    bots = [SleepyBot(Rng("sleepy")), MediumBot(Rng("medium"))]
    started = time.monotonic()
    Referee(state, bots, ["sleepy", "medium"], executor=pool).run()
    assert state.is_over
    assert pool.replaced == 1
    assert time.monotonic() - started < 30  # not the bot's minute of sleep


@pytest.mark.slow
def test_a_workers_start_up_is_no_part_of_a_decisions_time():
    # Each decision may take 1 s; the worker takes 1.5 s to start, and again after the
    # overrun. Only the sleepy bot's minute is too long: the start-ups are not.
    pool = BotPool(workers=1, limit=1.0, setup=slow_start)
    try:
        state = registry.get("what-the-heck").new_game(2, seed=1)
        bots = [SleepyBot(Rng("sleepy")), MediumBot(Rng("medium"))]
        Referee(state, bots, ["sleepy", "medium"], executor=pool).run()
        assert state.is_over
        assert pool.replaced == 1
    finally:
        pool.shutdown()


@pytest.mark.parametrize(
    ("setup", "startup", "why"),
    # A worker that stops is seen to stop however long its start may take (on a busy
    # machine a process can take more than half a second just to begin).
    [(no_start, 60.0, "process stopped"), (never_ready, 0.5, "did not start in 0.5 seconds")],
)
@pytest.mark.slow
def test_a_pool_whose_workers_cannot_start_gives_up_and_the_match_goes_on(
    setup, startup, why, capsys
):
    pool = BotPool(workers=1, limit=5.0, setup=setup, startup=startup)
    try:
        state = registry.get("what-the-heck").new_game(2, seed=4)
        bots = [MediumBot(Rng("one")), MediumBot(Rng("two"))]
        Referee(state, bots, ["one", "two"], executor=pool).run()
        assert state.is_over  # every decision failed, and a random move stood in for it
        # Three workers tried, two of them replacements; then no more: no process loop.
        assert pool.replaced == 2
        assert pool.broken is not None and why in pool.broken
        assert "no bot process could start" in capsys.readouterr().err
    finally:
        pool.shutdown()


@pytest.mark.slow
def test_a_bot_whose_process_dies_is_replaced_and_the_match_goes_on(pool):
    info = registry.get("what-the-heck")
    state = info.new_game(2, seed=2)
    bots = [CrashingBot(Rng("crash")), MediumBot(Rng("medium"))]
    Referee(state, bots, ["crash", "medium"], executor=pool).run()
    assert state.is_over
    assert pool.replaced == 1


def test_the_view_sent_to_a_worker_holds_only_what_the_seat_may_know():
    state = registry.get("mean").new_game(4, seed=9)
    view = view_for(state.copy(), 2)
    sent = portable_view(view, Rng("send"))
    world = sent.sample_world(Rng("there"))
    assert world.observation(2) == state.observation(2)
    assert world.history == [] and world.setup_events == []
    # The hidden cards were reshuffled before leaving: the world is not the true deal.
    assert any(
        world.zones()[name].cards != zone.cards
        for name, zone in state.zones().items()
        if zone.hidden_positions(2)
    )


class StarvedSearcher(HardBot):
    """A searching bot whose search never ends in time on its first move (a worker starved
    by a busy machine); its quick choice is the lowest card it may bid."""

    def fallback(self, view):
        return view.legal_actions[0]

    def choose(self, view):
        if view.observation["round"] == 1:
            time.sleep(60)
        return super().choose(view)


@pytest.mark.slow
def test_a_searching_bot_that_overruns_gets_its_quick_choice_not_a_random_move(pool, capsys):
    state = registry.get("what-the-heck").new_game(2, seed=1)
    bots = [StarvedSearcher(Rng("starved")), MediumBot(Rng("medium"))]
    first = view_for(state, 0).legal_actions[0]
    Referee(state, bots, ["hard", "medium"], executor=pool).run()
    assert state.is_over and pool.replaced == 1
    assert [code for seat, code in state.history if seat == 0][0] == first.code
    assert "its quick choice is played" in capsys.readouterr().err


def loaded_modules() -> set[str]:
    """In the worker: the modules it has loaded."""
    import sys

    return set(sys.modules)


def test_a_worker_has_every_games_bots_loaded_before_its_first_decision():
    # The first decision of a game once waited for its bots' module to load in the
    # worker: a hard bot's first move at the table came late by the import.
    from cardtable import strategy

    strategy.make_bot("mean", "random", Rng(1))  # the catalog, in this process
    wanted = {bot.__module__ for bots in strategy._BOTS.values() for bot in bots.values()}
    pool = BotPool(workers=1, limit=30.0)
    try:
        loaded = pool.submit(loaded_modules).result(timeout=60)
    finally:
        pool.shutdown()
    assert {"cardtable.strategy.mean", "cardtable.strategy.what_the_heck"} <= wanted
    assert wanted <= loaded


class SlowRoundSearcher(MediumBot):
    """A searching bot on a 0.3 s think budget whose third round takes 2 s (a worker
    starved halfway through a search by a busy machine). Its quick choice is the first
    legal move, its best after its first rounds the last, its finished search the second."""

    searches = True
    think_budget = 0.3

    def fallback(self, view):
        return view.legal_actions[0]

    def choose(self, view):
        legal = view.legal_actions
        clock = self.think_clock(3)
        clock.best = lambda: legal[-1]
        while clock.more():
            time.sleep(0.05 if clock.done < 3 else 2.0)
        return legal[1]


def games_and_this_module() -> None:
    """A worker's start-up that loads this module too (the bots above), and takes a while."""
    from cardtable.play.pool import _load_games

    _load_games()
    time.sleep(0.5)


def timed_decision(pool: BotPool, bot) -> tuple[str, str, float]:
    """The move ``bot`` makes at seat 0 of a two-player What the Heck? through ``pool``, the
    seat's last legal move, and the seconds the answer took."""
    view = view_for(registry.get("what-the-heck").new_game(2, seed=1), 0)
    started = time.perf_counter()
    action = pool.submit(bot.choose, view).result(timeout=30)
    return action.code, view.legal_actions[-1].code, time.perf_counter() - started


def test_a_starved_search_answers_at_its_budgets_end_with_its_best_move_so_far():
    # The table waits no longer than the think budget: the best move the search found
    # before its worker was starved, not its late answer, not its quick choice.
    pool = BotPool(workers=1, limit=10.0, setup=games_and_this_module)
    try:
        # Asked while the worker starts up: the start-up is no part of the budget.
        code, last, _seconds = timed_decision(pool, SlowRoundSearcher(Rng("first"), timed=True))
        assert code == last
        time.sleep(2.5)  # the worker finishes that search; its late answer is not played
        code, last, seconds = timed_decision(pool, SlowRoundSearcher(Rng("slow"), timed=True))
        assert code == last
        assert seconds < 1.5  # the two-second round was not waited for
        assert pool.replaced == 0
    finally:
        pool.shutdown()


@pytest.mark.slow
def test_a_search_on_fixed_rounds_is_waited_for_whatever_it_takes():
    # Tests and ``cardtable sim`` count rounds, not time: the same seed, the same move.
    pool = BotPool(workers=1, limit=10.0)
    try:
        view = view_for(registry.get("what-the-heck").new_game(2, seed=1), 0)
        action = pool.submit(SlowRoundSearcher(Rng("slow")).choose, view).result(timeout=30)
        assert action == view.legal_actions[1]
    finally:
        pool.shutdown()
