"""One load-test socket: hello, a reader task, requests answered by ``seq``, times of every reply.

It speaks only the public protocol (docs/protocol.md) with the project's
codec; what the socket shows is kept by a :class:`~server.loadtest.screen.Screen`.
With ``keep`` set it also keeps every state it was shown, for the audit.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import websockets

from protocol.codec import decode_server_all, encode_client
from server.loadtest.screen import Screen


class Refused(Exception):
    """The hub answered the hello with an error (the message is the error frame)."""


class Socket:
    def __init__(self, ws: Any, *, keep: bool) -> None:
        self.ws = ws
        self.screen = Screen()
        self.welcome: dict | None = None
        self.kept: list[dict] = []  # every state shown, when auditing
        self.raw = bytearray()  # every byte received, when auditing (token leaks)
        #: Every ``votes`` frame and every state shown (as its version), in order, when auditing (audit_votes).
        self.sequence: list[dict] = []
        self.keep = keep
        self.close_code: int | None = None
        self.shown_at = 0.0  # when the latest state arrived (perf_counter)
        self.frames = 0
        self._seq = 0
        self._waiting: dict[int, asyncio.Future] = {}
        self._changed = asyncio.Event()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, url: str, hello: dict, *, keep: bool = False, timeout: float = 10.0) -> Socket:
        ws = await websockets.connect(url, compression=None, max_size=2**23, open_timeout=timeout)
        sock = cls(ws, keep=keep)
        await ws.send(encode_client(dict({"t": "hello", "v": 1}, **hello)))
        try:
            await asyncio.wait_for(sock._welcomed(), timeout)
        except BaseException:
            await sock.close()
            raise
        return sock

    async def _welcomed(self) -> None:
        while self.welcome is None:
            if self.close_code is not None:
                raise Refused(getattr(self, "refusal", None) or f"closed with {self.close_code}")
            self._changed.clear()
            await self._changed.wait()

    async def _read(self) -> None:
        try:
            async for data in self.ws:
                now = time.perf_counter()
                self.frames += 1
                if self.keep:
                    self.raw += data if isinstance(data, bytes) else data.encode()
                shown = False
                for frame in decode_server_all(data):  # one message may carry several frames
                    moved = self._take(frame, now)
                    shown = moved or shown
                    if self.keep and (moved or frame.get("t") == "votes"):
                        self.sequence.append({"t": "state", "version": self.screen.version} if moved else frame)
                if shown:  # a change's public and private parts arrive in one message: record the whole view
                    self.shown_at = now
                    if self.keep:
                        self.kept.append(self.screen.snapshot())
                self._changed.set()
        except websockets.ConnectionClosed:
            pass
        finally:
            self.close_code = self.ws.close_code if self.ws.close_code is not None else 1006
            for future in self._waiting.values():
                if not future.done():
                    future.set_exception(ConnectionError(f"closed with {self.close_code}"))
            self._changed.set()

    def _take(self, frame: dict, now: float) -> bool:
        """Handle one frame; True when it moved the screen's view on."""
        kind = frame.get("t")
        if self.screen.feed(frame):
            return True
        if kind in ("ack", "error", "hint") and frame.get("seq") in self._waiting:
            future = self._waiting.pop(frame["seq"])
            if not future.done():
                future.set_result((now, frame))
        elif kind == "welcome":
            self.welcome = frame
        elif kind == "error":
            self.refusal = frame
        return False

    async def request(self, frame: dict, *, timeout: float = 10.0) -> tuple[float, float, dict]:
        """Send ``frame`` with a new seq; (sent at, answered at, answer) in perf_counter seconds."""
        self._seq += 1
        future = asyncio.get_running_loop().create_future()
        self._waiting[self._seq] = future
        sent = time.perf_counter()
        await self.ws.send(encode_client(dict(frame, seq=self._seq)))
        try:
            answered, reply = await asyncio.wait_for(future, timeout)
        finally:
            self._waiting.pop(self._seq, None)
        return sent, answered, reply

    async def host(self, op: str, **fields: Any) -> dict:
        return (await self.request(dict({"t": "host", "op": op}, **fields)))[2]

    async def until(self, pred, *, timeout: float) -> float:
        """Wait until ``pred(screen)`` holds; returns when (perf_counter) the state that made it hold arrived."""
        deadline = time.monotonic() + timeout
        while not pred(self.screen):
            if self.close_code is not None:
                raise ConnectionError(f"closed with {self.close_code}")
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), left)
            except TimeoutError:
                pass
        return self.shown_at

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self.ws.close(), 5)
        except Exception:
            pass
        try:
            await asyncio.wait_for(self._reader, 5)
        except (TimeoutError, asyncio.CancelledError):
            self._reader.cancel()
