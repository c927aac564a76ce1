"""What the Heck?'s state: simultaneous secret bids for positive and negative Point Cards,
and the game's contract: what may be done, by whom, what each seat sees, how it ended.

Zones: ``points`` (the face-down Point Card stack), ``center`` (the face-up Point Card or
cards), ``hand:N`` (Player Cards not yet used), ``bid:N`` (the card laid face down this
round), ``played:N`` (used Player Cards, face up), ``won:N`` (collected Point Cards) and
``unclaimed`` (Point Cards nobody took on an all-tie in the last round).

How a round plays out is in ``rules``.
"""

from __future__ import annotations

from typing import Any

from cardtable.engine import ALL, NONE, OWNER, Action, Event, GameState, IllegalAction, Result, Zone

from .rules import WhatTheHeckRules
from .tables import BIDS, LAID, RANK
from .vocabulary import PLAYER_CARDS, POINT_CARDS, ROUNDS, parse


class WhatTheHeckState(WhatTheHeckRules, GameState):
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
        return list(map(BIDS.__getitem__, sorted(self.hands[seat], key=RANK.__getitem__)))

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
        events = [LAID[seat][card]]
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
