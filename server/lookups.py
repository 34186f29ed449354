"""HTTP requests that find a room or a class by a caller's code share the websocket's join throttle.

Such an endpoint (a class's ``/join`` and ``/me``, the teacher's class routes,
a room's ``/replay``) answers 404 for a code that names nothing, so without
the throttle a guesser could try codes over HTTP as fast as it likes while
the websocket (``server.connection``) stops it after a few wrong ones.  Both
now spend the same bucket (``hub.throttle``: per address, in Redis in
cluster mode, so every hub sees it): a look-up whose code names nothing
costs one failure, and an address that has used up its bucket is answered
429 for every code until it refills.  Correct look-ups cost nothing, so a
classroom behind one school address is never blocked by its own students.

The address is the request's client, which uvicorn replaces with the
``X-Forwarded-For`` client only for a trusted proxy (``server.serve``),
exactly as for a websocket.  The admin API is not throttled here: it answers
nothing without the operator's token.
"""

from __future__ import annotations

import math
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from protocol.errors import ErrorCode

#: The JSON error of a throttled request: the websocket's code, so one table documents both.
THROTTLED = ErrorCode.JOIN_THROTTLED.value


def client_address(request: Request) -> str:
    """The real client's address (the same key a websocket from it uses)."""
    return request.client.host if request.client else "?"


async def refused(hub: Any, request: Request) -> Response | None:
    """A 429 when the caller's address has no failed look-ups left, else None (go on)."""
    throttle = hub.throttle
    if not await throttle.blocked(client_address(request)):
        return None
    wait = max(1, math.ceil(1 / throttle.rate)) if throttle.rate > 0 else 60
    return JSONResponse(
        {"error": THROTTLED, "message": f"too many wrong codes from this address; try again in {wait} s"},
        status_code=429,
        headers={"Retry-After": str(wait)},
    )


async def missed(hub: Any, request: Request) -> None:
    """Count a look-up whose code named nothing against the caller's address."""
    await hub.throttle.failed(client_address(request))
