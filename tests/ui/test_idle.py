"""A still table costs nothing: it asks for no frame while it waits for a human, asks for
one when a bot's move or a timer is due, and the app sleeps until then or until input,
which it handles at once."""

from __future__ import annotations

import time

import pygame
import pytest

from cardtable.games import registry
from cardtable.ui.launch import Launch

from .conftest import frames, until


def test_a_still_table_waiting_for_a_human_needs_no_frame_until_input(app):
    app.open_table(Launch("mean", 2, ("human", "medium"), seed=1))
    table = app.manager.top
    until(app, table.awaiting_human)
    assert table.wake_in() is None


def test_a_table_animating_or_waiting_for_a_bot_needs_frames(app):
    app.open_table(Launch("mean", 2, ("medium", "human"), seed=2))
    table = app.manager.top
    assert table.wake_in() == 0.0  # the deal is animating
    until(app, lambda: table.still() and table.match.referee.next_due() is not None)
    due = table.match.referee.next_due() - table.match.now
    assert table.wake_in() == max(0.0, due)


def test_the_app_rests_until_input_and_then_handles_it_at_once(app):
    app.open_table(Launch("mean", 2, ("human", "medium"), seed=1))
    table = app.manager.top
    until(app, table.awaiting_human)
    app.fixed_dt = None  # real time from here: the app may rest
    started = time.perf_counter()
    app.rest()  # no input: sleeps (a second at most) without drawing
    assert time.perf_counter() - started >= 0.5
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    started = time.perf_counter()
    app.rest()
    assert time.perf_counter() - started < 0.2  # input: no sleep
    assert pygame.event.peek(pygame.KEYDOWN)  # the key waits for the next frame


def test_leave_this_game_waits_for_an_answer_without_frames(app):
    app.open_table(Launch("mean", 2, ("human", "medium"), seed=1))
    table = app.manager.top
    until(app, table.awaiting_human)
    table.tools.leave()
    assert table.tools.confirm is not None and table.wake_in() is None
    table.tools.stay()
    assert table.wake_in() is None, "back to waiting for the human's move"


@pytest.mark.slow
def test_the_score_sheet_between_hands_needs_no_frame_until_its_button(app):
    app.open_table(Launch("copycat", 2, ("random", "random"), seed=3))
    table = app.manager.top
    until(app, lambda: table.sheet is not None and table.awaiting_answer())
    assert table.wake_in() is None
    table.sheet.on_next()
    frames(app, 2)
    assert table.sheet is None and table.wake_in() == 0.0, "the next hand is dealt"


def test_menus_and_the_rules_rest_until_input_but_a_toast_fades_by_frames(app):
    app.show_title()
    title = app.manager.top
    assert title.wake_in() is None
    title.toast.show("A message", seconds=0.2)
    assert title.wake_in() == 0.0
    frames(app, 5)
    assert title.wake_in() is None, "the toast is gone"
    app.open_rules(registry.get("mean"))
    assert app.manager.top.wake_in() is None


def test_a_run_for_a_number_of_frames_never_rests(app):
    app.show_title()  # a screen that would rest a second a frame
    app.fixed_dt = None
    started = time.perf_counter()
    assert app.loop(5) == 0
    assert time.perf_counter() - started < 0.9, "five frames, not five rests"


def test_a_players_app_starts_its_bots_process_behind_the_first_frame(app, monkeypatch):
    # A table's first bot move once waited for the bots' process to start (a second or
    # more on a busy machine): a player's app starts it while the title is up.
    started: list[int] = []
    monkeypatch.setattr(app, "bot_pool", lambda: started.append(app.frame))
    monkeypatch.setattr(app, "rest", lambda: None)
    step = app.step

    def three_frames() -> None:
        step()
        if app.frame >= 3:
            app.running = False

    monkeypatch.setattr(app, "step", three_frames)
    app.show_title()
    app.loop()
    assert started == [1]


def test_a_check_of_some_frames_starts_no_bots_process(app, monkeypatch):
    started: list[int] = []
    monkeypatch.setattr(app, "bot_pool", lambda: started.append(app.frame))
    app.show_title()
    app.loop(3)
    assert started == []
