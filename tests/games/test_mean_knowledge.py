"""MEAN!: what a player has seen of the other hands, and the worlds a search deals from it.

A player sees the face-up top of a Punishment Pile go into the hand that takes it; knows
the hand they gave away with an Eight; and sees, from a pile taken because a player could
not play ("If you can play on your turn, you must play"), or could not answer a MEAN!,
that the cards that hand held do not follow. Every world sampled for a seat agrees with
all of it; the engine's plain sample (every hidden card anywhere) does not, which the
tests show too, so each check has something to catch."""

from __future__ import annotations

import pickle
from collections import Counter

from test_mean import deal, run

from cardtable.engine import GameState, Rng
from cardtable.engine.knowledge import Holding, Knowledge

WORLDS = 40


def hands_in_worlds(state, watcher: int, holder: int, plain: bool = False) -> list[Counter]:
    out = []
    for n in range(WORLDS):
        rng = Rng(f"world/{n}")
        if plain:  # the engine's own deal: every hidden card anywhere
            world = state.copy()
            GameState._deal_hidden(world, watcher, world.zones(), rng)
        else:
            world = state.sample_hidden(watcher, rng)
        assert len(world.hands[holder]) == len(state.hands[holder])
        assert Counter(world.card_counts()) == Counter(state.card_counts())
        out.append(Counter(world.hands[holder]))
    return out


def test_a_player_who_cannot_play_holds_nothing_that_follows_in_every_world():
    # Going Up from Eleven: seat 1 (2 4 5 7, and draws a 5) cannot play and takes pile 0,
    # whose face-up top is a Nine.
    state = deal(["11 2 2 4", "2 4 5 7"], draw="9 5", piles=("4 5 9",))
    run(state, "play 11", "dir up", "punish 0")
    assert len(state.hands[1]) == 8

    def high(hand: Counter) -> int:  # cards that would have followed the Eleven
        return hand["11"] + hand["12"] + hand["W"]

    for hand in hands_in_worlds(state, 0, 1):
        assert hand["9"] >= 1, "the face-up top went into seat 1's hand for all to see"
        assert high(hand) <= 2, "only the pile's two face-down cards may follow an Eleven"
    plain = hands_in_worlds(state, 0, 1, plain=True)
    assert any(high(hand) > 2 or not hand["9"] for hand in plain)


def test_a_player_who_cannot_answer_a_mean_holds_no_six_and_no_wild_in_every_world():
    state = deal(["6 2 2 4", "2 4 5 7"], draw="9 5", piles=("4 5 9",))
    run(state, "play 6", "dir up")  # MEAN!: seat 1 has no Six and no Wild
    assert state.phase == "punish"
    run(state, "punish 0")

    def answers(hand: Counter) -> int:
        return hand["6"] + hand["W"]

    assert all(answers(hand) <= 2 for hand in hands_in_worlds(state, 0, 1))
    assert any(answers(hand) > 2 for hand in hands_in_worlds(state, 0, 1, plain=True))


def test_the_player_who_swaps_with_an_eight_knows_the_hand_they_gave_away():
    state = deal(["8 2 4 5", "7 7 9 11", "1 3 10 12"], draw="9")
    run(state, "play 8", "dir up")
    given = Counter(state.hands[0])
    run(state, "swap with 2")
    assert Counter(state.hands[2]) == given
    assert all(hand == given for hand in hands_in_worlds(state, 0, 2))
    # Seat 2 knows the hand it gave seat 0 as well; seat 1 saw neither.
    taken = Counter(["1", "3", "10", "12"])
    assert all(hand == taken for hand in hands_in_worlds(state, 2, 0))
    assert any(hand != given for hand in hands_in_worlds(state, 1, 2))


def test_what_others_knew_of_two_swapped_hands_changes_places_with_them():
    knowledge = Knowledge.dealt(3, 4).took_pile(1, ["4", "5", "W"])
    before = knowledge.of(0, 1)
    after = knowledge.swapped(1, 2, ["2", "W"], ["7"])
    assert after.of(0, 2) == before, "seat 0 saw the Wild go to seat 1, now seat 2 has it"
    assert after.of(1, 2) == Holding(("2", "W"), ())
    assert after.of(2, 1) == Holding(("7",), ())


def test_a_card_played_leaves_what_was_known_first_then_the_narrowest_group():
    held = Holding(("9",), ((3, ("2", "4")), (2, None)))
    assert held.played(["9"]) == Holding((), ((3, ("2", "4")), (2, None)))
    assert held.played(["4"]) == Holding(("9",), ((2, ("2", "4")), (2, None)))
    assert held.played(["12"]) == Holding(("9",), ((3, ("2", "4")), (1, None)))
    narrowed = held.lacks(("2", "5"))
    assert narrowed == Holding(("9",), ((3, ("2",)), (2, ("2", "5"))))


def test_a_copy_learns_only_what_its_own_moves_show():
    # The moves append what they show to a list the state keeps (``Learning``): a copy
    # must take its own, or one state's swap would show in the other's knowledge.
    hands = ["8 2 4 5", "7 7 9 11", "1 3 10 12"]
    state = deal(hands, draw="9")
    run(state, "play 8", "dir up")
    twin = state.copy()
    given = Counter(twin.hands[0])
    run(state, "swap with 2")
    run(twin, "swap with 1")
    alone = deal(hands, draw="9")
    run(alone, "play 8", "dir up", "swap with 1")
    assert twin.knowledge == alone.knowledge
    assert twin.knowledge != state.knowledge
    assert pickle.loads(pickle.dumps(twin)).knowledge == alone.knowledge
    known = twin.knowledge.of(0, 1)  # seat 0 knows the hand it gave seat 1
    assert known is not None and Counter(known.known) == given
