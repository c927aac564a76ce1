"""Damaged and hostile files: settings, statistics, saved matches and match records that
are truncated, wrong-typed, huge, deeply nested, binary, empty, a folder, a FIFO, a link to
/dev/zero, a dangling or looping link, unreadable, in a read-only folder, or a home that is
a file. Each one is set aside and reported in one line the first time, the app goes on
with defaults, nothing crashes, hangs or runs code from a file.

The tests run as root in CI containers, where file modes do not stop a read or a rename:
there an unreadable file and a read-only folder are made by refusing the call itself.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from cardtable import storage
from cardtable.engine import MatchRecord, Result

PWNED = "/tmp/cardtable-pwned-by-a-file"
CODE = f"__import__('os').system('touch {PWNED}')"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(storage, "_told", set(), raising=False)
    monkeypatch.setattr(storage, "_swept", set(), raising=False)
    return tmp_path / "home"


def text(content: str):
    def make(path: Path) -> None:
        path.write_text(content, encoding="utf-8")

    return make


def raw(content: bytes):
    def make(path: Path) -> None:
        path.write_bytes(content)

    return make


def folder(path: Path) -> None:
    path.mkdir()
    (path / "inside.json").write_text("{}")


def fifo(path: Path) -> None:
    os.mkfifo(path)


def link_to_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def dangling(path: Path) -> None:
    path.symlink_to(path.with_name("nothing-here.json"))


def looping(path: Path) -> None:
    other = path.with_name("loop.json")
    path.symlink_to(other)
    other.symlink_to(path)


# Whatever kind of file it is, these are not one of its kind.
ANY_FILE = {
    "truncated": text('{"version": 1, "vol'),
    "empty": text(""),
    "binary": raw(bytes(range(256)) * 4),
    "not-utf8": raw(b'{"version": 1, "x": "\xff\xfe"}'),
    "a-list": text("[1, 2, 3]"),
    "a-number": text("1e999"),
    "nan": text('{"version": 1, "volume": NaN, "games": NaN, "players": NaN}'),
    "deep-nesting": text("[" * 100_000 + "]" * 100_000),
    "deep-object": text('{"version": 1, "a": ' * 50_000 + "1" + "}" * 50_000),
    "5000-digit-number": text('{"version": ' + "9" * 5000 + "}"),
    "too-big": text('{"version": 1, "pad": "' + "x" * 40_000_000 + '"}'),
    "other-version": text('{"version": 99}'),
    "python-code": text(CODE),
    "directory": folder,
    "fifo": fifo,
    "link-to-dev-zero": link_to_zero,
    "dangling-link": dangling,
    "looping-link": looping,
}

SETTINGS = {
    "400-digit-volume": text('{"version": 1, "volume": ' + "9" * 400 + "}"),
    "infinite-window": text('{"version": 1, "window_size": [1e999, 600]}'),
    "window-of-three": text('{"version": 1, "window_size": [800, 600, 1]}'),
    "bad-binding": text('{"version": 1, "slap_bindings": {"0": 1}}'),
    "infinite-pad": text('{"version": 1, "slap_bindings": {"0": {"pad": [1e999, 0]}}}'),
    "names-not-a-list": text('{"version": 1, "player_names": {"0": "Ada"}}'),
    "name-not-text": text('{"version": 1, "player_names": [["Ada"]]}'),
    "speed-as-text": text('{"version": 1, "animation_speed": "fast"}'),
    "deep-names": text('{"version": 1, "player_names": ' + "[" * 900 + "]" * 900 + "}"),
}

STATISTICS = {
    "game-not-an-object": text('{"version": 1, "games": {"mean": 3}}'),
    "seats-a-list": text('{"version": 1, "games": {"mean": {"played": 1, "seats": []}}}'),
    "played-as-text": text('{"version": 1, "games": {"mean": {"played": "x", "seats": {}}}}'),
    "played-infinite": text('{"version": 1, "games": {"mean": {"played": 1e999}}}'),
    "played-huge": text('{"version": 1, "games": {"mean": {"played": ' + "9" * 400 + "}}}"),
    "wins-not-a-number": text(
        '{"version": 1, "games": {"mean": {"played": 1, "seats": {"easy": {"wins": []}}}}}'
    ),
    "games-not-an-object": text('{"version": 1, "games": [1, 2]}'),
    "deep-games": text('{"version": 1, "games": ' + '{"a": ' * 900 + "1" + "}" * 900 + "}"),
}


def one_line(message: str | None) -> str:
    assert message, "the player is told"
    assert "\n" not in message and len(message) < 400, message
    return message


def assert_set_aside(path: Path, message: str, before: bytes | None) -> None:
    """The bad file no longer stands in the way, and what it held is kept."""
    assert not os.path.lexists(path), "the bad file is out of the way"
    kept = [p for p in path.parent.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and kept[0].name in message
    if before is not None:
        assert kept[0].read_bytes() == before, "what it held is kept"


def make_bad(path: Path, make) -> bytes | None:
    path.parent.mkdir(parents=True, exist_ok=True)
    make(path)
    if path.is_symlink() or not path.is_file():
        return None
    return path.read_bytes()


@pytest.mark.parametrize("case", sorted({**ANY_FILE, **SETTINGS}))
def test_a_bad_settings_file_is_set_aside_once_and_the_defaults_used(home, case):
    path = home / "settings.json"
    before = make_bad(path, {**ANY_FILE, **SETTINGS}[case])
    settings, message = storage.load_settings()
    assert settings == storage.Settings()
    assert_set_aside(path, one_line(message), before)
    again, message = storage.load_settings()
    assert again == storage.Settings() and message is None, "told once, the first time"
    assert not os.path.exists(PWNED)


@pytest.mark.parametrize("case", sorted({**ANY_FILE, **STATISTICS}))
def test_a_bad_statistics_file_is_set_aside_and_counting_starts_again(home, case):
    path = home / "statistics.json"
    before = make_bad(path, {**ANY_FILE, **STATISTICS}[case])
    message = storage.record_result("mean", ["human", "easy"], Result.from_scores([1, 0]))
    assert "counting starts again" in one_line(message), "record_result returns the message"
    kept = [p for p in home.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and kept[0].name in message
    if before is not None:
        assert kept[0].read_bytes() == before, "the old contents are kept, not overwritten"
    data, message = storage.load_statistics()
    assert message is None
    mean = data["games"]["mean"]
    assert set(data["games"]) == {"mean"} and mean["played"] == 1
    assert mean["seats"] == {"human": {"games": 1, "wins": 1.0}, "easy": {"games": 1, "wins": 0.0}}
    assert mean["you"]["played"] == 1 and mean["you"]["won"] == 1, "counting starts again"


@pytest.mark.parametrize("case", sorted(ANY_FILE))
def test_a_bad_save_is_set_aside_and_reported(home, case):
    path = storage.saves_folder() / "game.json"
    before = make_bad(path, ANY_FILE[case])
    assert path not in storage.list_saves() or path.is_file()
    record, message = storage.load_match(path)
    assert record is None
    assert_set_aside(path, one_line(message), before)
    assert storage.list_saves() == []


@pytest.mark.parametrize(
    "content",
    [
        {"players": 1e999},
        {"players": "2"},
        {"players": True},
        {"seed": [1]},
        {"seed": 1.5},
        {"actions": [[0]]},
        {"actions": [["0", "bid 3"]]},
        {"actions": [[0, ["bid"]]]},
        {"actions": {"0": "bid 3"}},
        {"options": []},
        {"options": {"target": [1]}},
        {"seats": "human"},
        {"seats": [1]},
        {"deck": "R1"},
        {"deck": [1]},
        {"game_id": 5},
    ],
    ids=lambda content: json.dumps(content),
)
def test_a_save_with_a_field_of_the_wrong_kind_is_set_aside(content):
    good = MatchRecord("what-the-heck", 2, 1, {}, ["human", "hard"], [(0, "bid 3")])
    data = json.loads(good.to_json()) | content
    path = storage.saves_folder() / "game.json"
    path.write_text(json.dumps(data))
    record, message = storage.load_match(path)
    assert record is None and "is damaged" in one_line(message)
    assert not path.exists()


def test_saves_list_only_regular_files_newest_first(home):
    saves = storage.saves_folder()
    for name, make in ANY_FILE.items():
        make_bad(saves / f"{name}.json", make)
    record = MatchRecord("what-the-heck", 2, 1, {}, ["human", "hard"], [(0, "bid 3")])
    good = storage.save_match(record, "good")
    listed = storage.list_saves()
    assert good in listed
    assert all(path.is_file() for path in listed)
    for name in ("directory", "fifo", "link-to-dev-zero", "dangling-link", "looping-link"):
        assert saves / f"{name}.json" not in listed


def test_an_unreadable_settings_file_is_set_aside(home, monkeypatch):
    path = home / "settings.json"
    home.mkdir()
    path.write_text('{"version": 1}')
    path.chmod(0)
    if os.geteuid() == 0:  # root reads it anyway: refuse the open as the kernel would
        opening = os.open

        def refuse(name, *args, **kwargs):
            if Path(name) == path:
                raise PermissionError(errno.EACCES, "Permission denied")
            return opening(name, *args, **kwargs)

        monkeypatch.setattr(os, "open", refuse)
    settings, message = storage.load_settings()
    assert settings == storage.Settings()
    assert "Permission denied" in one_line(message)
    assert not path.exists()


def read_only(monkeypatch, folder: Path) -> None:
    """``folder`` refuses every change, as a read-only folder does (for root as well)."""
    folder.chmod(0o555)
    replacing, opening = os.replace, os.open

    def refuse_replace(src, dst, *args, **kwargs):
        if Path(src).parent == folder or Path(dst).parent == folder:
            raise PermissionError(errno.EACCES, "Permission denied")
        return replacing(src, dst, *args, **kwargs)

    def refuse_create(name, flags, *args, **kwargs):
        if Path(name).parent == folder and flags & os.O_CREAT:
            raise PermissionError(errno.EACCES, "Permission denied")
        return opening(name, flags, *args, **kwargs)

    monkeypatch.setattr(os, "replace", refuse_replace)
    monkeypatch.setattr(os, "open", refuse_create)


def test_a_damaged_settings_file_in_a_read_only_folder_is_reported_once(home, monkeypatch):
    home.mkdir()
    (home / "settings.json").write_text("{ broken")
    read_only(monkeypatch, home)
    settings, message = storage.load_settings()
    assert settings == storage.Settings()
    assert "could not be moved aside" in one_line(message)
    settings, message = storage.load_settings()
    assert settings == storage.Settings() and message is None, "told once"
    with pytest.raises(OSError):
        storage.save_settings(settings)  # the app says so on its own line
    home.chmod(0o755)


def test_statistics_in_a_read_only_folder_tell_the_player_once_and_the_game_goes_on(
    home, monkeypatch
):
    home.mkdir()
    read_only(monkeypatch, home)
    result = Result.from_scores([1, 0])
    message = storage.record_result("mean", ["human", "easy"], result)
    assert "Results cannot be saved" in one_line(message)
    assert storage.record_result("mean", ["human", "easy"], result) is None
    assert list(home.iterdir()) == [], "no temporary file left behind"
    home.chmod(0o755)


def test_a_home_that_is_a_file_is_reported_once_and_nothing_crashes(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("CARDTABLE_HOME", str(blocker))
    settings, message = storage.load_settings()
    assert settings == storage.Settings() and "cannot keep" in one_line(message)
    data, message = storage.load_statistics()
    assert data["games"] == {} and message is None, "told once for the whole folder"
    assert storage.record_result("mean", ["human", "easy"], Result.from_scores([1, 0])) is None
    assert storage.list_saves() == []
    with pytest.raises(OSError):
        storage.save_settings(settings)
    assert blocker.read_text() == "not a folder"


def test_leftover_temporary_files_of_a_crash_are_cleaned(home):
    home.mkdir()
    old = home / ".settings.json.4242.tmp"
    fresh = home / ".statistics.json.4343.tmp"
    old.write_text("{ half")
    fresh.write_text("{ being written")
    os.utime(old, (1, 1))
    storage.load_settings()
    assert not old.exists(), "a crash's leftover is cleaned"
    assert fresh.exists(), "another copy of the app writing right now is left alone"


def test_a_write_is_flushed_to_disk_before_the_rename(home, monkeypatch):
    calls: list[str] = []
    syncing, replacing = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), syncing(fd))[1])
    monkeypatch.setattr(os, "replace", lambda a, b: (calls.append("replace"), replacing(a, b))[1])
    storage.save_settings(storage.Settings())
    assert calls[:2] == ["fsync", "replace"]
    assert [p.name for p in home.iterdir()] == ["settings.json"]


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        (["\x00", "Ada"], ["You", "Ada"]),
        (["\ud800"], ["You"]),
        (["\u200b\u200c\u200d\ufeff"], ["You"]),
        (["Bo\x00b\u200b", " \t Cy\n"], ["Bob", "Cy"]),
        (["x" * 5000], ["x" * 16]),
        (["\u0301\u0301"], ["You"]),
    ],
)
def test_names_loaded_from_settings_are_cleaned(home, names, expected):
    home.mkdir()
    data = {"version": 1, "player_names": names}
    (home / "settings.json").write_text(json.dumps(data))
    settings, message = storage.load_settings()
    assert message is None
    assert settings.player_names[: len(expected)] == expected
    assert settings.player_names[len(expected) :] == storage.DEFAULT_NAMES[len(expected) :]


def test_a_settings_file_with_unknown_fields_keeps_what_it_knows(home):
    home.mkdir()
    data = {"version": 1, "volume": 0.2, "__class__": CODE, "window_size": [2147483648, 600]}
    (home / "settings.json").write_text(json.dumps(data))
    settings, message = storage.load_settings()
    assert message is None and settings.volume == 0.2
    assert settings.window_size == (16384, 600), "a huge window is brought into range"
    assert not os.path.exists(PWNED)


UNREADABLE_RECORDS = {
    "record-refused": {"version": 1, "record": {"version": 1, "game_id": "mean"}, "names": []},
    "seats-mismatch": {
        "version": 1,
        "record": MatchRecord("mean", 2, 1, {}, ["human", "easy"], []).to_dict(),
        "names": ["You"],
    },
}


@pytest.mark.parametrize("case", sorted(UNREADABLE_RECORDS))
def test_a_saved_game_the_rules_refuse_in_a_read_only_folder_is_said_once_not_a_crash(
    home, monkeypatch, case
):
    # load_progress once set such a file aside with no guard: os.replace raised
    # PermissionError and the app could not start.
    home.mkdir()
    (home / "in-progress").mkdir()
    path = home / "in-progress" / "left.json"
    path.write_text(json.dumps(UNREADABLE_RECORDS[case]))
    read_only(monkeypatch, path.parent)
    games, message = storage.list_progress()
    assert games == [] and "could not be moved aside" in one_line(message)
    assert storage.list_progress() == ([], None), "told once"
    assert path.exists(), "nothing lost"
    path.parent.chmod(0o755)


def test_a_saved_game_that_cannot_be_resumed_in_a_read_only_folder_is_said_once(home, monkeypatch):
    home.mkdir()
    (home / "in-progress").mkdir()
    record = MatchRecord("mean", 2, 1, {}, ["human", "easy"], [])
    storage.save_progress(storage.Progress(record, ["You", "Bo"], 0, "left"))
    read_only(monkeypatch, home / "in-progress")
    games, message = storage.list_progress(lambda record: "it is crafted")
    assert games == [] and "cannot be resumed (it is crafted)" in one_line(message)
    assert "could not be moved aside" in message
    (home / "in-progress").chmod(0o755)


@pytest.mark.parametrize("case", sorted(ANY_FILE))
def test_a_bad_game_in_progress_is_set_aside_and_the_others_stay(home, case):
    keep = MatchRecord("mean", 2, 1, {}, ["human", "easy"], [])
    storage.save_progress(storage.Progress(keep, ["You", "Bo"], 0, "good"))
    path = home / "in-progress" / "bad.json"
    before = make_bad(path, ANY_FILE[case])
    games, message = storage.list_progress()
    assert [game.key for game in games] == ["good"]
    if case == "looping-link":  # its other half lies in the folder too: both go aside
        assert not os.path.lexists(path) and "(and 1 more)" in one_line(message)
    else:
        assert_set_aside(path, one_line(message), before)
    assert storage.list_progress()[1] is None


@pytest.mark.parametrize("case", ["directory", "dangling-link", "link-to-dev-zero", "fifo"])
def test_a_statistics_lock_that_is_not_a_file_is_set_aside_and_results_are_counted(home, case):
    lock = home / ".statistics.json.lock"
    make_bad(lock, ANY_FILE[case])
    assert storage.record_result("mean", ["human", "easy"], Result.from_scores([1, 0])) is None
    assert storage.load_statistics()[0]["games"]["mean"]["played"] == 1
