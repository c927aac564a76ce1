"""The random bot: a uniform baseline a user can run in every game, and every game ends
with it. It chooses uniformly among the real moves of its turn; Hit the Deck's version
slaps in a slap round and is faked out only at the modest rate its docstring states."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.cli import main
from cardtable.engine import Action, Rng
from cardtable.games import registry
from cardtable.strategy import make_bot, view_for
from cardtable.strategy.hit_the_deck import RandomHitTheDeckBot

CASES = [
    (info.id, players)
    for info in registry.all()
    for players in range(info.min_players, info.max_players + 1)
]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_sim_with_default_seats_finishes_for_every_game_and_player_count(capsys, game_id, players):
    args = ["sim", game_id, "--players", str(players), "--games", "3", "--seed", "1", "--json"]
    assert main(args) == 0
    assert "random" in capsys.readouterr().out


def test_the_issues_hit_the_deck_run_of_random_bots_ends(capsys):
    assert main(["sim", "hit-the-deck", "--players", "4", "--games", "20", "--seed", "1"]) == 0
    assert "20 games" in capsys.readouterr().out


def hit_the_deck_turn():
    state = registry.get("hit-the-deck").new_game(3, seed=2)
    seat = state.to_act[0]
    return state, seat, view_for(state, seat)


def test_hit_the_decks_random_bot_never_fakes_out_on_its_turn_and_plays_uniformly():
    state, seat, view = hit_the_deck_turn()
    real = [action for action in view.legal_actions if action.code != "hit"]
    assert "hit" in view.codes and len(real) >= 2, "a turn with a choice and a fake-out"
    bot = make_bot("hit-the-deck", "random", Rng(1))
    assert isinstance(bot, RandomHitTheDeckBot)
    chosen = Counter(bot.choose(view) for _ in range(3000))
    assert Action("hit") not in chosen
    assert set(chosen) == set(real)
    expected = 3000 / len(real)
    assert all(abs(n - expected) < 0.25 * expected for n in chosen.values())


def test_hit_the_decks_random_bot_fakes_out_at_the_rate_its_docstring_states():
    state, seat, _ = hit_the_deck_turn()
    other = (seat + 1) % state.players
    view = view_for(state, other)
    bot = make_bot("hit-the-deck", "random", Rng(3))
    offers = [bot.out_of_turn(view) for _ in range(20_000)]
    rate = sum(offer is not None for offer in offers) / len(offers)
    assert "one move in fifty" in RandomHitTheDeckBot.__doc__
    assert 0.015 < rate < 0.025
    assert all(offer[1] == Action("hit") for offer in offers if offer is not None)


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_random_bot_chooses_among_every_legal_move_of_other_games(game_id):
    state = registry.get(game_id).new_game(2, seed=4)
    seat = state.to_act[0]
    view = view_for(state, seat)
    bot = make_bot(game_id, "random", Rng(5))
    chosen = {bot.choose(view) for _ in range(2000)}
    if game_id == "hit-the-deck":
        assert chosen == {a for a in view.legal_actions if a.code != "hit"}
    else:
        assert chosen == set(view.legal_actions)
