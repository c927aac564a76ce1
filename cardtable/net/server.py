"""The host's side of the network: rooms served over WebSocket, off the frame.

``Server`` runs a ``websockets`` server on an asyncio loop of its own thread
(``start``/``stop``), or inside a loop that is already running (``serve``, for
``cardtable serve``). Each connection is a ``Connection``: until it holds a seat it may
only ``seek`` a room, ``join`` one (a seat and a name, or its token) or, on a server that
allows it, ``create`` one; then it is an endpoint of its room's host, delivering messages
by queueing them to the loop, whatever thread the host runs on.

Every message from outside is hostile: at most ``UP_LIMIT`` bytes (websockets'
``max_size``: a bigger frame closes the connection), checked against its schema, at most
``RATE`` messages a second (a burst of ``BURST``), at most ``STRIKES`` messages that are
not understood; a connection past a limit is closed with one sentence, and the others
play on. A connection that holds no seat within ``LOBBY_SECONDS`` is closed, and a
reader too slow for ``OUTBOX`` messages.

Rooms are pumped (``Room.pump``) by their owner: by this loop for rooms it owns
(``owned``: the headless server's tables, on ``time.monotonic``), or by the app's frame
for the table its player hosts. Not for: the rules (the referee), finding tables on the
network (``discovery``).
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import threading
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from cardtable.play import protocol

from .room import Room, new_code, tidy_code

UP_LIMIT = 64 * 1024  # bytes: the largest message a player sends is a few hundred
RATE = 40.0  # messages a second a connection may send, on average
BURST = 80  # and at once
STRIKES = 20  # messages not understood before the connection is closed
LOBBY_SECONDS = 15.0  # to take a seat after connecting
OUTBOX = 2000  # messages waiting for a reader before it is dropped as too slow
CONNECTIONS = 5000  # at once, on one server
ROOMS = 10_000  # tables on one server
IDLE = 300.0  # seconds a server's table is kept with no one connected (then it closes)


class Connection:
    """One player's connection: an endpoint of its room's host once it holds a seat."""

    def __init__(self, server: Server, websocket: ServerConnection) -> None:
        self.server = server
        self.websocket = websocket
        self.loop = asyncio.get_running_loop()
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.seats: tuple[int, ...] = ()
        self.viewer: int | None = None
        self.room: Room | None = None
        self.closing: str | None = None
        self.tokens = float(server.burst)
        self.filled = time.monotonic()
        self.strikes = 0
        self.told = 0  # messages delivered to it, and messages from it handed on
        self.heard = 0
        # Does its player race on the host's time line (issue 31)? Once its computer asks
        # the host's time, its presses are stamped there and races wait for them; a client
        # that never asks (a script, an old app) has its presses count when they arrive.
        self.remote = False

    # The host's side: from whatever thread runs the room.
    def deliver(self, message: dict[str, Any]) -> None:
        if self.closing is not None:
            return
        text = protocol.to_json(message)
        self.told += 1
        self.loop.call_soon_threadsafe(self._queue, text)

    def close(self, reason: str) -> None:
        if self.closing is None:
            self.closing = reason
            self.loop.call_soon_threadsafe(self._queue, None)

    def _queue(self, text: str | None) -> None:
        if text is not None and self.outbox.qsize() >= OUTBOX:
            self.closing = "Messages were not read in time."
            text = None
        self.outbox.put_nowait(text)

    async def writer(self) -> None:
        while True:
            text = await self.outbox.get()
            if text is None:
                await self.websocket.close(1008 if self.closing else 1000, self.closing or "")
                return
            await self.websocket.send(text)

    def allowed(self) -> bool:
        """One more message within the rate limit (a token bucket)."""
        now = time.monotonic()
        rate, burst = self.server.rate, self.server.burst
        self.tokens = min(burst, self.tokens + (now - self.filled) * rate)
        self.filled = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Server:
    """WebSocket rooms (module docstring). ``host`` and ``port`` are where it listens
    (port 0: any free port, read back from ``port`` after starting); ``creating`` lets
    connections create tables (``cardtable serve``); ``make_room`` builds a room for a
    ``create`` message (``tables.make_room``); ``tls`` serves wss:// with a certificate;
    ``rate`` and ``burst`` limit each connection (tests of players who play at machine
    speed raise them)."""

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        creating: bool = False,
        make_room: Callable[[str, dict[str, Any]], Room] | None = None,
        tls: ssl.SSLContext | None = None,
        rate: float | None = None,
        burst: int | None = None,
    ) -> None:
        self.host = host
        # A connection's messages a second, and at once.
        self.rate = RATE if rate is None else rate
        self.burst = BURST if burst is None else burst
        self.port = port
        self.creating = creating
        self.make_room = make_room
        self.tls = tls
        self.rooms: dict[str, Room] = {}
        self.owned: set[str] = set()  # rooms this loop pumps
        self.connections: set[Connection] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stop: asyncio.Event | None = None
        self.ready = threading.Event()
        self._tasks: set[asyncio.Task] = set()
        self.problem: str | None = None

    # -- rooms ----------------------------------------------------------------------------

    def add(self, room: Room, owned: bool = False) -> Room:
        """Open ``room`` here; an ``owned`` room is pumped by this server's loop."""
        self.rooms[room.code] = room
        if owned:
            self.owned.add(room.code)
            if self.loop is not None:
                self.loop.call_soon_threadsafe(self._run_room, room)
        return room

    def remove(self, code: str) -> None:
        room = self.rooms.pop(code, None)
        self.owned.discard(code)
        if room is not None:
            room.close()
            room.wake()

    def _run_room(self, room: Room) -> None:
        task = asyncio.ensure_future(self._pump_room(room))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _pump_room(self, room: Room) -> None:
        """An owned room's clock: pumped when something arrives or falls due."""
        woken = asyncio.Event()
        loop = asyncio.get_running_loop()
        room.wake = lambda: loop.call_soon_threadsafe(woken.set)
        idle_since = room.now()
        while not room.closed:
            woken.clear()
            if room.host.endpoints:
                idle_since = room.now()
            elif room.now() - idle_since > IDLE:  # everyone has gone: the table closes
                self.remove(room.code)
                return
            try:
                room.pump()
                room.host.advance(room.now())
            except Exception as error:  # one table's fault must not stop the others
                print(f"Card Table: table {room.code} stopped ({error!r})")
                self.remove(room.code)
                return
            waits = [1.0, room.next_wake() or 1.0]
            due = room.host.referee.next_due()
            if due is not None:
                waits.append(max(0.0, due - room.now()))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(woken.wait(), max(0.002, min(waits)))

    # -- the loop -------------------------------------------------------------------------

    def start(self, timeout: float = 10.0) -> Server:
        """Serve on a thread of its own; returns once listening (``port`` is set)."""
        self._thread = threading.Thread(target=self._main, name="cardtable-server", daemon=True)
        self._thread.start()
        if not self.ready.wait(timeout) or self.problem:
            raise OSError(self.problem or "The table could not be opened to the network.")
        return self

    def _main(self) -> None:
        try:
            asyncio.run(self.serve())
        except OSError as error:
            self.problem = f"The table could not be opened on port {self.port}: {error.strerror}."
            self.ready.set()

    async def serve(self) -> None:
        """Serve until ``stop``: for a loop already running (``cardtable serve``)."""
        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        async with serve(
            self._handle,
            self.host,
            self.port,
            ssl=self.tls,
            max_size=UP_LIMIT,
            max_queue=16,
            open_timeout=10,
            ping_interval=10,
            ping_timeout=20,
            close_timeout=2,
        ) as listening:
            self.port = listening.sockets[0].getsockname()[1]
            for code in list(self.owned):
                self._run_room(self.rooms[code])
            self.ready.set()
            await self._stop.wait()
            # Connections close as "going away" (1001): players keep trying to come back,
            # as after a crash; a table closed on purpose says so first (``Room.close``).

    def stop(self, timeout: float = 5.0) -> None:
        if self.loop is not None and self._stop is not None:
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(self._stop.set)
        if self._thread is not None:
            self._thread.join(timeout)

    # -- a connection ---------------------------------------------------------------------

    async def _handle(self, websocket: ServerConnection) -> None:
        if len(self.connections) >= CONNECTIONS:
            await websocket.close(1013, "The table is full; try again later.")
            return
        connection = Connection(self, websocket)
        self.connections.add(connection)
        writer = asyncio.ensure_future(connection.writer())
        try:
            await asyncio.wait_for(self._lobby(connection), LOBBY_SECONDS)
            if connection.room is not None and connection.closing is None:
                await self._play(connection)
        except (TimeoutError, ConnectionClosed):
            pass
        finally:
            self.connections.discard(connection)
            if connection.room is not None:
                connection.room.post(connection, None)
            connection.close(connection.closing or "")
            with contextlib.suppress(TimeoutError, ConnectionClosed, asyncio.CancelledError):
                await asyncio.wait_for(writer, 3)
            writer.cancel()

    async def _messages(self, connection: Connection, direction: tuple[str, ...]):
        """The connection's messages that pass the limits and their schema."""
        async for raw in connection.websocket:
            if connection.closing is not None:
                return
            if not connection.allowed():
                connection.close("Too many messages: the connection is closed.")
                return
            try:
                yield protocol.from_json(raw, direction)
            except protocol.BadMessage as error:
                connection.strikes += 1
                if connection.strikes > STRIKES:
                    connection.close("Too many messages not understood.")
                    return
                connection.deliver(protocol.refused(None, "", f"Not understood: {error}."))

    async def _lobby(self, connection: Connection) -> None:
        """Until the connection takes a seat: ``seek``, ``create``, ``join``."""
        async for message in self._messages(connection, protocol.LOBBY_UP):
            kind = message["type"]
            if kind == "create":
                self._create(connection, message)
                continue
            code = tidy_code(message["code"])
            room = self.rooms.get(code)
            if room is None or room.closed:
                refusal = "No table here has that room code."
                connection.deliver(protocol.refused(None, "", refusal))
                if kind == "join":
                    connection.close(refusal)
                    return
                continue
            if kind == "seek":
                connection.deliver(room.describe())
                continue
            connection.room = room
            connection.heard += 1
            room.post(connection, {**message, "code": code})
            return

    def _create(self, connection: Connection, message: dict[str, Any]) -> None:
        if not self.creating or self.make_room is None:
            refusal = "Tables are opened by their host here, not by a message."
        elif len(self.rooms) >= ROOMS:
            refusal = "The server holds all the tables it can; try again later."
        else:
            code = new_code(lambda code: code in self.rooms)
            try:
                room = self.make_room(code, message)
            except ValueError as error:
                refusal = str(error)
            else:
                self.add(room, owned=True)
                connection.deliver(protocol.created(code))
                return
        connection.deliver(protocol.refused(None, "", refusal))

    async def _play(self, connection: Connection) -> None:
        room = connection.room
        assert room is not None
        async for message in self._messages(connection, protocol.UP):
            connection.heard += 1
            if message["type"] == "ping":
                connection.remote = True
            room.post(connection, message)


def tls_context(cert: str, key: str) -> ssl.SSLContext:
    """A server's TLS from a certificate and key file; ``OSError``/``ssl.SSLError`` if
    they cannot be read."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context
