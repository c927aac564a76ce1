"""Keeping games in progress off the frame: the latest state of each game is written by a
thread of its own, atomically as ever (``storage.save_progress``), so a move never waits
on the disk. Of each game only the newest state waits to be written (an older one it
replaces is never written), and ``flush`` waits until every one is on disk: the table
calls it when its game ends and the app when it quits, so the last state is always the
one on disk when the app exits.
Not for what is kept or how (``cardtable.storage``).
"""

from __future__ import annotations

import threading
from typing import Any

_CLEAR = object()  # the game ended or every move was taken back: no game to resume


class Saver:
    """One writer thread for the games in progress (started on first use)."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._pending: dict[str, Any] = {}  # a game's key -> its newest state, or _CLEAR
        self._writing = False
        self._thread: threading.Thread | None = None
        self.problem: str | None = None  # the last write that failed, in one line

    def keep(self, progress: Any) -> None:
        """Write ``progress`` soon (a ``storage.Progress``, kept under its ``key``)."""
        self._put(getattr(progress, "key", "game"), progress)

    def clear(self, key: str = "game") -> None:
        """Remove the game in progress kept under ``key`` soon (it ended, or nothing is
        left of it)."""
        self._put(key, _CLEAR)

    def take_problem(self) -> str | None:
        """The last write's failure in one line, once (None: every write went well)."""
        problem, self.problem = self.problem, None
        return problem

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until what was asked is on disk; False if it took longer than ``timeout``."""
        with self._lock:
            return self._lock.wait_for(
                lambda: not self._pending and not self._writing, timeout=timeout
            )

    def _put(self, key: str, item: Any) -> None:
        with self._lock:
            self._pending[key] = item
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="saver", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._lock.wait_for(lambda: bool(self._pending), timeout=5.0):
                    self._thread = None
                    return  # idle: the next keep starts another
                key = next(iter(self._pending))
                item = self._pending.pop(key)
                self._writing = True
            try:
                self._write(key, item)
            finally:
                with self._lock:
                    self._writing = False
                    self._lock.notify_all()

    def _write(self, key: str, item: Any) -> None:
        from cardtable import storage

        try:
            if item is _CLEAR:
                storage.clear_progress(key)
            else:
                storage.save_progress(item)
        except OSError as error:
            said = storage.cannot_write("This game", error, "it cannot be resumed later")
            if said:
                self.problem = said
