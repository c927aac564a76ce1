"""Settings, saved matches and statistics in the user's own folders.

Everything is versioned JSON, written atomically (a temporary file flushed to disk, then a
rename), so a crash or a power cut mid-write never leaves a broken file. Every file is
read the one careful way (``read_json``): at most a sane size, only a regular file (never a
FIFO, a device or a folder), as strict JSON, then checked against its schema, which keeps
only known fields of the right types. A file that fails any of that, whatever is inside it,
is set aside (renamed ``*.damaged-<time>.json``) and reported in one line the app shows,
and the defaults are used: it is never lost in silence, never crashes the app, and nothing
in it is ever run. When even setting aside or writing fails (a read-only folder, a
``$CARDTABLE_HOME`` that is a file), the player is told once and the app goes on.
Not for: anything pygame (this module is pure Python).

The folder is platformdirs' user data folder for "CardTable", or ``$CARDTABLE_HOME``.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtable.engine import BadRecord, MatchRecord, brief, strict_json
from cardtable.engine.schema import (
    SANE,
    BadValue,
    Check,
    Damaged,
    flag,
    list_of,
    mapping,
    number,
    record,
    text,
)
from cardtable.names import DEFAULT_NAMES, clean_name

if TYPE_CHECKING:
    from filelock import FileLock

    from cardtable.engine import Result

# filelock is imported by the functions that lock, at their first call: importing it is a
# tenth of the app's start-up, and the title's first frame takes no lock.

SETTINGS_VERSION = 1
STATISTICS_VERSION = 1
PROGRESS_VERSION = 1
FILE_LIMIT = 1_000_000  # bytes: settings and statistics are a few kilobytes
RECORD_LIMIT = 32_000_000  # bytes: the longest match record is a few megabytes
LEFTOVER_AGE = 60.0  # seconds: a temporary file older than this was left by a crash
LOCK_WAIT = 20.0  # seconds another copy of the app may hold the statistics before we give up


# -- telling the player once -----------------------------------------------------------

_told: set[str] = set()


def tell_once(key: str, text: str) -> str | None:
    """``text`` the first time ``key`` comes up in this run of the app, then ``None``."""
    if key in _told:
        return None
    _told.add(key)
    return text


# -- the folder, reading and writing ---------------------------------------------------

_swept: set[Path] = set()


def home() -> Path:
    """The folder Card Table writes to; ``OSError`` saying why when it cannot be one."""
    override = os.environ.get("CARDTABLE_HOME")
    if override:
        folder = Path(override)
    else:
        from platformdirs import user_data_dir

        folder = Path(user_data_dir("CardTable", appauthor=False))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise NotADirectoryError(f"{brief(str(folder), 80)} is not a folder") from None
    if not folder.is_dir():
        raise NotADirectoryError(f"{brief(str(folder), 80)} is not a folder")
    sweep_leftovers(folder)
    return folder


def sweep_leftovers(folder: Path) -> None:
    """Delete the temporary files a crash mid-write left behind (``.*.tmp``, older than a
    minute, so another copy of the app writing right now is left alone). Once a run."""
    if folder in _swept:
        return
    _swept.add(folder)
    now = time.time()
    try:
        leftovers = list(folder.glob(".*.tmp"))
    except OSError:
        return
    for path in leftovers:
        try:
            info = path.lstat()
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > LEFTOVER_AGE:
                path.unlink()
        except OSError:
            continue


def read_limited(path: Path, limit: int) -> str | None:
    """The text of ``path``, ``None`` when there is no such file, or ``Damaged`` when it
    cannot be read, is not a regular file (a FIFO would hang, /dev/zero never ends), is
    larger than ``limit`` bytes or is not UTF-8 text."""
    if not os.path.lexists(path):
        return None
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        handle = os.open(path, flags | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
    except OSError as error:
        raise Damaged(f"cannot be opened: {error.strerror or error}") from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise Damaged("not a regular file")
        if info.st_size > limit:
            raise Damaged(f"larger than {limit:,} bytes")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(handle, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise Damaged(f"larger than {limit:,} bytes")
    except OSError as error:
        raise Damaged(f"cannot be read: {error.strerror or error}") from None
    finally:
        os.close(handle)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise Damaged("not text") from None


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` so that readers see the old file or the new, never half of one, even
    after a power cut: a temporary file, flushed to disk, then renamed over ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Flush the rename itself to disk (POSIX; Windows has no such call for a folder)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def json_text(data: Any) -> str:
    """``data`` as the JSON text every file here holds."""
    return json.dumps(data, indent=1, sort_keys=True)


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as JSON atomically (see ``write_text_atomic``)."""
    write_text_atomic(path, json_text(data))


