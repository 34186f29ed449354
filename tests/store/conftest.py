"""Store backends for the contract tests: a fresh, isolated store per test.

The Redis backend gets a key prefix of its own per test, so tests share one
redis-server without seeing each other's rooms.  The embedded backend joins
the parametrization as soon as ``server.store.embedded`` exists.
"""

from __future__ import annotations

import importlib.util
import itertools
from collections.abc import AsyncIterator

import pytest

from redis_fixture import redis_cluster_url, redis_server, redis_url  # noqa: F401  (fixtures)

BACKENDS = [pytest.param("redis", marks=pytest.mark.redis), pytest.param("redis-cluster", marks=pytest.mark.redis)] + (
    ["embedded", "embedded-python-writer"] if importlib.util.find_spec("server.store.embedded") else []
)
_prefixes = itertools.count(1)


async def open_backend(kind: str, tmp_path, url: str | None, **options):
    if kind.startswith("redis"):
        from server.store.redis import RedisStore

        joiner = "&" if "?" in url else "?"
        return await RedisStore.open(f"{url}{joiner}prefix=t{next(_prefixes)}", **options)
    from server.store import open_store

    if kind == "embedded-python-writer":  # the append lane's twin alone (server/store/embedded.py)
        from server.store.embedded import EmbeddedStore

        return EmbeddedStore(tmp_path / "rooms.sqlite3", lane=False)
    return open_store(str(tmp_path / "rooms.sqlite3"))


@pytest.fixture(params=BACKENDS)
async def store(request, tmp_path) -> AsyncIterator:
    fixture = {"redis": "redis_url", "redis-cluster": "redis_cluster_url"}.get(request.param)
    url = request.getfixturevalue(fixture) if fixture else None
    store = await open_backend(request.param, tmp_path, url)
    try:
        yield store
    finally:
        await store.close()


@pytest.fixture(params=["redis_url", "redis_cluster_url"])
async def redis_store(request) -> AsyncIterator:
    """A Redis store on a single server, then on a three-master Redis Cluster."""
    store = await open_backend("redis", None, request.getfixturevalue(request.param))
    try:
        yield store
    finally:
        await store.close()
