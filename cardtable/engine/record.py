"""The match record: everything needed to replay a game exactly (seed, options, actions).

Saved as versioned JSON. Replaying lives in ``cardtable.games.registry.replay`` because
only the games layer knows the rules.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

RECORD_VERSION = 1


class BadRecord(ValueError):
    """A record file that cannot be read; the message says why."""


@dataclass
class MatchRecord:
    game_id: str
    players: int
    seed: int | str
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[str] = field(default_factory=list)
    actions: list[tuple[int, str]] = field(default_factory=list)
    deck: list[str] | None = None

    def add(self, seat: int, code: str) -> None:
        self.actions.append((seat, code))

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["version"] = RECORD_VERSION
        data["actions"] = [[seat, code] for seat, code in self.actions]
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_json(cls, text: str) -> MatchRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise BadRecord(f"not a match record (broken JSON: {error.msg})") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> MatchRecord:
        if not isinstance(data, dict) or data.get("version") != RECORD_VERSION:
            raise BadRecord("not a match record of this version of Card Table")
        try:
            return cls(
                game_id=str(data["game_id"]),
                players=int(data["players"]),
                seed=data["seed"],
                options=dict(data.get("options") or {}),
                seats=[str(s) for s in data.get("seats") or []],
                actions=[(int(seat), str(code)) for seat, code in data["actions"]],
                deck=None if data.get("deck") is None else [str(c) for c in data["deck"]],
            )
        except (KeyError, TypeError, ValueError) as error:
            raise BadRecord(f"match record is missing or has a bad field: {error}") from None