def set_aside(path: Path) -> Path:
    """Rename a damaged file (or whatever lies there) so the next write does not destroy
    what it held; ``OSError`` when it cannot be moved."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    counter = 1
    while os.path.lexists(target):
        target = path.with_name(f"{path.stem}.damaged-{stamp}-{counter}{path.suffix}")
        counter += 1
    os.replace(path, target)
    return target


def report_damaged(path: Path, what: str, problem: Damaged, then: str) -> str | None:
    """Set ``path`` aside and say so in one line; when it cannot be moved, say that once."""
    said = f"Your {what} {problem.wording} ({problem})"
    try:
        kept = set_aside(path)
    except OSError as error:
        return tell_once(
            f"damaged:{path}",
            f"{said} and could not be moved aside ({error.strerror or error}); {then}.",
        )
    return f"{said}; it was kept as {kept.name} and {then}."


# -- schemas: what each file may hold ----------------------------------------------------


def option(value: Any, where: str) -> Any:
    """A rule option's value: on/off, a number or a short text."""
    if isinstance(value, bool) or isinstance(value, str) and len(value) <= 64:
        return value
    if isinstance(value, int | float) and abs(value) <= SANE:
        return value
    raise BadValue(f"{where} must be on/off, a number or a short text")


SETTINGS_SCHEMA = record(
    {
        "animation_speed": number(0.25, 4.0),
        "spite_pause": number(0.0, 10.0),
        "fullscreen": flag,
        "volume": number(0.0, 1.0),
        "muted": flag,
        "window_size": list_of(number(1, 16384, whole=True), 2, exactly=2),
        "player_names": list_of(text(10_000), 64),
        "slap_bindings": mapping(
            r"[0-9]{1,2}",
            record(
                {
                    "key": text(64),
                    "pad": list_of(number(0, 2**31 - 1, whole=True), 2, exactly=2),
                }
            ),
            64,
        ),
        # Rule options last chosen per game (each value checked by the game on use).
        "game_options": mapping(r"[a-z0-9-]{1,64}", mapping(r"[a-z0-9_-]{1,64}", option, 64), 64),
        "seen_how_to": list_of(text(64), 64),
    }
)

_COUNT = number(0, SANE, whole=True)
_PLAYED_WON = record({"played": _COUNT, "won": _COUNT}, required=True)
STATISTICS_SCHEMA = record(
    {
        "games": mapping(
            r"[a-z0-9-]{1,64}",
            record(
                {
                    "played": _COUNT,
                    "seats": mapping(
                        r"[a-z0-9-]{1,64}",
                        record({"games": _COUNT, "wins": number(0, SANE)}, required=True),
                        64,
                    ),
                    # The one local human's own record against bots (``record_yours``).
                    "you": record(
                        {
                            "played": _COUNT,
                            "won": _COUNT,
                            "streak": _COUNT,
                            "longest": _COUNT,
                            "levels": mapping(r"[a-z0-9-]{1,64}", _PLAYED_WON, 64),
                            "best": number(-SANE, SANE, whole=True),
                            "higher": flag,
                        }
                    ),
                },
                required=True,
                optional=("you",),
            ),
            1000,
        )
    },
    required=True,
)


