"""The command line: sim figures, clear one-line errors with status 2, replay."""

from __future__ import annotations

import json

import pytest

from cardtable.cli import main
from cardtable.engine import MatchRecord


def test_sim_prints_one_json_object_with_each_seats_figures(capsys):
    code = main(
        [
            "sim",
            "what-the-heck",
            "--players",
            "3",
            "--seats",
            "medium,random,random",
            "--games",
            "12",
            "--seed",
            "4",
            "--json",
        ]
    )
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "what-the-heck"
    assert summary["players"] == 3 and summary["games"] == 12 and summary["seed"] == 4
    seats = summary["seats"]
    assert [s["bot"] for s in seats] == ["medium", "random", "random"]
    assert sum(s["wins"] for s in seats) == pytest.approx(12)
    for row in seats:
        lo, hi = row["ci95"]
        assert lo <= row["win_share"] <= hi
        assert set(row) == {"seat", "bot", "wins", "win_share", "ci95", "mean_score"}


def test_sim_is_the_same_for_the_same_seed(capsys):
    args = ["sim", "what-the-heck", "--players", "2", "--games", "5", "--seed", "9", "--json"]
    main(args)
    first = capsys.readouterr().out
    main(args)
    assert capsys.readouterr().out == first


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["sim", "go-fish"], "unknown game 'go-fish'; games: "),
        (["sim", "what-the-heck", "--players", "9"], "takes 2 to 5 players, not 9"),
        (["sim", "what-the-heck", "--seats", "random,genius"], "unknown seat 'genius'"),
        (
            ["sim", "what-the-heck", "--players", "3", "--seats", "random,random"],
            "names 2 seats but there are 3 players",
        ),
        (["sim", "what-the-heck", "--option", "speed=9"], "has no option 'speed'"),
        (["sim", "what-the-heck", "--option", "speed"], "NAME=VALUE"),
        (["--colour"], "unrecognized arguments: --colour"),
        (["play", "what-the-heck", "--seats", "human,human,randomish"], "unknown seat"),
    ],
)
def test_bad_input_exits_2_with_one_clear_line(capsys, args, says):
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert says in err
    assert len(err.splitlines()) == 1


def test_replay_plays_a_saved_record_to_its_result(tmp_path, capsys):
    record = MatchRecord(
        "what-the-heck",
        2,
        3,
        {},
        ["a", "b"],
        [(s, f"bid {c}") for c in range(1, 16) for s in (0, 1)],
    )
    path = tmp_path / "m.json"
    path.write_text(record.to_json())
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["over"] is True and out["result"]["scores"] == [0, 0]


def test_replay_of_a_damaged_file_says_so(tmp_path, capsys):
    path = tmp_path / "m.json"
    path.write_text("{{{")
    assert main(["replay", str(path)]) == 2
    assert "broken JSON" in capsys.readouterr().err


def test_play_and_watch_take_frames_after_the_game(monkeypatch):
    opened = []
    import cardtable.ui.app as app

    monkeypatch.setattr(app, "run", lambda launch, frames: opened.append((launch, frames)) or 0)
    assert main(["play", "what-the-heck", "--seats", "human,hard", "--frames", "3"]) == 0
    assert main(["watch", "what-the-heck", "--players", "3", "--frames", "4"]) == 0
    assert main(["--frames", "5"]) == 0
    (play, three), (watch, four), (title, five) = opened
    assert (three, four, five) == (3, 4, 5)
    assert play.seats == ("human", "hard") and not play.watch
    assert watch.watch and watch.seats == ("medium",) * 3
    assert title is None


def test_a_sim_game_that_never_ends_says_so_in_one_line(monkeypatch, capsys):
    from cardtable import cli
    from cardtable.play import Referee

    class Short(Referee):
        def run(self, max_steps=0, on_events=None):
            return super().run(max_steps=3, on_events=on_events)

    monkeypatch.setattr(cli, "Referee", Short)
    code = main(["sim", "mean", "--players", "2", "--games", "1", "--seed", "4"])
    err = capsys.readouterr().err.strip()
    assert code == 1
    assert err == "cardtable: mean (seed '4/0') did not end within 3 steps"
