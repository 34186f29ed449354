"""The hub's websocket protocol for uvicorn: uvicorn's own, plus a direct lane.

The hub runs on uvicorn + Starlette (server/serve.py).  Through ASGI every
frame a socket sends or receives crosses several layers: a per-socket task
woken to send each message, Starlette's ``WebSocket`` and its exception
wrappers, uvicorn's ``send`` coroutine, and on the way in a queue, a task
wake-up and a pause/resume of reading per message.  On a busy hub that
plumbing cost more CPU than the game (issue 10: each move is written to
every socket of its room).

:class:`DirectWebSocketProtocol` is uvicorn's sans-I/O websocket protocol
(``websockets-sansio``, the framing of the ``websockets`` library) with one
addition: it offers itself to the application through the ASGI scope's
``extensions`` under :data:`EXTENSION`.  The handshake, HTTP, keepalive
pings, closing and everything else stay uvicorn's.  An application that
finds the extension (server/connection.py) may then:

* :meth:`~DirectWebSocketProtocol.divert` incoming messages to a plain
  callback, called as each message is parsed (no queue, no task wake-up, no
  pause of reading: floods are the callback's business, and the hub's rate
  limit refuses them);
* :meth:`~DirectWebSocketProtocol.offer` a message, written at once from
  any code on the event loop unless the kernel's send buffer is full (then
  ``on_writable`` says when the socket can take more);
* :meth:`~DirectWebSocketProtocol.close` with a code and reason;
* :meth:`~DirectWebSocketProtocol.detach` from ASGI altogether: the
  application's coroutine returns, the socket stays open, and the protocol
  calls ``on_lost`` when it closes.  An idle spectator then holds no
  coroutine frames at all (Starlette's and ours were ~5 KiB a socket).

An application that ignores the extension sees plain uvicorn, so the
other servers and Starlette's test client keep working through ASGI.

Memory: most sockets of a big room are idle spectators, so what each one
holds matters (issue 10: at most 20 KiB per idle connection).  The
protocol drops the handshake's request and response once the upgrade is
accepted, and uses a one-consumer :class:`_Mailbox` and a :class:`_Flag`
where uvicorn makes an ``asyncio.Queue`` (three deques) and an
``asyncio.Event`` (a deque): a few KiB per socket.

Dead links (issue 28): a phone that walks out of Wi-Fi range, or a link
cut in the network, sends no close; TCP would notice after minutes.  The
hub replaces uvicorn's keepalive (two timers per socket, a ping every 20 s)
with one :class:`Heartbeat` per event loop: every :data:`SWEEP_EVERY` it
looks at each socket's flag "heard something since the last sweep"; a
socket silent for :data:`PING_AFTER` is sent a websocket ping (any client
answers it), one silent for :data:`DROP_AFTER` is dropped at once (its
room sees it leave).  The web client sends its own heartbeat after a second
of silence, so a live phone is heard without being pinged; a socket costs
the sweep a flag, a time and a set entry, and no timer.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Request
from websockets.protocol import State

from server import fastlane

#: The key of the direct lane in an ASGI websocket scope's ``extensions``.
EXTENSION = "pizzanight.direct"

#: Called with each whole message: ``bytes`` for binary, ``str`` for text.
OnMessage = Callable[[bytes | str], None]

#: Seconds between two sweeps of the heartbeat (the precision of the two limits below).
SWEEP_EVERY = 0.5
#: A socket the hub has heard nothing from for this long is sent a websocket ping.
PING_AFTER = 1.5
#: A socket silent for this long (its ping unanswered too) is dropped: its link is dead.
DROP_AFTER = 3.0


class Heartbeat:
    """One sweep per event loop over every open socket: ping the silent ones, drop the dead ones.

    One repeating callback, not a timer or a task per socket: at 10,000
    idle spectators a sweep is one pass over a set (docs/deploy.md has the
    measured cost).
    """

    _by_loop: dict[asyncio.AbstractEventLoop, Heartbeat] = {}

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.sockets: set[DirectWebSocketProtocol] = set()
        self._handle: asyncio.TimerHandle | None = None
        #: Sockets dropped for silence (tests, metrics).
        self.dropped = 0
        self.pinged = 0

    @classmethod
    def of(cls, loop: asyncio.AbstractEventLoop) -> Heartbeat:
        beat = cls._by_loop.get(loop)
        if beat is None:
            beat = cls._by_loop[loop] = cls(loop)
        return beat

    def add(self, socket: DirectWebSocketProtocol) -> None:
        socket._quiet_since = self.loop.time()
        self.sockets.add(socket)
        if self._handle is None:
            self._handle = self.loop.call_later(SWEEP_EVERY, self.sweep)

    def discard(self, socket: DirectWebSocketProtocol) -> None:
        self.sockets.discard(socket)

    def sweep(self) -> None:
        now = self.loop.time()
        for socket in list(self.sockets):
            if socket._heard:
                socket._heard = False
                socket._quiet_since = now
                socket._pinged = False
                continue
            silent = now - socket._quiet_since
            if silent >= DROP_AFTER:
                self.sockets.discard(socket)
                self.dropped += 1
                socket.drop_silent()
            elif silent >= PING_AFTER and not socket._pinged:
                socket._pinged = True
                self.pinged += 1
                socket.ping()
        if self.sockets:
            self._handle = self.loop.call_later(SWEEP_EVERY, self.sweep)
        else:
            self._handle = None
            if Heartbeat._by_loop.get(self.loop) is self:
                del Heartbeat._by_loop[self.loop]


class _Mailbox:
    """The part of ``asyncio.Queue`` uvicorn's protocol uses, for one consumer, in a list.

    uvicorn's ASGI ``receive`` is the only reader (``get``); the protocol
    and the hub add to it (``put_nowait``) and ``divert`` drains it.
    """

    __slots__ = ("_items", "_waiter")

    def __init__(self) -> None:
        self._items: list[Any] = []
        self._waiter: asyncio.Future[None] | None = None

    def put_nowait(self, item: Any) -> None:
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def get_nowait(self) -> Any:
        if not self._items:
            raise asyncio.QueueEmpty
        return self._items.pop(0)

    def empty(self) -> bool:
        return not self._items

    async def get(self) -> Any:
        while not self._items:
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        return self._items.pop(0)


class _Flag:
    """The part of ``asyncio.Event`` uvicorn's protocol uses (``writable``), without a deque."""

    __slots__ = ("_set", "_waiters")

    def __init__(self) -> None:
        self._set = True
        self._waiters: list[asyncio.Future[None]] = []

    def is_set(self) -> bool:
        return self._set

    def set(self) -> None:
        self._set = True
        waiters, self._waiters = self._waiters, []
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

    def clear(self) -> None:
        self._set = False

    async def wait(self) -> None:
        if self._set:
            return
        waiter = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        await waiter


