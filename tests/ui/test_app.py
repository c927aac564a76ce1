"""The app's entry points: run with a watch launch and a frame limit, the smoke run, the
title's message about a damaged settings file, rules help and settings."""

from __future__ import annotations

import pygame
import pytest

from cardtable.games import registry
from cardtable.ui import app as app_module
from cardtable.ui.launch import Launch
from cardtable.ui.markdown import markdown_blocks
from cardtable.ui.scenes.rules import RulesScene
from cardtable.ui.scenes.settings import SettingsScene
from cardtable.ui.scenes.title import TitleScene

from .conftest import click, frames, key


def test_run_watch_quits_after_the_frames_with_0(home):
    launch = Launch("what-the-heck", 4, ("random",) * 4, seed=2, watch=True)
    assert app_module.run(launch, frames=40) == 0


def test_run_at_the_title_quits_after_the_frames_with_0(home):
    assert app_module.run(None, frames=5) == 0


@pytest.mark.slow
def test_run_smoke_opens_every_game_and_returns_0(home, capsys):
    assert app_module.run_smoke(frames_per_scene=20) == 0
    assert "failed" not in capsys.readouterr().err


def test_run_smoke_reports_a_failure_with_1(home, monkeypatch, capsys):
    def broken(game_id):
        raise RuntimeError("table would not open")

    monkeypatch.setattr("cardtable.ui.app.table_for", broken)
    assert app_module.run_smoke(frames_per_scene=4) == 1
    assert "table would not open" in capsys.readouterr().err


def test_a_damaged_settings_file_is_a_toast_on_the_title(home):
    (home / "settings.json").write_text("{not json", encoding="utf-8")
    application = app_module.App((800, 600))
    try:
        application.fixed_dt = 0.05
        application.show_title()
        application.step()
        title = application.manager.top
        assert isinstance(title, TitleScene)
        assert title.toast.visible and "settings" in title.toast.message
    finally:
        application.close()


def test_a_damaged_settings_file_and_saved_game_are_both_told(home):
    # Both damaged at once: the title said only the settings' sentence, and the saved
    # game was set aside without a word.
    (home / "settings.json").write_text("[1, 2]", encoding="utf-8")
    (home / "game-in-progress.json").write_text('{"version": 1, "seed": "abc"', "utf-8")
    application = app_module.App((800, 600))
    try:
        application.fixed_dt = 0.05
        application.show_title()
        application.step()
        message = application.manager.top.toast.message
        assert "settings.damaged-" in message and "game-in-progress.damaged-" in message
        assert list(home.glob("game-in-progress.damaged-*.json"))
    finally:
        application.close()


def test_rules_help_renders_and_scrolls(app):
    info = registry.get("what-the-heck")
    kinds = [kind for kind, _marker, _words in markdown_blocks(info.rules_help)]
    assert {"h1", "h2", "bullet", "number"} <= set(kinds)
    app.show_title()
    app.manager.push(RulesScene(app, info))
    frames(app, 2)
    scene = app.manager.top
    assert scene.content_height > app.size[1]  # longer than a page: it must scroll
    key(app, pygame.K_PAGEDOWN)
    assert scene.scroll > 0
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, TitleScene)


def test_settings_change_and_are_saved(app, home):
    app.show_title()
    app.manager.push(SettingsScene(app))
    app.step()
    scene = app.manager.top
    before = app.settings.volume
    louder = next(b for b in scene.column.buttons if b.label == "Quieter")
    click(app, louder.rect.center)
    assert app.settings.volume < before
    mute = next(b for b in scene.column.buttons if b.label == "Mute")
    click(app, mute.rect.center)
    assert app.settings.muted
    assert '"muted": true' in (home / "settings.json").read_text(encoding="utf-8")


def test_the_window_resizes_and_the_table_follows(app):
    app.open_table(Launch("what-the-heck", 5, ("human",) + ("random",) * 4, seed=4))
    table = app.manager.top
    table.hold_bots = True
    frames(app, 3)
    pygame.display.set_mode((800, 600), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=600, size=(800, 600)))
    frames(app, 2)
    window = pygame.Rect(0, 0, 800, 600)
    for zone in ("hand:0", "bid:0", "center", "points", "hand:3"):
        assert window.contains(table.view.spots[zone].rect), zone
    assert table.view.spots["hand:0"].card[1] < 144  # cards drawn smaller, not scaled images


def test_bold_words_keep_their_punctuation():
    from cardtable.ui.markdown import _runs

    assert _runs("15 **Point Cards**: -5 to -1") == [
        ("15", False, True),
        ("Point", True, True),
        ("Cards", True, True),
        (":", False, False),
        ("-5", False, True),
        ("to", False, True),
        ("-1", False, True),
    ]


def test_the_title_comes_up_before_the_tables_the_games_and_the_bots_are_imported(home):
    # Start-up (benchmarks/packaging.md): the first frame of the title needs none of them
    # (with no game in progress: one to resume is replayed, with its game, before).
    import subprocess
    import sys
    from pathlib import Path

    heavy = [
        "cardtable.ui.tables",
        "cardtable.games.catalog",
        "cardtable.play.pool",
        "cardtable.play.referee",
        "cardtable.engine.state",
        "filelock",
    ]
    code = (
        "import sys; from cardtable.cli import main; main(['--frames', '1']); "
        f"print([name for name in {heavy!r} if name in sys.modules])"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=root, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"
