"""Server test fixtures: a real uvicorn server on a free loopback port, per store backend."""

from __future__ import annotations

import asyncio
import importlib.util
import itertools
import socket
from pathlib import Path

import pytest
import uvicorn

from server.app import create_app
from server.hub import HubConfig, load_games
from server.serve import uvicorn_config
from server.store import open_store
import toygame

ROOT = Path(__file__).resolve().parents[2]


def _redis_available() -> bool:
    return (ROOT / "tests" / "redis_fixture.py").is_file() and importlib.util.find_spec("server.store.redis") is not None


STORES = ["embedded"] + (["redis"] if _redis_available() else [])

if "redis" in STORES:
    from redis_fixture import redis_server, redis_url  # noqa: F401  (the Redis engineer's session fixtures)

_prefixes = itertools.count(1)


@pytest.fixture(params=STORES)
def store_url(request, tmp_path):
    if request.param == "redis":
        # A key prefix per test: tests share one redis-server without seeing each other's rooms.
        return f"{request.getfixturevalue('redis_url')}?prefix=hub{next(_prefixes)}"
    return str(tmp_path / "rooms.sqlite3")


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
        await asyncio.wait_for(self.task, 15)


async def start_server(store_url: str, *, config: HubConfig | None = None, games=None, web=None) -> RunningServer:
    store = open_store(store_url)
    app = create_app(store, config=config or fast_config(), games=games if games is not None else all_games(), web=web)
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


@pytest.fixture
async def server(store_url):
    running = await start_server(store_url)
    yield running
    await running.stop()
