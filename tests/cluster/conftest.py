"""Fixtures for the cluster tests: hub processes on one real redis-server."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Callable

import pytest

from server.store.redis import RedisStore

from nodes import Node, start_nodes
from redis_fixture import redis_cluster_url, redis_server, redis_url  # noqa: F401  (fixtures)

_prefixes = itertools.count(1)


@pytest.fixture
def prefix() -> str:
    return f"c{next(_prefixes)}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Remember each phase's report on the test, so fixtures can tell a failed test at teardown."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture
def cluster(request, tmp_path, prefix) -> Callable[..., list[Node]]:
    """``cluster(url, ["A", "B", "C"])`` starts those nodes; all are stopped after the test.

    When the test failed, the tail of each node's log is printed (a flaky
    failure under load is otherwise hard to explain afterwards).
    """
    started: list[Node] = []

    def start(url: str, names: list[str], **kw) -> list[Node]:
        joiner = "&" if "?" in url else "?"
        nodes = start_nodes(names, f"{url}{joiner}prefix={prefix}", tmp_path, **kw)
        started.extend(nodes)
        return nodes

    yield start
    for node in started:
        node.stop()
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        for node in started:
            print(f"\n----- node {node.name} log (tail) -----\n{node.log_tail(60)}")


@pytest.fixture
async def store(redis_url, prefix) -> AsyncIterator[RedisStore]:  # noqa: F811
    store = await RedisStore.open(f"{redis_url}?prefix={prefix}")
    yield store
    await store.close()
