"""Spite & Malice's vocabulary: its cards, its action codes and their reader (a ``Move``,
with its ``Source``), the names of its events and how a game of it ended. Bots and
tables use only these.

Action codes (``build_code`` & co. build them, ``parse`` reads them):
``build hand b5 on 2``, ``build up on 1``, ``build store 3 on 2``,
``wild hand WS-DUMP as 5 on 2 then store 1``, ``store b9 on 3``, ``end``, ``give 2``,
``spite DUMP at 1``, ``spite BURY at 1``, ``spite MALICE at 1``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any

from cardtable.engine import IllegalAction, Vocabulary
from cardtable.engine.vocabulary import counts

VALUES = tuple(range(1, 14))
CAP = 13
HAND_SIZE = 5
DEAL_SIZE = 4
STORE_PILES = 4
BUILD_SLOTS = 8  # one Build Pile per 1 in the deck
MAX_STACK_CARDS = 60  # all Card Stacks together (see the rulings)
SPITE_KINDS = ("DUMP", "BURY", "MALICE")
WILDS = tuple(f"WS-{kind}" for kind in SPITE_KINDS)
NO_WILD_VALUES = (1, 2, 7, 13)
DUMP_CARD, BURY_CARD, MALICE_CARD = WILDS

PHASE_BUILD = "build"  # the player on turn builds, spites, stores
PHASE_GIVE = "give"  # a capper chooses who gets the Malice card
PHASE_OVER = "over"

UP = "up"
END = "end"


def bordered_deck() -> list[str]:
    return list(_BORDERED)


def plain_deck() -> list[str]:
    return list(_PLAIN)


_BORDERED = tuple(f"b{value}" for value in VALUES for _ in range(4))
_PLAIN = (
    *(str(value) for value in VALUES for _ in range(4)),
    *(w for w in WILDS for _ in range(2)),
)


def _card_value(card: str) -> int | None:
    if card.startswith("WS-"):
        return None
    return int(card[1:] if card.startswith("b") else card)


# Every card of the game and its value, looked up (bots ask millions of times, and a
# listing of legal moves about thirty times a step).
_VALUE = {card: _card_value(card) for card in {*bordered_deck(), *plain_deck()}}
_WILD = {card: value is None for card, value in _VALUE.items()}


def is_wild(card: str) -> bool:
    wild = _WILD.get(card)
    return card.startswith("WS-") if wild is None else wild


def card_value(card: str) -> int | None:
    """The printed value, ``None`` for a Wild-Spite card: ``card_value("b7") == 7``."""
    try:
        return _VALUE[card]
    except KeyError:
        return _card_value(card)


def spite_kind(card: str) -> str:
    return card[3:]


def who(seat: int) -> str:
    """``{P2}``: the player at seat 2 in an event's text (the ui fills in the name)."""
    return "{P" + str(seat) + "}"


def a_value(value: int) -> str:
    return f"an {value}" if value in (8, 11) else f"a {value}"


def hand_source(card: str) -> str:
    return f"hand {card}"


def store_source(pile: int) -> str:
    return f"store {pile}"


def build_code(source: str, pile: int) -> str:
    """``build hand b5 on 2``: a card from ``source`` onto Build Pile ``pile``."""
    return f"build {source} on {pile}"


def wild_code(source: str, value: int, pile: int, cover: str) -> str:
    """``wild hand WS-DUMP as 5 on 2 then hand 6``: a Wild and its cover in one move."""
    return f"wild {source} as {value} on {pile} then {cover}"


def store_code(card: str, pile: int) -> str:
    """``store b9 on 3``: a hand card onto Store Pile ``pile``; it ends the turn."""
    return f"store {card} on {pile}"


def spite_code(kind: str, target: int) -> str:
    """``spite DUMP at 2``."""
    return f"spite {kind} at {target}"


def give_code(target: int) -> str:
    """``give 2``: the Malice card of a capped pile goes to seat 2."""
    return f"give {target}"


@dataclass(frozen=True)
class Source:
    """Where a card is played from: ``hand`` (with its ``card``), ``up`` or ``store``
    (with its ``pile``, 1-4)."""

    kind: str
    card: str | None = None
    pile: int | None = None

    def __str__(self) -> str:
        if self.kind == "hand":
            return hand_source(self.card or "")
        if self.kind == "store":
            return store_source(self.pile or 0)
        return UP


@dataclass(frozen=True)
class Move:
    """A parsed action code."""

    kind: str  # build, wild, store, end, give, spite
    source: Source | None = None
    pile: int | None = None  # the Build Pile (build, wild) or Store Pile (store)
    value: int | None = None  # a Wild's value
    cover: Source | None = None
    card: str | None = None  # the card stored
    target: int | None = None  # give, spite
    spite: str | None = None  # DUMP, BURY, MALICE


_UP_SOURCE = Source(UP)
_HAND_SOURCE_FOR = {card: Source("hand", card=card) for card in _VALUE}

HOW = (
    "Say 'build hand b5 on 2', 'build up on 1', 'build store 3 on 2', "
    "'wild hand WS-DUMP as 5 on 2 then hand 6', 'store b9 on 3', 'end', 'give 2' "
    "or 'spite DUMP at 2'."
)


