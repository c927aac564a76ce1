"""What the Heck?'s rules: which bid takes the Point Cards (``winning_bid``) and how a
round plays out on ``WhatTheHeckState``'s fields once every bid is in.

The rules of ``../shared/seeds/004_ab6e4d04dd330339.txt`` with the rulings of RULINGS.md.
Only the rules: no drawing, no bots.
"""

from __future__ import annotations

from typing import Any

from cardtable.engine import Event, GameState, announce, move

from .tables import POINTS, RANK, TURNED_UP, WON_ZONES
from .vocabulary import ROUNDS


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


class WhatTheHeckRules(GameState):
    """The rounds of ``WhatTheHeckState``: a Point Card turned up, the bids resolved."""

    # The state's fields these rules read and change (``WhatTheHeckState`` sets them out).
    points: list[str]
    center: list[str]
    hands: list[list[str]]
    bids: list[list[str]]
    played: list[list[str]]
    won: list[list[str]]
    unclaimed: list[str]
    round: int
    last_reveal: dict[str, Any] | None
    _over: bool
    waiting: tuple[int, ...]

    def scores(self) -> list[int]:
        return [sum(map(POINTS.__getitem__, won)) for won in self.won]

    def center_total(self) -> int:
        return sum(map(POINTS.__getitem__, self.center))

    def _flip_point_card(self) -> list[Event]:
        card = self.points.pop()
        self.center.append(card)
        return [Event("move", (card,), "points", "center", "up", None, "", {"round": self.round})]

    def _resolve(self) -> list[Event]:
        laid = [bid[0] for bid in self.bids]
        bids = dict(enumerate(map(RANK.__getitem__, laid)))
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
            events.append(TURNED_UP[seat][card])
        last_round = self.round == ROUNDS
        if winner is not None:
            taken = list(self.center)
            self.won[winner].extend(taken)
            self.center.clear()
            events.append(
                Event("move", tuple(taken), "center", WON_ZONES[winner], "up", winner, "", {})
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
