"""Server test fixtures: a real uvicorn server on a free loopback port, per store backend."""

from __future__ import annotations

import importlib.util
import itertools
from pathlib import Path

import pytest

from hubserver import start_server

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


@pytest.fixture
async def server(store_url):
    running = await start_server(store_url)
    yield running
    await running.stop()
