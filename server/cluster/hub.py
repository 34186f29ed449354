"""The hub in cluster mode: many nodes, one Redis, each room run by exactly one node.

A node *owns* a room while it holds the room's lease (a Redis key with a
TTL, renewed every quarter of it).  Each acquisition raises the room's
fencing token, and the owner's actor appends with that token, so a node
that lost its lease (paused, cut off, presumed dead) can never write again:
the Redis script refuses it (``Fenced``) and the node drops the room.

Any node serves any socket.  ``find`` takes a room whose lease is free (the
node a phone reaches becomes the owner), or hands the connection a
:class:`~server.cluster.remote.RemoteRoom` that forwards frames to the
owner through the relay.  A maintenance loop renews leases, watches the
owners of relayed rooms (when one changes or dies, this node takes the room
over if it can and sends its sockets off to reconnect with 4503), drops
sockets of edge nodes that died, and adopts open rooms nobody holds (so a
room whose owner died goes on with its bots and timers even before a phone
comes back).

A node cut from Redis (or slow past its lease) must not keep serving:
each owned room remembers when its lease runs out *as this node sees it*,
counted from the moment the last renewal that Redis confirmed was sent
(never later than Redis's own expiry).  A watchdog gives a room up at that
deadline, whether or not Redis can be reached to say so: the room stops,
its sockets are closed with 4503 (reconnect at once) and the phones find
the room's next owner.  The same node answers ``/healthz`` with 503 while
its store or its relay is silent (:meth:`ClusterHub.readiness`), refuses new
sockets with ``server/moved`` and sends its relayed sockets away, so a load
balancer and the phones both go elsewhere (issue 28).

``drain`` (SIGTERM) stops the node taking work, then hands every room over
cleanly: the actor handles what is already in its inbox, then refuses any
later append, the lease is released (no waiting for expiry), and every
socket, local or relayed, is closed with 4503 so it reconnects elsewhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import attrs

from protocol.errors import Bug, Close, Moved, ProtocolError, ServerFault
from protocol.frames import Error, Hello
from server import lobby
from server.classroom.state import CLASS_PREFIX
from server.client import Client
from server.cluster.admin import ClusterRooms
from server.cluster.relay import Relay
from server.cluster.remote import RemoteClient, RemoteRoom, inbox_message
from server.hub import Hub
from server.inbox import Attach, Detach, HandOver
from server.logs import event as log_event
from server.names import normal_code
from server.room import RoomActor, RoomShared, load_room

LOG = logging.getLogger("pizzanight.cluster")

#: Seconds between a hub's tries to take a room whose dead owner's lease has not run out yet.
TAKEOVER_POLL = 0.1
#: Lease renewals in flight at once.  A renewal is sent every quarter lease whether or not the one
#: before has been answered, so one reply delayed by a lost packet on a slow link does not hold the
#: next renewal back (each is one command; the connection pool gives each its own connection).
RENEWALS_IN_FLIGHT = 3
#: Seconds a lease acquired for a room that never started is renewed before it is let go.
ACQUIRED_FOR_AT_MOST = 30.0
#: The watchdog looks at the rooms' lease deadlines at least this often (seconds).
WATCH_EVERY = 0.05


@attrs.define
class ClusterConfig:
    """Cluster tunables; ``from_env`` reads ``PIZZANIGHT_NODE_ID`` and ``PIZZANIGHT_LEASE_MS``."""

    node: str = attrs.field(factory=lambda: f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(2)}")
    lease_ms: int = 1_200  # a dead node's rooms move within ~1.5 s (docs/deploy.md: the trade-off)
    adopt_every: int = 2  # maintenance passes between scans for rooms nobody holds (half a lease)
    adopt_batch: int = 20  # rooms adopted per scan at most

    @property
    def pass_seconds(self) -> float:
        """Seconds between maintenance passes: a quarter lease, so an owner renews four times per lease
        and an edge notices a dead owner's lapsed lease within a quarter lease."""
        return self.lease_ms / 4 / 1000

    @classmethod
    def from_env(cls) -> ClusterConfig:
        config = cls()
        if os.environ.get("PIZZANIGHT_NODE_ID"):
            config.node = os.environ["PIZZANIGHT_NODE_ID"]
        if os.environ.get("PIZZANIGHT_LEASE_MS"):
            config.lease_ms = max(500, int(os.environ["PIZZANIGHT_LEASE_MS"]))
        return config


