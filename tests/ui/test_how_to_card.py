"""The first-run "how to play" card: shown over the table the first time a game is
started from its setup, for every game; "Don't show again" (ticked by default) remembered in
the settings; switched off, it comes again; reachable later from the game's Rules."""

from __future__ import annotations

import pygame

from cardtable import storage
from cardtable.games import registry
from cardtable.ui.scenes.how_to import HowToScene
from cardtable.ui.scenes.rules import RulesScene
from cardtable.ui.tables import TableScene

from .conftest import click, frames, key
from .test_menu_scenes import open_setup


def start(app, game_id):
    setup = open_setup(app, game_id)
    setup.start()
    frames(app)
    return app.manager.top


def test_every_game_shows_its_card_the_first_time_and_not_again(app):
    app.settings.seen_how_to = []
    for info in registry.all():
        card = start(app, info.id)
        assert isinstance(card, HowToScene), info.id
        assert card.lines[0] == info.summary
        assert len(card.lines) >= 4, f"{info.id}: how its table is played, in a few lines"
        table = app.manager.stack[-2]
        assert isinstance(table, TableScene) and table.clock == 0  # the match waits under it
        key(app, pygame.K_RETURN)  # Play, with "Don't show again" ticked
        assert app.manager.top is table
        assert info.id in storage.load_settings()[0].seen_how_to
        assert isinstance(start(app, info.id), TableScene)


def test_switched_off_dont_show_again_shows_it_next_time(app):
    app.settings.seen_how_to = []
    card = start(app, "mean")
    switch = card.column.buttons[0]
    # Issue 35: "Don't show again: On" was ambiguous; a ticked box is plain.
    assert switch.label == "☑ Don't show again"
    click(app, switch.rect.center)
    assert app.manager.top.column.buttons[0].label == "☐ Don't show again"
    key(app, pygame.K_ESCAPE)
    assert "mean" not in app.settings.seen_how_to
    assert isinstance(start(app, "mean"), HowToScene)


def test_the_card_opens_from_the_rules_by_button_and_by_h(app):
    table = start(app, "hit-the-deck")
    table.open_rules()
    frames(app)
    rules = app.manager.top
    assert isinstance(rules, RulesScene)
    click(app, rules.how_button.rect.center)
    card = app.manager.top
    assert isinstance(card, HowToScene) and card.info.id == "hit-the-deck"
    assert any("slap" in line for line in card.lines)
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is rules
    key(app, pygame.K_h)
    assert isinstance(app.manager.top, HowToScene)


def test_the_card_fits_the_smallest_window(app):
    app.screen = pygame.display.set_mode((640, 400))
    app.settings.seen_how_to = []
    card = start(app, "mean")
    frames(app, 2)
    assert app.screen.get_rect().contains(card.card)
    assert all(card.card.contains(button.rect) for button in card.column.buttons)


def test_the_card_from_the_rules_only_closes_and_changes_no_setting(app):
    # Opened from the Rules before a first game, the card said "Play" (which only closed
    # it) and, closing, marked the game as seen: its first game then skipped the card.
    app.settings.seen_how_to = []
    info = registry.get("hit-the-deck")
    app.open_rules(info)
    frames(app)
    click(app, app.manager.top.how_button.rect.center)
    card = app.manager.top
    assert isinstance(card, HowToScene)
    assert [button.label for button in card.column.buttons] == ["Back"]
    click(app, card.play_button.rect.center)
    assert isinstance(app.manager.top, RulesScene)
    assert app.settings.seen_how_to == []
    assert storage.load_settings()[0].seen_how_to == []
    assert isinstance(start(app, "hit-the-deck"), HowToScene)
