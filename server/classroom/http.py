"""The classroom's HTTP API (JSON), mounted by the app under ``/api/classes``.

Students: ``POST /api/classes/CODE/join {"name"}`` gives a class token;
``GET /api/classes/CODE/me`` (``Authorization: Bearer <class token>``) says
where they play now: their table's room code and seat token, which the phone
then uses on the ordinary websocket, so a reload or a lost connection finds
the same seat and hand.

The teacher (``Authorization: Bearer <teacher token>``): ``POST /api/classes``
creates a class; ``GET .../dashboard``, ``GET .../report`` (JSON; ``?only=students``: the rows the projector shows),
``GET .../report.csv``; ``POST .../start`` (``{"running": "keep"|"restart"}``), ``.../end_tables``,
``.../pause``, ``.../options``, ``.../tables/N/restart``, ``.../students/ID`` (rename, move,
remove), ``.../students/ID/handover`` (a student's personal code for a new device),
``.../students/ID/play_turn`` (a bot plays the student's turn once), ``.../end``
and ``DELETE /api/classes/CODE`` (delete now).  A student on a new device joins with their
name and that code (``POST .../join {"name", "code"}``).

In cluster mode a class is answered by the hub that owns it (its lease):
every route with a class code first asks ``Classes.locate``; on another
hub's class the request (method, path, the bearer token, the body) goes to
the owner over the relay (``Classes.forward``), which runs the same handler
(:func:`serve_forwarded`) and sends the response back unchanged.  A class
that moves meanwhile (the owner died, or was fenced mid-request) is located
again, at most :data:`ROUTE_TRIES` times.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server import lookups
from server.classroom.actor import HANDOVER_SECONDS, ClassActor, ClassMoved, ClassRejected
from server.classroom.classes import Classes
from server.classroom.codes import ClassCode, normal_class_code
from server.classroom.dashboard import dashboard, waited_on
from server.classroom.reports import Reports
from server.classroom.screen import screen
from server.names import NAME_MAX

Handler = Callable[[Request], Awaitable[Response]]
#: Largest JSON body the classroom API reads.
MAX_BODY = 16_384
#: How many times a request follows a class that moves between hubs before it answers 503.
ROUTE_TRIES = 4
#: The request headers a forwarded class request keeps.
FORWARDED_HEADERS = ("authorization", "content-type", "host", "x-forwarded-proto", "x-forwarded-host")


def _bearer(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read no further than :data:`MAX_BODY` bytes.

    The body is read chunk by chunk and refused (413) as soon as it is too
    large, or at once when its ``Content-Length`` says so: nobody, signed in
    or not, makes the hub hold a body of any size in memory before it looks.
    """
    too_large = ClassRejected(ClassCode.BAD_REQUEST, "request too large", status=413)
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_BODY:
        raise too_large
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise too_large
    if not raw:
        return {}
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, or nested past the parser's depth
        raise ClassRejected(ClassCode.BAD_REQUEST, "the body is not JSON") from None
    if not isinstance(value, dict):
        raise ClassRejected(ClassCode.BAD_REQUEST, "the body must be a JSON object")
    return value


def _options(body: dict[str, Any]) -> dict[str, Any]:
    """The body's ``options``: a JSON object (absent: none), else ``400 class/bad_options``."""
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise ClassRejected(ClassCode.BAD_OPTIONS, "options: a JSON object of option names and values")
    return options


def _student_id(request: Request) -> int:
    """The student of a ``.../students/ID`` route (``404 class/unknown_student`` when it is no number)."""
    try:
        return int(request.path_params["student"])
    except ValueError:
        raise ClassRejected(ClassCode.UNKNOWN_STUDENT, "no such student", status=404) from None


def _answering(handler: Handler) -> Handler:
    """Turn a :class:`ClassRejected` into its JSON error."""

    async def answer(request: Request) -> Response:
        try:
            return await handler(request)
        except ClassMoved:
            raise
        except ClassRejected as exc:
            return JSONResponse(exc.answer(), status_code=exc.status)

    return answer


