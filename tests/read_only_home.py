"""A home folder that refuses every change, as a read-only folder does, for root as well
(root ignores file modes, and the tests run as root in CI): every call that would create,
rename, replace, link or delete something inside it raises ``PermissionError``. The
folder's modes are set read-only as well, so a run that is not root is refused by the
kernel itself.

Not a test itself: ``refuse_changes(home, patch)`` in a test (``patch`` is
monkeypatch.setattr), or ``sitecustomize`` beside a run of the real app
(``write_sitecustomize``)."""

from __future__ import annotations

import builtins
import errno
import io
import os
from pathlib import Path

WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def make_read_only(home: Path) -> None:
    """Every folder in ``home`` (and it) read-only: 0o555."""
    for folder, _, _ in os.walk(home):
        os.chmod(folder, 0o555)


def make_writable(home: Path) -> None:
    for folder, _, _ in os.walk(home):
        os.chmod(folder, 0o755)


def refuse_changes(home: Path, patch) -> None:
    """Make every change inside ``home`` raise ``PermissionError`` (``patch(owner, name,
    value)`` puts each refusing call in place)."""
    home = Path(os.path.abspath(home))

    def inside(name) -> bool:
        try:
            path = Path(os.path.abspath(os.fspath(name)))
        except TypeError:
            return False  # a file descriptor
        return path == home or home in path.parents

    def refused(name):
        return PermissionError(errno.EACCES, "Permission denied", os.fspath(name))

    def guard(call, *positions):
        def guarded(*args, **kwargs):
            for position in positions:
                if position < len(args) and inside(args[position]):
                    raise refused(args[position])
            return call(*args, **kwargs)

        return guarded

    opening, builtin_open = os.open, builtins.open

    def refuse_open(name, flags, *args, **kwargs):
        if flags & WRITING and inside(name):
            raise refused(name)
        return opening(name, flags, *args, **kwargs)

    def refuse_builtin_open(file, mode="r", *args, **kwargs):
        if any(letter in mode for letter in "wax+") and inside(file):
            raise refused(file)
        return builtin_open(file, mode, *args, **kwargs)

    for name in ("replace", "rename", "link", "symlink"):
        patch(os, name, guard(getattr(os, name), 0, 1))
    for name in ("mkdir", "unlink", "remove", "rmdir", "mkfifo"):
        patch(os, name, guard(getattr(os, name), 0))
    patch(os, "open", refuse_open)
    patch(builtins, "open", refuse_builtin_open)
    patch(io, "open", refuse_builtin_open)  # what pathlib's write_text opens with


def write_sitecustomize(folder: Path, home: Path) -> None:
    """A ``sitecustomize.py`` in ``folder`` that makes ``home`` refuse every change in the
    process that starts with ``folder`` first on its path."""
    here = Path(__file__).resolve().parent
    (folder / "sitecustomize.py").write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(here)!r})\n"
        "import read_only_home\n"
        f"read_only_home.refuse_changes({str(home)!r}, setattr)\n"
    )
