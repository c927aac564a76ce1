"""A table log describer built from a game's list of move lines: each line names the
zones a move goes from and to (``fnmatch`` patterns such as ``"hand:*"``) and says it
(the one who moved with a verb that agrees, "Bo plays" / "You play", then "{cards}"), so
a game's ``describe.py`` is mostly its own words.

Game-agnostic; what a game says beyond plain moves (a Wild's value, an announcement's own
words) stays in its ``describe``, which falls back on the lines. Not for announcements in
general (the rules write those, ``engine.words`` fills in the names).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fnmatch import fnmatchcase
from typing import NamedTuple

from cardtable.engine import Event

from ..log import Describer, Who, move_words, seat_of
from .words import agree


class MoveLine(NamedTuple):
    """A move from ``src`` to ``dst`` (zone patterns), said as the one who made it with
    ``verb`` agreeing ("draw": "Bo draws", "You draw") and then ``says``: a template with
    ``{actor}``, ``{cards}`` and ``{src_number}`` (the source zone's seat plus one). No
    verb: ``says`` alone, ``""`` to say nothing. ``face``, when given, is the face the
    move must have."""

    src: str
    dst: str
    verb: str
    says: str
    face: str | None = None


def move_describer(lines: Sequence[MoveLine], label: Callable[[str], str] = str) -> Describer:
    """``describe(event, who)`` for the table log: the first of ``lines`` that matches a
    move says it (each card named by ``label``); any other event gets the usual words."""

    def describe(event: Event, who: Who) -> str | None:
        said = move_words(event, who, label)
        if said is None:
            return None
        src, dst, actor, cards = said
        for line in lines:
            if line.face is not None and event.face != line.face:
                continue
            if fnmatchcase(src, line.src) and fnmatchcase(dst, line.dst):
                number = (seat_of(src) or 0) + 1
                said = line.says.format(actor=actor, cards=cards, src_number=number)
                return f"{agree(actor, line.verb)} {said}" if line.verb else said
        return None

    return describe
