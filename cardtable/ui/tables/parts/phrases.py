"""A game's announcements in words, built from each event's data: who did it (a name, or
"you"/"You" for the viewer) with a verb that agrees (``parts.words.agree``), and the
counts and values the event carries. The banners and the table log say the same phrase;
only the rules' words that name no player as the one doing something are said as the
rules wrote them, their ``{P<seat>}`` filled in with names.

Each game's table package lists its phrases by the names its game declares
(``engine.vocabulary``) and the names it says as written; a name the game does not
declare is an error when the list is made. Game-agnostic. Not for card moves (a game's
``describe``) nor for the rules' own text (``engine.words``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from cardtable.engine import Event, Vocabulary, words

#: who(seat) -> "you" (in the log) or "You" (a banner) for the viewer, else the name.
Who = Callable[[int], str]
#: phrase(event, who) -> the words for one announcement.
Phrase = Callable[[Event, Who], str]


def as_written(event: Event, who: Who) -> str:
    """The rules' words with the players' names filled in."""
    return words(event, who)


class Phrases:
    """``say(event, who)``: the phrase for the event's ``what`` from ``said``, or the
    rules' words for a name listed in ``written`` (and for an event with no name)."""

    def __init__(
        self, vocabulary: Vocabulary, said: Mapping[str, Phrase], written: Iterable[str] = ()
    ) -> None:
        self.said = dict(said)
        self.written = frozenset(written)
        vocabulary.check(self.said, "the phrases")
        vocabulary.check(self.written, "the phrases said as written")
        both = sorted(self.written & set(self.said))
        if both:
            raise ValueError(f"phrases both made and said as written: {both}")

    @property
    def names(self) -> frozenset[str]:
        """Every name these phrases say, made or as written."""
        return self.written | set(self.said)

    def say(self, event: Event, who: Who) -> str:
        phrase = self.said.get(event.what)
        return as_written(event, who) if phrase is None else phrase(event, who)


#: For a game without phrases of its own: everything as the rules wrote it.
AS_WRITTEN = Phrases(Vocabulary(), {})
