"""The generic table makes every registered game playable: its legal actions are the
buttons of the in-table chooser;
and every table has the Rules and Settings buttons."""

from __future__ import annotations

import pygame

from cardtable.games import registry
from cardtable.ui.launch import Launch
from cardtable.ui.scenes.rules import RulesScene
from cardtable.ui.scenes.settings import SettingsScene
from cardtable.ui.tables import TABLES, GenericTable, table_for

from .conftest import click, key, until


def test_games_without_a_table_get_the_generic_one():
    for info in registry.all():
        expected = TABLES.get(info.id, GenericTable)
        assert table_for(info.id) is expected
    assert table_for("what-the-heck") is not GenericTable


def test_a_legal_action_button_plays_that_move(app):
    # Any game works on the generic table, also one that has its own table later.
    table = GenericTable(app, Launch("mean", 2, ("human", "random"), seed=5))
    app.show_title()
    app.manager.push(table)
    table.hold_bots = True
    until(app, lambda: table.awaiting_human() and table.choices.chooser is not None)
    button = table.choices.chooser.buttons[0]
    assert {b.label for b in table.choices.chooser.buttons} == table.legal_codes()
    history = len(table.state.history)
    click(app, button.rect.center)
    assert table.state.history[history] == (0, button.label)


def test_rules_and_settings_open_over_the_table_and_return(app):
    app.open_table(Launch("what-the-heck", 2, ("human", "random"), seed=5))
    table = app.manager.top
    rules = next(b for b in table.buttons if b.label == "Rules")
    click(app, rules.rect.center)
    assert isinstance(app.manager.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is table
    settings = next(b for b in table.buttons if b.label == "Settings")
    click(app, settings.rect.center)
    assert isinstance(app.manager.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is table
