"""Settings, saves and statistics: written atomically, damaged files set aside and
reported, never lost and never a crash."""

from __future__ import annotations

import json

import pytest

from cardtable import storage
from cardtable.engine import MatchRecord, Result


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return tmp_path


def test_settings_come_back_as_they_were_saved():
    settings, message = storage.load_settings()
    assert message is None and settings == storage.Settings()
    settings.animation_speed = 2.0
    settings.muted = True
    settings.slap_bindings = {"0": {"key": "left shift"}}
    storage.save_settings(settings)
    again, message = storage.load_settings()
    assert message is None
    assert again.animation_speed == 2.0 and again.muted is True
    assert again.slap_bindings == {"0": {"key": "left shift"}}


def test_a_damaged_settings_file_is_set_aside_and_reported(home):
    (home / "settings.json").write_text("{ not json", encoding="utf-8")
    settings, message = storage.load_settings()
    assert settings == storage.Settings()
    assert "could not be read" in message
    kept = list(home.glob("settings.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == "{ not json"


def test_settings_of_another_version_are_set_aside_not_misread(home):
    (home / "settings.json").write_text(json.dumps({"version": 42, "volume": 0.1}))
    settings, message = storage.load_settings()
    assert settings.volume == storage.Settings().volume
    assert "version 42" in message


def test_a_bad_value_in_settings_is_reported_and_the_defaults_used(home):
    (home / "settings.json").write_text(json.dumps({"version": 1, "volume": "loud"}))
    settings, message = storage.load_settings()
    assert settings == storage.Settings()
    assert "bad value" in message


def test_out_of_range_settings_are_brought_into_range(home):
    (home / "settings.json").write_text(
        json.dumps({"version": 1, "volume": 7, "animation_speed": 0})
    )
    settings, message = storage.load_settings()
    assert message is None
    assert settings.volume == 1.0 and settings.animation_speed == 0.25


def test_writes_are_atomic_and_leave_no_temporary_files(home):
    storage.save_settings(storage.Settings())
    assert [p.name for p in home.iterdir()] == ["settings.json"]


def test_settings_the_file_already_holds_are_not_written_again(home, monkeypatch):
    # The app saves its settings as it closes; unchanged, that was two flushes to disk.
    settings, _ = storage.load_settings()
    storage.save_settings(settings)
    written = []
    real = storage.write_text_atomic
    monkeypatch.setattr(storage, "write_text_atomic", lambda *a: written.append(a) or real(*a))
    again, _ = storage.load_settings()
    storage.save_settings(again)
    assert written == []
    again.volume = 0.3
    storage.save_settings(again)
    assert len(written) == 1 and storage.load_settings()[0].volume == 0.3


def test_a_saved_match_loads_back_and_a_damaged_one_is_set_aside():
    record = MatchRecord("what-the-heck", 2, 1, {}, ["human", "hard"], [(0, "bid 3")])
    path = storage.save_match(record, "my game")
    loaded, message = storage.load_match(path)
    assert message is None and loaded == record
    path.write_text("garbage")
    loaded, message = storage.load_match(path)
    assert loaded is None and "damaged" in message
    assert not path.exists() and list(path.parent.glob("my-game.damaged-*"))


def test_statistics_count_games_and_shared_wins():
    storage.record_result("what-the-heck", ["human", "hard"], Result.from_scores([5, 5]))
    storage.record_result("what-the-heck", ["human", "hard"], Result.from_scores([9, 2]))
    data, message = storage.load_statistics()
    game = data["games"]["what-the-heck"]
    assert message is None and game["played"] == 2
    assert game["seats"]["human"] == {"games": 2, "wins": 1.5}
    assert game["seats"]["hard"] == {"games": 2, "wins": 0.5}


def test_your_own_record_counts_levels_streaks_and_the_best_score():
    storage.record_result("what-the-heck", ["human", "hard"], Result.from_scores([9, 2]))
    storage.record_result("what-the-heck", ["human", "hard"], Result.from_scores([12, 2]))
    storage.record_result("what-the-heck", ["human", "easy", "hard"], Result.from_scores([1, 5, 3]))
    storage.record_result("what-the-heck", ["human", "easy"], Result.from_scores([4, 4]))
    storage.record_result("what-the-heck", ["human", "human"], Result.from_scores([4, 1]))
    yours = storage.load_statistics()[0]["games"]["what-the-heck"]["you"]
    assert (yours["played"], yours["won"]) == (4, 3)  # the game of two humans is nobody's
    assert (yours["streak"], yours["longest"]) == (1, 2)
    assert yours["levels"] == {
        "hard": {"played": 2, "won": 2},
        "mixed": {"played": 1, "won": 0},
        "easy": {"played": 1, "won": 1},
    }
    assert yours["best"] == 12 and yours["higher"] is True


def test_a_lower_is_better_game_keeps_the_lowest_score_as_best():
    for scores in ([10, 30], [4, 9], [20, 3]):
        result = Result.from_scores(scores, higher_is_better=False)
        storage.record_result("golf", ["human", "medium"], result)
    yours = storage.load_statistics()[0]["games"]["golf"]["you"]
    assert yours["best"] == 4 and yours["higher"] is False
    assert (yours["won"], yours["streak"], yours["longest"]) == (2, 0, 2)


def test_remembered_options_and_how_to_cards_are_kept_across_a_reload(home):
    settings = storage.Settings(game_options={"mean": {"play_on": True}}, seen_how_to=["mean"])
    storage.save_settings(settings)
    loaded, message = storage.load_settings()
    assert message is None
    assert loaded.game_options == {"mean": {"play_on": True}}
    assert loaded.seen_how_to == ["mean"]


@pytest.mark.parametrize(
    "bad", [{"game_options": {"mean": {"play_on": True}, "bad": 3}}, {"seen_how_to": "x"}]
)
def test_remembered_options_or_how_to_cards_of_the_wrong_kind_set_the_file_aside(home, bad):
    data = {"version": 1, **bad}
    (home / "settings.json").write_text(json.dumps(data), encoding="utf-8")
    settings, message = storage.load_settings()
    assert message is not None and "it was kept as settings.damaged" in message
    assert settings.game_options == {} and settings.seen_how_to == []
    assert any(path.name != "settings.json" for path in home.iterdir())


# -- several games in progress ----------------------------------------------------------


def game(seed: int, moves: int = 1) -> MatchRecord:
    actions = [(0, "bid 3"), (1, "bid 5")][:moves]
    return MatchRecord("what-the-heck", 2, seed, {}, ["human", "hard"], actions)


def test_each_game_started_is_kept_under_its_own_key_and_ends_alone():
    first, second = storage.new_key("what-the-heck"), storage.new_key("what-the-heck")
    assert first != second, "two games started in one second still have keys of their own"
    storage.save_progress(storage.Progress(game(1), ["You", "Ada"], 0, first))
    storage.save_progress(storage.Progress(game(2, 2), ["You", "Bo"], 0, second))
    games, message = storage.list_progress()
    assert message is None
    assert {g.key: g.record.seed for g in games} == {first: 1, second: 2}
    assert games[0].saved >= games[1].saved, "the last played first"
    storage.clear_progress(first)  # the first game ends: the second stays
    games, _ = storage.list_progress()
    assert [(g.key, g.names, g.record.actions) for g in games] == [
        (second, ["You", "Bo"], [(0, "bid 3"), (1, "bid 5")])
    ]


def test_an_older_versions_saved_game_is_carried_over_on_first_start(home):
    old = {"version": 1, "record": game(4).to_dict(), "names": ["You", "Ada"], "viewer": 0}
    (home / "game-in-progress.json").write_text(json.dumps(old))
    games, message = storage.list_progress()
    assert message is None and len(games) == 1
    assert games[0].record == game(4) and games[0].names == ["You", "Ada"]
    assert not (home / "game-in-progress.json").exists(), "carried over, not left behind"
    assert (home / "in-progress" / f"{games[0].key}.json").exists()
    storage.clear_progress(games[0].key)
    assert storage.list_progress() == ([], None)


def test_a_key_that_is_not_plain_is_refused_before_it_names_a_file():
    with pytest.raises(ValueError, match="plain key"):
        storage.progress_path("../settings")
    storage.clear_progress("../settings")  # nothing happens, nothing raised


def test_a_result_waits_for_another_copy_counting_and_gives_up_with_one_line(home, monkeypatch):
    from filelock import FileLock

    monkeypatch.setattr(storage, "LOCK_WAIT", 0.2)
    monkeypatch.setattr(storage, "_told", set())
    held = FileLock(str(home / ".statistics.json.lock"))
    with held:  # another copy of the app in the middle of counting
        message = storage.record_result("mean", ["human", "easy"], Result.from_scores([1, 0]))
    assert message == (
        "Results cannot be saved (another copy of Card Table held them for 0.2 seconds); "
        "the game goes on."
    )
    assert storage.record_result("mean", ["human", "easy"], Result.from_scores([1, 0])) is None
    assert storage.load_statistics()[0]["games"]["mean"]["played"] == 1, "counted once free"
