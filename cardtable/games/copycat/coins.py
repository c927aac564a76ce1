"""What Copy Cat's coins do: who pays whom for a Meow and when the deck runs out, and
the ranking bonus of a set. Plain functions of the hands' totals and the coins.
"""

from __future__ import annotations

from collections.abc import Sequence

from .vocabulary import DECK_OUT_PRICE, MEOW_FAIL_PRICE, MEOW_WIN_PRICE, SET_BONUS


def turn_order_from(seat: int, players: int, direction: int) -> list[int]:
    """The other seats in turn order, starting at ``seat``'s left."""
    return [(seat + direction * step) % players for step in range(1, players)]


def meow_payments(totals: Sequence[int], declarer: int, direction: int = 1) -> list:
    """What a Meow pays, as ``(payer, payee, owed)`` in the order they are paid.

    >>> meow_payments([5, 9, 12], declarer=0)
    [(1, 0, 3), (2, 0, 3)]
    >>> meow_payments([9, 9, 12], declarer=0)
    [(0, 1, 6)]
    """
    players = len(totals)
    others = turn_order_from(declarer, players, direction)
    blockers = [seat for seat in others if totals[seat] <= totals[declarer]]
    if not blockers:
        return [(seat, declarer, MEOW_WIN_PRICE) for seat in others]
    return [(declarer, seat, MEOW_FAIL_PRICE) for seat in blockers]


def deck_out_payments(totals: Sequence[int], direction: int = 1) -> list:
    """When the deck runs out: the lowest total takes 1 coin from each other player; tied
    lowest players each take 1 from every player not tied with them. ``(payer, payee,
    owed)``, each payer paying its takers in turn order from its left.

    >>> deck_out_payments([4, 4, 9])
    [(2, 0, 1), (2, 1, 1)]
    """
    players = len(totals)
    low = min(totals)
    takers = {seat for seat in range(players) if totals[seat] == low}
    payments = []
    for payer in range(players):
        if payer in takers:
            continue
        for payee in turn_order_from(payer, players, direction):
            if payee in takers:
                payments.append((payer, payee, DECK_OUT_PRICE))
    return payments


def set_bonuses(coins: Sequence[int]) -> list[int]:
    """Each seat's ranking bonus for a set (FAQ Q3 2). Tied players share their places'
    bonuses equally, rounded toward zero.

    >>> set_bonuses([30, 20, 20, 10])
    [6, 0, 0, -6]
    """
    table = SET_BONUS[len(coins)]
    order = sorted(range(len(coins)), key=lambda seat: -coins[seat])
    bonuses = [0] * len(coins)
    place = 0
    while place < len(order):
        tied = [seat for seat in order if coins[seat] == coins[order[place]]]
        share = sum(table[place : place + len(tied)])
        each = abs(share) // len(tied) * (1 if share >= 0 else -1)
        for seat in tied:
            bonuses[seat] = each
        place += len(tied)
    return bonuses
