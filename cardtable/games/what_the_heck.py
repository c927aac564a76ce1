"""What the Heck?: simultaneous secret bids for positive and negative Point Cards.

The rules of ``../shared/seeds/004_ab6e4d04dd330339.txt`` with the rulings of RULINGS.md.
Only the rules: no drawing, no bots.

Zones: ``points`` (the face-down Point Card stack), ``center`` (the face-up Point Card or
cards), ``hand:N`` (Player Cards not yet used), ``bid:N`` (the card laid face down this
round), ``played:N`` (used Player Cards, face up), ``won:N`` (collected Point Cards) and
``unclaimed`` (Point Cards nobody took on an all-tie in the last round).

Action codes: ``bid 15`` (``bid_code``), read with ``parse`` (a ``Bid``); bots and tables
use only those.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardtable.engine import (
    ALL,
    NONE,
    OWNER,
    Action,
    Event,
    GameInfo,
    GameState,
    IllegalAction,
    Result,
    Zone,
    announce,
    move,
)
from cardtable.games.what_the_heck_vocabulary import VOCABULARY

POINT_CARDS = [str(v) for v in range(-5, 0)] + [str(v) for v in range(1, 11)]
PLAYER_CARDS = [str(v) for v in range(1, 16)]
ROUNDS = len(POINT_CARDS)
_RANK = {card: int(card) for card in PLAYER_CARDS}
_POINTS = {card: int(card) for card in POINT_CARDS}
MAX_PLAYERS = 5
_WON_ZONES = tuple(f"won:{seat}" for seat in range(MAX_PLAYERS))  # zone names made once
# The moves of one Player Card, always the same, made once per seat and card (events are
# never changed): laid face down (the owner sees it), then turned up and kept in front.
_LAID = tuple(
    {
        card: Event("move", (card,), f"hand:{seat}", f"bid:{seat}", seat, seat)
        for card in PLAYER_CARDS
    }
    for seat in range(MAX_PLAYERS)
)
_TURNED_UP = tuple(
    {
        card: Event("move", (card,), f"bid:{seat}", f"played:{seat}", "up", seat)
        for card in PLAYER_CARDS
    }
    for seat in range(MAX_PLAYERS)
)


def bid_code(card: str | int) -> str:
    """``bid 15``: lay that Player Card face down for this round."""
    return f"bid {card}"


@dataclass(frozen=True)
class Bid:
    """A What the Heck? action code, read: the Player Card laid."""

    card: str
    kind: str = "bid"

    @property
    def code(self) -> str:
        return bid_code(self.card)


@lru_cache(maxsize=1024)
def parse(code: str) -> Bid:
    """Read an action code, or raise ``IllegalAction`` saying what is wrong with it.

    >>> parse("bid 15").card
    '15'
    """
    words = code.split()
    if len(words) != 2 or words[0] != "bid":
        raise IllegalAction("Play one of your Player Cards face down: 'bid N'.")
    if words[1] not in PLAYER_CARDS:
        raise IllegalAction(f"There is no Player Card {words[1]}: they run from 1 to 15.")
    return Bid(words[1])


_BIDS = {card: Action(bid_code(card)) for card in PLAYER_CARDS}


def winning_bid(bids: dict[int, int], total: int) -> tuple[int | None, list[int]]:
    """The seat that takes the Point Cards, and the seats whose tied bids cancel.

    Ties cancel; among the bids not tied the highest wins when the face-up total is zero or
    more, the lowest when it is below zero. ``None`` when every bid is cancelled.

    >>> winning_bid({0: 15, 1: 15, 2: 5}, total=7)
    (2, [0, 1])
    """
    if len(set(bids.values())) == len(bids):  # no ties: nothing cancels
        cancelled: list[int] = []
        standing = bids
    else:
        counts: dict[int, int] = {}
        for value in bids.values():
            counts[value] = counts.get(value, 0) + 1
        cancelled = sorted([seat for seat, value in bids.items() if counts[value] > 1])
        standing = {seat: value for seat, value in bids.items() if counts[value] == 1}
        if not standing:
            return None, cancelled
    pick = max if total >= 0 else min
    winner = pick(standing, key=standing.__getitem__)
    return winner, cancelled


class WhatTheHeckState(GameState):
    game_id = "what-the-heck"

    def __init__(self, players: int, seed, options: dict[str, Any], deck: list[str] | None):
        super().__init__(players, seed, options)
        stack = list(deck) if deck is not None else list(POINT_CARDS)
        if deck is None:
            self.rng.shuffle(stack)
        # Zones keep the top card last; a stacked deck lists the top first.
        self.points: list[str] = list(reversed(stack))
        self.center: list[str] = []
        self.hands: list[list[str]] = [list(PLAYER_CARDS) for _ in range(players)]
        self.bids: list[list[str]] = [[] for _ in range(players)]
        self.played: list[list[str]] = [[] for _ in range(players)]
        self.won: list[list[str]] = [[] for _ in range(players)]
        self.unclaimed: list[str] = []
        self.round = 1
        self.last_reveal: dict[str, Any] | None = None
        self._over = False
        # The seats that have not laid their card this round (what ``to_act`` says), kept
        # as each card is laid rather than found again at every question.
        self.waiting: tuple[int, ...] = tuple(range(players))
        self.setup_events = [
            Event(
                "deal", text="Each player takes a full set of Player Cards 1 to 15.", what="deal"
            ),
            *self._flip_point_card(),
        ]

    @classmethod
    def full_deck(cls, players: int, options: dict[str, Any]) -> list[str]:
        return list(POINT_CARDS) + list(PLAYER_CARDS) * players

    @classmethod
    def stacked_part(cls, players: int, options: dict[str, Any]) -> list[str]:
        return list(POINT_CARDS)

    # -- the contract ------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.waiting

    def _legal_actions(self, seat: int) -> list[Action]:
        if self._over or self.bids[seat]:
            return []
        return list(map(_BIDS.__getitem__, sorted(self.hands[seat], key=_RANK.__getitem__)))

    def allows(self, seat: int, code: str) -> bool:
        """The direct check behind ``check``: a bid of a card still in hand, once a round."""
        if self._over or self.bids[seat] or not code.startswith("bid "):
            return False
        return code[4:] in self.hands[seat]

    def explain_out_of_turn(self, seat: int, code: str) -> str:
        if not self._over and self.bids[seat]:
            return "You have already laid your card for this round: wait for the others."
        return super().explain_out_of_turn(seat, code)

    def explain(self, seat: int, code: str) -> str:
        if self._over:
            return "The game is over."
        if self.bids[seat]:
            return "You have already laid your card for this round: wait for the others."
        try:
            card = parse(code).card
        except IllegalAction as refused:
            return refused.reason
        if card in self.played[seat]:
            return f"You have used your {card} already: each Player Card is played once."
        return f"You have no {card} to play."

    def _apply(self, seat: int, action: Action) -> list[Event]:
        card = action.code[4:]  # a legal "bid N"
        self.hands[seat].remove(card)
        self.bids[seat].append(card)
        self.waiting = tuple([waiting for waiting in self.waiting if waiting != seat])
        events = [_LAID[seat][card]]
        if not self.waiting:
            events += self._resolve()
        return events

    def zones(self) -> dict[str, Zone]:
        zones = {
            "points": Zone("points", self.points, NONE, pool="points"),
            "center": Zone("center", self.center, ALL),
            "unclaimed": Zone("unclaimed", self.unclaimed, ALL),
        }
        for seat in range(self.players):
            # A seat's unused cards are common knowledge (used ones lie face up); which of
            # them is this round's bid is the secret, so hand and bid share a pool.
            pool = f"player:{seat}"
            zones[f"hand:{seat}"] = Zone(f"hand:{seat}", self.hands[seat], OWNER, seat, pool)
            zones[f"bid:{seat}"] = Zone(f"bid:{seat}", self.bids[seat], OWNER, seat, pool)
            zones[f"played:{seat}"] = Zone(f"played:{seat}", self.played[seat], ALL, seat)
            zones[f"won:{seat}"] = Zone(f"won:{seat}", self.won[seat], ALL, seat)
        return zones

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def result(self) -> Result | None:
        if not self._over:
            return None
        return Result.from_scores(self.scores())

    def public_observation(self, seat: int | None) -> dict[str, Any]:
        return {
            "round": self.round,
            "rounds": ROUNDS,
            "center_total": self.center_total(),
            "points_left": len(self.points),
            "remaining": [
                sorted(self.hands[s] + self.bids[s], key=int) for s in range(self.players)
            ],
            "has_bid": [bool(self.bids[s]) for s in range(self.players)],
            "scores": self.scores(),
            "last_reveal": self.last_reveal,
        }

    def copy(self) -> WhatTheHeckState:
        """A deep copy, written out because search bots copy states thousands of times.
        The last reveal is replaced whole, never changed, so it stays shared."""
        new = self._twin()
        new.points = list(self.points)
        new.center = list(self.center)
        new.unclaimed = list(self.unclaimed)
        new.hands = [list(cards) for cards in self.hands]
        new.bids = [list(cards) for cards in self.bids]
        new.played = [list(cards) for cards in self.played]
        new.won = [list(cards) for cards in self.won]
        return new

    # -- the rules ---------------------------------------------------------------------

    def scores(self) -> list[int]:
        return [sum(map(_POINTS.__getitem__, won)) for won in self.won]

    def center_total(self) -> int:
        return sum(map(_POINTS.__getitem__, self.center))

    def _flip_point_card(self) -> list[Event]:
        card = self.points.pop()
        self.center.append(card)
        return [Event("move", (card,), "points", "center", "up", None, "", {"round": self.round})]

    def _resolve(self) -> list[Event]:
        laid = [bid[0] for bid in self.bids]
        bids = dict(enumerate(map(_RANK.__getitem__, laid)))
        total = self.center_total()
        winner, cancelled = winning_bid(bids, total)
        self.last_reveal = {
            "round": self.round,
            "bids": laid,
            "cancelled": cancelled,
            "winner": winner,
            "total": total,
            "points": list(self.center),
        }
        reveal = dict(self.last_reveal)
        seats = tuple(cancelled)
        events = [Event("reveal", tuple(laid), "bids", None, "up", None, "", reveal, "bids", seats)]
        for seat, card in enumerate(laid):
            self.bids[seat].clear()
            self.played[seat].append(card)
            events.append(_TURNED_UP[seat][card])
        last_round = self.round == ROUNDS
        if winner is not None:
            taken = list(self.center)
            self.won[winner].extend(taken)
            self.center.clear()
            events.append(
                Event("move", tuple(taken), "center", _WON_ZONES[winner], "up", winner, "", {})
            )
            scores = {"scores": self.scores()}
            events.append(
                Event("score", (), None, None, "up", winner, "", scores, "take", (winner,))
            )
        elif last_round:
            left = list(self.center)
            self.unclaimed.extend(left)
            self.center.clear()
            events.append(
                announce(
                    "All tie in the last round: nobody takes the Point Cards.",
                    what="all-tie-last",
                    seats=tuple(cancelled),
                )
            )
            events.append(move(left, "center", "unclaimed", face="up"))
        else:
            events.append(
                announce(
                    "All tie! The Point Card stays and another joins it.",
                    what="all-tie",
                    seats=tuple(cancelled),
                )
            )
        if last_round:
            self._over = True
            self.waiting = ()
            result = self.result
            assert result is not None
            events.append(
                Event("over", data=result.to_dict(), what="match-over", seats=tuple(result.winners))
            )
        else:
            self.round += 1
            self.waiting = tuple(range(self.players))
            events += self._flip_point_card()
        return events


RULES_HELP = """\
# What the Heck?

