"""Spite & Malice's tables, made once or as first met: the zones' names, every seat's
turn event, and every move's one ``Action``, looked up by card code, pile and seat. A
listing of legal moves is most of a random playout: it formats no code and makes no
Action, it looks them up (a Wild's moves, which are many, as they are first met).
"""

from __future__ import annotations

from collections import defaultdict
from functools import partial

from cardtable.engine import Action, Event

from .vocabulary import (
    _VALUE,
    BUILD_SLOTS,
    END,
    NO_WILD_VALUES,
    SPITE_KINDS,
    STORE_PILES,
    UP,
    WILDS,
    build_code,
    give_code,
    hand_source,
    spite_code,
    store_code,
    store_source,
)

# The zones' names, made once: ``build:1``..``build:8``; per seat its hand, Card Stack,
# UP card and Store Piles.
BUILD_NAMES = tuple(f"build:{pile + 1}" for pile in range(BUILD_SLOTS))
SEAT_ZONE_NAMES = [
    (
        f"hand:{seat}",
        f"stack:{seat}",
        f"up:{seat}",
        tuple(f"store:{seat}:{pile + 1}" for pile in range(STORE_PILES)),
    )
    for seat in range(8)
]


# An Event of all ten fields in order, made without ``Event``'s defaults: for the card
# moves of every step.
_event = partial(tuple.__new__, Event)

# Every seat's turn starting: one event, made once (events never change).
_TURN_EVENTS = tuple(Event("turn", seat=seat) for seat in range(8))


def actions_of(codes: list[str]) -> list[Action]:
    """``[Action(code) for code in codes]``, each the one Action kept for its code (a
    listing of legal moves makes dozens a step, and an Action never changes)."""
    actions = []
    for code in codes:
        action = _ACTIONS.get(code)
        if action is None:
            action = Action(code)
            if len(_ACTIONS) < 50_000:  # the game's codes are a few thousand
                _ACTIONS[code] = action
        actions.append(action)
    return actions


_ACTIONS: dict[str, Action] = {}  # code -> its Action


# -- every move's one Action, looked up by card code, pile and seat ---------------------
# A listing of legal moves is most of a random playout: it formats no code and makes no
# Action, it looks them up (a Wild's moves, which are many, as they are first met).


def _one(code: str) -> Action:
    return actions_of([code])[0]


_HAND_SOURCES = {card: hand_source(card) for card in _VALUE}
_STORE_SOURCES = tuple(store_source(pile) for pile in range(1, STORE_PILES + 1))


# Per source, its build onto each Build Pile: ``row[i]`` goes onto pile ``i + 1``.
_BUILD_ROWS = {
    source: tuple(_one(build_code(source, pile)) for pile in range(1, BUILD_SLOTS + 1))
    for source in (*_HAND_SOURCES.values(), UP, *_STORE_SOURCES)
}
# A hand card's store onto each Store Pile, for the cards that may be stored.
_STORES = {
    card: tuple(_one(store_code(card, pile)) for pile in range(1, STORE_PILES + 1))
    for card, value in _VALUE.items()
    if value is not None and value != 2
}
# Per card, the size of the Build Pile it goes onto (a pile of k cards takes k + 1), for
# the end of progress: a 1 goes onto an empty pile, a Wild (None) onto none by itself.
_UNDER = {card: None if value is None else value - 1 for card, value in _VALUE.items()}
# The same for a listing of legal moves: a 1 is never listed (1s play themselves), -1 is
# no pile's size.
_ONTO = {card: -1 if under == 0 else under for card, under in _UNDER.items()}
# Per card in hand: its builds (``_BUILD_ROWS``), its stores (none for a 2 or a Wild) and
# the size of the Build Pile it goes onto, in one look-up.
_HAND = {
    card: (_BUILD_ROWS[_HAND_SOURCES[card]], _STORES.get(card, ()), _ONTO[card]) for card in _VALUE
}
# The UP card's source and builds, then each Store Pile's.
_TOP_SOURCES = (UP, *_STORE_SOURCES)
_TOP_ROWS = tuple(_BUILD_ROWS[source] for source in _TOP_SOURCES)
_WILD_CARDS = frozenset(WILDS)
_ONES = frozenset(card for card, value in _VALUE.items() if value == 1)
_TWOS = frozenset(card for card, value in _VALUE.items() if value == 2)
# Per card, the size of the Build Pile on which it covers a Wild (a Wild on a pile of k
# cards stands for k + 1, never 1, 2, 7 or 13, and its cover is a k + 2), or None.
_WILD_PILE = {
    card: None if value is None or value < 2 or value - 1 in NO_WILD_VALUES else value - 2
    for card, value in _VALUE.items()
}
_SPITES = {
    (kind, target): _one(spite_code(kind, target)) for kind in SPITE_KINDS for target in range(8)
}
# Per Wild-Spite card, its kind's Spite at each seat.
_SPITE_ROWS = {f"WS-{kind}": tuple(_SPITES[kind, t] for t in range(8)) for kind in SPITE_KINDS}
_GIVES = tuple(_one(give_code(target)) for target in range(8))
END_ACTION = _one(END)
# A Wild's moves: by the Wild's source and the cover's source, by (Build Pile, value) the
# Action, filled as met (the sources are the game's own: at most 8 Wild sources, 31 cover
# sources and 80 piles and values).
_WILD_MOVES: dict[str, dict[str, dict[tuple[int, int], Action]]] = {
    source: defaultdict(dict) for source in (*_HAND_SOURCES.values(), UP, *_STORE_SOURCES)
}


def _onto(row: tuple[Action, ...], sizes: list[int], size: int) -> list[Action]:
    """A source's builds (``row``) onto the Build Piles of ``size`` cards, in pile order."""
    # (pile by pile with ``sizes.index``: quicker than ``compress`` for eight piles)
    builds = []
    pile = -1
    for _ in range(sizes.count(size)):
        pile = sizes.index(size, pile + 1)
        builds.append(row[pile])
    return builds


# What a seat on turn may do, worked out in one pass (``_turn_moves``).
TurnMoves = tuple[list[Action], list[Action], list[Action], int | None, bool]

# Per player count, per seat, the other seats.
_OTHERS = tuple(
    tuple(tuple(other for other in range(players) if other != seat) for seat in range(players))
    for players in range(9)
)
# Per seat, the seats to act when it is on turn (asked every step).
_SEATS = tuple((seat,) for seat in range(8))
# Per player count, per seat, its MALICE at each other seat (MALICE may be played at anyone).
_MALICE_AT = tuple(
    tuple(tuple(_SPITE_ROWS["WS-MALICE"][other] for other in others) for others in by_seat)
    for by_seat in _OTHERS
)
