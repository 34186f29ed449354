"""Reactions from spectators on another node reach the TV on the room's owner, summed per kind."""

from __future__ import annotations

import pytest

from protocol.codec import encode_client

from screens import Screen

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]


def _counted(screen: Screen) -> dict[str, int]:
    total: dict[str, int] = {}
    for frame in screen.frames:
        if frame["t"] == "reactions":
            for kind, count in frame["counts"].items():
                total[kind] = total.get(kind, 0) + count
    return total


async def test_spectators_on_an_edge_node_react_and_the_owner_tv_shows_the_sums(cluster, redis_url):
    # given the TV on A (the room's owner) and three spectators on B
    nodes = cluster(redis_url, ["A", "B"])
    tv = Screen(nodes, 0, {"role": "host"}, "tv")
    await tv.connect()
    watchers = [Screen(nodes, 1, {"role": "spectator", "room": tv.code}, f"w{i}") for i in range(3)]
    for watcher in watchers:
        await watcher.connect()
        assert watcher.connects == ["B"]
    # when each reacts twice
    for watcher in watchers:
        await watcher.ws.send(encode_client({"t": "react", "r": "clap"}))
        await watcher.ws.send(encode_client({"t": "react", "r": "pizza"}))
    # then the TV on A is sent the sums, in reactions frames (not one per reaction), and no watcher an error
    await tv.next_frame(lambda f: f["t"] == "reactions" and _counted(tv) == {"clap": 3, "pizza": 3}, start=0, timeout=15)
    assert len([f for f in tv.frames if f["t"] == "reactions"]) <= 3
    for watcher in watchers:
        assert (await watcher.request({"t": "ping"}))["t"] == "ack"
        assert not [f for f in watcher.frames if f["t"] == "error"]
        await watcher.drop()
    await tv.drop()