def read_json(
    path: Path, version: int, what: str, schema: Check, then: str = "the defaults are in use"
) -> tuple[dict[str, Any] | None, str | None]:
    """Read a versioned JSON file: ``(data, None)`` with ``data`` as ``schema`` keeps it,
    ``(None, None)`` when there is no file, or ``(None, message)`` when it was damaged and
    has been set aside (the message is ``None`` if the player was told already)."""
    try:
        content = read_limited(path, FILE_LIMIT)
        if content is None:
            return None, None
        try:
            data = strict_json(content)
        except ValueError as error:
            raise Damaged(str(error)) from None
        if not isinstance(data, dict):
            raise Damaged("not a JSON object")
        if data.get("version") != version:
            raise Damaged(f"version {brief(data.get('version'))}, expected {version}")
        kept = schema(data, "")
    except Damaged as problem:
        return None, report_damaged(path, f"{what} file", problem, then)
    kept["version"] = version
    return kept, None


def cannot_keep(error: OSError) -> str | None:
    """One line, once a run, for a home folder that cannot be used at all."""
    return tell_once(
        "home",
        f"Card Table cannot keep settings, saves or statistics ({error.strerror or error}); "
        "the game goes on without them.",
    )


def cannot_write(what: str, error: OSError, then: str) -> str | None:
    """One line, once a run, for a write that failed: "``what`` cannot be kept (the
    reason); ``then``." The player is told, and the app plays on."""
    return tell_once(f"write:{what}", f"{what} cannot be kept ({error.strerror or error}); {then}.")


# -- settings ------------------------------------------------------------------------------


@dataclass
class Settings:
    """What a player sets once and expects to find again."""

    animation_speed: float = 1.0
    # Seconds the table waits for a local player's Spite out of turn (0: never pause).
    spite_pause: float = 3.0
    fullscreen: bool = False
    volume: float = 0.7
    muted: bool = False
    window_size: tuple[int, int] = (1280, 720)
    player_names: list[str] = field(default_factory=lambda: list(DEFAULT_NAMES))
    # Slap bindings per player slot: {"0": {"key": "left shift", "pad": [instance, button]}}
    slap_bindings: dict[str, Any] = field(default_factory=dict)
    # Rule options last chosen per game: {"hit-the-deck": {"target": 150}} (checked on use).
    game_options: dict[str, Any] = field(default_factory=dict)
    # Games whose first-run "how to play" card was turned off.
    seen_how_to: list[str] = field(default_factory=list)

    def clean(self) -> Settings:
        """The same settings with every value brought into its allowed range (as read from
        the file, or as the app set them), a value of the wrong kind back to its default,
        and every name cleaned (``names.clean_name``)."""
        fallback = Settings()
        for spec in fields(Settings):
            value = getattr(self, spec.name)
            try:
                value = SETTINGS_SCHEMA({spec.name: _plain(value)}, "")[spec.name]
            except Damaged:
                value = getattr(fallback, spec.name)
            setattr(self, spec.name, value)
        width, height = self.window_size
        self.window_size = (max(640, width), max(400, height))
        self.animation_speed = float(self.animation_speed)
        self.volume = float(self.volume)
        names = self.player_names[: len(DEFAULT_NAMES)]
        names = [clean_name(name, seat) for seat, name in enumerate(names)]
        self.player_names = names + DEFAULT_NAMES[len(names) :]
        return self


def _plain(value: Any) -> Any:
    """Tuples as lists, as JSON has them (the app keeps the window size as a tuple)."""
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value


