"""The command line: sim figures, clear one-line errors with status 2, replay."""

from __future__ import annotations

import json

import pytest

from cardtable.cli import main
from cardtable.engine import MatchRecord
from cardtable.strategy import levels


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
    # What the Heck? offers no medium (not shown stronger than easy): its usual level.
    assert watch.watch and watch.seats == ("easy",) * 3
    assert title is None


def test_a_sim_game_that_never_ends_says_so_in_one_line(monkeypatch, capsys):
    from cardtable import play
    from cardtable.play import Referee

    class Short(Referee):
        def run(self, max_steps=0, on_events=None):
            return super().run(max_steps=3, on_events=on_events)

    monkeypatch.setattr(play, "Referee", Short)
    code = main(["sim", "mean", "--players", "2", "--games", "1", "--seed", "4"])
    err = capsys.readouterr().err.strip()
    assert code == 1
    assert err == "cardtable: mean (seed '4/0') did not end within 3 steps"


LONG = "x" * 100_000


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["sim", "mean", "--seed", "1" * 4400], "a seed has at most 100 characters"),
        (["sim", "mean", "--games", "1000000000000"], "takes 1 to 100,000,000"),
        (["sim", "mean", "--games", "0"], "--games: takes 1 to"),
        (["sim", "mean", "--jobs", "0"], "--jobs: takes 1 to 64"),
        (["sim", "mean", "--players", "0"], "--players: takes 1 or more, not 0"),
        (["sim", "mean", "--players", "²"], "--players: takes a whole number"),
        (["sim", "mean", "--seats", ""], "--seats names no seats"),
        (["sim", "mean", "--seats", " , "], "--seats names no seats"),
        (["play", "mean", "--frames", "0"], "--frames: takes 1 or more, not 0"),
        (["watch", "mean", "--frames", "-3"], "--frames: takes 1 or more"),
        (["--frames", "0"], "--frames: takes 1 or more, not 0"),
        (["sim", "hit-the-deck", "--option", "target=5000"], "at most 1000"),
        (["sim", "hit-the-deck", "--option", "target=10.9"], "takes a whole number"),
        (["sim", "hit-the-deck", "--option", "target=inf"], "takes a whole number"),
        (["sim", LONG], "unknown game 'xxx"),
        (["sim", "mean", "--players", LONG], "takes a whole number"),
        (["sim", "mean", "--seats", LONG + ",random"], "unknown seat 'xxx"),
        (["sim", "mean", "--option", LONG], "NAME=VALUE"),
        (["sim", "mean", "--option", LONG + "=1"], "has no option 'xxx"),
        (["sim", "hit-the-deck", "--option", "target=" + LONG], "takes a whole number"),
        ([LONG], "invalid choice"),
        # The stack against the player count: once a traceback from the rules.
        (
            ["sim", "spite-malice", "--players", "3", "--option", "stack=21"],
            "with 3 players option stack must be at most 20 (60 cards in all)",
        ),
        (
            ["sim", "spite-malice", "--players", "4", "--option", "stack=30"],
            "with 4 players option stack must be at most 15",
        ),
        (
            ["play", "spite-malice", "--players", "4", "--option", "stack=30"],
            "with 4 players option stack must be at most 15",
        ),
        (
            ["watch", "spite-malice", "--players", "4", "--option", "stack=16"],
            "with 4 players option stack must be at most 15",
        ),
    ],
)
def test_bad_input_is_one_short_line_with_status_2(capsys, args, says):
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert says in err
    assert len(err.splitlines()) == 1 and len(err) <= 320, "what is echoed is cut short"


def test_a_seed_that_is_not_ascii_digits_is_a_text_seed(capsys):
    assert main(["sim", "what-the-heck", "--players", "2", "--games", "2", "--seed", "²"]) == 0
    assert "seed ²" in capsys.readouterr().out


def test_a_sim_of_very_many_games_streams_its_jobs(monkeypatch, capsys):
    """The job list is never built up front: a sim holds one game's outcome at a time."""
    import cardtable.cli as cli

    taken = []

    def one_game(job):
        taken.append(job[1])
        if len(taken) == 3:
            raise KeyboardInterrupt  # stop early: what matters is that nothing was listed
        return [1.0, 0.0], [1, 0]

    monkeypatch.setattr(cli, "_one_game", one_game)
    launch = cli.Launch("what-the-heck", 2, ("random", "random"), 0, {})
    with pytest.raises(KeyboardInterrupt):
        cli.simulate(launch, cli.MAX_GAMES, progress=False)
    assert taken == [0, 1, 2]


def good_record() -> dict:
    record = MatchRecord("what-the-heck", 2, 3, {}, ["a", "b"], [(0, "bid 1"), (1, "bid 2")])
    return json.loads(record.to_json())


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"players": 9}, "players, not 9"),
        ({"players": 1e300}, "the player count must be a whole number"),
        ({"players": 10**400}, "players, not"),
        ({"options": {"target": 5}}, "has no option 'target'"),
        ({"game_id": "hit-the-deck", "options": {"target": 10.9}}, "takes a whole number"),
        ({"deck": ["1", "2"]}, "not a full"),
        ({"actions": [[0, "bid 99"]]}, "refuses"),
        ({"actions": [[7, "bid 1"]]}, "There is no seat 7"),
        ({"actions": [[-1, "announce"]]}, "No timed step"),
        ({"actions": [[-1, "close"]]}, "No timed step is open"),
        ({"seed": "\ud800"}, "lone surrogates"),
        ({"game_id": "go-fish"}, "unknown game 'go-fish'"),
    ],
    ids=lambda value: json.dumps(value) if isinstance(value, dict) else None,
)
def test_replay_of_a_record_the_game_refuses_is_one_line_with_status_2(
    tmp_path, capsys, change, says
):
    path = tmp_path / "m.json"
    path.write_text(json.dumps(good_record() | change))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert says in err and len(err.splitlines()) == 1


