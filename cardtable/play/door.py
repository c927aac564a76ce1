"""The table's side of the seat protocol: a door, and the client that reads it.

A ``Door`` carries messages both ways: ``send`` an intent up to the host, ``receive`` what
came down since. ``LocalDoor`` is a function call into a ``MatchHost`` in this process
(with ``wire=True`` every message also goes through JSON and the schema, as on a network);
a network connection is another door with the same two methods.

``SeatClient`` is what a table reads: it keeps the latest ``hello``, view and moment the
door brought, turns ``update``s into events to animate, and sends the table's intents. A
table that reads only this cannot tell a local match from a remote one.
Not for: deciding anything (the host's referee) or drawing (the ui).
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardtable.engine import Event

from . import protocol
from .host import MatchHost
from .timeline import PING_EVERY, PING_RACE, ClockEstimator


class Door(Protocol):
    """One door between a table and its match."""

    def send(self, message: dict[str, Any]) -> None: ...

    def receive(self) -> list[dict[str, Any]]: ...


def drain(inbox: deque[dict[str, Any]]) -> list[dict[str, Any]]:
    """Everything in ``inbox``, taken out one by one (not list-and-clear: a host or a
    connection on another thread may deliver meanwhile)."""
    messages = []
    while inbox:
        messages.append(inbox.popleft())
    return messages


class LocalDoor:
    """A door into a host in this process: ``seats`` are the humans it speaks for,
    ``viewer`` the one it shows (None: nobody's hand)."""

    def __init__(
        self, host: MatchHost, seats: tuple[int, ...], viewer: int | None, wire: bool = False
    ) -> None:
        self.host = host
        self.seats = tuple(seats)
        self.viewer = viewer
        self.wire = wire
        self.inbox: deque[dict[str, Any]] = deque()

    def open(self) -> LocalDoor:
        self.host.attach(self)
        return self

    def close(self) -> None:
        self.host.detach(self)

    # the host's side
    def deliver(self, message: dict[str, Any]) -> None:
        if self.wire:
            message = protocol.from_json(protocol.to_json(message), protocol.DOWN)
        self.inbox.append(message)

    # the table's side
    def send(self, message: dict[str, Any]) -> None:
        if self not in self.host.endpoints:
            return  # closed: as a dropped connection, nothing arrives
        if self.wire:
            message = json.loads(protocol.to_json(message))
        self.host.receive(self, message)

    def receive(self) -> list[dict[str, Any]]:
        return drain(self.inbox)


@dataclass
class Happening:
    """Something the door brought that the table acts on: ``events`` (``by`` whose move),
    a ``refused`` intent (``seat``, ``code``, ``reason``), the match ``over``, ``advice``
    (a hint's ``code`` for ``seat``) or ``presence`` (who is away changed)."""

    kind: str
    events: list[Event] = field(default_factory=list)
    by: int | None = None
    seat: int | None = None
    code: str = ""
    reason: str = ""


class SeatClient:
    """What the table knows of its match, from its door alone (module docstring).

    ``clock`` is the time the moment's time left is counted on (the table's still clock in
    local play, the computer's own clock across a network). ``wall`` (across a network:
    this computer's own clock) starts the clock protocol: ``ping`` asks the host's time,
    ``timeline`` learns the offset from the answers, and every move is stamped with when
    it was made, on the host's clock."""

    def __init__(
        self, door: Door, clock: Callable[[], float], wall: Callable[[], float] | None = None
    ) -> None:
        self.door = door
        self.clock = clock
        self.wall = wall
        self.timeline = ClockEstimator()
        self.pinged: float | None = None
        self.stamped = float("-inf")  # the latest stamp sent: stamps never go back
        self.game = ""
        self.players = 0
        self.names: list[str] = []
        self.kinds: list[str] = []
        self.options: dict[str, Any] = {}
        self.seats: tuple[int, ...] = ()
        self.viewer: int | None = None
        self.setup: list[Event] = []
        self.view: dict[str, Any] = {}
        self.moment: dict[str, Any] = {}
        self.moment_at = 0.0
        self.result: dict[str, Any] | None = None
        self.record: dict[str, Any] | None = None
        self.seq = 0
        self.away: tuple[int, ...] = ()  # seats whose player is reconnecting
        self.stand_ins: tuple[int, ...] = ()  # seats a bot plays while their player is away
        # Intent numbers: the last one sent for each seat, and those the host has not yet
        # said it took (sent again, once, after the door opens anew).
        self.sent: dict[int, int] = {}
        self.pending: list[tuple[int, int, dict[str, Any]]] = []  # (n, step, message)
        self.resend = False
        self.pump()

    # -- what came down -------------------------------------------------------------------

    def pump(self) -> list[Happening]:
        """Read what the door brought, in order: the happenings for the table."""
        happenings: list[Happening] = []
        for message in self.door.receive():
            kind = message["type"]
            if kind == "hello":
                self.game, self.players = message["game"], message["players"]
                self.names, self.kinds = message["names"], message["kinds"]
                self.options = message["options"]
                self.seats = tuple(message["seats"])
                self.viewer = message["viewer"]
                self.setup = [protocol.event_from_wire(e) for e in message["setup"]]
                self._taken(message["done"], again=True)
                self.pinged = None  # a door opened (anew): ask the host's time at once
            elif kind == "update":
                self.seq = message["seq"]
                self.viewer = message["viewer"]
                self.view = message["view"]
                self.moment = message["moment"]
                self.moment_at = self.clock()
                events = [protocol.event_from_wire(e) for e in message["events"]]
                if events:
                    happenings.append(Happening("events", events, message["by"]))
                self._taken(message["done"])
            elif kind == "refused":
                seat, code, reason = message["seat"], message["code"], message["reason"]
                happenings.append(Happening("refused", seat=seat, code=code, reason=reason))
                self._taken(message.get("done", {}))
            elif kind == "over":
                self.result, self.record = message["result"], message["record"]
                happenings.append(Happening("over"))
            elif kind == "pong" and self.wall is not None:
                self.timeline.sample(message["t0"], message["t1"], message["t2"], self.wall())
            elif kind == "presence":
                self.names = message["names"]
                self.away, self.stand_ins = tuple(message["away"]), tuple(message["stand_ins"])
                happenings.append(Happening("presence"))
            elif kind == "advice":
                seat, code = message["seat"], message["code"]
                if message["step"] == self.step:  # advice for a moment gone is no help
                    happenings.append(Happening("advice", seat=seat, code=code))
        if self.ping_due():  # across a network: the host's time is learnt all game long
            self._ask_time()
        if self.resend:
            self.resend = False
            for _n, step, intent in self.pending:
                if step == self.step:  # an intent made for another moment would be wrong now
                    self.door.send(intent)
            self.pending = [entry for entry in self.pending if entry[1] == self.step]
            happenings += self.pump()  # what they brought (at once, in local play)
        return happenings

    def _taken(self, done: dict[str, int], again: bool = False) -> None:
        """The host says which intent numbers it has taken: those are settled. After a
        ``hello`` (the door opened anew) the rest are sent again, once the view is in."""
        for key, n in done.items():
            seat = int(key)
            self.sent[seat] = max(self.sent.get(seat, 0), n)
            self.pending = [e for e in self.pending if e[2]["seat"] != seat or e[0] > n]
        if again and self.pending:
            self.resend = True

    def _intent(self, message_of: Callable[[int], dict[str, Any]], seat: int) -> None:
        n = self.sent.get(seat, 0) + 1
        self.sent[seat] = n
        message = message_of(n)
        self.pending.append((n, self.step, message))
        del self.pending[:-64]  # a door that never answers keeps no endless list
        self.door.send(message)

    # -- what the table reads -------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return bool(self.moment.get("over"))

    @property
    def judging(self) -> bool:
        """Are presses in a race waiting to be judged (on a line across computers)?"""
        return bool(self.moment.get("judging"))

    @property
    def too_slow(self) -> str:
        """What the host says of this computer's connection when it cannot race fairly."""
        return str(self.moment.get("slow", ""))

    @property
    def step(self) -> int:
        """How many moves the match has seen: a new number, a new moment."""
        return int(self.moment.get("step", 0))

    @property
    def to_act(self) -> tuple[int, ...]:
        return tuple(self.moment.get("to_act", ()))

    def legal(self, seat: int) -> list[str]:
        """The legal codes of one of this door's seats now ([] for any other seat)."""
        return list(self.moment.get("legal", {}).get(str(seat), ()))

    def humans_to_act(self) -> tuple[int, ...]:
        """This door's seats to act now, but not one whose move for this moment is on its
        way to the host (across a network it answers later: the move is not made twice)."""
        sent = {message["seat"] for _n, step, message in self.pending if step == self.step}
        return tuple(seat for seat in self.to_act if seat in self.seats and seat not in sent)

    def out_of_turn(self) -> tuple[int, ...]:
        return tuple(self.moment.get("out_of_turn", ()))

    def window_left(self) -> float | None:
        """The share left of the open timed window, or of the out-of-turn pause (None:
        neither runs), counted on ``clock`` from when the moment came."""
        gone = self.clock() - self.moment_at
        for name in ("window", "pause"):
            timed = self.moment.get(name)
            if timed and timed["seconds"] > 0:
                return max(0.0, timed["left"] - gone) / timed["seconds"]
        return None

    # -- what the table sends -------------------------------------------------------------

    def move(self, seat: int, code: str, stamp: float | None = None) -> list[Happening]:
        """Send a move; what came back at once (in local play: its events or refusal).
        Across a network it is stamped now, on the host's clock (or ``stamp``, this
        computer's clock when it was made, converted)."""
        if self.wall is not None and self.timeline.ready:
            stamp = self.host_time(self.wall() if stamp is None else stamp)
        self._intent(lambda n: protocol.move(seat, code, n, stamp), seat)
        return self.pump()

    def host_time(self, t: float) -> float:
        """This computer's ``t`` on the host's clock, never before a stamp already sent
        (a new estimate may move the offset back a little; the host reads a connection's
        stamps as coming in order)."""
        self.stamped = max(self.stamped, self.timeline.to_host(t))
        return self.stamped

    def ping_due(self) -> bool:
        """Is it time to ask the host's time again (``timeline.PING_EVERY``; while a race
        runs, ``PING_RACE``: each ping then also says how far this computer is heard)?"""
        if self.wall is None or not self.game:  # no host greeted yet: nobody to ask
            return False
        racing = self.moment.get("window") or self.moment.get("pause") or self.judging
        every = PING_RACE if racing else PING_EVERY
        return self.pinged is None or self.wall() - self.pinged >= every

    def ping(self) -> list[Happening]:
        """Ask the host's time now (``pump`` asks by itself whenever ``ping_due``)."""
        self._ask_time()
        return self.pump()

    def _ask_time(self) -> None:
        if self.wall is not None:
            t0 = self.pinged = self.wall()
            stamp = self.host_time(t0) if self.timeline.ready else None
            self.door.send(protocol.ping(t0, stamp))

    def decline(self, seat: int) -> list[Happening]:
        self._intent(lambda n: protocol.decline(seat, n), seat)
        return self.pump()

    def hint(self, seat: int) -> None:
        """Ask the host for ``seat``'s hint: ``advice`` comes back with a later ``pump``
        (or a refusal)."""
        self.door.send(protocol.hint(seat))

    def look(self, seat: int | None) -> list[Happening]:
        self.door.send(protocol.look(seat))
        return self.pump()