def _number(word: str, what: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise IllegalAction(f"{what} is a number, not {word!r}.") from None


def _source(words: list[str]) -> tuple[Source, list[str]]:
    if not words:
        raise IllegalAction("Say where the card comes from: 'hand b5', 'up' or 'store 2'.")
    if words[0] == UP:
        return Source(UP), words[1:]
    if words[0] == "hand" and len(words) >= 2:
        return Source("hand", card=words[1]), words[2:]
    if words[0] == "store" and len(words) >= 2:
        pile = _number(words[1], "A Store Pile")
        if not 1 <= pile <= STORE_PILES:
            raise IllegalAction("Store Piles are numbered 1 to 4.")
        return Source("store", pile=pile), words[2:]
    raise IllegalAction("Say where the card comes from: 'hand b5', 'up' or 'store 2'.")


def _build_pile(word: str) -> int:
    pile = _number(word, "A Build Pile")
    if not 1 <= pile <= BUILD_SLOTS:
        raise IllegalAction(f"Build Piles are numbered 1 to {BUILD_SLOTS}.")
    return pile


# Every move applied is read, and a Move never changes: kept for as many codes as the game
# has (a Wild's moves are thousands).
@lru_cache(maxsize=1 << 15)
def parse(code: str) -> Move:
    """The move a code stands for, or ``IllegalAction`` saying what is wrong with it.

    >>> parse("build up on 2")
    Move(kind='build', source=Source(kind='up', card=None, pile=None), pile=2, value=None, \
cover=None, card=None, target=None, spite=None)
    """
    words = code.split()
    if not words:
        raise IllegalAction(HOW)
    verb, rest = words[0], words[1:]
    if verb == END and not rest:
        return Move("end")
    if verb == "give" and len(rest) == 1:
        return Move("give", target=_number(rest[0], "The player you give to"))
    if verb == "spite":
        if len(rest) != 3 or rest[1] != "at" or rest[0] not in SPITE_KINDS:
            raise IllegalAction("Play a Spite card like this: 'spite DUMP at 2' (or BURY, MALICE).")
        return Move("spite", spite=rest[0], target=_number(rest[2], "The player you aim at"))
    if verb == "store":
        if len(rest) != 3 or rest[1] != "on":
            raise IllegalAction("Store a card like this: 'store b9 on 3'.")
        pile = _number(rest[2], "A Store Pile")
        if not 1 <= pile <= STORE_PILES:
            raise IllegalAction("Store Piles are numbered 1 to 4.")
        return Move("store", card=rest[0], pile=pile)
    if verb == "build":
        source, rest = _source(rest)
        if len(rest) != 2 or rest[0] != "on":
            raise IllegalAction("Build like this: 'build hand b5 on 2'.")
        return Move("build", source=source, pile=_build_pile(rest[1]))
    if verb == "wild":
        source, rest = _source(rest)
        if len(rest) < 6 or rest[0] != "as" or rest[2] != "on" or rest[4] != "then":
            raise IllegalAction(
                "Play a Wild with its cover: 'wild hand WS-DUMP as 5 on 2 then hand 6'."
            )
        value = _number(rest[1], "A Wild's value")
        pile = _build_pile(rest[3])
        cover, tail = _source(rest[5:])
        if tail:
            raise IllegalAction("A Wild takes one cover card, no more.")
        return Move("wild", source=source, value=value, pile=pile, cover=cover)
    raise IllegalAction(HOW)


def stack_limit(players: int) -> int:
    return MAX_STACK_CARDS // players


#: The Spite cards, each announced as ``spite-<kind>`` when played at a player.
SPITES = ("DUMP", "BURY", "MALICE")

EVENTS = (
    "first-player",
    "wild",
    "capped",
    "go-again",
    "one-played",
    "refill",
    "malice-given",
    *(f"spite-{kind.lower()}" for kind in SPITES),
    "stuck",
    "shown",
    "win",
    "draw-game",
)


class Ending(StrEnum):
    """How a game of Spite & Malice ended."""

    STACK_EMPTIED = "stack-emptied"  # a player played the last card of their Card Stack
    DRAWN = "drawn"  # no card could ever be built again


@dataclass(frozen=True)
class SpiteMaliceOutcome:
    """A finished game: the winner (None in a drawn game) and each Card Stack's cards left,
    the UP card included."""

    winner: int | None
    drawn: bool
    cards_left: tuple[int, ...]

    @classmethod
    def from_detail(cls, detail: Mapping[str, Any]) -> SpiteMaliceOutcome:
        winner = detail.get("winner")
        return cls(
            winner=winner if isinstance(winner, int) and not isinstance(winner, bool) else None,
            drawn=detail.get("drawn") is True,
            cards_left=counts(detail.get("cards_left")) or (),
        )

    @property
    def ending(self) -> Ending:
        return Ending.DRAWN if self.drawn else Ending.STACK_EMPTIED

    def to_detail(self) -> dict[str, Any]:
        return {"winner": self.winner, "drawn": self.drawn, "cards_left": list(self.cards_left)}


VOCABULARY = Vocabulary.of(EVENTS, SpiteMaliceOutcome)
