"""A match record proves the game it records: the fingerprint of its deal and of where its
last move left the game. A record whose seed, options, deck or moves were changed is
refused with one sentence, the same way for all five games (What the Heck?'s bids name no
card, so an edited seed once replayed as another game without a word). A record written
before records carried a proof still loads and replays as it stands."""

from __future__ import annotations

import json

import pytest

from cardtable.cli import main
from cardtable.engine import Drifted, MatchRecord, fingerprint
from cardtable.games import registry
from cardtable.play import Referee, make_bots


def finished(game_id: str, seed: int = 5) -> MatchRecord:
    players = 2 if game_id == "spite-malice" else 3
    state = registry.get(game_id).new_game(players, seed)
    referee = Referee(state, make_bots(game_id, ["random"] * players, seed))
    referee.run()
    return MatchRecord.from_json(referee.record().to_json())  # as a file holds it


def edited(record: MatchRecord, **changes) -> MatchRecord:
    data = json.loads(record.to_json()) | changes
    return MatchRecord.from_dict(data)


def one_sentence(error: Exception) -> str:
    words = str(error)
    assert "\n" not in words and words.count(". ") == 0 and len(words) < 200, words
    return words


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_record_proves_its_game_and_replays_to_its_end(game_id):
    record = finished(game_id)
    assert set(record.proof) == {"deal", "end"}
    state = registry.replay(record)
    assert state.is_over and fingerprint(state) == record.proof["end"]


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_record_with_its_seed_changed_is_refused_in_one_sentence(game_id):
    with pytest.raises(Drifted) as refused:
        registry.replay(edited(finished(game_id), seed=6))
    assert one_sentence(refused.value) == (
        "the record is not the game that was played: its deal differs, so its seed, "
        "options or deck were changed"
    )


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_record_with_a_move_taken_out_is_refused_in_one_sentence(game_id):
    record = finished(game_id)
    with pytest.raises(Drifted) as refused:
        registry.replay(edited(record, actions=[list(a) for a in record.actions[:-1]]))
    assert one_sentence(refused.value).endswith("its moves end elsewhere, so they were changed")


def test_what_the_heck_bids_swapped_between_rounds_are_refused():
    # Every bid is a legal move whatever the deal: only the proof tells the games apart.
    record = finished("what-the-heck")
    actions = [list(action) for action in record.actions]
    first = next(i for i, (seat, _) in enumerate(actions) if seat == 0)
    second = next(i for i, (seat, _) in enumerate(actions) if seat == 0 and i > first)
    actions[first][1], actions[second][1] = actions[second][1], actions[first][1]
    with pytest.raises(Drifted):
        registry.replay(edited(record, actions=actions))


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_record_from_before_proofs_still_loads_and_replays(game_id):
    record = finished(game_id)
    data = json.loads(record.to_json())
    del data["proof"]
    old = MatchRecord.from_dict(data)
    assert old.proof is None and "proof" not in json.loads(old.to_json())
    assert registry.replay(old).is_over


@pytest.mark.parametrize(
    "proof", [[1], {"deal": 5}, {"deal": "x" * 100}, {"luck": "abc"}, "deal"], ids=str
)
def test_a_proof_of_the_wrong_kind_is_a_damaged_record(proof):
    data = json.loads(finished("mean").to_json()) | {"proof": proof}
    with pytest.raises(ValueError, match="the proof must name"):
        MatchRecord.from_dict(data)


def test_replaying_an_edited_what_the_heck_record_from_the_command_line_is_one_line(
    tmp_path, capsys
):
    path = tmp_path / "heck.json"
    path.write_text(edited(finished("what-the-heck"), seed=99).to_json())
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert err.endswith(
        "the record is not the game that was played: its deal differs, so its "
        "seed, options or deck were changed"
    )
