"""The one search (``cardtable.strategy.search``): deterministic for a seed and a number of
rounds, it finds the move that wins, it decides from the seat's view alone, and what it
returns is always a legal move, in turn-based games, simultaneous steps and timed windows.

The games here get a plain ``SearchGame``: every legal move in the tree, random roll-outs,
value read from the coins or scores, so that the tests judge the search, not a policy."""

from __future__ import annotations

import pytest
from test_copycat_bots import deal

from cardtable.engine import Action, GameState, Rng
from cardtable.games import registry
from cardtable.strategy import ThinkClock, view_for
from cardtable.strategy.search import common_worlds, ismcts


class RandomPlayout:
    """Every legal move, random roll-outs for ``depth`` moves (closing a timed window
    nobody acts in), value: each seat's share of the spread between the lowest and the
    highest of ``score(world)``."""

    def __init__(self, score, depth: int = 200, priors=None):
        self.score = score
        self.depth = depth
        self.priors = priors
        self.worlds: list[GameState] = []

    def moves(self, world: GameState, seat: int) -> list[Action]:
        return world.legal_actions(seat)

    def rollout(self, world: GameState, rng: Rng) -> None:
        self.worlds.append(world)
        for _ in range(self.depth):
            if world.is_over:
                return
            if not world.to_act:
                world.close_window()
                continue
            seat = min(world.to_act)
            world.apply(seat, rng.choice(world.legal_actions(seat)))

    def value(self, world: GameState) -> list[float]:
        scores = self.score(world)
        low, high = min(scores), max(scores)
        if high == low:
            return [0.5] * len(scores)
        return [(s - low) / (high - low) for s in scores]

    def prior(self, world: GameState, seat: int, moves: list[Action]) -> list[float] | None:
        return None if self.priors is None else [self.priors(move) for move in moves]


def coins(world: GameState) -> list[int]:
    return list(world.coins)


def scores(world: GameState) -> list[float]:
    result = world.result
    return list(result.scores) if result is not None else [0.0] * world.players


def rounds(n: int) -> ThinkClock:
    return ThinkClock(n, None)


def this_game(world: GameState) -> RandomPlayout:
    """Copy Cat roll-outs to the end of the game being played (a state is a whole match)."""
    game_index = world.game_index

    class ThisGame(RandomPlayout):
        def rollout(self, world: GameState, rng: Rng) -> None:
            self.worlds.append(world)
            while world.game_index == game_index and not world.is_over:
                seat = world.to_act[0]
                world.apply(seat, rng.choice(world.legal_actions(seat)))

    return ThisGame(coins)


def random_position(
    game_id: str, players: int, seed: int, steps: int, choices: int = 2
) -> GameState:
    """A position after ``steps`` random moves (closing windows nobody acts in) where a
    seat to act has at least ``choices`` moves."""
    state = registry.get(game_id).new_game(players, seed=seed)
    rng = Rng(f"position/{seed}")
    done = 0
    while True:
        if not state.to_act:
            state.close_window()
            continue
        seat = min(state.to_act)
        legal = state.legal_actions(seat)
        if done >= steps and len(legal) >= choices:
            return state
        state.apply(seat, rng.choice(legal))
        done += 1


def test_the_same_seed_and_rounds_give_the_same_move():
    state = random_position("copycat", 4, seed=2, steps=9)
    seat = state.to_act[0]
    moves = {
        ismcts(view_for(state, seat), this_game(state), rounds(60), Rng("same")).code
        for _ in range(3)
    }
    assert len(moves) == 1


def test_it_plays_out_the_whole_hand_when_that_wins_the_game_at_once():
    # Seat 0 starts game 1 holding every Two: laying them all is Pattern B (3 coins from
    # each player); any other play leaves the game to chance.
    state = deal(["2 2 2 2 2/7", "1 3 5 6 8", "1 4 4 6 7", "3 3 5 8 8"])
    game = this_game(state)
    move = ismcts(view_for(state, 0), game, rounds(150), Rng(1))
    assert move.code == "play 2 2 2 2 2/7 as 2"