async def forwarded(request: Request, route: str) -> dict[str, Any]:
    """What an owner needs to answer ``request`` as if it had reached it (see :func:`serve_forwarded`)."""
    return {
        "route": route,
        "method": request.method,
        "path": request.url.path,
        "scheme": request.url.scheme,
        "params": dict(request.path_params),
        "headers": [[k, v] for k, v in request.headers.items() if k in FORWARDED_HEADERS],
        "body": await request.body(),
    }


def _request_from(message: dict[str, Any]) -> Request:
    """A Starlette request rebuilt from a forwarded one (the body is read once, from memory)."""
    body: bytes = message["body"]

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": body, "more_body": False}

    scope = {
        "type": "http",
        "method": message["method"],
        "scheme": message["scheme"],
        "path": message["path"],
        "raw_path": message["path"].encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(k.encode("latin-1"), v.encode("latin-1")) for k, v in message["headers"]],
        "path_params": message["params"],
        "server": None,
        "client": None,
    }
    return Request(scope, receive)


def _routed(classes: Classes, route: str, handler: Handler, handlers: dict[str, Handler]) -> Handler:
    """Answer here when this hub owns the class (or nobody else does); else have its owner answer.

    Every route here looks the class up by the caller's code, so each is under
    the join throttle (``server.lookups``): checked on the hub the request
    reaches (it knows the real client), a code that names no class counted there.
    """
    local = _answering(handler)
    handlers[route] = local

    async def answer(request: Request) -> Response:
        code = request.path_params.get("code")
        throttled = await lookups.refused(classes.hub, request)
        if throttled is not None:
            return throttled
        for _ in range(ROUTE_TRIES):
            owner = await classes.locate(code) if code is not None else None
            if owner is None:
                try:
                    return await handler(request)
                except ClassMoved:
                    continue
                except ClassRejected as exc:
                    # a code that names no class, or a wrong personal code for a new device: maybe a guess
                    if exc.code in (ClassCode.NOT_FOUND, ClassCode.BAD_HANDOVER_CODE):
                        await lookups.missed(classes.hub, request)
                    raise
            try:
                reply = await classes.forward(owner, await forwarded(request, route))
            except ClassMoved:  # the owner did not answer (it may have just died): locate the class again
                continue
            if reply is not None:
                return Response(reply["body"], status_code=reply["status"], headers=dict(reply["headers"]))
        moved = ClassMoved()
        return JSONResponse(moved.answer(), status_code=moved.status)

    return _answering(answer)


