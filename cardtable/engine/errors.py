"""Errors the engine raises. Not for ui-side problems (those live in cardtable.ui)."""

from __future__ import annotations

from typing import Any

ECHO_LIMIT = 40  # how much of a bad value an error message repeats


def brief(value: Any, limit: int = ECHO_LIMIT) -> str:
    """``repr(value)`` cut to ``limit`` characters, for echoing bad input in one line.

    >>> brief("x" * 100, 10)
    "'xxxxxxxxx... (102 characters)"
    """
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    text = text.encode("ascii", "backslashreplace").decode("ascii")
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


class IllegalAction(Exception):
    """A move the rules refuse. ``reason`` is what a player would be told.

    Raising it never leaves a state half-changed: games check before they change anything.
    """

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class BadSetup(ValueError):
    """A new game asked for with an argument the game does not allow (the players, the
    seed, the options or the deck); the message says what is allowed."""


class BadDeck(BadSetup):
    """A stacked deck that is not a complete deck for the game and player count."""


class BadOption(BadSetup):
    """A game option that the game does not have, or a value it does not allow."""
