"""A table's part for play across computers: the line that says how to join and who is
away (``line``, drawn under the top bar; a click on it hands the away players' seats to
bots, the host's call), names and hints that come through the door, and a joined table's
guard: a host is outside input too, so what its messages hold and cannot be shown ends
the table with one sentence, never the app.
Not for carrying messages (``cardtable.net``) or the match (``match``, ``remote``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from cardtable.play import Happening

from .. import theme
from .drawing import TOP_BAR
from .notice import Placement, card_places, shapes
from .remote import RemoteMatch

AGAIN = 2.0  # seconds between looks at where the line should lie


class NetworkDoor(Protocol):
    """What the network part touches of its table: the window (``app``: leaving, the
    sentence), the door to the match (``client``: who is away) and the match (a hosted
    table's room), the seats' names it keeps up to date, the viewer and the hints."""

    app: Any
    client: Any
    match: Any
    names: list[str]
    seats: list[Any]
    viewer: int | None
    tools: Any
    view: Any


class TableNetwork:
    """A moment of the table (``table.moments``): drawn with the others, above the cards,
    under the top bar; it has no looks of its own."""

    def __init__(self, table: NetworkDoor) -> None:
        self.table = table
        self.box: pygame.Rect | None = None  # where the line was drawn
        self.place = Placement()  # where it goes: clear of what the table shows
        self.age = 0.0  # seconds since it was last placed
        self.left = False  # left for the title with a sentence

    def happen(self, happening: Happening) -> None:
        table = self.table
        if happening.kind == "presence":  # a player joined, dropped or came back
            table.names = list(table.client.names)
            for controller, name in zip(table.seats, table.names, strict=False):
                controller.name = name
        elif happening.kind == "advice" and happening.seat == table.viewer:
            table.tools.hints.show(happening.code)

    def animations(self) -> dict[str, Any]:
        return {}

    def update(self, dt: float) -> None:
        """The line is made again every frame; where it lies is looked at again every
        ``AGAIN`` seconds (it stays up for long: the table changes under it)."""
        self.age += dt
        if self.age >= AGAIN:
            self.age = 0.0
            self.place.forget()

    def draw(self, surface: pygame.Surface) -> None:
        """How to join, who is reconnecting: under the top bar, where it covers nothing
        (a click on it hands the away players' seats to bots)."""
        words = self.line()
        self.box = None
        if not words:
            self.place.forget()
            return
        width = surface.get_width()
        options = shapes(words, width - 80, (16, 14))
        places = lambda: card_places(self.table.view, {})  # noqa: E731 (targets are drawn)
        if self.place.key is not None and self.place.box.collidelist(places()) != -1:
            self.place.forget()  # it stays up for long: cards dealt since may lie there
        look = (theme.PANEL, theme.GOLD, 225)
        wanted = (width // 2, TOP_BAR + 36)  # just under the top bar, where there is room
        self.box = self.place.draw(surface, words, options, wanted, places, (None, None), look)

    def line(self) -> str:
        """What the players should know of the network: how to join, who is away."""
        table = self.table
        client, match, names = table.client, table.match, table.names
        hosting = getattr(match, "hosting", None)
        parts = []
        if hosting is not None:
            open_seats = hosting.room.open_seats()
            if open_seats:
                seats = "a seat" if len(open_seats) == 1 else f"{len(open_seats)} seats"
                parts.append(f"Join at {hosting.address}, room code {hosting.code} ({seats} open)")
        elif isinstance(match, RemoteMatch) and not match.door.connected:
            parts.append("Reconnecting to the table…")
        waiting = False
        for seat in client.away:
            if seat in client.stand_ins:
                parts.append(f"A bot plays for {names[seat]} until they are back")
            elif seat not in client.seats:
                parts.append(f"{names[seat]} is reconnecting…")
                waiting = True
        if waiting and hosting is not None:
            parts.append("click here to let a bot play for them now")
        return " · ".join(parts)

    def clicked(self, event: pygame.event.Event) -> bool:
        """A click on the line while players are away: their seats go to bots now."""
        click = event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1
        on_line = click and self.box is not None and self.box.collidepoint(event.pos)
        return bool(on_line) and self.hand_over_away()

    def hand_over_away(self) -> bool:
        """The host's call: every away player's seat is played by a bot from now (they
        take it back when they return). True when there was one to hand over."""
        hosting = getattr(self.table.match, "hosting", None)
        if hosting is None:
            return False
        room = hosting.room
        away = [seat for seat in room.away if seat not in room.stand_ins]
        for seat in away:
            room.hand_over(seat)
        return bool(away)

    def guarded(self, work: Callable[[], None]) -> None:
        """Do ``work``; at a joined table, what the host sent and cannot be shown ends
        the table with one sentence."""
        if not isinstance(self.table.match, RemoteMatch):
            work()
            return
        try:
            work()
        except Exception as error:  # anything a crafted view may raise
            self.leave_with(f"The table sent what cannot be shown ({type(error).__name__}).")

    def leave_with(self, sentence: str) -> None:
        """The table cannot go on (the host turned this seat away, closed the table, sent
        what cannot be shown): back to the title, saying why in one sentence."""
        if self.left:
            return
        self.left = True
        self.table.app.show_title()
        self.table.app.tell(sentence)