def test_replay_of_any_hostile_file_is_one_line_with_status_2(tmp_path, capsys):
    from test_hostile_files import ANY_FILE, make_bad

    for name, make in ANY_FILE.items():
        path = tmp_path / f"{name}.json"
        make_bad(path, make)
        for target in (str(path), "/dev/zero"):
            assert main(["replay", target]) == 2, name
            err = capsys.readouterr().err.strip()
            assert len(err.splitlines()) == 1 and len(err) <= 320, (name, err)


def sim_json(capsys, *args: str) -> dict:
    assert main(["sim", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.slow
def test_sim_with_equal_slap_plays_every_bot_at_mediums_reaction_profile(capsys):
    from cardtable.games import registry
    from cardtable.play import Referee, make_bots

    args = ["hit-the-deck", "--seats", "hard,medium,easy", "--games", "4", "--seed", "2"]
    args += ["--option", "target=30"]
    equal = sim_json(capsys, *args, "--equal-slap")
    own = sim_json(capsys, *args)
    assert equal["equal_slap"] is True and own["equal_slap"] is False
    # The very games a referee plays with every bot on medium's profile.
    seats = ["hard", "medium", "easy"]
    wins = [0.0, 0.0, 0.0]
    for index in range(4):
        seed = f"2/{index}"
        state = registry.get("hit-the-deck").new_game(3, seed, {"target": 30})
        Referee(state, make_bots("hit-the-deck", seats, seed, equal_slap=True), seats).run()
        for seat in state.result.winners:
            wins[seat] += 1 / len(state.result.winners)
    assert [row["wins"] for row in equal["seats"]] == [round(w, 3) for w in wins]
    # The flag changes the games: the slap races come out otherwise.
    assert [row["mean_score"] for row in equal["seats"]] != [
        row["mean_score"] for row in own["seats"]
    ]
    assert main(["sim", *args, "--equal-slap"]) == 0
    assert "every bot at medium's slap speed" in capsys.readouterr().out


@pytest.mark.slow
def test_sim_with_equal_slap_gives_the_flag_to_every_process(capsys):
    args = ["hit-the-deck", "--seats", "hard,medium", "--games", "4", "--seed", "5"]
    args += ["--option", "target=30", "--equal-slap"]
    assert sim_json(capsys, *args, "--jobs", "2") == sim_json(capsys, *args)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (
            ["sim", "what-the-heck", "--equal-slap"],
            "--equal-slap: What the Heck? has no slap round and no move out of turn, so its "
            "bots never race; leave the flag out",
        ),
        (["sim", "mean", "--seats", "hard,medium", "--equal-slap"], "MEAN! has no slap round"),
        (["play", "hit-the-deck", "--equal-slap"], "unrecognized arguments: --equal-slap"),
        (["watch", "hit-the-deck", "--equal-slap"], "unrecognized arguments: --equal-slap"),
    ],
)
def test_equal_slap_where_it_means_nothing_is_one_clear_line(capsys, args, says):
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert says in err and len(err.splitlines()) == 1


def test_a_table_seats_only_offered_levels_and_sim_measures_every_level(monkeypatch, capsys):
    import cardtable.ui.app as app

    opened = []
    monkeypatch.setattr(app, "run", lambda launch, frames: opened.append(launch) or 0)
    assert main(["play", "mean", "--seats", "human,hard"]) == 0
    assert opened[0].seats == ("human", "hard")
    # A seat for a player on another computer: the table opens hosted.
    assert main(["play", "mean", "--seats", "human,remote,hard"]) == 0
    assert opened[1].seats == ("human", "remote", "hard")
    assert main(["watch", "mean", "--seats", "remote,hard"]) == 2
    assert "unknown seat 'remote'" in capsys.readouterr().err
    # Expert is not shown stronger than hard in MEAN!: a table does not offer it, and says
    # why in one line.
    assert "expert" not in levels("mean")
    for command in (
        ["play", "mean", "--seats", "human,expert"],
        ["watch", "mean", "--seats", "expert,hard"],
    ):
        assert main(command) == 2
        err = capsys.readouterr().err.strip()
        assert "MEAN! does not offer expert bots" in err and "stronger" in err
        assert err.endswith(
            "seats may be: "
            + ", ".join((["human", "remote"] if command[0] == "play" else []) + levels("mean"))
        )
        assert len(err.splitlines()) == 1
    assert len(opened) == 2
    # sim still plays it: the benchmarks that decide what is offered measure it.
    summary = sim_json(capsys, "spite-malice", "--seats", "expert,easy", "--games", "1")
    assert [row["bot"] for row in summary["seats"]] == ["expert", "easy"]