def routes(classes: Classes) -> list[Route]:
    hub = classes.hub

    def reports_for(actor: ClassActor) -> Reports:
        return actor.reports  # the class's own (its auto-adapted levels read it too), with the hub's table times

    def teacher(request: Request) -> ClassActor:
        return classes.as_teacher(request.path_params["code"], _bearer(request))

    def base_url(request: Request) -> str:
        return hub.public_url or str(request.base_url).rstrip("/")

    async def create(request: Request) -> Response:
        body = await _body(request)
        actor, token = await classes.create(_options(body))
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
            raise ClassRejected(ClassCode.BAD_NAME, "type a name", params={"max": NAME_MAX})
        code = body.get("code")
        if code is not None and not isinstance(code, str):
            raise ClassRejected(ClassCode.BAD_REQUEST, "code: the personal code your teacher gives you")
        own = body.get("token")
        if own is not None and not isinstance(own, str):
            raise ClassRejected(ClassCode.BAD_REQUEST, "token: the device's own secret for this join")
        student, token, again = await actor.join(name, code, now=int(classes.clock()), token=own)
        # 200 (not 201) when nothing was made: the same join came again, its answer lost
        return JSONResponse({"student": student, "token": token, **await actor.seat_of(student)}, status_code=200 if again else 201)

    async def me(request: Request) -> Response:
        actor = classes.find(request.path_params["code"])
        return JSONResponse(await actor.seat_of(actor.student_for(_bearer(request))))

    async def board(request: Request) -> Response:
        actor = teacher(request)
        out = await dashboard(actor, reports_for(actor))
        out["join"] = f"{base_url(request)}/class/{actor.klass.code}"
        return JSONResponse(out)

    async def projector(request: Request) -> Response:
        """The projector's page: tables, turns, progress; no token, no figure about a student (``screen``)."""
        actor = classes.find(request.path_params["code"])
        out = await screen(actor)
        out["join"] = f"{base_url(request)}/class/{actor.klass.code}"
        return JSONResponse(out, headers={"Cache-Control": "no-store"})

    async def report(request: Request) -> Response:
        """The whole report; ``?only=students`` gives the per-student rows alone.

        The projector polls the rows only: the trick, miss and rejected
        records name cards from students' hands (a miss is a trick the
        student could have taken), so they travel only in the export a
        teacher downloads on purpose, never to the projector.
        """
        actor = teacher(request)
        built = await reports_for(actor).build(actor.klass)
        if request.query_params.get("only") == "students":
            keep = ("class", "generated_at", "relations", "students", "summary", "levels", "changes")
            built = {key: built[key] for key in keep}
        return JSONResponse(built)

    async def report_csv(request: Request) -> Response:
        actor = teacher(request)
        text = await reports_for(actor).csv(actor.klass)
        name = f"pizzanight-class-{actor.klass.code}.csv"
        return Response(text, media_type="text/csv", headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def apply_levels(request: Request) -> Response:
        """The teacher applies the report's suggested dot levels: one table (``{"table": N}``) or every one."""
        actor = teacher(request)
        body = await _body(request)
        number = body.get("table")
        if number is not None and (not isinstance(number, int) or isinstance(number, bool)):
            raise ClassRejected(ClassCode.BAD_REQUEST, "table: the number of an open table")
        applied = await actor.apply_levels(number, by="teacher", now=int(classes.clock()))
        return JSONResponse({"applied": applied})

    async def start(request: Request) -> Response:
        actor = teacher(request)
        running = (await _body(request)).get("running")
        tables = await actor.start_all(running)
        return JSONResponse({"tables": [t.label for t in tables]})

    async def handover(request: Request) -> Response:
        """A student's personal code for a new device: answered to the teacher's request only, never in the dashboard."""
        actor = teacher(request)
        sid = _student_id(request)
        body = await _body(request)
        if body.get("approve") is True:  # hand the seat to the device that asked, from here
            check = body.get("check")
            if check is not None and not isinstance(check, str):
                raise ClassRejected(ClassCode.BAD_REQUEST, "check: the number the new device shows")
            await actor.hand_over(sid, now=int(classes.clock()), check=check)
            return JSONResponse({"ok": True})
        code = await actor.handover_code(sid, now=int(classes.clock()))
        return JSONResponse({"code": code, "seconds": HANDOVER_SECONDS}, headers={"Cache-Control": "no-store"})

    async def waiting_device(request: Request) -> Response:
        """A new device waiting for the teacher to hand it a seat: 202 while it waits, then its class token once."""
        actor = classes.find(request.path_params["code"])
        answer = actor.request_answer(request.path_params["secret"], int(classes.clock()))
        if answer is None:
            return JSONResponse({"waiting": True}, status_code=202, headers={"Cache-Control": "no-store"})
        student, token = answer
        return JSONResponse({"student": student, "token": token, **await actor.seat_of(student)})

    async def end_tables(request: Request) -> Response:
        await teacher(request).end_all()
        return JSONResponse({"ok": True})

    async def pause(request: Request) -> Response:
        actor = teacher(request)
        paused = (await _body(request)).get("paused", True)
        if not isinstance(paused, bool):
            raise ClassRejected(ClassCode.BAD_REQUEST, "paused: true or false")
        await actor.pause(paused)
        return JSONResponse({"paused": actor.klass.paused})

    async def set_options(request: Request) -> Response:
        actor = teacher(request)
        body = await _body(request)
        table = body.get("table")
        if table is not None and not isinstance(table, int):
            raise ClassRejected(ClassCode.BAD_REQUEST, "table: a table number")
        await actor.set_options(_options(body), table)
        return JSONResponse({"ok": True})

    async def restart(request: Request) -> Response:
        actor = teacher(request)
        try:
            number = int(request.path_params["number"])
        except ValueError:
            raise ClassRejected(ClassCode.UNKNOWN_TABLE, "no such table", status=404) from None
        table = await actor.restart(number)
        return JSONResponse({"table": table.label})

    async def student(request: Request) -> Response:
        actor = teacher(request)
        sid = _student_id(request)
        if request.method == "DELETE":
            await actor.remove(sid)
            return JSONResponse({"ok": True})
        body = await _body(request)
        if "name" in body:
            await actor.rename(sid, str(body["name"]))
        if "table" in body:
            if not isinstance(body["table"], int):
                raise ClassRejected(ClassCode.BAD_REQUEST, "table: a table index, or -1")
            await actor.move(sid, body["table"])
        return JSONResponse({"ok": True})

    async def play_turn(request: Request) -> Response:
        actor = teacher(request)
        sid = _student_id(request)
        if actor.klass.student(sid) is None:
            raise ClassRejected(ClassCode.UNKNOWN_STUDENT, "no such student", status=404)
        if not actor.klass.paused and not await waited_on(actor, reports_for(actor), sid):
            # (a press from a page a moment old: they moved since, or a new turn of theirs has just begun)
            raise ClassRejected(ClassCode.NOT_THEIR_TURN, "this student is not being waited on now", status=409)
        await actor.play_turn(sid)
        return JSONResponse({"ok": True})

    async def end(request: Request) -> Response:
        actor = teacher(request)
        await classes.end(actor)
        board = await dashboard(actor, reports_for(actor))
        return JSONResponse(
            {"ok": True, "kept_days": actor.klass.options["retention_days"], "deletes_at": board["deletes_at"]}
        )

    async def delete(request: Request) -> Response:
        actor = teacher(request)
        await classes.delete_now(actor)
        return JSONResponse({"ok": True, "deleted": True})

    handlers: dict[str, Handler] = {}

    async def serve_forwarded(message: dict[str, Any]) -> dict[str, Any] | None:
        """Answer a request another hub forwarded here; None when this hub does not own its class (any more)."""
        code = normal_class_code(str(message["params"].get("code", "")))
        if code not in classes.by_code or classes.by_code[code].lost:
            return None
        try:
            response = await handlers[message["route"]](_request_from(message))
        except ClassMoved:
            return None
        body = getattr(response, "body", b"")
        kept = [[k, v] for k, v in response.headers.items() if k in ("content-type", "content-disposition")]
        return {"status": response.status_code, "headers": kept, "body": bytes(body)}

    classes.serve_forwarded = serve_forwarded

    def routed(route: str, handler: Handler) -> Handler:
        return _routed(classes, route, handler, handlers)

    return [
        Route("/api/classes", _answering(create), methods=["POST"]),
        Route("/api/classes/{code}", routed("delete", delete), methods=["DELETE"]),
        Route("/api/classes/{code}/join", routed("join", join), methods=["POST"]),
        Route("/api/classes/{code}/me", routed("me", me)),
        Route("/api/classes/{code}/dashboard", routed("board", board)),
        Route("/api/classes/{code}/report", routed("report", report)),
        Route("/api/classes/{code}/screen", routed("screen", projector)),
        Route("/api/classes/{code}/report.csv", routed("report_csv", report_csv)),
        Route("/api/classes/{code}/start", routed("start", start), methods=["POST"]),
        Route("/api/classes/{code}/levels", routed("apply_levels", apply_levels), methods=["POST"]),
        Route("/api/classes/{code}/end_tables", routed("end_tables", end_tables), methods=["POST"]),
        Route("/api/classes/{code}/pause", routed("pause", pause), methods=["POST"]),
        Route("/api/classes/{code}/options", routed("set_options", set_options), methods=["POST"]),
        Route("/api/classes/{code}/tables/{number}/restart", routed("restart", restart), methods=["POST"]),
        Route("/api/classes/{code}/students/{student}", routed("student", student), methods=["POST", "DELETE"]),
        Route("/api/classes/{code}/students/{student}/handover", routed("handover", handover), methods=["POST"]),
        Route("/api/classes/{code}/students/{student}/play_turn", routed("play_turn", play_turn), methods=["POST"]),
        Route("/api/classes/{code}/requests/{secret}", routed("waiting_device", waiting_device)),
        Route("/api/classes/{code}/end", routed("end", end), methods=["POST"]),
    ]
