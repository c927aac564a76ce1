"""Hit the Deck's rules: how each move plays out on ``HitTheDeckState``'s fields (a turn:
play, draw, Cut, Flip, the Draw Pile refilled; the slap round: hits, the announce, a
fake-out; hands and the match), and the one open slap round (``SlapRound``).

The rules of ``../shared/seeds/001_28254a4adcc49018.txt`` with the rulings of RULINGS.md.
Not for drawing, timing or bots: the referee (``cardtable.play``) owns the clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardtable.engine import Event, GameState, Rng, announce, move

from .tables import DECK_SIZE, SORTED_DECK, fits
from .vocabulary import (
    ANNOUNCE_SECONDS,
    CUT,
    FAKE_OUT_DRAWS,
    FLIP,
    HAND,
    HAND_CARD,
    HAND_SIZE,
    HIT_COLOUR,
    HIT_NUMBER,
    LAST_TO_HIT_DRAWS,
    SLAP_SECONDS,
    Demand,
    card,
)


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


class HitTheDeckRules(GameState):
    """The moves of ``HitTheDeckState`` and what they lead to."""

    # The state's fields these rules read and change (``HitTheDeckState`` sets them out).
    target: int
    hands: list[list[str]]
    draw_pile: list[str]
    discard_pile: list[str]
    discard_all_seen: bool
    direction: int
    dealer: int
    hand_number: int
    turn: int
    demand: Demand | None
    drawn_at: int | None
    slap: SlapRound | None
    slap_rounds: int
    generation: int
    landed: dict[str, Any] | None
    totals: list[int]
    hand_scores: tuple[list[int], ...]
    _over: bool

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
            deck = list(SORTED_DECK)
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
