"""Start a real hub (uvicorn on a free loopback port) inside the running event loop."""

from __future__ import annotations

import asyncio
import socket

import uvicorn

from server.app import create_app
from server.hub import HubConfig, load_games
from server.serve import uvicorn_config
from server.store import open_store

import toygame


def fast_config(**overrides) -> HubConfig:
    values = dict(bot_delay=0.0, timer_scale=0.0, idle_seconds=3600.0, join_burst=1000.0)
    values.update(overrides)
    return HubConfig(**values)


def all_games() -> dict:
    games = {"toy": toygame.GAME}
    games.update(load_games())
    return games


class RunningServer:
    def __init__(self, app, server, task, port):
        self.app = app
        self.server = server
        self.task = task
        self.port = port
        self.url = f"ws://127.0.0.1:{port}/ws"
        self.http = f"http://127.0.0.1:{port}"

    @property
    def hub(self):
        return self.app.state.hub

    async def stop(self):
        self.server.should_exit = True
        try:
            # a cluster hub's own drain is bounded, but by ~12 s at worst (5 s per room's hand-over, 5 s for a
            # class's lock, 2 s for the relay's flush, then Redis): on a loaded machine 15 s was not enough once
            await asyncio.wait_for(asyncio.shield(self.task), SHUTDOWN_WAIT)
        except TimeoutError:  # say which tasks hold the shutdown up, then fail as before
            for task in asyncio.all_tasks():
                if task is not asyncio.current_task() and not task.done():
                    print(f"still running at shutdown: {task.get_name()} {task.get_coro()}")
                    task.print_stack(limit=12)
            self.task.cancel()
            raise


#: How long a test waits for its hub to stop before it says which tasks hold the shutdown up.
SHUTDOWN_WAIT = 40

#: The lease of an in-process test hub on Redis (start_server): long enough to ride out a stalled machine.
IN_PROCESS_LEASE_MS = 5_000


async def start_server(store_url: str, *, config: HubConfig | None = None, games=None, web=None, **app_options) -> RunningServer:
    """``app_options`` go to ``create_app`` (``admin_token``, ``metrics_at``, ...)."""
    store = open_store(store_url)
    app = create_app(
        store, config=config or fast_config(), games=games if games is not None else all_games(), web=web, **app_options
    )
    cluster = getattr(app.state.hub, "cluster", None)
    if cluster is not None:  # a Redis store: the hub is a cluster node holding its rooms by lease
        # This hub shares its event loop with the test's own clients, on a shared 2-core machine, where a
        # neighbour's burst can stall the loop for a second: the shipped 1.2 s lease then lapses and the room
        # is lost mid-test (CI saw it once). No test here is about lease timing; tests/cluster runs real
        # nodes with the shipped lease and its own.
        cluster.lease_ms = max(cluster.lease_ms, IN_PROCESS_LEASE_MS)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn_config(app, "127.0.0.1", port, log_level="warning"))
    server.install_signal_handlers = lambda: None  # type: ignore[method-assign]
    task = asyncio.create_task(server.serve(sockets=[sock]))
    for _ in range(500):
        if server.started:
            break
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    return RunningServer(app, server, task, port)