def settings_path() -> Path:
    return home() / "settings.json"


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings (defaults when there are none), and a message if the file was
    damaged and set aside or the folder cannot be used. Never raises."""
    try:
        path = settings_path()
    except OSError as error:
        return Settings(), cannot_keep(error)
    data, message = read_json(path, SETTINGS_VERSION, "settings", SETTINGS_SCHEMA)
    if data is None:
        return Settings(), message
    data.pop("version")
    if "window_size" in data:
        data["window_size"] = tuple(data["window_size"])
    return Settings(**data).clean(), None


def save_settings(settings: Settings) -> None:
    """Write the settings; ``OSError`` when they cannot be written (the app says so).
    Settings the file already holds are not written again (the app saves them as it
    closes, and two flushes to disk were most of the time it took to close)."""
    data = asdict(settings.clean())
    data["version"] = SETTINGS_VERSION
    path = settings_path()
    text = json_text(data)
    with contextlib.suppress(Damaged):
        if read_limited(path, FILE_LIMIT) == text:
            return
    write_text_atomic(path, text)


# -- saved matches ---------------------------------------------------------------------


def saves_folder() -> Path:
    folder = home() / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    sweep_leftovers(folder)
    return folder


def save_match(record: MatchRecord, name: str) -> Path:
    """Save a match record as ``saves/<name>.json`` (atomically); ``OSError`` if it
    cannot be written."""
    safe = "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "-" for c in name)
    path = saves_folder() / f"{safe[:80] or 'match'}.json"
    write_text_atomic(path, record.to_json())
    return path


def read_record(path: Path) -> MatchRecord:
    """The match record in ``path``, or ``Damaged`` / ``BadRecord`` saying what is wrong
    (also for ``cardtable replay``)."""
    content = read_limited(path, RECORD_LIMIT)
    if content is None:
        raise Damaged("there is no such file")
    return MatchRecord.from_json(content)


def load_match(path: Path) -> tuple[MatchRecord | None, str | None]:
    """A saved match, or ``(None, message)``; a damaged save is set aside, not deleted.
    Never raises."""
    try:
        return read_record(path), None
    except (Damaged, BadRecord) as error:
        problem = error if isinstance(error, Damaged) else Damaged(str(error))
        problem.wording = "is damaged"
        return None, report_damaged(path, f"save {path.name}", problem, "nothing else changed")


def list_saves() -> list[Path]:
    """The saved matches, newest first: regular files only (a dangling or looping link,
    a folder or a FIFO is passed over), and not those set aside as damaged."""
    try:
        candidates = list(saves_folder().glob("*.json"))
    except OSError:
        return []
    found: list[tuple[float, Path]] = []
    for path in candidates:
        try:
            info = path.stat()
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode) and ".damaged-" not in path.name:
            found.append((info.st_mtime, path))
    return [path for _, path in sorted(found, key=lambda item: item[0], reverse=True)]


# -- the games in progress --------------------------------------------------------------
#
# One file per game started (``in-progress/<key>.json``), written only by the copy of the
# app that plays that game and removed only by that game's own end: any number of copies
# of the app on one folder each keep their own games, and none clears another's. The one
# file of older versions (``game-in-progress.json``) is carried over into the folder.

PROGRESS_FOLDER = "in-progress"
_KEY = re.compile(r"[a-z0-9][a-z0-9-]{0,79}")


def new_key(game_id: str) -> str:
    """A key for a game just started: its game, the time and a random part, so two copies
    of the app starting games in the same second never share one."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    safe = re.sub(r"[^a-z0-9-]", "-", game_id.lower())[:24] or "game"
    return f"{safe}-{stamp}-{os.urandom(4).hex()}"


@dataclass
class Progress:
    """A game left before its end: the match record so far, who sits where, the key it is
    kept under (one per game started) and when it was last saved (seconds since 1970)."""

    record: MatchRecord
    names: list[str]
    viewer: int | None = None
    key: str = "game"
    saved: float = 0.0
    # Open at a table in another copy of the app right now (``hold_game``): not to be
    # opened here as well, where the two would play on apart.
    elsewhere: bool = False


def progress_folder() -> Path:
    folder = home() / PROGRESS_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    sweep_leftovers(folder)
    return folder


def progress_path(key: str = "game") -> Path:
    """Where the game in progress kept under ``key`` lies."""
    if not _KEY.fullmatch(key):
        raise ValueError(f"a game in progress is kept under a plain key, not {brief(key)}")
    return progress_folder() / f"{key}.json"


