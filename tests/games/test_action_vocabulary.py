"""One action vocabulary per game: each rules module builds its codes (``play_code``,
``dir_code``, ``swap_code``, ``punish_code``, ``draw_code``, ``hit_code``, ``bid_code``)
and reads them (``parse``, a small frozen dataclass); every legal code reads back to
itself, and a malformed code is refused in one sentence. Bots use nothing else."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from cardtable.engine import IllegalAction, Rng
from cardtable.games import registry
from cardtable.games.hit_the_deck import vocabulary as hit_the_deck
from cardtable.games.mean import vocabulary as mean
from cardtable.games.what_the_heck import vocabulary as what_the_heck

MODULES = {"mean": mean, "hit-the-deck": hit_the_deck, "what-the-heck": what_the_heck}
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", sorted(MODULES))
def test_every_legal_code_reads_back_to_itself(game_id):
    rules = MODULES[game_id]
    rng = Rng(f"vocab/{game_id}")
    seen_kinds = set()
    for seed in range(3):
        state = registry.get(game_id).new_game(3, seed)
        for _ in range(400):
            if state.is_over:
                break
            if state.window is not None:
                state.close_window()
                continue
            for seat in range(state.players):
                for action in state.legal_actions(seat):
                    read = rules.parse(action.code)
                    assert dataclasses.is_dataclass(read) and read.code == action.code
                    with pytest.raises(dataclasses.FrozenInstanceError):
                        read.kind = "x"
                    seen_kinds.add(read.kind)
            seat = state.to_act[0]
            legal = [a for a in state.legal_actions(seat) if a.code != "hit"]
            state.apply(seat, rng.choice(legal or state.legal_actions(seat)))
    expected = {
        "mean": {"play", "dir", "swap", "punish"},
        "hit-the-deck": {"play", "draw", "hit"},
        "what-the-heck": {"bid"},
    }[game_id]
    assert expected <= seen_kinds


def test_the_builders_write_the_codes_the_rules_list():
    assert mean.play_code(("W", "W"), 7) == "play W W as 7"
    assert mean.play_code(("6", "6")) == "play 6 6"
    assert mean.dir_code("up") == "dir up"
    assert mean.swap_code(2) == "swap with 2"
    assert mean.punish_code(1) == "punish 1"
    assert mean.parse("play W as 3") == mean.Move("play", cards=("W",), value=3)
    assert hit_the_deck.play_code("G4") == "play G4"
    assert hit_the_deck.draw_code() == "draw" and hit_the_deck.hit_code() == "hit"
    assert hit_the_deck.parse("play G4") == hit_the_deck.Move("play", "G4")
    assert what_the_heck.bid_code(15) == "bid 15"
    assert what_the_heck.parse("bid 15") == what_the_heck.Bid("15")


@pytest.mark.parametrize(
    ("game_id", "code"),
    [
        ("mean", ""),
        ("mean", "play"),
        ("mean", "play W"),
        ("mean", "play W as 13"),
        ("mean", "play 6 7"),
        ("mean", "dir sideways"),
        ("mean", "swap 2"),
        ("mean", "swap with two"),
        ("mean", "punish 99999999999999999999"),
        ("mean", "jump"),
        ("hit-the-deck", "play"),
        ("hit-the-deck", "play Z9"),
        ("hit-the-deck", "hit hit"),
        ("hit-the-deck", ""),
        ("what-the-heck", "bid"),
        ("what-the-heck", "bid 16"),
        ("what-the-heck", "bid 0"),
        ("what-the-heck", "pass"),
    ],
)
def test_a_malformed_code_is_refused_in_one_sentence(game_id, code):
    with pytest.raises(IllegalAction) as refused:
        MODULES[game_id].parse(code)
    reason = refused.value.reason
    assert reason[0].isupper() and reason.endswith(".") and "\n" not in reason


def test_bots_build_and_read_codes_only_through_the_rules_modules():
    building = re.compile(r"""f["'](play|dir|swap|punish|bid|draw|hit)\b""")
    for path in (ROOT / "cardtable" / "strategy").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not building.search(text), f"{path.name} builds a code with an f-string"
        assert ".code.split(" not in text and "code.split()" not in text, path.name
        assert 'Action("' not in text, f"{path.name} writes a code by hand"
