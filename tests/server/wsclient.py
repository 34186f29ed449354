"""A small protocol client for tests and the load generator: real websockets, public protocol only."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import websockets

from protocol.codec import decode_server_all, encode_client
from protocol.patch import Mirror


class Closed(Exception):
    pass


class Peer:
    """One screen: says hello, records every frame it receives, answers requests by seq.

    ``frames`` holds what arrived, with each message's ``change`` frames folded
    into the whole ``state`` they lead to (so tests wait for states); ``raw``
    holds the messages as they came off the socket.
    """

    def __init__(self, ws: Any, *, text: bool = False) -> None:
        self.ws = ws
        self.text = text
        self.seq = 0
        self.frames: list[dict] = []
        self.raw: list[bytes | str] = []
        self.welcome: dict | None = None
        self.state: dict | None = None
        #: The view kept from state and change frames (docs/protocol.md "Changes").
        self.mirror = Mirror()
        self.close_code: int | None = None
        self._changed = asyncio.Event()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, url: str, hello: dict, *, text: bool = False, expect_welcome: bool = True) -> Peer:
        ws = await websockets.connect(url, compression=None, max_size=2**22, open_timeout=10)
        peer = cls(ws, text=text)
        await peer.send(dict({"t": "hello", "v": 1}, **hello))
        if expect_welcome:
            frame = await peer.next_frame(lambda f: f["t"] in ("welcome", "error"))
            if frame["t"] == "error":
                raise AssertionError(f"hello refused: {frame}")
        return peer

    @classmethod
    async def refused(cls, url: str, hello: dict) -> tuple[dict, int]:
        """Send ``hello`` expecting a refusal: the error frame, and the close code that follows it."""
        peer = await cls.open(url, hello, expect_welcome=False)
        error = await peer.next_frame(lambda f: f["t"] in ("error", "welcome"))
        assert error["t"] == "error", error
        return error, await peer.wait_closed()

    async def _read(self) -> None:
        try:
            async for data in self.ws:
                self.raw.append(data)
                # A message may hold several frames; its changes are folded into one whole state.
                for frame in self.mirror.fold(decode_server_all(data)):
                    self.frames.append(frame)
                    if frame["t"] == "welcome":
                        self.welcome = frame
                    elif frame["t"] == "state":
                        self.state = frame
                self._changed.set()
        except websockets.ConnectionClosed:
            pass
        finally:
            self.close_code = self.ws.close_code if self.ws.close_code is not None else 1006
            self._changed.set()

    async def send(self, frame: dict) -> None:
        await self.ws.send(encode_client(frame, text=self.text))

    async def send_raw(self, data: bytes | str) -> None:
        await self.ws.send(data)

    async def next_frame(self, pred: Callable[[dict], bool], *, start: int | None = None, timeout: float = 10.0) -> dict:
        index = 0 if start is None else start
        async def wait() -> dict:
            nonlocal index
            while True:
                while index < len(self.frames):
                    frame = self.frames[index]
                    index += 1
                    if pred(frame):
                        return frame
                if self.close_code is not None:
                    raise Closed(f"closed with {self.close_code}")
                self._changed.clear()
                await self._changed.wait()
        return await asyncio.wait_for(wait(), timeout)

    async def request(self, frame: dict, *, timeout: float = 10.0) -> dict:
        self.seq += 1
        seq = self.seq
        start = len(self.frames)
        await self.send(dict(frame, seq=seq))
        replies = ("ack", "error", "hint", "reclaim_code")
        return await self.next_frame(lambda f: f["t"] in replies and f.get("seq") == seq, start=start, timeout=timeout)

    async def cmd(self, cmd: dict, **kw: Any) -> dict:
        return await self.request({"t": "cmd", "cmd": cmd}, **kw)

    async def host(self, op: str, **fields: Any) -> dict:
        return await self.request(dict({"t": "host", "op": op}, **fields))

    async def until(self, pred: Callable[[dict], bool], *, timeout: float = 10.0) -> dict:
        """The first (current or future) state frame satisfying ``pred``."""
        if self.state is not None and pred(self.state):
            return self.state
        return await self.next_frame(lambda f: f["t"] == "state" and pred(f), start=len(self.frames), timeout=timeout)

    async def wait_closed(self, timeout: float = 10.0) -> int:
        await asyncio.wait_for(asyncio.shield(self._reader), timeout)
        return self.close_code

    async def close(self) -> None:
        await self.ws.close()
        try:
            await asyncio.wait_for(self._reader, 5)
        except (TimeoutError, asyncio.CancelledError):
            pass
