"""The Statistics scene from the title: your games per game from a crafted statistics
file (played, won, by opponent level, best score, streaks), a damaged file set aside and
reported in one line, a file with values of the wrong kind set aside the same way."""

from __future__ import annotations

import json

import pygame

from cardtable import storage
from cardtable.engine import Result
from cardtable.ui.scenes.statistics import StatisticsScene

from .conftest import click, frames, key

CRAFTED = {
    "version": 1,
    "games": {
        "mean": {
            "played": 7,
            "seats": {"human": {"games": 7, "wins": 4.0}},
            "you": {
                "played": 7,
                "won": 4,
                "streak": 2,
                "longest": 3,
                "best": 3,
                "higher": True,
                "levels": {"hard": {"played": 5, "won": 2}, "easy": {"played": 2, "won": 2}},
            },
        },
        "copycat": {
            "played": 2,
            "seats": {"human": {"games": 2, "wins": 1.0}},
            "you": {"played": 2, "won": 1, "streak": 0, "longest": 1, "best": 12, "higher": False},
        },
        # Written before your own record was kept: the human seats' games and wins.
        "what-the-heck": {"played": 4, "seats": {"human": {"games": 4, "wins": 1.5}}},
    },
}


def open_statistics(app, home, data) -> StatisticsScene:
    text = data if isinstance(data, str) else json.dumps(data)
    (home / "statistics.json").write_text(text, encoding="utf-8")
    app.show_title()
    frames(app)
    title = app.manager.top
    button = next(b for b in title.column.buttons if b.label == "Statistics")
    click(app, button.rect.center)
    scene = app.manager.top
    assert isinstance(scene, StatisticsScene)
    frames(app, 2)
    return scene


def row(scene, title):
    return next(line for line in scene.lines if line.title == title)


def test_the_statistics_show_each_games_record_from_the_file(app, home):
    scene = open_statistics(app, home, CRAFTED)
    mean = row(scene, "MEAN!")
    # MEAN! keeps no points (its results rank players): no "best score" for it.
    assert mean.cells() == ("7", "4", "57%", "–", "2", "3")
    assert row(scene, "Copy Cat").cells()[:4] == ("2", "1", "50%", "12")
    assert mean.by_level() == "against easy 2 of 2 · hard 2 of 5"
    old = row(scene, "What the Heck?")
    assert (old.played, old.won) == (4, 2)
    unplayed = row(scene, "Hit the Deck")
    assert unplayed.cells() == ("0", "–", "–", "–", "–", "–")
    assert scene.message is None


def test_a_statistics_file_with_values_of_the_wrong_kind_is_set_aside(app, home):
    damaged = {
        "version": 1,
        "games": {"hit-the-deck": {"played": "many", "you": {"played": "x", "levels": [1, 2]}}},
    }
    scene = open_statistics(app, home, damaged)
    assert scene.message is not None and "statistics.damaged" in scene.message
    assert row(scene, "Hit the Deck").cells() == ("0", "–", "–", "–", "–", "–")


def test_a_damaged_statistics_file_is_set_aside_and_said_in_one_line(app, home):
    scene = open_statistics(app, home, "{ not json")
    assert "could not be read" in scene.toast.message and "\n" not in scene.toast.message
    assert list(home.glob("statistics.damaged-*.json"))
    assert all(line.played == 0 for line in scene.lines)


def test_a_finished_game_shows_up_and_escape_goes_back(app, home):
    storage.record_result("mean", ["human", "hard", "hard"], Result.from_scores([1, 0, 0]))
    scene = open_statistics(app, home, json.loads((home / "statistics.json").read_text()))
    mean = row(scene, "MEAN!")
    assert (mean.played, mean.won, mean.streak) == (1, 1, 1)
    assert mean.by_level() == "against hard 1 of 1"
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.manager.top, StatisticsScene)


def test_the_statistics_fit_the_smallest_window(app, home):
    app.screen = pygame.display.set_mode((800, 500))
    scene = open_statistics(app, home, CRAFTED)
    assert app.screen.get_rect().contains(scene.column.buttons[0].rect)
