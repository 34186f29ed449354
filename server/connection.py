"""One websocket: the hello handshake, then frames in, frames out.

The receive loop decodes and checks each frame (size, shape, rate) and hands
it to the room actor; a separate sender task drains the socket's
:class:`~server.outbox.Outbox`, so a slow client never blocks its room.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from protocol import codec, errors
from protocol.errors import Close, ProtocolError
from protocol.frames import ROLES, VERSION, Ack, Cmd, Error, Hello, HintRequest, Host, Ping
from server import views
from server.limits import TokenBucket
from server.logs import event as log_event
from server.outbox import Outbox, Overflow
from server.room import Busy, new_token, token_hash

if TYPE_CHECKING:
    from server.hub import Hub
    from server.room import RoomActor

#: After this many refused frames in a row-ish (rate limited), the socket is closed.
MAX_STRIKES = 20


class Client:
    """What a room knows about one socket."""

    def __init__(self, *, text: bool, role: str, address: str, queue: int) -> None:
        self.text = text
        self.role = role
        self.address = address
        self.player: int | None = None
        self.actor: RoomActor | None = None
        self.outbox = Outbox(queue)

    @property
    def key(self) -> tuple:
        if self.role == "host":
            return views.HOST
        if self.role == "player" and self.player is not None:
            return views.player_key(self.player)
        return views.SPECTATORS

    def send(self, frame: Any) -> None:
        self.outbox.reply(codec.encode_server(frame, text=self.text))

    def close(self, code: int, last: Any | None = None) -> None:
        data = codec.encode_server(last, text=self.text) if last is not None else None
        self.outbox.close(code, getattr(last, "reason", "") or getattr(last, "code", ""), data)


async def _sender(ws: WebSocket, client: Client, hub: "Hub") -> None:
    """Write what the outbox holds; close the socket when the outbox says so."""
    try:
        while True:
            items = await client.outbox.take()
            for data in items:
                if isinstance(data, bytes):
                    await ws.send_bytes(data)
                else:
                    await ws.send_text(data)
                hub.metrics.frames_sent.inc()
            if client.outbox.close_code is not None:
                await ws.close(client.outbox.close_code, client.outbox.close_reason[:120])
                return
    except (WebSocketDisconnect, RuntimeError, OSError):
        return


async def _first_frame(ws: WebSocket, hub: "Hub") -> tuple[Hello, bool]:
    try:
        message = await asyncio.wait_for(ws.receive(), hub.config.hello_timeout)
    except asyncio.TimeoutError:
        raise errors.ExpectedHello("no hello in time") from None
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("bytes") is None
    data = message.get("text") if text else message["bytes"]
    try:
        frame = codec.decode_client(data)
    except ProtocolError as exc:
        exc.close = exc.close or Close.POLICY
        exc.text = text  # type: ignore[attr-defined]
        raise
    if not isinstance(frame, Hello):
        exc = errors.ExpectedHello()
        exc.text = text  # type: ignore[attr-defined]
        raise exc
    if frame.v != VERSION:
        exc = errors.BadVersion(f"this server speaks protocol version {VERSION}")
        exc.text = text  # type: ignore[attr-defined]
        raise exc
    if frame.role not in ROLES:
        exc = errors.BadFrame(f"role is one of {', '.join(ROLES)}", close=Close.POLICY)
        exc.text = text  # type: ignore[attr-defined]
        raise exc
    return frame, text


async def _admit(hub: "Hub", client: Client, hello: Hello) -> "RoomActor":
    """Find or create the room for this hello and attach the client to it."""
    if client.role == "host" and hello.room is None:
        token = new_token()
        actor = await hub.create_room(token_hash(token))
        await actor.call(actor.attach, client, hello, token)
        return actor
    if await hub.throttle.blocked(client.address):
        raise ProtocolError("too many failed attempts; wait a minute", code="rate/join_throttled", close=Close.TOO_MANY)
    actor = await hub.find(hello.room or "")
    if actor is None:
        await hub.throttle.failed(client.address)
        raise ProtocolError("no room with that code", code="room/not_found", close=Close.NOT_FOUND)
    try:
        await actor.call(actor.attach, client, hello)
    except ProtocolError as exc:
        if exc.code == "auth/bad_token":
            await hub.throttle.failed(client.address)
        raise
    return actor


async def serve(ws: WebSocket, hub: "Hub") -> None:
    """Handle one websocket from accept to close."""
    await ws.accept()
    address = ws.client.host if ws.client else "?"
    sender: asyncio.Task | None = None
    client: Client | None = None
    actor: RoomActor | None = None
    metrics = hub.metrics
    try:
        try:
            hello, text = await _first_frame(ws, hub)
        except ProtocolError as exc:
            text = getattr(exc, "text", False)
            metrics.rejections.labels(code=exc.code).inc()
            data = codec.encode_server(Error(code=exc.code, message=exc.message), text=text)
            await (ws.send_text(data) if text else ws.send_bytes(data))
            await ws.close(exc.close or Close.POLICY)
            return
        client = Client(text=text, role=hello.role, address=address, queue=hub.config.send_queue)
        sender = asyncio.create_task(_sender(ws, client, hub))
        try:
            try:
                actor = await _admit(hub, client, hello)
            except ProtocolError:
                raise
            except Exception:
                logging.getLogger("pizzanight").exception("admitting a socket failed")
                raise ProtocolError("the server could not admit you; try again", code="server/bug", close=Close.INTERNAL)
        except ProtocolError as exc:
            metrics.rejections.labels(code=exc.code).inc()
            client.close(exc.close or Close.POLICY, Error(code=exc.code, message=exc.message))
            await sender
            return
        metrics.connections.labels(role=client.role).inc()
        try:
            await _receive_loop(ws, hub, client, actor)
        finally:
            metrics.connections.labels(role=client.role).dec()
    except (WebSocketDisconnect, RuntimeError, OSError):
        pass  # the peer went away (or the socket was closed under us)
    finally:
        if actor is not None and client is not None:
            try:
                await actor.call(actor.detach, client)
            except Exception:
                pass
        if sender is not None and not sender.done():
            if client is not None and client.outbox.close_code is None:
                sender.cancel()
            try:
                await asyncio.wait_for(sender, 2.0)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                pass


async def _receive_loop(ws: WebSocket, hub: "Hub", client: Client, actor: "RoomActor") -> None:
    bucket = TokenBucket(hub.config.rate, hub.config.burst)
    strikes = 0
    metrics = hub.metrics
    while client.outbox.close_code is None:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            return
        data = message.get("bytes")
        if data is None:
            data = message.get("text", "")
        seq: int | None = None
        try:
            if not bucket.take():
                strikes += 1
                raise ProtocolError(
                    "slow down", code="rate/limited", close=Close.TOO_MANY if strikes > MAX_STRIKES else None
                )
            value = codec.load(data)
            seq = codec.seq_of(value)
            frame = codec.from_map(value)
            if isinstance(frame, Ping):
                metrics.commands.labels(kind="ping").inc()
                actor.touch()
                client.send(Ack(seq=frame.seq))
            elif isinstance(frame, Cmd):
                actor.submit(actor.on_command, client, frame.seq, frame.cmd)
            elif isinstance(frame, Host):
                if client.role != "host":
                    raise ProtocolError("only the host does that", code="auth/forbidden")
                actor.submit(actor.on_host, client, frame)
            elif isinstance(frame, HintRequest):
                actor.submit(actor.on_hint, client, frame.seq)
            else:  # a second hello
                raise errors.UnknownFrame("hello is only the first frame")
        except ProtocolError as exc:
            metrics.rejections.labels(code=exc.code).inc()
            error = Error(code=exc.code, message=exc.message, seq=seq)
            if exc.close is not None:
                client.close(exc.close, error)
                log_event(logging.INFO, "closing socket", code=exc.code, address=client.address)
                return
            try:
                client.send(error)
            except Overflow:
                client.close(Close.POLICY, Error(code="rate/not_reading", message="too many unread replies"))
                return
        except Overflow:
            client.close(Close.POLICY, Error(code="rate/not_reading", message="too many unread replies"))
            return
