"""One websocket: the hello handshake, then frames in, frames out.

Each frame after the hello is decoded and checked (size, shape, rate) by
:class:`Inbound`, turned into a typed inbox message (``server.inbox``) and
submitted to the room; the socket's :class:`~server.outbox.Outbox` holds
what goes out, so a slow client never blocks its room.

Two lanes.  On the hub's own uvicorn protocol (server/direct_ws.py), once
a socket is in its room, ``serve`` *detaches* it from ASGI and returns:
the protocol hands each parsed frame to :class:`Inbound`, the outbox
writes to the socket directly, and the socket leaves its room when it
closes (:func:`_gone`).  No task wakes per frame, and an idle socket holds
no coroutine.  On any other ASGI server (Starlette's test client, the
measurement transports) a receive loop awaits each frame and a sender
task drains the outbox.

The room is a local actor or, in cluster mode, a stand-in for an actor on
another node: both are a :class:`RoomEntry`.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import Protocol

from starlette.websockets import WebSocket, WebSocketDisconnect

from protocol import codec, errors
from protocol.errors import Close, ErrorCode, ProtocolError, ServerCode, ServerFault
from protocol.frames import ROLES, VERSION, Ack, Cmd, Error, Hello, HintRequest, Host, Ping, React, Vote
from server import fastlane, lobby
from server.client import Client
from server.direct_ws import EXTENSION
from server.fastlane import load_frame
from server.hub import Hub
from server.inbox import AskHint, Command, HostOp, Message
from server.limits import TokenBucket
from server.logs import event as log_event
from server.names import BadName, clean_name
from server.outbox import Overflow
from server.reactions import ReactionCounter, ReactionGate
from server.tokens import OWN_TOKEN_RULE, new_token, own_token, token_hash
from server.votes import Ballots

#: After this many refused frames in a row-ish (rate limited), the socket is closed.
MAX_STRIKES = 20


class RoomEntry(Protocol):
    """What a socket needs of its room: a local actor or a remote room's stand-in."""

    async def attach(self, client: Client, hello: Hello, issued: str | None = None) -> None: ...

    def submit(self, message: Message) -> None: ...

    def touch(self) -> None: ...

    def detach(self, client: Client) -> None: ...

    #: Where this socket's reactions are counted (``server.reactions``), off the actor's inbox.
    reactions: ReactionCounter
    #: Where this socket's audience votes are counted (``server.votes``), off the actor's inbox.
    votes: Ballots


async def _sender(ws: WebSocket, client: Client, hub: Hub) -> None:
    """Write what the outbox holds; close the socket when the outbox says so."""
    sent = hub.metrics.frames_sent
    try:
        while True:
            items = await client.outbox.take()
            for data in items:
                if isinstance(data, bytes):
                    await ws.send_bytes(data)
                else:
                    await ws.send_text(data)
            sent.inc(len(items))
            if client.outbox.close_code is not None:
                await ws.close(client.outbox.close_code, client.outbox.close_reason[:120])
                return
    except (WebSocketDisconnect, RuntimeError, OSError):
        return


async def _first_frame(ws: WebSocket, hub: Hub) -> tuple[Hello | ProtocolError, bool]:
    """The hello (or why there is none) and whether the client speaks JSON text."""
    try:
        message = await asyncio.wait_for(ws.receive(), hub.config.hello_timeout)
    except TimeoutError:
        return errors.ExpectedHello("no hello in time"), False
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("bytes") is None
    try:
        frame = codec.decode_client(message.get("text") if text else message["bytes"])
    except ProtocolError as exc:
        return exc, text
    if not isinstance(frame, Hello):
        return errors.ExpectedHello(), text
    if frame.v != VERSION:
        return errors.BadVersion(f"this server speaks protocol version {VERSION}"), text
    if frame.role not in ROLES:
        return errors.BadFrame(f"role is one of {', '.join(ROLES)}", close=Close.POLICY), text
    return frame, text


