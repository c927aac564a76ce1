"""The hooks by which a table speaks its game's vocabulary (``engine.vocabulary``): its
own looks for events by the names the game declares, the names it leaves to their kind's
default look on purpose, its phrases for banners and log, and its words for how a game
ended on the results screen. ``TableScene`` takes them from here; a game's table sets
what it needs. Not for the looks themselves (the animator and the table's methods).
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.engine import Event

from .parts.phrases import AS_WRITTEN, Phrases
from .parts.words import OutcomeWords

#: A look for one event: queues the animation steps that show it.
Look = Callable[[Event], None]


class TableVocabulary:
    """A table's words and looks by its game's event names (defaults: none of its own)."""

    #: The game's announcements in words for its banners and log (``parts.phrases``).
    phrases: Phrases = AS_WRITTEN
    #: The game's event names this table leaves to the default look of their kind (a
    #: banner of the words, nothing for a turn) on purpose: every other name it declares
    #: has a look in ``animations`` (the table's or a moment's).
    defaulted: frozenset[str] = frozenset()
    #: What the results screen says of how a game ended, in place of scores (MEAN!'s
    #: "went out", "3 cards left"); None: the scores.
    outcome_words: OutcomeWords | None = None

    def animations(self) -> dict[str, Look]:
        """The table's own looks by event name: a name its game declares or an event kind
        (the animator's table of looks; a moment has one too). None: the defaults."""
        return {}
