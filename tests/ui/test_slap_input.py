"""Slap input: each human's own key or gamepad button, hits in the order the input events
arrive, bindings set in table setup and saved, and bots' scheduled hits dropped when the
state moved on before they fired."""

from __future__ import annotations

import pygame
import pytest

from cardtable import storage
from cardtable.games import registry
from cardtable.strategy.hit_the_deck import EasyBot, MediumBot
from cardtable.ui.scenes.privacy import PrivacyScene
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.slap import (
    DEFAULT_SLAP_KEYS,
    RESERVED_KEYS,
    bindings,
    key_code,
    key_label,
    keys_for,
)

from .conftest import click, until
from .test_hit_the_deck_table import open_table, press, run_until, slap_hits, stacked


def pad_press(instance_id: int, button: int) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=instance_id, button=button, joy=0)
    )


def three_humans_in_a_round(app, settings=None):
    """Seat 1 has just played a Hand card; seats 0, 1 and 2 are humans."""
    if settings is not None:
        app.settings.slap_bindings = settings
    deck = stacked(["", "HIT-HAND", ""], discard="Y3")
    table = open_table(app, ("human", "human", "human"), deck)
    run_until(app, table, lambda: table.awaiting_human() and table.viewer == 1)
    assert table.perform(1, "play HIT-HAND") is None
    return table


# -- the keys -------------------------------------------------------------------------------


@pytest.fixture
def keyboard():
    """pygame knows its key names once it has started."""
    pygame.init()
    yield
    pygame.quit()


def test_default_slap_keys_are_distinct_and_never_play_cards(keyboard):
    codes = [key_code(name) for name in DEFAULT_SLAP_KEYS]
    assert None not in codes
    assert len(set(codes)) == len(codes) == 6  # one for each of six players
    assert not set(codes) & set(RESERVED_KEYS)
    # The first two are the far corners of the keyboard.
    assert DEFAULT_SLAP_KEYS[:2] == ["left shift", "right shift"]


def test_the_rules_help_names_the_default_slap_keys():
    rules = registry.get("hit-the-deck").rules_help
    for name in DEFAULT_SLAP_KEYS:
        label = {"left shift": "Left Shift", "right shift": "Right Shift"}.get(
            name, key_label(name)
        )
        assert f"**{label}**" in rules


def test_each_human_gets_the_first_default_key_nobody_else_holds(keyboard):
    # Seat 2 saved right shift, so seat 0 keeps left shift and seat 3 gets the next one.
    saved = {"2": {"key": "right shift"}}
    assert keys_for([0, 2, 3], saved) == {0: "left shift", 2: "right shift", 3: "b"}


def test_a_saved_key_that_plays_cards_or_is_held_already_falls_back_to_a_default(keyboard):
    saved = {"0": {"key": "return"}, "1": {"key": "q"}, "2": {"key": "q"}}
    names = keys_for([0, 1, 2], saved)
    assert names[1] == "q"
    assert names[0] != "return" and names[2] != "q"
    assert len(set(names.values())) == 3


def test_gamepad_buttons_are_bound_per_pad_instance(keyboard):
    keys, pads = bindings([0, 1], {"1": {"key": "b", "pad": [3, 0]}, "0": {"pad": [4, 0]}})
    assert pads == {(3, 0): 1, (4, 0): 0}
    assert keys[pygame.K_b] == 1


# -- order is arrival order -------------------------------------------------------------------


def test_two_key_presses_in_one_frame_count_in_arrival_order_not_seat_order(app):
    table = three_humans_in_a_round(app)
    # Seat 2's key (b) arrives before seat 1's (right shift), in the same frame.
    press(pygame.K_b, pygame.K_RSHIFT)
    app.step()
    assert slap_hits(table) == [2, 1]
    press(pygame.K_LSHIFT)
    app.step()
    close = table.state.history[-4:]
    assert close == [(1, "play HIT-HAND"), (2, "hit"), (1, "hit"), (0, "hit")]
    assert [hand.seat for hand in table.round.hands] == [2, 1, 0]
    until(app, lambda: table.round.result is not None)
    assert table.round.result["order"] == [2, 1, 0]
    assert table.round.result["draws"] == [0]


