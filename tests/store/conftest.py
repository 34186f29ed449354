"""Store backends for the contract tests: a fresh, isolated store per test.

The Redis backend gets a key prefix of its own per test, so tests share one
redis-server without seeing each other's rooms.  The embedded backend joins
the parametrization as soon as ``server.store.embedded`` exists.
"""

from __future__ import annotations

import importlib.util
import itertools
from typing import AsyncIterator

import pytest

from redis_fixture import redis_server, redis_url  # noqa: F401  (fixtures)

BACKENDS = [pytest.param("redis", marks=pytest.mark.redis)] + (
    ["embedded"] if importlib.util.find_spec("server.store.embedded") else []
)
_prefixes = itertools.count(1)


async def open_backend(kind: str, tmp_path, redis_url: str | None, **options):
    if kind == "redis":
        from server.store.redis import RedisStore

        return await RedisStore.open(f"{redis_url}?prefix=t{next(_prefixes)}", **options)
    from server.store import open_store

    return open_store(str(tmp_path / "rooms.sqlite3"))


@pytest.fixture(params=BACKENDS)
async def store(request, tmp_path) -> AsyncIterator:
    url = request.getfixturevalue("redis_url") if request.param == "redis" else None
    store = await open_backend(request.param, tmp_path, url)
    try:
        yield store
    finally:
        await store.close()


@pytest.fixture
async def redis_store(redis_url) -> AsyncIterator:  # noqa: F811
    from server.store.redis import RedisStore

    store = await RedisStore.open(f"{redis_url}?prefix=t{next(_prefixes)}")
    try:
        yield store
    finally:
        await store.close()
