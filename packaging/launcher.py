"""The frozen build's entry point: ``cardtable.cli.main`` with what a double-click needs.

PyInstaller freezes this script, not ``cardtable/__main__.py``, so the package is imported
as ``cardtable`` (a script's own folder goes on ``sys.path``, which would make
``cardtable/``'s modules importable under bare names too).

A windowed build on Windows has no console: ``sys.stdout`` and ``sys.stderr`` are None,
and a ``print`` would raise. They go to a log file in the user's log folder instead, so a
failure leaves its message where a player (or a bug report) can find it. An uncaught error
is written there and the exit status is 1, rather than PyInstaller's error dialog, which
would block a headless ``--smoke`` run forever.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import traceback


def _console_or_log() -> None:
    if sys.stdout is not None and sys.stderr is not None:
        return
    try:
        from platformdirs import user_log_dir

        folder = user_log_dir("CardTable", appauthor=False)
        os.makedirs(folder, exist_ok=True)
        sink = open(os.path.join(folder, "cardtable.log"), "a", encoding="utf-8", buffering=1)  # noqa: SIM115
    except OSError:
        sink = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    sys.stdout = sys.stdout or sink
    sys.stderr = sys.stderr or sink


def launch() -> int:
    multiprocessing.freeze_support()  # `cardtable sim --jobs N` spawns copies of this binary
    _console_or_log()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        from cardtable.cli import main

        return main()
    except SystemExit as stop:
        raise stop
    except BaseException:  # every failure must end with a message and a status
        traceback.print_exc()
        return 1


if __name__ == "__main__":
    sys.exit(launch())
