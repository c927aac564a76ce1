"""The levels at the table: the setup offers a game's levels (``strategy.levels``: expert
only where it is shown stronger than hard, issue 35) and says in a line what each is; the
rules help explains them; games against experts, from before, are still counted in the
statistics; and a table of experts (a saved game may have one) thinks off the main thread
like every bot, so it keeps drawing frames while an expert spends its four-fold budget."""

from __future__ import annotations

import time

import pygame
import pytest

from cardtable import storage
from cardtable.engine import Result
from cardtable.games import registry
from cardtable.strategy import LEVEL_WORDS, levels
from cardtable.ui.app import App
from cardtable.ui.launch import REMOTE, Launch
from cardtable.ui.scenes.rules import RulesScene
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.scenes.statistics import lines_from

from .conftest import frames, key


def open_chooser(app, game_id: str, seat: int = 1) -> SetupScene:
    app.show_title()
    scene = SetupScene(app, registry.get(game_id))
    app.manager.push(scene)
    frames(app)
    scene.open_kind_chooser(seat)
    assert scene.kind_chooser is not None
    return scene


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_games_setup_offers_exactly_its_levels(app, game_id):
    scene = open_chooser(app, game_id)
    assert scene.kinds == ["human", REMOTE, *levels(game_id)]
    assert scene.kind_chooser.options == [
        "Human",
        "Remote player",
        *(f"Bot: {level}" for level in levels(game_id)),
    ]
    assert ("Bot: expert" in scene.kind_chooser.options) == ("expert" in levels(game_id))


def test_the_level_choice_says_in_a_line_what_each_level_is(app):
    scene = open_chooser(app, "mean")
    chooser = scene.kind_chooser
    away = (0, 0)  # the pointer over no option: the focused one is explained
    assert chooser.focus == scene.kinds.index("medium")
    assert chooser.shown_hint(away) == f"Medium: {LEVEL_WORDS['medium']}"
    key(app, pygame.K_RIGHT)
    assert chooser.shown_hint(away) == f"Hard: {LEVEL_WORDS['hard']}"
    # The pointer over an option explains that one.
    human = chooser.buttons[0].rect.center
    assert chooser.shown_hint(human) == "Human: a person playing at this screen."
    remote = chooser.buttons[scene.kinds.index(REMOTE)].rect.center
    assert chooser.shown_hint(remote).startswith("Remote player: a person joining from")
    easy = chooser.buttons[scene.kinds.index("easy")].rect.center
    assert chooser.shown_hint(easy) == f"Easy: {LEVEL_WORDS['easy']}"
    # Every kind has words, and the panel stays in the smallest window.
    assert all(line.split(": ", 1)[1] for line in chooser.hints)
    pygame.display.set_mode((640, 400), pygame.RESIZABLE)
    app.resize((640, 400))
    frames(app)
    assert app.size == (640, 400)
    assert pygame.Rect(0, 0, 640, 400).contains(scene.kind_chooser.rect)


def test_the_rules_help_names_each_level_in_a_line_and_how_fast_each_reacts(app):
    app.show_title()
    scene = RulesScene(app, registry.get("hit-the-deck"))
    app.manager.push(scene)
    frames(app, 2)
    assert scene.text.startswith(registry.get("hit-the-deck").rules_help.rstrip())
    for level in levels("hit-the-deck"):
        assert f"- **{level}**: {LEVEL_WORDS[level]}" in scene.text
    assert "hard 0.42 s" in scene.text and "medium 0.68 s" in scene.text
    # A level the game does not offer is not explained as if it were.
    assert ("**expert**" in scene.text) == ("expert" in levels("hit-the-deck"))
    # A game without races lists its levels but says nothing of reaction times.
    mean = RulesScene(app, registry.get("mean")).text
    assert f"- **hard**: {LEVEL_WORDS['hard']}" in mean and "reacts" not in mean


def test_games_against_experts_are_counted_and_listed_after_hard(home):
    lower = {"higher_is_better": False}
    storage.record_result("mean", ["human", "expert"], Result.from_scores([0, 12], **lower))
    storage.record_result("mean", ["human", "expert"], Result.from_scores([9, 0], **lower))
    storage.record_result("mean", ["human", "hard"], Result.from_scores([0, 5], **lower))
    storage.record_result(
        "mean", ["human", "expert", "hard"], Result.from_scores([1, 0, 7], **lower)
    )
    data, message = storage.load_statistics()
    assert message is None
    line = next(line for line in lines_from(data) if line.title == "MEAN!")
    assert line.by_level() == "against hard 1 of 1 · expert 1 of 2 · mixed 0 of 1"


@pytest.mark.slow
def test_a_table_of_experts_keeps_drawing_frames_while_they_think(home):
    application = App((1280, 720))
    try:
        application.settings.seen_how_to = registry.ids()
        application.settings.animation_speed = 4.0
        # Real time, as a player has it: the bots are timed (an expert searches for four
        # times hard's think budget) and think in the app's pool of processes.
        pool = application.bot_pool()
        asked = []
        submit = pool.submit

        def recording(fn, *args, **kwargs):
            future = submit(fn, *args, **kwargs)
            asked.append(future)
            return future

        pool.submit = recording
        launch = Launch("what-the-heck", 3, ("expert",) * 3, seed=4, watch=True)
        application.open_table(launch)
        table = application.manager.top
        assert all(seat.bot.timed and seat.bot.level == "expert" for seat in table.match.seats)
        drawn_while_thinking: dict[int, int] = {}
        give_up = time.monotonic() + 120
        while len(table.state.history) < 6 and time.monotonic() < give_up:
            for number, future in enumerate(asked):
                if not future.done():
                    drawn_while_thinking[number] = drawn_while_thinking.get(number, 0) + 1
            application.step()
        assert len(table.state.history) >= 6
        # Every decision went to the pool's process, and the table drew frame after frame
        # while each one was being thought out.
        assert len(drawn_while_thinking) >= 6
        assert min(drawn_while_thinking.values()) >= 3
        assert sum(worker.jobs_done for worker in pool._workers) >= 6
        assert pool.replaced == 0
    finally:
        application.close()