@pytest.mark.parametrize("seed", [1, 3])
def test_it_decides_the_same_whatever_the_cards_it_cannot_see(seed):
    state = random_position("copycat", 4, seed=seed, steps=7)
    seat = state.to_act[0]
    other = state.sample_hidden(seat, Rng(f"other/{seed}"))
    assert other.observation(seat) == state.observation(seat)
    assert other.hands != state.hands or other.draw_pile != state.draw_pile
    first, second = this_game(state), this_game(other)
    assert ismcts(view_for(state, seat), first, rounds(80), Rng("same")) == ismcts(
        view_for(other, seat), second, rounds(80), Rng("same")
    )
    # The worlds it played in were the same deals, not the true hands of either state.
    assert [w.hands for w in first.worlds] == [w.hands for w in second.worlds]


@pytest.mark.parametrize(
    ("game_id", "players", "score", "steps"),
    [
        ("copycat", 3, coins, 5),
        ("what-the-heck", 3, scores, 4),  # simultaneous bids
        ("hit-the-deck", 4, scores, 12),  # slap rounds: timed windows
        ("spite-malice", 2, scores, 10),
        ("mean", 4, scores, 10),
    ],
)
def test_what_comes_out_is_always_one_of_the_seats_legal_moves(game_id, players, score, steps):
    for seed in range(4):
        state = random_position(game_id, players, seed=seed, steps=steps + seed)
        for seat in state.to_act:
            view = view_for(state, seat)
            game = RandomPlayout(score, depth=40)
            move = ismcts(view, game, rounds(25), Rng(seed))
            assert move.code in view.codes
            assert state.check(seat, move.code) is None


def test_a_pruned_tree_returns_only_the_moves_the_game_offers():
    state = random_position("copycat", 4, seed=4, steps=3, choices=3)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    kept = legal[-1].code  # the game considers one move only: a prior-pruned list

    class Pruned(RandomPlayout):
        def moves(self, world, who):
            moves = world.legal_actions(who)
            return [m for m in moves if m.code == kept] if who == seat else moves

    move = ismcts(view_for(state, seat), Pruned(coins, depth=30), rounds(20), Rng(5))
    assert move.code == kept


