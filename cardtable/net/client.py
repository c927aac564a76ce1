"""The joiner's side of the network: a door to a table on another computer.

``NetDoor`` is a door (``send``/``receive``, as ``cardtable.play.door``) over a WebSocket,
run on an asyncio loop of its own thread, so a remote table is the same table driven by
a ``SeatClient`` over this door. It joins its room (a seat and a name, or the seat
``token`` it was given before), keeps the token it is given (``keep``), and when the
connection drops it comes back with that token on its own, again and again, until
``close``; the host then sends ``hello`` and the whole view, and the client sends again
any intent the host did not take.

A host is outside too: every message is checked against its schema, at most
``protocol.MESSAGE_LIMIT`` bytes; junk is dropped and counted, and a host that sends
too much of it is left with one sentence (``problem``). ``seek`` asks a room which seats
are open, once. Not for deciding anything (the host) or drawing (the ui).
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from cardtable.play import protocol
from cardtable.play.door import drain

from .room import tidy_code

JUNK = 20  # messages not understood before the host is left
RETRY = (0.1, 0.25, 0.5, 1.0, 2.0)  # seconds between tries to come back, then the last
TIMEOUT = 5.0  # seconds to connect


class Refused(Exception):
    """The table turned the joiner away, in one sentence."""


def address_url(address: str, tls: bool = False) -> str:
    """``ws://host:port/`` from what a player typed or pasted (a URL or host:port)."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    return f"{'wss' if tls else 'ws'}://{address}/"


def client_tls(insecure: bool = False) -> ssl.SSLContext:
    context = ssl.create_default_context()
    if insecure:  # a server with a certificate of its own making, trusted by its address
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    return context


async def _open(url: str, tls: ssl.SSLContext | None) -> ClientConnection:
    return await connect(
        url,
        ssl=tls if url.startswith("wss://") else None,
        max_size=protocol.MESSAGE_LIMIT,
        open_timeout=TIMEOUT,
        ping_interval=5,
        ping_timeout=10,
        close_timeout=1,
    )


def seek(address: str, code: str, tls: ssl.SSLContext | None = None) -> dict[str, Any]:
    """The ``room`` message of a table (its game, names, open seats), or ``Refused``."""

    async def ask() -> dict[str, Any]:
        try:
            websocket = await _open(address_url(address, tls is not None), tls)
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as error:
            raise Refused(f"No table answered at {address} ({error}).") from None
        async with websocket:
            await websocket.send(protocol.to_json(protocol.seek(tidy_code(code))))
            raw = await asyncio.wait_for(websocket.recv(), TIMEOUT)
            try:
                message = protocol.from_json(raw, protocol.LOBBY_DOWN)
            except protocol.BadMessage as error:
                raise Refused(f"The table answered with something else ({error}).") from None
            if message["type"] == "refused":
                raise Refused(message["reason"])
            return message

    try:
        return asyncio.run(asyncio.wait_for(ask(), TIMEOUT * 2))
    except (TimeoutError, ConnectionClosed) as error:
        raise Refused(f"No table answered at {address} ({error or 'no answer'}).") from None


