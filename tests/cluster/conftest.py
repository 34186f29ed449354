"""Fixtures for the cluster tests: hub processes on one real redis-server."""

from __future__ import annotations

import itertools
from typing import AsyncIterator, Callable

import pytest

from nodes import Node, start_nodes
from redis_fixture import redis_cluster_url, redis_server, redis_url  # noqa: F401  (fixtures)
from server.store.redis import RedisStore

_prefixes = itertools.count(1)


@pytest.fixture
def prefix() -> str:
    return f"c{next(_prefixes)}"


@pytest.fixture
def cluster(tmp_path, prefix) -> Callable[..., list[Node]]:
    """``cluster(url, ["A", "B", "C"])`` starts those nodes; all are stopped after the test."""
    started: list[Node] = []

    def start(url: str, names: list[str], **kw) -> list[Node]:
        joiner = "&" if "?" in url else "?"
        nodes = start_nodes(names, f"{url}{joiner}prefix={prefix}", tmp_path, **kw)
        started.extend(nodes)
        return nodes

    yield start
    for node in started:
        node.stop()


@pytest.fixture
async def store(redis_url, prefix) -> AsyncIterator[RedisStore]:  # noqa: F811
    store = await RedisStore.open(f"{redis_url}?prefix={prefix}")
    yield store
    await store.close()
