"""The seeded generator: the same numbers as the standard library's for the same seed,
however it is made (seeded when it first draws, copied, shuffling written out)."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import Rng, shuffle_with


@pytest.mark.parametrize("seed", [0, 7, "bot/3/1/medium", "world"])
def test_shuffle_with_puts_the_cards_where_random_shuffle_does(seed):
    for length in [*range(0, 70), 127, 128, 129, 200, 256, 257]:
        ours, theirs = list(range(length)), list(range(length))
        mine, stdlib = random.Random(seed), random.Random(seed)
        shuffle_with(mine, ours)
        stdlib.shuffle(theirs)
        assert ours == theirs
        assert mine.random() == stdlib.random()  # as many numbers drawn


@pytest.mark.parametrize("seed", [5, "check/x/world"])
def test_a_generator_draws_what_its_seed_gives_whenever_it_is_first_used(seed):
    stdlib = random.Random(seed)
    expected = [stdlib.random() for _ in range(3)]
    fresh = Rng(seed)
    twin = fresh.copy()  # copied before it ever drew
    state = Rng(seed).getstate()  # asked before it ever drew
    assert state == random.Random(seed).getstate()
    assert [fresh.random() for _ in range(3)] == expected
    assert [twin.random() for _ in range(3)] == expected


def test_an_unused_generator_and_a_used_one_keep_their_states_apart():
    first, second = Rng(1), Rng(1)
    before = second.getstate()
    first.random()
    assert first.getstate() != before and second.getstate() == before
