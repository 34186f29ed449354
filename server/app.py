"""The Starlette app: the websocket, health, metrics, QR codes and the web client.

``create_app`` builds everything from a store and a config, so tests start a
real server around a temporary store; ``pizzanight serve`` does the same
with the data folder.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import AsyncIterator, Mapping

import segno
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from games.contract import GameSpec
from protocol.frames import VERSION
from server import connection
from server.cluster.hub import hub_class_for
from server.fallback_page import fallback_page
from server.hub import Hub, HubConfig
from server.metrics import Metrics
from server.names import normal_code
from server.store.base import Store

#: Where ``npm run build`` puts the web client.
DEFAULT_WEB = Path(__file__).resolve().parent.parent / "web-client" / "dist"
#: Paths the single-page client handles itself (served its index.html).
SPA_PREFIXES = ("/tv", "/join", "/watch", "/teacher")


def create_app(
    store: Store,
    *,
    config: HubConfig | None = None,
    games: Mapping[str, GameSpec] | None = None,
    web: Path | None = DEFAULT_WEB,
    public_url: str | None = None,
    close_store: bool = True,
) -> Starlette:
    metrics = Metrics()
    hub = hub_class_for(store)(store, games=games, config=config, metrics=metrics, public_url=public_url)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            async with hub.running():
                yield
        finally:
            if close_store:
                await store.close()

    async def websocket(ws: WebSocket) -> None:
        await connection.serve(ws, hub)

    async def healthz(request: Request) -> Response:
        if getattr(hub, "draining", False):  # a draining cluster node takes no new sockets
            return JSONResponse({"ok": False, "draining": True}, status_code=503)
        return JSONResponse({"ok": True, "rooms": len(hub.rooms), "protocol": VERSION})

    async def metrics_endpoint(request: Request) -> Response:
        body, content_type = metrics.render()
        return Response(body, media_type=content_type)

    def base_url(request: Request) -> str:
        return hub.public_url or str(request.base_url).rstrip("/")

    async def info(request: Request) -> Response:
        base = base_url(request)
        return JSONResponse({"protocol": VERSION, "tv": f"{base}/tv", "join": f"{base}/join", "games": hub.catalog})

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

    async def page(request: Request) -> Response:
        path = request.url.path
        if web is not None and (web / "index.html").is_file():
            if path.startswith("/assets/") or (path.count("/") == 1 and "." in path):
                candidate = (web / path.lstrip("/")).resolve()
                if candidate.is_file() and web.resolve() in candidate.parents:
                    return FileResponse(candidate)
                return Response("not found", status_code=404, media_type="text/plain")
            return FileResponse(web / "index.html", headers={"Cache-Control": "no-cache"})
        if path.startswith("/assets/") or "." in path.rsplit("/", 1)[-1]:
            return Response("not found", status_code=404, media_type="text/plain")
        return HTMLResponse(fallback_page(base_url(request), web))

    routes = [
        WebSocketRoute("/ws", websocket),
        Route("/healthz", healthz),
        Route("/metrics", metrics_endpoint),
        Route("/api/info", info),
        Route("/qr.svg", qr),
        Route("/{path:path}", page),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    return app
