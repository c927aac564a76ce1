"""MEAN! bots: legal moves only, decided from the seat's observation alone, and the few
habits medium promises (best face-up pile, swap with the fewest cards, keep Sixes)."""

from __future__ import annotations

import pytest

from cardtable.engine import Rng
from cardtable.games import registry
from cardtable.strategy import ThinkClock, make_bot, playable, view_for
from cardtable.strategy.mean import MeanSearch, Table, medium_ranking, pile_read
from cardtable.strategy.search import ismcts

GAME = registry.get("mean")
LEVELS = playable("mean")  # every bot the game has, offered or not (a saved game may name it)
# The slow tier: a searching level through a whole game, and expert's every decision.
WHOLE_GAME_LEVELS = [
    pytest.param(level, marks=pytest.mark.slow) if level in ("hard", "expert") else level
    for level in LEVELS
]
DECIDING_LEVELS = [
    pytest.param(level, marks=pytest.mark.slow) if level == "expert" else level for level in LEVELS
]


def position(seed: int, end_game: bool, players: int = 4):
    """A position from random play where the seat to act has a real choice: early on, or
    once the Draw Deck is nearly out (where hard searches)."""
    state = GAME.new_game(players, seed=seed)
    rng = Rng(seed)
    for step in range(2000):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        near_end = len(state.draw_deck) <= 4
        if len(legal) > 1 and (near_end if end_game else step >= 10):
            return state
        state.apply(seat, rng.choice(legal))
        assert not state.is_over, "pick another seed: this game ended first"
    raise AssertionError("no such position")


def test_the_game_has_random_easy_medium_hard_and_expert_bots():
    assert LEVELS == ["random", "easy", "medium", "hard", "expert"]


@pytest.mark.parametrize("level", WHOLE_GAME_LEVELS)
def test_bots_choose_only_legal_actions_through_a_whole_game(level):
    state = GAME.new_game(3, seed=4)
    bots = [make_bot("mean", level, Rng(f"t/{s}")) for s in range(3)]
    while not state.is_over:
        seat = state.to_act[0]
        view = view_for(state, seat)
        action = bots[seat].choose(view)
        assert action.code in view.codes
        state.apply(seat, action)


@pytest.mark.parametrize("level", DECIDING_LEVELS)
@pytest.mark.parametrize(("seed", "end_game"), [(1, False), (2, False), (3, True), (4, True)])
def test_a_bot_decides_the_same_whatever_the_cards_it_cannot_see(level, seed, end_game):
    state = position(seed, end_game)
    seat = state.to_act[0]
    world = state.sample_hidden(seat, Rng(f"other/{seed}"))
    assert world.observation(seat) == state.observation(seat)
    assert world.draw_deck != state.draw_deck or world.hands != state.hands
    first = make_bot("mean", level, Rng("same")).choose(view_for(state, seat))
    second = make_bot("mean", level, Rng("same")).choose(view_for(world, seat))
    assert first == second


def stacked(hands: list[str], draw: str = "", piles: tuple[str, ...] = ()) -> object:
    """A game from a stacked deck (piles, the deal from the dealer's left, the Draw Deck);
    unnamed cards are filled in from what is left, plain values first."""
    players = len(hands)
    rest = list(GAME.full_deck(players))
    named = [c for part in (*piles, *hands, draw) for c in part.split()]
    for card in named:
        rest.remove(card)
    plain = ["2", "4", "5", "7", "9", "11", "1", "3", "10", "12", "6", "8", "W"]
    rest.sort(key=plain.index)

    def fill(part: str, size: int) -> list[str]:
        cards = part.split()
        return cards + [rest.pop(0) for _ in range(size - len(cards))]

    piles = tuple(piles) + ("",) * (4 - len(piles))
    deck = [c for pile in piles for c in fill(pile, 3)]
    dealt = [fill(hand, 4) for hand in hands]
    deck += [dealt[step % players][r] for r in range(4) for step in range(1, players + 1)]
    return GAME.new_game(players, seed=0, deck=deck + draw.split() + rest)


