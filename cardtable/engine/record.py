"""The match record: everything needed to replay a game exactly (seed, options, actions),
and what proves it is the game that was played.

Saved as versioned JSON. Replaying lives in ``cardtable.games.registry.replay`` because
only the games layer knows the rules. ``strict_json`` is the one JSON reader for files a
player's disk may have damaged (records here, settings and statistics in ``storage``).

The proof: a record carries the fingerprint of its deal (every card of every zone, in
order, as the game set them out) and of the state its last move left (``fingerprint``).
A replay that deals otherwise (a seed, option or deck changed) or ends elsewhere (a move
changed, added or taken out) is refused with one sentence (``Drifted``), the same way for
every game; a game whose moves name no card (What the Heck?'s bids) would otherwise
replay an edited record as another game without a word. A record written before records
carried a proof has none: it is replayed as it stands, as it always was.
"""

from __future__ import annotations

import copy
import json
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import brief

if TYPE_CHECKING:
    from .state import GameState

RECORD_VERSION = 1
NAME_LIMIT = 64  # a game id, a seat kind
CODE_LIMIT = 200  # one action's code
ACTION_LIMIT = 1_000_000  # actions in one record
DECK_LIMIT = 1_000  # cards in a stacked deck


class BadRecord(ValueError):
    """A record file that cannot be read; the message says why."""


class Drifted(BadRecord):
    """A record whose replay is not the game it recorded (its proof does not match)."""


PROOF_STAGES = {
    "deal": "its deal differs, so its seed, options or deck were changed",
    "end": "its moves end elsewhere, so they were changed",
}


def fingerprint(state: GameState) -> str:
    """What proves a state is the one reached: every zone's cards in order, who is to act,
    how many steps were taken and the result, hashed (16 hex digits)."""
    import hashlib  # here: the app's start-up reads no record

    zones = sorted(state.zones().items())
    text = "".join([f"{name}:{' '.join(zone.cards)};" for name, zone in zones])
    to_act, result = list(state.to_act), state.result
    if result is None and all(type(seat) is int for seat in to_act):
        # A game under way (every new game's deal): the tail as ``json.dumps`` writes it,
        # without the encoder it makes for every call (2 to 3 µs of a deal's 6 to 15).
        tail = f"[{to_act}, {len(state.history)}, null]"
    else:
        whole = [to_act, len(state.history), None if result is None else result.to_dict()]
        tail = json.dumps(whole, sort_keys=True)
    return hashlib.sha256((text + tail).encode()).hexdigest()[:16]


def check_proof(record: MatchRecord, stage: str, state: GameState) -> None:
    """``Drifted`` in one sentence when ``state`` is not what ``record``'s proof says it
    was at ``stage`` ("deal": just set out; "end": after its last move). A record
    without a proof (one written before records carried one) passes."""
    expected = (record.proof or {}).get(stage)
    if expected is not None and fingerprint(state) != expected:
        raise Drifted(f"the record is not the game that was played: {PROOF_STAGES[stage]}")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"a number too large to hold ({brief(text)})")
    return number


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not a number a file may hold")