async def _admit(hub: Hub, client: Client, hello: Hello) -> RoomEntry:
    """Find or create the room for this hello and attach the client to it."""
    if client.role == "host" and hello.room is None:
        token = new_token()
        actor = await hub.create_room(token_hash(token))
        await actor.attach(client, hello, token)
        return actor
    if client.role == "player" and hello.room is None and hello.name is not None:
        return await _open_from_phone(hub, client, hello)
    blocked = await hub.throttle.blocked(client.address)
    if blocked and not _returning(hello):
        raise _throttled()
    room = await hub.find(hello.room or "")
    if room is None:
        await hub.throttle.failed(client.address)
        raise _throttled() if blocked else ProtocolError("no room with that code", code=ErrorCode.ROOM_NOT_FOUND, close=Close.NOT_FOUND)
    try:
        await room.attach(client, hello)
    except ProtocolError as exc:
        if exc.code in _GUESSES:
            await hub.throttle.failed(client.address)
            if blocked:
                raise _throttled() from None
        raise
    return room


def _returning(hello: Hello) -> bool:
    """A hello that only comes back to what its token holds (a seat, the room's host): no name, no reclaim code.

    Such a hello is tried even while its address is throttled: a token of 22
    or more random characters is not guessed, and a party or a class behind
    one address must not be locked out of its own seats because one of them
    mistyped codes.  While throttled, its failures (a wrong code or token)
    are still counted and answered ``rate/join_throttled``, as any other
    hello is, so a guesser learns nothing more than before.
    """
    return hello.token is not None and hello.name is None and hello.reclaim is None


def _throttled() -> ProtocolError:
    return ProtocolError("too many failed attempts; wait a minute", code=ErrorCode.JOIN_THROTTLED, close=Close.TOO_MANY)


#: Refused joins that may be someone guessing secrets: each counts against the address's join throttle.
#: (A name taken, even with a phone's own token, is not one: a token of 22 or more random characters is
#: not guessed, and counting it would lock a party behind one address out after a few taken names.)
_GUESSES = (ErrorCode.BAD_TOKEN, lobby.RoomCode.BAD_RECLAIM, lobby.RoomCode.RECLAIM_EXPIRED)


async def _open_from_phone(hub: Hub, client: Client, hello: Hello) -> RoomEntry:
    """A phone opens a room with no TV ("play on phones only") and takes its first seat.

    The name is checked before a code is spent on the room.  Nobody holds the
    room's host token: the phone, as the first to join, is the host phone
    (``server.lobby``), which is all the hosting a TV-less room needs.
    """
    try:
        clean_name(hello.name or "")
    except BadName as exc:
        raise lobby.RoomRejected(lobby.RoomCode.BAD_NAME, str(exc), close=Close.POLICY, params=exc.params) from None
    if hello.token is not None and not own_token(hello.token):
        raise errors.BadFrame(OWN_TOKEN_RULE, close=Close.POLICY)
    actor = await hub.create_room(token_hash(new_token()), no_tv=True)
    await actor.attach(client, hello)
    return actor


def _error(exc: ProtocolError | ServerFault, seq: int | None = None) -> Error:
    return Error(code=exc.code.value, message=exc.message, seq=seq, params=getattr(exc, "params", None))


async def serve(ws: WebSocket, hub: Hub) -> None:
    """Handle one websocket from accept to close."""
    await ws.accept()
    address = ws.client.host if ws.client else "?"
    sender: asyncio.Task | None = None
    client: Client | None = None
    room: RoomEntry | None = None
    metrics = hub.metrics
    try:
        hello, text = await _first_frame(ws, hub)
        if not isinstance(hello, Hello):
            metrics.rejected(hello.code.value)
            data = codec.encode_server(_error(hello), text=text)
            await (ws.send_text(data) if isinstance(data, str) else ws.send_bytes(data))
            await ws.close(hello.close or Close.POLICY)
            return
        client = Client(text=text, role=hello.role, address=address, queue=hub.config.send_queue)
        direct = getattr(ws, "scope", {}).get("extensions", {}).get(EXTENSION)
        if direct is not None:
            client.outbox.write_to(direct, metrics.frames_sent)
        else:
            sender = asyncio.create_task(_sender(ws, client, hub))
        try:
            room = await _admit(hub, client, hello)
        except (ProtocolError, ServerFault) as exc:
            metrics.rejected(exc.code.value)
            client.close(exc.close or Close.POLICY, _error(exc))
            if sender is not None:
                await sender
            return
        except Exception:
            logging.getLogger("pizzanight").exception("admitting a socket failed")
            metrics.rejected(ServerCode.BUG.value)
            client.close(Close.INTERNAL, Error(code=ServerCode.BUG.value, message="the server could not admit you; try again"))
            if sender is not None:
                await sender
            return
        metrics.connections.labels(role=client.role).inc()
        inbound = Inbound(hub, client, room)
        # (the usual game command routed in C when the fast lane is compiled, every other frame by inbound.take)
        taker = fastlane.taker(inbound, Command)
        if direct is not None and direct.detach(taker, functools.partial(_gone, room, inbound, hub)):
            room = None  # the protocol detaches it from the room when the socket closes (_gone)
            return
        try:
            await _receive_loop(ws, inbound)
        finally:
            metrics.connections.labels(role=client.role).dec()
            inbound.release()
    except (WebSocketDisconnect, RuntimeError, OSError):
        pass  # the peer went away (or the socket was closed under us)
    finally:
        if room is not None and client is not None:
            room.detach(client)
        if sender is not None and not sender.done():
            if client is not None and client.outbox.close_code is None:
                sender.cancel()
            try:
                await asyncio.wait_for(sender, 2.0)
            except (TimeoutError, asyncio.CancelledError):
                pass


