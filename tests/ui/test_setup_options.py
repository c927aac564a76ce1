"""Rule options in table setup: built from each game's ``Option``s, changed by mouse and
by keyboard, reaching the game they start, remembered per game, and a remembered value
the game refuses falling back to the default with one line."""

from __future__ import annotations

import pygame
import pytest

from cardtable import storage
from cardtable.engine import BadOption, Option
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


def test_the_stack_plus_stops_at_what_the_player_count_allows_and_the_game_starts(app):
    # "+" to 30, 4 players, Start once crashed the app (60 / 4 = 15 cards a stack).
    setup = open_setup(app, "spite-malice")
    setup.set_players(4)
    click(app, button(setup, "Options").rect.center)
    options = app.manager.top
    for _ in range(30):
        click(app, options.column.buttons[2].rect.center)  # the stack's "+"
    assert options.values["stack"] == 15
    assert options.toast.message == "Stack is at most 15 with 4 players."
    click(app, button(options, "Done").rect.center)
    click(app, button(setup, "Start").rect.center)
    table = app.manager.top
    assert isinstance(table, TableScene) and table.state.stack_size == 15


def test_fewer_stack_cards_are_allowed_again_when_the_players_change(app):
    setup = open_setup(app, "spite-malice")
    setup.set_players(2)
    setup.options["stack"] = 30
    setup.set_players(3)
    assert setup.options["stack"] == 20, "pulled back to what 3 players allow"
    assert setup.toast.message == "Stack is at most 20 with 3 players: it is 20 now."
    setup.set_players(4)
    assert setup.options["stack"] == 15


def test_a_remembered_stack_too_big_for_the_players_never_crashes(app):
    app.settings.game_options = {"spite-malice": {"stack": 30}}
    setup = open_setup(app, "spite-malice")
    assert setup.players == 4 and setup.options["stack"] == 15
    assert "Stack is at most 15 with 4 players" in setup.toast.message
    setup.start()
    assert app.manager.top.state.stack_size == 15


def test_a_table_asked_for_with_options_its_players_refuse_says_so_and_opens_nothing(app):
    from cardtable.ui.launch import Launch

    app.show_title()
    frames(app)
    app.open_table(Launch("spite-malice", 4, ("human",) + ("easy",) * 3, options={"stack": 30}))
    assert not isinstance(app.manager.top, TableScene)
    assert app.manager.top.toast.message == (
        "Spite & Malice cannot start: with 4 players option stack must be at most 15 "
        "(60 cards in all)."
    )


def test_the_stack_is_checked_against_the_players_in_one_place():
    info = registry.get("spite-malice")
    stack = next(option for option in info.options if option.name == "stack")
    assert [stack.limits(players) for players in (2, 3, 4)] == [(5, 30), (5, 20), (5, 15)]
    assert changed(stack, 15, 1, players=4) == 15
    assert changed(stack, 15, 1, players=3) == 16
    assert info.resolve_options({"stack": "20"}, 3) == {"spite": True, "stack": 20}
    with pytest.raises(BadOption, match="with 3 players option stack must be at most 20"):
        info.resolve_options({"stack": "21"}, 3)
    with pytest.raises(BadOption, match="at most 15"):
        info.new_game(4, 1, {"stack": 16})
