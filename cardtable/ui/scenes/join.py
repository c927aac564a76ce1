"""Join a table on another computer: the tables announced on the local network, or an
address and room code typed or pasted; then an open seat and a name.

Looking a table up and taking the seat happen off the frame (a thread asks the table
which seats are open; the ``NetDoor`` joins on its own loop). A seat this computer held
at that table before (its token, kept in the user folder) is taken back at once: a
player whose app stopped comes back to the same seat and hand. What the network says is
outside input: a refusal or a table that does not answer is one sentence here.
Not for hosting (the setup's "Remote player" seats) or the table itself.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

import pygame

from .. import theme
from ..widgets import Button, ButtonColumn, TextField
from .menu import MenuScene

if TYPE_CHECKING:
    from ..services import AppServices

FIELD_WIDTH = 300


def game_title(game_id: str) -> str:
    """A game's own name for an id a table sent (outside input: unknown ids as sent)."""
    from cardtable.games import registry

    try:
        return registry.get(game_id).title
    except KeyError:
        return game_id[:40]


class JoinScene(MenuScene):
    heading = "Join a table"
    back_keys = (pygame.K_ESCAPE,)  # Backspace mends what was typed

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.name = TextField(app.name_of(0), limit=16)
        self.address = TextField("", limit=60)
        self.code = TextField("", limit=12)
        self.fields = [self.name, self.address, self.code]
        self.browser: Any = None
        self.found: list[Any] = []
        self.room: dict[str, Any] | None = None  # the table looked up: its open seats
        self.asking: threading.Thread | None = None
        self.answer: tuple[dict[str, Any] | None, str | None] | None = None
        self.door: Any = None  # joining: the door, until the table opens
        self.status = ""

    def enter(self) -> None:
        try:
            from cardtable.net.discovery import Browser

            self.browser = Browser()
        except Exception as error:  # no network: typing an address still works
            self.status = f"Tables on this network cannot be listed ({error})."
        super().enter()

    def exit(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None
        if self.door is not None:
            self.door.close()
            self.door = None

    def build(self) -> None:
        width, height = self.app.size
        top = 24 + max(28, min(56, height // 13)) + 20
        left = width // 2 - 60
        for index, field in enumerate(self.fields):
            field.rect = pygame.Rect(left, top + index * 50, FIELD_WIDTH, 40)
        look = Button("Look up", self.look_up, size=20)
        look.rect = pygame.Rect(left + FIELD_WIDTH + 12, top + 100, 120, 40)
        buttons = [look]
        y = top + 170
        if self.room is not None:
            for seat in self.room["open"]:
                button = Button(f"Take seat {seat + 1}", self._take(seat), size=20)
                button.rect = pygame.Rect(width // 2 - 140, y, 280, 40)
                buttons.append(button)
                y += 48
        else:
            for table in self.found[:6]:
                words = f"{table.host}: {game_title(table.game)} ({table.code})"
                button = Button(words, self._pick(table), size=18)
                button.rect = pygame.Rect(width // 2 - 220, y, 440, 38)
                buttons.append(button)
                y += 44
        back = Button("Back", self.back)
        back.rect = pygame.Rect(0, 0, 180, 48)
        back.rect.midbottom = (width // 2, height - 20)
        buttons.append(back)
        self.look_button = look
        self.column = ButtonColumn(buttons)

    def first_choice(self):
        return None

    # -- looking a table up ---------------------------------------------------------------

    def _pick(self, table):
        def pick() -> None:
            self.address.value, self.code.value = table.where, table.code
            self.look_up()

        return pick

    def look_up(self) -> None:
        from cardtable.net import Refused, seek, tidy_code

        address, code = self.address.value.strip(), tidy_code(self.code.value)
        if not address or not code:
            self.status = "Type the table's address and its room code (or pick a table)."
            return
        if self.asking is not None:
            return
        kept = self.kept(address, code)
        if kept is not None:  # this computer's seat there: back to it at once, as before
            seat, token, self.name.value = kept
            self.join(seat, token)
            return
        self.status = f"Looking for room {code} at {address}…"

        def ask() -> None:
            try:
                self.answer = (seek(address, code), None)
            except Refused as refusal:
                self.answer = (None, str(refusal))

        self.asking = threading.Thread(target=ask, daemon=True)
        self.asking.start()

    def kept(self, address: str, code: str) -> tuple[int, str, str] | None:
        """The seat, token and name this computer had at that table, if any."""
        from cardtable.net import keep

        return keep.token_for(address, code)

    def _take(self, seat: int):
        return lambda: self.join(seat, None)

    def join(self, seat: int, token: str | None) -> None:
        from cardtable.net import NetDoor, keep, tidy_code

        address, code = self.address.value.strip(), tidy_code(self.code.value)
        name = " ".join(self.name.value.split()) or "Guest"
        names = list(self.app.settings.player_names)
        if names and names[0] != name:  # the name typed is remembered for next time
            names[0] = name
            self.app.settings.player_names = names
            self.app.save_settings()

        def keep_token(code_: str, seat_: int, token_: str) -> None:
            keep.keep_token(address, code_, seat_, token_, name)

        if self.door is not None:
            self.door.close()
        self.door = NetDoor(address, code, name, seat=seat, token=token, keep=keep_token)
        self.status = f"Taking seat {seat + 1}…"

    # -- each frame -----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.asking is not None and self.answer is not None:
            room, problem = self.answer
            self.asking, self.answer = None, None
            if problem is not None:
                self.status = problem
            elif room is not None and not room["open"]:
                self.status = "Every seat at that table is taken."
            elif room is not None:
                self.room = room
                self.status = f"{game_title(room['game'])}: pick an open seat."
                self.rebuild()
        if self.browser is not None and self.room is None:
            found = self.browser.tables()
            if found != self.found:
                self.found = found
                self.rebuild()
        door = self.door
        if door is not None:
            if door.problem is not None:
                self.status = door.problem
                door.close()
                self.door = None
            elif door.inbox and any(m["type"] == "update" for m in list(door.inbox)):
                self.door = None
                self.app.open_joined_table(door)

    def wake_in(self) -> float | None:
        return 0.1  # a table found, an answer or the seat may come any time

    def handle(self, event: pygame.event.Event) -> None:
        for field in self.fields:
            if field.handle(event):
                if field is not self.name:
                    self.room = None
                return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        width, height = surface.get_size()
        self.draw_heading(surface, 24)
        for field, words in zip(self.fields, ("Your name", "Address", "Room code"), strict=True):
            field.draw(surface)
            spot = (field.rect.x - 14, field.rect.centery)
            theme.text(surface, words, spot, 18, theme.INK_DIM, anchor="midright")
        self.column.draw(surface)
        if self.room is None:
            words = "Tables on this network:" if self.found else "No table found yet here."
            y = self.fields[-1].rect.bottom + 30
            theme.text(surface, words, (width // 2, y), 17, theme.INK_DIM, anchor="midbottom")
        if self.status:
            font = theme.fonts().get(17, bold=True)
            line = theme.fit(self.status, font, width - 40)
            spot = (width // 2, height - 80)
            theme.text(surface, line, spot, 17, theme.GOLD, anchor="midbottom", font=font)
        self.toast.draw(surface)
