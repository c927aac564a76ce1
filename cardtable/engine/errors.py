"""Errors the engine raises. Not for ui-side problems (those live in cardtable.ui)."""


class IllegalAction(Exception):
    """A move the rules refuse. ``reason`` is what a player would be told.

    Raising it never leaves a state half-changed: games check before they change anything.
    """

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class BadDeck(ValueError):
    """A stacked deck that is not a complete deck for the game and player count."""


class BadOption(ValueError):
    """A game option that the game does not have, or a value it does not allow."""
