"""Playing a match: the referee that runs one between bots and humans on a clock it is
handed (``cardtable sim`` on a virtual clock, the table on the app's), the pool of
processes the table's bots think in (``BotPool``, handed to the referee as its executor),
and the seat protocol a table reaches its match through (``protocol``; ``MatchHost`` holds
the referee behind the doors, ``LocalDoor`` and ``SeatClient`` are a table's side). Pure
Python, never pygame. Not for rules (``cardtable.games``) or how bots decide
(``cardtable.strategy``).

>>> from cardtable.games import registry
>>> from cardtable.play import Referee, make_bots
>>> ref = Referee(registry.get("mean").new_game(2, seed=1), make_bots("mean", ["easy"] * 2, 1))
>>> ref.run().is_over
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine.lazy import attributes

if TYPE_CHECKING:
    from .door import Happening, LocalDoor, SeatClient
    from .host import MatchHost
    from .pool import BotPool
    from .referee import MAX_STEPS, InlineExecutor, MatchTooLong, Referee, make_bots

# Each name is imported from its module when first asked for (``engine.lazy``): the app's
# title needs none of the referee, the doors, the host or the pool (multiprocessing).
_HOME = {
    "Happening": "door",
    "LocalDoor": "door",
    "SeatClient": "door",
    "MatchHost": "host",
    "BotPool": "pool",
    "MAX_STEPS": "referee",
    "InlineExecutor": "referee",
    "MatchTooLong": "referee",
    "Referee": "referee",
    "make_bots": "referee",
}


__getattr__ = attributes(__name__, _HOME)


__all__ = [
    "MAX_STEPS",
    "BotPool",
    "Happening",
    "InlineExecutor",
    "LocalDoor",
    "MatchHost",
    "MatchTooLong",
    "Referee",
    "SeatClient",
    "make_bots",
]
