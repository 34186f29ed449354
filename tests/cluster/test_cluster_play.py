"""Three hub processes on one Redis: a room's screens spread over every node."""

from __future__ import annotations

import pytest

from game import LogAudit, close_all, open_game, play_all

pytestmark = [pytest.mark.redis, pytest.mark.timeout(180)]


async def test_phones_on_different_nodes_play_a_full_game(cluster, redis_url, store):
    # given three nodes, the TV on A and one phone on each node
    nodes = cluster(redis_url, ["A", "B", "C"])
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
