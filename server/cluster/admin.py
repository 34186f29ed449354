"""The admin console in cluster mode: every room of the cluster, from any node.

A room's live facts (who is connected, how long it has been idle, what its
mailbox holds) exist only on the node that owns it, so the node an operator
reaches asks the owners, over the same relay that carries the rooms'
frames (``server.cluster.relay``): an ``adm`` message names the operation
and a query id, and the owner answers ``adm-reply`` with the same id.  The
owner answers from its own admin code (``server.admin.hub_rooms``), so a
row looks the same whichever node is asked.

* **list**: the open-room index in Redis gives every room; the lease gives
  its owner.  Rooms this node owns are read locally, the others are asked of
  their owners (one message per owner).  A room with no live owner, or
  whose owner does not answer within :data:`ASK_TIMEOUT`, is read from the
  store (its log replayed): ``owner`` is then null and nobody is connected.
* **inspect**: the same, for one room.
* **close**: routed exactly as a phone's socket is, through
  ``ClusterHub.find``: if the owner is alive, the close goes to it and its
  actor stores ``RoomClosed`` and ends every socket (local or relayed) with
  the room-closed ``bye``; if the room has no live owner, ``find`` takes its
  lease here (fenced like any takeover) and this node's actor closes it.
  Either way the close is one fenced append to the room's log, so it can
  never race a former owner that comes back.

Ages in cluster mode count from the room's creation (its score in the room
index), so they agree whichever node runs the room now.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from typing import Any

from protocol.errors import Moved
from server import admin, replay, views
from server.names import normal_code
from server.room import RoomActor, load_room

LOG = logging.getLogger("pizzanight.cluster")

#: How long a node waits for an owner to answer a list or inspect question.
ASK_TIMEOUT = 2.0
#: How long it waits for an owner to store a close.
CLOSE_TIMEOUT = 12.0

_queries = itertools.count(1)


class ClusterRooms(admin.LocalRooms):
    """``server.admin.LocalRooms`` for a cluster node: rows, detail, close and ids for every room."""

    #: The ``server.cluster.hub.ClusterHub`` it serves (not imported here: that module imports this one).
    hub: Any

    def __init__(self, hub: Any) -> None:
        super().__init__(hub)
        self._waiting: dict[int, asyncio.Future[Any]] = {}

    # --- asking an owner, and answering as one -------------------------------------------

    async def ask(self, owner: str, op: str, timeout: float = ASK_TIMEOUT, **fields: Any) -> Any:
        """Send ``op`` to ``owner`` and wait for its answer; raises ``TimeoutError`` or ``LookupError``."""
        query = next(_queries)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[query] = future
        self.hub.relay.post(owner, {"k": "adm", "n": self.hub.node, "q": query, "op": op, **fields})
        try:
            return await asyncio.wait_for(future, timeout)
        finally:
            self._waiting.pop(query, None)

    def on_message(self, message: dict) -> None:
        """An ``adm`` question for this node, or the ``adm-reply`` to one of its own."""
        if message["k"] == "adm-reply":
            future = self._waiting.get(message.get("q", 0))
            if future is not None and not future.done():
                if message.get("ok"):
                    future.set_result(message.get("data"))
                else:
                    future.set_exception(LookupError(message.get("error") or "not here"))
            return
        self.hub.spawn(self._answer(message))

    async def _answer(self, message: dict) -> None:
        reply: dict[str, Any] = {"k": "adm-reply", "q": message["q"], "ok": True}
        try:
            op = message["op"]
            if op == "rows":
                wanted = set(message["ids"])
                reply["data"] = [admin.room_row(live, self.hub) for live in admin.hub_rooms(self.hub) if live.room.id in wanted]
            elif op == "detail":
                live = self._local(message["r"])
                if live is None:
                    raise LookupError("not running here")
                reply["data"] = await admin.room_detail(live, self.hub)
            elif op == "close":
                live = self._local(message["r"])
                if live is None:
                    raise LookupError("not running here")
                await live.close()
                reply["data"] = {"closed": live.room.code, "id": live.room.id, "owner": self.hub.node}
            else:
                raise LookupError(f"no admin operation {op!r}")
        except Exception as exc:  # the asker hears why instead of waiting for its timeout
            reply = {"k": "adm-reply", "q": message["q"], "ok": False, "error": str(exc) or type(exc).__name__}
        self.hub.relay.post(message["n"], reply)

    def _local(self, room_id: str) -> admin.LiveRoom | None:
        return next((live for live in admin.hub_rooms(self.hub) if live.room.id == room_id), None)

    # --- what the routes ask ------------------------------------------------------------

    async def room_id(self, code: str) -> str | None:
        wanted = normal_code(code)
        if wanted is None:
            return code if await self.hub.store.version(code) else None  # a room id, as the single hub allows
        return self.hub.codes.get(wanted) or await self.hub.store.room_for_code(wanted)

    async def _alive(self, node: str | None) -> bool:
        return node is not None and bool(await self.hub.store.client.exists(self.hub._heartbeat_key(node)))

    async def _created(self, ids: list[str]) -> dict[str, float]:
        store = self.hub.store
        async with store.client.pipeline(transaction=False) as pipe:
            for room_id in ids:
                pipe.zscore(store._rooms_key, room_id)
            scores = await pipe.execute()
        return {room_id: score for room_id, score in zip(ids, scores) if score is not None}

    async def _stored_row(self, room_id: str) -> dict | None:
        """A row read from the log alone (no live owner): None when the room ended or cannot be read."""
        try:
            room = await load_room(self.hub.store, room_id, self.hub.games)
        except Exception as exc:  # a damaged log must not hide the other rooms
            LOG.warning("admin: room %s unreadable: %s", room_id, exc)
            return None
        if room.closed is not None or not room.code:
            return None
        return self._row_of(room)

    def _row_of(self, room: Any) -> dict:
        return {
            "id": room.id,
            "code": room.code,
            "game": room.run.game if room.run is not None else room.game,
            "phase": room.phase(self.hub.games),
            "players": len(room.lobby_players()),
            "connected_players": 0,
            "host_connected": False,
            "spectators": 0,
            "version": room.version,
            "owner": None,
            "age_seconds": None,
            "idle_seconds": None,
        }

    async def rows(self) -> list[dict]:
        """Every open room of the cluster, newest first, each with its owner node (null: none alive)."""
        store = self.hub.store
        ids = await store.open_rooms()
        owners = dict(zip(ids, await store.lease_owners(ids)))
        rows = {row["id"]: row for row in await super().rows()}
        by_owner: dict[str, list[str]] = {}
        for room_id in ids:
            owner = owners[room_id]
            if room_id not in rows and owner is not None and owner != self.hub.node:
                by_owner.setdefault(owner, []).append(room_id)

        async def from_owner(owner: str, wanted: list[str]) -> None:
            if not await self._alive(owner):
                return
            try:
                for row in await self.ask(owner, "rows", ids=wanted):
                    rows[row["id"]] = row
            except (TimeoutError, LookupError) as exc:
                LOG.warning("admin: node %s did not list its rooms: %s", owner, exc)

        await asyncio.gather(*(from_owner(owner, wanted) for owner, wanted in by_owner.items()))
        for room_id in ids:
            if room_id not in rows:
                row = await self._stored_row(room_id)
                if row is not None:
                    rows[room_id] = row
        now = time.time()
        for room_id, created in (await self._created(list(rows))).items():
            rows[room_id]["age_seconds"] = round(max(0.0, now - created), 1)
        return sorted(rows.values(), key=lambda r: (r["age_seconds"] is None, r["age_seconds"] or 0.0))

    async def detail(self, code: str) -> dict | None:
        room_id = await self.room_id(code)
        if room_id is None:
            return None
        if room_id in self.hub.rooms:
            return await super().detail(room_id)
        owner = await self.hub.store.lease_owner(room_id)
        if owner is not None and owner != self.hub.node and await self._alive(owner):
            try:
                return dict(await self.ask(owner, "detail", r=room_id))
            except (TimeoutError, LookupError) as exc:
                LOG.warning("admin: node %s did not describe room %s: %s", owner, room_id, exc)
        try:
            room = await load_room(self.hub.store, room_id, self.hub.games)
        except Exception:
            return None
        if room.closed is not None or not room.code:
            return None
        public = replay.tv_view(room, self.hub.games)
        public["lobby"] = views.lobby(room, self.hub.games, set(), False, 0)
        return dict(self._row_of(room), log_length=room.version, public=public, connections=[])

    async def close(self, code: str) -> dict | None:
        """Close the room wherever it runs (see the module docstring); None when there is no such open room.

        An owner that does not answer may have just died (its heartbeat
        outlives it by up to a lease): the close is tried again until
        :data:`CLOSE_TIMEOUT`, and then finds no live owner and takes the room.
        """
        room_id = await self.room_id(code)
        if room_id is None:
            return None
        deadline = time.monotonic() + CLOSE_TIMEOUT
        while True:
            try:
                return await self._close_once(code, room_id)
            except (TimeoutError, LookupError) as exc:
                if await self.hub.store.is_closed(room_id):  # it closed, and only the answer was lost
                    return {"closed": normal_code(code) or code, "id": room_id, "owner": None}
                if time.monotonic() > deadline:
                    raise admin.NotClosed(f"the room's owner did not confirm the close: {exc}") from exc

    async def _close_once(self, code: str, room_id: str) -> dict | None:
        if room_id in self.hub.rooms:
            return await super().close(room_id)
        owner = await self.hub.store.lease_owner(room_id)
        if owner is None or owner == self.hub.node or not await self._alive(owner):
            # Nobody runs it: take it here, as a phone's socket would, and close it locally.
            typed = normal_code(code)
            if typed is None:  # asked by id: the code is in the log
                typed = (await load_room(self.hub.store, room_id, self.hub.games)).code
            try:
                found = await self.hub.find(typed or "")
            except Moved as exc:
                raise admin.NotClosed(str(exc)) from exc
            if found is None:
                return None
            # A closed room's code is freed and may name a newer room now: never close that one instead.
            if (found.room.id if isinstance(found, RoomActor) else found.room_id) != room_id:
                return None
            if isinstance(found, RoomActor):
                return await super().close(found.room.id)
            owner = found.owner  # it came back to life meanwhile
        return dict(await self.ask(owner, "close", timeout=ASK_TIMEOUT, r=room_id))
