"""A room: one match's host opened to players on other computers.

A room has a short code (``new_code``: letters no one misreads) and holds a
``MatchHost``. Its remote seats are open until someone joins; a joiner gets a seat
token, a secret kept on their computer, and with it the same seat back after a dropped
connection (``hello`` and the whole current view). While a seat's player is away the
others are told (``presence``); after ``wait`` seconds a stand-in bot plays the seat
(the host may hand it at once, ``hand_over``), and the returning player takes it back.

Everything that touches the match happens in ``pump``, on the thread that owns the room
(the table's frame in the app, the server's loop in ``cardtable serve``, a test's thread):
a connection only ``post``s what arrived and is told through its ``deliver``. Pure
Python: no sockets here (``server`` carries the messages).
"""

from __future__ import annotations

import hmac
import secrets
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from cardtable.engine import Rng
from cardtable.play import MatchHost, protocol
from cardtable.strategy import Bot, make_bot

# Letters no one misreads or mishears: no I/1/L, O/0/Q, S/5, Z/2, B/8, G/6, U/V.
LETTERS = "ACDEFHJKMNPRTWXY"
CODE_LENGTH = 5  # 16**5: about a million rooms
STAND_IN = "medium"  # the level of the bot that plays an away player's seat
WAIT = 30.0  # seconds an away player's seat waits before a stand-in plays it


def new_code(taken: Callable[[str], bool] = lambda code: False) -> str:
    """A room code no room uses yet. A secret, not a game's randomness: from ``secrets``."""
    while True:
        code = "".join(secrets.choice(LETTERS) for _ in range(CODE_LENGTH))
        if not taken(code):
            return code


def tidy_code(text: str) -> str:
    """A room code as typed or pasted: spaces and dashes dropped, capitals."""
    return "".join(ch for ch in text.upper() if ch.isalnum())[: protocol.ROOM_LIMIT]


class Remote(Protocol):
    """A connection as the room sees it: an endpoint of the host that can be closed."""

    seats: tuple[int, ...]
    viewer: int | None

    def deliver(self, message: dict[str, Any]) -> None: ...

    def close(self, reason: str) -> None: ...


@dataclass
class Place:
    """A remote seat: who holds it (``name``, ``token``), the connection playing it now,
    since when its player is away (None: here or never came) and whether a bot stands in."""

    seat: int
    name: str = ""
    token: str = ""
    remote: Remote | None = None
    away_since: float | None = None
    stand_in: bool = False


