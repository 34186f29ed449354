"""The operator's console: a token-protected JSON API under ``/api/admin/``.

It is off unless a token is configured (``PIZZANIGHT_ADMIN_TOKEN`` or
``serve --admin-token-file``): then every admin path answers 404, as if it
did not exist.  With a token, a request must carry ``Authorization: Bearer
TOKEN``; a header, not a cookie, so no other site can make a browser send it.

Everything the API knows about live rooms comes through :func:`hub_rooms`,
the one function that reads the hub's internals.  The rest of this module
works on the plain :class:`LiveRoom` values it returns.

A closed room no longer runs anywhere, but its log stays in the store for a
day: its replay is read from there by its id (its code is freed at the
close), and closing it again answers ``409 already_closed`` at once.
"""

from __future__ import annotations

import asyncio
import hmac
import os
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from protocol.frames import VERSION
from server import replay, views
from server.inbox import CloseRoom
from server.names import normal_code
from server.roomstate import Room

if TYPE_CHECKING:
    from server.hub import Hub

#: The environment variable holding the admin token.
TOKEN_ENV = "PIZZANIGHT_ADMIN_TOKEN"
#: Shorter tokens are refused: the token is the console's only lock.
MIN_TOKEN_LENGTH = 16
_STARTED = time.monotonic()


class TokenError(ValueError):
    """The configured admin token cannot be used (too short, unreadable file)."""


def load_token(file: str | Path | None = None, environ: dict | None = None) -> str | None:
    """The admin token from ``file`` (first line) or the environment; None when neither is set."""
    environ = os.environ if environ is None else environ
    if file is not None:
        try:
            text = Path(file).read_text(encoding="utf-8").strip()
            token = text.splitlines()[0].strip() if text else ""  # the first line: a note below it is no token
        except OSError as exc:
            raise TokenError(f"cannot read the admin token file {file}: {exc}") from None
    else:
        token = environ.get(TOKEN_ENV, "").strip()
    if not token:
        return None
    if len(token) < MIN_TOKEN_LENGTH:
        raise TokenError(f"the admin token must be at least {MIN_TOKEN_LENGTH} characters")
    return token


def authorized(request: Request, token: str) -> bool:
    """Whether ``request`` carries ``Authorization: Bearer <token>`` (compared in constant time)."""
    scheme, _, given = request.headers.get("authorization", "").partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), token.encode())


def not_found(message: str = "not found") -> JSONResponse:
    return JSONResponse({"error": "not_found", "message": message}, status_code=404)


def unauthorized() -> JSONResponse:
    return JSONResponse(
        {"error": "unauthorized", "message": "send Authorization: Bearer <admin token>"},
        status_code=401,
        headers={"WWW-Authenticate": 'Bearer realm="pizzanight-admin"'},
    )


# --- the adapter: the only code that reads the hub's rooms ---------------------------


@attrs.frozen
class Socket:
    role: str
    player: int | None
    address: str


@attrs.frozen
class LiveRoom:
    """A room this node runs, as the admin console sees it at one moment."""

    room: Room
    owner: str | None  # the cluster node running it, None on a single hub
    sockets: tuple[Socket, ...]
    age: float | None  # seconds since this node started running it
    idle: float  # seconds since the last client frame or change
    queued: int  # jobs waiting in its mailbox
    close: Callable[[], Awaitable[None]]  # closes it through its actor, like the host's "close"


#: How long an admin close waits for the room's actor to store it.
CLOSE_WAIT = 10.0
#: Rooms (ids) an admin close is waiting for: a second close of one answers at once.
_closing: set[str] = set()
#: Codes this process's admin API closed lately, with their rooms' ids: a close that comes a moment after
#: another (two operators) finds the code freed, and is told the room is closed rather than "no such room".
_closed_codes: dict[str, str] = {}
#: How many such codes are remembered (the oldest forgotten first).
CLOSED_CODES_KEPT = 1000


def _remember_closed(code: str, room_id: str) -> None:
    _closed_codes.pop(code, None)
    _closed_codes[code] = room_id
    while len(_closed_codes) > CLOSED_CODES_KEPT:
        del _closed_codes[next(iter(_closed_codes))]