def message_for(client: Client, value: dict, seq: int | None) -> Message | Ping:
    """The inbox message a checked client map asks for (a ping is answered by the connection).

    A ``cmd`` frame, the one that comes many times a second, is taken from
    the map as it is: its shape is ``{t, seq, cmd}`` with an int ``seq`` and
    a map ``cmd`` (already checked by ``codec.load``), and the game command
    inside is structured once, by the room, with the running game's codec.
    """
    if value["t"] == "cmd" and seq is not None and len(value) == 3 and type(value.get("cmd")) is dict:
        return Command(client, seq, value["cmd"])
    frame = codec.from_map(value)
    if isinstance(frame, Ping):
        return frame
    if isinstance(frame, Host):
        # The TV, or a player whose phone the room lets host (the room actor decides which).
        if client.role not in ("host", "player"):
            raise errors.Forbidden("only the host does that")
        return HostOp(client, frame.seq, lobby.host_operation(frame))
    if isinstance(frame, HintRequest):
        return AskHint(client, frame.seq)
    if isinstance(frame, Cmd):  # a cmd the fast path above did not take (it decodes the same)
        return Command(client, frame.seq, frame.cmd)
    if isinstance(frame, Hello) and frame.role not in ROLES:  # a wrong shape is bad_frame, as in the first hello
        raise errors.BadFrame(f"role is one of {', '.join(ROLES)}")
    raise errors.UnknownFrame("hello is only the first frame")


