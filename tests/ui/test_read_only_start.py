"""The app starts in a home folder it cannot write, holding damaged files of every kind it
keeps: it says what it could not keep, in one line each, and plays on. Nothing in the
folder is lost or changed. (A damaged game in progress in such a folder once stopped the
app from starting: ``load_progress`` set it aside with no guard, and ``os.replace``
raised ``PermissionError``.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from read_only_home import make_read_only, make_writable, refuse_changes, write_sitecustomize

from cardtable import storage
from cardtable.engine import MatchRecord
from cardtable.ui.app import App
from cardtable.ui.launch import Launch
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.scenes.title import TitleScene

from .conftest import until

ROOT = Path(__file__).resolve().parents[2]
REFUSED_RECORD = {"version": 1, "record": {"version": 1, "game_id": "mean"}, "names": []}


def damaged_home(home: Path) -> dict[Path, bytes | None]:
    """A home holding a damaged file of every kind the app keeps; what each held."""
    from test_hostile_files import ANY_FILE, make_bad

    heck = MatchRecord("what-the-heck", 2, 1, {}, ["human", "hard"], [(0, "bid 3")])
    heck.proof = {"deal": "0" * 16}  # an edited seed: not the deal it proves
    makers = {
        home / "settings.json": ANY_FILE["truncated"],
        home / "statistics.json": ANY_FILE["nan"],
        home / "game-in-progress.json": lambda path: path.write_text(json.dumps(REFUSED_RECORD)),
        home / ".statistics.json.lock": ANY_FILE["directory"],
        home / "in-progress" / "binary.json": ANY_FILE["binary"],
        home / "in-progress" / "fifo.json": ANY_FILE["fifo"],
        home / "in-progress" / "zero.json": ANY_FILE["link-to-dev-zero"],
        home / "in-progress" / "folder.json": ANY_FILE["directory"],
        home / "in-progress" / "old.json": ANY_FILE["other-version"],
        home / "saves" / "deep.json": ANY_FILE["deep-nesting"],
        home / "saves" / "edited.json": lambda path: path.write_text(heck.to_json()),
    }
    return {path: make_bad(path, make) for path, make in makers.items()}


def unchanged(held: dict[Path, bytes | None]) -> None:
    for path, before in held.items():
        assert os.path.lexists(path), f"{path.name} is still there"
        if before is not None:
            assert path.read_bytes() == before, f"{path.name} is as it was"


@pytest.fixture
def read_only_home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    held = damaged_home(home)
    make_read_only(home)
    refuse_changes(home, monkeypatch.setattr)
    monkeypatch.setenv("CARDTABLE_HOME", str(home))
    monkeypatch.setattr(storage, "_told", set())
    monkeypatch.setattr(storage, "_swept", set())
    yield home, held
    monkeypatch.undo()
    make_writable(home)


@pytest.mark.slow
def test_the_app_starts_in_a_read_only_home_of_damaged_files_says_so_and_plays_on(
    read_only_home,
):
    home, held = read_only_home
    app = App((1280, 720))
    try:
        app.fixed_dt = 0.05
        app.settings.animation_speed = 4.0
        app.show_title()
        for _ in range(30):
            app.step()
        title = app.manager.top
        assert isinstance(title, TitleScene) and title.games == []
        said = title.toast.message
        assert "\n" not in said
        assert said.startswith("Your settings file could not be read (broken JSON")
        assert "could not be moved aside (Permission denied)" in said
        assert "Your saved game file" in said and "more)" in said
        # A game to its end: the result cannot be counted, and the player is told.
        app.open_table(Launch("what-the-heck", 2, ("easy", "easy"), seed=3, watch=True))
        until(app, lambda: isinstance(app.manager.top, ResultsScene), limit=8000)
        results = app.manager.top
        assert "Results cannot be saved (Permission denied)" in results.toast.message
        assert "This game's record cannot be kept (Permission denied)" in results.toast.message
    finally:
        app.close()
    unchanged(held)


@pytest.mark.slow
def test_a_game_that_cannot_be_kept_in_a_read_only_home_is_said_once_and_play_goes_on(
    read_only_home,
):
    app = App((1280, 720))
    try:
        app.fixed_dt = 0.05
        app.show_title()
        app.open_table(Launch("mean", 2, ("human", "easy"), seed=2))
        table = app.manager.top
        until(app, table.awaiting_human)
        table.act(sorted(table.legal_codes())[0])
        app.saver.flush()  # written off the frame, and said at the next frame
        app.step()
        assert table.notice.words == (
            "This game cannot be kept (Permission denied); it cannot be resumed later."
        )
        app.step()
        assert app.manager.top is table and len(table.match.state.history) >= 1
    finally:
        app.close()


@pytest.mark.slow
def test_cardtable_frames_30_starts_in_a_read_only_home_of_damaged_files(tmp_path):
    # The real command in its own process. Root ignores a folder's modes, so the process
    # refuses every change in the home itself (sitecustomize) as well.
    home = tmp_path / "home"
    held = damaged_home(home)
    site = tmp_path / "site"
    site.mkdir()
    write_sitecustomize(site, home)
    make_read_only(home)
    env = {
        **os.environ,
        "CARDTABLE_HOME": str(home),
        "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)]),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    try:
        ran = subprocess.run(
            [sys.executable, "-m", "cardtable", "--frames", "30"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        make_writable(home)
    assert ran.returncode == 0, ran.stderr
    assert "Traceback" not in ran.stderr
    unchanged(held)
