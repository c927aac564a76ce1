"""A userspace TCP proxy that makes a bad network on 127.0.0.1 (the kernel here has no
``netem``): every chunk waits ``delay`` seconds plus up to ``jitter`` (order kept, as TCP
keeps it), now and then one direction stalls for ``stall`` seconds, and every ``cut``
seconds each connection through it is cut without a word. Its chance comes from a
seeded generator: the same seed, the same faults.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time

from cardtable.engine import Rng


class FaultyProxy:
    def __init__(
        self,
        target_port: int,
        delay: float = 0.1,
        jitter: float = 0.02,
        stall: float = 0.4,
        stall_every: float = 2.0,
        cut: float = 3.0,
        seed: int = 1,
    ) -> None:
        self.target_port = target_port
        self.delay, self.jitter = delay, jitter
        self.stall, self.stall_every, self.cut = stall, stall_every, cut
        self.rng = Rng(f"proxy/{seed}")
        self.port = 0
        self.cuts = 0
        self.stalls = 0
        self.loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)

    def start(self) -> FaultyProxy:
        self._thread.start()
        if not self._ready.wait(5):
            raise OSError("the proxy did not start")
        return self

    def stop(self) -> None:
        if self.loop is not None and self._stop is not None:
            self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(5)

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        server = await asyncio.start_server(self._connection, "127.0.0.1", 0)
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        async with server:
            await self._stop.wait()
            server.close()

    async def _connection(self, reader, writer) -> None:
        with contextlib.suppress(asyncio.CancelledError):  # the proxy stopping
            await self._carry(reader, writer)

    async def _carry(self, reader, writer) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.transport.abort()
            return
        pipes = [
            asyncio.ensure_future(self._pipe(reader, up_writer)),
            asyncio.ensure_future(self._pipe(up_reader, writer)),
        ]
        cut_after = self.cut * (0.5 + self.rng.random())
        done, _pending = await asyncio.wait(pipes, timeout=cut_after)
        if not done:
            self.cuts += 1  # cut without a word, both ways
        for pipe in pipes:
            pipe.cancel()
        writer.transport.abort()
        up_writer.transport.abort()

    async def _pipe(self, reader, writer) -> None:
        """Copy one direction, each chunk late by the delay and jitter, order kept."""
        queue: asyncio.Queue = asyncio.Queue()

        async def deliver() -> None:
            while True:
                due, data = await queue.get()
                if data is None:
                    return
                wait = due - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                writer.write(data)
                with contextlib.suppress(ConnectionError):
                    await writer.drain()

        sender = asyncio.ensure_future(deliver())
        last = 0.0
        next_stall = time.monotonic() + self.stall_every * (0.5 + self.rng.random())
        try:
            while True:
                data = await reader.read(65536)
                if not data:
                    break
                now = time.monotonic()
                due = now + self.delay + self.rng.random() * self.jitter
                if now >= next_stall:  # this direction stalls a while
                    self.stalls += 1
                    due += self.stall
                    next_stall = now + self.stall_every * (0.5 + self.rng.random())
                last = max(last, due)
                queue.put_nowait((last, data))
            queue.put_nowait((0.0, None))
            await sender
        finally:
            sender.cancel()
