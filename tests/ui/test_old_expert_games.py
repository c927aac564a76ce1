"""Games saved with an expert seat before expert stopped being offered (issue 35: it was
not shown stronger than hard) still open as they were: a finished record is listed and
replays to its result, in the app and with ``cardtable replay``; a game in progress
resumes from the title with its expert, who plays on. A new table cannot seat one."""

from __future__ import annotations

import json

import pytest

from cardtable import storage
from cardtable.cli import main
from cardtable.engine import MatchRecord
from cardtable.games import registry
from cardtable.play import Referee, make_bots
from cardtable.play.undo import state_at
from cardtable.strategy import levels
from cardtable.ui.launch import record_problem, seats_problem
from cardtable.ui.scenes.replays import ReplaysScene

from .conftest import click, frames, until
from .test_resume import cut

GAME = "mean"  # a game that does not offer expert
SEATS = ["human", "expert", "medium"]


def expert_record(seed: int) -> MatchRecord:
    """A whole MEAN! game with an expert seat, recorded as the table records one (the
    human's moves made by a random bot; one round a search, to be quick: the record is
    the same kind of file whatever the search)."""
    state = registry.get(GAME).new_game(3, seed)
    bots = make_bots(GAME, ["random", *SEATS[1:]], seed, rounds=1)
    referee = Referee(state, bots, seat_kinds=SEATS)
    referee.run()
    assert state.is_over
    record = referee.record()
    assert record.seats == SEATS
    return record


def test_expert_is_not_offered_in_the_game_the_records_come_from():
    assert "expert" not in levels(GAME)


def test_a_finished_expert_record_is_listed_and_replays_to_its_result(app, home):
    record = expert_record(seed=6)
    result = registry.replay(record).result
    assert seats_problem(record) is None and record_problem(record) is None
    storage.save_match(record, "old-expert")
    app.show_title()
    frames(app)
    titles = [b.label for b in app.manager.top.column.buttons]
    click(app, app.manager.top.column.buttons[titles.index("Replays")].rect.center)
    scene = app.manager.top
    assert isinstance(scene, ReplaysScene)
    assert len(scene.entries) == 1 and "Ada (expert)" in scene.entries[0].words
    assert "cannot be replayed" not in (scene.toast.message or "")
    click(app, scene.column.buttons[0].rect.center)
    table = app.manager.top
    replay = table.tools.replay
    assert replay is not None and table.launch.seats == tuple(SEATS)
    replay.go_to(len(record.actions))
    frames(app)
    assert replay.at_end and table.match.state.result == result


def test_cardtable_replay_plays_an_expert_record_to_its_result(tmp_path, capsys):
    record = expert_record(seed=7)
    path = tmp_path / "old.json"
    path.write_text(record.to_json())
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["over"] is True
    assert out["result"] == registry.replay(record).result.to_dict()


@pytest.mark.slow
def test_a_game_in_progress_with_an_expert_resumes_and_the_expert_plays_on(app):
    record = expert_record(seed=8)
    # Cut where the human is to move, half way in.
    count = next(
        n for n in range(len(record.actions) // 2, 0, -1) if state_at(record, n).current == 0
    )
    kept = cut(record, count)  # proving the game its moves reach, as a table saves it
    storage.save_progress(storage.Progress(kept, ["You", "Ada", "Bo"], 0))
    app.show_title()
    frames(app)
    title = app.manager.top
    assert [b.label for b in title.column.buttons][0] == "Resume"
    click(app, title.column.buttons[0].rect.center)
    table = app.manager.top
    assert table.match.state.history == record.actions[:count]
    expert = table.match.seats[1].bot
    assert expert.level == "expert"
    until(app, table.awaiting_human)
    table.act(sorted(table.legal_codes())[0])
    # The expert takes its turn after the human's (or the game ends first).
    until(
        app,
        lambda: (
            table.match.state.is_over
            or any(seat == 1 for seat, _code in table.match.state.history[count:])
        ),
        limit=6000,
    )
    assert table.match.state.is_over or any(
        seat == 1 for seat, _code in table.match.state.history[count:]
    )


@pytest.mark.parametrize("command", ["play", "watch"])
def test_a_new_table_cannot_seat_an_expert_where_it_is_not_offered(command, capsys):
    seats = "human,expert,medium" if command == "play" else "expert,medium,medium"
    assert main([command, GAME, "--seats", seats]) == 2
    assert "MEAN! does not offer expert bots" in capsys.readouterr().err