def _uvicorn_fits() -> bool:
    """Whether uvicorn's protocol has the parts this class builds on (uvicorn 0.53 to at least 0.54).

    They are uvicorn's internals, not its API: pyproject.toml's floor asks
    for a version that has them, and should a later uvicorn change them, the
    hub does not offer the direct lane and runs on plain ASGI (slower, the
    same behaviour) rather than misbehave.
    """
    needed = ("send_receive_event_to_app", "handle_parser_exception", "pause_writing", "resume_writing", "receive",
              "run_asgi", "send_500_response")
    source = getattr(WebSocketsSansIOProtocol.__init__, "__code__", None)
    fields = source.co_names if source is not None else ()
    return all(hasattr(WebSocketsSansIOProtocol, name) for name in needed) and all(
        name in fields
        for name in ("frames", "curr_msg_data_type", "read_paused", "close_timer", "close_timeout", "writable", "queue",
                     "handshake_complete", "disconnected", "close_sent", "logger", "app")
    )


_BUILDS_ON_UVICORN = _uvicorn_fits()


def _parser_sizes(conn: Any) -> tuple[str, str] | None:
    """The names ``websockets`` gives its parser's message size limit and its fragmented message's size so far.

    ``max_message_size`` and ``current_size`` since websockets 15, ``max_size``
    and ``cur_size`` before (pyproject.toml allows 14).  None when neither
    pair is there: the lane then leaves every read to the library.
    """
    for limit, current in (("max_message_size", "current_size"), ("max_size", "cur_size")):
        if hasattr(conn, limit) and hasattr(conn, current):
            return limit, current
    return None


