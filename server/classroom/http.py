"""The classroom's HTTP API (JSON), mounted by the app under ``/api/classes``.

Students: ``POST /api/classes/CODE/join {"name"}`` gives a class token;
``GET /api/classes/CODE/me`` (``Authorization: Bearer <class token>``) says
where they play now: their table's room code and seat token, which the phone
then uses on the ordinary websocket, so a reload or a lost connection finds
the same seat and hand.

The teacher (``Authorization: Bearer <teacher token>``): ``POST /api/classes``
creates a class; ``GET .../dashboard``, ``GET .../report`` (JSON),
``GET .../report.csv``; ``POST .../start``, ``.../end_tables``,
``.../pause``, ``.../options``, ``.../tables/N/restart``, ``.../students/ID`` (rename, move,
remove), ``.../end`` and ``DELETE /api/classes/CODE`` (delete now).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server.classroom.actor import ClassActor, ClassRejected
from server.classroom.classes import Classes
from server.classroom.dashboard import dashboard
from server.classroom.reports import Reports

Handler = Callable[[Request], Awaitable[Response]]
#: Largest JSON body the classroom API reads.
MAX_BODY = 16_384


def _bearer(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise ClassRejected("class/bad_request", "request too large", status=413)
    if not raw:
        return {}
    try:
        value = json.loads(raw)
    except ValueError:
        raise ClassRejected("class/bad_request", "the body is not JSON") from None
    if not isinstance(value, dict):
        raise ClassRejected("class/bad_request", "the body must be a JSON object")
    return value


def _answering(handler: Handler) -> Handler:
    """Turn a :class:`ClassRejected` into its JSON error."""

    async def answer(request: Request) -> Response:
        try:
            return await handler(request)
        except ClassRejected as exc:
            return JSONResponse({"error": exc.code, "message": exc.message}, status_code=exc.status)

    return answer


def routes(classes: Classes) -> list[Route]:
    hub = classes.hub
    reports: dict[str, Reports] = {}

    def reports_for(actor: ClassActor) -> Reports:
        return reports.setdefault(actor.klass.id, Reports(hub.store, hub.games))

    def teacher(request: Request) -> ClassActor:
        return classes.as_teacher(request.path_params["code"], _bearer(request))

    def base_url(request: Request) -> str:
        return hub.public_url or str(request.base_url).rstrip("/")

    async def create(request: Request) -> Response:
        body = await _body(request)
        actor, token = await classes.create(body.get("options") or {})
        code = actor.klass.code
        return JSONResponse(
            {
                "code": code,
                "token": token,
                "join": f"{base_url(request)}/class/{code}",
                "teacher": f"{base_url(request)}/teacher",
            },
            status_code=201,
        )

    async def join(request: Request) -> Response:
        actor = classes.find(request.path_params["code"])
        body = await _body(request)
        name = body.get("name")
        if not isinstance(name, str):
            raise ClassRejected("class/bad_name", "type a name")
        student, token = await actor.join(name)
        return JSONResponse({"student": student, "token": token, **await actor.seat_of(student)}, status_code=201)

    async def me(request: Request) -> Response:
        actor = classes.find(request.path_params["code"])
        return JSONResponse(await actor.seat_of(actor.student_for(_bearer(request))))

    async def board(request: Request) -> Response:
        actor = teacher(request)
        out = await dashboard(actor, reports_for(actor))
        out["join"] = f"{base_url(request)}/class/{actor.klass.code}"
        return JSONResponse(out)

    async def report(request: Request) -> Response:
        actor = teacher(request)
        return JSONResponse(await reports_for(actor).build(actor.klass))

    async def report_csv(request: Request) -> Response:
        actor = teacher(request)
        text = await reports_for(actor).csv(actor.klass)
        name = f"pizzanight-class-{actor.klass.code}.csv"
        return Response(text, media_type="text/csv", headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def start(request: Request) -> Response:
        actor = teacher(request)
        tables = await actor.start_all()
        return JSONResponse({"tables": [t.number for t in tables]})

    async def end_tables(request: Request) -> Response:
        await teacher(request).end_all()
        return JSONResponse({"ok": True})

    async def pause(request: Request) -> Response:
        actor = teacher(request)
        paused = (await _body(request)).get("paused", True)
        if not isinstance(paused, bool):
            raise ClassRejected("class/bad_request", "paused: true or false")
        await actor.pause(paused)
        return JSONResponse({"paused": actor.klass.paused})

    async def set_options(request: Request) -> Response:
        actor = teacher(request)
        body = await _body(request)
        table = body.get("table")
        if table is not None and not isinstance(table, int):
            raise ClassRejected("class/bad_request", "table: a table number")
        await actor.set_options(body.get("options") or {}, table)
        return JSONResponse({"ok": True})

    async def restart(request: Request) -> Response:
        actor = teacher(request)
        try:
            number = int(request.path_params["number"])
        except ValueError:
            raise ClassRejected("class/unknown_table", "no such table", status=404) from None
        table = await actor.restart(number)
        return JSONResponse({"table": table.number})

    async def student(request: Request) -> Response:
        actor = teacher(request)
        try:
            sid = int(request.path_params["student"])
        except ValueError:
            raise ClassRejected("class/unknown_student", "no such student", status=404) from None
        if request.method == "DELETE":
            await actor.remove(sid)
            return JSONResponse({"ok": True})
        body = await _body(request)
        if "name" in body:
            await actor.rename(sid, str(body["name"]))
        if "table" in body:
            if not isinstance(body["table"], int):
                raise ClassRejected("class/bad_request", "table: a table index, or -1")
            await actor.move(sid, body["table"])
        return JSONResponse({"ok": True})

    async def end(request: Request) -> Response:
        actor = teacher(request)
        await classes.end(actor)
        return JSONResponse({"ok": True, "kept_days": actor.klass.options["retention_days"]})

    async def delete(request: Request) -> Response:
        actor = teacher(request)
        await classes.delete_now(actor)
        return JSONResponse({"ok": True, "deleted": True})

    return [
        Route("/api/classes", _answering(create), methods=["POST"]),
        Route("/api/classes/{code}", _answering(delete), methods=["DELETE"]),
        Route("/api/classes/{code}/join", _answering(join), methods=["POST"]),
        Route("/api/classes/{code}/me", _answering(me)),
        Route("/api/classes/{code}/dashboard", _answering(board)),
        Route("/api/classes/{code}/report", _answering(report)),
        Route("/api/classes/{code}/report.csv", _answering(report_csv)),
        Route("/api/classes/{code}/start", _answering(start), methods=["POST"]),
        Route("/api/classes/{code}/end_tables", _answering(end_tables), methods=["POST"]),
        Route("/api/classes/{code}/pause", _answering(pause), methods=["POST"]),
        Route("/api/classes/{code}/options", _answering(set_options), methods=["POST"]),
        Route("/api/classes/{code}/tables/{number}/restart", _answering(restart), methods=["POST"]),
        Route("/api/classes/{code}/students/{student}", _answering(student), methods=["POST", "DELETE"]),
        Route("/api/classes/{code}/end", _answering(end), methods=["POST"]),
    ]
