"""What the Heck?'s tables, made once: the value of each card, every bid as its one shared
``Action``, and the moves of one Player Card (events are never changed), by seat and card.
"""

from __future__ import annotations

from cardtable.engine import Action, Event

from .vocabulary import MAX_PLAYERS, PLAYER_CARDS, POINT_CARDS, bid_code

RANK = {card: int(card) for card in PLAYER_CARDS}
POINTS = {card: int(card) for card in POINT_CARDS}


WON_ZONES = tuple(f"won:{seat}" for seat in range(MAX_PLAYERS))  # zone names made once
# The moves of one Player Card, always the same, made once per seat and card (events are
# never changed): laid face down (the owner sees it), then turned up and kept in front.
LAID = tuple(
    {
        card: Event("move", (card,), f"hand:{seat}", f"bid:{seat}", seat, seat)
        for card in PLAYER_CARDS
    }
    for seat in range(MAX_PLAYERS)
)
TURNED_UP = tuple(
    {
        card: Event("move", (card,), f"bid:{seat}", f"played:{seat}", "up", seat)
        for card in PLAYER_CARDS
    }
    for seat in range(MAX_PLAYERS)
)


BIDS = {card: Action(bid_code(card)) for card in PLAYER_CARDS}