class DirectWebSocketProtocol(fastlane.SocketWriter, WebSocketsSansIOProtocol):
    """uvicorn's ``websockets-sansio`` protocol with a synchronous lane for the hub.

    Its ``offer`` (what the outbox calls to write one message, server/outbox.py's
    ``Writer``) comes from ``fastlane.SocketWriter``: compiled, or its pure twin.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if _BUILDS_ON_UVICORN:
            self.queue = _Mailbox()  # type: ignore[assignment]
            self.writable = _Flag()  # type: ignore[assignment]
            self.ping_interval = None  # uvicorn's keepalive timers: the Heartbeat sweep does their job
        #: The heartbeat's view of this socket: heard since the last sweep, silent since, pinged since.
        self._heard = True
        self._quiet_since = 0.0
        self._pinged = False
        self._on_message: OnMessage | None = None
        #: Called (no arguments) when a paused socket can be written again.
        self.on_writable: Callable[[], None] | None = None
        #: Set by :meth:`detach`: the socket outlives the application's coroutine.
        self._detached = False
        self._on_lost: Callable[[], None] | None = None
        #: What :meth:`data_received` needs to read plain frames itself: the message size limit,
        #: and the name of the parser's "fragmented message so far" (None: never read itself).
        sizes = _parser_sizes(self.conn)
        self._max_size: int | None = getattr(self.conn, sizes[0]) if sizes else None
        self._fragment_size: str | None = sizes[1] if sizes else None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[arg-type]
        # a plain TCP socket is then written by offer itself, with one send (server/fastlane/_lane.pyx)
        self.write_directly(transport)

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        if not self.close_sent and _BUILDS_ON_UVICORN:  # the upgrade was accepted: the app runs with this scope
            self.scope["extensions"][EXTENSION] = self  # type: ignore[index]

    async def send(self, message: Any) -> None:
        await super().send(message)
        if message["type"] == "websocket.accept" and self.handshake_complete:
            self.request = self.response = None  # type: ignore[assignment]  # used up: free them
            if _BUILDS_ON_UVICORN and not self.gone:
                Heartbeat.of(self.loop).add(self)

    # --- incoming -----------------------------------------------------------

    def divert(self, on_message: OnMessage) -> None:
        """From now on hand every message to ``on_message`` as it is parsed.

        Messages already queued for ``receive`` are handed over first, in
        order; a disconnect stays queued, so the application's ``receive``
        still learns that the socket has gone.
        """
        self._on_message = on_message
        self._clean = self._parser_idle()
        kept = []
        while not self.queue.empty():
            message = self.queue.get_nowait()
            if message["type"] == "websocket.receive":
                data = message.get("bytes")
                on_message(data if data is not None else message.get("text", ""))
            else:
                kept.append(message)
        for message in kept:
            self.queue.put_nowait(message)
        if self.read_paused:
            self.read_paused = False
            self.transport.resume_reading()

    def detach(self, on_message: OnMessage, on_lost: Callable[[], None]) -> bool:
        """Leave ASGI: messages go to ``on_message``, and ``on_lost`` is called once the socket is gone.

        The application's coroutine may then return without the socket
        being closed (see :meth:`run_asgi`).  False, and nothing changed,
        when the socket is already closing: the application carries on as
        usual and its ``receive`` returns the disconnect.
        """
        if self.close_sent or self.disconnected or self.transport.is_closing():
            return False
        self.divert(on_message)
        self._on_lost = on_lost
        self._detached = True
        return True

    async def run_asgi(self) -> None:
        """Run the application; close the socket when it returns, unless it detached (and is still open).

        uvicorn's own ``run_asgi`` always closes the socket once the
        application returns; this one only when the application did not
        :meth:`detach`, otherwise doing what uvicorn does.
        """
        try:
            result = await self.app(self.scope, self.receive, self.send)
        except ClientDisconnected:
            pass
        except BaseException:
            self.logger.exception("Exception in ASGI application\n")
            self.send_500_response()
        else:
            if not self.handshake_complete:
                self.logger.error("ASGI callable returned without completing handshake.")
                self.send_500_response()
            elif result is not None:
                self.logger.error("ASGI callable should return None, but returned '%s'.", result)
        if self._detached and not self.disconnected:
            return
        if self.close_timer is None:
            self.transport.close()

    # data_received, the hub's own reading of whole data frames, is fastlane.SocketWriter's

    def _read_slowly(self, data: bytes) -> None:
        """The library's reading of ``data``; then whether the next read may be the lane's own.

        ``SocketWriter.data_received`` reads plain whole frames itself and
        hands every other read here (the handshake, pings, closes,
        fragments, a frame cut across reads, oversized frames, any read
        while the parser holds part of a frame).
        """
        WebSocketsSansIOProtocol.data_received(self, data)
        self._clean = self._parser_idle()

    def _parser_idle(self) -> bool:
        """Whether the lane may read the next bytes itself: diverted, open, and the library's parser holding nothing."""
        conn = self.conn
        return not (
            self._on_message is None
            or self._fragment_size is None
            or self.close_sent
            or conn.state is not State.OPEN
            or getattr(conn, self._fragment_size) is not None
            or conn.reader.buffer
            or self.frames
        )

    def send_receive_event_to_app(self) -> None:
        on_message = self._on_message
        if on_message is None:
            super().send_receive_event_to_app()
            return
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        self.frames = []
        if self.close_sent:  # past our close: wait for the peer's close reply, as uvicorn does
            return
        if self.curr_msg_data_type == "text":
            try:
                text = bytes(data).decode()
            except UnicodeDecodeError:  # as uvicorn: close with 1007 (invalid payload)
                self.conn.send_close(1007)
                self.handle_parser_exception()
                return
            on_message(text)
        else:
            on_message(bytes(data))

    # --- outgoing -----------------------------------------------------------

    @property
    def gone(self) -> bool:
        """True once nothing more can be written (closed by us, by the peer, or lost)."""
        return self.close_sent or self.disconnected or self.transport.is_closing()

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Start the closing handshake (what uvicorn does for an ASGI ``websocket.close``)."""
        if self.gone:
            return
        self.queue.put_nowait({"type": "websocket.disconnect", "code": code, "reason": reason})
        self.conn.send_close(code, reason)
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.close_sent = True
        if self.read_paused:
            self.read_paused = False
            self.transport.resume_reading()
        self.close_timer = self.loop.call_later(self.close_timeout, self.transport.close)

    def ping(self) -> None:
        """A websocket ping: the peer's pong (or anything else it sends) shows the link is alive."""
        if self.gone:
            return
        self.conn.send_ping(b"hb")
        self.transport.write(b"".join(self.conn.data_to_send()))

    def drop_silent(self) -> None:
        """Drop a socket whose link is dead: no closing handshake (nothing would get through)."""
        if self.disconnected:
            return
        self.close_sent = True
        self.transport.abort()  # connection_lost follows: the room sees the socket leave

    def pause_writing(self) -> None:
        super().pause_writing()
        self.paused = True  # offer writes nothing until resume_writing

    def resume_writing(self) -> None:
        super().resume_writing()
        self.paused = False
        if self.on_writable is not None:
            self.on_writable()

    def connection_lost(self, exc: Exception | None) -> None:
        beat = Heartbeat._by_loop.get(self.loop)
        if beat is not None:
            beat.discard(self)
        super().connection_lost(exc)
        self._on_message = None
        self.on_writable = None
        on_lost, self._on_lost = self._on_lost, None
        if on_lost is not None:
            try:
                on_lost()
            except Exception:  # a bug in the hub's clean-up: logged, the server goes on
                self.logger.exception("cleaning up a closed socket failed")