**Players:** 2 to 5. **Goal:** the most points after 15 rounds.

## The cards
- 15 **Point Cards**: -5 to -1 and 1 to 10. They are shuffled into a face-down stack and
  the top one is turned face up.
- Every player holds a full set of **Player Cards**, 1 to 15.

## A round
1. Everybody chooses one Player Card and lays it **face down**. Nobody sees a choice until
   all have chosen (at one computer the table hides each human's card from the others).
2. All cards are turned face up together.
3. **Positive** Point Card: the **highest** Player Card takes it.
   **Negative** Point Card: the **lowest** Player Card takes it.
4. **Ties cancel.** Tied cards drop out and the best of the rest wins. With 15, 15 and 5
   on a positive card, the 5 takes it. With 3, 3 and 5 on a negative card, the 5 takes it.
5. **All tie:** when every card is cancelled, the Point Card stays, another is turned up
   beside it, and the next round plays for both. Their **sum** decides: zero or more, the
   highest card wins; below zero, the lowest.
6. Each Player Card is used once: played cards stay face up in front of you, so everyone
   can see which cards each player has left.

## The end
After the 15th round, add your Point Cards (negatives subtract). Most points wins; equal
totals share the place.

## Rulings Card Table follows
- If everyone ties in the 15th round, nobody takes the Point Cards on the table.
- A carried-over pot whose sum is exactly 0 goes to the highest card.
"""

INFO = GameInfo(
    id="what-the-heck",
    title="What the Heck?",
    min_players=2,
    max_players=MAX_PLAYERS,
    state_class=WhatTheHeckState,
    summary="Secret bids for positive and negative Point Cards; ties cancel.",
    rules_help=RULES_HELP,
    vocabulary=VOCABULARY,
)
