"""Classes in cluster mode: each class is owned by one hub at a time, as rooms are.

A class's log is written by exactly one hub, its **owner**, which holds the
class's lease (the same Redis lease and fencing token as a room's, keyed by
the class id: ``<prefix>:{class-...}:lease``).  The owner's class actor
passes its token to every append, so a hub that lost the class (paused,
cut off, presumed dead) can never write it again: the store refuses the
append (``Fenced``), the actor stops, and the request is routed afresh.

Any hub answers any class request (``server.classroom.http``):

* ``locate`` finds the class by its code in the store (codes are claimed in
  the store, so every hub knows every class); if this hub owns it, it
  answers; if nobody holds the lease, this hub takes it (reads the class
  from its log) and answers; otherwise the owner answers;
* ``forward`` sends the request to the owner over the relay (``cls``, like
  the admin console's questions) and returns its response as it was; an
  owner that no longer holds the class says so and the request is located
  again;
* a maintenance loop renews this hub's class leases every quarter lease,
  drops a class whose lease it lost, and now and then adopts classes nobody
  holds (their owner died), so a dead hub's class moves within the lease
  time even before the teacher's dashboard asks for it.  When this hub takes
  a class over it also takes over the class's table rooms that nobody
  holds, so the class and its tables tend to run on the same hub.

A class's tables are ordinary rooms: they may run on any hub.  The owner
reads a table whose room runs elsewhere from the store (the log is the
truth; only "connected" is unknown there) and closes it through the cluster
admin, which routes the close to the room's owner.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from typing import Any

from server.classroom.actor import ClassActor, ClassMoved, ClassRejected
from server.classroom.classes import Classes, is_class_id
from server.classroom.codes import ClassCode, normal_class_code
from server.classroom.state import Class
from server.classroom.store import load_class
from server.logs import event as log_event

LOG = logging.getLogger("pizzanight.cluster")

#: How long a hub waits for a class's owner to answer a forwarded request.
FORWARD_TIMEOUT = 8.0

_queries = itertools.count(1)


class ClusterClasses(Classes):
    """:class:`~server.classroom.classes.Classes` for a ``ClusterHub``: leased, fenced, routed."""

    #: The ``server.cluster.hub.ClusterHub`` (not imported: that module is imported by the app beside this one).
    hub: Any

    def __init__(self, hub: Any) -> None:
        super().__init__(hub)
        self._locks: dict[str, asyncio.Lock] = {}
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self._passes = 0
        hub.on_class_message = self.on_message
        hub.drain_hooks.append(self.drain)

    # --- owning a class -------------------------------------------------------------

    def new_actor(self, klass: Class, fence: int | None = None) -> ClassActor:
        assert fence is not None, "a cluster class actor needs its lease token"
        return ClassActor(klass, self.hub, fence=fence, on_fenced=lambda actor: self.lost(actor, "fenced"))

    async def claim(self, class_id: str) -> int | None:
        """The node that creates a class owns it: it takes the class's lease (refused while draining)."""
        if self.hub.draining:
            raise ClassRejected(ClassCode.MOVED, "this server is restarting; try again", status=503)
        token, _ = await self.hub.store.acquire_lease(class_id, self.hub.node, self.hub.lease_ms)
        return int(token)

    def lost(self, actor: ClassActor, reason: str) -> None:
        """This hub no longer owns ``actor``'s class: it writes nothing more and answers nothing more."""
        actor.lost = True
        if self.by_code.get(actor.klass.code) is actor:
            del self.by_code[actor.klass.code]
            log_event(logging.WARNING, "class lost", klass=actor.klass.code, node=self.hub.node, reason=reason)

    async def _take(self, class_id: str, token: int) -> ClassActor | None:
        """Start this hub's actor of a class whose lease it just acquired (read from the class's log)."""
        try:
            klass = await load_class(self.hub.store, class_id)
        except Exception:
            await self.hub.store.release_lease(class_id, self.hub.node, token)
            raise
        if not klass.code:
            await self.hub.store.release_lease(class_id, self.hub.node, token)
            return None
        actor = self.new_actor(klass, token)
        self.owned(actor)
        log_event(logging.INFO, "class taken over", klass=klass.code, node=self.hub.node, version=klass.version, fence=token)
        if klass.closed is None:
            self.hub.spawn(self._take_tables(actor))
        return actor

    async def _take_tables(self, actor: ClassActor) -> None:
        """Run the class's open tables here too when nobody else holds them (their owner died with the class's)."""
        tables = [t for t in actor.klass.open_tables() if t.room not in self.hub.rooms]
        owners = await self.hub.store.lease_owners([t.room for t in tables])
        for table, owner in zip(tables, owners):
            if owner is None:
                with contextlib.suppress(Exception):
                    await self.hub.find(table.code)

    async def resume(self) -> None:
        """Nothing is loaded at start (classes are taken over lazily, or adopted); start the lease loop."""
        self.hub.spawn(self._maintain_forever())

    # --- where a class is answered --------------------------------------------------

    async def locate(self, typed_code: str) -> str | None:
        """None: answer here (this hub owns the class, took it over, or no such class); else the owner's node."""
        code = normal_class_code(typed_code)
        if code is None:
            return None
        mine = self.by_code.get(code)
        if mine is not None and not mine.lost:
            return None
        class_id = await self.hub.store.room_for_code(code)
        if class_id is None or not is_class_id(class_id):
            return None  # find() answers 404
        if self.hub.draining:
            raise ClassRejected(ClassCode.MOVED, "this server is restarting; try again", status=503)
        deadline = time.monotonic() + self.hub.lease_ms / 1000 + 2.0
        async with self._locks.setdefault(class_id, asyncio.Lock()):
            while True:
                mine = self.by_code.get(code)
                if mine is not None and not mine.lost:
                    return None
                token, owner = await self.hub.store.acquire_lease(class_id, self.hub.node, self.hub.lease_ms)
                if token:
                    await self._take(class_id, int(token))
                    return None
                if owner and owner != self.hub.node and await self._alive(owner):
                    return str(owner)
                if time.monotonic() > deadline:
                    raise ClassMoved()
                await asyncio.sleep(0.1)  # its owner died: the lease runs out soon

    async def _alive(self, node: str) -> bool:
        return bool(await self.hub.store.client.exists(self.hub._heartbeat_key(node)))

    # --- forwarding requests to the owner ---------------------------------------------

    async def forward(self, owner: str, request: dict[str, Any]) -> dict[str, Any] | None:
        query = next(_queries)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[query] = future
        self.hub.relay.post(owner, {"k": "cls", "n": self.hub.node, "q": query, "req": request})
        until = time.monotonic() + FORWARD_TIMEOUT
        try:
            # Wait in quarter leases: an owner that died meanwhile (its heartbeat gone) is given up at once.
            while not future.done():
                await asyncio.wait({future}, timeout=self.hub.lease_ms / 4000)
                if not future.done() and (time.monotonic() > until or not await self._alive(owner)):
                    raise ClassMoved()
            reply = future.result()
        finally:
            self._waiting.pop(query, None)
        return reply if isinstance(reply, dict) else None

    def on_message(self, message: dict) -> None:
        """A forwarded request (``cls``) for a class here, or the answer (``cls-reply``) to one of ours."""
        if message["k"] == "cls-reply":
            future = self._waiting.get(message.get("q", 0))
            if future is not None and not future.done():
                future.set_result(message.get("reply"))
            return
        self.hub.spawn(self._answer(message))

    async def _answer(self, message: dict) -> None:
        reply: dict[str, Any] | None = None
        try:
            if self.serve_forwarded is not None:
                reply = await self.serve_forwarded(message["req"])
        except Exception:
            LOG.exception("forwarded class request failed")
            reply = {"status": 500, "headers": [["content-type", "application/json"]],
                     "body": b'{"error": "class/moved", "message": "the class server failed; try again"}'}
        self.hub.relay.post(message["n"], {"k": "cls-reply", "q": message["q"], "reply": reply})

    # --- leases: renew, lose, adopt, hand over -----------------------------------------

    async def _maintain_forever(self) -> None:
        every = self.hub.lease_ms / 4 / 1000
        while True:
            await asyncio.sleep(every)
            if self.hub.draining:  # handing everything back: nothing more to renew or adopt (and a stop that
                return  # a Redis call swallowed the cancellation of still ends this task)
            try:
                await self._maintain()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # Redis away for a moment: try again next pass
                LOG.warning("class maintenance failed: %s", exc)

    async def _maintain(self) -> None:
        self._passes += 1
        owned = [a for a in self.by_code.values() if not a.lost and a.fence is not None]
        renewed = await self.hub.store.renew_leases(
            [(a.klass.id, a.fence) for a in owned], self.hub.node, self.hub.lease_ms
        )
        for actor, ok in zip(owned, renewed):
            if not ok:
                self.lost(actor, "lease lost")
        if self._passes % self.hub.cluster.adopt_every == 0:
            await self._adopt()
            await self.sweep()  # this hub's ended classes whose retention is over

    async def _adopt(self) -> None:
        """Take over open classes nobody holds (their owner died), so they move within the lease time."""
        mine = {a.klass.id for a in self.by_code.values()}
        candidates = [c for c in await self.hub.store.open_rooms() if is_class_id(c) and c not in mine]
        owners = await self.hub.store.lease_owners(candidates)
        for class_id in [c for c, owner in zip(candidates, owners) if owner is None]:
            if self.hub.draining:
                return
            async with self._locks.setdefault(class_id, asyncio.Lock()):
                token, _ = await self.hub.store.acquire_lease(class_id, self.hub.node, self.hub.lease_ms)
                if token:
                    with contextlib.suppress(Exception):
                        await self._take(class_id, int(token))

    async def drain(self) -> None:
        """SIGTERM: let each class finish the change it is on, stop it writing, release its lease."""
        for actor in list(self.by_code.values()):
            with contextlib.suppress(Exception):
                async with asyncio.timeout(5.0):
                    async with actor._lock:
                        actor.lost = True
            self.lost(actor, "drained")
            if actor.fence is not None:
                with contextlib.suppress(Exception):
                    await self.hub.store.release_lease(actor.klass.id, self.hub.node, actor.fence)

