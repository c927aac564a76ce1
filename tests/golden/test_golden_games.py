"""The same seeds give the same games: every golden game (seeded random play-throughs and
bot matches through the referee, ``golden_games.py`` says which and what is recorded) plays
again move for move as ``golden_games.json`` has it, and a game that does not says which
move first differs and how."""

from __future__ import annotations

import pytest
from golden_games import first_difference, goldens, load

RECORDED = load()
GOLDENS = goldens()
AGAIN = "if the change is meant, record them again: python -m tests.golden.golden_games"


def test_the_data_holds_every_golden_game_and_no_other():
    assert [golden.name for golden in GOLDENS] == list(RECORDED), AGAIN


# The play-throughs and the matches of quick bots in the everyday tier; the matches with a
# searching seat (hard) in the slow one.
GAMES = [
    pytest.param(golden, id=golden.name, marks=pytest.mark.slow if "hard" in golden.seats else ())
    for golden in GOLDENS
]


@pytest.mark.parametrize("golden", GAMES)
def test_the_golden_game_plays_as_recorded(golden):
    difference = first_difference(golden.name, RECORDED[golden.name], golden.play())
    assert difference is None, f"{difference}; {AGAIN}"


# -- what a failure says ----------------------------------------------------------------

PLAYED = {
    "moves": ["0 play 3", "1 play 4", "-1 close", "1 pass"],
    "marks": "aaaaaa" + "bbbbbb" + "cccccc" + "dddddd" + "eeeeee",
    "fingerprint": "f" * 24,
}


def test_a_different_move_is_named_with_what_was_recorded_and_what_was_played():
    recorded = dict(PLAYED, moves=["0 play 3", "1 play 5", "-1 close", "1 pass"])
    said = first_difference("mean random/2/0", recorded, PLAYED)
    assert said == (
        "mean random/2/0: move 2 differs: recorded '1 play 5', played '1 play 4' "
        "(the 1 before it are the same)"
    )


def test_a_game_that_ends_sooner_or_later_says_how_many_moves_it_ran():
    recorded = dict(PLAYED, moves=PLAYED["moves"][:3])
    said = first_difference("mean random/2/0", recorded, PLAYED)
    assert said == (
        "mean random/2/0: the game ran 4 moves where the recording has 3 (the first 3 are the same)"
    )


def test_the_same_move_showing_something_else_is_named_by_its_move():
    recorded = dict(PLAYED, marks=PLAYED["marks"].replace("dddddd", "d0d0d0"))
    said = first_difference("mean random/2/0", recorded, PLAYED)
    assert said is not None and said.startswith(
        "mean random/2/0: move 3 ('-1 close') is the same move, but what it showed differs"
    )
    recorded = dict(PLAYED, marks=PLAYED["marks"].replace("aaaaaa", "a0a0a0"))
    assert first_difference("x", recorded, PLAYED) == "x: the deal differs (the setup's events)"


def test_the_same_moves_with_another_result_say_so():
    recorded = {"moves": PLAYED["moves"], "result": {"scores": [1, 0]}}
    played = {"moves": PLAYED["moves"], "result": {"scores": [0, 1]}}
    said = first_difference("mean hard,easy seed 0", recorded, played)
    assert said == (
        "mean hard,easy seed 0: the same moves, but the result differs: recorded "
        "{'scores': [1, 0]}, played {'scores': [0, 1]}"
    )
    assert first_difference("same", PLAYED, dict(PLAYED)) is None