def strict_json(text: str) -> Any:
    """``json.loads`` for untrusted text: ``ValueError`` with a short reason for broken
    JSON, NaN, Infinity, 1e999, integers beyond Python's digit limit and nesting too deep
    to read; never ``RecursionError`` or a number that is not finite."""
    try:
        return json.loads(text, parse_float=_finite, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise ValueError(f"broken JSON: {error.msg} at line {error.lineno}") from None
    except RecursionError:
        raise ValueError("nested too deeply") from None
    except ValueError as error:  # the digit limit of int(), or _finite
        raise ValueError(brief(str(error), 80).strip("'\"")) from None


def _text(value: Any, what: str, limit: int = NAME_LIMIT) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise BadRecord(f"{what} must be a text of at most {limit} characters")
    return value


def _whole(value: Any, what: str) -> int:
    if type(value) is not int:
        raise BadRecord(f"{what} must be a whole number, not {brief(value)}")
    return value


@dataclass
class MatchRecord:
    game_id: str
    players: int
    seed: int | str
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[str] = field(default_factory=list)
    actions: list[tuple[int, str]] = field(default_factory=list)
    deck: list[str] | None = None
    # What proves the game: {"deal": ..., "end": ...} (``fingerprint``); None in a record
    # written before records carried it.
    proof: dict[str, str] | None = None

    def add(self, seat: int, code: str) -> None:
        self.actions.append((seat, code))

    def to_dict(self) -> dict[str, Any]:
        # ``asdict``'s fields in its order, written out: it would copy every action twice.
        return {
            "game_id": self.game_id,
            "players": self.players,
            "seed": self.seed,
            "options": copy.deepcopy(self.options),
            "seats": list(self.seats),
            "actions": [[seat, code] for seat, code in self.actions],
            "deck": None if self.deck is None else list(self.deck),
            **({} if self.proof is None else {"proof": dict(self.proof)}),
            "version": RECORD_VERSION,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_json(cls, text: str) -> MatchRecord:
        """The record in ``text``, or ``BadRecord`` saying what is wrong. Every field is
        checked for its type here; whether the game allows the values (players, options,
        deck, each action) is the game's own check when the record is replayed."""
        try:
            data = strict_json(text)
        except ValueError as error:
            raise BadRecord(f"not a match record ({error})") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> MatchRecord:
        if not isinstance(data, dict) or data.get("version") != RECORD_VERSION:
            raise BadRecord("not a match record of this version of Card Table")
        missing = [name for name in ("game_id", "players", "seed", "actions") if name not in data]
        if missing:
            raise BadRecord(f"match record has no {', '.join(missing)}")
        seed = data["seed"]
        if not (isinstance(seed, str) or type(seed) is int):
            raise BadRecord(f"the seed must be a whole number or a text, not {brief(seed)}")
        options = data.get("options")
        options = {} if options is None else options
        if not isinstance(options, dict) or not all(
            isinstance(value, str | int | float) for value in options.values()
        ):
            raise BadRecord("options must map option names to numbers, texts or on/off")
        seats = data.get("seats")
        seats = [] if seats is None else seats
        if not isinstance(seats, list):
            raise BadRecord("seats must be a list of seat kinds")
        actions = data["actions"]
        if not isinstance(actions, list) or len(actions) > ACTION_LIMIT:
            raise BadRecord(f"actions must be a list of at most {ACTION_LIMIT} [seat, code] pairs")
        pairs: list[tuple[int, str]] = []
        for action in actions:
            if not isinstance(action, list) or len(action) != 2:
                raise BadRecord(f"an action must be a [seat, code] pair, not {brief(action)}")
            pairs.append(
                (_whole(action[0], "an action's seat"), _text(action[1], "a code", CODE_LIMIT))
            )
        deck = data.get("deck")
        if deck is not None and (
            not isinstance(deck, list)
            or len(deck) > DECK_LIMIT
            or not all(isinstance(card, str) and len(card) <= NAME_LIMIT for card in deck)
        ):
            raise BadRecord("the deck must be a list of card codes")
        proof = data.get("proof")
        if proof is not None and (
            not isinstance(proof, dict)
            or not set(proof) <= set(PROOF_STAGES)
            or not all(
                isinstance(value, str) and len(value) <= NAME_LIMIT for value in proof.values()
            )
        ):
            raise BadRecord("the proof must name the deal's and the end's fingerprints")
        return cls(
            game_id=_text(data["game_id"], "the game id"),
            players=_whole(data["players"], "the player count"),
            seed=seed,
            options=dict(options),
            seats=[_text(seat, "a seat kind") for seat in seats],
            actions=pairs,
            deck=deck,
            proof=None if proof is None else dict(proof),
        )
