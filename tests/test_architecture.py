"""The layers only point down (cli -> ui -> play -> strategy -> games -> engine; inside
the ui, app -> scenes -> tables -> small parts), and nothing below the ui imports pygame:
checked by the import-linter contracts in pyproject.toml and by a fresh interpreter that
loads every game, bot and the referee and plays a match. The ui stays in readable pieces:
no module over 600 lines (issue 8); how narrowly each table part reaches its table, and
that the ui has no import circle, are checked in ``test_doors.py`` (issue 29)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_linter_contracts_hold():
    lint = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    run = subprocess.run([lint], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "5 kept, 0 broken" in run.stdout
    assert "cli -> ui -> play -> strategy -> games -> engine" in run.stdout


def test_the_contracts_name_every_layer_and_keep_pygame_out_of_the_referee():
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    layers, forbidden, *_inner = config["tool"]["importlinter"]["contracts"]
    assert layers["layers"] == [
        "cardtable.cli",
        "cardtable.ui",
        "cardtable.play",
        "cardtable.strategy",
        "cardtable.games",
        "cardtable.engine",
    ]
    # Imports only for a type hint count: no import points up, not even for typing.
    assert config["tool"]["importlinter"]["exclude_type_checking_imports"] is False
    assert "cardtable.play" in forbidden["source_modules"]
    assert forbidden["forbidden_modules"] == ["pygame"]


def test_rules_and_bots_load_without_pygame():
    code = (
        "import sys\n"
        "from cardtable.games import registry\n"
        "from cardtable import strategy\n"
        "for info in registry.all():\n"
        "    strategy.levels(info.id)\n"
        "    info.new_game(info.min_players, seed=1)\n"
        "from cardtable.play import Referee, make_bots\n"
        "state = registry.get('hit-the-deck').new_game(2, seed=1)\n"
        "Referee(state, make_bots('hit-the-deck', ['easy', 'easy'], 1)).run()\n"
        "import cardtable.cli\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'pygame')\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_no_module_below_the_ui_mentions_pygame_in_an_import():
    for layer in ("engine", "games", "strategy", "play"):
        for path in (ROOT / "cardtable" / layer).rglob("*.py"):
            for line in path.read_text(encoding="utf-8").splitlines():
                stripped = line.strip()
                assert not (stripped.startswith(("import pygame", "from pygame"))), path


MODULE_LIMIT = 600


def sizes(layer: str) -> dict[str, int]:
    """Every module of ``cardtable/<layer>`` with its length in lines."""
    return {
        path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in sorted((ROOT / "cardtable" / layer).rglob("*.py"))
    }


def too_long(layer: str) -> list[str]:
    measured = sizes(layer).items()
    return [f"{name}: {lines} lines" for name, lines in measured if lines > MODULE_LIMIT]


def test_no_module_in_the_ui_is_over_600_lines():
    assert sizes("ui")["cardtable/ui/tables/base.py"] > 200  # the measure sees the tables
    assert not too_long("ui"), "split these into cohesive parts: " + "; ".join(too_long("ui"))


def test_each_game_is_a_package_and_no_module_in_the_games_is_over_600_lines():
    """Issue 33: a game's rules are a package by seam, none of it one long module."""
    from cardtable.games import registry

    measured = sizes("games")
    for info in registry.all():
        package = info.state_class.__module__.rsplit(".", 1)[0].replace(".", "/")
        assert f"{package}/state.py" in measured and f"{package}/vocabulary.py" in measured
        assert (ROOT / package / "rules_help.md").is_file(), package
    assert not too_long("games"), "split these by seam: " + "; ".join(too_long("games"))
