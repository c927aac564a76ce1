"""What the table base offers every game, proved on a made-up game (``fake_game``): a drop
several legal codes match asks which, a move made without cards gets a chooser, equal
cards go as one group, a score sheet between hands that traps nobody, and a secret choice
out of turn behind the privacy screen."""

from __future__ import annotations

import pygame

from cardtable.ui.launch import Launch
from cardtable.ui.scenes.privacy import PrivacyScene
from cardtable.ui.scenes.rules import RulesScene

from .conftest import click, drag, frames, key, until
from .fake_game import PounceTable, register


def open_pounce(app, monkeypatch, seats=("human", "random")) -> PounceTable:
    register(monkeypatch)
    table = PounceTable(app, Launch("pounce", len(seats), tuple(seats), seed=1))
    app.show_title()
    app.manager.push(table)
    return table


def card(table, code: str) -> tuple[int, int]:
    zone = f"hand:{table.viewer}"
    return table.view.card_point(zone, table.model[zone].index(code))


def test_a_table_draws_from_its_view_and_holds_no_game_state(app, monkeypatch):
    table = open_pounce(app, monkeypatch)
    referee = table.match.referee
    zones = referee.observation(0)["zones"]
    # Were the table to reach the game but through its door, it would fail now.
    table.match.host.referee = None
    table.hold_bots = True
    until(app, lambda: not table.animator.busy and not table.view.dirty)
    assert table.model == {
        name: view.get("cards", ["?"] * view.get("count", 0)) for name, view in zones.items()
    }
    table.match.host.referee = referee  # the match keeps the game when the table closes


def test_a_drop_that_several_legal_codes_match_asks_which(app, monkeypatch):
    table = open_pounce(app, monkeypatch)
    table.hold_bots = True
    until(app, table.awaiting_human)
    drag(app, card(table, "W"), table.pile.center)
    assert table.match.state.history == []  # nothing played yet: the table asks
    chooser = table.choices.chooser
    assert chooser is not None and [b.label for b in chooser.buttons] == ["1", "2", "3"]
    # The chooser keeps clear of the hand it was dragged from.
    assert not chooser.rect.colliderect(table.view.spots["hand:0"].rect)
    key(app, pygame.K_2)
    assert table.match.state.history == [(0, "lay W as 2")]


def test_escape_takes_back_the_question_and_plays_nothing(app, monkeypatch):
    table = open_pounce(app, monkeypatch)
    table.hold_bots = True
    until(app, table.awaiting_human)
    drag(app, card(table, "W"), table.pile.center)
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert table.choices.chooser is None and table.match.state.history == []


def test_equal_cards_are_selected_and_dragged_as_one_group(app, monkeypatch):
    table = open_pounce(app, monkeypatch)
    table.hold_bots = True
    until(app, table.awaiting_human)
    hand = table.model["hand:0"]
    first, second = [i for i, c in enumerate(hand) if c == "2"]
    click(app, table.view.card_point("hand:0", first))
    click(app, table.view.card_point("hand:0", second))
    assert table.input.picked.cards == ("2", "2")
    # A card of another value does not join: it starts afresh.
    click(app, card(table, "1"))
    assert table.input.picked.cards == ("1",)
    click(app, table.view.card_point("hand:0", first))
    click(app, table.view.card_point("hand:0", second))
    drag(app, table.view.card_point("hand:0", second), table.pile.center)
    assert table.match.state.history == [(0, "lay 2 2")]


def test_a_move_made_without_cards_gets_a_chooser_from_the_legal_actions(app, monkeypatch):
    table = open_pounce(app, monkeypatch)
    table.hold_bots = True
    until(app, table.awaiting_human)
    drag(app, card(table, "4"), table.pile.center)
    until(app, lambda: table.choices.chooser is not None)
    labels = [b.label for b in table.choices.chooser.buttons]
    assert labels == ["left", "right"]
    click(app, table.choices.chooser.buttons[1].rect.center)
    assert table.match.state.history[-1] == (0, "dir right")


