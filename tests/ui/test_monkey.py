"""A seeded slice of the ui monkey (tests/harness/monkey.py): every scene and every table
(bots only, one human, several humans) fed random mouse, key, gamepad and resize events
through the app's own loop; nothing raises, the scene stack stays sane, the cards are
conserved and the match record replays (nothing a human did was out of turn). And proof
that the monkey's checks catch what they look for."""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path

import pygame
import pytest

from cardtable.engine import IllegalAction

SPEC = importlib.util.spec_from_file_location(
    "monkey", Path(__file__).parent.parent / "harness" / "monkey.py"
)
monkey = importlib.util.module_from_spec(SPEC)
sys.modules["monkey"] = monkey  # its dataclasses look their module up
SPEC.loader.exec_module(monkey)

SEED = 14
TARGETS = {target.name: target for target in monkey.all_targets(SEED)}
EVENTS = {"scene": 90, "table": 260}


@pytest.mark.parametrize("name", list(TARGETS))
@pytest.mark.slow
def test_random_input_breaks_nothing(home, name):
    tally = monkey.Tally()
    events = EVENTS["table" if name.startswith("table") else "scene"]
    monkey.run_target(TARGETS[name], events, SEED, tally)
    assert tally.events >= events and tally.frames > 0
    if name.startswith("table"):
        assert tally.replays >= 1  # the record was replayed at the end


def test_the_monkey_sends_every_kind_of_event(home):
    app = monkey.App((1280, 720))
    try:
        app.show_title()
        bot = monkey.Monkey(app, monkey.random.Random(SEED))
        kinds = {event.type for _ in range(3000) for event in bot.events()}
    finally:
        app.close()
    wanted = {
        pygame.MOUSEMOTION,
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.KEYDOWN,
        pygame.TEXTINPUT,
        pygame.JOYBUTTONDOWN,
        pygame.JOYDEVICEADDED,
        pygame.JOYDEVICEREMOVED,
        pygame.VIDEORESIZE,
    }
    assert wanted <= kinds


def opened_table(app, launch):
    app.open_table(launch)
    for _ in range(40):
        app.step()
    return app.manager.top


def test_the_monkey_catches_a_lost_card(app):
    launch = monkey.table_targets(SEED)[0].launch
    table = opened_table(app, launch)
    info = monkey.registry.get(launch.game_id)
    deck = Counter(info.full_deck(launch.players, launch.options))
    monkey.check_table(table, deck, "here", replay=True)  # whole: passes
    with pytest.raises(monkey.MonkeyFailure, match="cards not conserved"):
        monkey.check_table(table, deck + Counter({"XX": 1}), "here", replay=False)


def test_the_monkey_catches_a_move_made_out_of_turn(app):
    launch = TARGETS["table mean one human"].launch  # MEAN!: one seat acts at a time
    table = opened_table(app, launch)
    info = monkey.registry.get(launch.game_id)
    deck = Counter(info.full_deck(launch.players, launch.options))
    referee = table.match.referee
    record = referee.record()
    state = monkey.registry.new_from_record(record)
    waiting = next(seat for seat in range(launch.players) if seat not in state.to_act)
    code = state.legal_actions(state.to_act[0])[0].code
    forged = type(record)(**{**vars(record), "actions": [(waiting, code)]})
    referee.record = lambda: forged
    with pytest.raises(IllegalAction):
        monkey.check_table(table, deck, "here", replay=True)


def test_the_monkey_catches_a_broken_scene_stack(app):
    app.show_title()
    app.manager.stack.append(app.manager.stack[0])
    with pytest.raises(monkey.MonkeyFailure, match="twice"):
        monkey.check_stack(app, "here")
