"""Rule options in table setup: built from each game's ``Option``s, changed by mouse and
by keyboard, reaching the game they start, remembered per game, and a remembered value
the game refuses falling back to the default with one line."""

from __future__ import annotations

import pygame

from cardtable import storage
from cardtable.engine import Option
from cardtable.games import registry
from cardtable.ui.scenes.options import OptionsScene, changed
from cardtable.ui.tables import TableScene

from .conftest import click, frames, key
from .test_menu_scenes import open_setup


def button(scene, label):
    return next(b for b in scene.column.buttons if b.label == label)


def test_a_target_changed_by_mouse_reaches_the_new_game_and_is_remembered(app):
    setup = open_setup(app, "hit-the-deck")
    click(app, button(setup, "Options").rect.center)
    options = app.manager.top
    assert isinstance(options, OptionsScene)
    click(app, button(options, "+").rect.center)
    click(app, button(options, "+").rect.center)
    assert options.values["target"] == 120
    click(app, button(options, "Done").rect.center)
    assert app.manager.top is setup
    click(app, button(setup, "Start").rect.center)
    table = app.manager.top
    assert isinstance(table, TableScene)
    assert table.state.target == 120
    saved, _ = storage.load_settings()
    assert saved.game_options["hit-the-deck"] == {"target": 120}


def test_play_on_switched_by_keyboard_reaches_the_new_game(app):
    setup = open_setup(app, "mean")
    setup.column.focus_on(setup.column.buttons.index(button(setup, "Options")))
    key(app, pygame.K_RETURN)
    options = app.manager.top
    assert isinstance(options, OptionsScene)
    assert options.column.buttons[0].focused  # Enter changes the first option at once
    assert options.column.buttons[0].label == "Turn on"
    key(app, pygame.K_RETURN)
    assert options.values["play_on"] is True
    assert app.manager.top.column.buttons[0].label == "Turn off"
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is setup
    setup.start()
    assert app.manager.top.state.play_on is True


def test_a_bad_remembered_value_falls_back_to_the_default_with_one_line(app):
    app.settings.game_options = {"hit-the-deck": {"target": "lots"}}
    setup = open_setup(app, "hit-the-deck")
    assert setup.options["target"] == 100
    assert setup.toast.message.count("\n") == 0
    assert "target" in setup.toast.message and "back to 100" in setup.toast.message
    setup.start()
    assert app.manager.top.state.target == 100


def test_every_kind_of_option_changes_within_its_limits():
    switch = Option("spite", True, "")
    assert changed(switch, True, 1) is False
    listed = Option("sets", "pairs", "", choices=("pairs", "runs", "both"))
    assert changed(listed, "both", 1) == "pairs"
    assert changed(listed, "pairs", -1) == "both"
    number = Option("stack", 20, "", minimum=5, maximum=30)
    assert changed(number, 30, 1) == 30
    assert changed(number, 5, -1) == 5
    assert changed(number, 20, 1) == 21
    target = registry.get("hit-the-deck").options[0]
    assert changed(target, 10, -1) == 10  # the minimum


def test_the_options_scene_fits_the_smallest_window(app):
    app.screen = pygame.display.set_mode((800, 500))
    setup = open_setup(app, "hit-the-deck")
    click(app, button(setup, "Options").rect.center)
    frames(app, 2)
    scene = app.manager.top
    rects = [b.rect for b in scene.column.buttons]
    assert all(app.screen.get_rect().contains(rect) for rect in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
