"""SIGTERM drains a node before uvicorn shuts it down.

uvicorn's own shutdown closes every websocket at once (code 1012) and only
then runs the app's lifespan exit, which is too late to hand rooms over
cleanly.  ``install`` wraps uvicorn's signal handling: the first SIGTERM or
SIGINT starts ``hub.drain()`` (rooms handed over, leases released, sockets
closed with 4503 so phones reconnect to another node) and lets uvicorn exit
when it is done; a second signal exits at once.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

LOG = logging.getLogger("pizzanight.cluster")


def install(server: Any, hub: Any, *, timeout: float = 20.0) -> None:
    """Make ``server`` (a ``uvicorn.Server``) drain ``hub`` on its first exit signal."""
    if not hasattr(hub, "drain"):
        return
    original = server.handle_exit
    if getattr(server.config, "timeout_graceful_shutdown", None) is None:
        # After the drain every socket is closed; never wait forever for a stuck one.
        server.config.timeout_graceful_shutdown = 5
    state = {"started": False}

    async def drain_then_exit() -> None:
        try:
            await asyncio.wait_for(hub.drain(), timeout)
        except Exception:
            LOG.exception("drain failed; exiting anyway")
        finally:
            server.should_exit = True

    def handle_exit(sig: int, frame: Any) -> None:
        loop = getattr(hub, "loop", None)
        if state["started"] or loop is None or loop.is_closed():
            original(sig, frame)
            return
        state["started"] = True
        loop.call_soon_threadsafe(hub.spawn, drain_then_exit())

    server.handle_exit = handle_exit