def legacy_progress_path() -> Path:
    """The one saved game of versions before several were kept."""
    return home() / "game-in-progress.json"


def _an_object(value: Any, where: str) -> Any:
    """An object, checked further by its reader (a match record: ``MatchRecord``)."""
    if not isinstance(value, dict):
        raise BadValue(f"{where} must be an object")
    return value


def _seat_or_none(value: Any, where: str) -> int | None:
    return None if value is None else number(0, 63, whole=True)(value, where)


PROGRESS_SCHEMA = record(
    {"record": _an_object, "names": list_of(text(10_000), 64), "viewer": _seat_or_none},
    required=True,
    optional=("viewer",),
)


def save_progress(progress: Progress) -> None:
    """Keep the game in progress under its key (atomically); ``OSError`` when it cannot
    be written (the app says so and plays on)."""
    data = {
        "version": PROGRESS_VERSION,
        "record": progress.record.to_dict(),
        "names": list(progress.names),
        "viewer": progress.viewer,
    }
    write_json(progress_path(progress.key), data)


def carry_over(progress: Progress, path: Path) -> Progress | None:
    """An older version's ``game-in-progress.json``, read and found sound, moved into the
    folder of games in progress under a key of its own (when it cannot be moved it stays
    where it is, kept under the key "game"; None when another copy of the app moved it
    first, and lists it itself)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(progress.saved or time.time()))
    key = f"carried-over-{stamp}-{os.urandom(4).hex()}"
    try:
        os.replace(path, progress_path(key))
    except FileNotFoundError:
        return None
    except OSError:
        return progress  # a folder that cannot be written: it is read where it lies
    progress.key = key
    return progress


def _progress_files() -> list[tuple[str, Path]]:
    """(key, path) of every file that may hold a game in progress: the old single file of
    older versions (carried over once read), then the folder's ``*.json`` files."""
    found: list[tuple[str, Path]] = []
    with contextlib.suppress(OSError):
        old = legacy_progress_path()
        if os.path.lexists(old):
            found.append(("game", old))
    try:
        candidates = sorted(progress_folder().glob("*.json"))
    except OSError:
        return found
    for path in candidates:
        if ".damaged-" in path.name or not _KEY.fullmatch(path.stem):
            continue
        found.append((path.stem, path))
    return found


def _read_progress(
    key: str, path: Path, check: Callable[[MatchRecord], str | None] | None
) -> tuple[Progress | None, str | None]:
    """One game in progress, or ``(None, message)`` with the file set aside (or, when it
    cannot be moved, left where it is and said once)."""
    data, message = read_json(
        path, PROGRESS_VERSION, "saved game", PROGRESS_SCHEMA, "there is nothing to resume"
    )
    if data is None:
        return None, message
    try:
        saved = path.stat().st_mtime
        record = MatchRecord.from_dict(data["record"])
        names = [str(name) for name in data["names"]]
        viewer = data.get("viewer")
        if len(names) != record.players or not (viewer is None or 0 <= viewer < record.players):
            raise ValueError("the seats do not match the record")
        problem = None if check is None else check(record)
    except (BadRecord, KeyError, TypeError, ValueError) as error:
        return None, report_damaged(
            path, "saved game file", Damaged(str(error)), "there is nothing to resume"
        )
    except OSError:
        return None, None  # it went while it was read: its game ended in another copy
    if problem is not None:
        unplayable = Damaged(problem)
        unplayable.wording = "cannot be resumed"
        return None, report_damaged(path, "saved game", unplayable, "nothing else changed")
    return Progress(record, names, viewer, key, saved, held_elsewhere(key)), None


