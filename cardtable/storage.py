"""Settings, saved matches and statistics in the user's own folders.

Everything is versioned JSON, written atomically (a temporary file, then a rename), so a
crash mid-write never leaves a broken file. A file that cannot be read is set aside (renamed
``*.damaged-<time>.json``) and reported in a message the app shows; it is never lost in
silence and never crashes the app. Not for: anything pygame (this module is pure Python).

The folder is platformdirs' user data folder for "CardTable", or ``$CARDTABLE_HOME``.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from cardtable.engine import BadRecord, MatchRecord, Result

SETTINGS_VERSION = 1
STATISTICS_VERSION = 1
PROGRESS_VERSION = 1
DEFAULT_NAMES = ["You", "Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]


def home() -> Path:
    """The folder Card Table writes to."""
    override = os.environ.get("CARDTABLE_HOME")
    if override:
        folder = Path(override)
    else:
        from platformdirs import user_data_dir

        folder = Path(user_data_dir("CardTable", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as JSON atomically: readers see the old file or the new, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
    os.replace(temporary, path)


def set_aside(path: Path) -> Path:
    """Rename a damaged file so the next write does not destroy what it held."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.damaged-{stamp}-{counter}{path.suffix}")
        counter += 1
    os.replace(path, target)
    return target


def read_json(path: Path, version: int, what: str) -> tuple[dict[str, Any] | None, str | None]:
    """Read a versioned JSON file: ``(data, None)``, ``(None, None)`` when there is no file,
    or ``(None, message)`` when it was damaged and has been set aside."""
    if not path.exists():
        return None, None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        if data.get("version") != version:
            raise ValueError(f"version {data.get('version')!r}, expected {version}")
    except (OSError, UnicodeDecodeError, ValueError) as error:
        kept = set_aside(path)
        return None, f"Your {what} file could not be read ({error}); it was kept as {kept.name}."
    return data, None


@dataclass
class Settings:
    """What a player sets once and expects to find again."""

    animation_speed: float = 1.0
    fullscreen: bool = False
    volume: float = 0.7
    muted: bool = False
    window_size: tuple[int, int] = (1280, 720)
    player_names: list[str] = field(default_factory=lambda: list(DEFAULT_NAMES))
    # Slap bindings per player slot: {"0": {"key": "left shift", "pad": [instance, button]}}
    slap_bindings: dict[str, Any] = field(default_factory=dict)

    def clean(self) -> Settings:
        """The same settings with every value brought into its allowed range."""
        self.animation_speed = min(4.0, max(0.25, float(self.animation_speed)))
        self.volume = min(1.0, max(0.0, float(self.volume)))
        self.fullscreen = bool(self.fullscreen)
        self.muted = bool(self.muted)
        width, height = self.window_size
        self.window_size = (max(640, int(width)), max(400, int(height)))
        names = [str(name)[:16] for name in self.player_names if str(name).strip()]
        self.player_names = (names + DEFAULT_NAMES[len(names) :])[: len(DEFAULT_NAMES)]
        if not isinstance(self.slap_bindings, dict):
            self.slap_bindings = {}
        return self


def settings_path() -> Path:
    return home() / "settings.json"


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings (defaults when there are none), and a message if the file was
    damaged and set aside."""
    path = settings_path()
    data, message = read_json(path, SETTINGS_VERSION, "settings")
    if data is None:
        return Settings(), message
    known = {f.name for f in fields(Settings)}
    values = {name: value for name, value in data.items() if name in known}
    try:
        if "window_size" in values:
            values["window_size"] = tuple(values["window_size"])
        return Settings(**values).clean(), None
    except (TypeError, ValueError) as error:
        kept = set_aside(path)
        return Settings(), (
            f"Your settings file had a bad value ({error}); it was kept as {kept.name} "
            "and the defaults are in use."
        )


def save_settings(settings: Settings) -> None:
    data = asdict(settings.clean())
    data["version"] = SETTINGS_VERSION
    write_json(settings_path(), data)


# -- saved matches ---------------------------------------------------------------------


def saves_folder() -> Path:
    folder = home() / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def save_match(record: MatchRecord, name: str) -> Path:
    """Save a match record as ``saves/<name>.json`` (atomically)."""
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in name) or "match"
    path = saves_folder() / f"{safe}.json"
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(record.to_json(), encoding="utf-8")
    os.replace(temporary, path)
    return path


def load_match(path: Path) -> tuple[MatchRecord | None, str | None]:
    """A saved match, or ``(None, message)``; a damaged save is set aside, not deleted."""
    try:
        return MatchRecord.from_json(path.read_text(encoding="utf-8")), None
    except (OSError, UnicodeDecodeError) as error:
        return None, f"Could not read {path.name}: {error}"
    except BadRecord as error:
        kept = set_aside(path)
        return None, f"The save {path.name} is damaged ({error}); it was kept as {kept.name}."


def list_saves() -> list[Path]:
    return sorted(saves_folder().glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)


# -- the game in progress ---------------------------------------------------------------


@dataclass
class Progress:
    """A game left before its end: the match record so far, and who sits where."""

    record: MatchRecord
    names: list[str]
    viewer: int | None = None


def progress_path() -> Path:
    return home() / "game-in-progress.json"


def save_progress(progress: Progress) -> None:
    """Keep the game in progress (atomically; one game at a time)."""
    data = {
        "version": PROGRESS_VERSION,
        "record": progress.record.to_dict(),
        "names": list(progress.names),
        "viewer": progress.viewer,
    }
    write_json(progress_path(), data)


def load_progress() -> tuple[Progress | None, str | None]:
    """The game in progress, if any; a damaged file is set aside with a message."""
    path = progress_path()
    data, message = read_json(path, PROGRESS_VERSION, "saved game")
    if data is None:
        return None, message
    try:
        record = MatchRecord.from_dict(data["record"])
        names = [str(name) for name in data["names"]]
        viewer = data.get("viewer")
        if len(names) != record.players or not (viewer is None or 0 <= viewer < record.players):
            raise ValueError("the seats do not match the record")
    except (BadRecord, KeyError, TypeError, ValueError) as error:
        kept = set_aside(path)
        return None, f"Your saved game could not be read ({error}); it was kept as {kept.name}."
    return Progress(record, names, viewer), None


def clear_progress() -> None:
    """The game ended (or was given up): nothing to resume."""
    progress_path().unlink(missing_ok=True)


# -- statistics ------------------------------------------------------------------------


def statistics_path() -> Path:
    return home() / "statistics.json"


def load_statistics() -> tuple[dict[str, Any], str | None]:
    """Per game: games played, and per seat kind (human or a bot level) games and wins."""
    data, message = read_json(statistics_path(), STATISTICS_VERSION, "statistics")
    if data is None:
        return {"version": STATISTICS_VERSION, "games": {}}, message
    if not isinstance(data.get("games"), dict):
        data["games"] = {}
    return data, None


def record_result(game_id: str, seats: list[str], result: Result) -> str | None:
    """Add one finished game to the statistics; returns a message if the old file was
    damaged (it is set aside and counting starts again)."""
    data, message = load_statistics()
    game = data["games"].setdefault(game_id, {"played": 0, "seats": {}})
    game["played"] = int(game.get("played", 0)) + 1
    winners = set(result.winners)
    for seat, kind in enumerate(seats):
        row = game["seats"].setdefault(kind, {"games": 0, "wins": 0.0})
        row["games"] += 1
        if seat in winners:
            row["wins"] += 1.0 / len(winners)
    data["version"] = STATISTICS_VERSION
    write_json(statistics_path(), data)
    return message
