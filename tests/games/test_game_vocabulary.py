"""Each game declares its vocabulary beside its rules (``games/<game>/vocabulary.py``):
the names its events carry and a typed reader of its result's detail. Every name a game's
events use is declared, in play and in its source; every outcome reads back to the very
detail records hold, so old records and saves load as before."""

from __future__ import annotations

import ast
from enum import Enum
from pathlib import Path

import pytest

from cardtable.engine import KINDS, Rng, Vocabulary
from cardtable.games import (
    copycat,
    hit_the_deck,
    mean,
    registry,
    spite_malice,
    what_the_heck,
)
from cardtable.games.mean import vocabulary as mean_vocabulary
from cardtable.play import Referee, make_bots
from tests.golden.golden_games import random_step

RULES = {
    "copycat": copycat,
    "hit-the-deck": hit_the_deck,
    "mean": mean,
    "spite-malice": spite_malice,
    "what-the-heck": what_the_heck,
}
GAME_IDS = sorted(RULES)


def sources(rules) -> list[str]:
    """The source of a game's rules: every module of its package."""
    path = Path(rules.__file__)
    if path.name != "__init__.py":
        return [path.read_text(encoding="utf-8")]
    return [module.read_text(encoding="utf-8") for module in sorted(path.parent.glob("*.py"))]


class Events:
    """Collects the events of a play-through (``random_step``'s fingerprint door)."""

    def __init__(self) -> None:
        self.seen = []

    def feed(self, item) -> None:
        pass

    def events(self, events) -> None:
        self.seen.extend(events)


def random_events(game_id: str, players: int, seed: int, steps: int = 1500):
    state = registry.get(game_id).new_game(players, seed)
    collected = Events()
    collected.events(state.setup_events)
    rng = Rng(f"vocabulary/{game_id}/{seed}")
    for _ in range(steps):
        if state.is_over:
            break
        random_step(state, rng, collected)
    return collected.seen


def bot_game(game_id: str, players: int, seed: int):
    state = registry.get(game_id).new_game(players, seed)
    Referee(state, make_bots(game_id, ["easy"] * players, seed)).run()
    return state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_event_a_game_makes_goes_by_a_name_it_declares(game_id):
    info = registry.get(game_id)
    used = set()
    for players in (info.min_players, info.max_players):
        for seed in range(2):
            for event in random_events(game_id, players, seed):
                assert event.kind in KINDS
                if event.what:
                    assert event.what in info.vocabulary.events, f"{event} is not declared"
                    used.add(event.what)
    assert used, "no named event was seen"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_name_written_in_the_rules_is_declared(game_id):
    """The names the rules write (``what="swap"``), found in the source, so a moment a
    random game seldom reaches (a called game, an empty Draw Pile) is checked too."""
    declared = registry.get(game_id).vocabulary.events
    trees = [ast.parse(source) for source in sources(RULES[game_id])]
    written = {
        keyword.value.value
        for tree in trees
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        for keyword in node.keywords
        if keyword.arg == "what" and isinstance(keyword.value, ast.Constant)
    }
    assert written, "the rules name no events"
    assert written <= declared, sorted(written - declared)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_finished_games_outcome_reads_its_detail_and_writes_it_back(game_id):
    info = registry.get(game_id)
    for seed in range(2):
        result = bot_game(game_id, info.min_players + seed, seed).result
        outcome = info.vocabulary.outcome_of(result.detail)
        assert isinstance(outcome.ending, Enum)
        assert outcome.to_detail() == result.detail
        assert info.vocabulary.outcome_of(outcome.to_detail()) == outcome


def test_only_mean_keeps_no_points():
    assert [info.id for info in registry.all() if not info.keeps_points] == ["mean"]


def test_a_mean_outcome_says_how_the_game_ended():
    read = mean_vocabulary.MeanOutcome.from_detail
    Ending = mean_vocabulary.Ending
    out = {"winners": [1], "went_out": [[1]], "lost_on_eight": [], "called": False}
    assert read(out).ending is Ending.WENT_OUT
    eight = {"winners": [0, 2], "went_out": [], "lost_on_eight": [1], "called": False}
    assert read(eight).ending is Ending.LOST_ON_EIGHT
    called = {"winners": [0], "went_out": [], "lost_on_eight": [], "called": True}
    assert read(called).ending is Ending.CALLED


def test_a_record_from_before_cards_left_were_kept_reads_and_writes_back_unchanged():
    old = {"winners": [1], "went_out": [[1]], "lost_on_eight": [], "called": False}
    outcome = mean_vocabulary.MeanOutcome.from_detail(old)
    assert outcome.cards_left is None
    assert outcome.to_detail() == old


def test_a_damaged_detail_reads_as_an_outcome_without_what_it_lacks():
    damaged = {"went_out": "everyone", "lost_on_eight": [True, "x", 2], "cards_left": [1, None]}
    outcome = mean_vocabulary.MeanOutcome.from_detail(damaged)
    assert outcome.went_out == () and outcome.lost_on_eight == (2,)
    assert outcome.cards_left == (1, 0)


def test_a_vocabulary_refuses_a_name_it_does_not_declare_and_a_kind_as_a_name():
    vocabulary = registry.get("mean").vocabulary
    assert vocabulary.check({"swap", "announce"}, "a table") == {"swap", "announce"}
    with pytest.raises(
        ValueError, match=r"a table names events the game does not declare: \['swpa'\]"
    ):
        vocabulary.check({"swpa"}, "a table")
    with pytest.raises(ValueError, match="are event kinds"):
        Vocabulary.of(["announce"])
