"""Test screens (TV, phones, spectators) that behave like the web client across nodes.

A screen keeps its secret token (a phone makes its own before it joins, as
the web client does) and, whenever its socket closes (a node killed,
drained, or a room moving: 4503), reconnects through the next node in its
list, as a browser behind the reverse proxy would.  A phone plays by
picking one of its legal commands at random; every acknowledged move is
recorded with the log version the state after it showed.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from collections.abc import Callable
from typing import Any

import websockets

from protocol.codec import decode_server_all, encode_client
from protocol.legal import expand
from protocol.patch import Mirror

OPEN_TIMEOUT = 2.0
REPLY_TIMEOUT = 4.0
#: The frames that answer a request by its seq (``reclaim_code`` answers the host op ``reclaim_seat``).
REPLIES = ("ack", "error", "reclaim_code")


class Screen:
    def __init__(self, nodes: list[Any], first: int, hello: dict, label: str, *, keepalive: bool = True) -> None:
        self.nodes = nodes
        self.keepalive = keepalive
        self.at = first
        self.hello = dict(hello)
        self.label = label
        self.token: str | None = None
        self.code: str | None = hello.get("room")
        self.ws: Any = None
        self.reader: asyncio.Task | None = None
        self.frames: list[dict] = []
        self.state: dict | None = None
        self.welcome: dict | None = None
        #: The close code of every socket the hub (or the link) closed; not of those this screen closed itself.
        self.closes: list[int] = []
        #: Sockets this screen closed itself (``drop`` before the hub closed them): their ends are not ``closes``.
        self._closed_here: set[Any] = set()
        self.connects: list[str] = []
        #: (when, node) of each welcome with its first state: a screen resumed then.
        self.connected_at: list[tuple[float, str]] = []
        #: The newest room version this screen has been shown, over all its sockets, and every state
        #: older than that which a socket showed it later (a reconnect served by a stale owner).
        self.seen = -1
        self.regressions: list[tuple[int, int]] = []
        self.seq = 0
        self._changed = asyncio.Event()

    @property
    def node(self) -> Any:
        return self.nodes[self.at % len(self.nodes)]

    async def connect(self, *, deadline: float = 30.0) -> None:
        """(Re)connect, trying node after node, until welcomed."""
        until = time.monotonic() + deadline
        while True:
            node = self.node
            try:
                await self._open(node)
                return
            except Exception as exc:  # refused, timed out, or told to go elsewhere
                self.at += 1
                if time.monotonic() > until:
                    raise AssertionError(f"{self.label} could not reconnect: {exc!r}") from exc
                await asyncio.sleep(0.1)

    async def _open(self, node: Any) -> None:
        await self.drop()
        # Pings find a node that stopped answering (paused, cut off) as a browser would.
        ws = await websockets.connect(
            node.ws, compression=None, open_timeout=OPEN_TIMEOUT, close_timeout=0.3,
            ping_interval=1.0 if self.keepalive else None, ping_timeout=1.5,
        )
        hello = dict(self.hello, t="hello", v=1)
        if self.code:
            hello["room"] = self.code
        if self.token:
            hello["token"] = self.token
            if self.welcome is not None:  # before its first welcome a phone's own token goes with its name
                hello.pop("name", None)
        self.ws = ws
        start = len(self.frames)
        self.reader = asyncio.create_task(self._read(ws))
        await ws.send(encode_client(hello))
        frame = await self.next_frame(lambda f: f["t"] in ("welcome", "error"), start=start, timeout=REPLY_TIMEOUT + 2)
        if frame["t"] == "error":
            raise ConnectionError(f"hello refused: {frame}")
        self.welcome = frame
        self.code = frame["room"]
        self.token = frame.get("token") or self.token
        # The room's state follows the welcome: wait for it, so self.state is fresh.
        await self.next_frame(lambda f: f["t"] == "state", start=start, timeout=REPLY_TIMEOUT)
        self.connects.append(node.name)
        self.connected_at.append((time.monotonic(), node.name))

    async def _read(self, ws: Any) -> None:
        try:
            mirror = Mirror()  # a new socket starts from a full state
            async for data in ws:
                for frame in mirror.fold(decode_server_all(data)):
                    self.frames.append(frame)
                    if frame["t"] == "state":
                        self.state = frame
                        version = frame.get("version", 0)
                        if version < self.seen:
                            self.regressions.append((self.seen, version))
                        self.seen = max(self.seen, version)
                self._changed.set()
        except websockets.ConnectionClosed:
            pass
        finally:
            # Recorded even when the screen already moved on: a move sent on a socket the hub had just
            # closed fails, and the phone reconnects (``drop``) before this reader has seen the close.
            code = ws.close_code if ws.close_code is not None else 1006
            if ws is self.ws or ws not in self._closed_here:
                self.closes.append(code)
            if ws is self.ws:
                self.ws = None
                if code in (1006, 1011):  # the link died (no close from the hub): come back through another
                    self.at += 1
            self._changed.set()

    @property
    def connected(self) -> bool:
        return self.ws is not None

    async def drop(self) -> None:
        ws, self.ws = self.ws, None
        if ws is not None:
            if ws.protocol.close_rcvd is None:  # the hub has not closed it: this close is the screen's own
                self._closed_here.add(ws)
            try:
                await asyncio.wait_for(ws.close(), 1.0)
            except Exception:
                pass
            ws.transport.abort() if ws.transport else None

    async def next_frame(self, pred: Callable[[dict], bool], *, start: int, timeout: float) -> dict:
        async def wait() -> dict:
            index = start
            while True:
                while index < len(self.frames):
                    frame = self.frames[index]
                    index += 1
                    if pred(frame):
                        return frame
                if self.ws is None:
                    raise ConnectionError(f"{self.label}: socket closed")
                self._changed.clear()
                await self._changed.wait()

        return await asyncio.wait_for(wait(), timeout)

    async def request(self, frame: dict, *, timeout: float = REPLY_TIMEOUT) -> dict | None:
        """Send a frame with a seq; its ack or error, or None when the socket went away first."""
        if self.ws is None:
            return None
        self.seq += 1
        seq = self.seq
        start = len(self.frames)
        try:
            await self.ws.send(encode_client(dict(frame, seq=seq)))
            return await self.next_frame(lambda f: f["t"] in REPLIES and f.get("seq") == seq, start=start, timeout=timeout)
        except (TimeoutError, ConnectionError, websockets.ConnectionClosed):
            return None

    async def host(self, op: str, **fields: Any) -> dict | None:
        return await self.request(dict({"t": "host", "op": op}, **fields))

    async def until(self, pred: Callable[[dict], bool], *, timeout: float = 15.0) -> dict:
        """The current or a future state satisfying ``pred``, reconnecting as needed."""
        until = time.monotonic() + timeout
        while True:
            if self.ws is None:
                await self.connect()
            if self.state is not None and pred(self.state):
                return self.state
            left = until - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{self.label}: no such state within {timeout}s (last: {self.state and self.state.get('version')})")
            try:
                await self.next_frame(lambda f: f["t"] == "state" and pred(f), start=len(self.frames), timeout=min(left, 1.0))
            except (TimeoutError, ConnectionError):
                continue


class Phone(Screen):
    """A player that plays random legal moves and records the ones acknowledged."""

    def __init__(self, nodes: list[Any], first: int, code: str, name: str, seed: int) -> None:
        super().__init__(nodes, first, {"role": "player", "room": code, "name": name}, name)
        # Its own seat token, as the web client makes one: a join whose welcome is lost (a slow link,
        # a hub cut off) is sent again as it was and comes back to the seat it made.
        self.token = secrets.token_urlsafe(24)
        self.rng = random.Random(seed)
        #: (when the ack came, log version shown by the first state after it).
        self.acks: list[tuple[float, int]] = []
        #: (when the ack came, the node whose socket carried it).
        self.acked_on: list[tuple[float, str]] = []
        self.refused = 0

    async def play(self, *, on_ack: Callable[[Phone, int], Any] | None = None, timeout: float = 120.0) -> None:
        until = time.monotonic() + timeout
        while time.monotonic() < until:
            state = await self.until(lambda s: s.get("outcome") is not None or bool(s.get("legal")), timeout=until - time.monotonic())
            if state.get("outcome") is not None:
                return
            reply = await self.request({"t": "cmd", "cmd": self.rng.choice(expand(state["legal"]))})
            if reply is None:  # no answer: the node died or paused, or the room is moving
                await self.drop()
                self.at += 1
                await self.connect()
                continue
            if reply["t"] == "error":
                self.refused += 1
                await asyncio.sleep(0.05)
                continue
            acked_at = time.monotonic()
            self.acked_on.append((acked_at, self.connects[-1] if self.connects else "?"))
            at = next(i for i in range(len(self.frames) - 1, -1, -1) if self.frames[i] is reply)
            shown = await self._state_after(at + 1)
            self.acks.append((acked_at, shown))
            if on_ack is not None:
                await on_ack(self, shown)
        raise AssertionError(f"{self.label}: the game did not end within {timeout}s")

    async def _state_after(self, start: int) -> int:
        """The version of the first state after frame ``start`` (the ack comes before it)."""
        try:
            frame = await self.next_frame(lambda f: f["t"] == "state", start=start, timeout=REPLY_TIMEOUT)
            return frame["version"]
        except (TimeoutError, ConnectionError):
            return self.state["version"] if self.state else 0
