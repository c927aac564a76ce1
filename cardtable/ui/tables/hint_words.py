"""A hint in words: what the move is, said as the table log says moves ("you play 2
Sevens"), and in a few words why ("it empties your hand").

The move is made on a copy of the match's state, and only what it does to the player's
own cards is said (with the line that says it), never what follows (a draw, a card
turned up), so the hint tells nothing the player could not know. A table may say a move
itself (``hint_what``). The reason is read from that same event: what it
does to the player's own cards. Not for choosing the move (``hints`` asks the hard bot).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

from cardtable.engine import Event, IllegalAction

from .log import capital, generic, seat_of


class HintWordsDoor(Protocol):
    """What saying a hint touches of its table: the viewer, the names and the cards it
    says them with, and the game's words (``describer``, ``phrases``, ``label_for``)."""

    viewer: int | None
    names: list[str]
    model: dict[str, list[str]]
    describer: Any
    phrases: Any

    def label_for(self, code: str) -> str: ...


#: What a move would do, on a copy of the match (``Match.preview``): its events.
Preview = Callable[[int, str], list[Event]]


def own_events(table: HintWordsDoor, preview: Preview, code: str) -> list[Event]:
    """What ``code`` does to the viewer's own cards, as they see it."""
    seat = table.viewer
    if seat is None:
        return []
    try:
        events = preview(seat, code)
    except IllegalAction:  # the moment passed: the hint is said by its label
        return []
    # Only the moves of the viewer's own cards and the words that say them: what comes
    # after (a draw, a card turned up, a fake-out) may hang on cards nobody has seen.
    own: list[Event] = []
    for event in events:
        mine = event.kind == "move" and seat_of(event.src) == seat and event.seat == seat
        said = event.kind == "announce" and own and own[-1].kind == "move"
        if not (mine or said):
            break
        own.append(event)
    return own


def move_said(table: HintWordsDoor, event: Event) -> str:
    """The event in the log's words, "you" for the viewer ("" says nothing)."""
    viewer = table.viewer

    def who(seat: int | None) -> str:
        if seat is None:
            return "the table"
        return "you" if seat == viewer else table.names[seat]

    line = table.describer(event, who) if table.describer is not None else None
    if line is None and event.kind == "move":
        line = generic(event, who)
    elif line is None and event.text:
        line = table.phrases.say(event, who)  # verbs that agree with "you"
    return capital((line or "").lstrip(", ").rstrip("."))


def reason(table: HintWordsDoor, event: Event) -> str:
    """Why, in a few words, from what the move does to the viewer's own cards."""
    viewer = table.viewer
    if event.kind != "move" or seat_of(event.src) != viewer:
        return ""
    kind = (event.src or "").split(":")[0]
    held = len(table.model.get(event.src or "", ()))
    count = len(event.cards)
    if kind == "hand" and held and count >= held:
        return "it empties your hand"
    if kind == "hand" and count >= 2:
        return f"it sheds {count} cards in one go"
    if kind == "up":
        return "it takes a card off your Card Stack"
    return ""


def hint_line(table: HintWordsDoor, preview: Preview, code: str) -> str:
    """ "Hint: You play 2 Sevens: it sheds 2 cards in one go"."""
    own_words = getattr(table, "hint_what", None)
    said = own_words(code) if own_words is not None else None
    if said:
        return f"Hint: {said}"
    events = own_events(table, preview, code)
    what = next((line for line in map(partial(move_said, table), events) if line), "")
    moves = [event for event in events if event.kind == "move"]
    why = reason(table, moves[0]) if moves else ""
    what = what or table.label_for(code)
    return f"Hint: {what}: {why}" if why else f"Hint: {what}"
