"""Stand-ins that let a socket on one node play in a room owned by another.

On the owner, a :class:`RemoteClient` stands for a socket held by another
node (the *edge*): to the room actor it is just another
:class:`~server.client.Client`, so the actor encodes, fans out and replies
exactly as it does for local sockets, and the bytes go to the edge through
the relay.  On the edge, a :class:`RemoteRoom` stands for the actor: the
connection calls ``attach``/``submit``/``touch``/``detach`` on it as on a
local actor, and it serialises each inbox message (``server.inbox``) for
the owner, which turns it back into the same type (:func:`inbox_message`).

Message kinds (``k``), edge to owner: ``attach``, ``cmd``, ``host``,
``hint``, ``touch``, ``detach``, ``react`` (this edge's audience reactions,
summed per kind, at most every ``server.reactions.FLUSH_EVERY``), ``votes`` (this edge's tally of the
open audience vote, at most every ``server.votes.FLUSH_EVERY``); owner to edge: ``reply``, ``state``,
``change``, ``after`` (a reply sent after the state before it), ``close``,
``attached``, ``refused``, ``ballot`` (which audience vote is open).  Every message names its room (``r``), the
sending node (``n``) and the connection (``c``, unique per edge node).
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable

import attrs

from protocol.errors import FAULTS, Close, ErrorCode, Moved, ProtocolError, ServerCode, ServerFault
from protocol.frames import Hello
from server import lobby
from server.client import Client
from server.inbox import AskHint, Command, Detach, HostOp, Message
from server.outbox import Outbox, Overflow
from server.reactions import ReactionCounter
from server.votes import EdgeVotes

#: How long an edge waits for the owner to answer an attach before it looks again.
ATTACH_WAIT = 2.5
#: Forward a remote ping's "still here" to the owner at most this often.
TOUCH_EVERY = 5.0

_connections = itertools.count(1)

Post = Callable[[dict], None]


# --- inbox messages on the wire ---------------------------------------------------------


def wire_message(message: Message, conn: int) -> dict:
    """An edge socket's inbox message as a relay message for the owner."""
    match message:
        case Command(seq=seq, payload=payload):
            return {"k": "cmd", "c": conn, "seq": seq, "cmd": payload}
        case HostOp(seq=seq, op=op):
            return {"k": "host", "c": conn, "seq": seq, "op": type(op).__name__, "args": attrs.asdict(op)}
        case AskHint(seq=seq):
            return {"k": "hint", "c": conn, "seq": seq}
        case Detach():
            return {"k": "detach", "c": conn}
    raise TypeError(f"{type(message).__name__} is not forwarded to a room's owner")


def inbox_message(message: dict, client: Client) -> Message:
    """The owner's side of :func:`wire_message`: the same inbox message, for ``client``."""
    match message["k"]:
        case "cmd":
            return Command(client, message["seq"], message["cmd"])
        case "host":
            return HostOp(client, message["seq"], lobby.HOST_OPERATIONS[message["op"]](**message["args"]))
        case "hint":
            return AskHint(client, message["seq"])
        case "detach":
            return Detach(client)
    raise ValueError(f"no inbox message for relay kind {message['k']!r}")


def refusal(message: dict) -> ProtocolError | ServerFault:
    """The exception a ``refused`` relay message stands for (the owner refused an attach)."""
    code = message.get("code") or ServerCode.BUG.value
    text = message.get("message", "")
    if code in ServerCode._value2member_map_:
        return FAULTS[ServerCode(code)](text)
    for codes in (ErrorCode, lobby.RoomCode):
        if code in codes._value2member_map_:
            return ProtocolError(text, code=codes(code), close=message.get("close"), params=message.get("params"))
    return FAULTS[ServerCode.BUG](text)


# --- the owner's side ---------------------------------------------------------------------


class RelayOutbox(Outbox):
    """An outbox whose frames go to another node instead of a local socket."""

    def __init__(self, post: Post) -> None:
        super().__init__()
        self._post = post

    def reply(self, data: bytes | str) -> None:
        if self.close_code is None:
            self._post({"k": "reply", "data": data})

    def reply_after_state(self, data: bytes | str) -> None:
        if self.close_code is None:
            self._post({"k": "after", "data": data})

    def notice(self, message: dict) -> None:
        """A message for the socket's node rather than the socket (``ballot``: which audience vote is open)."""
        if self.close_code is None:
            self._post(message)

    def state(self, data: bytes | str) -> None:
        if self.close_code is None:
            self._post({"k": "state", "data": data})

    def change(self, data: bytes | str) -> bool:
        if self.close_code is None:
            self._post({"k": "change", "data": data})
        return True

    def close(self, code: int, reason: str = "", last: bytes | str | None = None) -> None:
        if self.close_code is not None:
            return
        self.close_code = code
        self.close_reason = reason
        self._post({"k": "close", "code": code, "reason": reason, "data": last})

    def cut(self, code: int) -> None:
        """Closed without telling the edge (it is gone, or the message could not get through)."""
        self.close_code = code


class RemoteClient(Client):
    """The owner's view of a socket held by node ``node`` as connection ``conn``."""

    def __init__(self, post: Post, room: str, node: str, conn: int, *, text: bool, role: str, address: str) -> None:
        super().__init__(text=text, role=role, address=address, queue=1)
        self.node = node
        self.conn = conn
        self.room_id = room
        self.outbox: RelayOutbox = RelayOutbox(lambda message: post({**message, "r": room, "c": conn}))


