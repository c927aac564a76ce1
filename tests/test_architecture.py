"""The layers only point down (cli -> ui -> net -> play | storage -> strategy -> games -> engine
-> names, every top module of cardtable in one; inside the ui, app -> scenes -> tables ->
small parts), and nothing below the ui imports pygame: checked by the import-linter
contracts in pyproject.toml and by a fresh interpreter that
loads every game, bot and the referee and plays a match. The ui stays in readable pieces:
no module over 600 lines (issue 8); how narrowly each table part reaches its table, and
that the ui has no import circle, are checked in ``test_doors.py`` (issue 29)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def contracts() -> list[dict]:
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return config["tool"]["importlinter"]["contracts"]


def test_import_linter_contracts_hold():
    lint = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    run = subprocess.run([lint], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"{len(contracts())} kept, 0 broken" in run.stdout


def named_modules(contract: dict) -> set[str]:
    """The modules a contract names, its layers split at their ``|`` and ``:``."""
    names = set(contract.get("source_modules", ()))
    for layer in contract.get("layers", ()):
        names.update(part.strip() for part in layer.replace(":", "|").split("|"))
    return names


def test_every_top_module_of_cardtable_is_in_a_layers_contract():
    top = {
        f"cardtable.{path.stem if path.is_file() else path.name}"
        for path in (ROOT / "cardtable").iterdir()
        if (path.suffix == ".py" and path.stem != "__init__") or (path / "__init__.py").exists()
    }
    named = set().union(*(named_modules(c) for c in contracts() if c["type"] == "layers"))
    assert "cardtable.engine" in top and "cardtable.storage" in top  # the walk sees them
    assert not top - named, f"put these in a layers contract: {sorted(top - named)}"


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
    for layer in ("engine", "games", "strategy", "play", "net"):
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