class ClusterActor(RoomActor):
    """A room actor whose appends are fenced by its lease token.

    ``stop`` makes it refuse appends locally (the room is being handed
    over), so it cannot write even before Redis would refuse it; a stopped
    actor sends new sockets off to reconnect (``server/moved``, 4503).
    """

    def __init__(self, room: lobby.Room, shared: RoomShared, token: int, on_fenced: Callable[[ClusterActor], None]) -> None:
        super().__init__(room, shared)
        self.fence = token
        self._on_fenced = on_fenced
        self.task: asyncio.Task | None = None
        #: ``time.monotonic()`` past which this node no longer counts on holding the lease: the send
        #: time of the last acquisition or renewal Redis confirmed, plus the lease (set by the hub).
        self.lease_until = float("inf")

    @property
    def lease_lapsed(self) -> bool:
        return time.monotonic() >= self.lease_until

    async def attach(self, client: Client, hello: Any, issued: str | None = None) -> None:
        if self.stopped:
            raise Moved("the room moved; reconnecting")
        try:
            await super().attach(client, hello, issued)
        except lobby.RoomRejected as exc:
            if self.stopped and exc.code is lobby.RoomCode.CLOSED:
                raise Moved("the room moved; reconnecting") from None
            raise

    def check_admission(self) -> None:
        # Checked again when the attach is handled: a socket attaching while the
        # message that finds out about the move is still ahead of it must be sent
        # away too, not attached to an actor that will never send it another state.
        # Past its lease deadline the room may already run elsewhere, further on:
        # admitting a socket here would show it an older state than it has seen.
        if self.stopped or self.lease_lapsed:
            raise Moved("the room moved; reconnecting")

    def stop(self) -> None:
        """No more writes; the task ends soon (callers waiting on it are released by ``done``)."""
        self.stopped = True

    def fenced(self) -> None:
        # Another node owns the room now: stop here, send sockets away.
        self._on_fenced(self)

    async def finish_and_stop(self, timeout: float) -> None:
        """Let the actor handle what is already in its inbox, then stop it writing."""
        if not self.done.is_set():
            done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self.post(HandOver(done))
            ended = asyncio.ensure_future(self.done.wait())
            try:
                await asyncio.wait({done, ended}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
            finally:
                ended.cancel()
        self.stop()

    def send_away(self) -> list[Client]:
        """Close every socket with 4503 (no bye: the client reconnects at once); returns them."""
        clients = self.clients()
        for client in clients:
            client.close(Close.DRAINING)
        self.host = None
        self.players.clear()
        self.spectators.clear()
        return clients


class ClusterHub(Hub):
    """A :class:`~server.hub.Hub` that shares its rooms with other nodes through Redis."""

    def __init__(self, store: Any, *, cluster: ClusterConfig | None = None, **kwargs: Any) -> None:
        super().__init__(store, **kwargs)
        self.cluster = cluster or ClusterConfig.from_env()
        self.node = self.cluster.node
        self.relay = Relay(
            store.client, store.prefix, self.node, self._on_message,
            on_resubscribed=self._relay_resubscribed, on_dropped=self._relay_dropped,
        )
        #: Relayed rooms (this node is their edge), by room id.
        self.remotes: dict[str, RemoteRoom] = {}
        #: This node's sockets in relayed rooms, by connection id (the remote rooms keep it).
        self.edge_clients: dict[int, tuple[RemoteRoom, Client]] = {}
        #: Sockets of other nodes in rooms this node owns, by (node, connection).
        self.remote_clients: dict[tuple[str, int], tuple[ClusterActor, RemoteClient]] = {}
        self.draining = False
        #: ``time.monotonic()`` when the last store command that Redis answered was sent (readiness).
        self.store_heard = time.monotonic()
        #: Whether the node was last seen cut off (store or relay silent): its edge sockets were sent away.
        self.cut_off = False
        #: Leases acquired for rooms whose actor is not running yet (being created or loaded, which takes
        #: a few round trips on a slow link): room -> (token, send time of the last confirmed acquisition
        #: or renewal, when it was acquired).  Renewed with the rooms, so a slow start does not let the lease lapse.
        self._acquired: dict[str, tuple[int, float, float]] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._passes = 0
        self.loop: asyncio.AbstractEventLoop | None = None
        #: The admin console's view of every room in the cluster (server.cluster.admin).
        self.admin_rooms = ClusterRooms(self)
        #: Handles the relay's class messages (``cls``, ``cls-reply``: set by server.cluster.classes).
        self.on_class_message: Callable[[dict], None] | None = None
        #: Run by ``drain`` before the relay is flushed (the classes hand their leases back).
        self.drain_hooks: list[Callable[[], Awaitable[None]]] = []

    # --- lifecycle -----------------------------------------------------------

    @property
    def lease_ms(self) -> int:
        return self.cluster.lease_ms

    def _heartbeat_key(self, node: str) -> str:
        return self.store.heartbeat_key(node)

    @property
    def lease_seconds(self) -> float:
        return self.lease_ms / 1000

    def readiness(self) -> str | None:
        """None when this node can serve new sockets, else why not (``/healthz`` answers 503).

        Not ready while draining, while Redis has not answered a renewal sent
        within the last lease, and while the relay is deaf (its own probes do
        not come back): a node that cannot reach its store or its peers
        should get no new phones from a load balancer.
        """
        if self.draining:
            return "draining"
        if time.monotonic() - self.store_heard > self.lease_seconds:
            return "store unreachable"
        if not self.relay.healthy:
            return "relay deaf"
        return None

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[ClusterHub]:
        async with super().running():
            self.loop = asyncio.get_running_loop()
            await self.store.client.set(self._heartbeat_key(self.node), b"1", px=self.lease_ms)
            await self.store.warm_leases()
            self.store_heard = time.monotonic()
            self.spawn(self.relay.publish_forever())
            self.spawn(self.relay.listen_forever())
            self.spawn(self.relay.probe_forever())
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.relay.subscribed.wait(), 5.0)
            self.store_heard = time.monotonic()  # (subscribing may take a while on a slow link)
            self.spawn(self._renew_forever())
            self.spawn(self._watch_forever())
            self.spawn(self._maintain_forever())
            log_event(logging.INFO, "cluster node up", node=self.node, lease_ms=self.lease_ms)
            try:
                yield self
            finally:
                if not self.draining:
                    await self.drain()

    async def resume(self) -> None:
        """Nothing to do at start: rooms are adopted lazily (``find``) and by the maintenance loop."""

    # --- the hub's hooks ----------------------------------------------------------

    async def claim_room(self, room_id: str) -> int:
        """A new room: refused while draining, else this node takes its lease (the fencing token)."""
        if self.draining:
            raise Moved("this server is restarting; reconnecting")
        self._refuse_if_cut_off()
        token, _ = await self._acquire(room_id)
        return token

    async def _acquire(self, room_id: str) -> tuple[int, str | None]:
        """``acquire_lease``, remembering when it was sent: the lease counts from then, not from the reply."""
        sent = time.monotonic()
        token, owner = await self.store.acquire_lease(room_id, self.node, self.lease_ms)
        self.store_heard = max(self.store_heard, sent)
        if token:
            self._acquired[room_id] = (token, sent, sent)
        return token, owner

    def _refuse_if_cut_off(self) -> None:
        why = self.readiness()
        if why is not None and why != "draining":
            raise Moved(f"this server cannot reach its store ({why}); reconnecting")

    def new_actor(self, room: lobby.Room, claim: Any = None) -> ClusterActor:
        """A :class:`ClusterActor` fenced by ``claim``, the room's lease token, with its lease deadline."""
        assert isinstance(claim, int), "a cluster actor needs its room's lease token"
        actor = ClusterActor(room, self.shared, claim, on_fenced=lambda actor: self.lost(actor, "fenced"))
        self._deadline_from_acquisition(actor)
        return actor

    def _deadline_from_acquisition(self, actor: ClusterActor) -> None:
        acquired = self._acquired.get(actor.room.id)
        confirmed = acquired[1] if acquired and acquired[0] == actor.fence else time.monotonic()
        actor.lease_until = confirmed + self.lease_seconds

    def log_fields(self) -> dict[str, Any]:
        return {"node": self.node}

    def start_actor(self, actor: RoomActor) -> asyncio.Task:
        if isinstance(actor, ClusterActor):
            # Renewed as a starting room until now (its first record may take a few round trips to store);
            # from now on with the running rooms.
            self._deadline_from_acquisition(actor)
            self._acquired.pop(actor.room.id, None)
        task = super().start_actor(actor)
        if isinstance(actor, ClusterActor):
            actor.task = task  # so losing the room can stop it
        return task

    def forget(self, actor: RoomActor) -> None:
        """Also drop the room's relayed sockets and its lock (never a newer actor's listing of the room)."""
        if self.rooms.get(actor.room.id) is actor:
            super().forget(actor)
        for key, (owner, _) in list(self.remote_clients.items()):
            if owner is actor:
                del self.remote_clients[key]
        self._drop_lock(actor.room.id)

    def _drop_lock(self, room_id: str) -> None:
        lock = self._locks.get(room_id)
        if lock is not None and not lock.locked():
            del self._locks[room_id]

    # --- finding and creating rooms ---------------------------------------------

    async def find(self, typed_code: str) -> Any:
        """The local actor, a stand-in for the owner's, or ``None`` for an unknown code.

        Bounded in time: a node that cannot get an answer from Redis within
        a lease and two seconds sends the socket off (``server/moved``,
        4503) rather than hold a hello that the phone will give up on.
        """
        if self.draining:
            raise Moved("this server is restarting; reconnecting")
        self._refuse_if_cut_off()
        try:
            return await asyncio.wait_for(self._find(typed_code), self.lease_seconds + 2.0)
        except TimeoutError:
            raise Moved("the room's server did not answer; reconnecting") from None

    async def _find(self, typed_code: str) -> Any:
        code = normal_code(typed_code)
        if code is None:
            return None
        room_id = self.codes.get(code) or await self.store.room_for_code(code)
        if room_id is None:
            return None
        deadline = time.monotonic() + self.lease_ms / 1000 + 2.0
        async with self._locks.setdefault(room_id, asyncio.Lock()):
            while True:
                actor = self.rooms.get(room_id)
                if actor is not None:
                    return actor
                token, owner = await self._acquire(room_id)
                if token:
                    return await self._take(room_id, token)
                remote = self.remotes.get(room_id)
                if remote is not None and remote.owner == owner:
                    return remote
                if remote is not None:  # relayed to a former owner: send those sockets off too
                    del self.remotes[room_id]
                    remote.moved()
                if owner and await self.store.client.exists(self._heartbeat_key(owner)):
                    remote = self.remotes[room_id] = RemoteRoom(
                        self.relay.post, self.node, room_id, code, owner, edges=self.edge_clients, on_idle=self.remote_idle
                    )
                    return remote
                if time.monotonic() > deadline:
                    raise Moved("the room is moving; reconnecting")
                await asyncio.sleep(TAKEOVER_POLL)  # its owner died: its lease runs out soon

    async def _take(self, room_id: str, token: int) -> RoomActor | None:
        """Start the actor of a room whose lease this node just acquired."""
        try:
            room = await load_room(self.store, room_id, self.games)
        except BaseException:
            self._acquired.pop(room_id, None)
            with contextlib.suppress(Exception):
                await self.store.release_lease(room_id, self.node, token)
            raise
        if room.closed is not None or not room.code:
            self._acquired.pop(room_id, None)
            await self.store.release_lease(room_id, self.node, token)
            return None
        actor = self.new_actor(room, token)
        self.start_actor(actor)
        stale = self.remotes.pop(room_id, None)
        if stale is not None:
            stale.moved()
        log_event(logging.INFO, "room taken over", room=room.code, node=self.node, version=room.version, fence=token)
        return actor

    def remote_idle(self, remote: RemoteRoom) -> None:
        if self.remotes.get(remote.room_id) is remote:
            del self.remotes[remote.room_id]
            self._drop_lock(remote.room_id)

    # --- losing and handing over rooms -------------------------------------------

    def lost(self, actor: ClusterActor, reason: str) -> None:
        """This node no longer owns ``actor``'s room: stop it and send its sockets away.

        An actor this node already let go of (a newer one may run the room
        here now) is only made sure of: stopped, and its task cancelled.
        """
        if self.rooms.get(actor.room.id) is not actor:
            actor.stop()
            if actor.task is not None and not actor.task.done():
                asyncio.get_running_loop().call_soon(actor.task.cancel)
            return
        actor.stop()
        self.forget(actor)
        actor.send_away()
        if actor.task is not None:
            # Soon, not now: the actor may be inside the job that found out.
            asyncio.get_running_loop().call_soon(actor.task.cancel)
        log_event(logging.WARNING, "room lost", room=actor.room.code, node=self.node, reason=reason)

    async def hand_over(self, actor: ClusterActor) -> None:
        """Finish what the actor has queued, stop it writing, release the lease, send sockets away."""
        await actor.finish_and_stop(5.0)
        with contextlib.suppress(Exception):
            await self.store.release_lease(actor.room.id, self.node, actor.fence)
        self.lost(actor, "drained")

    async def drain(self) -> None:
        """Hand every room over and close every socket with 4503 (SIGTERM)."""
        if self.draining:
            return
        self.draining = True
        started = time.monotonic()
        rooms = [actor for actor in self.rooms.values() if isinstance(actor, ClusterActor)]
        for remote in list(self.remotes.values()):
            remote.moved()
        await asyncio.gather(*(self.hand_over(actor) for actor in rooms), return_exceptions=True)
        for hook in self.drain_hooks:
            with contextlib.suppress(Exception):
                await hook()
        await self.relay.flush()
        with contextlib.suppress(Exception):
            await self.store.client.delete(self._heartbeat_key(self.node))
        log_event(logging.INFO, "node drained", node=self.node, rooms=len(rooms), seconds=round(time.monotonic() - started, 3))

    # --- the maintenance loop --------------------------------------------------

    # --- leases: renewal and the watchdog -----------------------------------------

    async def _renew_forever(self) -> None:
        """Send a renewal of every lease (and the heartbeat) every quarter lease, never waiting for the last one."""
        every = self.cluster.pass_seconds
        in_flight: set[asyncio.Task] = set()
        try:
            while not self.draining:
                if len(in_flight) < RENEWALS_IN_FLIGHT:
                    task = asyncio.ensure_future(self.renew_once())
                    in_flight.add(task)
                    task.add_done_callback(in_flight.discard)
                await asyncio.sleep(every)
        finally:
            for task in in_flight:
                task.cancel()

    async def renew_once(self) -> None:
        """One renewal: one command to Redis; each room's deadline moves to the send time plus a lease."""
        owned = [(a, a.fence) for a in self.rooms.values() if isinstance(a, ClusterActor) and not a.stopped]
        for room, (_, _, since) in list(self._acquired.items()):
            if time.monotonic() - since > ACQUIRED_FOR_AT_MOST:
                del self._acquired[room]  # never started (its creation failed): let the lease lapse
        starting = list(self._acquired.items())
        leases = [(a.room.id, token) for a, token in owned] + [(room, token) for room, (token, _, _) in starting]
        sent = time.monotonic()
        try:
            # Not cut short at the lease: a reply that comes late still confirms the lease from its send
            # time, and a cancelled command costs its connection (a new one is several round trips).
            renewed = await asyncio.wait_for(self.store.renew_leases(leases, self.node, self.lease_ms), 3 * self.lease_seconds)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # cut off or slow: the watchdog lets the rooms go at their deadlines
            LOG.warning("lease renewal failed: %s", exc.__class__.__name__)
            return
        self.store_heard = max(self.store_heard, sent)
        for (room, (token, _, _)), ok in zip(starting, renewed[len(owned):]):
            current = self._acquired.get(room)
            if ok and current is not None and current[0] == token:
                self._acquired[room] = (token, max(current[1], sent), current[2])
        for (actor, token), ok in zip(owned, renewed):
            if actor.fence != token or self.rooms.get(actor.room.id) is not actor:
                continue  # a renewal of an earlier holding of the room
            if ok:
                actor.lease_until = max(actor.lease_until, sent + self.lease_seconds)
            else:
                self.lost(actor, "lease lost")

    async def _watch_forever(self) -> None:
        """Give up each room at its lease deadline, and react to the node being cut off, without asking Redis."""
        while not self.draining:
            now = time.monotonic()
            nearest = now + WATCH_EVERY
            for actor in list(self.rooms.values()):
                if not isinstance(actor, ClusterActor) or actor.stopped:
                    continue
                if actor.lease_until <= now:
                    self.lost(actor, "lease lapsed")
                else:
                    nearest = min(nearest, actor.lease_until)
            self._check_cut_off()
            await asyncio.sleep(max(0.005, nearest - time.monotonic()))

    def _check_cut_off(self) -> None:
        """Once the store or the relay goes silent, send relayed sockets away (they cannot be served)."""
        why = self.readiness()
        cut = why is not None and why != "draining"
        if cut and not self.cut_off:
            moved = self._send_edge_sockets_away()
            self.remotes.clear()
            log_event(logging.WARNING, "node cut off", node=self.node, reason=why, edge_sockets=moved)
        elif not cut and self.cut_off:
            log_event(logging.INFO, "node reconnected", node=self.node)
        self.cut_off = cut

    # --- the maintenance loop --------------------------------------------------

    async def _maintain_forever(self) -> None:
        every = self.cluster.pass_seconds
        while True:
            await asyncio.sleep(every)
            if self.draining:  # handing everything back: nothing more to watch or adopt (and a stop that
                return  # a Redis call swallowed the cancellation of still ends this task)
            try:
                await asyncio.wait_for(self._maintain(), self.lease_seconds * 2)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # Redis away for a moment: try again next pass
                LOG.warning("cluster maintenance failed: %s", exc.__class__.__name__)

    async def _maintain(self) -> None:
        """Watch the owners of relayed rooms and the edges of owned ones; now and then adopt orphaned rooms."""
        self._passes += 1
        client = self.store.client
        remotes = list(self.remotes.values())
        for remote, owner in zip(remotes, await self.store.lease_owners([r.room_id for r in remotes])):
            if owner == remote.owner:
                continue
            self.remotes.pop(remote.room_id, None)
            if owner is None:  # its owner died: this node has clients there, so it takes the room
                with contextlib.suppress(Exception):
                    await self.find(remote.code)
            remote.moved()
        nodes = {node for node, _ in self.remote_clients}
        for node in nodes:
            if not await client.exists(self._heartbeat_key(node)):
                for key in list(self.remote_clients):
                    if key[0] == node:
                        self._drop_remote(key)
        if self._passes % self.cluster.adopt_every == 0 and self.readiness() is None:
            await self._adopt()

    async def _adopt(self) -> None:
        """Take over open rooms that nobody holds (their owner died with nobody connected)."""
        adopted = 0
        candidates = [
            room for room in await self.store.open_rooms() if room not in self.rooms and not room.startswith(CLASS_PREFIX)
        ]
        owners = await self.store.lease_owners(candidates)
        for room_id in [room for room, owner in zip(candidates, owners) if owner is None]:
            if adopted >= self.cluster.adopt_batch or self.draining:
                return
            async with self._locks.setdefault(room_id, asyncio.Lock()):
                if room_id in self.rooms:
                    continue
                token, _ = await self._acquire(room_id)
                if token:
                    with contextlib.suppress(Exception):
                        if await self._take(room_id, token) is not None:
                            adopted += 1

    # --- relay messages ---------------------------------------------------------

    def _on_message(self, message: dict) -> None:
        kind = message["k"]
        if kind in ("adm", "adm-reply"):  # the admin console, between nodes
            self.admin_rooms.on_message(message)
            return
        if kind in ("cls", "cls-reply"):  # class requests routed to a class's owner (server.cluster.classes)
            if self.on_class_message is not None:
                self.on_class_message(message)
            return
        if kind in ("reply", "after", "state", "change", "close", "attached", "refused", "ballot"):
            room = message.get("r")
            remote = self.remotes.get(room)
            if remote is not None:
                remote.deliver(message)
            elif kind == "close":
                entry = self.edge_clients.get(message.get("c", 0))
                if entry is not None:
                    entry[0].deliver(message)
            return
        self._owner_message(message)

    def _relay_resubscribed(self) -> None:
        """This node's subscription dropped and came back: whatever was sent to it meanwhile is lost.

        A lost state would leave a relayed phone on an old version for good
        (states are sent on change only), and a lost command or reply would
        leave it waiting for an answer that never comes.  So every relayed
        socket goes off to reconnect (4503): on either end of the relay, the
        socket's side here is closed, and the reconnect brings a welcome, a
        full current state, and the phone resends what was unanswered.
        """
        edge = self._send_edge_sockets_away()
        owned = 0
        for key, (actor, rc) in list(self.remote_clients.items()):
            self.remote_clients.pop(key, None)
            rc.close(Close.DRAINING)  # posts "close" to the edge, which closes the socket
            actor.detach(rc)
            owned += 1
        log_event(logging.WARNING, "relay resubscribed", node=self.node, edge_sockets=edge, remote_sockets=owned)

    def _send_edge_sockets_away(self) -> int:
        remotes = {id(remote): remote for remote in self.remotes.values()}
        remotes.update((id(remote), remote) for remote, _ in self.edge_clients.values())
        count = 0
        for remote in remotes.values():
            count += len(remote.clients)
            remote.moved()
        return count

    def _relay_dropped(self, node: str, messages: list[dict]) -> None:
        """Messages Redis never took: close the sockets they were for, so none waits for an answer."""
        for message in messages:
            conn = message.get("c")
            if not conn:
                continue
            if "n" in message:  # edge to owner: a socket of this node
                entry = self.edge_clients.get(conn)
                if entry is not None:
                    entry[0].disconnect(conn)
            else:  # owner to edge: a socket of ``node`` in a room here
                entry = self.remote_clients.pop((node, conn), None)
                if entry is not None:
                    actor, rc = entry
                    rc.outbox.cut(Close.DRAINING)  # its close would not get through either
                    actor.detach(rc)

    def _refuse(self, message: dict, exc: ProtocolError | ServerFault) -> None:
        self.relay.post(message["n"], {
            "k": "refused", "r": message["r"], "c": message["c"], "code": exc.code.value, "message": exc.message,
            "close": exc.close, "params": getattr(exc, "params", None),
        })

    def _owner_message(self, message: dict) -> None:
        """A message from an edge node for a room this node owns, handed to its actor as an inbox message."""
        kind = message["k"]
        node, conn, room = message["n"], message["c"] if "c" in message else 0, message["r"]
        actor = self.rooms.get(room)
        if not isinstance(actor, ClusterActor) or actor.stopped:
            if kind == "attach":
                self._refuse(message, Moved("the room moved; reconnecting"))
            elif kind != "detach" and conn:
                self.relay.post(node, {"k": "close", "r": room, "c": conn, "code": Close.DRAINING, "reason": "moved", "data": None})
            return
        if kind == "touch":
            actor.touch()
            return
        if kind == "react":  # an edge node's summed reactions: counted beside the actor, not in its inbox
            counts = message.get("counts")
            if isinstance(counts, dict):
                actor.reactions.add_counts(counts)
            return
        if kind == "votes":  # an edge node's tally of the open audience vote (server.votes)
            actor.votes.take_remote(node, message.get("q"), message.get("counts"))
            return
        if kind == "attach":
            self._remote_attach(actor, message)
            return
        entry = self.remote_clients.get((node, conn))
        if entry is None:
            if kind != "detach":
                self.relay.post(node, {"k": "close", "r": room, "c": conn, "code": Close.DRAINING, "reason": "moved", "data": None})
            return
        rc = entry[1]
        inbound = inbox_message(message, rc)
        if isinstance(inbound, Detach):
            self.remote_clients.pop((node, conn), None)
            actor.post(inbound)
            return
        try:
            actor.submit(inbound)
        except ServerFault as exc:  # the room is busy
            rc.answer(Error(code=exc.code.value, message=exc.message, seq=message.get("seq")))

    def _remote_attach(self, actor: ClusterActor, message: dict) -> None:
        """Admit an edge node's socket; the edge hears ``attached`` or ``refused``."""
        node, conn, room = message["n"], message["c"], message["r"]
        rc = RemoteClient(
            lambda out: self.relay.post(node, out),
            room,
            node,
            conn,
            text=message["text"],
            role=message["role"],
            address=message["addr"],
        )
        rc.hello_at = message.get("at", rc.hello_at)  # when the edge received the hello, not when it got here
        self.remote_clients[(node, conn)] = (actor, rc)
        admitted: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def answered(future: asyncio.Future[None]) -> None:
            exc = future.exception() if not future.cancelled() else Moved("the room moved; reconnecting")
            if exc is None:
                self.relay.post(node, {"k": "attached", "r": room, "c": conn, "player": rc.player})
                return
            self.remote_clients.pop((node, conn), None)
            if not isinstance(exc, (ProtocolError, ServerFault)):
                exc = Bug("the server could not admit you; try again")
            self._refuse(message, exc)

        admitted.add_done_callback(answered)
        try:
            actor.submit(Attach(rc, Hello(**message["hello"]), admitted))
        except ServerFault as exc:
            admitted.set_exception(exc)

    def _drop_remote(self, key: tuple[str, int]) -> None:
        entry = self.remote_clients.pop(key, None)
        if entry is not None:
            actor, rc = entry
            rc.outbox.cut(Close.GOING_AWAY)
            actor.detach(rc)



def hub_class_for(store: Any) -> type[Hub]:
    """The one place the hub class is chosen: ``ClusterHub`` for a store that can hold leases (Redis), else ``Hub``."""
    return ClusterHub if hasattr(store, "acquire_lease") else Hub
