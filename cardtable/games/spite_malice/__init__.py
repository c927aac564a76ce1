"""Spite & Malice: empty your Card Stack onto shared Build Piles that run from 1 to 13,
with Wilds that stand for a card and Spite cards played at other players, even out of
turn.

The package by seam: ``vocabulary`` (cards, action codes, ``parse``, events, outcome),
``tables`` (every move's one Action, looked up), ``state`` (the contract and what may be
played), ``rules`` (how moves play out, the end of progress), ``refusals`` (why a move is
refused) and ``rules_help.md`` (what a player reads).
"""

from __future__ import annotations

from importlib import resources

from cardtable.engine import GameInfo, Option

from .state import SpiteMaliceState
from .vocabulary import MAX_STACK_CARDS, VOCABULARY, stack_limit

RULES_HELP = resources.files(__name__).joinpath("rules_help.md").read_text(encoding="utf-8")

INFO = GameInfo(
    id="spite-malice",
    title="Spite & Malice",
    min_players=2,
    max_players=5,
    state_class=SpiteMaliceState,
    summary="Empty your Card Stack onto shared Build Piles from 1 to 13; Spite your rivals.",
    rules_help=RULES_HELP,
    options=(
        Option(
            "spite",
            True,
            "Spite half of the Wild-Spite cards (off: Wild half only, for first games).",
        ),
        Option(
            "stack",
            8,
            "Cards in each Card Stack (5 to 30, and 60 cards in all: 15 each for 4 players).",
            minimum=5,
            maximum=30,
            most_for=stack_limit,
            most_for_why=f" ({MAX_STACK_CARDS} cards in all)",
        ),
    ),
    vocabulary=VOCABULARY,
)