async def _close_actor(actor: Any) -> None:
    """Close ``actor``'s room as the host's "End the room" does; :class:`AlreadyClosed` if someone was first.

    Only the first close is posted: a second one (a double click, two
    operators) would wait behind it for an answer that never comes, since
    the actor stops once the room is closed.  For the same reason the wait
    ends when the actor stops, whoever closed the room.
    """
    room = actor.room
    if room.closed is not None or actor.done.is_set() or room.id in _closing:
        raise AlreadyClosed(f"room {room.code} is already closed (or being closed)", room.id)
    _closing.add(room.id)
    try:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        actor.post(CloseRoom(reason="admin", done=done))
        stopped = asyncio.ensure_future(actor.done.wait())
        try:
            await asyncio.wait((done, stopped), timeout=CLOSE_WAIT, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopped.cancel()
        if done.done():
            done.result()  # raises when the store refused the close
        elif actor.done.is_set():  # it ended first (the host, idle time) and never read this close
            raise AlreadyClosed(f"room {room.code} ended before this close was stored", room.id)
        else:
            raise NotClosed(f"room {room.code} did not store the close within {CLOSE_WAIT:.0f} s")
    finally:
        _closing.discard(room.id)


def hub_rooms(hub: Hub) -> list[LiveRoom]:
    """The rooms ``hub`` runs now.  Adapt this one function when the hub or actor changes."""
    now = time.monotonic()
    out = []
    for actor in list(hub.rooms.values()):

        async def close(actor: Any = actor) -> None:
            await _close_actor(actor)

        sockets = [Socket(c.role, c.player, getattr(c, "address", "?")) for c in actor.clients()]
        started = getattr(actor, "started", None)
        out.append(
            LiveRoom(
                room=actor.room,
                owner=getattr(hub, "node", None),
                sockets=tuple(sockets),
                age=round(now - started, 1) if started is not None else None,
                idle=round(now - actor.timers.last_activity, 1),
                queued=actor.inbox.qsize(),
                close=close,
            )
        )
    return out


# --- what the API answers ------------------------------------------------------------


def _counts(live: LiveRoom) -> dict[str, int]:
    counts = {"host": 0, "player": 0, "spectator": 0}
    for socket in live.sockets:
        counts[socket.role] = counts.get(socket.role, 0) + 1
    return counts


def room_row(live: LiveRoom, hub: Hub) -> dict:
    room = live.room
    counts = _counts(live)
    return {
        "id": room.id,
        "code": room.code,
        "game": room.run.game if room.run is not None else room.game,
        "phase": room.phase(hub.games),
        "players": len(room.lobby_players()),
        "connected_players": counts["player"],
        "host_connected": counts["host"] > 0,
        "spectators": counts["spectator"],
        "version": room.version,
        "owner": live.owner,
        "age_seconds": live.age,
        "idle_seconds": live.idle,
    }


async def room_detail(live: LiveRoom, hub: Hub) -> dict:
    """One room: its row, the public view (what the TV shows), the log length and the sockets."""
    room = live.room
    connected = {s.player for s in live.sockets if s.role == "player"}
    public = replay.tv_view(room, hub.games)
    public["lobby"] = views.lobby(room, hub.games, connected, _counts(live)["host"] > 0, _counts(live)["spectator"])
    return dict(
        room_row(live, hub),
        log_length=await hub.store.version(room.id),
        public=public,
        connections=[attrs.asdict(s) for s in live.sockets],
    )


async def health(hub: Hub) -> dict:
    rooms = hub_rooms(hub)
    sockets: dict[str, int] = {"host": 0, "player": 0, "spectator": 0}
    for live in rooms:
        for role, count in _counts(live).items():
            sockets[role] = sockets.get(role, 0) + count
    started = time.perf_counter()
    try:
        await hub.store.version("__admin_health__")
        store = {"ok": True, "type": type(hub.store).__name__, "ms": round((time.perf_counter() - started) * 1000, 2)}
    except Exception as exc:  # the store is down: that is what health is for
        store = {"ok": False, "type": type(hub.store).__name__, "error": f"{type(exc).__name__}: {exc}"}
    draining = bool(getattr(hub, "draining", False))
    return {
        "ok": store["ok"] and not draining,
        "node": getattr(hub, "node", None),
        "draining": draining,
        "protocol": VERSION,
        "pizzanight": replay.package_version(),
        "uptime_seconds": round(time.monotonic() - _STARTED, 1),
        "rooms": len(rooms),
        "phases": _phases(rooms, hub),
        "sockets": sockets,
        "busiest_mailbox": max((live.queued for live in rooms), default=0),
        "games": sorted(hub.games),
        "store": store,
    }


def _phases(rooms: list[LiveRoom], hub: Hub) -> dict[str, int]:
    phases: dict[str, int] = {}
    for live in rooms:
        phase = live.room.phase(hub.games)
        phases[phase] = phases.get(phase, 0) + 1
    return phases


def _find(hub: Hub, code: str) -> LiveRoom | None:
    wanted = normal_code(code)
    for live in hub_rooms(hub):
        if live.room.code == wanted or live.room.id == code:
            return live
    return None


class NotClosed(Exception):
    """The room could not be closed now (it moved, the store refused, or its owner did not answer)."""


class AlreadyClosed(NotClosed):
    """The room had ended already, or another close of it is under way: there is nothing to do."""

    def __init__(self, message: str, room_id: str | None = None) -> None:
        super().__init__(message)
        self.room_id = room_id


async def stored_room_id(store: Any, code: str) -> str | None:
    """The id of the room ``code`` names in the store (an open room's code, or any room's id), or None."""
    try:
        return await replay.find_room_id(store, code)
    except replay.RoomNotFound:
        return None


async def ended(store: Any, room_id: str) -> bool:
    """Whether the store marks ``room_id`` closed (its log is kept a day after)."""
    is_closed = getattr(store, "is_closed", None)  # the Redis store has a key for it
    if is_closed is not None:
        return bool(await is_closed(room_id))
    return room_id not in await store.open_rooms()


class LocalRooms:
    """What the routes ask about rooms, answered from this hub alone (a single hub).

    In cluster mode the hub carries a ``server.cluster.admin.ClusterRooms``
    instead (as ``hub.admin_rooms``), with the same four methods answered
    for every room of the cluster.
    """

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    async def rows(self) -> list[dict]:
        rooms = sorted(hub_rooms(self.hub), key=lambda r: (r.age is None, r.age or 0.0))  # newest first
        return [room_row(r, self.hub) for r in rooms]

    async def detail(self, code: str) -> dict | None:
        live = _find(self.hub, code)
        return None if live is None else await room_detail(live, self.hub)

    async def close(self, code: str) -> dict | None:
        """``{"closed": code, "id": id}``, None for an unknown room; raises :class:`NotClosed`."""
        live = _find(self.hub, code)
        if live is None:
            return None
        try:
            await live.close()
        except NotClosed:
            raise
        except Exception as exc:  # the store refused
            raise NotClosed(str(exc) or type(exc).__name__) from exc
        return {"closed": live.room.code, "id": live.room.id, "owner": live.owner}

    async def room_id(self, code: str) -> str | None:
        live = _find(self.hub, code)
        return None if live is None else live.room.id


# --- routes ---------------------------------------------------------------------------


def routes(hub: Hub, token: str | None) -> Callable[[Request], Awaitable[Response]]:
    """One endpoint for every ``/api/admin/...`` path (404 for all of them when ``token`` is None)."""
    rooms: Any = getattr(hub, "admin_rooms", None) or LocalRooms(hub)
    where = "in this cluster" if hasattr(hub, "admin_rooms") else "on this node"

    async def endpoint(request: Request) -> Response:
        if token is None:
            return not_found("the admin console is off (set PIZZANIGHT_ADMIN_TOKEN)")
        if not authorized(request, token):
            return unauthorized()
        parts = [p for p in request.url.path.split("/") if p][2:]  # after "api", "admin"
        method = request.method
        if parts == ["health"] and method == "GET":
            return JSONResponse(await health(hub))
        if parts == ["rooms"] and method == "GET":
            return JSONResponse({"node": getattr(hub, "node", None), "rooms": await rooms.rows()})
        if len(parts) >= 2 and parts[0] == "rooms":
            code = parts[1]
            if len(parts) == 2 and method == "GET":
                detail = await rooms.detail(code)
                return JSONResponse(detail) if detail is not None else await missing(code)
            if parts[2:] == ["close"] and method == "POST":
                return await close(code)
            if parts[2:] == ["replay"] and method == "GET":
                # a running room, or any room whose log the store keeps (a closed one by its id)
                room_id = await rooms.room_id(code) or await stored_room_id(hub.store, code)
                if room_id is None:
                    return not_found(f"no room {code!r} in the store (a closed room is found by its id, not its code)")
                doc = await replay.export(hub.store, room_id, hub.games)
                return replay_response(doc)
        return not_found(f"no admin endpoint {method} {request.url.path}")

    async def close(code: str) -> Response:
        room_id = await stored_room_id(hub.store, code)
        if room_id is not None and await ended(hub.store, room_id):  # (asked by its id: a closed room's code is freed)
            return already_closed(AlreadyClosed(f"room {code} is already closed", room_id))
        try:
            closed = await rooms.close(code)
        except AlreadyClosed as exc:
            return already_closed(exc)
        except NotClosed as exc:
            return JSONResponse({"error": "not_closed", "message": str(exc)}, status_code=409)
        if closed is None:
            gone = _closed_codes.get(normal_code(code) or code)
            if gone:  # this API closed it a moment ago (its code is freed, and no newer room has it yet)
                return already_closed(AlreadyClosed(f"room {code} is already closed", gone))
            return await missing(code)
        _remember_closed(normal_code(str(closed.get("closed") or code)) or code, str(closed.get("id", "")))
        return JSONResponse(closed)

    async def missing(code: str) -> Response:
        room_id = await stored_room_id(hub.store, code)
        if room_id is not None and await ended(hub.store, room_id):
            return not_found(f"room {code!r} is closed; its replay is at /api/admin/rooms/{room_id}/replay")
        return not_found(f"no room {code!r} runs {where} (a closed room's code is freed: name it by its id)")

    return endpoint


def already_closed(exc: AlreadyClosed) -> JSONResponse:
    return JSONResponse({"error": "already_closed", "message": str(exc), "id": exc.room_id}, status_code=409)


def replay_response(doc: dict) -> Response:
    name = f"pizzanight-{doc['room']['code'] or doc['room']['id']}-v{doc['final']['version']}.replay.json"
    return Response(
        replay.dumps(doc),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"},
    )
