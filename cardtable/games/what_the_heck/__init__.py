"""What the Heck?: simultaneous secret bids for positive and negative Point Cards.

The package by seam: ``vocabulary`` (cards, the action code, ``parse``, events, outcome),
``tables`` (what the rules look up instead of building), ``state`` (the contract),
``rules`` (which bid wins, how a round plays out) and ``rules_help.md`` (what a player
reads).
"""

from __future__ import annotations

from importlib import resources

from cardtable.engine import GameInfo

from .state import WhatTheHeckState
from .vocabulary import MAX_PLAYERS, VOCABULARY

RULES_HELP = resources.files(__name__).joinpath("rules_help.md").read_text(encoding="utf-8")

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
