"""The game-agnostic kernel: cards in zones, actions, events, observations, seeded
randomness, results and the match record. Pure Python: never imports pygame."""

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
