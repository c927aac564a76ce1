"""Hit the Deck: match colours and numbers, cut and flip the deck, and race to slap it.

The rules of ``../shared/seeds/001_28254a4adcc49018.txt`` with the rulings of RULINGS.md,
as a pure-Python state. Not for drawing, timing or bots: the slap round ("Hit the Deck with
a Hand") is a timed step that takes hits in the order they arrive and is told when its
announce time and its whole time have run out; the referee (``cardtable.play``) owns the
clock.

Action codes: ``play R3`` (``play_code``), ``draw`` (``draw_code``), ``hit``
(``hit_code``), read with ``parse`` (a ``Move``); bots and tables use only those.

Zones: ``hand:N`` (each player's hand, seen by its owner), ``draw`` (the face-down Draw
Pile) and ``discard`` (the face-up discard pile). Every pile keeps its top card last.

The slap round, for whoever drives it::

    state.window                  # Window(kind="slap", seconds=SLAP_SECONDS, seats=...,
                                  #        deadlines=(("announce", ANNOUNCE_SECONDS),))
    state.apply(seat, "hit")      # each hit as it arrives; the round closes itself once
                                  # every player has hit
    state.time_up("announce")     # the player of the card has not hit in time
    state.close_window()          # the round's time is up

The window's ``id`` is the round's number (``observation["slap"]["round"]``): a bot's hit
scheduled for a round fires only while that round is open; other players' hits do not
make it stale. ``state.generation`` changes with every change of the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import Any

from cardtable.engine import (
    ALL,
    NONE,
    OWNER,
    TOP,
    Action,
    Event,
    GameInfo,
    GameState,
    IllegalAction,
    Option,
    Result,
    Rng,
    Window,
    Zone,
    announce,
    move,
)
from cardtable.games.hit_the_deck_vocabulary import VOCABULARY

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


def fits(code: str, top: str, demand: Demand | None) -> bool:
    """Whether ``code`` may go on ``top`` with ``demand`` in force.

    >>> fits("R-CUT", "R3", None), fits("R-CUT", "B3", None), fits("HIT-2", "B3", None)
    (True, False, True)
    >>> fits("R-CUT", "HIT-HAND", None)
    True
    """
    if demand is not None:
        return code in _MEETS[demand.kind, demand.value]
    return code in _FITS_ON[top]


def _fits_plainly(code: str, top: str) -> bool:
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


def cut_point(rng: Rng, pile_size: int) -> int:
    """How many cards the cutter lifts off a Draw Pile of ``pile_size`` cards: a random
    point between 40% and 60% of it. The card under them is the exposed card."""
    low = (2 * pile_size) // 5
    high = min(pile_size - 1, max(low, (3 * pile_size) // 5))
    return rng.randint(low, high)


@dataclass
class SlapRound:
    """One open "Hit the Deck with a Hand" round."""

    number: int  # counts the rounds of the match: the round's id
    card_player: int  # who played (or exposed) the card and must announce it
    going_out: bool  # the card was its player's last: the hand ends after the round
    hits: list[int] = field(default_factory=list)  # seats, in arrival order
    announced: bool = False
    announce_missed: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.number,
            "card_player": self.card_player,
            "hits": list(self.hits),
            "announced": self.announced,
            "announce_missed": self.announce_missed,
        }


class HitTheDeckState(GameState):
    """A whole match: hands until a player reaches the target score."""

    game_id = "hit-the-deck"

    def __init__(
        self, players: int, seed: int | str, options: dict[str, Any], deck: list[str] | None
    ):
        super().__init__(players, seed, options)
        self.target: int = int(options["target"])
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.draw_pile: list[str] = []
        self.discard_pile: list[str] = []
        # False once a Flip has turned the face-down Draw Pile into the discard pile: the
        # cards under its top were never seen, until a refill leaves the top card alone.
        self.discard_all_seen = True
        self.direction = 1
        self.dealer = 0
        self.hand_number = 0
        self.turn = 0
        self.demand: Demand | None = None
        # Position in the player's hand of a card just drawn that fits: only it may be
        # played now. A position (not a code) keeps the secret inside the hand zone.
        self.drawn_at: int | None = None
        self.slap: SlapRound | None = None
        self.slap_rounds = 0
        self.generation = 0
        self.landed: dict[str, Any] | None = None
        self.totals = [0] * players
        # Each hand's points, a row per hand, never changed once added: a tuple, shared by
        # every copy, so a copy costs the same however long the match has run.
        self.hand_scores: tuple[list[int], ...] = ()
        self._over = False
        self.setup_events = self._start_hand(deck)

    @classmethod
    def full_deck(cls, players: int, options: dict[str, Any]) -> list[str]:
        return full_deck()

    # -- the contract ------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        if self._over:
            return ()
        if self.slap is not None:
            return tuple(s for s in range(self.players) if s not in self.slap.hits)
        return (self.turn,)

    def _legal_actions(self, seat: int) -> list[Action]:
        if self._over:
            return []
        if self.slap is not None:
            return [HIT] if seat not in self.slap.hits else []
        # Anyone may slap the deck at any moment: with no round open it is a fake-out.
        if seat != self.turn:
            return [HIT]
        return self._turn_actions() + [HIT]

    def _turn_actions(self) -> list[Action]:
        hand = self.hands[self.turn]
        if self.drawn_at is not None:
            return [_PLAYS[hand[self.drawn_at]]]
        playable = self._playable(hand)
        if playable:
            return [_PLAYS[code] for code in playable]
        return [DRAW]

    def _playable(self, hand: list[str]) -> list[str]:
        """The different cards of ``hand`` that may go on the discard pile, in deck order."""
        demand = self.demand
        allowed = (
            _FITS_ON[self.discard_pile[-1]] if demand is None else _MEETS[demand.kind, demand.value]
        )
        return sorted({code for code in hand if code in allowed}, key=_DECK_ORDER.__getitem__)

    def allows(self, seat: int, code: str) -> bool:
        """The direct check behind ``check``."""
        if self._over:
            return False
        if code == HIT.code:
            return self.slap is None or seat not in self.slap.hits
        if self.slap is not None or seat != self.turn:
            return False
        hand = self.hands[seat]
        if code == DRAW.code:
            return self.drawn_at is None and not self._playable(hand)
        words = code.split(" ")
        if len(words) != 2 or words[0] != "play" or not is_card(words[1]):
            return False
        if self.drawn_at is not None:
            return words[1] == hand[self.drawn_at]
        return words[1] in hand and fits(words[1], self.discard_pile[-1], self.demand)

    def explain_out_of_turn(self, seat: int, code: str) -> str:
        if not self._over and self.slap is not None and seat in self.slap.hits:
            return "You have hit the deck already in this round."
        return super().explain_out_of_turn(seat, code)

    def explain(self, seat: int, code: str) -> str:
        if self._over:
            return "The game is over."
        if self.slap is not None:
            return "HIT THE DECK WITH A HAND! Hit the deck now: no card can be played."
        if seat != self.turn:
            return "It is not your turn: wait for your turn, or hit the deck."
        hand = self.hands[seat]
        try:
            read = parse(code)
        except IllegalAction as refused:
            return refused.reason
        if read.kind == "draw":
            if self.drawn_at is not None:
                return (
                    f"You have drawn already: play the {card_name(hand[self.drawn_at])} you drew."
                )
            return "You can play a card, so you must: only a player who cannot play draws."
        if read.kind != "play" or read.card is None:
            return "Play a card ('play R3'), draw ('draw') or hit the deck ('hit')."
        played = read.card
        if played not in hand:
            return f"You have no {card_name(played)} in your hand."
        if self.drawn_at is not None:
            drawn = card_name(hand[self.drawn_at])
            return f"After drawing you may play only the card you drew ({drawn})."
        top = self.discard_pile[-1]
        if self.demand is not None:
            return (
                f"{self.demand.words().capitalize()} is called for: play one, or draw. "
                "Hit cards never meet a demand."
            )
        kind = card(played).kind
        if kind in (CUT, FLIP):
            colour = COLOUR_NAMES[str(card(played).colour)]
            word = "Cut" if kind == CUT else "Flip"
            return f"A {word} card goes only on a {colour} card."
        return (
            f"{card_name(played)} does not match {card_name(top)}: match its colour or its number."
        )

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self._begin_change()
        read = parse(action.code)
        if read.kind == "hit":
            if self.slap is not None:
                return self._hit(seat)
            return self._fake_out(seat)
        if read.kind == "draw":
            return self._draw_for_turn(seat)
        return self._play(seat, str(read.card))

    def zones(self) -> dict[str, Zone]:
        zones = {
            "draw": Zone("draw", self.draw_pile, NONE),
            # Played cards are seen by all; a pile turned over by a Flip shows its top only.
            "discard": Zone("discard", self.discard_pile, ALL if self.discard_all_seen else TOP),
        }
        for seat in range(self.players):
            zones[f"hand:{seat}"] = Zone(f"hand:{seat}", self.hands[seat], OWNER, seat)
        return zones

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def result(self) -> Result | None:
        if not self._over:
            return None
        ranked = Result.from_scores(self.totals, higher_is_better=False)
        return Result(
            scores=ranked.scores,
            ranking=ranked.ranking,
            detail={"hands": self.hand_number, "hand_scores": [list(h) for h in self.hand_scores]},
        )

    @property
    def window(self) -> Window | None:
        if self.slap is None:
            return None
        pending = not self.slap.announced and not self.slap.announce_missed
        return Window(
            kind="slap",
            seconds=SLAP_SECONDS,
            seats=tuple(range(self.players)),
            deadlines=((ANNOUNCE, ANNOUNCE_SECONDS),) if pending else (),
            id=self.slap_rounds,
        )

    def _close_window(self) -> list[Event]:
        self._begin_change()
        return self._resolve_slap()

    def _time_up(self, step: str) -> list[Event]:
        assert self.slap is not None and step == ANNOUNCE
        self._begin_change()
        self.slap.announce_missed = True
        player = self.slap.card_player
        return [
            Event(
                "slap",
                seat=player,
                text=f"{{P{player}}} did not call out in time.",
                data={"stage": "announce-missed", "round": self.slap.number},
                what="late",
                seats=(player,),
            )
        ]

    def public_observation(self, seat: int | None) -> dict[str, Any]:
        holding = self.drawn_at is not None
        return {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "turn": self.turn,
            "direction": self.direction,
            "top": self.discard_pile[-1] if self.discard_pile else None,
            "demand": None if self.demand is None else self.demand.to_dict(),
            "hand_counts": [len(hand) for hand in self.hands],
            "draw_count": len(self.draw_pile),
            "holding_drawn": holding,
            "drawn_card": (
                self.hands[self.turn][self.drawn_at]
                if holding and seat == self.turn and self.drawn_at is not None
                else None
            ),
            "scores": list(self.totals),
            "target": self.target,
            "last_hand_scores": list(self.hand_scores[-1]) if self.hand_scores else None,
            "slap": {
                "open": self.slap is not None,
                "round": self.slap_rounds,
                **({} if self.slap is None else self.slap.to_dict()),
            },
            "generation": self.generation,
            "landed": None if self.landed is None else dict(self.landed),
        }

    def copy(self) -> HitTheDeckState:
        """A deep copy, written out because search bots copy states thousands of times (a
        deepcopy's cost grows with the match). Cards, the call, the landed card, the
        events, the hands' points and the history are immutable, shared or replaced whole,
        so only the lists and the slap round are copied: a copy costs the same at any
        point of a match."""
        new = self._twin()
        new.hands = [list(hand) for hand in self.hands]
        new.draw_pile = list(self.draw_pile)
        new.discard_pile = list(self.discard_pile)
        new.totals = list(self.totals)
        if self.slap is not None:
            new.slap = replace(self.slap, hits=list(self.slap.hits))
        return new

    # -- the rules: a turn -------------------------------------------------------------

    def _begin_change(self) -> None:
        self.generation += 1
        self.landed = None

    def _next(self, seat: int) -> int:
        return (seat + self.direction) % self.players

    def _give_turn(self, seat: int) -> list[Event]:
        self.turn = seat
        self.drawn_at = None
        return [Event("turn", seat=seat)]

    def _play(self, seat: int, code: str) -> list[Event]:
        hand = self.hands[seat]
        if self.drawn_at is not None:
            hand.pop(self.drawn_at)
            self.drawn_at = None
        else:
            hand.remove(code)
        self.demand = None  # a legal play during a demand meets it
        self.discard_pile.append(code)
        self.landed = {"card": code, "seat": seat}
        events = [move(code, f"hand:{seat}", "discard", face="up", seat=seat)]
        if not hand:
            events.append(announce(f"{{P{seat}}} goes out!", seat, what="out", seats=(seat,)))
            if card(code).kind == HAND:
                # The slap round still runs; the hand ends when it closes.
                return events + self._open_slap(seat, going_out=True)
            return events + self._end_hand()
        return events + self._follow_top(seat)

    def _draw_for_turn(self, seat: int) -> list[Event]:
        events = self._refill()
        if not self.draw_pile:
            events.append(
                announce(
                    "The Draw Pile is empty: the turn passes.",
                    seat,
                    what="turn-passes",
                    seats=(seat,),
                )
            )
            return events + self._give_turn(self._next(seat))
        drawn = self.draw_pile.pop()
        hand = self.hands[seat]
        hand.append(drawn)
        events.append(move(drawn, "draw", f"hand:{seat}", face=seat, seat=seat))
        if fits(drawn, self.discard_pile[-1], self.demand):
            self.drawn_at = len(hand) - 1
            return events
        return events + self._give_turn(self._next(seat))

    def _follow_top(self, by: int) -> list[Event]:
        """Carry out what the card just put on the discard pile by seat ``by`` says, and
        pass the turn. A Cut or a Flip exposes a new card, which is then followed in turn
        (the cutter or flipper put it there)."""
        events: list[Event] = []
        # A chain of Cuts can only go on while the cut keeps finding Cuts; it cannot
        # outlast the deck, and if it ever did the top card simply asks nothing.
        for _ in range(DECK_SIZE):
            top = card(self.discard_pile[-1])
            follower = self._next(by)
            if top.kind == HAND:
                return events + self._open_slap(by, going_out=False)
            if top.kind in (HIT_NUMBER, HIT_COLOUR):
                kind = "number" if top.kind == HIT_NUMBER else "colour"
                assert top.calls is not None
                self.demand = Demand(kind, top.calls)
                events.append(
                    announce(
                        f"Hit the deck with {self.demand.words()}!",
                        by,
                        what="call",
                        seats=(by,),
                        demand=self.demand.to_dict(),
                    )
                )
                return events + self._give_turn(follower)
            if top.kind == CUT:
                cut_events, exposed = self._cut(follower)
                events += cut_events
                by = follower
                if not exposed:
                    return events + self._give_turn(self._next(by))
                continue
            if top.kind == FLIP:
                flip_events, flipped = self._flip(follower)
                events += flip_events
                by = follower
                if not flipped or card(self.discard_pile[-1]).kind == FLIP:
                    # A Flip that could not be buried lies on top as a plain card.
                    return events + self._give_turn(self._next(by))
                continue
            break
        return events + self._give_turn(self._next(by))

    def _cut(self, cutter: int) -> tuple[list[Event], bool]:
        """``cutter`` cuts the Draw Pile near the middle and puts the exposed card on the
        discard pile; they lose their turn. False when there was nothing to cut."""
        events = [
            announce(
                f"{{P{cutter}}} cuts the deck and loses the turn.",
                cutter,
                what="cut",
                seats=(cutter,),
            )
        ]
        events += self._refill()
        size = len(self.draw_pile)
        if size == 0:
            events.append(
                announce("There is nothing to cut.", cutter, what="nothing-to-cut", seats=(cutter,))
            )
            return events, False
        lifted = cut_point(self.rng, size)
        exposed = self.draw_pile.pop(size - 1 - lifted)
        self.discard_pile.append(exposed)
        self.landed = {"card": exposed, "seat": cutter}
        events.append(
            Event(
                "move",
                cards=(exposed,),
                src="draw",
                dst="discard",
                face="up",
                seat=cutter,
                data={"cut": lifted},
            )
        )
        return events, True

    def _flip(self, flipper: int) -> tuple[list[Event], bool]:
        """``flipper`` reverses the piles and loses their turn; the direction of play
        reverses. A Flip turned up is buried in the middle of the discard pile. False when
        there was no Draw Pile to flip (the direction still reverses)."""
        events = [
            announce(
                f"{{P{flipper}}} flips the deck and loses the turn.",
                flipper,
                what="flip",
                seats=(flipper,),
            )
        ]
        events += self._refill()
        flipped = bool(self.draw_pile)
        if flipped:
            old_draw, old_discard = self.draw_pile, self.discard_pile
            self.draw_pile = list(reversed(old_discard))
            self.discard_pile = list(reversed(old_draw))
            events.append(move(old_discard, "discard", "draw", face="down", seat=flipper))
            events.append(move(self.discard_pile, "draw", "discard", face="down", seat=flipper))
            events.append(Event("reveal", cards=(self.discard_pile[-1],), src="discard"))
            self.discard_all_seen = len(self.discard_pile) == 1
            self.landed = {"card": self.discard_pile[-1], "seat": flipper}
        self.direction = -self.direction
        events.append(
            announce(
                "Play turns to the " + ("left." if self.direction == 1 else "right."),
                what="direction",
                direction=self.direction,
            )
        )
        if flipped:
            for _ in range(len(self.discard_pile) - 1):
                top = self.discard_pile[-1]
                if card(top).kind != FLIP:
                    break
                self.discard_pile.pop()
                self.discard_pile.insert(len(self.discard_pile) // 2, top)
                events.append(
                    announce(
                        f"A second Flip ({top}) is buried in the pile.",
                        what="flip-buried",
                        card=top,
                    )
                )
                events.append(move(top, "discard", "discard", face="up"))
                events.append(Event("reveal", cards=(self.discard_pile[-1],), src="discard"))
                self.landed = {"card": self.discard_pile[-1], "seat": flipper}
        return events, flipped

    def _refill(self) -> list[Event]:
        """An exhausted Draw Pile: keep the top discard, shuffle the rest into a new one."""
        if self.draw_pile or len(self.discard_pile) <= 1:
            return []
        top = self.discard_pile.pop()
        rest = self.discard_pile
        self.discard_pile = [top]
        self.discard_all_seen = True
        events = [
            announce("The Draw Pile is used up: the discard pile makes a new one.", what="refill"),
            move(list(rest), "discard", "draw", face="down"),
            Event("shuffle", src="draw"),
        ]
        self.rng.shuffle(rest)
        self.draw_pile = rest
        return events

    def _draw_cards(self, seat: int, count: int) -> list[Event]:
        """``seat`` draws ``count`` cards as a penalty (fewer if the piles run out)."""
        events: list[Event] = []
        for _ in range(count):
            events += self._refill()
            if not self.draw_pile:
                events.append(
                    announce("The Draw Pile is empty.", seat, what="draw-empty", seats=(seat,))
                )
                break
            drawn = self.draw_pile.pop()
            self.hands[seat].append(drawn)
            events.append(move(drawn, "draw", f"hand:{seat}", face=seat, seat=seat))
        return events

    # -- the rules: the slap -----------------------------------------------------------

    def _open_slap(self, card_player: int, going_out: bool) -> list[Event]:
        self.slap_rounds += 1
        self.slap = SlapRound(self.slap_rounds, card_player, going_out)
        return [
            Event(
                "slap",
                seat=card_player,
                text="A Hit the Deck with a Hand card! Everybody hit the deck!",
                data={
                    "stage": "open",
                    "round": self.slap_rounds,
                    "card_player": card_player,
                    "seconds": SLAP_SECONDS,
                    "announce_seconds": ANNOUNCE_SECONDS,
                },
                what="slap-open",
                seats=(card_player,),
            )
        ]

    def _hit(self, seat: int) -> list[Event]:
        slap = self.slap
        assert slap is not None
        slap.hits.append(seat)
        events = [
            Event(
                "slap",
                seat=seat,
                data={"stage": "hit", "round": slap.number, "order": len(slap.hits)},
                what="slap-hit",
                seats=(seat,),
            )
        ]
        if seat == slap.card_player and not slap.announce_missed:
            slap.announced = True
            events.append(
                announce("HIT THE DECK WITH A HAND!", seat, what="hit-hand", seats=(seat,))
            )
        if len(slap.hits) == self.players:
            # Everyone has hit: nothing can change the outcome any more.
            events += self._resolve_slap()
        return events

    def _resolve_slap(self) -> list[Event]:
        slap = self.slap
        assert slap is not None
        self.slap = None
        if not slap.announced:
            losers = [slap.card_player]
            why = f"{{P{slap.card_player}}} did not call it out and draws four instead."
        else:
            missing = [s for s in range(self.players) if s not in slap.hits]
            losers = missing or [slap.hits[-1]]
            if missing:
                who = ", ".join(f"{{P{s}}}" for s in missing)
                why = f"Never hit the deck: {who}; each draws four."
            else:
                why = f"{{P{losers[0]}}} hit last and draws four."
        events = [
            Event(
                "slap",
                text=why,
                data={
                    "stage": "close",
                    "round": slap.number,
                    "order": list(slap.hits),
                    "draws": losers,
                    "announced": slap.announced,
                },
                what="slap-result",
                seats=tuple(losers),
            )
        ]
        for seat in losers:
            events += self._draw_cards(seat, LAST_TO_HIT_DRAWS)
        if slap.going_out:
            return events + self._end_hand()
        return events + self._give_turn(self._next(slap.card_player))

    def _fake_out(self, seat: int) -> list[Event]:
        events = [
            Event(
                "slap",
                seat=seat,
                text=f"{{P{seat}}} is faked out and draws two.",
                data={"stage": "fake-out", "round": self.slap_rounds},
                what="faked-out",
                seats=(seat,),
            )
        ]
        # Drawing does not disturb a card just drawn: new cards go after it in the hand.
        return events + self._draw_cards(seat, FAKE_OUT_DRAWS)

    # -- the rules: hands and the match ------------------------------------------------

    def _start_hand(self, stacked: list[str] | None) -> list[Event]:
        """Deal a hand: seven each, one at a time from the dealer's left, then the first
        discard. A stacked deck sets the first hand only."""
        events: list[Event] = []
        self.hand_number += 1
        if self.hand_number > 1:
            self.dealer = (self.dealer + 1) % self.players
            for seat in range(self.players):
                if self.hands[seat]:
                    events.append(move(self.hands[seat], f"hand:{seat}", "draw", face="down"))
            if self.discard_pile:
                events.append(move(self.discard_pile, "discard", "draw", face="down"))
        if stacked is not None:
            deck = list(stacked)
        else:
            deck = list(_SORTED_DECK)
            self.rng.shuffle(deck)
        self.hands = [[] for _ in range(self.players)]
        self.discard_pile = []
        self.discard_all_seen = True
        self.draw_pile = list(reversed(deck))
        self.direction = 1
        self.demand = None
        self.drawn_at = None
        self.slap = None
        events.append(
            Event(
                "deal",
                seat=self.dealer,
                text=f"Hand {self.hand_number}: {{P{self.dealer}}} deals seven cards each.",
                data={"hand": self.hand_number, "dealer": self.dealer},
                what="deal",
                seats=(self.dealer,),
            )
        )
        if stacked is None:
            events.append(Event("shuffle", src="draw"))
        # Events built directly (no keywords, zone names made once): a deal is a fair
        # share of a hand's cost.
        zones = [f"hand:{seat}" for seat in range(self.players)]
        draw = self.draw_pile
        for _ in range(HAND_SIZE):
            for step in range(1, self.players + 1):
                seat = (self.dealer + step) % self.players
                dealt = draw.pop()
                self.hands[seat].append(dealt)
                events.append(Event("move", (dealt,), "draw", zones[seat], seat, seat, "", {}))
        first = self.draw_pile.pop()
        self.discard_pile.append(first)
        events.append(move(first, "draw", "discard", face="up"))
        while first == HAND_CARD:
            # Buried in the middle of the deck, and the next card turned up.
            self.discard_pile.pop()
            self.draw_pile.insert(len(self.draw_pile) // 2, first)
            events.append(
                announce("A Hit the Deck with a Hand card is buried in the deck.", what="buried")
            )
            events.append(move(first, "discard", "draw", face="down"))
            first = self.draw_pile.pop()
            self.discard_pile.append(first)
            events.append(move(first, "draw", "discard", face="up"))
        # The first discard binds the first player as if the dealer had played it.
        return events + self._follow_top(self.dealer)

    def _end_hand(self) -> list[Event]:
        self.slap = None
        self.drawn_at = None
        self.demand = None
        scores = [sum(card(code).points for code in hand) for hand in self.hands]
        self.hand_scores += (scores,)
        self.totals = [total + score for total, score in zip(self.totals, scores, strict=True)]
        match_over = max(self.totals) >= self.target
        events = [
            Event(
                "score",
                text=f"Hand {self.hand_number} is over.",
                data={
                    "hand": self.hand_number,
                    "hand_scores": list(scores),
                    "scores": list(self.totals),
                    "match_over": match_over,
                },
                what="hand-over",
            )
        ]
        if match_over:
            self._over = True
            result = self.result
            assert result is not None
            return events + [
                Event("over", data=result.to_dict(), what="match-over", seats=tuple(result.winners))
            ]
        return events + self._start_hand(None)


_DECK_ORDER = {code: index for index, code in enumerate(dict.fromkeys(full_deck()))}
_SORTED_DECK = tuple(sorted(full_deck(), key=_DECK_ORDER.__getitem__))
DECK_SIZE = len(_SORTED_DECK)
_PLAYS = {code: Action(play_code(code)) for code in _DECK_ORDER}
# What may go on each top card with no demand in force, and what meets each demand:
# worked out once from the rules above, looked up on every turn.
_FITS_ON = {
    top: frozenset(code for code in _DECK_ORDER if _fits_plainly(code, top)) for top in _DECK_ORDER
}
_MEETS = {
    (kind, value): frozenset(code for code in _DECK_ORDER if Demand(kind, value).met_by(code))
    for kind, values in (("colour", COLOURS), ("number", NUMBERS))
    for value in values
}


RULES_HELP = """\
# Hit the Deck

**Players:** 2 to 6. **Goal:** the fewest points when someone reaches 100 (or the target
you choose).

## The cards (110)
- Four colours, each with its own shape: **red circle**, **blue square**, **green
  triangle**, **yellow star**. Each colour has four each of the numbers **1 to 5**, two
  **Cut the Deck** and one **Flip the Deck** card (the word cards).
- **Hit the Deck with a Number** (1 to 5, two of each), **Hit the Deck with a Colour** (one
  per colour) and four **Hit the Deck with a Hand** cards.

## Setting up
Seven cards each, dealt one at a time from the dealer's left. The next card starts the
discard pile. A word card or a number or colour Hit card there binds the first player. A
Hit-with-a-Hand card there is buried in the deck and the next card turned over.

## A turn
Play starts left of the dealer. Play **one card** that matches the top card by **colour**
or by **number**. Word cards go only on their own colour. Hit cards go on anything. If you
can play, you must. If you cannot, draw one card, and play it if it fits. Otherwise your
turn ends.

- **Cut the Deck:** the next player cuts the Draw Pile near the middle. The exposed card
  goes on the discard pile, and the cutter loses their turn. The player after them follows
  the new card.
- **Flip the Deck:** the next player swaps the two piles by turning both over, and loses
  their turn. Play reverses direction, so the player of the Flip plays again and follows
  the newly exposed card. A second Flip turned up is buried in the pile.
- **Hit the Deck with a Number / Colour:** the next player must play a number card of that
  number, or any card of that colour (word cards too). If they cannot, they draw one and
  play it if it meets the call. The call goes on from player to player until it is met.
  Hit cards never meet a call.
- **Hit the Deck with a Hand:** the player of the card calls out by hitting the deck. Then
  everybody races to hit it. **The last to hit draws four.** If the player of the card
  does not hit in time, they draw four instead, and nobody else does. Players who never
  hit before the round ends each draw four. Any card may follow a Hand card, a Cut or
  Flip of any colour included.
- **Fake-out:** hitting the deck when no Hand card is up costs two cards. Play goes on in
  the same order.
- **Draw Pile used up:** keep the top discard and shuffle the rest into a new Draw Pile.

## Scoring
The hand ends as soon as a player plays their last card. Everyone else scores their
cards: number cards at face value, every other card 10. The deal passes left. When a
player reaches the target, the lowest total wins.

## Rulings Card Table follows
- Each player hits the deck with their own key. Hits count in the order they arrive.
  The player of a Hand card has **2 seconds** to hit (their call). The round lasts
  **3 seconds** for everyone. It ends early once everybody has hit.
- Slap keys sit far apart: **Left Shift**, **Right Shift**, **B**, **Backspace**, **Tab**
  and **6**, one per player at the keyboard, shown at each seat. Change them in table
  setup by pressing the key, or a button on your own gamepad. The arrows, Enter and
  Space play cards, so they never slap.
- A Cut card exposed by a Cut or a Flip makes the next player cut again. A Flip exposed by
  a Cut makes the next player flip. A number or colour Hit card exposed this way makes
  its call.
- A Hand card exposed by a Cut or a Flip counts as played by the player who exposed it.
  They must call it, and play goes on from them.
- The cut point is random, between 40% and 60% of the Draw Pile. An empty Draw Pile is
  refilled first. If there is still nothing to cut, the turn is lost anyway.
- With no Draw Pile to flip even after a refill, the direction still reverses. The Flip
  player plays again on the Flip. A second Flip with no card under it stays on top as a
  plain card of its colour.
- The table shows every card played on the discard pile. After a Flip, the turned-over
  pile shows only its top card, because nobody saw the cards under it.
- A first discard that is a Flip is flipped by the first player. Play then reverses, so
  the dealer plays first.
- A Cut, Flip or call on the last card of a hand has no effect. A Hand card as the last
  card still starts its slap round. Cards drawn in that round count in the scoring, even
  for the player who went out.
- A fake-out is allowed at any moment, even during another player's turn. With the piles
  exhausted, penalty draws take what there is.
- The player who drew a card that fits must play it (must play if you can).
"""

INFO = GameInfo(
    id="hit-the-deck",
    title="Hit the Deck",
    min_players=2,
    max_players=6,
    state_class=HitTheDeckState,
    summary="Match colours and numbers, cut and flip the deck, and race to slap it.",
    rules_help=RULES_HELP,
    options=(
        Option(
            "target",
            100,
            "the match ends when a player reaches this many points",
            minimum=10,
            maximum=1000,  # ten times the usual match: still well within any run's bound
        ),
    ),
    vocabulary=VOCABULARY,
)