# --- the edge's side ----------------------------------------------------------------------


@attrs.define
class _Pending:
    future: asyncio.Future
    client: Client


class RemoteRoom:
    """The edge's stand-in for a room actor running on node ``owner``.

    ``post(node, message)`` sends through the relay; ``edges`` is the node's
    registry of its relayed sockets by connection id (shared by all its
    remote rooms); ``on_idle`` is told when the last socket here left.
    """

    def __init__(
        self,
        post: Callable[[str, dict], None],
        node: str,
        room_id: str,
        code: str,
        owner: str,
        *,
        edges: dict[int, tuple[RemoteRoom, Client]],
        on_idle: Callable[[RemoteRoom], None],
    ) -> None:
        self._send = post
        self.node = node
        self.room_id = room_id
        self.code = code
        self.owner = owner
        self._edges = edges
        self._on_idle = on_idle
        self.clients: dict[int, Client] = {}
        self._conns: dict[Client, int] = {}
        self._attaching: dict[int, _Pending] = {}
        self._touched = 0.0
        #: Reactions of this node's sockets in the room, summed here and sent to the owner a few times a second.
        self.reactions = ReactionCounter(lambda counts: self._post({"k": "react", "counts": counts}))
        #: Audience votes of this node's sockets in the room (server.votes), posted to the owner as tallies.
        self.votes = EdgeVotes(self._post)

    def _post(self, message: dict) -> None:
        self._send(self.owner, {**message, "r": self.room_id, "n": self.node})

    # --- what connection.py calls on a room ----------------------------------------

    def submit(self, message: Message) -> None:
        self._post(wire_message(message, self._conns.get(message.client, 0)))  # type: ignore[union-attr]

    def touch(self) -> None:
        now = time.monotonic()
        if now - self._touched >= TOUCH_EVERY:
            self._touched = now
            self._post({"k": "touch"})

    async def attach(self, client: Client, hello: Hello, issued: str | None = None) -> None:
        """Ask the owner to admit ``client``; its welcome and states arrive through the relay."""
        conn = next(_connections)
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        self._attaching[conn] = _Pending(future, client)
        self.clients[conn] = client
        self._conns[client] = conn
        self._edges[conn] = (self, client)
        self._post({
            "k": "attach", "c": conn, "role": client.role, "text": client.text, "addr": client.address,
            "hello": attrs.asdict(hello), "at": client.hello_at,
        })
        try:
            result = await asyncio.wait_for(future, ATTACH_WAIT)
        except TimeoutError:
            self._forget(conn)
            self._post({"k": "detach", "c": conn})
            raise Moved("the room's server did not answer; reconnecting") from None
        except BaseException:
            self._forget(conn)
            raise
        finally:
            self._attaching.pop(conn, None)
        client.player = result.get("player")

    def detach(self, client: Client) -> None:
        conn = self._conns.get(client, 0)
        if self._forget(conn):
            self._post({"k": "detach", "c": conn})

    def disconnect(self, conn: int) -> None:
        """Send the socket ``conn`` off to reconnect (4503) and tell the owner it left."""
        client = self.clients.get(conn)
        if client is not None:
            client.close(Close.DRAINING)
        self._post({"k": "detach", "c": conn})
        self._forget(conn)

    def _forget(self, conn: int) -> bool:
        self._edges.pop(conn, None)
        client = self.clients.pop(conn, None)
        if client is not None:
            self._conns.pop(client, None)
        if not self.clients and not self._attaching:
            self._on_idle(self)
        return client is not None

    # --- what the owner sends back ---------------------------------------------------

    def deliver(self, message: dict) -> None:
        conn = message.get("c", 0)
        kind = message["k"]
        if kind in ("attached", "refused"):
            pending = self._attaching.get(conn)
            if pending is None or pending.future.done():
                return
            if kind == "attached":
                pending.future.set_result(message)
            else:
                pending.future.set_exception(refusal(message))
            return
        if kind == "ballot":  # which audience vote is open (server.votes)
            self.votes.heard(message)
            return
        client = self.clients.get(conn)
        if client is None:
            return
        try:
            if kind == "reply":
                client.outbox.reply(message["data"])
            elif kind == "after":
                client.outbox.reply_after_state(message["data"])
            elif kind == "state":
                client.outbox.state(message["data"])
            elif kind == "change":
                if not client.outbox.change(message["data"]):  # too far behind: a reconnect brings a full state
                    client.close(Close.DRAINING)
                    self._post({"k": "detach", "c": conn})
                    self._forget(conn)
            elif kind == "close":
                client.outbox.close(message["code"], message.get("reason", ""), message.get("data"))
                self._forget(conn)
        except Overflow:
            client.not_reading()

    def moved(self) -> None:
        """The owner changed or went away: send every socket here off to reconnect."""
        for conn in list(self.clients):
            # No bye frame: the protocol's 4503 alone means "reconnect now" (docs/protocol.md).
            self.disconnect(conn)
        for pending in list(self._attaching.values()):
            if not pending.future.done():
                pending.future.set_exception(Moved("the room moved; reconnecting"))


__all__ = ["RemoteClient", "RemoteRoom", "RelayOutbox", "Moved", "wire_message", "inbox_message", "refusal"]
