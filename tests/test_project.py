"""The project's own promises: the README's commands are the ones CI runs, ruff and mypy are
clean, and no unfinished stubs or skipped tests are left behind."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"^```sh\n(.+?)\n```", text, flags=re.M | re.S)


def test_the_readme_opens_with_the_install_and_start_and_the_install_and_test_commands():
    start, tests = readme_commands()[:2]
    assert "pip install" in start and start.rstrip().endswith(".venv/bin/cardtable")
    assert "pip install" in tests and "pytest" in tests


def test_ci_runs_the_readmes_test_command():
    tests = readme_commands()[1].strip()
    assert tests in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_ruff_is_clean():
    run = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_mypy_is_clean():
    # The modules it checks, and how strictly, are in pyproject.toml ([tool.mypy]).
    run = subprocess.run(
        [sys.executable, "-m", "mypy"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_no_stub_or_skipped_test_is_left_behind():
    stubs = re.compile(r"NotImplementedError|TODO|FIXME|XXX")
    skips = re.compile(r"pytest\.skip|mark\.skip|mark\.xfail|unittest\.skip")
    for path in (ROOT / "cardtable").rglob("*.py"):
        assert not stubs.search(path.read_text(encoding="utf-8")), path
    for path in (ROOT / "tests").rglob("*.py"):
        if path.name == "test_project.py":
            continue
        assert not skips.search(path.read_text(encoding="utf-8")), path
