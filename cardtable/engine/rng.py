"""The game's own seeded random generator: the only source of chance in a game.

Never use the ``random`` module's global functions in rules or bots: the same seed and the
same actions must give the same game, card for card.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


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
        self._random = random.Random(str(seed) if not isinstance(seed, int) else seed)

    def shuffle(self, cards: MutableSequence[T]) -> None:
        self._random.shuffle(cards)

    def randint(self, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high``, both included."""
        return self._random.randint(low, high)

    def random(self) -> float:
        return self._random.random()

    def uniform(self, low: float, high: float) -> float:
        return self._random.uniform(low, high)

    def choice(self, items: Sequence[T]) -> T:
        return items[self._random.randrange(len(items))]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self._random.sample(list(items), k)

    def spawn(self, label: str | int) -> Rng:
        """A generator derived from this one's seed and a label (for bots, sub-searches)."""
        return Rng(f"{self.seed}/{label}")

    def __deepcopy__(self, memo: dict) -> Rng:
        # The generator's state is a tuple of ints: copied whole, not number by number.
        twin = Rng.__new__(Rng)
        twin.seed = self.seed
        twin._random = random.Random()
        twin._random.setstate(self._random.getstate())
        return twin

    def getstate(self):
        return self._random.getstate()

    def setstate(self, state) -> None:
        self._random.setstate(state)
