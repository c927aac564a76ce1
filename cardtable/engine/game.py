"""A game's description: what the registry lists and what starts a play-through.

Not the rules themselves (those are the game's ``GameState`` subclass).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from .errors import BadDeck, BadOption, BadSetup, brief
from .record import fingerprint
from .state import GameState
from .vocabulary import Vocabulary

SEED_LIMIT = 100  # a seed is a whole number of at most 100 digits or a text of 100 characters
_WHOLE = re.compile(r"[+-]?[0-9]{1,18}")


def check_seed(seed: Any) -> int | str:
    """``seed`` if it is a seed a game can use, else ``BadSetup`` saying what is allowed."""
    if isinstance(seed, int) and not isinstance(seed, bool):
        if abs(seed) >= 10**SEED_LIMIT:
            raise BadSetup(f"a seed has at most {SEED_LIMIT} digits")
        return seed
    if isinstance(seed, str):
        if len(seed) > SEED_LIMIT:
            raise BadSetup(f"a seed has at most {SEED_LIMIT} characters")
        try:
            seed.encode("utf-8")
        except UnicodeEncodeError:
            raise BadSetup("a seed is text without broken characters (lone surrogates)") from None
        return seed
    raise BadSetup(f"a seed is a whole number or a text, not {brief(seed)}")


@dataclass(frozen=True)
class Option:
    """A named rule option, such as a match target or a variant switch."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    # The most a number may be at a player count, where the rules say so (Spite &
    # Malice's Card Stacks share 60 cards): ``most_for(players)``.
    most_for: Callable[[int], int] | None = None
    # How the rules say why (", 60 cards in all" for the Card Stacks).
    most_for_why: str = ""

    def limits(self, players: int | None = None) -> tuple[int | None, int | None]:
        """The least and the most a number may be (None: no bound), at ``players`` when
        given: the one place an option is checked against the player count."""
        most = self.maximum
        if players is not None and self.most_for is not None:
            allowed = self.most_for(players)
            most = allowed if most is None else min(most, allowed)
        return self.minimum, most

    def parse(self, value: Any, players: int | None = None) -> Any:
        """Turn ``value`` (often text from the command line) into the option's type,
        within its limits (at ``players``, when given: ``limits``)."""
        kind = type(self.default)
        parsed: Any
        if kind is bool:
            if isinstance(value, bool):
                parsed = value
            elif str(value).lower() in ("1", "true", "yes", "on"):
                parsed = True
            elif str(value).lower() in ("0", "false", "no", "off"):
                parsed = False
            else:
                raise BadOption(f"option {self.name} takes on or off, not {brief(value)}")
        elif kind is int:
            parsed = self._whole_number(value)
            least, most = self.limits(players)
            if least is not None and parsed < least:
                raise BadOption(f"option {self.name} must be at least {least}")
            if most is not None and parsed > most:
                if most != self.maximum:  # the player count's bound
                    raise BadOption(
                        f"with {players} players option {self.name} must be at most {most}"
                        f"{self.most_for_why}"
                    )
                raise BadOption(f"option {self.name} must be at most {most}")
        elif isinstance(value, str):
            parsed = value
        else:
            raise BadOption(f"option {self.name} takes a text, not {brief(value)}")
        if self.choices is not None and parsed not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise BadOption(f"option {self.name} takes one of: {allowed}")
        return parsed

    def _whole_number(self, value: Any) -> int:
        """A whole number from an int, a float that is one, or its digits as text; never
        truncated (10.9 is refused, not taken as 10)."""
        refused = BadOption(f"option {self.name} takes a whole number, not {brief(value)}")
        if isinstance(value, bool):
            raise refused
        if isinstance(value, int):
            return value
        if isinstance(value, float):
            if not math.isfinite(value) or not value.is_integer():
                raise refused
            return int(value)
        if isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
            return int(value.strip())
        raise refused


class StateClass(Protocol):
    """A game's ``GameState`` subclass as its ``GameInfo`` uses it: it lists the game's
    deck and deals a play-through, from a stacked ``deck`` when one is given."""

    def __call__(
        self, *, players: int, seed: int | str, options: dict[str, Any], deck: list[str] | None
    ) -> GameState: ...

    def full_deck(self, players: int, options: dict[str, Any]) -> list[str]: ...

    def stacked_part(self, players: int, options: dict[str, Any]) -> list[str]: ...


@dataclass(frozen=True)
class GameInfo:
    """What the registry knows of a game: ``registry.get("mean")``."""

    id: str
    title: str
    min_players: int
    max_players: int
    state_class: StateClass
    summary: str
    rules_help: str
    options: tuple[Option, ...] = field(default_factory=tuple)
    #: The names of its events and the reader of its result (``engine.vocabulary``).
    vocabulary: Vocabulary = field(default_factory=Vocabulary)

    @property
    def keeps_points(self) -> bool:
        """Its results' scores mean something to a player (MEAN! only ranks)."""
        return self.vocabulary.keeps_points

    def option_defaults(self) -> dict[str, Any]:
        return {option.name: option.default for option in self.options}

    def resolve_options(
        self, options: dict[str, Any] | None, players: int | None = None
    ) -> dict[str, Any]:
        """The full option set: defaults, overridden by ``options`` (names checked, each
        value within its limits, at ``players`` when given: ``Option.limits``)."""
        resolved = self.option_defaults()
        known = {option.name: option for option in self.options}
        allowed = ", ".join(sorted(known)) or "none"
        if options is None:
            options = {}
        if not isinstance(options, Mapping):
            raise BadOption(
                f"options are a mapping of option names to values (options: {allowed}), "
                f"not {brief(options)}"
            )
        for name, value in options.items():
            if not isinstance(name, str) or name not in known:
                raise BadOption(f"{self.id} has no option {brief(name)} (options: {allowed})")
            resolved[name] = known[name].parse(value, players)
        if players is not None:  # a default the player count does not allow is no choice
            for option in self.options:
                if option.name not in options:
                    resolved[option.name] = option.parse(resolved[option.name], players)
        return resolved

    def check_players(self, players: int) -> None:
        whole = isinstance(players, int) and not isinstance(players, bool)
        if not whole or not self.min_players <= players <= self.max_players:
            raise BadOption(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"not {brief(players)}"
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
        seed = check_seed(seed)
        resolved = self.resolve_options(options, players)
        if isinstance(deck, str):
            deck = deck.split()
        elif isinstance(deck, tuple):
            deck = list(deck)
        if deck is not None:
            if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
                raise BadDeck(
                    "a stacked deck is a list of card codes, or one text of them "
                    f"separated by spaces, not {brief(deck)}"
                )
            expected = Counter(self.state_class.stacked_part(players, resolved))
            if Counter(deck) != expected:
                missing = expected - Counter(deck)
                extra = Counter(deck) - expected
                raise BadDeck(
                    f"not a full {self.title} deck for {players} players: "
                    f"missing {brief(sorted(missing.elements()), 120)}, "
                    f"extra {brief(sorted(extra.elements()), 120)}"
                )
        state = self.state_class(players=players, seed=seed, options=resolved, deck=deck)
        state.dealt = fingerprint(state)  # what its match record proves its deal by
        return state
