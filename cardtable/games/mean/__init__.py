"""MEAN!: a shedding game steered by the Card Direction, with Eights that swap hands,
Sixes that punish the next player, and Punishment Piles for whoever cannot play.

The package by seam: ``vocabulary`` (cards, action codes, ``parse``, events, outcome),
``tables`` (what the rules look up instead of building), ``state`` (the contract),
``rules`` (how moves play out), ``refusals`` (why a move is refused) and
``rules_help.md`` (what a player reads).
"""

from __future__ import annotations

from importlib import resources

from cardtable.engine import GameInfo, Option

from .state import MeanState
from .vocabulary import MAX_PLAYERS, VOCABULARY

RULES_HELP = resources.files(__name__).joinpath("rules_help.md").read_text(encoding="utf-8")

INFO = GameInfo(
    id="mean",
    title="MEAN!",
    min_players=2,
    max_players=MAX_PLAYERS,
    state_class=MeanState,
    summary="Shed your cards Going Up or Going Down; Sixes punish, Eights swap hands.",
    rules_help=RULES_HELP,
    options=(
        Option(
            "play_on",
            False,
            "Play on until one loser remains (winners leave the table one by one).",
        ),
    ),
    vocabulary=VOCABULARY,
)
