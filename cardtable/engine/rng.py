"""The game's own seeded random generator: the only source of chance in a game.

Never use the ``random`` module's global functions in rules or bots: the same seed and the
same actions must give the same game, card for card.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


def shuffle_with(generator: random.Random, cards: MutableSequence[T]) -> None:
    """``generator.shuffle(cards)``: random.shuffle's own algorithm (the same cards in the
    same order for a seed), written out: games shuffle whole decks and bots shuffle
    thousands of times, and its two calls per card add up."""
    getrandbits = generator.getrandbits
    # Position i swaps with a number below n = i + 1 drawn from n.bit_length() bits; the
    # positions are taken in runs whose n has the same bit length (one bit_length a run).
    top = len(cards)
    while top > 1:
        bits = top.bit_length()
        low = max(1 << (bits - 1), 2)
        for n in range(top, low - 1, -1):
            j = getrandbits(bits)
            while j >= n:
                j = getrandbits(bits)
            i = n - 1
            cards[i], cards[j] = cards[j], cards[i]
        top = low - 1


class Rng:
    """A seeded generator with the few operations card games need.

    >>> a, b = Rng(7), Rng(7)
    >>> deck_a, deck_b = list("abcdef"), list("abcdef")
    >>> a.shuffle(deck_a); b.shuffle(deck_b)
    >>> deck_a == deck_b
    True
    """

    def __init__(self, seed: int | str):
        self.seed = seed
        # The generator, made from the seed when first needed (seeding from a text hashes
        # it: a sampled world gets a generator of its own that it seldom draws from).
        self._random: random.Random | None = None
        # The generator's state while it is unchanged, once a copy has asked for it: copies
        # share it and make their own generator only when they first draw (a search copies
        # states thousands of times, and most copies never shuffle).
        self._state: tuple | None = None

    def _seeded(self) -> random.Random:
        seed = self.seed
        self._random = random.Random(str(seed) if not isinstance(seed, int) else seed)
        return self._random

    def _live(self) -> random.Random:
        """The generator, about to draw: made from the shared state if this is a copy, or
        from the seed if nothing has drawn yet."""
        generator = self._random
        if generator is None:
            if self._state is None:
                return self._seeded()
            generator = self._random = random.Random.__new__(random.Random)
            generator.setstate(self._state)
        self._state = None
        return generator

    def shuffle(self, cards: MutableSequence[T]) -> None:
        shuffle_with(self._live(), cards)

    def randint(self, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high``, both included."""
        if type(low) is int and type(high) is int and high >= low:
            # ``random.randint``'s own draw, without its checks of the arguments (CPython's
            # ``_randbelow``, which the type stubs do not list).
            return low + self._live()._randbelow(high - low + 1)  # type: ignore[attr-defined]
        return self._live().randint(low, high)

    def random(self) -> float:
        return self._live().random()

    def uniform(self, low: float, high: float) -> float:
        return self._live().uniform(low, high)

    def choice(self, items: Sequence[T]) -> T:
        count = len(items)
        if count > 0:
            # ``randrange(count)``'s own draw, without its checks of the argument (as above).
            return items[self._live()._randbelow(count)]  # type: ignore[attr-defined]
        return items[self._live().randrange(count)]  # refused as before

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self._live().sample(list(items), k)

    def spawn(self, label: str | int) -> Rng:
        """A generator derived from this one's seed and a label (for bots, sub-searches)."""
        return Rng(f"{self.seed}/{label}")

    def copy(self) -> Rng:
        """An independent twin that draws the same numbers from here on."""
        twin = Rng.__new__(Rng)
        twin.seed = self.seed
        twin._random = None
        twin._state = self.getstate()
        return twin

    def __deepcopy__(self, memo: dict) -> Rng:
        return self.copy()

    def getstate(self) -> tuple:
        if self._state is None:
            generator = self._random if self._random is not None else self._seeded()
            self._state = generator.getstate()
        return self._state

    def setstate(self, state: tuple) -> None:
        self._random = None
        self._state = state
