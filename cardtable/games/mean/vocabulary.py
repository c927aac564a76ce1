"""MEAN!'s vocabulary: its cards, its action codes and their reader, the names of its
events and how a game of it ended. Bots and tables use only these.

Action codes read like the table talk: ``play 7``, ``play 6 6``, ``play W as 3``,
``play W W as 7``, ``dir up``, ``dir down``, ``swap with 2``, ``punish 1``. They are built
with ``play_code``, ``dir_code``, ``swap_code`` and ``punish_code`` and read with
``parse`` (a ``Move``).

MEAN! keeps no points: its result ranks the players, and its detail says what decided
the places (who went out, in which order, who went out on an Eight, whether the game was
called, the cards left).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any

from cardtable.engine import IllegalAction, Vocabulary
from cardtable.engine.vocabulary import counts, seats

WILD = "W"
VALUES = tuple(range(1, 13))
MEAN_VALUE = 6
SIX = str(MEAN_VALUE)  # the card that answers a MEAN!
EIGHT = 8
SETS_UP = (1, 3)
SETS_DOWN = (10, 12)
SETS_DIRECTION = {**dict.fromkeys(SETS_UP, "up"), **dict.fromkeys(SETS_DOWN, "down")}
HAND_SIZE = 5
DEAL_SIZE = 4
PILES = 4
PILE_SIZE = 3
KIND_LIMIT = 4
# Once the Draw Deck is empty the same cards can circle for ever (RULINGS.md: Endless
# games). The game is called when a position comes round for the third time, or as a
# backstop after this many rounds in which no card left play and no hand reached a new low.
REPETITIONS = 3
BACKSTOP_ROUNDS = 200

PHASE_PLAY = "play"  # a normal turn: play (the draw to five has happened already)
PHASE_ANSWER = "answer"  # a MEAN! is on top: answer with Sixes
PHASE_DIR = "dir"  # the play on an empty Play Area waits for its Card Direction
PHASE_SWAP = "swap"  # the play with an Eight waits for its swap
PHASE_PUNISH = "punish"  # the player takes the Punishment Piles they owe
PHASE_OVER = "over"

NUMBER_NAMES = {
    1: "One",
    2: "Two",
    3: "Three",
    4: "Four",
    5: "Five",
    6: "Six",
    7: "Seven",
    8: "Eight",
    9: "Nine",
    10: "Ten",
    11: "Eleven",
    12: "Twelve",
}

MAX_PLAYERS = 8
DIRECTION_WORDS = {"up": "Going Up", "down": "Going Down"}


def one_deck() -> list[str]:
    """The 54 cards of one deck: 1-12 four times each, six Sixes, four Wilds."""
    cards: list[str] = []
    for value in VALUES:
        cards += [str(value)] * (6 if value == MEAN_VALUE else 4)
    return cards + [WILD] * 4


def decks_for(players: int) -> int:
    return 1 if players <= 4 else 2


def card_value(card: str) -> int | None:
    """The printed value of a card, ``None`` for a Wild."""
    return None if card == WILD else int(card)


def a_value(value: int) -> str:
    """``a 7``, ``an 8``, ``an 11``: the value as a player says it."""
    return f"an {value}" if value in (8, 11) else f"a {value}"


def plural(value: int, count: int) -> str:
    name = NUMBER_NAMES[value]
    if count == 1:
        return f"one {name}"
    return f"{count} {name}s" if name != "Six" else f"{count} Sixes"


def play_code(cards: tuple[str, ...] | list[str], as_value: int | None = None) -> str:
    """``play 7 7`` for numbered cards, ``play W W as 7`` for Wilds (``as_value`` is what
    the Wilds are announced as; numbered cards count as what they show).

    >>> play_code(("W", "W"), 7), play_code(["6", "6"])
    ('play W W as 7', 'play 6 6')
    """
    if cards and cards[0] == WILD:
        return f"play {' '.join(cards)} as {as_value}"
    return f"play {' '.join(cards)}"


def dir_code(direction: str) -> str:
    """``dir up`` or ``dir down``: the Card Direction announced on an empty Play Area."""
    return f"dir {direction}"


def swap_code(target: int) -> str:
    """``swap with 2``: an Eight's swap of hands with seat ``target``."""
    return f"swap with {target}"


def punish_code(pile: int) -> str:
    """``punish 1``: take Punishment Pile 1."""
    return f"punish {pile}"


@dataclass(frozen=True)
class Move:
    """A MEAN! action code, read. ``kind`` is ``play``, ``dir``, ``swap`` or ``punish``;
    a play has its ``cards`` and the ``value`` they count as."""

    kind: str
    cards: tuple[str, ...] = ()
    value: int | None = None
    direction: str | None = None
    target: int | None = None
    pile: int | None = None

    @property
    def code(self) -> str:
        if self.kind == "play":
            return play_code(self.cards, self.value)
        if self.kind == "dir":
            return dir_code(str(self.direction))
        if self.kind == "swap":
            return swap_code(int(self.target or 0))
        return punish_code(int(self.pile or 0))


def _number(word: str, what: str) -> int:
    if not word.isdigit() or len(word) > 3:
        raise IllegalAction(f"{what} is a number: '{word}' is not one.")
    return int(word)