class NetDoor:
    """A door to a remote table (module docstring).

    ``seat`` is the seat asked for (None: the first open one) and ``token`` the one this
    computer kept for the seat (a rejoin); ``keep(code, seat, token)`` is told the token
    as soon as the table gives it. ``status`` says how the connection stands in a few
    words; ``problem`` is the sentence the player is left with (the door stops).
    """

    def __init__(
        self,
        address: str,
        code: str,
        name: str,
        seat: int | None = None,
        token: str | None = None,
        keep: Callable[[str, int, str], None] | None = None,
        tls: ssl.SSLContext | None = None,
        retry: tuple[float, ...] = RETRY,
    ) -> None:
        self.address = address
        self.url = address_url(address, tls is not None)
        self.code = tidy_code(code)
        self.name = name
        self.seat = seat
        self.token = token
        self.keep = keep
        self.tls = tls
        self.retry = retry
        self.inbox: deque[dict[str, Any]] = deque()
        self.status = "connecting"
        self.problem: str | None = None
        self.junk = 0
        self.said = 0  # messages sent on the connection that holds the seat, and heard on it
        self.heard = 0
        self.joins = 0  # times a seat was taken (1 + the times it came back)
        self.closed = False
        self.loop: asyncio.AbstractEventLoop | None = None
        self._websocket: ClientConnection | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._main, name="cardtable-door", daemon=True)
        self._thread.start()
        self._ready.wait(TIMEOUT)

    # -- the table's side -----------------------------------------------------------------

    def send(self, message: dict[str, Any]) -> None:
        """An intent to the host; dropped while the connection is down (the client sends
        it again when the door opens anew)."""
        loop, websocket = self.loop, self._websocket
        if loop is None or websocket is None or self.closed:
            return
        text = protocol.to_json(message)
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(self._send, websocket, text)

    def _send(self, websocket: ClientConnection, text: str) -> None:
        if websocket is self._websocket:
            self.said += 1
            task = asyncio.ensure_future(websocket.send(text))
            task.add_done_callback(lambda done: done.cancelled() or done.exception())

    def receive(self) -> list[dict[str, Any]]:
        return drain(self.inbox)

    @property
    def connected(self) -> bool:
        return self._websocket is not None

    def close(self) -> None:
        self.closed = True
        loop = self.loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(TIMEOUT)

    def drop(self) -> None:
        """Cut the connection as a network would (tests): the door comes back by itself."""
        loop, websocket = self.loop, self._websocket
        if loop is not None and websocket is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(websocket.transport.abort)

    # -- the loop -------------------------------------------------------------------------

    def _main(self) -> None:
        asyncio.run(self._run())

    async def _run(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._ready.set()
        runner = asyncio.ensure_future(self._connect_again_and_again())
        stopper = asyncio.ensure_future(self._stop.wait())
        await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        runner.cancel()
        stopper.cancel()
        websocket = self._websocket
        self._websocket = None
        if websocket is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(websocket.close(), 1)

    async def _connect_again_and_again(self) -> None:
        tries = 0
        while not self.closed and self.problem is None:
            try:
                websocket = await _open(self.url, self.tls)
            except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as error:
                self.status = f"reconnecting ({error})" if self.joins else f"connecting ({error})"
            else:
                tries = 0
                await self._play(websocket)
            if self.closed or self.problem is not None:
                return
            self.status = "reconnecting" if self.joins else "connecting"
            await asyncio.sleep(self.retry[min(tries, len(self.retry) - 1)])
            tries += 1

    async def _play(self, websocket: ClientConnection) -> None:
        join = protocol.join(self.code, self.name, self.seat, self.token)
        try:
            await websocket.send(protocol.to_json(join))
            async for raw in websocket:
                try:
                    message = protocol.from_json(raw, protocol.DOWN + protocol.LOBBY_DOWN)
                except protocol.BadMessage:
                    self.junk += 1
                    if self.junk > JUNK:
                        self.problem = "The table sent messages this app cannot read."
                        return
                    continue
                kind = message["type"]
                self.heard += 1
                if kind == "joined":
                    self.seat, self.token = message["seat"], message["token"]
                    self.joins += 1
                    self.said, self.heard = 1, 1  # counted from this connection's join
                    self.status = "playing"
                    self._websocket = websocket
                    if self.keep is not None:
                        self.keep(self.code, self.seat, self.token)
                elif kind == "refused" and self._websocket is None:
                    self.problem = message["reason"]  # turned away: no use trying again
                    return
                elif kind in protocol.DOWN and self._websocket is websocket:
                    self.inbox.append(message)
        except ConnectionClosed as closed:
            told = closed.rcvd
            if told is not None and told.code == 1008:  # closed on purpose, with a reason:
                # the seat taken up elsewhere, the table closed, a limit passed. Coming
                # back would only be turned away again (or take the seat back and forth).
                self.problem = told.reason or "The table closed the connection."
        finally:
            self._websocket = None
            with contextlib.suppress(Exception):
                websocket.transport.abort()
