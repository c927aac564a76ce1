"""Reaction profiles: each level reacts in a race at its own human-like pace, drawn from
an ex-Gaussian with the bot's own generator, and one profile serves every race of every
game (Hit the Deck's slap rounds and fake-outs, Spite & Malice's Spite out of turn)."""

from __future__ import annotations

import math
import statistics

import pytest
from spite_malice_tables import STACK0, STACK1, deal

from cardtable.engine import Rng
from cardtable.games import registry
from cardtable.games.spite_malice.vocabulary import build_code, hand_source, spite_code
from cardtable.strategy import levels, make_bot, make_bots, races, view_for
from cardtable.strategy.reaction import EQUAL, PROFILES, ReactionProfile, profile_for


@pytest.mark.parametrize("level", sorted(PROFILES))
def test_a_profile_draws_an_ex_gaussian_with_its_mean_and_spread(level):
    profile = PROFILES[level]
    rng = Rng(f"draws/{level}")
    draws = [profile.draw(rng) for _ in range(20_000)]
    assert abs(statistics.fmean(draws) - profile.mean) < 0.01
    spread = math.sqrt(profile.sigma**2 + profile.tau**2)
    assert abs(statistics.pstdev(draws) - spread) < 0.02
    # Skewed to the right as human reaction times are: the mean lies above the median.
    assert statistics.median(draws) < statistics.fmean(draws)
    assert min(draws) >= profile.floor


def test_the_same_seed_gives_the_same_reactions():
    profile = PROFILES["medium"]
    first, second = Rng("same"), Rng("same")
    assert [profile.draw(first) for _ in range(20)] == [profile.draw(second) for _ in range(20)]


def test_no_reaction_comes_before_the_floor():
    sudden = ReactionProfile("a test", mu=0.0, sigma=0.5, tau=0.01, floor=0.2)
    rng = Rng("floor")
    assert min(sudden.draw(rng) for _ in range(500)) == 0.2


def test_the_levels_are_quicker_in_order_and_expert_has_hards_hands():
    means = {level: PROFILES[level].mean for level in PROFILES}
    assert means["hard"] < means["medium"] < means["random"] < means["easy"]
    assert PROFILES["expert"] == PROFILES["hard"]
    assert profile_for("some new level") == PROFILES[EQUAL] == PROFILES["medium"]


def test_every_level_any_game_offers_has_a_profile():
    offered = {level for info in registry.all() for level in levels(info.id)}
    assert offered <= set(PROFILES)


def test_only_games_with_a_slap_round_or_a_move_out_of_turn_race():
    assert {info.id for info in registry.all() if races(info.id)} == {
        "hit-the-deck",
        "spite-malice",
    }


def spite_position():
    """Seat 0 is two cards from winning and has just built: seat 1 may spite out of turn."""
    state = deal([STACK0, STACK1], ["2 3 9 10", "WS-BURY 11 12 12"], draw="1")
    state.stacks[0][:] = state.stacks[0][:1]
    state.apply(0, build_code(hand_source("2"), 1))
    return state


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_a_spite_out_of_turn_comes_after_the_levels_reaction_time(level):
    state = spite_position()
    bot = make_bot("spite-malice", level, Rng("spite"))
    offer = bot.out_of_turn(view_for(state, 1))
    assert offer is not None and offer[1].code == spite_code("BURY", 0)
    assert offer[0] == PROFILES[level].draw(Rng("spite"))


def test_with_equal_slap_a_hard_spite_comes_at_mediums_pace():
    state = spite_position()
    bot = make_bots("spite-malice", ["hard", "hard"], 4, equal_slap=True)[1]
    twin = Rng(bot.rng.seed)
    offer = bot.out_of_turn(view_for(state, 1))
    assert offer is not None and offer[0] == PROFILES["medium"].draw(twin)