def test_the_keyboard_cursor_skips_cards_that_cannot_be_played(app, monkeypatch):
    table = open_pounce(app, monkeypatch)
    until(app, table.awaiting_human)
    table.perform(0, "lay 2")
    until(app, lambda: table.awaiting_human() and len(table.match.state.history) > 1)
    top = table.model["pile"][-1]
    hand = table.model["hand:0"]
    assert top in hand  # seed 1: the bot laid a value the human holds
    visited = set()
    for _ in range(len(hand)):
        key(app, pygame.K_RIGHT)
        zone, index = table.input.key_cards()[table.input.key_focus]
        visited.add(hand[index])
    assert top not in visited
    assert visited == {code for code in hand if code != top}


def play_until(app, table, condition, limit: int = 4000) -> None:
    """Frames go by; the human lays their lowest card when asked and lets every chance
    to spite pass."""
    for _ in range(limit):
        if condition():
            return
        if table.awaiting_human():
            table.perform(table.viewer, sorted(table.legal_codes())[0])
        elif table.still() and table.viewer in table.out_of_turn_humans():
            table.decline()
        app.step()
    raise AssertionError(f"not reached after {limit} frames")


def test_the_score_sheet_waits_between_hands_but_traps_nobody(app, monkeypatch):
    table = open_pounce(app, monkeypatch, seats=("human", "random"))
    play_until(app, table, lambda: table.sheet is not None)
    assert [row[0] for row in table.sheet.rows] == table.names
    moves = len(table.match.state.history)
    frames(app, 30)
    assert len(table.match.state.history) == moves  # the match waits for the players
    rules = next(b for b in table.buttons if b.label == "Rules")
    click(app, rules.rect.center)
    assert isinstance(app.manager.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is table and table.sheet is not None
    key(app, pygame.K_ESCAPE)  # Escape goes on, as Enter and the button do
    assert table.sheet is None


def test_a_secret_choice_out_of_turn_comes_behind_the_privacy_screen(app, monkeypatch):
    table = open_pounce(app, monkeypatch, seats=("human", "random", "human"))
    until(app, lambda: isinstance(app.manager.top, PrivacyScene))
    assert app.manager.top.name == table.seats[0].name
    key(app, pygame.K_RETURN)
    until(app, table.awaiting_human)
    table.perform(0, "lay 1")
    # Seat 2 may spite out of turn: the table is covered before seat 2's eyes are used,
    # and the bot to play next waits meanwhile.
    until(app, lambda: isinstance(app.manager.top, PrivacyScene))
    assert app.manager.top.name == table.seats[2].name
    assert table.viewer is None
    frames(app, 100)
    assert table.match.state.history == [(0, "lay 1")]
    key(app, pygame.K_RETURN)
    until(app, lambda: table.choices.chooser is not None)
    assert table.viewer == 2
    labels = [b.label for b in table.choices.chooser.buttons]
    assert labels == [table.names[0], table.names[1], "Let it pass"]
    click(app, table.choices.chooser.buttons[1].rect.center)
    assert table.match.state.history[1] == (2, "spite 1")
    # Chosen: nobody's hand shows while the bot plays on.
    until(app, lambda: len(table.match.state.history) > 2)
    assert table.viewer is None


def test_a_lone_human_may_let_a_secret_chance_pass(app, monkeypatch):
    table = open_pounce(app, monkeypatch, seats=("random", "human"))
    until(app, lambda: table.choices.chooser is not None, limit=4000)
    assert table.viewer == 1 and 1 not in table.humans_to_act()
    # The match waits a moment for the answer, and the countdown shows it.
    left = table.window_left()
    assert left is not None and 0 < left <= 1
    moves = len(table.match.state.history)
    click(app, table.choices.chooser.buttons[-1].rect.center)  # "Let it pass"
    until(app, lambda: len(table.match.state.history) > moves)
    assert all(code.split()[0] != "spite" for _s, code in table.match.state.history)