@lru_cache(maxsize=4096)
def parse(code: str) -> Move:
    """Read an action code, or raise ``IllegalAction`` saying what is wrong with it.

    >>> parse("play W as 3")
    Move(kind='play', cards=('W',), value=3, direction=None, target=None, pile=None)
    >>> parse("swap with 2").target
    2
    """
    words = code.split()
    verb = words[0] if words else ""
    if verb == "play":
        cards, value = parse_play(code)
        return Move("play", cards=cards, value=value)
    if verb == "dir":
        if len(words) != 2 or words[1] not in ("up", "down"):
            raise IllegalAction("The Card Direction is 'dir up' (Going Up) or 'dir down'.")
        return Move("dir", direction=words[1])
    if verb == "swap":
        if len(words) != 3 or words[1] != "with":
            raise IllegalAction("Choose whose hand your Eight swaps: 'swap with N'.")
        return Move("swap", target=_number(words[2], "The player to swap with"))
    if verb == "punish":
        if len(words) != 2:
            raise IllegalAction("Choose the Punishment Pile you take: 'punish N'.")
        return Move("punish", pile=_number(words[1], "A Punishment Pile"))
    raise IllegalAction(
        "A MEAN! move is 'play 7', 'play W as 3', 'dir up', 'swap with 2' or 'punish 1'."
    )


def parse_play(code: str) -> tuple[tuple[str, ...], int]:
    """The cards and the value of a ``play`` code, or ``IllegalAction`` saying what is wrong.

    >>> parse_play("play W W as 7")
    (('W', 'W'), 7)
    """
    words = code.split()
    if not words or words[0] != "play" or len(words) < 2:
        raise IllegalAction("Say what you play: 'play 7', 'play 6 6' or 'play W as 3'.")
    words = words[1:]
    announced: int | None = None
    if "as" in words:
        at = words.index("as")
        if at != len(words) - 2 or at == 0:
            raise IllegalAction("Announce a Wild like this: 'play W as 7' or 'play W W as 7'.")
        try:
            announced = int(words[-1])
        except ValueError:
            raise IllegalAction("A Wild stands for a number from 1 to 12.") from None
        words = words[:at]
    cards = tuple(words)
    if WILD in cards and len(set(cards)) > 1:
        raise IllegalAction("Wilds and numbered cards are never played together.")
    if cards[0] == WILD:
        if announced is None:
            raise IllegalAction("Announce the value of your Wild: 'play W as 7'.")
        if announced not in VALUES:
            raise IllegalAction("A Wild stands for a number from 1 to 12.")
        return cards, announced
    if announced is not None:
        raise IllegalAction("Only a Wild is announced: play a numbered card as 'play 7'.")
    if len(set(cards)) > 1:
        raise IllegalAction("Cards played together must all have the same value.")
    try:
        value = int(cards[0])
    except ValueError:
        raise IllegalAction(f"There is no card {cards[0]!r} in MEAN!.") from None
    if value not in VALUES:
        raise IllegalAction("MEAN! cards run from 1 to 12, plus the Wilds.")
    return cards, value


EVENTS = (
    # Turns that start something: a turn to take piles, a restart after a clear, a MEAN!
    # to answer.
    "punish",
    "restart",
    "answer",
    # Announcements.
    "deal",
    "wild",
    "punished",
    "mean",
    "mean-resolved",
    "clear",
    "direction",
    "swap",
    "end-game",
    "replenish",
    "punishment-dropped",
    "win",
    "lost-on-eight",
    "called",
    "match-over",
)


class Ending(StrEnum):
    """How a game of MEAN! ended."""

    WENT_OUT = "went-out"  # a player went out (with play on: until one was left)
    LOST_ON_EIGHT = "lost-on-eight"  # going out on an Eight: everyone else wins
    CALLED = "called"  # nothing left play for many rounds: fewer cards rank higher


@dataclass(frozen=True)
class MeanOutcome:
    """A finished game of MEAN!, as its ``Result.detail`` records it. ``cards_left`` is
    None in records from before it was kept."""

    winners: tuple[int, ...]
    went_out: tuple[tuple[int, ...], ...]
    lost_on_eight: tuple[int, ...]
    called: bool
    cards_left: tuple[int, ...] | None

    @classmethod
    def from_detail(cls, detail: Mapping[str, Any]) -> MeanOutcome:
        went_out = detail.get("went_out")
        return cls(
            winners=seats(detail.get("winners")),
            went_out=tuple(seats(group) for group in went_out or () if seats(group)),
            lost_on_eight=seats(detail.get("lost_on_eight")),
            called=detail.get("called") is True,
            cards_left=counts(detail.get("cards_left")),
        )

    @property
    def ending(self) -> Ending:
        if self.called:
            return Ending.CALLED
        if self.lost_on_eight and not self.went_out:
            return Ending.LOST_ON_EIGHT
        return Ending.WENT_OUT

    def to_detail(self) -> dict[str, Any]:
        detail: dict[str, Any] = {
            "winners": list(self.winners),
            "went_out": [list(group) for group in self.went_out],
            "lost_on_eight": list(self.lost_on_eight),
            "called": self.called,
        }
        if self.cards_left is not None:
            detail["cards_left"] = list(self.cards_left)
        return detail


VOCABULARY = Vocabulary.of(EVENTS, MeanOutcome, keeps_points=False)
