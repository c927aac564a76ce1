"""Copy Cat's vocabulary: its cards and coins, its action codes and their reader, the
names of its events and how a match of it ended. Bots and tables use only these.

Action codes (part of the public contract; build them with ``play_code`` and
``copy_code``, read them with ``parse``): ``play 3``, ``play 3 3``, ``play 3/6 as 3``,
``play 8 8 1/8 as 8``, ``copy 3``, ``copy 3 3/6 as 3``, ``draw``, ``meow``. Numbered
cards come first in ascending order, then special cards in ascending order of their
lower number; a special card always names its number.

Announcements (``Event.what``): ``new-game``, ``play``, ``copy``, ``decline`` (a player
draws instead of copying), ``all-copied`` (the original player, copied by everyone,
draws), ``meow`` (declared), ``pattern-c`` (a Meow that succeeds), ``meow-fail``,
``pattern-a``, ``pattern-b``, ``deck-out``, ``pay`` (``data``: ``payer``, ``payee``,
``amount`` paid and ``owed``), ``game-over``, ``set-over`` and ``match-over``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardtable.engine import IllegalAction, Vocabulary
from cardtable.engine.vocabulary import counts

NUMBERS = tuple(range(1, 9))
SPECIALS = ("1/8", "2/7", "3/6", "4/5")
START_COINS = 25
MEOW_LIMIT = 4  # Meow only with this many cards or fewer, after drawing
COPY_PRICE = 1  # coins per card copied
PATTERN_A_BONUS = 3  # from the original player to a copier who goes out
PATTERN_B_PRICE = 3  # from each other player to an original player who goes out
MEOW_WIN_PRICE = 3  # from each other player to a successful Meow
MEOW_FAIL_PRICE = 6  # from a failed Meow to each player who blocked it
DECK_OUT_PRICE = 1  # from each other player to the lowest total, when the deck runs out
SET_BONUS = {
    2: (6, -6),
    3: (6, 0, -6),
    4: (6, 3, -3, -6),
    5: (6, 3, 0, -3, -6),
}

PHASE_PLAY = "play"  # the original player lays cards of one number (or declares Meow)
PHASE_ANSWER = "answer"  # the next player copies or draws
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
}


# -- cards -----------------------------------------------------------------------------


def deal_size(players: int) -> int:
    """The cards each player is dealt: six with two players, else five."""
    return 6 if players == 2 else 5


def one_deck() -> list[str]:
    """36 cards: 1-8 four times each, and the four special cards (RULINGS.md default)."""
    return [str(n) for n in NUMBERS for _ in range(4)] + list(SPECIALS)


def numbers_on(card: str) -> tuple[int, ...]:
    """The numbers a card shows: ``(3,)`` for ``3``, ``(3, 6)`` for ``3/6``.

    >>> numbers_on("1/8")
    (1, 8)
    """
    if "/" in card:
        low, high = card.split("/")
        return int(low), int(high)
    return (int(card),)


def card_value(card: str) -> int:
    """What a card counts in a hand total: its number, or the lower one of a special card."""
    return numbers_on(card)[0]


def hand_total(cards: Iterable[str]) -> int:
    """A hand's total for Meow and the deck-out (special cards count as their lower number).

    >>> hand_total(["8", "3/6", "1"])
    12
    """
    return sum(card_value(card) for card in cards)


def is_special(card: str) -> bool:
    return "/" in card


def card_order(card: str) -> tuple[int, int]:
    """Numbered cards first in ascending order, then special cards by their lower number."""
    return (1, card_value(card)) if is_special(card) else (0, int(card))


def plural(number: int, count: int) -> str:
    name = NUMBER_NAMES[number]
    if count == 1:
        return f"one {name}"
    return f"{count} {name}es" if name == "Six" else f"{count} {name}s"


def who(seat: int) -> str:
    """A player in an event's text (``{P2}``; the ui fills in the name)."""
    return "{P" + str(seat) + "}"


def coins_word(amount: int) -> str:
    return "1 coin" if amount == 1 else f"{amount} coins"


# -- the action vocabulary -------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """A parsed action: ``kind`` is ``play``, ``copy``, ``draw`` or ``meow``; a play or
    copy has its ``cards`` (canonical order) and the ``number`` they stand for."""

    kind: str
    cards: tuple[str, ...] = ()
    number: int | None = None

    @property
    def code(self) -> str:
        """The move's code, as the rules list it."""
        if self.kind in ("play", "copy"):
            return cards_code(self.kind, self.cards, self.number)
        return self.kind


def cards_code(verb: str, cards: Sequence[str], number: int | None) -> str:
    ordered = sorted(cards, key=card_order)
    if not ordered:
        raise ValueError(f"a {verb} needs at least one card")
    plain = [card for card in ordered if not is_special(card)]
    if any(is_special(card) for card in ordered):
        if number is None:
            if not plain:
                raise ValueError("say which number the special card stands for")
            number = int(plain[0])
        return f"{verb} {' '.join(ordered)} as {number}"
    return f"{verb} {' '.join(ordered)}"


def play_code(cards: Sequence[str], number: int | None = None) -> str:
    """The code of an original play: ``play_code(["3/6", "3"])`` is ``play 3 3/6 as 3``.

    ``number`` names what a special card stands for; with numbered cards it can be left
    out (they say it).

    >>> play_code(["1/8", "8", "8"])
    'play 8 8 1/8 as 8'
    """
    return cards_code("play", cards, number)


