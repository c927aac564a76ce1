"""The bot-strength scripts in ``benchmarks/`` still run against today's command line
(``wth_outside.py`` died on its first game for a session after ``sim`` learnt
``--equal-slap``, and nothing noticed). Each plays two games into a scratch folder."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from cardtable import strategy

BENCHMARKS = Path(__file__).parent.parent / "benchmarks"


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("script", "seats", "written"),
    [
        ("wth_outside", "ross,medium,buzzard,montecarlo", "wth-smoke.json"),
        ("copycat_bots", "medium,random,medium,random", "copycat-smoke.json"),
    ],
)
def test_a_strength_run_plays_its_games_and_writes_its_summary(
    script, seats, written, tmp_path, monkeypatch
):
    strategy.levels("what-the-heck")  # the catalog loaded, so what the script adds is undone
    monkeypatch.setattr(strategy, "_BOTS", dict(strategy._BOTS))
    module = load(script)
    monkeypatch.setattr(module, "RESULTS", tmp_path)
    module.strength(seats, "smoke", 2)
    summary = json.loads((tmp_path / written).read_text())
    assert summary["games"] == 2
    assert [row["bot"] for row in summary["seats"]] == seats.split(",")
    assert sum(row["wins"] for row in summary["seats"]) == pytest.approx(2)


def test_the_outside_strategies_are_gone_from_the_levels_after_a_strength_run():
    assert "ross" not in strategy.levels("what-the-heck")


def test_a_what_the_heck_strength_run_can_be_screened_on_another_seed(tmp_path, monkeypatch):
    # Changes are screened on a development seed; seed 1 stays the measured games.
    strategy.levels("what-the-heck")
    monkeypatch.setattr(strategy, "_BOTS", dict(strategy._BOTS))
    module = load("wth_outside")
    monkeypatch.setattr(module, "RESULTS", tmp_path)
    module.strength("ross,medium,medium,medium", "smoke", 2, seed=7)
    summary = json.loads((tmp_path / "wth-smoke.json").read_text())
    assert summary["seed"] == 7 and summary["games"] == 2
    assert summary["command"].endswith("strength ross,medium,medium,medium smoke 2 --seed 7")
    module.strength("ross,medium,medium,medium", "smoke", 2)
    assert json.loads((tmp_path / "wth-smoke.json").read_text())["seed"] == 1


def test_copy_cats_last_game_test_plays_the_positions_from_first_with_any_player(capsys):
    module = load("copycat_bots")
    module.last_game(2, ["medium", "hard:8", "8"], 5)
    out = capsys.readouterr().out
    assert out.startswith("2 last games from all-medium matches")
    assert "hard:8: seat 0 wins" in out and "hard, 8 rounds: seat 0 wins" in out
    assert out.count("against medium") == 2
    with pytest.raises(SystemExit, match="unknown player 'hard-nonsense'"):
        module.last_game(1, ["hard-nonsense"], 0)


class InlinePool:
    def map(self, fn, jobs):
        return [fn(job) for job in jobs]


@pytest.mark.slow
def test_mean_tuning_compares_seat_zero_players_on_the_same_games(capsys):
    module = load("mean_tuning")
    specs = [{}, {}, {"level": "hard", "oracle": "blind"}, {"level": "hard", "oracle": "hands"}]
    module.compare(InlinePool(), 2, specs, "smoke", "random")
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4
    assert "paired +0.00 +- 0.00" in lines[1], "the same player on the same games"
    assert all("%" in line for line in lines)
    style = module.flat(module.MEDIUM)
    assert module.unflat(style) == module.MEDIUM


@pytest.mark.slow
def test_mean_tuning_can_seat_hard_searching_with_the_tree(monkeypatch):
    module = load("mean_tuning")
    rounds = []
    real = module.ismcts

    def counted(view, game, clock, rng, exploration):
        rounds.append((clock.rounds, len(game.candidates), exploration))
        return real(view, game, clock, rng, exploration)

    monkeypatch.setattr(module, "ismcts", counted)
    module.play(({"level": "hard", "tree": True, "exploration": 0.3}, "smoke", 0, 1, "random"))
    assert rounds and all(count == 20 * moves and c == 0.3 for count, moves, c in rounds)
    assert max(moves for _, moves, _ in rounds) == 5, "a round for each candidate in 20 worlds"


def test_the_keeping_fuzz_reads_damaged_homes_without_a_failure(tmp_path, monkeypatch):
    import random

    from cardtable import storage

    module = load("storage_fuzz")
    rng = random.Random("smoke")
    for index in range(6):
        home = tmp_path / f"home{index}"
        home.mkdir()
        monkeypatch.setenv("CARDTABLE_HOME", str(home))
        monkeypatch.setattr(storage, "_told", set())
        damaged, aside, failures = module.damaged_home(rng, home)
        assert failures == [], failures
        assert aside <= damaged + 1  # each damaged file (and the lock) set aside once at most
