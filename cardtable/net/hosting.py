"""A player's app hosting its table: the match's host opened to the network.

``Hosting`` opens a ``Room`` for the match's host on a ``Server`` of its own thread (on
``settings.PORT`` when free, else any port), announces it on the local network, and says
where to join (``address``, ``code``). The app's frame owns the room: ``pump`` (from the
table's still clock) acts on what the players sent. ``keep`` writes the code, port and
tokens beside the game in progress, so Resume opens the same table again.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from cardtable.play import MatchHost

from . import keep, settings
from .room import WAIT, Room, new_code
from .server import Server


class Hosting:
    def __init__(
        self,
        host: MatchHost,
        remote_seats: list[int],
        now: Callable[[], float],
        wait: float | None = WAIT,
        title: str = "",
        name: str = "",
        again: dict | None = None,
    ) -> None:
        code = again["code"] if again else new_code()
        tokens = again["tokens"] if again else None
        self.room = Room(code, host, remote_seats, now, wait=wait, tokens=tokens)
        bind = settings.bind_address()
        ports = [again["port"]] if again and again.get("port") else []
        ports += [settings.PORT, 0]
        self.server: Server | None = None
        problems = []
        for port in ports:
            server = Server(bind, port)
            server.add(self.room)
            try:
                self.server = server.start()
                break
            except OSError as error:
                problems.append(str(error))
        if self.server is None:
            raise OSError(problems[-1])
        self.port = self.server.port
        self.address = f"{settings.LOOPBACK if settings.loopback() else _lan()}:{self.port}"
        self.announcer = None
        with contextlib.suppress(Exception):  # no announcement: still joined by address
            from .discovery import Announcer

            self.announcer = Announcer(self.port, code, title, name or "Card Table")

    @property
    def code(self) -> str:
        return self.room.code

    def pump(self) -> None:
        self.room.pump()

    def keep(self) -> None:
        keep.keep_hosting(self.code, self.port, self.room.tokens(), self.room.wait)

    def close(self, forget: bool = False) -> None:
        if self.announcer is not None:
            with contextlib.suppress(Exception):
                self.announcer.close()
        self.room.close()
        if self.server is not None:
            self.server.stop(2)
        if forget:
            keep.forget_hosting()


def _lan() -> str:
    from .discovery import _lan_address

    return _lan_address()
