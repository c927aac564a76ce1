"""Events: what a player sees happen at the table.

The table animates events and never diffs states. An event that moves a card names the
zones it leaves and reaches (``hand:2``, ``draw``, ``discard``, ``play``, ``punish:1``,
``bid:0`` ...) and says who sees its face: everyone (``"up"``), nobody (``"down"``) or one
seat (an int). ``for_seat`` hides what that seat may not see.

Events carry data, not words for people: an announcement names ``what`` happened
(``"mean"``, ``"swap"``, ``"match-over"`` ...) and the ``seats`` involved, and its ``text``
is a template whose ``{P0}``, ``{P1}`` ... stand for the players at those seats. Each game
declares every ``what`` it uses (``engine.vocabulary``, ``games/<game>/vocabulary.py``).
The ui builds its words from the data, or fills in names with ``words(event, names)``;
no table ever matches or mends the English.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

HIDDEN = "?"

Face = str | int  # "up", "down", or the one seat that sees it
_new_tuple = tuple.__new__


class _EventFields(NamedTuple):
    """The fields of an ``Event``, in order (``Event`` gives their defaults)."""

    kind: str
    cards: tuple[str, ...]
    src: str | None
    dst: str | None
    face: Face
    seat: int | None
    text: str
    data: dict[str, Any]
    what: str
    seats: tuple[int, ...]


class Event(_EventFields):
    """One thing that happened. ``kind`` is one of:

    move      ``cards`` go from ``src`` to ``dst``; ``face`` says who sees them
    reveal    ``cards`` in ``src`` turn face up for everyone
    shuffle   the cards of ``src`` are shuffled
    deal      a whole deal starts (``text`` names it); card moves follow as ``move``
    turn      ``seat`` is now to act
    score     ``data`` holds the scores after the change
    announce  a short line for everyone: ``what`` says which (a table chooses its animation
              by it), ``seats`` who is involved, ``text`` the words as a template
    slap      a slap round opens, takes a hit, or closes (``data`` tells which)
    over      the game (or hand) is over; ``data`` holds the result

    Never changed once made, ``data`` included: a game may make an event that is always
    the same once and return it every time. Read by field name. A named tuple because games
    make thousands of events in a search, and a tuple is the cheapest immutable record
    Python builds (a frozen dataclass costs half as much again); nothing reads an event by
    position.
    """

    __slots__ = ()

    def __new__(
        cls,
        kind: str,
        cards: tuple[str, ...] = (),
        src: str | None = None,
        dst: str | None = None,
        face: Face = "up",
        seat: int | None = None,
        text: str = "",
        data: dict[str, Any] | None = None,
        what: str = "",
        seats: tuple[int, ...] = (),
    ) -> Event:
        if data is None:
            data = {}
        return _new_tuple(cls, (kind, cards, src, dst, face, seat, text, data, what, seats))

    def for_seat(self, seat: int | None) -> Event:
        """This event as ``seat`` sees it (``None``: a spectator who sees no hands)."""
        if self.kind != "move" or self.face == "up" or self.face == seat:
            return self
        return self._replace(cards=tuple(HIDDEN for _ in self.cards))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.cards:
            out["cards"] = list(self.cards)
        for name in ("src", "dst", "seat"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        if self.kind == "move":
            out["face"] = self.face
        if self.text:
            out["text"] = self.text
        if self.what:
            out["what"] = self.what
        if self.seats:
            out["seats"] = list(self.seats)
        if self.data:
            out["data"] = self.data
        return out

    def __str__(self) -> str:
        parts = [self.kind]
        if self.cards:
            parts.append(" ".join(self.cards))
        if self.src or self.dst:
            parts.append(f"{self.src or ''}->{self.dst or ''}")
        if self.text:
            parts.append(repr(self.text))
        return " ".join(parts)


def move(
    cards, src: str, dst: str, face: Face = "up", seat: int | None = None, **data: Any
) -> Event:
    """A card move; ``cards`` may be one code or several. ``data`` says more about the move
    (what played cards count as, where a cut was made)."""
    cards = (cards,) if type(cards) is str else tuple(cards)
    return Event("move", cards, src, dst, face, seat, "", data)


def announce(
    text: str,
    seat: int | None = None,
    *,
    what: str = "",
    seats: tuple[int, ...] | list[int] = (),
    **data: Any,
) -> Event:
    """An announcement. ``text`` may name players as ``{P<seat>}``: ``announce("{P2} wins!",
    2, what="win", seats=(2,))``."""
    return Event("announce", (), None, None, "up", seat, text, data, what, tuple(seats))


_PLAYER = re.compile(r"\{P(\d+)\}")


def words(event_or_text: Event | str, names: Sequence[str] | Callable[[int], str]) -> str:
    """The event's text for people: ``{P2}`` becomes the name of seat 2 (``names[2]``, or
    ``names(2)`` when ``names`` is a function of the seat).

    >>> words(announce("{P1} swaps hands with {P0}", 1, what="swap", seats=(1, 0)), ["Ada", "Bo"])
    'Bo swaps hands with Ada'
    """
    text = event_or_text.text if isinstance(event_or_text, Event) else event_or_text

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        if callable(names):
            return names(seat)
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat}"

    return _PLAYER.sub(name, text)
