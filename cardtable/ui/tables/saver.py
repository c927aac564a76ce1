"""Keeping the game in progress off the frame: the latest state is written by a thread of
its own, atomically as ever (``storage.save_progress``), so a move never waits on the
disk. Only the newest state waits to be written (an older one it replaces is never
written), and ``flush`` waits until it is on disk: the table calls it when it closes and
the app when it ends, so the last state is always the one on disk when the app exits.
Not for what is kept or how (``cardtable.storage``).
"""

from __future__ import annotations

import sys
import threading
from typing import Any

_CLEAR = object()  # the game ended or every move was taken back: no game to resume


class Saver:
    """One writer thread for the games in progress of a table (started on first use)."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._pending: Any = None
        self._writing = False
        self._thread: threading.Thread | None = None
        self.problem: str | None = None  # the last write that failed, in one line

    def keep(self, progress: Any) -> None:
        """Write ``progress`` soon (a ``storage.Progress``)."""
        self._put(progress)

    def clear(self) -> None:
        """Remove the game in progress soon (it ended, or nothing is left of it)."""
        self._put(_CLEAR)

    def take_problem(self) -> str | None:
        """The last write's failure in one line, once (None: every write went well)."""
        problem, self.problem = self.problem, None
        return problem

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until what was asked is on disk; False if it took longer than ``timeout``."""
        with self._lock:
            return self._lock.wait_for(
                lambda: self._pending is None and not self._writing, timeout=timeout
            )

    def _put(self, item: Any) -> None:
        with self._lock:
            self._pending = item
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="saver", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._lock.wait_for(lambda: self._pending is not None, timeout=5.0):
                    self._thread = None
                    return  # idle: the next keep starts another
                item, self._pending, self._writing = self._pending, None, True
            try:
                self._write(item)
            finally:
                with self._lock:
                    self._writing = False
                    self._lock.notify_all()

    def _write(self, item: Any) -> None:
        from cardtable import storage

        try:
            if item is _CLEAR:
                storage.clear_progress()
            else:
                storage.save_progress(item)
        except OSError as error:
            self.problem = f"The game in progress could not be kept ({error.strerror or error})."
            print(f"Card Table: {self.problem}", file=sys.stderr)
