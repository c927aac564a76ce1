"""Hit the Deck's vocabulary: its cards (``card``, ``card_name``, ``full_deck``), what may
go on what (``Demand``, ``fits_plainly``), its action codes and their reader, the names
of its events (turns, slap rounds, hands) and how a match of it ended. Bots and tables
use only these.

Action codes: ``play R3`` (``play_code``), ``draw`` (``draw_code``), ``hit``
(``hit_code``), read with ``parse`` (a ``Move``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache, lru_cache
from typing import Any

from cardtable.engine import Action, IllegalAction, Vocabulary
from cardtable.engine.vocabulary import counts

COLOURS = ("R", "B", "G", "Y")
COLOUR_NAMES = {"R": "red", "B": "blue", "G": "green", "Y": "yellow"}
# Every colour also carries a shape, so no one has to tell colours apart.
COLOUR_SHAPES = {"R": "circle", "B": "square", "G": "triangle", "Y": "star"}
NUMBERS = (1, 2, 3, 4, 5)

HAND_CARD = "HIT-HAND"
HAND_SIZE = 7
LAST_TO_HIT_DRAWS = 4
FAKE_OUT_DRAWS = 2
SLAP_SECONDS = 3.0  # the whole round, for everyone
ANNOUNCE_SECONDS = 2.0  # the player of the card must hit within this
ANNOUNCE = "announce"  # the name of the announce deadline inside the slap window
HIT = Action("hit")
DRAW = Action("draw")

NUMBER, CUT, FLIP, HIT_NUMBER, HIT_COLOUR, HAND = (
    "number",
    "cut",
    "flip",
    "hit-number",
    "hit-colour",
    "hand",
)
HIT_KINDS = (HIT_NUMBER, HIT_COLOUR, HAND)


@dataclass(frozen=True)
class Card:
    """One card code read: ``R3`` is a red 3, ``R-CUT`` a red Cut, ``HIT-4`` calls for 4s.

    ``colour`` and ``number`` are what the card matches by (Hit cards match by neither);
    ``calls`` is the colour or number a Hit card demands.
    """

    code: str
    kind: str
    colour: str | None = None
    number: int | None = None
    calls: str | int | None = None

    @property
    def is_hit(self) -> bool:
        return self.kind in HIT_KINDS

    @property
    def points(self) -> int:
        """What it scores left in a hand: number cards at face value, every other card 10."""
        return self.number if self.kind == NUMBER and self.number is not None else 10


@cache
def card(code: str) -> Card:
    """Read a card code; ``ValueError`` for a code that is no Hit the Deck card.

    >>> card("G4").colour, card("G4").number
    ('G', 4)
    >>> card("HIT-B").calls
    'B'
    """
    if code == HAND_CARD:
        return Card(code, HAND)
    if code.startswith("HIT-"):
        rest = code[4:]
        if rest.isdigit() and int(rest) in NUMBERS:
            return Card(code, HIT_NUMBER, calls=int(rest))
        if rest in COLOURS:
            return Card(code, HIT_COLOUR, calls=rest)
    elif code[:1] in COLOURS:
        colour, rest = code[0], code[1:]
        if rest == "-CUT":
            return Card(code, CUT, colour=colour)
        if rest == "-FLIP":
            return Card(code, FLIP, colour=colour)
        if rest.isdigit() and int(rest) in NUMBERS:
            return Card(code, NUMBER, colour=colour, number=int(rest))
    raise ValueError(f"there is no card {code!r} in Hit the Deck")


def is_card(code: str) -> bool:
    try:
        card(code)
    except ValueError:
        return False
    return True


def play_code(code: str) -> str:
    """``play R3``: play that card from the hand."""
    return f"play {code}"


def draw_code() -> str:
    """``draw``: a player who cannot play draws one card."""
    return DRAW.code


def hit_code() -> str:
    """``hit``: hit the deck (in a slap round, or a fake-out outside one)."""
    return HIT.code


@dataclass(frozen=True)
class Move:
    """A Hit the Deck action code, read: ``kind`` is ``play`` (with its ``card``),
    ``draw`` or ``hit``."""

    kind: str
    card: str | None = None

    @property
    def code(self) -> str:
        return play_code(str(self.card)) if self.kind == "play" else self.kind


@lru_cache(maxsize=1024)
def parse(code: str) -> Move:
    """Read an action code, or raise ``IllegalAction`` saying what is wrong with it.

    >>> parse("play G4")
    Move(kind='play', card='G4')
    """
    words = code.split()
    if words in (["draw"], ["hit"]):
        return Move(words[0])
    if len(words) == 2 and words[0] == "play":
        if not is_card(words[1]):
            raise IllegalAction(f"There is no card {words[1]} in Hit the Deck.")
        return Move("play", words[1])
    raise IllegalAction("Play a card ('play R3'), draw ('draw') or hit the deck ('hit').")


def full_deck() -> list[str]:
    """The 110 cards: per colour four each of 1-5, two Cuts and a Flip; the number Hit
    cards 1-5 twice; one colour Hit card per colour; four Hit-with-a-Hand cards."""
    cards: list[str] = []
    for colour in COLOURS:
        cards += [f"{colour}{n}" for n in NUMBERS for _ in range(4)]
        cards += [f"{colour}-CUT", f"{colour}-CUT", f"{colour}-FLIP"]
    cards += [f"HIT-{n}" for n in NUMBERS for _ in range(2)]
    cards += [f"HIT-{colour}" for colour in COLOURS]
    cards += [HAND_CARD] * 4
    return cards


@dataclass(frozen=True)
class Demand:
    """A colour or number that Hit cards call for: it carries on until a card meets it."""

    kind: str  # "colour" or "number"
    value: str | int

    def met_by(self, code: str) -> bool:
        """Any card of the colour (word cards too) or a number card of the number; Hit
        cards never meet a demand."""
        played = card(code)
        if played.is_hit:
            return False
        if self.kind == "colour":
            return played.colour == self.value
        return played.kind == NUMBER and played.number == self.value

    def words(self) -> str:
        if self.kind == "colour":
            return f"a {COLOUR_NAMES[str(self.value)]} card"
        return f"a number {self.value} card"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "value": self.value, "words": self.words()}


def fits_plainly(code: str, top: str) -> bool:
    """``fits`` with no demand in force, worked out from the two cards."""
    played, under = card(code), card(top)
    if played.is_hit or under.is_hit:
        # Only a Hit-with-a-Hand card (or a spent demand) lies on top with no demand in
        # force: the sheet says "Any card in their hand may be played", Cut and Flip too.
        return True
    if played.kind in (CUT, FLIP):
        return played.colour == under.colour
    return played.colour == under.colour or (under.kind == NUMBER and played.number == under.number)


def card_name(code: str) -> str:
    """A card as a player says it.

    >>> card_name("R4"), card_name("B-FLIP"), card_name("HIT-3"), card_name("HIT-G")
    ('Red 4', 'Blue Flip', 'Hit 3', 'Hit Green')
    >>> card_name("HIT-HAND")
    'Hit the Deck with a Hand'
    """
    read = card(code)
    if read.kind == HAND:
        return "Hit the Deck with a Hand"
    if read.kind == HIT_NUMBER:
        return f"Hit {read.calls}"
    if read.kind == HIT_COLOUR:
        return f"Hit {COLOUR_NAMES[str(read.calls)].capitalize()}"
    colour = COLOUR_NAMES[str(read.colour)].capitalize()
    if read.kind == CUT:
        return f"{colour} Cut"
    if read.kind == FLIP:
        return f"{colour} Flip"
    return f"{colour} {read.number}"


EVENTS = (
    "deal",
    "buried",
    "out",
    "turn-passes",
    "call",
    "cut",
    "nothing-to-cut",
    "flip",
    "direction",
    "flip-buried",
    "refill",
    "draw-empty",
    # The slap round: it opens, takes hits (the card's player calls it), closes; a hit
    # when no round is open is a fake-out; a call missed is late.
    "slap-open",
    "slap-hit",
    "hit-hand",
    "slap-result",
    "faked-out",
    "late",
    "hand-over",
    "match-over",
)


class Ending(StrEnum):
    """How a match of Hit the Deck ended."""

    TARGET = "target"  # a player's total reached the target: the lowest total wins


@dataclass(frozen=True)
class HitTheDeckOutcome:
    """A finished match: how many hands it took and every hand's scores."""

    hands: int
    hand_scores: tuple[tuple[int, ...], ...]

    @classmethod
    def from_detail(cls, detail: Mapping[str, Any]) -> HitTheDeckOutcome:
        hands = detail.get("hands")
        rows = detail.get("hand_scores")
        return cls(
            hands=hands if isinstance(hands, int) and not isinstance(hands, bool) else 0,
            hand_scores=tuple(counts(row) or () for row in rows or ()),
        )

    @property
    def ending(self) -> Ending:
        return Ending.TARGET

    def to_detail(self) -> dict[str, Any]:
        return {"hands": self.hands, "hand_scores": [list(row) for row in self.hand_scores]}


VOCABULARY = Vocabulary.of(EVENTS, HitTheDeckOutcome)
