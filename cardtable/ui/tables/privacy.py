"""Several people at one screen: no hand is shown but to its owner. Between their moves
the table shows nobody's hand, and the "Pass to" screen asks for the player whose hand
the next move needs (a chance out of turn first: the next move would take it away).
Not for what a seat may see (the host sends each door only its own seats' views).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from cardtable.play import SeatClient


class PrivacyDoor(Protocol):
    """What the privacy screen touches of its table: the humans here and their names, the
    viewer, the door's moment (who may act), the app's "Pass to" screen, and the game's
    hooks that say which moves need a hand shown."""

    app: Any
    client: SeatClient
    humans: list[int]
    seats: list[Any]
    viewer: int | None

    def legal_codes_of(self, seat: int) -> set[str]: ...

    def show_seat(self, seat: int | None) -> None: ...

    # The game's hooks (``TableScene``'s first section).
    def asks(self, legal: list[str]) -> list[str]: ...

    def needs_hand(self, codes: set[str]) -> bool: ...


def screen(table: PrivacyDoor) -> bool:
    """Turn the table to nobody, and ask for the next person whose hand is needed: True
    while the "Pass to" screen is up (the match waits)."""
    if len(table.humans) < 2:
        return False
    # A chance out of turn first: the next move would take it away, so it turns the table
    # even from the player on turn (who has not moved yet).
    client = table.client
    chances = [s for s in client.out_of_turn() if table.asks(sorted(table.legal_codes_of(s)))]
    wanted = chances + [
        s for s in client.humans_to_act() if table.needs_hand(table.legal_codes_of(s))
    ]
    if table.viewer is not None and table.viewer not in wanted:
        table.show_seat(None)
    if not wanted or table.viewer in (chances or wanted):
        return False
    following = wanted[0]
    table.show_seat(None)
    ready: Callable[[], None] = lambda: table.show_seat(following)  # noqa: E731
    table.app.cover_table(table.seats[following].name, ready)
    return True