def test_the_prior_leads_the_first_rounds():
    state = random_position("copycat", 4, seed=6, steps=3, choices=3)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    favourite = legal[len(legal) // 2].code
    # Every result ties (coins only ever equal): once every move is tried, the prior decides.
    game = RandomPlayout(
        lambda world: [0] * world.players,
        depth=0,
        priors=lambda move: 1.0 if move.code == favourite else 0.0,
    )
    clock = rounds(len(legal) + 5)
    assert ismcts(view_for(state, seat), game, clock, Rng(7)).code == favourite


def test_a_timed_clock_runs_at_least_one_round_and_stops():
    state = random_position("copycat", 4, seed=8, steps=5)
    seat = state.to_act[0]
    game = this_game(state)
    clock = ThinkClock(10, 0.0)
    move = ismcts(view_for(state, seat), game, clock, Rng(9))
    assert move.code in view_for(state, seat).codes
    assert clock.done == 1


def test_common_worlds_plays_every_move_in_the_same_world_and_a_new_world_each_round():
    state = random_position("copycat", 4, seed=2, steps=9, choices=3)
    seat = state.to_act[0]
    moves = state.legal_actions(seat)[:3]
    game = RandomPlayout(coins, depth=0)
    common_worlds(view_for(state, seat), game, moves, rounds(4), Rng(1))
    assert [world.history[-1] for world in game.worlds] == [(seat, m.code) for m in moves] * 4
    others = [[hand for s, hand in enumerate(w.hands) if s != seat] for w in game.worlds]
    for round_ in range(4):
        assert others[3 * round_] == others[3 * round_ + 1] == others[3 * round_ + 2]
    assert len({repr(others[3 * round_]) for round_ in range(4)}) == 4
    assert all(
        others[3 * round_] != [h for s, h in enumerate(state.hands) if s != seat]
        for round_ in range(4)
    ), "worlds are dealt, never the true hands"


@pytest.mark.parametrize(("head_start", "best"), [(0.0, 1), (0.05, 1), (0.15, 0)])
def test_common_worlds_keeps_the_first_move_unless_another_beats_it_by_its_head_start(
    head_start, best
):
    state = random_position("copycat", 4, seed=4, steps=3, choices=3)
    seat = state.to_act[0]
    moves = state.legal_actions(seat)[:2]
    worth = {moves[0].code: 0.5, moves[1].code: 0.6}  # every world alike
    game = RandomPlayout(lambda world: [0] * world.players, depth=0)
    game.value = lambda world: [worth[world.history[-1][1]]] * world.players
    chosen = common_worlds(view_for(state, seat), game, moves, rounds(10), Rng(3), head_start)
    assert chosen == moves[best]


def test_a_timed_search_counts_the_time_its_decision_waited_to_be_taken_up():
    # A decision asked for long ago (its worker was starved) has spent its budget: the
    # search runs its one round and answers at once.
    import time

    from cardtable.strategy import make_bot

    bot = make_bot("mean", "hard", Rng(1), timed=True)
    bot.asked_at = time.perf_counter() - 10.0
    clock = bot.think_clock(20)
    while clock.more():
        pass
    assert clock.done == 1
    bot.asked_at = None  # asked just now: the whole budget
    clock = bot.think_clock(20)
    while clock.more():
        pass
    assert clock.done > 1


@pytest.mark.parametrize("game_id", ["mean", "hit-the-deck", "copycat", "spite-malice"])
def test_a_timed_search_leaves_part_of_the_budget_for_the_answers_trip_back(game_id):
    # The table waits for the answer, not the search: a search that spent the whole
    # budget would answer late by the time the move takes to come back from the bot's
    # process. A search ends by nine tenths of the budget.
    from cardtable.strategy import make_bot

    bot = make_bot(game_id, "hard", Rng(1), timed=True)
    clock = bot.think_clock(20)
    assert clock.budget is not None
    assert clock.budget <= 0.9 * bot.think_budget * bot.budget_scale


def test_a_timed_search_reports_its_best_move_so_far_as_it_goes():
    # The bot pool's worker passes these on, so a starved search still has an answer
    # for the table when its budget ends.
    import time

    reported: list[str] = []
    ThinkClock.report = reported.append
    try:
        clock = ThinkClock(100, 10.0)
        clock.best = lambda: "the best so far"
        for _ in range(4):
            assert clock.more()
            time.sleep(ThinkClock.REPORT_EVERY * 1.5)
        clock.more()
        untimed = ThinkClock(5, None)
        untimed.best = lambda: "never asked"
        while untimed.more():
            time.sleep(ThinkClock.REPORT_EVERY * 1.5)
    finally:
        ThinkClock.report = None
    assert reported == ["the best so far"] * 4


@pytest.mark.parametrize("search", ["ismcts", "common_worlds"])
def test_a_searchs_best_move_so_far_is_one_of_its_legal_moves(search):
    state = random_position("copycat", 4, seed=2, steps=9, choices=3)
    seat = state.to_act[0]
    view = view_for(state, seat)
    clock = ThinkClock(1000, 0.15)
    reported: list[Action] = []
    ThinkClock.report = reported.append
    try:
        if search == "ismcts":
            answer = ismcts(view, this_game(state), clock, Rng("best"))
        else:
            answer = common_worlds(view, this_game(state), view.legal_actions, clock, Rng("b"))
    finally:
        ThinkClock.report = None
    legal = {action.code for action in view.legal_actions}
    assert reported and {action.code for action in reported} <= legal
    assert answer.code in legal
