"""A game's description: what the registry lists and what starts a play-through.

Not the rules themselves (those are the game's ``GameState`` subclass).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .errors import BadDeck, BadOption
from .state import GameState


@dataclass(frozen=True)
class Option:
    """A named rule option, such as a match target or a variant switch."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def parse(self, value: Any) -> Any:
        """Turn ``value`` (often text from the command line) into the option's type."""
        kind = type(self.default)
        if kind is bool:
            if isinstance(value, bool):
                parsed = value
            elif str(value).lower() in ("1", "true", "yes", "on"):
                parsed = True
            elif str(value).lower() in ("0", "false", "no", "off"):
                parsed = False
            else:
                raise BadOption(f"option {self.name} takes on or off, not {value!r}")
        elif kind is int:
            try:
                parsed = int(value)
            except (TypeError, ValueError):
                raise BadOption(f"option {self.name} takes a whole number, not {value!r}") from None
            if self.minimum is not None and parsed < self.minimum:
                raise BadOption(f"option {self.name} must be at least {self.minimum}")
            if self.maximum is not None and parsed > self.maximum:
                raise BadOption(f"option {self.name} must be at most {self.maximum}")
        else:
            parsed = str(value)
        if self.choices is not None and parsed not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise BadOption(f"option {self.name} takes one of: {allowed}")
        return parsed


@dataclass(frozen=True)
class GameInfo:
    """What the registry knows of a game: ``registry.get("mean")``."""

    id: str
    title: str
    min_players: int
    max_players: int
    state_class: type[GameState]
    summary: str
    rules_help: str
    options: tuple[Option, ...] = field(default_factory=tuple)

    def option_defaults(self) -> dict[str, Any]:
        return {option.name: option.default for option in self.options}

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """The full option set: defaults, overridden by ``options`` (names checked)."""
        resolved = self.option_defaults()
        known = {option.name: option for option in self.options}
        for name, value in (options or {}).items():
            if name not in known:
                allowed = ", ".join(sorted(known)) or "none"
                raise BadOption(f"{self.id} has no option {name!r} (options: {allowed})")
            resolved[name] = known[name].parse(value)
        return resolved

    def check_players(self, players: int) -> None:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise BadOption(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )

    def full_deck(self, players: int, options: dict[str, Any] | None = None) -> list[str]:
        """Every card code of the game at this player count, in a fixed order."""
        return self.state_class.full_deck(players, self.resolve_options(options))

    def new_game(
        self,
        players: int,
        seed: int | str = 0,
        options: dict[str, Any] | None = None,
        deck: list[str] | str | None = None,
    ) -> GameState:
        """A new play-through. ``deck`` stacks the cards setup consumes, top first."""
        self.check_players(players)
        resolved = self.resolve_options(options)
        if isinstance(deck, str):
            deck = deck.split()
        if deck is not None:
            expected = Counter(self.state_class.stacked_part(players, resolved))
            if Counter(deck) != expected:
                missing = expected - Counter(deck)
                extra = Counter(deck) - expected
                raise BadDeck(
                    f"not a full {self.title} deck for {players} players: "
                    f"missing {sorted(missing.elements())}, extra {sorted(extra.elements())}"
                )
        return self.state_class(players=players, seed=seed, options=resolved, deck=deck)
