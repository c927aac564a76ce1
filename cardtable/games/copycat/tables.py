"""Copy Cat's tables: the moves a hand offers (every choice of cards that shows a
number, as its one shared ``Action``), looked up by the hand's cards rather than built
each time the rules or a search bot list them.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from cardtable.engine import Action

from .vocabulary import NUMBERS, SPECIALS, cards_code, is_special, numbers_on

# The special cards that show each number, in the order ``sets_of`` takes them.
SHOWING = {number: sorted(s for s in SPECIALS if number in numbers_on(s)) for number in NUMBERS}


@functools.cache
def _choices(verb: str, number: int, plain: int, specials: tuple[str, ...]) -> tuple[Action, ...]:
    """The moves (``verb`` is play or copy) of every choice from ``plain`` numbered cards
    of ``number`` and the ``specials`` that show it: ``sets_of``'s choices, in its order."""
    hand = [str(number)] * plain + list(specials)
    return tuple(Action(cards_code(verb, cards, number)) for cards in sets_of(hand, number))


def moves_showing(verb: str, hand: Sequence[str], number: int) -> tuple[Action, ...]:
    """The moves ``verb number`` with every choice of cards from ``hand`` that show
    ``number``: ``[Action(play_code(cards, number)) for cards in sets_of(hand, number)]``
    (or ``copy_code``), looked up rather than built."""
    specials = tuple(card for card in SHOWING[number] if card in hand)
    return _choices(verb, number, hand.count(str(number)), specials)


def original_plays(hand: Sequence[str]) -> tuple[Action, ...]:
    """Every original play from ``hand``: ``moves_showing("play", hand, number)`` for each
    number in turn, looked up by the hand's cards (their order does not matter)."""
    key = tuple(sorted(hand))
    plays = PLAYS.get(key)
    if plays is None:
        plays = tuple(
            action for number in NUMBERS for action in moves_showing("play", hand, number)
        )
        if len(PLAYS) < 20_000:  # 60 soak matches meet about 5,000 hands
            PLAYS[key] = plays
    return plays


PLAYS: dict[tuple[str, ...], tuple[Action, ...]] = {}  # sorted hand -> its original plays


def sets_of(hand: Sequence[str], number: int) -> list[tuple[str, ...]]:
    """Every choice of cards from ``hand`` that show ``number`` (one or more), the
    numbered cards first, fewest cards first."""
    plain = [card for card in hand if card == str(number)]
    specials = sorted({card for card in hand if is_special(card) and number in numbers_on(card)})
    choices: list[tuple[str, ...]] = []
    for extra in range(1 << len(specials)):
        chosen = tuple(specials[i] for i in range(len(specials)) if extra >> i & 1)
        for count in range(0 if chosen else 1, len(plain) + 1):
            choices.append(tuple(plain[:count]) + chosen)
    choices.sort(key=len)
    return choices
