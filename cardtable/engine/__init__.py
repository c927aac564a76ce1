"""The game-agnostic kernel: cards in zones, actions, events, observations, seeded
randomness, results and the match record. Pure Python: never imports pygame."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import attributes

if TYPE_CHECKING:
    from .errors import BadDeck, BadOption, BadSetup, IllegalAction, brief
    from .events import HIDDEN, Event, announce, move, words
    from .game import GameInfo, Option
    from .record import BadRecord, Drifted, MatchRecord, check_proof, fingerprint, strict_json
    from .rng import Rng, shuffle_with
    from .state import (
        ALL,
        NONE,
        OWNER,
        TOP,
        Action,
        GameState,
        Result,
        Row,
        Window,
        Zone,
        ranking_of,
        zones_kept,
    )
    from .vocabulary import KINDS, Outcome, Vocabulary

# Each name is imported from its module when first asked for (``lazy``): the app's title
# needs the errors, the events and the record, not the state and the game kernel.
_HOME = {
    "BadDeck": "errors",
    "BadOption": "errors",
    "BadSetup": "errors",
    "IllegalAction": "errors",
    "brief": "errors",
    "Event": "events",
    "HIDDEN": "events",
    "announce": "events",
    "move": "events",
    "words": "events",
    "GameInfo": "game",
    "Option": "game",
    "BadRecord": "record",
    "Drifted": "record",
    "MatchRecord": "record",
    "check_proof": "record",
    "fingerprint": "record",
    "strict_json": "record",
    "Rng": "rng",
    "shuffle_with": "rng",
    "ALL": "state",
    "Action": "state",
    "GameState": "state",
    "NONE": "state",
    "OWNER": "state",
    "Result": "state",
    "Row": "state",
    "TOP": "state",
    "Window": "state",
    "Zone": "state",
    "ranking_of": "state",
    "zones_kept": "state",
    "KINDS": "vocabulary",
    "Outcome": "vocabulary",
    "Vocabulary": "vocabulary",
}


__getattr__ = attributes(__name__, _HOME)


__all__ = [
    "ALL",
    "NONE",
    "OWNER",
    "TOP",
    "HIDDEN",
    "KINDS",
    "Action",
    "BadDeck",
    "BadOption",
    "BadRecord",
    "BadSetup",
    "Drifted",
    "Event",
    "GameInfo",
    "GameState",
    "IllegalAction",
    "MatchRecord",
    "Option",
    "Outcome",
    "Result",
    "Rng",
    "Row",
    "Window",
    "Vocabulary",
    "Zone",
    "announce",
    "brief",
    "check_proof",
    "fingerprint",
    "move",
    "ranking_of",
    "zones_kept",
    "shuffle_with",
    "strict_json",
    "words",
]
