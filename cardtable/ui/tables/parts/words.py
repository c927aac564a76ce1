"""Words a table puts together from the players' names and counts, in plain English:
"3 cards", "Ann, Bo and Cy", "You take" / "Ann takes".

Game-agnostic; a table's own phrases stay in the table. Not for announcements (the
rules write those, ``engine.words`` fills in the names).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable.engine import Event


def count(number: int, thing: str) -> str:
    """``1 card``, ``3 cards``, ``-1 pt``, ``0 pts``."""
    return f"{number} {thing}" + ("" if abs(number) == 1 else "s")


def some(number: int, thing: str) -> str:
    """``a pile``, ``3 piles``: a count said as a player would say it."""
    return f"a {thing}" if number == 1 else f"{number} {thing}s"


def and_names(names: list[str]) -> str:
    """ "Ann", "Ann and Bo", "Ann, Bo and Cy"."""
    return (
        ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + (names[-1] if names else "")
    )


# Verbs whose forms after a name are not the plain one with an "s".
_IRREGULAR = {"be": ("are", "is"), "have": ("have", "has")}


def form(name: str, verb: str) -> str:
    """The form of ``verb`` that agrees with ``name``: ``take`` after "You", ``takes``
    after "Ada"; ``copies``, ``goes``, ``passes``, ``has``, ``is``; ``must`` stays."""
    you = name.lower() == "you"
    if verb in _IRREGULAR:
        return _IRREGULAR[verb][0 if you else 1]
    if you or verb in ("must", "can", "will"):
        return verb
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return f"{verb[:-1]}ies"
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return f"{verb}es"
    return f"{verb}s"


def agree(name: str, verb: str) -> str:
    """``Ada takes`` / ``You take``, ``Ada copies`` / ``You copy``: a name with a verb
    that agrees."""
    return f"{name} {form(name, verb)}"


class HandTally:
    """Every hand's scores and the running totals, as paper and pencil would have them:
    the rows of a score sheet that grows a hand at a time. ``add`` each ``hand-over``
    event (``data["hand"]``, ``data["hand_scores"]``); ``sheet`` gives a table's
    ``sheet_rows``. ``shown`` writes one hand's score (``"+3"``, ``"out · 0"``)."""

    def __init__(self, shown: Callable[[int], str] = str) -> None:
        self.rows: list[tuple[str, ...]] = []
        self.shown = shown

    def add(self, event: Event) -> None:
        hand = str(event.data.get("hand", len(self.rows) + 1))
        self.rows.append((hand, *(self.shown(s) for s in event.data.get("hand_scores", []))))

    def sheet(
        self, event: Event, names: list[str]
    ) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
        totals = ("Total", *(str(score) for score in event.data.get("scores", [])))
        return ("Hand", *names), [*self.rows, totals]


def ordinal(place: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``: a place as score sheets write it."""
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


@dataclass(frozen=True)
class OutcomeWords:
    """What a game's results screen says of its typed outcome (the game's ``Outcome``,
    ``cardtable.engine.vocabulary``) in place of scores: the last column's ``heading``,
    each seat's ``place`` words (``place(outcome, seat)``) and a ``note`` under the
    headline on how the game ended, "" when it was the usual way (``note(outcome,
    names)``). A table that has them sets ``outcome_words``; without, the results show
    the score."""

    heading: str
    place: Callable[[Any, int], str]
    note: Callable[[Any, list[str]], str] = lambda _outcome, _names: ""
