"""A hub cut from Redis lets its rooms go at its own lease deadline (issue 28).

The cut is a silent partition made by a TCP proxy between one hub and
Redis (tests/cluster/slowlink.py): nothing answered, nothing refused.  The
tests check correctness only (every acknowledged move kept, nothing
written under a lapsed lease, the cut hub not ready); the times are
printed (``-s``), never asserted.
"""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request

import pytest

from server.store.redis import RedisStore

from game import LogAudit, close_all, open_game, play_all
from nodes import LEASE_MS
from slowlink import SlowLink

pytestmark = [pytest.mark.redis, pytest.mark.timeout(240)]


def http_status(url: str) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


async def until(predicate, *, timeout: float, what: str) -> float:
    """Wait (bounded) for ``predicate()``; returns when it became true."""
    deadline = time.monotonic() + timeout
    while not await asyncio.to_thread(predicate):
        assert time.monotonic() < deadline, f"not within {timeout} s: {what}"
        await asyncio.sleep(0.05)
    return time.monotonic()


@pytest.fixture
def link(redis_server):
    proxy = SlowLink(redis_server.port).start()
    yield proxy
    proxy.stop()


async def test_a_renewal_of_every_lease_and_the_heartbeat_is_one_command(link, prefix):
    # given a node holding the leases of twenty rooms, its commands counted on their way to Redis
    store = await RedisStore.open(f"redis://{link.url_host}/0?prefix={prefix}")
    rooms = [f"room-{i}" for i in range(20)]
    tokens = [(await store.acquire_lease(room, "N", 5000))[0] for room in rooms]
    await store.renew_leases(list(zip(rooms, tokens)), "N", 5000)  # the script is loaded now
    before = dict(link.sent.counts)
    # when it renews them all
    renewed = await store.renew_leases(list(zip(rooms, tokens)), "N", 5000)
    # then all are renewed, and the hub sent exactly one command for it: one round trip
    assert renewed == [True] * 20
    ran = {name: n - before.get(name, 0) for name, n in link.sent.counts.items() if n != before.get(name, 0)}
    assert ran == {"evalsha": 1}
    # and the node's heartbeat was set by that same command, with the lease's expiry
    assert 0 < await store.client.pttl(store.heartbeat_key("N")) <= 5000
    # and a lease another token holds is not renewed by an old one
    assert await store.renew_leases([(rooms[0], tokens[0] - 1)], "N", 5000) == [False]
    await store.close()


async def test_a_hub_cut_from_redis_lets_its_room_go_at_its_lease_deadline_and_its_phones_resume_elsewhere(
    cluster, redis_url, store, link
):
    # given A reaching Redis through a link that will be cut, B and C directly; the room owned by A,
    # its TV and one phone on A, two phones on B and C
    a = cluster(f"redis://{link.url_host}/0", ["A"])[0]
    b, c = cluster(redis_url, ["B", "C"])
    nodes = [a, b, c]
    tv, phones = await open_game(nodes, tv_at=0, phones_at=[0, 1, 2])
    room = await store.room_for_code(tv.code)
    assert await store.lease_owner(room) == "A"
    old_fence = await store.fence_token(room)
    audit = LogAudit(store, tv.code)
    moments: dict[str, float] = {}

    async def cut_a_mid_game() -> None:
        while len(audit.acks) < 4:
            await asyncio.sleep(0.02)
        moments["version"] = await store.version(room)
        moments["cut"] = time.monotonic()
        link.cut()
        # then A says it is not ready (a load balancer stops sending it phones), but it is alive
        moments["not ready"] = await until(lambda: http_status(f"{a.http}/healthz")[0] == 503, timeout=30, what="A not ready")
        assert http_status(f"{a.http}/livez")[0] == 200
        # and another node takes the room over
        deadline = time.monotonic() + 30
        while await store.lease_owner(room) in (None, "A"):
            assert time.monotonic() < deadline, "nobody took the room over"
            await asyncio.sleep(0.05)
        moments["taken"] = time.monotonic()

    # when A is cut from Redis during play, and the phones play on
    await asyncio.gather(play_all(phones, audit, timeout=120), cut_a_mid_game())
    # then A closed its sockets with 4503 (reconnect at once), without a bye that would stop the client
    assert 4503 in tv.closes and 4503 in phones[0].closes
    assert not [f for f in phones[0].frames + tv.frames if f["t"] == "bye"]
    # and A said so in its log: the room lapsed there, not merely failed to renew
    link.heal()
    await until(lambda: http_status(f"{a.http}/healthz")[0] == 200, timeout=30, what="A ready after the heal")
    assert any(e.get("msg") == "room lost" and e.get("reason") == "lease lapsed" for e in a.events())
    # and nothing was written under A's lease after the room moved, and no acknowledged move was lost
    entries = await store.client.xrange(store.keys(room).log)
    after_move = [int(fields[b"f"]) for _, fields in entries[moments["version"]:]]
    first_new = next((i for i, fence in enumerate(after_move) if fence != old_fence), len(after_move))
    assert all(fence != old_fence for fence in after_move[first_new:])
    final = await tv.until(lambda s: s.get("outcome") is not None, timeout=30)
    assert await audit.check() == final["version"]
    lapse = moments["cut"] + LEASE_MS / 1000
    resumed = {
        screen.label: min((t for t, node in screen.connected_at if t > moments["cut"] and node != "A"), default=None)
        for screen in (tv, *phones)
    }
    late_acks_on_a = [t - lapse for phone in phones for t, node in phone.acked_on if node == "A" and t > lapse]
    print(
        f"\n[partition hub-redis] lease {LEASE_MS} ms: not ready {moments['not ready'] - moments['cut']:.2f} s after the cut, "
        f"room taken over {moments['taken'] - moments['cut']:.2f} s after it; screens back on a live hub, after the lease lapsed: "
        + ", ".join(f"{k} {'n/a' if v is None else f'{v - lapse:+.2f} s'}" for k, v in resumed.items())
        + f"; acks on A after its lapse: {len(late_acks_on_a)}"
    )
    await close_all(tv, *phones)