def list_progress(
    check: Callable[[MatchRecord], str | None] | None = None,
) -> tuple[list[Progress], str | None]:
    """Every game in progress, the last played first, and one line about any that could
    not be read or resumed: a damaged file is set aside, and so is a record ``check``
    finds a problem with (the ui's: a game, level or move it cannot play on). Never
    raises: a folder that cannot be used has nothing to resume, said once."""
    try:
        home()
    except OSError as error:
        return [], cannot_keep(error)
    games: list[Progress] = []
    problems: list[str] = []
    for key, path in _progress_files():
        progress, message = _read_progress(key, path, check)
        if progress is not None and path.parent.name != PROGRESS_FOLDER:
            progress = carry_over(progress, path)  # the one file of older versions
        if progress is not None:
            games.append(progress)
        elif message:
            problems.append(message)
    games.sort(key=lambda game: game.saved, reverse=True)
    if not problems:
        return games, None
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return games, problems[0] + more


def load_progress(
    check: Callable[[MatchRecord], str | None] | None = None,
) -> tuple[Progress | None, str | None]:
    """The game in progress played last, if any, and ``list_progress``'s line."""
    games, message = list_progress(check)
    return (games[0] if games else None), message


def clear_progress(key: str = "game") -> None:
    """The game kept under ``key`` ended (or every move was taken back): nothing of it to
    resume. Every other game in progress stays."""
    with contextlib.suppress(OSError, ValueError):  # a folder that cannot be used keeps nothing
        progress_path(key).unlink(missing_ok=True)
        progress_path(key).with_name(f".{key}.lock").unlink(missing_ok=True)
        if key == "game":
            legacy_progress_path().unlink(missing_ok=True)


def _game_lock(key: str) -> FileLock:
    from filelock import FileLock

    if not _KEY.fullmatch(key):
        raise ValueError(f"a game in progress is kept under a plain key, not {brief(key)}")
    return FileLock(str(progress_folder() / f".{key}.lock"), timeout=0)


def hold_game(key: str) -> FileLock | None:
    """Mark the game kept under ``key`` as open at a table in this copy of the app, until
    the lock returned is let go (an operating-system lock: let go when the process ends,
    so a crash never leaves a game marked). None when it cannot be marked: another copy
    holds it, or the folder cannot be written (the game is played all the same)."""
    from filelock import Timeout

    try:
        lock = _game_lock(key)
        lock.acquire()
    except (Timeout, OSError, ValueError):
        return None
    return lock


def let_go(lock: FileLock) -> None:
    """The table of a game ``hold_game`` marked closed: the mark goes, and its file."""
    lock.release()
    with contextlib.suppress(OSError):
        os.unlink(lock.lock_file)


def held_elsewhere(key: str) -> bool:
    """Whether another copy of the app (or another table) has the game under ``key`` open
    now. A lock that cannot be tried says no: the game is offered as before."""
    from filelock import Timeout

    try:
        lock = _game_lock(key)
        lock.acquire()
    except Timeout:
        return True
    except (OSError, ValueError):
        return False
    lock.release()
    return False


# -- statistics ------------------------------------------------------------------------


def statistics_path() -> Path:
    return home() / "statistics.json"


def load_statistics() -> tuple[dict[str, Any], str | None]:
    """Per game: games played, and per seat kind (human or a bot level) games and wins.
    Never raises."""
    empty = {"version": STATISTICS_VERSION, "games": {}}
    try:
        path = statistics_path()
    except OSError as error:
        return empty, cannot_keep(error)
    data, message = read_json(
        path, STATISTICS_VERSION, "statistics", STATISTICS_SCHEMA, "counting starts again"
    )
    return (empty if data is None else data), message


