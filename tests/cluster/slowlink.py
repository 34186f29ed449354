"""A TCP proxy for the nemesis tests: a slow, lossy or cut link between a hub and Redis.

No kernel module is needed (this machine has no ``netem``): the proxy sits
between the hub and Redis on loopback and delays each chunk of bytes, in
order, by half the round trip it is given (each way), plus jitter; a lost
packet is modelled as TCP sees it, a chunk held back by a retransmission
timeout (``loss``: the chance per chunk, ``rto``: the extra wait).  ``cut``
makes it a silent partition: bytes already accepted and new connections are
held, nothing is answered or refused, until ``heal``.  It runs in a thread of
its own, with its own event loop, so a busy test loop does not slow it.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Callable

from redis_fixture import free_port


class RespCounter:
    """Counts the commands a client sends Redis (RESP arrays of bulk strings), by name, as they pass."""

    def __init__(self) -> None:
        self.buffer = b""
        self.counts: dict[str, int] = {}

    def feed(self, data: bytes) -> None:
        self.buffer += data
        while True:
            parsed = self._one(self.buffer)
            if parsed is None:
                return
            name, used = parsed
            self.counts[name] = self.counts.get(name, 0) + 1
            self.buffer = self.buffer[used:]

    @staticmethod
    def _one(buf: bytes) -> tuple[str, int] | None:
        end = buf.find(b"\r\n")
        if end < 0 or not buf.startswith(b"*"):
            return None
        count, at, name = int(buf[1:end]), end + 2, ""
        for i in range(count):
            end = buf.find(b"\r\n", at)
            if end < 0:
                return None
            size = int(buf[at + 1:end])
            if len(buf) < end + 2 + size + 2:
                return None
            if i == 0:
                name = buf[end + 2:end + 2 + size].decode().lower()
            at = end + 2 + size + 2
        return name, at


class SlowLink:
    """``SlowLink(target_port).start()``; then point the hub at ``127.0.0.1:<port>``."""

    def __init__(self, target_port: int, *, host: str = "127.0.0.1", listen: str = "127.0.0.1", seed: int = 1) -> None:
        self.target = (host, target_port)
        self.listen = listen
        self.port = free_port()
        self.rtt = 0.0
        self.jitter = 0.0
        self.loss = 0.0
        self.rto = 0.25
        self.rng = random.Random(seed)
        self.connections = 0
        #: The commands sent through the link so far, by name.
        self.sent = RespCounter()
        self._cut = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._healed: asyncio.Event | None = None
        self._server: asyncio.AbstractServer | None = None
        self._tasks: set[asyncio.Task] = set()

    @property
    def url_host(self) -> str:
        return f"{self.listen}:{self.port}"

    def shape(self, *, rtt: float = 0.0, jitter: float = 0.0, loss: float = 0.0, rto: float = 0.25) -> None:
        """From now on: ``rtt`` seconds round trip, +- ``jitter``, ``loss`` chance per chunk of an ``rto`` wait."""
        self.rtt, self.jitter, self.loss, self.rto = rtt, jitter, loss, rto

    def cut(self) -> None:
        self._cut.set()
        self._call(lambda: self._healed.clear())

    def heal(self) -> None:
        self._cut.clear()
        self._call(lambda: self._healed.set())

    def _call(self, fn: Callable[[], None]) -> None:
        if self._loop is not None:
            self._loop.call_soon_threadsafe(fn)

    def start(self) -> SlowLink:
        self._thread = threading.Thread(target=self._run, name=f"slowlink-{self.port}", daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the slow link did not start")
        return self

    def stop(self) -> None:
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread is not None:
            self._thread.join(5)

    def _run(self) -> None:
        loop = self._loop = asyncio.new_event_loop()
        self._healed = asyncio.Event()
        self._healed.set()
        self._server = loop.run_until_complete(asyncio.start_server(self._accept, self.listen, self.port))
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            for task in self._tasks:
                task.cancel()
            self._server.close()
            loop.run_until_complete(asyncio.sleep(0))
            loop.close()

    def _delay(self) -> float:
        one_way = self.rtt / 2 + self.rng.uniform(-self.jitter, self.jitter) / 2
        if self.loss and self.rng.random() < self.loss:
            one_way += self.rto
        return max(0.0, one_way)

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        await self._healed.wait()  # a connect during a cut: accepted by the kernel, never answered
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        for task in (self._pipe(reader, up_writer, self.sent), self._pipe(up_reader, writer)):
            t = asyncio.ensure_future(task)
            self._tasks.add(t)
            t.add_done_callback(self._tasks.discard)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, counter: RespCounter | None = None) -> None:
        """Copy bytes in order, each chunk due at its arrival plus a delay (never before the one ahead)."""
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            last = 0.0
            while True:
                due, data = await queue.get()
                if not data:
                    break
                due = max(due, last)
                last = due
                wait = due - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                await self._healed.wait()  # cut: held, as a partition holds packets (TCP resends them later)
                writer.write(data)
                await writer.drain()
            writer.close()

        sender = asyncio.ensure_future(deliver())
        try:
            while True:
                data = await reader.read(65536)
                if counter is not None and data:
                    counter.feed(data)
                queue.put_nowait((time.monotonic() + self._delay(), data))
                if not data:
                    break
            await sender
        except (OSError, asyncio.CancelledError):
            sender.cancel()
        finally:
            if not writer.is_closing():
                writer.close()
