"""Other websocket servers under the same connection logic, for measuring transports.

The hub ships on uvicorn + Starlette (server/serve.py).  These adapters run
``server.connection.serve`` unchanged on two other websocket stacks, so the
peer benchmark (bench/peers/serve-ours, ``OURS_TRANSPORT``) can compare them
on the same load:

- ``websockets``: the ``websockets`` library's own asyncio server;
- ``picows``: picows (a Cython websocket server on the asyncio transport).

Each adapter offers what ``connection.py`` uses of Starlette's
``WebSocket``: ``accept``, ``receive`` (ASGI-style message maps),
``send_bytes``, ``send_text``, ``close`` and ``client.host``.  They serve
``/ws`` only: no HTTP routes, so they are measurement tools, not a way to
run the product (docs/protocol.md's HTTP endpoints need Starlette).
"""

from __future__ import annotations

import asyncio
import types
from typing import Any

from starlette.websockets import WebSocketDisconnect

from server import connection
from server.serve import WS_MAX_SIZE

_DISCONNECT = {"type": "websocket.disconnect", "code": 1006}


class WebsocketsSocket:
    """A ``websockets`` asyncio server connection as connection.py sees a socket."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn
        peer = conn.remote_address
        self.client = types.SimpleNamespace(host=peer[0] if peer else "?")

    async def accept(self) -> None:
        return None

    async def receive(self) -> dict:
        import websockets

        try:
            data = await self.conn.recv()
        except websockets.ConnectionClosed as exc:
            return {"type": "websocket.disconnect", "code": exc.rcvd.code if exc.rcvd else 1006}
        if isinstance(data, str):
            return {"type": "websocket.receive", "text": data}
        return {"type": "websocket.receive", "bytes": data}

    async def _send(self, data: bytes | str) -> None:
        import websockets

        try:
            await self.conn.send(data)
        except websockets.ConnectionClosed:
            raise WebSocketDisconnect(1006) from None

    async def send_bytes(self, data: bytes) -> None:
        await self._send(data)

    async def send_text(self, data: str) -> None:
        await self._send(data)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        await self.conn.close(code, reason)


async def serve_websockets(hub: Any, host: str, port: int, stop: asyncio.Event) -> None:
    """Serve ``/ws`` with the ``websockets`` library's asyncio server until ``stop`` is set."""
    from websockets.asyncio.server import serve

    async def handler(conn: Any) -> None:
        if conn.request.path.split("?")[0] != "/ws":
            await conn.close(1008, "not found")
            return
        await connection.serve(WebsocketsSocket(conn), hub)

    async with serve(handler, host, port, compression=None, max_size=WS_MAX_SIZE, ping_interval=20, ping_timeout=20):
        await stop.wait()


class PicowsSocket:
    """A picows connection as connection.py sees a socket: frames queue up for ``receive``."""

    def __init__(self, transport: Any, peer: str) -> None:
        self.transport = transport
        self.inbox: asyncio.Queue[dict] = asyncio.Queue()
        self.client = types.SimpleNamespace(host=peer)
        self.closed = False

    async def accept(self) -> None:
        return None

    async def receive(self) -> dict:
        return await self.inbox.get()

    async def send_bytes(self, data: bytes) -> None:
        from picows import WSMsgType

        if self.closed:
            raise WebSocketDisconnect(1006)
        self.transport.send(WSMsgType.BINARY, data)

    async def send_text(self, data: str) -> None:
        from picows import WSMsgType

        if self.closed:
            raise WebSocketDisconnect(1006)
        self.transport.send(WSMsgType.TEXT, data.encode())

    async def close(self, code: int = 1000, reason: str = "") -> None:
        if not self.closed:
            self.closed = True
            self.transport.send_close(code, reason.encode())
            self.transport.disconnect()


async def serve_picows(hub: Any, host: str, port: int, stop: asyncio.Event) -> None:
    """Serve ``/ws`` with picows until ``stop`` is set."""
    from picows import WSListener, WSMsgType, ws_create_server

    tasks: set[asyncio.Task] = set()

    class Listener(WSListener):  # type: ignore[misc]
        def on_ws_connected(self, transport: Any) -> None:
            peer = transport.underlying_transport.get_extra_info("peername")
            self.socket = PicowsSocket(transport, peer[0] if peer else "?")
            task = asyncio.ensure_future(connection.serve(self.socket, hub))
            tasks.add(task)
            task.add_done_callback(tasks.discard)

        def on_ws_frame(self, transport: Any, frame: Any) -> None:
            kind = frame.msg_type
            if kind == WSMsgType.BINARY:
                self.socket.inbox.put_nowait({"type": "websocket.receive", "bytes": frame.get_payload_as_bytes()})
            elif kind == WSMsgType.TEXT:
                try:
                    text = frame.get_payload_as_utf8_text()
                except UnicodeDecodeError:
                    transport.send_close(1007)
                    transport.disconnect()
                    return
                self.socket.inbox.put_nowait({"type": "websocket.receive", "text": text})
            elif kind == WSMsgType.PING:
                transport.send_pong(frame.get_payload_as_bytes())
            elif kind == WSMsgType.CLOSE:
                self.socket.closed = True
                self.socket.inbox.put_nowait({"type": "websocket.disconnect", "code": frame.get_close_code()})
                transport.send_close(frame.get_close_code())
                transport.disconnect()

        def on_ws_disconnected(self, transport: Any) -> None:
            self.socket.closed = True
            self.socket.inbox.put_nowait(dict(_DISCONNECT))

    def route(request: Any) -> Any:
        return Listener() if bytes(request.path).split(b"?")[0] == b"/ws" else None

    server = await ws_create_server(route, host, port, max_frame_size=WS_MAX_SIZE)
    try:
        await stop.wait()
    finally:
        server.close()
        for task in list(tasks):
            task.cancel()


SERVERS = {"websockets": serve_websockets, "picows": serve_picows}


async def run(name: str, hub: Any, host: str, port: int, stop: asyncio.Event) -> None:
    """Run the hub (its lifespan) with transport ``name`` until ``stop`` is set."""
    async with hub.running():
        await SERVERS[name](hub, host, port, stop)
