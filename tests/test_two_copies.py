"""Two copies of the app on one home folder lose nothing: two real processes keeping
games in progress at every move, counting results and keeping records at the same moments
(``tests/two_copies.py``, the storage calls the table makes). Every result is counted,
every record kept, and each copy's game left in progress is still there."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardtable import storage

GAMES = 40
WORKER = Path(__file__).with_name("two_copies.py")


@pytest.mark.slow
def test_two_copies_at_once_keep_every_result_and_every_game_in_progress(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("CARDTABLE_HOME", str(home))
    monkeypatch.setattr(storage, "_told", set())
    monkeypatch.setattr(storage, "_swept", set())
    root = str(Path(__file__).resolve().parent.parent)
    env = {**os.environ, "CARDTABLE_HOME": str(home), "PYTHONPATH": root}
    start = time.time() + 3.0  # both ready (imports done) before either writes
    copies = [
        subprocess.Popen(
            [sys.executable, str(WORKER), name, str(GAMES), str(start)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("first", "second")
    ]
    outputs = [copy.communicate(timeout=300) for copy in copies]
    for copy, (_out, err) in zip(copies, outputs, strict=True):
        assert copy.returncode == 0 and err == "", err
    left = sorted(out.strip() for out, _ in outputs)
    data, message = storage.load_statistics()
    assert message is None
    counted = data["games"]["what-the-heck"]
    assert counted["played"] == 2 * GAMES, "every result counted"
    assert counted["seats"]["human"]["games"] == 2 * GAMES
    assert counted["you"]["played"] == 2 * GAMES
    games, message = storage.list_progress()
    assert message is None
    assert sorted(game.key for game in games) == left, "each copy's game in progress is kept"
    assert len(storage.list_saves()) == 2 * GAMES, "every record kept"
    assert not list(home.rglob("*.damaged-*")), "nothing was set aside"


HOLDER = """
import sys, time
from cardtable import storage
held = storage.hold_game(sys.argv[1])
print("held" if held is not None else "not held", flush=True)
time.sleep(60)
"""


def test_a_game_open_in_another_copy_is_marked_and_freed_when_that_copy_ends(tmp_path, monkeypatch):
    from cardtable.engine import MatchRecord

    home = tmp_path / "home"
    monkeypatch.setenv("CARDTABLE_HOME", str(home))
    record = MatchRecord("what-the-heck", 2, 1, {}, ["human", "hard"], [(0, "bid 3")])
    storage.save_progress(storage.Progress(record, ["You", "Ada"], 0, "open-elsewhere"))
    root = str(Path(__file__).resolve().parent.parent)
    env = {**os.environ, "CARDTABLE_HOME": str(home), "PYTHONPATH": root}
    other = subprocess.Popen(
        [sys.executable, "-c", HOLDER, "open-elsewhere"], env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        assert other.stdout.readline().strip() == "held"
        games, _ = storage.list_progress()
        assert [(game.key, game.elsewhere) for game in games] == [("open-elsewhere", True)]
        assert storage.hold_game("open-elsewhere") is None, "not opened twice"
    finally:
        other.kill()  # a copy that ends however it ends lets go of its mark
        other.wait()
    games, _ = storage.list_progress()
    assert [(game.key, game.elsewhere) for game in games] == [("open-elsewhere", False)]
    held = storage.hold_game("open-elsewhere")
    assert held is not None
    storage.let_go(held)