class Inbound:
    """One socket's frames after its hello: rate-limited, decoded, checked, handed to the room.

    A refused frame is answered with an error (and changes nothing); too
    many refused in a row, or a frame that breaks the protocol, closes the
    socket.  Once the socket is closing, further frames are ignored.
    """

    def __init__(self, hub: Hub, client: Client, room: RoomEntry) -> None:
        self.client = client
        self.room = room
        self.metrics = hub.metrics
        self.bucket = TokenBucket(hub.config.rate, hub.config.burst)
        self.strikes = 0
        self.pings = hub.metrics.command_counts["ping"]
        #: The reaction limit of this socket's person (``server.reactions``), taken at its first reaction.
        self.gate: ReactionGate | None = None

    def release(self) -> None:
        """The socket closed: its reaction gate goes back to its person, so a new socket does not refill it."""
        if self.gate is not None:
            self.room.reactions.give_back(_reactor(self.client), self.gate)
            self.gate = None
        self.room.votes.withdraw(self.client)

    def take(self, data: bytes | str, value: dict | None = None) -> None:
        """Handle one frame the socket sent: refused, answered here, or handed to the room.

        ``value`` is the frame already decoded, when the compiled lane's
        :func:`server.fastlane.taker` read it and left the frame to this
        method (anything but the usual game command): it is not decoded twice.
        """
        client = self.client
        if client.outbox.close_code is not None:
            return
        seq: int | None = None
        try:
            if not self.bucket.take():
                self.strikes += 1
                seq = _seq_if_any(data)  # so a client waiting for this frame's answer gets it
                raise ProtocolError(
                    "slow down", code=ErrorCode.RATE_LIMITED, close=Close.TOO_MANY if self.strikes > MAX_STRIKES else None
                )
            if value is None:
                try:
                    value = load_frame(data)  # codec.load, the usual frame in C when the fast lane is compiled
                except ProtocolError as exc:
                    seq = exc.seq  # a frame refused for what else it holds still has its seq echoed
                    raise
            seq = codec.seq_of(value)
            if value["t"] == "react":  # counted off the room's inbox, never stored
                self.gate = self.gate or self.room.reactions.take_gate(_reactor(client))
                react = codec.from_map(value)
                assert isinstance(react, React)
                if self.gate.admit(react.r):
                    self.room.reactions.add(react.r)
                return
            if value["t"] == "vote":  # an audience vote (server.votes): counted off the room's inbox, never stored
                vote = _vote(value)
                if self.room.votes.cast(client, vote) and vote.seq is not None:
                    client.send(Ack(seq=vote.seq))
                return
            inbound = message_for(client, value, seq)
            if isinstance(inbound, Ping):
                self.pings.inc()
                self.room.touch()
                client.send(Ack(seq=inbound.seq))
            else:
                self.room.submit(inbound)
        except Exception as exc:
            self.failed(exc, seq)

    def failed(self, exc: Exception, seq: int | None) -> None:
        """A frame was refused (answered with an error, or the socket closed) or broke something (logged).

        Called from the ``except`` block of :meth:`take`, and of the compiled
        lane's usual command (``server/fastlane/_inbound.pyx``), which hands
        every failure here.
        """
        client = self.client
        if isinstance(exc, (ProtocolError, ServerFault)):
            self.metrics.rejected(exc.code.value)
            error = _error(exc, seq)
            if exc.close is not None:
                client.close(exc.close, error)
                log_event(logging.INFO, "closing socket", code=exc.code.value, address=client.address)
                return
            try:
                client.send(error)
            except Overflow:
                client.not_reading()
        elif isinstance(exc, Overflow):
            client.not_reading()
        else:  # a bug: this socket is closed, the hub goes on
            logging.getLogger("pizzanight").error("handling a frame failed", exc_info=exc)
            self.metrics.rejected(ServerCode.BUG.value)
            client.close(Close.INTERNAL, Error(code=ServerCode.BUG.value, message="the server could not handle that frame"))


def _reactor(client: Client) -> tuple[str, object]:
    """Whose reaction limit a socket uses: its seated player's, or else its address's (``server.reactions``)."""
    if client.role == "player" and client.player is not None:
        return ("player", client.player)
    return ("address", client.address)


def _vote(value: dict) -> Vote:
    """A ``vote`` map as its frame: the usual shape taken as it is (10,000 spectators may vote at once),
    anything else structured by the codec, which refuses it with the exact reason."""
    q, pick, seq = value.get("q"), value.get("pick"), value.get("seq")
    if type(q) is int and type(pick) is str and (seq is None or type(seq) is int) and len(value) == 3 + ("seq" in value):
        return Vote(q=q, pick=pick, seq=seq)
    vote = codec.from_map(value)
    assert isinstance(vote, Vote)
    return vote


def _seq_if_any(data: bytes | str) -> int | None:
    """The ``seq`` of a frame refused before it was handled, when it reads as a frame at all."""
    try:
        return codec.seq_of(codec.load(data))
    except ProtocolError as exc:
        return exc.seq


def _gone(room: RoomEntry, inbound: Inbound, hub: Hub) -> None:
    """A detached socket closed (server/direct_ws.py): what ``serve`` does when its socket goes."""
    client = inbound.client
    hub.metrics.connections.labels(role=client.role).dec()
    inbound.release()
    room.detach(client)


async def _receive_loop(ws: WebSocket, inbound: Inbound) -> None:
    """Feed the socket's frames to ``inbound`` until the socket closes (the ASGI lane)."""
    outbox = inbound.client.outbox
    while outbox.close_code is None:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            return
        data = message.get("bytes")
        inbound.take(data if data is not None else message.get("text", ""))


__all__ = ["Client", "RoomEntry", "serve", "message_for"]