def copy_code(cards: Sequence[str], number: int | None = None) -> str:
    """The code of a copy, in the same form: ``copy 3``, ``copy 3 3/6 as 3``."""
    return cards_code("copy", cards, number)


def draw_code() -> str:
    """Decline (or, copied by everyone, start afresh): discard the field and draw."""
    return "draw"


def meow_code() -> str:
    """Declare Meow (after drawing, with four cards or fewer)."""
    return "meow"


SAY_PLAY = "Say what you play: 'play 3', 'play 3 3' or 'play 3/6 as 3'."
SAY_COPY = "Say what you copy: 'copy 3' or 'copy 3 3/6 as 3'."


def parse(code: str) -> Move:
    """Read an action code, or raise ``IllegalAction`` saying what is wrong with it.

    >>> parse("play 3 3/6 as 3")
    Move(kind='play', cards=('3', '3/6'), number=3)
    """
    move = _PARSED.get(code)
    if move is None:
        move = _parse(code)
        if len(_PARSED) < 10_000:  # the moves of the game are a few hundred; junk is not kept
            _PARSED[code] = move
    return move


_PARSED: dict[str, Move] = {}  # code -> its (immutable) move, for codes that parsed


def _parse(code: str) -> Move:
    words = code.split()
    if not words:
        raise IllegalAction("Say what you do: 'play 3', 'copy 3', 'draw' or 'meow'.")
    verb, rest = words[0], words[1:]
    if verb in ("draw", "meow"):
        if rest:
            raise IllegalAction(f"Say just '{verb}', with nothing after it.")
        return Move(verb)
    if verb not in ("play", "copy"):
        raise IllegalAction(f"There is no move '{verb}': say 'play 3', 'copy 3', 'draw' or 'meow'.")
    say = SAY_PLAY if verb == "play" else SAY_COPY
    named: int | None = None
    if "as" in rest:
        at = rest.index("as")
        if at != len(rest) - 2 or at == 0:
            raise IllegalAction(say)
        try:
            named = int(rest[-1])
        except ValueError:
            raise IllegalAction("A special card stands for a number from 1 to 8.") from None
        rest = rest[:at]
    if not rest:
        raise IllegalAction(say)
    for card in rest:
        if card not in SPECIALS and card not in {str(n) for n in NUMBERS}:
            raise IllegalAction(f"There is no card '{card}' in Copy Cat.")
    cards = tuple(rest)
    specials = [card for card in cards if is_special(card)]
    plain = {int(card) for card in cards if not is_special(card)}
    if len(plain) > 1:
        raise IllegalAction("Cards played together must all show the same number.")
    if specials and named is None:
        example = f"{verb} {specials[0]} as {numbers_on(specials[0])[0]}"
        raise IllegalAction(f"Say which number your special card stands for: '{example}'.")
    if not specials and named is not None:
        raise IllegalAction(
            f"Only a special card names its number: say '{verb} {' '.join(cards)}'."
        )
    number = named if named is not None else plain.pop()
    if number not in NUMBERS:
        raise IllegalAction("A special card stands for a number from 1 to 8.")
    for card in cards:
        if number not in numbers_on(card):
            if is_special(card):
                low, high = numbers_on(card)
                raise IllegalAction(f"The {card} shows {low} and {high}, not {number}.")
            raise IllegalAction("Cards played together must all show the same number.")
    return Move(verb, tuple(sorted(cards, key=card_order)), number)


EVENTS = (
    "new-game",
    "play",
    "copy",
    "decline",
    "all-copied",
    "deck-out",
    "meow",
    "meow-fail",
    "pattern-a",
    "pattern-b",
    "pattern-c",
    "pay",
    "game-over",
    "set-over",
    "match-over",
)


class Ending(StrEnum):
    """How a match of Copy Cat ended."""

    GAMES_PLAYED = "games-played"  # every game of the match was played: most coins win


@dataclass(frozen=True)
class CopyCatOutcome:
    """A finished match: the coins at the end, the score sheet of its games (a row per
    game, as the rules keep it) and, with sets, each set's scores."""

    coins: tuple[int, ...]
    sheet: tuple[Mapping[str, Any], ...]
    set_scores: tuple[tuple[int, ...], ...] | None = None

    @classmethod
    def from_detail(cls, detail: Mapping[str, Any]) -> CopyCatOutcome:
        rows = detail.get("set_scores")
        return cls(
            coins=counts(detail.get("coins")) or (),
            sheet=tuple(dict(row) for row in detail.get("sheet") or () if isinstance(row, dict)),
            set_scores=None if rows is None else tuple(counts(row) or () for row in rows),
        )

    @property
    def ending(self) -> Ending:
        return Ending.GAMES_PLAYED

    def to_detail(self) -> dict[str, Any]:
        detail: dict[str, Any] = {
            "coins": list(self.coins),
            "sheet": [dict(row) for row in self.sheet],
        }
        if self.set_scores is not None:
            detail["set_scores"] = [list(row) for row in self.set_scores]
        return detail


VOCABULARY = Vocabulary.of(EVENTS, CopyCatOutcome)
