"""Spite & Malice's tables, made once or as first met: the zones' names, every seat's
turn event, and every move's one ``Action``, looked up by card code, pile and seat. A
listing of legal moves is most of a random playout: it formats no code and makes no
Action, it looks them up (a Wild's moves, which are many, as they are first met).
"""

from __future__ import annotations

from cardtable.engine import Action, Event

from .vocabulary import (
    _VALUE,
    BUILD_SLOTS,
    END,
    NO_WILD_VALUES,
    SPITE_KINDS,
    STORE_PILES,
    UP,
    build_code,
    give_code,
    hand_source,
    spite_code,
    store_code,
    store_source,
    wild_code,
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


class Builds(dict):
    """One source's builds: by the tuple of Build Piles they go on, the builds (made as
    they are first met, from ``row``, the build onto each pile 1-8)."""

    __slots__ = ("row",)

    def __init__(self, source: str):
        super().__init__()
        self.row = (None, *(_one(build_code(source, pile)) for pile in range(1, BUILD_SLOTS + 1)))

    def __missing__(self, piles: tuple[int, ...]) -> tuple[Action, ...]:
        found = self[piles] = tuple(self.row[pile] for pile in piles)
        return found


_BUILDS = {source: Builds(source) for source in (*_HAND_SOURCES.values(), UP, *_STORE_SOURCES)}
_UP_BUILDS = _BUILDS[UP]
_STORE_BUILDS = tuple(_BUILDS[source] for source in _STORE_SOURCES)
# A hand card's store onto each Store Pile, for the cards that may be stored.
_STORES = {
    card: tuple(_one(store_code(card, pile)) for pile in range(1, STORE_PILES + 1))
    for card, value in _VALUE.items()
    if value is not None and value != 2
}
# Per card in hand: its value, its builds (``Builds``) and its stores (none for a 2 or a
# Wild), in one look-up.
_HAND = {
    card: (value, _BUILDS[_HAND_SOURCES[card]], _STORES.get(card, ()))
    for card, value in _VALUE.items()
}
_SPITES = {
    (kind, target): _one(spite_code(kind, target)) for kind in SPITE_KINDS for target in range(8)
}
_GIVES = tuple(_one(give_code(target)) for target in range(8))
END_ACTION = _one(END)
# (Wild's source, value, Build Pile, cover's source) -> the Action, filled as met.
_WILD_MOVES: dict[tuple[str, int, int, str], Action] = {}


def _wild_move(wild: str, value: int, pile: int, cover: str) -> Action:
    key = (wild, value, pile, cover)
    action = _WILD_MOVES.get(key)
    if action is None:
        action = _one(wild_code(wild, value, pile, cover))
        if len(_WILD_MOVES) < 50_000:
            _WILD_MOVES[key] = action
    return action


Plan = tuple[dict[int, tuple[int, ...]], tuple[tuple[int, int], ...]]
# What a seat on turn may do, worked out in one pass (``_turn_moves``).
TurnMoves = tuple[list[Action], list[Action], list[Action], int | None, bool]


def _plan(builds: list[list[str]]) -> Plan:
    """What the Build Piles take, by how many cards each holds: the piles by the value
    they take next, in pile order (an empty pile's 1 is never built: 1s play themselves),
    and (pile, value) for each pile a Wild may go on. Looked up: the piles change only
    when a card lands, and their shapes recur."""
    shape = tuple(map(len, builds))
    plan = _PLANS.get(shape)
    if plan is None:
        taking: dict[int, list[int]] = {}
        wild: list[tuple[int, int]] = []
        for pile, size in enumerate(shape, 1):
            if size:
                taking.setdefault(size + 1, []).append(pile)
            if size + 1 not in NO_WILD_VALUES:
                wild.append((pile, size + 1))
        plan = ({value: tuple(piles) for value, piles in taking.items()}, tuple(wild))
        if len(_PLANS) >= 100_000:
            _PLANS.clear()
        _PLANS[shape] = plan
    return plan


_PLANS: dict[tuple[int, ...], Plan] = {}
