"""The hub: finds rooms by code, creates them, resumes them after a restart.

It owns the room actors (each an asyncio task in the hub's TaskGroup, which
lives as long as the app) and the things shared by all rooms: the store,
the games on offer, the config and the metrics.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator, Mapping
from typing import Any

from games.contract import GameSpec
from games.registry import GAME_IDS, get_game
from server import views
from server.classroom.state import CLASS_PREFIX, TABLE_KEEP_SECONDS
from server.config import HubConfig
from server.limits import join_throttle_for
from server.logs import event as log_event
from server.metrics import Metrics
from server.names import new_code, normal_code
from server.room import RoomActor, RoomShared, load_room
from server.roomstate import Room
from server.store.base import Store

LOG = logging.getLogger("pizzanight")


def load_games(ids: tuple[str, ...] = GAME_IDS) -> dict[str, GameSpec]:
    """The games that import cleanly (one broken game does not stop the hub)."""
    games: dict[str, GameSpec] = {}
    for game_id in ids:
        try:
            games[game_id] = get_game(game_id)
        except Exception as exc:
            log_event(logging.WARNING, "game unavailable", game=game_id, error=f"{type(exc).__name__}: {exc}")
    return games


class Hub:
    """The rooms of one server process.

    Subclasses (the cluster hub) change how rooms are found and who may run
    them through the hooks below, not by copying the hub's logic:
    ``claim_room`` and ``new_actor`` shape how a room is created and which
    actor runs it, ``start_actor`` / ``forget`` are where a room starts and
    stops being this hub's, and ``spawn`` runs background work for as long
    as the hub runs.  ``rooms`` and ``codes`` are for reading; only
    ``start_actor`` and ``forget`` change them.
    """

    def __init__(
        self,
        store: Store,
        *,
        games: Mapping[str, GameSpec] | None = None,
        config: HubConfig | None = None,
        metrics: Metrics | None = None,
        public_url: str | None = None,
    ) -> None:
        self.store = store
        #: Where phones reach this server (``http://192.168.1.5:8000``), for join links.
        self.public_url = public_url.rstrip("/") if public_url else None
        self.games = dict(games) if games is not None else load_games()
        self.config = config or HubConfig()
        self.metrics = metrics or Metrics()
        self.catalog = views.catalog(self.games)
        #: What every room actor of this hub shares.
        self.shared = RoomShared(
            games=self.games, store=store, config=self.config, metrics=self.metrics, catalog=self.catalog,
            public_url=self.public_url, on_ended=self.room_ended,
        )
        self.throttle = join_throttle_for(store, self.config.join_rate, self.config.join_burst)
        #: The actors this hub runs, by room id.
        self.rooms: dict[str, RoomActor] = {}
        #: The codes of those rooms: code -> room id.
        self.codes: dict[str, str] = {}
        #: How long to keep an ended room's log when it is not ``config.keep_seconds`` (a class's tables
        #: follow the class's retention), by room id.
        self.keep: dict[str, int] = {}
        self._tasks: set[asyncio.Task] = set()
        self._group: asyncio.TaskGroup | None = None

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[Hub]:
        """Run the hub's rooms for the duration of the block (the app's lifespan)."""
        async with asyncio.TaskGroup() as group:
            self._group = group
            try:
                await self.resume()
                yield self
            finally:
                for task in list(self._tasks):
                    task.cancel()
                self._group = None

    def spawn(self, coro: Any) -> asyncio.Task:
        """Run ``coro`` in the hub's task group: it is cancelled when the hub stops running."""
        assert self._group is not None, "the hub is not running"
        task = self._group.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # --- hooks for subclasses ------------------------------------------------------

    async def claim_room(self, room_id: str) -> Any:
        """Called as a new room is created, before it claims a code; the result goes to ``new_actor``.

        The plain hub needs nothing.  A subclass may refuse to create rooms
        here (raise), or take what its actor will need: the cluster hub
        takes the room's lease, so the node that creates a room owns it.
        """
        return None

    def new_actor(self, room: Room, claim: Any = None) -> RoomActor:
        """The actor that will run ``room``; ``claim`` is ``claim_room``'s result for a new room."""
        return RoomActor(room, self.shared)

    def log_fields(self) -> dict[str, Any]:
        """Fields added to this hub's room log events (the cluster hub adds its node)."""
        return {}

    def start_actor(self, actor: RoomActor) -> asyncio.Task:
        """List ``actor`` under its room's id and code and run it; returns the task running it."""
        self.rooms[actor.room.id] = actor
        self.codes[actor.room.code] = actor.room.id
        self.metrics.rooms.set(len(self.rooms))
        return self.spawn(self._guard(actor))

    def forget(self, actor: RoomActor) -> None:
        """Stop listing ``actor`` (its room ended, its loop broke, or it moved away).

        Subclasses extend this to drop whatever else they hold for the room.
        """
        self.rooms.pop(actor.room.id, None)
        if self.codes.get(actor.room.code) == actor.room.id:
            del self.codes[actor.room.code]
        self.metrics.rooms.set(len(self.rooms))

    # --- running rooms -------------------------------------------------------------

    async def _guard(self, actor: RoomActor) -> None:
        try:
            await actor.run()
        except asyncio.CancelledError:
            raise
        except Exception:  # the actor loop itself broke: this room stops, the others go on
            LOG.exception("room actor died", extra={"fields": {"room": actor.room.code}})
            self.forget(actor)

    async def resume(self) -> None:
        """Start an actor for every open room in the store (after a restart)."""
        for room_id in await self.store.open_rooms():
            if room_id in self.rooms or room_id.startswith(CLASS_PREFIX):  # class logs: server.classroom
                continue
            try:
                room = await load_room(self.store, room_id, self.games)
            except Exception:
                LOG.exception("cannot resume room", extra={"fields": {"room_id": room_id}})
                continue
            if room.closed is not None or not room.code:
                continue
            self.start_actor(self.new_actor(room))
            log_event(logging.INFO, "room resumed", room=room.code, version=room.version, **self.log_fields())

    async def create_room(self, host_hash: str, *, no_tv: bool = False, class_table: bool = False) -> RoomActor:
        """A new room with a fresh code; ``class_table``: a class's table (the class runs it, no phone hosts)."""
        room_id = secrets.token_hex(8)
        claim = await self.claim_room(room_id)
        for _ in range(100):
            code = new_code()
            if code not in self.codes and await self.store.claim_code(code, room_id):
                break
        else:  # pragma: no cover - 83521 codes
            raise RuntimeError("no free room code")
        actor = self.new_actor(Room(id=room_id), claim)
        await actor.open(code, host_hash, no_tv=no_tv, class_table=class_table)
        self.start_actor(actor)
        log_event(logging.INFO, "room created", room=code, **self.log_fields())
        return actor

    async def find(self, typed_code: str) -> RoomActor | None:
        code = normal_code(typed_code)
        if code is None:
            return None
        room_id = self.codes.get(code)
        return self.rooms.get(room_id) if room_id else None

    def room_ended(self, actor: RoomActor) -> None:
        """Called by an actor whose RoomClosed is stored: free its code, mark it closed."""
        self.forget(actor)

        async def release() -> None:
            try:
                keep = self.keep.pop(actor.room.id, None)
                if keep is None:  # a class's table ended on its own: its class's reports still need it
                    keep = TABLE_KEEP_SECONDS if actor.room.class_table else self.config.keep_seconds
                await self.store.close_room(actor.room.id, keep_seconds=keep)
                await self.store.release_code(actor.room.code)
            except Exception:  # the room is closed in its log anyway; resume skips it
                LOG.exception("could not release room", extra={"fields": {"room": actor.room.code}})

        self.spawn(release())