class Room:
    """One match open to remote players (module docstring).

    ``remote_seats`` are the seats players on other computers may take (their referee
    seats are human); ``now`` is the host's clock; ``wait`` the seconds before a stand-in
    plays an away seat (None: never by itself). ``tokens`` restore the seats' holders
    (``{seat: (name, token)}``) when a host that stopped opens the room again.
    """

    def __init__(
        self,
        code: str,
        host: MatchHost,
        remote_seats: list[int],
        now: Callable[[], float],
        wait: float | None = WAIT,
        tokens: dict[int, tuple[str, str]] | None = None,
    ) -> None:
        self.code = code
        self.host = host
        self.now = now
        self.wait = wait
        self.places = {seat: Place(seat) for seat in remote_seats}
        for seat, (name, token) in (tokens or {}).items():
            if seat in self.places:
                place = self.places[seat]
                place.name, place.token, place.away_since = name, token, now()
                host.names[seat] = name
        self.inbox: deque[tuple[Remote, dict[str, Any] | None]] = deque()
        self.lock = threading.RLock()
        self.wake: Callable[[], object] = lambda: None  # the owner is told work arrived
        self.applied: list[tuple[int, int]] = []  # (seat, n) of every intent taken
        self.closed = False
        if tokens:  # a table opened again: its screens say who is still to come back
            self.tell_presence()

    # -- from any thread ------------------------------------------------------------------

    def post(self, remote: Remote, message: dict[str, Any] | None) -> None:
        """What arrived on a connection (None: it closed), for ``pump`` to act on."""
        self.inbox.append((remote, message))
        self.wake()

    def open_seats(self) -> list[int]:
        return [seat for seat, place in self.places.items() if not place.token]

    def describe(self) -> dict[str, Any]:
        """``room``: what a player deciding to join sees."""
        with self.lock:
            host = self.host
            return protocol.room(
                self.code,
                host.referee.state.game_id,
                list(host.names),
                list(host.kinds),
                self.open_seats(),
            )

    # -- on the owner's thread ------------------------------------------------------------

    def pump(self) -> None:
        """Act on what arrived, then on time: away seats handed to stand-ins."""
        with self.lock:
            while self.inbox:
                remote, message = self.inbox.popleft()
                if message is None:
                    self._left(remote)
                elif message["type"] == "join":
                    self._join(remote, message)
                elif remote in self.host.endpoints:
                    self._intent(remote, message)
            self._stand_ins()

    def _intent(self, remote: Remote, message: dict[str, Any]) -> None:
        kind, seat = message.get("type"), message.get("seat")
        before = self.host.done.get(seat, 0) if isinstance(seat, int) else 0
        self.host.receive(remote, message)
        if not (kind in ("move", "decline") and isinstance(seat, int)):
            return
        if self.host.done.get(seat, 0) > before:
            self.applied.append((seat, self.host.done[seat]))

    def _join(self, remote: Remote, message: dict[str, Any]) -> None:
        place = self._place_for(message)
        if isinstance(place, str):
            remote.deliver(protocol.refused(None, "", place))
            remote.close(place)
            return
        if place.remote is not None and place.remote is not remote:
            old = place.remote
            self.host.detach(old)
            old.close("The seat was taken up again from another connection.")
        if not place.token:
            place.token = secrets.token_urlsafe(24)
        place.name = " ".join(message["name"].split())[:40] or f"Player {place.seat + 1}"
        place.remote, place.away_since = remote, None
        self.host.names[place.seat] = place.name
        if place.stand_in:
            place.stand_in = False
            self.host.referee.hand_to(place.seat, None)
        remote.seats, remote.viewer = (place.seat,), place.seat
        remote.deliver(protocol.joined(self.code, place.seat, place.token))
        self.host.attach(remote)
        self.tell_presence()

    def _place_for(self, message: dict[str, Any]) -> Place | str:
        """The seat a ``join`` may take, or the one sentence saying why not."""
        if message["code"] != self.code:
            return "No table here has that room code."
        token = message["token"]
        if token:
            for place in self.places.values():
                if place.token and hmac.compare_digest(place.token, token):
                    return place
            return "That seat token is not one this table gave."
        seat = message["seat"]
        open_seats = self.open_seats()
        if seat is None:
            if not open_seats:
                return "Every seat is taken."
            seat = open_seats[0]
        if seat not in self.places:
            return "That seat is not open to a player on another computer."
        if seat not in open_seats:
            return "Someone has taken that seat."
        if self.host.referee.is_over:
            return "That game is over."
        return self.places[seat]

    def _left(self, remote: Remote) -> None:
        self.host.detach(remote)
        for place in self.places.values():
            if place.remote is remote:
                place.remote, place.away_since = None, self.now()
                self.tell_presence()

    def hand_over(self, seat: int) -> None:
        """An away player's seat is played by a stand-in bot from now (the host's call)."""
        with self.lock:
            place = self.places.get(seat)
            if place is None or place.remote is not None or place.stand_in or not place.token:
                return
            place.stand_in = True
            referee = self.host.referee
            rng = Rng(f"stand-in/{referee.state.game_id}/{seat}/{len(referee.state.history)}")
            bot: Bot = make_bot(referee.state.game_id, STAND_IN, rng)
            referee.hand_to(seat, bot)
            self.tell_presence()

    def _stand_ins(self) -> None:
        if self.wait is None:
            return
        now = self.now()
        for place in self.places.values():
            since = place.away_since
            if since is not None and not place.stand_in and now - since >= self.wait:
                self.hand_over(place.seat)

    def next_wake(self) -> float | None:
        """Seconds until an away seat's wait runs out (None: none is waiting)."""
        if self.wait is None:
            return None
        now = self.now()
        waits = [
            place.away_since + self.wait - now
            for place in self.places.values()
            if place.away_since is not None and not place.stand_in
        ]
        return max(0.0, min(waits)) if waits else None

    @property
    def away(self) -> list[int]:
        return [seat for seat, place in self.places.items() if place.away_since is not None]

    @property
    def stand_ins(self) -> list[int]:
        return [seat for seat, place in self.places.items() if place.stand_in]

    def tell_presence(self) -> None:
        message = protocol.presence(list(self.host.names), self.away, self.stand_ins)
        for endpoint in list(self.host.endpoints):
            endpoint.deliver(message)

    def tokens(self) -> dict[int, tuple[str, str]]:
        """The seats' holders, kept with the game so a host that stops can open it again."""
        return {s: (p.name, p.token) for s, p in self.places.items() if p.token}

    def close(self) -> None:
        with self.lock:
            self.closed = True
            for place in self.places.values():
                if place.remote is not None:
                    self.host.detach(place.remote)
                    place.remote.close("The host closed the table.")
                    place.remote = None
