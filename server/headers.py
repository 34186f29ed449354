"""Security headers on every HTTP answer of the hub (pages, assets, the JSON API).

A browser is told not to guess content types (``nosniff``), not to send the
page's address to another site (``no-referrer``: a teacher's or a TV's page
address may name a class or a room), and never to show a hub page inside
another site's frame (``frame-ancestors 'none'``, and ``X-Frame-Options``
for older browsers): a page with controls (the TV's host menu, the teacher's
page, the admin console) cannot be framed under a decoy to steal a tap.

A pure ASGI wrapper, so websockets go straight through, untouched.
"""

from __future__ import annotations

from typing import Any

HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
)


class SecurityHeaders:
    """Adds :data:`HEADERS` to every HTTP response of ``app`` that does not set them itself."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: dict) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", ())}
                message["headers"] = [*message.get("headers", ()), *(h for h in HEADERS if h[0] not in present)]
            await send(message)

        await self.app(scope, receive, send_with_headers)
