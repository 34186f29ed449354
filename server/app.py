"""The Starlette app: the websocket, health, metrics, QR codes, replays, the admin API and the web client.

``create_app`` builds everything from a store and a config, so tests start a
real server around a temporary store; ``pizzanight serve`` does the same
with the data folder.

Paths under ``/api/`` and ``/admin`` are never answered with the web page:
an unknown one is a 404 with a JSON error, so a typo in a script or a probe
for an admin page gets a plain "no" (docs/operating.md).
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import AsyncIterator, Mapping
from pathlib import Path

import segno
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from games.contract import GameSpec
from protocol.frames import VERSION
from server import admin, announce, connection, lookups, replay
from server.classroom import http as classroom_http
from server.classroom.classes import Classes
from server.cluster.classes import ClusterClasses
from server.cluster.hub import ClusterHub, hub_class_for
from server.fallback_page import fallback_page
from server.headers import SecurityHeaders
from server.hub import HubConfig
from server.metrics import Metrics
from server.names import normal_code
from server.store.base import Store

#: Where ``npm run build`` puts the web client.
DEFAULT_WEB = Path(__file__).resolve().parent.parent / "web-client" / "dist"
#: Paths the single-page client handles itself (served its index.html).
SPA_PREFIXES = ("/tv", "/join", "/watch", "/teacher", "/class", "/replay", "/admin")
#: Where /metrics is served: on the main port for anyone, on the main port
#: for the admin token only, or (a port number) on a separate listener only.
ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
METRICS_PUBLIC = "public"
METRICS_TOKEN = "token"


def _api_path(path: str) -> bool:
    return path == "/api" or path.startswith("/api/")


def _admin_page(path: str) -> bool:
    return path == "/admin" or path.startswith("/admin/")


def create_app(
    store: Store,
    *,
    config: HubConfig | None = None,
    games: Mapping[str, GameSpec] | None = None,
    web: Path | None = DEFAULT_WEB,
    public_url: str | None = None,
    short_address: str | None = None,
    close_store: bool = True,
    admin_token: str | None = None,
    metrics_at: str | int = METRICS_PUBLIC,
    metrics_host: str = "127.0.0.1",
) -> Starlette:
    """The app around ``store``.

    ``short_address`` is what the TV shows a person to type (``/api/info``'s
    ``address``; ``server.announce``), by default the public URL's host and port.
    ``admin_token`` turns the admin console on (``/admin``, ``/api/admin/``).
    ``metrics_at`` is ``"public"`` (``/metrics`` for anyone, the default),
    ``"token"`` (``/metrics`` needs the admin token) or a port number: then
    ``/metrics`` is served only by a separate listener on ``metrics_host``
    at that port, which a proxy in front of the main port never exposes.
    """
    if metrics_at == METRICS_TOKEN and admin_token is None:
        raise ValueError("metrics behind the token need an admin token (PIZZANIGHT_ADMIN_TOKEN or --admin-token-file)")
    metrics = Metrics()
    hub = hub_class_for(store)(store, games=games, config=config, metrics=metrics, public_url=public_url)
    classes = ClusterClasses(hub) if isinstance(hub, ClusterHub) else Classes(hub)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        listener = None
        if isinstance(metrics_at, int):
            from server.metrics import start_http_server  # /metrics only, with the security headers

            listener = start_http_server(metrics_at, addr=metrics_host, registry=metrics.registry)
        try:
            async with hub.running():
                await classes.resume()
                yield
        finally:
            if listener is not None:  # (server, thread) on prometheus_client >= 0.17
                listener[0].shutdown()
                listener[0].server_close()
            if close_store:
                await store.close()

    async def websocket(ws: WebSocket) -> None:
        await connection.serve(ws, hub)

    async def healthz(request: Request) -> Response:
        """Readiness: 503 while a cluster node drains or is cut from its store or relay (docs/deploy.md)."""
        if getattr(hub, "draining", False):  # a draining cluster node takes no new sockets
            return JSONResponse({"ok": False, "draining": True}, status_code=503)
        readiness = getattr(hub, "readiness", None)
        why = readiness() if readiness is not None else None
        if why is not None:  # cut from Redis or the relay: send new phones elsewhere
            return JSONResponse({"ok": False, "reason": why}, status_code=503)
        return JSONResponse({"ok": True, "rooms": len(hub.rooms), "protocol": VERSION})

    async def livez(request: Request) -> Response:
        """Liveness: 200 while the event loop answers, even when not ready (a cut node must not be restarted)."""
        return JSONResponse({"ok": True})

    async def metrics_endpoint(request: Request) -> Response:
        if isinstance(metrics_at, int):
            return admin.not_found(f"metrics are served on port {metrics_at}")
        if metrics_at == METRICS_TOKEN and not admin.authorized(request, admin_token or ""):
            return admin.unauthorized()
        body, content_type = metrics.render()
        return Response(body, media_type=content_type)

    def base_url(request: Request) -> str:
        return hub.public_url or str(request.base_url).rstrip("/")

    async def info(request: Request) -> Response:
        base = base_url(request)
        address = short_address or announce.short_address(base)
        return JSONResponse(
            {"protocol": VERSION, "tv": f"{base}/tv", "join": f"{base}/join", "address": address, "games": hub.catalog}
        )

    async def qr(request: Request) -> Response:
        """An SVG QR code of the join URL (of a room with ``?code=BCDF``)."""
        target = f"{base_url(request)}/join"
        code = request.query_params.get("code")
        if code is not None:
            code = normal_code(code)
            if code is None:
                return JSONResponse({"error": "bad code"}, status_code=400)
            target += f"/{code}"
        out = io.BytesIO()
        segno.make(target, error="m").save(out, kind="svg", scale=8, border=2, xmldecl=False)
        return Response(out.getvalue(), media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    async def host_replay(request: Request) -> Response:
        """The room's replay for its host: ``Authorization: Bearer <token>`` (the TV's, or the host phone's seat).

        A wrong code counts against the caller's join throttle (``server.lookups``); a right code with a
        wrong token does not (docs/protocol.md: a token is not guessed, and a stale one keeps asking).
        """
        throttled = await lookups.refused(hub, request)
        if throttled is not None:
            return throttled
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        try:
            doc = await replay.export_for_host(
                hub.store,
                request.path_params["code"],
                token.strip() if scheme.lower() == "bearer" else "",
                hub.games,
                live=hub.rooms,
            )
        except replay.RoomNotFound as exc:
            await lookups.missed(hub, request)
            return admin.not_found(str(exc))
        except replay.NotAllowed as exc:
            return JSONResponse({"error": "forbidden", "message": str(exc)}, status_code=403)
        except replay.GameRunning as exc:
            return JSONResponse({"error": "replay/game_running", "message": str(exc)}, status_code=409)
        return admin.replay_response(doc)

    async def api_not_found(request: Request) -> Response:
        return admin.not_found(f"no API endpoint {request.method} {request.url.path}")

    async def page(request: Request) -> Response:
        path = request.url.path
        if _api_path(path):
            return admin.not_found(f"no API endpoint {path}")
        if _admin_page(path) and (admin_token is None or path.rstrip("/") != "/admin" or request.method not in ("GET", "HEAD")):
            return admin.not_found("the admin console is off" if admin_token is None else f"no admin page {request.method} {path}")
        if web is not None and (web / "index.html").is_file():
            if path.startswith("/assets/") or (path.count("/") == 1 and "." in path):
                candidate = (web / path.lstrip("/").replace("\0", "")).resolve()  # (a NUL names no file)
                if "\0" not in path and candidate.is_file() and web.resolve() in candidate.parents:
                    return FileResponse(candidate)
                return Response("not found", status_code=404, media_type="text/plain")
            return FileResponse(web / "index.html", headers={"Cache-Control": "no-cache"})
        if path.startswith("/assets/") or "." in path.rsplit("/", 1)[-1]:
            return Response("not found", status_code=404, media_type="text/plain")
        return HTMLResponse(fallback_page(base_url(request), web))

    routes = [
        WebSocketRoute("/ws", websocket),
        Route("/healthz", healthz),
        Route("/livez", livez),
        Route("/metrics", metrics_endpoint),
        Route("/api/info", info),
        Route("/api/rooms/{code}/replay", host_replay),
        Route("/api/admin/{rest:path}", admin.routes(hub, admin_token), methods=ALL_METHODS),
        *classroom_http.routes(classes),
        Route("/api/{rest:path}", api_not_found, methods=ALL_METHODS),
        Route("/api", api_not_found, methods=ALL_METHODS),
        Route("/admin", page, methods=ALL_METHODS),  # every method: 404 JSON but the console's GET (docs/operating.md)
        Route("/admin/{rest:path}", page, methods=ALL_METHODS),
        Route("/qr.svg", qr),
        Route("/{path:path}", page),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(SecurityHeaders)])
    app.state.hub = hub
    app.state.classes = classes
    return app