def test_a_gamepad_button_slaps_for_its_player_in_arrival_order(app):
    table = three_humans_in_a_round(app, {"2": {"pad": [5, 3]}})
    pad_press(5, 3)  # seat 2's pad first
    press(pygame.K_RSHIFT)  # then seat 1's key, in the same frame
    pad_press(5, 4)  # a button nobody bound does nothing
    pad_press(9, 3)  # nor does the same button on another pad
    app.step()
    assert slap_hits(table) == [2, 1]


def test_a_slap_outside_a_round_is_a_fake_out_that_draws_two(app):
    deck = stacked(["", "", ""], discard="Y3")
    table = open_table(app, ("human", "human", "medium"), deck)
    run_until(app, table, lambda: table.awaiting_human() and not table.animator.busy)
    before = table.state.observation(None)["hand_counts"][0]
    press(pygame.K_LSHIFT)
    app.step()
    assert table.state.history[-1] == (0, "hit")
    assert table.state.observation(None)["hand_counts"][0] == before + 2


# -- binding in table setup -------------------------------------------------------------------


def setup_scene(app) -> SetupScene:
    app.show_title()
    scene = SetupScene(app, registry.get("hit-the-deck"))
    app.manager.push(scene)
    scene.seats[1] = "human"
    scene.build()
    app.step()
    return scene


def test_table_setup_binds_a_pressed_key_and_saves_it(app, home):
    scene = setup_scene(app)
    assert scene.slap_buttons[0].label == "Slap: L-Shift"
    assert scene.slap_buttons[1].label == "Slap: R-Shift"
    click(app, scene.slap_buttons[1].rect.center)
    assert scene.binding == 1
    press(pygame.K_q)
    app.step()
    assert scene.binding is None
    assert scene.slap_buttons[1].label == "Slap: Q"
    saved, _ = storage.load_settings()
    assert saved.slap_bindings == {"1": {"key": "q"}}


def test_a_key_another_player_holds_is_refused_with_their_name(app):
    scene = setup_scene(app)
    click(app, scene.slap_buttons[1].rect.center)
    press(pygame.K_LSHIFT)  # seat 0's key
    app.step()
    assert scene.binding == 1  # still waiting for a key
    assert "taken by" in scene.toast.message and scene.seat_name(0) in scene.toast.message
    assert app.settings.slap_bindings == {}


def test_keys_that_play_cards_are_refused_and_escape_cancels(app):
    scene = setup_scene(app)
    click(app, scene.slap_buttons[0].rect.center)
    press(pygame.K_RETURN)
    app.step()
    assert scene.binding == 0 and "Enter plays cards" in scene.toast.message
    press(pygame.K_ESCAPE)
    app.step()
    assert scene.binding is None
    assert app.settings.slap_bindings == {}
    assert isinstance(app.manager.top, SetupScene)  # Escape left binding, not the scene


def test_a_gamepad_button_binds_in_table_setup_and_slaps_at_the_table(app):
    scene = setup_scene(app)
    click(app, scene.slap_buttons[0].rect.center)
    pad_press(2, 7)
    app.step()
    assert app.settings.slap_bindings == {"0": {"pad": [2, 7]}}
    assert "pad 3 · button 8" in scene.slap_buttons[0].label
    # The same button for another player is refused.
    click(app, scene.slap_buttons[1].rect.center)
    pad_press(2, 7)
    app.step()
    assert scene.binding == 1 and "taken by" in scene.toast.message
    # The next table reads the binding: that button slaps for seat 0.
    table = three_humans_in_a_round(app)
    assert table.input.slap_pads == {(2, 7): 0}
    assert table.input.key_names[0] == "left shift"  # the key stays as well
    pad_press(2, 7)
    app.step()
    assert slap_hits(table) == [0]


# -- bots' scheduled moves ----------------------------------------------------------------------


