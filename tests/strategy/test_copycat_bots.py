"""Copy Cat bots: legal moves only, decided from the seat's observation alone, and the
habits medium and hard promise (copy with every card, count cards, Meow when lowest)."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import Rng
from cardtable.games import registry
from cardtable.games.copycat.vocabulary import one_deck
from cardtable.strategy import make_bot, playable, view_for
from cardtable.strategy.copycat import (
    INDEX,
    MEOW_CONFIDENCE,
    ROLLOUT_MEOW,
    VALUE,
    CopyCatSearch,
    Knowledge,
    ReadWorlds,
    close,
    deal_read,
    last_plays,
)

GAME = registry.get("copycat")
LEVELS = playable("copycat")  # every bot the game has, offered or not (a saved game may name it)
# The slow tier: a searching level through a whole game, and expert's every decision.
WHOLE_GAME_LEVELS = [
    pytest.param(level, marks=pytest.mark.slow) if level in ("hard", "expert") else level
    for level in LEVELS
]
DECIDING_LEVELS = [
    pytest.param(level, marks=pytest.mark.slow) if level == "expert" else level for level in LEVELS
]


def deal(hands: list[str], draw: str = ""):
    """A game from a stacked deck: seat N holds ``hands[N]``, the draw pile starts with
    ``draw``; the rest follows in the draw pile."""
    players = len(hands)
    rest = one_deck()
    for card in " ".join([*hands, draw]).split():
        rest.remove(card)
    dealt = [hand.split() for hand in hands]
    deck = [dealt[step % players][r] for r in range(5) for step in range(1, players + 1)]
    return GAME.new_game(players, seed=0, deck=deck + draw.split() + rest)


def act(state, moves: list[tuple[int, str]]) -> None:
    """Apply each ``(seat, code)`` in turn."""
    for seat, code in moves:
        state.apply(seat, code)


def position(seed: int, phase: str, players: int = 4):
    """A position from random play where the seat to act has a real choice in ``phase``."""
    state = GAME.new_game(players, seed=seed)
    rng = Rng(seed)
    for step in range(2000):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        obs = state.observation(seat)
        if step >= 6 and len(legal) > 2 and obs["phase"] == phase:
            return state
        state.apply(seat, rng.choice(legal))
    raise AssertionError("no such position")


def test_the_game_has_random_easy_medium_hard_and_expert_bots():
    assert LEVELS == ["random", "easy", "medium", "hard", "expert"]


@pytest.mark.parametrize("level", WHOLE_GAME_LEVELS)
def test_bots_choose_only_legal_moves_through_a_whole_match(level):
    state = GAME.new_game(3, seed=4)
    bots = [make_bot("copycat", level, Rng(f"t/{s}")) for s in range(3)]
    while not state.is_over:
        seat = state.to_act[0]
        view = view_for(state, seat)
        action = bots[seat].choose(view)
        assert action.code in view.codes
        state.apply(seat, action)


@pytest.mark.parametrize("level", DECIDING_LEVELS)
@pytest.mark.parametrize(("seed", "phase"), [(1, "play"), (2, "play"), (3, "answer"), (5, "play")])
def test_a_bot_decides_the_same_whatever_the_cards_it_cannot_see(level, seed, phase):
    state = position(seed, phase)
    seat = state.to_act[0]
    world = state.sample_hidden(seat, Rng(f"other/{seed}"))
    assert world.observation(seat) == state.observation(seat)
    assert world.hands != state.hands or world.draw_pile != state.draw_pile
    first = make_bot("copycat", level, Rng("same")).choose(view_for(state, seat))
    second = make_bot("copycat", level, Rng("same")).choose(view_for(world, seat))
    assert first == second


def test_hard_is_deterministic_for_a_fixed_seed():
    state = position(2, "play")
    seat = state.to_act[0]
    choices = {make_bot("copycat", "hard", Rng(9)).choose(view_for(state, seat)) for _ in range(3)}
    assert len(choices) == 1


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_medium_and_hard_copy_with_every_card_they_can(level):
    state = deal(["7 8 2 5 6", "7 7 2/7 4 1", "1 1 2 6 6", "5 5 3 2 8"])
    state.apply(0, "play 7")
    bot = make_bot("copycat", level, Rng(0))
    assert bot.choose(view_for(state, 1)).code == "copy 7 7 2/7 as 7"


def test_medium_counts_the_cards_it_has_seen():
    state = deal(["5 5 5 4/5 8", "1 1 2 6 6", "3 3 2 6 7", "7 7 2 3 4"])
    known = Knowledge(state.observation(0), 0)
    assert known.showing(5) == 1  # the fourth Five
    assert known.showing(8) == 4  # three Eights and the 1/8
    assert len(known.unseen) == 31
    # 15 of the 31 unseen cards lie in other hands: a Five is seldom copied, an Eight often.
    assert known.expected_copies(5) == pytest.approx(15 / 31)
    assert known.expected_copies(8) == pytest.approx(4 * 15 / 31)


def test_medium_judges_a_meow_the_same_when_it_stops_dealing_once_the_answer_is_sure():
    # meow_likely stops dealing the unseen cards once the rest of the deals cannot change
    # whether the chance reaches the confidence: the same answer as the whole count.
    state = deal(["5 5 5 4/5 8", "1 1 2 6 6", "3 3 2 6 7", "7 7 2 3 4"])
    answers = set()
    for hand in (["1", "2"], ["2", "3", "1"], ["4", "4"], ["3", "5", "2", "1"], ["8", "8"]):
        known = Knowledge(state.observation(0), 0)
        known.hand = hand
        for confidence in (-0.1, 0.0, 0.3, 0.62, 0.625, 0.9, 1.0, 1.1):
            for seed in range(4):
                sure = known.meow_chance(random.Random(seed)) >= confidence
                assert known.meow_likely(random.Random(seed), confidence) == sure
                answers.add(sure)
    assert answers == {True, False}
    known.counts = [9, 30, 30, 30]  # the others hold more cards than are unseen
    assert not known.meow_likely(random.Random(0), 0.5)


def test_hard_reads_what_a_player_lacks_from_their_draw_instead_of_a_copy():
    state = deal(["5 5 5 4/5 8", "1 1 2 6 6", "3 3 2 6 7", "7 7 2 3 4"])
    state.apply(0, "play 8")
    state.apply(1, "draw")  # seat 1 would have copied an Eight if it had one
    state.apply(1, "play 1 1")
    known = Knowledge(state.observation(0), 0)
    lacking = known.lacking()
    assert lacking[1] == [frozenset({8, 1})] * 3 + [frozenset({1})]
    assert lacking[2] == [frozenset()] * 5


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_medium_and_hard_declare_meow_on_a_hand_that_is_surely_lowest(level):
    state = deal(["8 8 6 6 5", "1 1 2 7 7", "3 4 5 5 6", "3 4 8 8 2"], draw="7 2 3 4 1/8")
    act(
        state,
        [
            (0, "play 8 8"),
            (1, "draw"),
            (1, "play 7 7 7"),
            (2, "draw"),
            (2, "play 5 5"),
            (3, "draw"),
            (3, "play 8 8"),
            (0, "draw"),
            (0, "play 6 6"),
            (1, "draw"),
        ],
    )
    assert state.observation(1)["hand"] == ["1", "1", "2", "1/8"]  # total 5
    assert make_bot("copycat", level, Rng(0)).choose(view_for(state, 1)).code == "meow"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_medium_and_hard_do_not_declare_meow_on_a_high_hand(level):
    state = deal(["8 8 6 6 5", "1 7 8 7 7", "3 4 5 5 6", "3 4 2 1 2"], draw="7 2 3 4 1/8")
    act(state, [(0, "play 8 8"), (1, "draw"), (1, "play 7 7 7")])
    state.apply(2, "draw")
    state.apply(2, "play 5 5")
    state.apply(3, "draw")
    state.apply(3, "play 2 2")
    state.apply(0, "draw")
    state.apply(0, "play 6 6")
    state.apply(1, "draw")
    assert len(state.observation(1)["hand"]) <= 4
    assert "meow" in view_for(state, 1).codes
    assert make_bot("copycat", level, Rng(0)).choose(view_for(state, 1)).code != "meow"


def test_hard_reads_a_single_card_from_a_medium_player_as_a_hand_without_pairs_or_higher():
    # Seat 0 leads with one Five. A medium player sheds its best-scoring number: with a
    # pair, or a higher card no likelier to be copied, it would have shed that. Its hand
    # is read as low.
    state = deal(["1 2 3 4 5", "5 5 6 6 7", "4 4 6 7 8", "8 8 7 5 1"])
    assert make_bot("copycat", "medium", Rng(0)).choose(view_for(state, 0)).code == "play 5"
    state.apply(0, "play 5")
    known = Knowledge(state.observation(1), 1)
    read = last_plays(known, 5)
    assert list(read) == [0]
    assert (read[0].number, read[0].drew) == (5, False)
    low = read[0].likelihood([INDEX[c] for c in ["1", "2", "3", "4"]])
    high = read[0].likelihood([INDEX[c] for c in ["8", "8", "7", "6"]])
    assert low > 20 * high
    # The worlds the hard bot searches give seat 0 a lower hand than blind deals do.
    rnd = random.Random(1)
    lacking = known.lacking()
    blind = [deal_read(known, lacking, {}, rnd, 16)[0][0] for _ in range(300)]
    read_hands = [deal_read(known, lacking, read, rnd, 16)[0][0] for _ in range(300)]

    def mean_total(hands):
        return sum(VALUE[c] for hand in hands for c in hand) / len(hands)

    assert mean_total(read_hands) < mean_total(blind) - 1.2
    assert all(len(hand) == 4 for hand in read_hands)


def test_hard_measures_its_moves_against_each_other_in_the_same_world():
    # Seat 0 leads. A world that deals the others low cards is bad for every lead alike;
    # hard credits a round with its lead less the mean lead of all its candidate moves in
    # that same world, so such luck no longer hides which move is better: in each world
    # the credits of all the moves average to exactly an even result (0.5).
    state = deal(["1 2 3 4 8", "5 5 6 6 7", "4 4 6 7 8", "8 8 7 5 1"])
    view = view_for(state, 0)
    known = Knowledge(view.observation, 0)
    worlds = ReadWorlds(view, known, random.Random(1), 16)
    rng = Rng(3)
    means = {}
    for paired in (True, False):
        means[paired] = []
        for _ in range(6):
            game = CopyCatSearch(0, 0, 0, view.observation["coins"], 4)
            if paired:
                game.worlds = worlds
            world = worlds.sample(rng)
            moves = game.moves(world, 0)
            assert len(moves) == 4
            credits = []
            for move in moves:
                after = world.copy()
                after.apply(0, move)
                game.rollout(after, rng)
                credits.append(game.value(after)[0])
            means[paired].append(sum(credits) / len(credits))
    assert means[True] == pytest.approx([0.5] * 6)
    # Without the pairing, the worlds' luck moves every credit together.
    assert max(means[False]) - min(means[False]) > 0.05


def test_hard_sifts_its_moves_in_the_same_worlds_and_drops_a_meow_that_fails_in_them():
    # Seat 0 has drawn to 6 6 5 4 (21 points) while seat 1 holds two cards: a Meow fails
    # in every world. Each candidate is played out in the same 48 read worlds and only
    # the two with the best mean lead are searched: the Meow is not among them.
    state = deal(["8 8 6 6 5", "1 7 8 7 7", "3 4 5 5 6", "3 4 2 1 2"], draw="7 2 3 4 1/8")
    act(state, [(0, "play 8 8"), (1, "draw"), (1, "play 7 7 7 7"), (2, "draw")])
    act(state, [(2, "play 5 5"), (3, "draw"), (3, "play 2 2"), (0, "draw")])
    view = view_for(state, 0)
    assert view.observation["hand"] == ["6", "6", "5", "4"]
    assert view.observation["hand_counts"][1] == 2
    known = Knowledge(view.observation, 0)
    worlds = ReadWorlds(view, known, random.Random(1), 16)
    game = CopyCatSearch(0, 0, len(known.moves), view.observation["coins"], 4)
    game.worlds = worlds
    world = worlds.sample(Rng(1))
    assert [a.code for a in game.moves(world, 0)][-1] == "meow"
    game.sift(world, worlds, 48, 2)
    kept = [a.code for a in game.moves(world, 0)]
    assert len(kept) == 2
    assert "meow" not in kept
    assert "play 6 6" in kept
    chosen = [make_bot("copycat", "hard", Rng(seed)).choose(view).code for seed in range(5)]
    assert "meow" not in chosen
    assert chosen.count("play 6 6") >= 3  # the sift's best, favoured by the tree's prior


def sifted_worlds(hand: str, last: str) -> int:
    """How many read worlds hard's sift deals for seat 0 leading with ``hand`` (seat 3
    holding ``last``)."""
    state = deal([hand, "5 5 6 6 7", "4 4 6 7 8", last])
    view = view_for(state, 0)
    known = Knowledge(view.observation, 0)
    worlds = ReadWorlds(view, known, random.Random(1), 16)
    game = CopyCatSearch(0, 0, 0, view.observation["coins"], 4)
    game.worlds = worlds
    return game.sift(worlds.sample(Rng(1)), worlds, 48, 2, 192)


def test_hard_deals_more_worlds_only_where_its_best_two_moves_are_close():
    # Leading with 1 1 1 8 8, the triple and the pair of Eights are far better than the
    # single Eight or a pair of Ones: 48 worlds tell them apart. With 1 2 3 4 8 every
    # single card is close to the others: the sift deals more worlds, to its limit.
    assert sifted_worlds("1 1 1 8 8", "2 3 7 5 1") == 48
    assert sifted_worlds("1 2 3 4 8", "8 8 7 5 1") == 192


def test_the_sift_calls_two_moves_close_while_their_paired_difference_is_within_noise():
    noisy = [[1.0, -1.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0]]  # differences 1, -1, 2, 0
    steady = [[1.0, 1.1, 0.9, 1.0], [0.0, 0.0, 0.0, 0.0]]  # always about 1 better
    assert close(noisy, 0, 1)
    assert not close(steady, 0, 1)


def test_hard_searches_first_the_move_its_sift_found_best_not_mediums():
    # Leading with 2 2 7 7 8, medium's judgement plays the pair of Sevens; in the sift's
    # read worlds the pair of Twos leads further, and the tree's prior favours it.
    state = deal(["2 2 7 7 8", "5 5 6 6 7", "4 4 6 1 8", "8 3 7 5 1"])
    view = view_for(state, 0)
    known = Knowledge(view.observation, 0)
    worlds = ReadWorlds(view, known, random.Random(1), 16)
    game = CopyCatSearch(0, 0, 0, view.observation["coins"], 4)
    game.worlds = worlds
    world = worlds.sample(Rng(1))
    game.sift(world, worlds, 48, 2, 192)
    moves = game.moves(world, 0)
    assert [move.code for move in moves] == ["play 7 7", "play 2 2"]
    assert game.prior(world, 0, moves) == [1.0, 2.0]


def test_the_roll_outs_declare_meow_by_their_estimate_at_the_bar_the_search_sets():
    # Seat 1 has drawn to 1 1 2 4 (8 points) while the others hold 3, 3 and 4 cards.
    # Medium's deals of the unseen cards find it lowest in about 58% of them, under its
    # 62% bar: medium plays on. The roll-outs' quicker estimate (a normal approximation)
    # says 64%: at medium's bar the roll-out would Meow at once; at the roll-outs' own bar
    # (0.655, where medium's rule falls on the estimate) it plays on, as medium does.
    state = deal(["3 2 8 7 7", "1 1 6 2 6", "5 5 4/5 3 4", "5 3/6 3 4 1"], draw="6 7 6 4")
    act(state, [(0, "play 7 7"), (1, "draw"), (1, "play 6 6 6"), (2, "draw")])
    act(state, [(2, "play 5 5 4/5 as 5"), (3, "copy 5"), (0, "draw"), (0, "play 6")])
    state.apply(1, "draw")
    view = view_for(state, 1)
    assert view.observation["hand"] == ["1", "1", "2", "4"]
    assert "meow" in view.codes
    known = Knowledge(view.observation, 1)
    assert known.meow_chance(random.Random(0), 4000) < MEOW_CONFIDENCE
    game = CopyCatSearch(1, 0, len(known.moves), view.observation["coins"], 4)
    assert game.meow_bar == ROLLOUT_MEOW
    assert MEOW_CONFIDENCE <= game.meow_chance(state, 1) < ROLLOUT_MEOW
    meow = state.copy()
    meow.apply(1, "meow")
    meowed = [after - before for after, before in zip(meow.coins, state.coins, strict=True)]
    outcomes = {}
    for bar in (MEOW_CONFIDENCE, ROLLOUT_MEOW):
        game.meow_bar = bar
        game.rollout(state, Rng(0))
        outcomes[bar] = game._played[1]
    assert outcomes[MEOW_CONFIDENCE] == meowed  # medium's bar on the estimate: Meow
    assert outcomes[ROLLOUT_MEOW] != meowed  # the roll-outs' bar: the game goes on
