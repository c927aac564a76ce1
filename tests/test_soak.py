"""A seeded slice of the soak benchmark (tests/harness/soak.py): one game (random seats or
bots) of every game at every player count with every option set, each checked against the whole
contract after every action, and proof that the soak catches what it looks for."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from cardtable.engine import Row
from cardtable.games import registry

SPEC = importlib.util.spec_from_file_location("soak", Path(__file__).parent / "harness" / "soak.py")
soak = importlib.util.module_from_spec(SPEC)
sys.modules["soak"] = soak  # its dataclass looks its module up
SPEC.loader.exec_module(soak)

KINDS = sum(
    (info.max_players - info.min_players + 1) * len(soak.option_sets(info.id))
    for info in registry.all()
)


def test_the_slice_covers_every_game_player_count_and_option_with_random_and_bots():
    jobs = list(soak.jobs("suite", KINDS))
    covered = {(job.game_id, job.players, job.options) for job in jobs}
    assert len(covered) == KINDS
    assert {job.seats[0] == "random" for job in jobs} == {True, False}
    assert {(job.game_id, job.options) for job in jobs} >= {
        ("mean", (("play_on", True),)),
        ("hit-the-deck", (("target", 10),)),
    }


def test_bot_games_have_quick_seats_and_at_most_one_searching_seat_in_about_one_in_ten():
    bot_games = [job for job in soak.jobs("mix", 40 * KINDS) if job.seats[0] != "random"]
    searching = [sum(seat in soak.SEARCHING for seat in job.seats) for job in bot_games]
    assert set(searching) == {0, 1}
    assert 0.05 < sum(searching) / len(bot_games) < 0.15
    quick = {seat for job in bot_games for seat in job.seats} - set(soak.SEARCHING)
    assert quick == {"easy", "medium"}
    assert {seat for job in bot_games for seat in job.seats} >= {"hard", "expert"}


@pytest.mark.slow
def test_a_seeded_slice_of_the_soak_keeps_every_invariant():
    summary = soak.run(KINDS, processes=1, seed="suite", progress=False)
    assert summary["failed"] == [] and summary["failures"] == 0
    assert summary["games"] == KINDS and summary["actions_checked"] > 1000
    assert set(summary["per_game"]) == set(registry.ids())


def test_the_soak_catches_an_observation_that_leaks_a_hidden_card(monkeypatch):
    cls = registry.get("what-the-heck").state_class
    shown = cls.public_observation
    monkeypatch.setattr(
        cls,
        "public_observation",
        lambda self, seat: {**shown(self, seat), "peek": [list(h) for h in self.hands]},
    )
    outcome = soak.soak_one(soak.Job("what-the-heck", 3, (), ("random",) * 3, "leak"))
    assert not outcome["ok"] and "cannot see" in outcome["error"]


def test_the_soak_catches_a_card_that_goes_missing(monkeypatch):
    cls = registry.get("mean").state_class
    zones = cls.zones
    monkeypatch.setattr(
        cls, "zones", lambda self: {k: v for k, v in zones(self).items() if k != "removed"}
    )
    outcome = soak.soak_one(soak.Job("mean", 2, (), ("random",) * 2, "lost"))
    assert not outcome["ok"] and "cards not conserved" in outcome["error"]


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_soak_catches_a_refusal_that_changes_the_state(monkeypatch, game_id):
    cls = registry.get(game_id).state_class
    explain = cls.explain

    def careless(self, seat, code):
        self.history.append((seat, "oops"))
        return explain(self, seat, code)

    monkeypatch.setattr(cls, "explain", careless)
    info = registry.get(game_id)
    job = soak.Job(game_id, info.min_players, (), ("random",) * info.min_players, "careless")
    outcome = soak.soak_one(job)
    assert not outcome["ok"] and "changed the state" in outcome["error"]


def test_the_soak_catches_a_refusal_that_changes_a_field_no_observation_shows(monkeypatch):
    # A refused move that draws from the game's generator: nothing a player sees changes,
    # but the next shuffle would; the fingerprint covers every field.
    cls = registry.get("copycat").state_class
    explain = cls.explain

    def drawing(self, seat, code):
        self.rng.random()
        return explain(self, seat, code)

    monkeypatch.setattr(cls, "explain", drawing)
    outcome = soak.soak_one(soak.Job("copycat", 2, (), ("random",) * 2, "drawing"))
    assert not outcome["ok"] and "changed the state" in outcome["error"]


def test_the_soak_catches_a_replay_that_does_not_reach_the_played_end(monkeypatch):
    # The record loses its last move: every action of the replay is legal, its end is not
    # the game's.
    record = soak.Referee.record
    monkeypatch.setattr(
        soak.Referee,
        "record",
        lambda self: soak.MatchRecord(
            **{**vars(record(self)), "actions": record(self).actions[:-1]}
        ),
    )
    outcome = soak.soak_one(soak.Job("what-the-heck", 3, (), ("random",) * 3, "short"))
    assert not outcome["ok"] and "does not reach the game's end" in outcome["error"]


def test_a_run_writes_its_summary_so_far_and_then_the_whole(tmp_path):
    out = tmp_path / "soak.json"
    summary = soak.run(3, processes=1, seed="out", progress=False, out=str(out), every=0)
    written = soak.json.loads(out.read_text(encoding="utf-8"))
    assert written == summary
    assert written["complete"] and written["games_done"] == 3 and written["failures"] == 0


def test_easy_spite_and_malice_players_with_hands_of_2s_and_wilds_play_a_wild_not_pass():
    # Game 9,060 of the 100,000-game soak (seed s100k): two easy players each held only 2s
    # and Wilds with a full hand, so nothing to store and nothing to draw; a Wild could go
    # on a Build Pile, but easy only ever passed, and the two passed round for ever.
    job = soak.Job("spite-malice", 2, (), ("easy", "easy"), "s100k/9060")
    outcome = soak.soak_one(job)
    assert outcome["ok"], outcome.get("error")


@pytest.mark.parametrize(
    ("game_id", "key", "seen"), [("mean", "seen", {1, 2}), ("copycat", "sheet", (b"x",))]
)
def test_the_soak_catches_an_observation_that_is_not_json(monkeypatch, game_id, key, seen):
    # A value that can never change under a fixed field's name (Copy Cat's sheet, here a
    # tuple of bytes) is written once, the first time it is met: one that is not JSON
    # fails there.
    cls = registry.get(game_id).state_class
    shown = cls.public_observation
    monkeypatch.setattr(
        cls, "public_observation", lambda self, seat: {**shown(self, seat), key: seen}
    )
    outcome = soak.soak_one(soak.Job(game_id, 2, (), ("random",) * 2, "json"))
    assert not outcome["ok"] and "not JSON serializable" in outcome["error"]


@pytest.mark.parametrize(
    ("what", "change"),
    [
        ("a face-down pile's order", lambda state: state.draw.insert(0, state.draw.pop())),
        ("a field of its own", lambda state: setattr(state, "peeked", True)),
    ],
)
def test_the_soak_catches_a_refusal_that_changes_what_nobody_sees(monkeypatch, what, change):
    # The fingerprint pickles every field: a refusal that turns the Draw Pile's bottom card
    # to the top, or leaves a new field behind, changes the state though no card moves zone.
    cls = registry.get("spite-malice").state_class
    explain = cls.explain

    def meddling(self, seat, code):
        if len(self.draw) > 1:
            change(self)
        return explain(self, seat, code)

    monkeypatch.setattr(cls, "explain", meddling)
    outcome = soak.soak_one(soak.Job("spite-malice", 2, (), ("random",) * 2, "meddling"))
    assert not outcome["ok"] and "changed the state" in outcome["error"], what


def test_the_soak_catches_a_refusal_out_of_turn_that_changes_the_state(monkeypatch):
    # Each step a seat not to act tries the first legal move of the seat that is (taken
    # from the legal moves listed for that step): a refusal that changes the state there
    # is caught too.
    cls = registry.get("copycat").state_class
    out_of_turn = cls.explain_out_of_turn

    def careless(self, seat, code):
        self.coins[seat] += 1
        return out_of_turn(self, seat, code)

    monkeypatch.setattr(cls, "explain_out_of_turn", careless)
    outcome = soak.soak_one(soak.Job("copycat", 3, (), ("random",) * 3, "out of turn"))
    assert not outcome["ok"] and "changed the state" in outcome["error"]
    assert "'play" in outcome["error"] or "'draw'" in outcome["error"]


def test_a_fingerprint_is_the_state_it_was_taken_of_whatever_was_taken_between():
    # One pickler and buffer serve every fingerprint: taking another state's between two
    # of the same state changes nothing, and states that differ in one field differ.
    first = registry.get("copycat").new_game(3, "fp", {})
    other = registry.get("spite-malice").new_game(2, "fp", {})
    before = soak.fingerprint(first)
    soak.fingerprint(other)
    assert soak.fingerprint(first) == before
    first.coins[2] += 1
    assert soak.fingerprint(first) != before


def test_the_soak_catches_a_refusal_that_replaces_a_sheet_held_by_reference(monkeypatch):
    # Copy Cat's score sheet never changes (a tuple of rows), so the fingerprint holds it
    # rather than pickling it: a refusal that hands the state another sheet is still caught.
    cls = registry.get("copycat").state_class
    explain = cls.explain

    def rewriting(self, seat, code):
        if self.sheet:
            self.sheet = (*self.sheet, self.sheet[-1])
        return explain(self, seat, code)

    monkeypatch.setattr(cls, "explain", rewriting)
    outcome = soak.soak_one(soak.Job("copycat", 2, (), ("random",) * 2, "sheet"))
    assert not outcome["ok"] and "changed the state" in outcome["error"]


def test_a_fingerprint_tells_a_sheet_from_an_equal_one_of_other_types():
    # A field held by reference is the same only if it is the same object or pickles the
    # same: a sheet whose coins became floats (equal numbers), or a list of the same rows,
    # is another state.
    state = registry.get("copycat").new_game(2, "fp", {})
    state.sheet = (Row(game=1, coins=(30, 20)),)
    before = soak.fingerprint(state)
    state.sheet = (Row(game=1, coins=(30, 20)),)
    assert soak.fingerprint(state) == before
    state.sheet = (Row(game=1, coins=(30.0, 20.0)),)
    assert soak.fingerprint(state) != before
    state.sheet = [Row(game=1, coins=(30, 20))]  # the same rows in a list: no longer held
    assert soak.fingerprint(state) != before
