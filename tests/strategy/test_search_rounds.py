"""``make_bot(..., rounds=N)``: every search of the bot runs N rounds (sampled worlds)
instead of its level's own, timed or not (the soak runs hard seats so)."""

from __future__ import annotations

import pytest

from cardtable.engine import Rng
from cardtable.games import registry
from cardtable.strategy import copycat as copycat_bots
from cardtable.strategy import levels, make_bot, make_bots, view_for

SEARCHING = [game_id for game_id in registry.ids() if "hard" in levels(game_id)]


def rounds_run(clock) -> int:
    done = 0
    while clock.more():
        done += 1
    return done


@pytest.mark.parametrize("game_id", SEARCHING)
@pytest.mark.parametrize("timed", [False, True])
def test_rounds_fix_every_search_of_the_bot(game_id, timed):
    bot = make_bot(game_id, "hard", Rng(1), timed=timed, rounds=3)
    assert rounds_run(bot.think_clock(48)) == 3
    assert rounds_run(make_bot(game_id, "hard", Rng(1)).think_clock(48)) == 48


def test_make_bots_gives_the_rounds_to_every_seat():
    bots = make_bots("mean", ["hard", "medium", "random"], "s", rounds=2)
    assert [bot.search_rounds for bot in bots] == [2, 2, 2]
    assert [bot.search_rounds for bot in make_bots("mean", ["hard"], "s")] == [None]


@pytest.mark.parametrize("rounds", [0, -1, 1.5, "2", True])
def test_a_search_needs_at_least_one_round(rounds):
    with pytest.raises(ValueError, match="at least 1 round"):
        make_bot("mean", "hard", Rng(1), rounds=rounds)


def search_position(game_id: str, players: int, wanted) -> tuple:
    """A position from random play where ``wanted(state, seat)`` holds for the seat to act."""
    state = registry.get(game_id).new_game(players, seed=5)
    rng = Rng("position")
    for _ in range(3000):
        seat = state.to_act[0]
        if wanted(state, seat):
            return state, seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no such position")


HARD = copycat_bots.HardBot


# Hard deals one world to list its moves in, the worlds of its sift (48, 48 more at a time
# while its best two moves are close, up to 192; or as many as its rounds when they are
# fewer) and one world a round.
SIFTS = range(HARD.sift_worlds, HARD.sift_most + 1, HARD.sift_worlds)


@pytest.mark.parametrize(
    ("rounds", "dealt"),
    [(None, {1 + sift + HARD.rounds for sift in SIFTS}), (2, {5}), (1, {3})],
)
def test_copy_cats_hard_bot_deals_its_sifts_worlds_and_one_a_round(monkeypatch, rounds, dealt):
    def plays_to_weigh(state, seat):
        codes = [action.code for action in state.legal_actions(seat)]
        plays = [code for code in codes if code.startswith("play")]
        return state.phase == "play" and len(plays) >= 2 and len(state.hands[seat]) > 2

    state, seat = search_position("copycat", 3, plays_to_weigh)
    deal = copycat_bots.deal_read
    worlds = []
    monkeypatch.setattr(copycat_bots, "deal_read", lambda *a: worlds.append(1) or deal(*a))
    view = view_for(state, seat)
    action = make_bot("copycat", "hard", Rng(3), rounds=rounds).choose(view)
    assert action.code in view.codes
    assert len(worlds) in dealt
