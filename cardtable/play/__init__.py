"""Playing a match: the referee that runs one between bots and local humans on a clock it
is handed (``cardtable sim`` on a virtual clock, the table on the app's). Pure Python,
never pygame. Not for rules (``cardtable.games``) or how bots decide
(``cardtable.strategy``).

>>> from cardtable.games import registry
>>> ref = Referee(registry.get("mean").new_game(2, seed=1), make_bots("mean", ["easy"] * 2, 1))
>>> ref.run().is_over
True
"""

from __future__ import annotations

from .referee import MAX_STEPS, InlineExecutor, MatchTooLong, Referee, make_bots

__all__ = ["MAX_STEPS", "InlineExecutor", "MatchTooLong", "Referee", "make_bots"]
