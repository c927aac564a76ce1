"""The game in progress is written off the frame: a move never waits on the disk, only the
newest state is written, and ``flush`` (the app calls it when it ends) leaves the last
state on disk."""

from __future__ import annotations

import threading

from cardtable import storage
from cardtable.ui.tables.saver import Saver


def test_a_save_is_written_on_a_thread_of_its_own_and_never_holds_up_the_caller(monkeypatch):
    release = threading.Event()
    written: list[tuple[str, object]] = []

    def slow_save(progress):
        release.wait(5)
        written.append((threading.current_thread().name, progress))

    monkeypatch.setattr(storage, "save_progress", slow_save)
    saver = Saver()
    saver.keep("move 1")  # returns at once although the disk "takes" seconds
    assert written == [] and not saver.flush(timeout=0.05)
    release.set()
    assert saver.flush(timeout=5)
    assert written == [("saver", "move 1")]


def test_only_the_newest_state_waits_to_be_written(monkeypatch):
    writing = threading.Event()
    release = threading.Event()
    written: list[object] = []

    def save(progress):
        writing.set()
        release.wait(5)
        written.append(progress)

    monkeypatch.setattr(storage, "save_progress", save)
    saver = Saver()
    saver.keep("move 1")
    # Once the writer holds move 1 (before, a busy machine could let move 2 replace it
    # first, and the test failed now and then).
    assert writing.wait(5)
    for later in ("move 2", "move 3", "move 4"):
        saver.keep(later)
    release.set()
    assert saver.flush(timeout=5)
    assert written == ["move 1", "move 4"]


def test_a_clear_after_a_save_leaves_nothing_to_resume(monkeypatch, tmp_path):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    cleared = []
    monkeypatch.setattr(storage, "save_progress", lambda progress: None)
    monkeypatch.setattr(storage, "clear_progress", lambda key: cleared.append(key))
    saver = Saver()
    saver.keep("move 1")
    saver.clear()
    assert saver.flush(timeout=5) and cleared == ["game"]


def test_a_write_that_fails_is_said_in_one_line_and_the_saver_goes_on(monkeypatch):
    monkeypatch.setattr(storage, "_told", set())
    calls = []

    def failing(progress):
        calls.append(progress)
        if progress == "move 1":
            raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage, "save_progress", failing)
    saver = Saver()
    saver.keep("move 1")
    assert saver.flush(timeout=5)
    said = "This game cannot be kept (Permission denied); it cannot be resumed later."
    assert saver.take_problem() == said and saver.take_problem() is None  # said once
    saver.keep("move 2")
    assert saver.flush(timeout=5) and calls == ["move 1", "move 2"]