def test_medium_takes_the_punishment_pile_with_the_best_face_up_card():
    state = stacked(
        ["11 2 2 4", "2 4 5 7"], draw="9 5", piles=("4 5 9", "7 9 11", "5 9 W", "4 7 7")
    )
    state.apply(0, "play 11")
    state.apply(0, "dir up")
    assert state.to_act == (1,) and state.phase == "punish"
    bot = make_bot("mean", "medium", Rng(0))
    assert bot.choose(view_for(state, 1)).code == "punish 2"


def test_medium_swaps_with_the_player_holding_the_fewest_cards():
    state = stacked(["11 8 2 2", "2 4 5 7", "12 4 5 7"], draw="4 5 9 9")
    for seat, code in [(0, "play 11"), (0, "dir up"), (1, "punish 0"), (2, "play 12")]:
        state.apply(seat, code)
    state.apply(0, "play 8")
    assert [len(hand) for hand in state.hands] == [4, 8, 4]
    bot = make_bot("mean", "medium", Rng(0))
    assert bot.choose(view_for(state, 0)).code == "swap with 2"


def test_medium_keeps_its_sixes_when_another_card_follows():
    state = stacked(["5 2 2 4", "6 7 9 9"], draw="4 11")
    state.apply(0, "play 5")
    state.apply(0, "dir up")
    bot = make_bot("mean", "medium", Rng(0))
    assert "6" not in bot.choose(view_for(state, 1)).code


def test_a_pile_take_medium_would_not_make_reads_as_play_at_random():
    assert pile_read([[3, "4"], [3, "W"]]) > 0, "took a plain top with a Wild on offer"
    assert pile_read([[3, "W"], [3, "4"]]) < 0, "took the Wild, as medium does"
    assert pile_read([[3, "4"], [3, "9"]]) is None, "two plain tops: any take fits medium"


def test_hard_imagines_each_player_as_their_pile_takes_show_them():
    bot = make_bot("mean", "hard", Rng(0))
    takes = [
        [1, [[3, "W"], [3, "4"], [3, "5"]]],  # seat 1 takes the Wild: medium's way
        [2, [[3, "4"], [3, "8"], [3, "5"]]],  # seat 2 leaves the Eight: at random
        [0, [[3, "4"], [3, "8"]]],  # its own takes say nothing
    ] * 2
    chances = bot.read({"seat": 0, "players": 3, "pile_takes": takes})
    assert chances[1] < 0.05 and chances[2] > 0.9
    assert chances[0] == pytest.approx(bot.explore)
    # A new game (fewer takes than read) starts the reading again.
    assert bot.read({"seat": 0, "players": 3, "pile_takes": []}) == pytest.approx([bot.explore] * 3)


def test_hard_searches_from_the_first_turn_in_worlds_that_agree_with_its_seat():
    state = stacked(["5 2 9 11", "6 7 9 9", "4 4 10 12"], draw="4 11")
    assert len(state.draw_deck) == 29, "the first turn: the Draw Deck is still full"
    view = view_for(state, 0)
    worlds = []

    def sampled(rng):
        world = state.sample_hidden(0, rng)
        worlds.append(world)
        return world

    view._sampler = sampled
    bot = make_bot("mean", "hard", Rng(0))
    assert bot.choose(view).code in view.codes
    assert len(worlds) == bot.worlds, "one sampled world for each of its roll-out rounds"
    assert all(world.hands[0] == state.hands[0] for world in worlds)
    assert any(world.hands[1] != state.hands[1] for world in worlds)


def test_means_knowledge_serves_the_tree_too_which_weighs_only_mediums_best_few():
    state = stacked(["5 2 9 11", "6 7 9 9", "4 4 10 12"], draw="4 11")
    view = view_for(state, 0)
    best = medium_ranking(view, Rng(0))[:2]
    unseen = Table.from_observation(view.observation).unseen
    game = MeanSearch(0, best, unseen, [0.2] * 3)
    assert game.moves(state, 0) == best and game.moves(state, 1) == []
    assert game.prior(state, 0, best) == [2.0, 1.0], "medium's choice first"
    assert ismcts(view, game, ThinkClock(12, None), Rng(1)) in best
    world = state.copy()
    game.rollout(world, Rng(2))
    assert world.is_over and game.value(world) == [world.result.win_share(s) for s in range(3)]
