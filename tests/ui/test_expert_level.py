"""The expert level at the table: offered wherever a seat's level is chosen, explained in
the rules help, counted in the statistics, and thinking off the main thread like every
bot, so the table keeps drawing frames while an expert spends its four-fold budget."""

from __future__ import annotations

import time

import pytest

from cardtable import storage
from cardtable.engine import Result
from cardtable.games import registry
from cardtable.strategy import LEVEL_WORDS
from cardtable.ui.app import App
from cardtable.ui.launch import Launch
from cardtable.ui.scenes.rules import RulesScene
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.scenes.statistics import lines_from

from .conftest import frames


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_games_setup_offers_an_expert_bot(app, game_id):
    app.show_title()
    scene = SetupScene(app, registry.get(game_id))
    app.manager.push(scene)
    frames(app)
    scene.open_kind_chooser(1)
    assert scene.kind_chooser is not None
    assert scene.kinds[-2:] == ["hard", "expert"]
    assert scene.kind_chooser.options[-1] == "Bot: expert"


def test_the_rules_help_names_each_level_in_a_line_and_how_fast_each_reacts(app):
    app.show_title()
    scene = RulesScene(app, registry.get("hit-the-deck"))
    app.manager.push(scene)
    frames(app, 2)
    assert scene.text.startswith(registry.get("hit-the-deck").rules_help.rstrip())
    assert f"- **hard**: {LEVEL_WORDS['hard']}" in scene.text
    assert "hard 0.42 s" in scene.text and "medium 0.68 s" in scene.text
    # Expert thinks longer than hard but reacts as quickly.
    assert f"- **expert**: {LEVEL_WORDS['expert']}" in scene.text and "expert 0.42 s" in scene.text
    # A game without races lists its levels but says nothing of reaction times.
    mean = RulesScene(app, registry.get("mean")).text
    assert f"- **expert**: {LEVEL_WORDS['expert']}" in mean and "reacts" not in mean


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
