"""Three hub processes on one Redis (a server, or a Redis Cluster): a room's screens on every node."""

from __future__ import annotations

import pytest

from server.store.redis import RedisStore

from game import LogAudit, close_all, open_game, play_all

pytestmark = [pytest.mark.redis, pytest.mark.timeout(180)]


@pytest.fixture(params=["redis_url", "redis_cluster_url"])
async def shared(request, prefix):
    """The Redis the nodes share (a single server, then a Redis Cluster) and a store on it."""
    url = request.getfixturevalue(request.param)
    joiner = "&" if "?" in url else "?"
    store = await RedisStore.open(f"{url}{joiner}prefix={prefix}")
    yield url, store
    await store.close()


async def test_phones_on_different_nodes_play_a_full_game(cluster, shared):
    # given three nodes on one Redis, the TV on A and one phone on each node
    url, store = shared
    nodes = cluster(url, ["A", "B", "C"])
    tv, phones = await open_game(nodes, tv_at=0, phones_at=[1, 2, 0])
    room = await store.room_for_code(tv.code)
    assert await store.lease_owner(room) == "A"
    audit = LogAudit(store, tv.code)
    # when they play the game to the end
    await play_all(phones, audit)
    # then every screen sees the same finished game, without any reconnect
    final = await tv.until(lambda s: s.get("outcome") is not None)
    for phone in phones:
        seen = await phone.until(lambda s: s.get("outcome") is not None)
        assert seen["version"] == final["version"]
        assert phone.connects == [nodes[phone.at].name]
    assert final["lobby"]["phase"] == "finished"
    # and every acknowledged move is in the log, which the owner alone wrote
    assert len(audit.acks) >= 3
    assert await audit.check() == final["version"]
    fences = {fields.get(b"f") for _, fields in await store.client.xrange(store.keys(room).log)}
    assert fences == {b"1"}
    await close_all(tv, *phones)
