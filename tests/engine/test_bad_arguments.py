"""The rules API refuses every bad argument with the engine's own error and a sentence
saying what is allowed: ``new_game``'s players, seed, options and deck, and an unknown seat
asked for its moves. Nothing is truncated or guessed."""

from __future__ import annotations

import pytest

from cardtable.engine import BadDeck, BadOption, BadSetup, IllegalAction
from cardtable.games import registry

GAMES = registry.all()
HIT = registry.get("hit-the-deck")


@pytest.mark.parametrize("options", [["target", 50], "target=50", 5, ("target",)])
def test_options_that_are_not_a_mapping_are_refused(options):
    with pytest.raises(BadOption, match="mapping of option names"):
        HIT.new_game(2, options=options)


@pytest.mark.parametrize(
    "target",
    [float("inf"), float("-inf"), float("nan"), 10.9, "10.9", "1e3", "9" * 5000, True, [50], None],
    ids=["inf", "-inf", "nan", "10.9", "text-10.9", "1e3", "5000-digits", "bool", "list", "none"],
)
def test_a_target_that_is_not_a_whole_number_is_refused_never_truncated(target):
    with pytest.raises(BadOption, match="takes a whole number"):
        HIT.new_game(2, options={"target": target})


@pytest.mark.parametrize("target", [1001, 5000, 10**30])
def test_the_target_has_a_maximum(target):
    with pytest.raises(BadOption, match="at most 1000"):
        HIT.new_game(2, options={"target": target})


def test_a_whole_target_given_as_a_float_or_text_is_taken():
    assert HIT.new_game(2, options={"target": 50.0}).target == 50
    assert HIT.new_game(2, options={"target": " 1000 "}).target == 1000


@pytest.mark.parametrize("name", [3, None, ("target",), "x" * 10_000])
def test_an_option_name_that_is_not_one_of_the_games_is_refused_in_one_short_line(name):
    with pytest.raises(BadOption, match="has no option") as refused:
        HIT.new_game(2, options={name: 50})
    assert len(str(refused.value)) < 200


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.id)
@pytest.mark.parametrize("deck", [123, 4.5, {"R1": 1}, [1, 2, 3], b"R1 R2"])
def test_a_deck_that_is_not_card_codes_is_refused(info, deck):
    with pytest.raises(BadDeck, match="list of card codes"):
        info.new_game(info.min_players, deck=deck)


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.id)
def test_a_deck_given_as_an_iterator_is_refused_and_a_tuple_taken(info):
    cards = info.full_deck(info.min_players)
    part = info.state_class.stacked_part(info.min_players, info.option_defaults())
    with pytest.raises(BadDeck, match="list of card codes"):
        info.new_game(info.min_players, deck=iter(part))
    assert info.new_game(info.min_players, deck=tuple(part)).card_counts().total() == len(cards)


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.id)
@pytest.mark.parametrize("players", [True, 2.0, "2", None, 0, -1, 99])
def test_a_player_count_that_is_not_allowed_is_refused(info, players):
    with pytest.raises(BadOption, match="players, not"):
        info.new_game(players)


@pytest.mark.parametrize(
    ("seed", "says"),
    [
        ("\ud800", "lone surrogates"),
        ("x" * 101, "at most 100 characters"),
        (10**4300, "at most 100 digits"),
        (["1"], "a whole number or a text"),
        (1.5, "a whole number or a text"),
        (None, "a whole number or a text"),
    ],
    ids=["surrogate", "long-text", "4300-digits", "list", "float", "none"],
)
def test_a_seed_a_game_cannot_use_is_refused(seed, says):
    with pytest.raises(BadSetup, match=says):
        HIT.new_game(2, seed=seed)


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.id)
@pytest.mark.parametrize("seat", [-1, 99, "0", 0.0, None, True])
def test_every_game_refuses_an_unknown_seat_asked_for_its_moves(info, seat):
    state = info.new_game(info.min_players, seed=1)
    with pytest.raises(IllegalAction, match="There is no seat"):
        state.legal_actions(seat)
    assert state.check(seat, "hit") is not None


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.id)
def test_the_seats_the_table_has_still_get_their_moves(info):
    state = info.new_game(info.min_players, seed=1)
    assert any(state.legal_actions(seat) for seat in range(info.min_players))