def test_a_bots_hit_scheduled_in_one_round_never_lands_in_the_next(app, monkeypatch):
    delays = iter([1.0, 2.0])  # the bot's reaction in round 1, then in round 2
    monkeypatch.setattr(MediumBot, "reaction_delay", lambda self, view: next(delays))
    deck = stacked(["", "HIT-HAND", "HIT-HAND"], discard="Y3")
    table = open_table(app, ("medium", "human", "human"), deck)
    run_until(app, table, lambda: table.awaiting_human() and table.viewer == 1)
    table.perform(1, "play HIT-HAND")
    referee = table.match.referee
    run_until(app, table, lambda: referee.window_open_at is not None)
    opened = referee.window_open_at
    # Round 1 ends and round 2 opens (seat 2's Hand card) before the bot's hit is due,
    # without the table's clock starting again.
    table.state.close_window()
    table.state.apply(2, "play HIT-HAND")
    assert table.state.observation(None)["slap"]["round"] == 2
    run_until(app, table, lambda: table.match.now >= opened + 1.0 + 0.2)
    assert 0 not in slap_hits(table)  # round 1's hit did not land in round 2
    reopened = referee.window_open_at
    assert reopened is not None and reopened > opened
    run_until(app, table, lambda: 0 in slap_hits(table))
    assert table.match.now >= reopened + 2.0  # its own reaction to round 2


def test_a_fooled_bots_fake_out_fires_only_if_nothing_changed(app, monkeypatch):
    monkeypatch.setattr(EasyBot, "fooled", 1.0)  # every Hit card fools it
    deck = stacked(["", "HIT-4", "G5 Y5 G3 Y3 G2 Y2 G1"], discard="Y3", draw="G5 G5 G5")
    table = open_table(app, ("easy", "human", "human"), deck)
    run_until(app, table, lambda: table.awaiting_human() and table.viewer == 1)
    monkeypatch.setattr(EasyBot, "reaction_time", lambda self: 4.0)  # fooled, but slowly
    table.perform(1, "play HIT-4")
    played_at = table.match.now
    # Seat 2 draws (no 4) before the slap is due: the state changed, the slap is dropped.
    run_until(app, table, lambda: table.awaiting_human() and table.viewer == 2)
    assert table.match.now < played_at + 4.0
    assert table.perform(2, "draw") is None
    run_until(app, table, lambda: table.match.now >= played_at + 4.5)
    assert (0, "hit") not in table.state.history


def test_a_fooled_bots_fake_out_checks_the_generation_it_was_meant_for(app, monkeypatch):
    monkeypatch.setattr(EasyBot, "fooled", 1.0)
    monkeypatch.setattr(EasyBot, "reaction_time", lambda self: 1.5)
    deck = stacked(["", "HIT-4", "G5 Y5 G3 Y3 G2 Y2 G1"], discard="Y3", draw="G5 G5 G5")
    table = open_table(app, ("easy", "human", "human"), deck)
    run_until(app, table, lambda: table.awaiting_human() and table.viewer == 1)
    table.perform(1, "play HIT-4")
    played_at = table.match.now
    # A change the table did not make itself (so no new offers were asked for): the
    # pending slap was meant for another state and is dropped.
    table.state.apply(2, "draw")
    # Past the moment its fooled slap was due (1.5 s).
    run_until(app, table, lambda: table.match.now >= played_at + 2.0)
    assert (0, "hit") not in table.state.history


def test_a_fooled_bots_fake_out_lands_when_nothing_changed(app, monkeypatch):
    monkeypatch.setattr(EasyBot, "fooled", 1.0)
    deck = stacked(["", "HIT-4", ""], discard="Y3", draw="G5 G5 G5")
    table = open_table(app, ("easy", "human", "human"), deck)
    run_until(app, table, lambda: table.awaiting_human() and table.viewer == 1)
    table.perform(1, "play HIT-4")
    before = table.state.observation(None)["hand_counts"][0]
    # Seat 2 waits behind the privacy screen's Enter, then does nothing.
    for _ in range(200):
        if isinstance(app.manager.top, PrivacyScene):
            press(pygame.K_RETURN)
        app.step()
    assert (0, "hit") in table.state.history
    assert table.state.observation(None)["hand_counts"][0] == before + 2
