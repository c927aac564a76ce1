"""Hit the Deck: match colours and numbers, cut and flip the deck, and race to slap it.

The package by seam: ``vocabulary`` (cards, what may go on what, action codes,
``parse``, events, outcome), ``tables`` (what may go on what, worked out once),
``state`` (the contract and the slap round's window), ``rules`` (how moves play out)
and ``rules_help.md`` (what a player reads).
"""

from __future__ import annotations

from importlib import resources

from cardtable.engine import GameInfo, Option

from .state import HitTheDeckState
from .vocabulary import VOCABULARY

RULES_HELP = resources.files(__name__).joinpath("rules_help.md").read_text(encoding="utf-8")

INFO = GameInfo(
    id="hit-the-deck",
    title="Hit the Deck",
    min_players=2,
    max_players=6,
    state_class=HitTheDeckState,
    summary="Match colours and numbers, cut and flip the deck, and race to slap it.",
    rules_help=RULES_HELP,
    options=(
        Option(
            "target",
            100,
            "the match ends when a player reaches this many points",
            minimum=10,
            maximum=1000,  # ten times the usual match: still well within any run's bound
        ),
    ),
    vocabulary=VOCABULARY,
)
