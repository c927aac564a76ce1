"""Copy Cat ("Meow!"): play numbers nobody else holds, copy what others play for coins,
and declare Meow when your hand totals the lowest.

The package by seam: ``vocabulary`` (cards, action codes, ``parse``, events, outcome),
``tables`` (the moves a hand offers, looked up), ``coins`` (what a Meow, a deck-out and a
set pay), ``state`` (the contract), ``rules`` (why a move is refused and how it plays
out) and ``rules_help.md`` (what a player reads).
"""

from __future__ import annotations

from importlib import resources

from cardtable.engine import GameInfo, Option

from .state import CopyCatState
from .vocabulary import VOCABULARY

RULES_HELP = resources.files(__name__).joinpath("rules_help.md").read_text(encoding="utf-8")

INFO = GameInfo(
    id="copycat",
    title="Copy Cat",
    min_players=2,
    max_players=5,
    state_class=CopyCatState,
    summary="Play numbers nobody else holds; copies cost you coins; Meow with the lowest hand.",
    rules_help=RULES_HELP,
    options=(
        Option(
            "reverse",
            False,
            "Play turns counter-clockwise once everyone has started a game (FAQ Q3 1).",
        ),
        Option(
            "sets",
            1,
            "Play 3 or 5 sets with coins reset and a ranking bonus per set (FAQ Q3 2).",
            choices=(1, 3, 5),
        ),
    ),
    vocabulary=VOCABULARY,
)
