"""Stand-ins that let a socket on one node play in a room owned by another.

On the owner, a :class:`RemoteClient` stands for a socket held by another
node (the *edge*): to the room actor it is just another
:class:`~server.connection.Client`, so the actor encodes, fans out and
replies exactly as it does for local sockets, and the bytes go to the edge
through the relay.  On the edge, a :class:`RemoteRoom` stands for the actor:
the connection code calls ``call``/``submit``/``touch`` on it as on a local
actor, and it forwards each frame to the owner.

Message kinds (``k``), edge to owner: ``attach``, ``cmd``, ``host``,
``hint``, ``touch``, ``detach``; owner to edge: ``reply``, ``state``, ``change``,
``close``, ``attached``, ``refused``.  Every message names its room (``r``),
the sending node (``n``) and the connection (``c``, unique per edge node).
"""

from __future__ import annotations

import asyncio
import itertools
import time
from typing import TYPE_CHECKING, Any, Callable

import attrs

from protocol.errors import Close, ProtocolError
from protocol.frames import Error
from server.connection import Client
from server.outbox import Outbox, Overflow

if TYPE_CHECKING:
    from server.cluster.hub import ClusterHub

#: How long an edge waits for the owner to answer an attach before it looks again.
ATTACH_WAIT = 2.5
#: Forward a remote ping's "still here" to the owner at most this often.
TOUCH_EVERY = 5.0

_connections = itertools.count(1)


class Moved(ProtocolError):
    """The room is moving to another node: reconnect in a moment."""

    code = "server/moved"
    close = Close.DRAINING


class RelayOutbox(Outbox):
    """An outbox whose frames go to another node instead of a local socket."""

    def __init__(self, post: Callable[[dict], None]) -> None:
        super().__init__()
        self._post = post

    def reply(self, data: bytes | str) -> None:
        if self.close_code is None:
            self._post({"k": "reply", "data": data})

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


class RemoteClient(Client):
    """The owner's view of a socket held by node ``node`` as connection ``conn``."""

    def __init__(self, hub: "ClusterHub", room: str, node: str, conn: int, *, text: bool, role: str, address: str) -> None:
        super().__init__(text=text, role=role, address=address, queue=1)
        self.node = node
        self.conn = conn
        self.room_id = room
        self.outbox = RelayOutbox(lambda message: hub.relay.post(node, {**message, "r": room, "c": conn}))


@attrs.define
class _Pending:
    future: asyncio.Future
    client: Client


class RemoteRoom:
    """The edge's stand-in for a room actor running on node ``owner``."""

    def __init__(self, hub: "ClusterHub", room_id: str, code: str, owner: str) -> None:
        self.hub = hub
        self.room_id = room_id
        self.code = code
        self.owner = owner
        self.clients: dict[int, Client] = {}
        self._attaching: dict[int, _Pending] = {}
        self._touched = 0.0

    def _post(self, message: dict) -> None:
        self.hub.relay.post(self.owner, {**message, "r": self.room_id, "n": self.hub.node})

    @staticmethod
    def _conn(client: Client) -> int:
        return getattr(client, "conn", 0)

    # --- what connection.py calls on an actor ----------------------------------

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await fn(*args)

    def submit(self, fn: Callable[..., Any], *args: Any) -> None:
        client = args[0]
        conn = self._conn(client)
        if fn == self.on_command:
            self._post({"k": "cmd", "c": conn, "seq": args[1], "cmd": args[2]})
        elif fn == self.on_host:
            self._post({"k": "host", "c": conn, "frame": attrs.asdict(args[1])})
        elif fn == self.on_hint:
            self._post({"k": "hint", "c": conn, "seq": args[1]})
        else:  # pragma: no cover - connection.py submits only these
            raise AssertionError(f"cannot forward {fn!r}")

    def touch(self) -> None:
        now = time.monotonic()
        if now - self._touched >= TOUCH_EVERY:
            self._touched = now
            self._post({"k": "touch"})

    async def on_command(self, client: Client, seq: int, payload: dict) -> None:  # forwarded by submit
        self.submit(self.on_command, client, seq, payload)

    async def on_host(self, client: Client, frame: Any) -> None:
        self.submit(self.on_host, client, frame)

    async def on_hint(self, client: Client, seq: int) -> None:
        self.submit(self.on_hint, client, seq)

    async def attach(self, client: Client, hello: Any, issued: str | None = None) -> None:
        """Ask the owner to admit ``client``; its welcome and states arrive through the relay."""
        conn = next(_connections)
        client.conn = conn  # type: ignore[attr-defined]
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        self._attaching[conn] = _Pending(future, client)
        self.clients[conn] = client
        self.hub.edge_clients[conn] = (self, client)
        self._post({
            "k": "attach", "c": conn, "role": client.role, "text": client.text, "addr": client.address,
            "hello": attrs.asdict(hello),
        })
        try:
            result = await asyncio.wait_for(future, ATTACH_WAIT)
        except asyncio.TimeoutError:
            self._forget(conn)
            self._post({"k": "detach", "c": conn})
            raise Moved("the room's server did not answer; reconnecting") from None
        except BaseException:
            self._forget(conn)
            raise
        finally:
            self._attaching.pop(conn, None)
        client.player = result.get("player")
        client.actor = self  # type: ignore[assignment]

    async def detach(self, client: Client) -> None:
        conn = self._conn(client)
        if self._forget(conn):
            self._post({"k": "detach", "c": conn})

    def _forget(self, conn: int) -> bool:
        self.hub.edge_clients.pop(conn, None)
        known = self.clients.pop(conn, None) is not None
        if not self.clients and not self._attaching:
            self.hub.remote_idle(self)
        return known

    # --- what the owner sends back ---------------------------------------------

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
                pending.future.set_exception(
                    ProtocolError(message.get("message", ""), code=message.get("code"), close=message.get("close"))
                )
            return
        client = self.clients.get(conn)
        if client is None:
            return
        if kind == "reply":
            try:
                client.outbox.reply(message["data"])
            except Overflow:
                client.close(Close.POLICY, Error(code="rate/not_reading", message="too many unread replies"))
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

    def moved(self) -> None:
        """The owner changed or went away: send every socket here off to reconnect."""
        for conn, client in list(self.clients.items()):
            # No bye frame: the protocol's 4503 alone means "reconnect now" (docs/protocol.md).
            client.close(Close.DRAINING)
            self._post({"k": "detach", "c": conn})
            self._forget(conn)
        for pending in list(self._attaching.values()):
            if not pending.future.done():
                pending.future.set_exception(Moved("the room moved; reconnecting"))