@contextlib.contextmanager
def statistics_lock(path: Path):
    """Hold the statistics for one read, count and write: another copy of the app counting
    a result at the same moment waits its turn (an operating-system lock, let go when its
    process ends, so a crash never leaves it held). ``OSError`` when it cannot be had: a
    lock file that cannot be made, or one held longer than ``LOCK_WAIT``."""
    from filelock import FileLock, Timeout

    lock_path = path.with_name(f".{path.name}.lock")
    try:
        lock = FileLock(str(lock_path), timeout=LOCK_WAIT)
        lock.acquire()
    except Timeout:
        raise TimeoutError(
            errno.ETIMEDOUT, f"another copy of Card Table held them for {LOCK_WAIT:g} seconds"
        ) from None
    except OSError:
        # Something that is not a lock file lies there (a folder, a link): set it aside
        # like any damaged file and try once more; a folder that cannot be written stays
        # an OSError for the caller.
        if not os.path.lexists(lock_path) or stat.S_ISREG(lock_path.lstat().st_mode):
            raise
        set_aside(lock_path)
        lock = FileLock(str(lock_path), timeout=LOCK_WAIT)
        try:
            lock.acquire()
        except Timeout:
            raise TimeoutError(errno.ETIMEDOUT, "another copy of Card Table held them") from None
    try:
        yield
    finally:
        lock.release()


def record_result(game_id: str, seats: list[str], result: Result) -> str | None:
    """Add one finished game to the statistics. Returns the one line the player should
    see, if any: the old file was damaged (it is set aside and counting starts again), or
    results cannot be saved at all (said once a run). Never raises: the game goes on.
    Any number of copies of the app may count at once: each read, count and write holds
    the statistics lock, so no result is lost."""
    try:
        path = statistics_path()
    except OSError as error:
        return cannot_keep(error)
    message = None
    try:
        with statistics_lock(path):
            data, message = load_statistics()
            count_result(data, game_id, seats, result)
            write_json(path, data)
    except OSError as error:
        failed = tell_once(
            "statistics",
            f"Results cannot be saved ({error.strerror or error}); the game goes on.",
        )
        return " ".join(part for part in (message, failed) if part) or None
    return message


def count_result(data: dict[str, Any], game_id: str, seats: list[str], result: Result) -> None:
    """Count one finished game into the statistics ``data`` (as ``load_statistics`` reads
    them)."""
    game = data["games"].setdefault(game_id, {"played": 0, "seats": {}})
    game["played"] += 1
    winners = set(result.winners)
    for seat, kind in enumerate(seats):
        row = game["seats"].setdefault(kind, {"games": 0, "wins": 0.0})
        row["games"] += 1
        if seat in winners:
            row["wins"] += 1.0 / len(winners)
    humans = [seat for seat, kind in enumerate(seats) if kind == "human"]
    if len(humans) == 1:
        record_yours(game, seats, result, humans[0])


def whole(value: Any) -> int:
    """A count read from the file: a bad value counts as 0, never a crash."""
    try:
        return max(0, int(value))
    except (TypeError, ValueError):
        return 0


def opponents(seats: list[str]) -> str:
    """The bots' level in one word: "hard", or "mixed" when they differ."""
    levels = {kind for kind in seats if kind != "human"}
    return levels.pop() if len(levels) == 1 else "mixed"


def record_yours(game: dict[str, Any], seats: list[str], result: Result, seat: int) -> None:
    """The one local human's own record of a game against bots: played and won, per
    opponent level, the best score (in the game's own sense: the winners' side) and the
    current and longest run of wins (a shared first place is a win)."""
    yours = game.get("you")
    if not isinstance(yours, dict):
        yours = game["you"] = {}
    won = seat in result.winners
    yours["played"] = whole(yours.get("played")) + 1
    yours["won"] = whole(yours.get("won")) + int(won)
    yours["streak"] = whole(yours.get("streak")) + 1 if won else 0
    yours["longest"] = max(whole(yours.get("longest")), yours["streak"])
    levels = yours.get("levels")
    if not isinstance(levels, dict):
        levels = yours["levels"] = {}
    level = levels.setdefault(opponents(seats), {"played": 0, "won": 0})
    level["played"] = whole(level.get("played")) + 1
    level["won"] = whole(level.get("won")) + int(won)
    scores = result.scores
    if scores and result.ranking and len(result.ranking) > 1:
        higher = scores[result.ranking[0][0]] >= scores[result.ranking[-1][0]]
        score, best = scores[seat], yours.get("best")
        if not isinstance(best, int | float) or (score > best if higher else score < best):
            yours["best"] = score
        yours["higher"] = higher
