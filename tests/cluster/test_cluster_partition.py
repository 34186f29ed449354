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
import signal
import time
import urllib.error
import urllib.request

import pytest
from redis.exceptions import TimeoutError as RedisTimeoutError

from server.store.redis import RedisStore

from game import LogAudit, close_all, open_game, play_all
from nodes import LEASE_MS
from screens import Screen
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


async def test_a_command_sent_into_a_partition_times_out_and_the_next_one_uses_a_fresh_connection(link, prefix):
    # given a store reaching Redis through a link, with one retry per command
    store = RedisStore.from_url(f"redis://{link.url_host}/0?prefix={prefix}", retries=1)
    try:
        assert await store.client.ping()
        connections = link.connections
        # when the link is cut silently and a command is sent
        link.cut()
        started = time.monotonic()
        with pytest.raises(Exception) as failed:
            await asyncio.wait_for(store.client.get("x"), 30)  # (the bound only keeps a regression from hanging)
        waited = time.monotonic() - started
        # then it fails with Redis's timeout rather than waiting for TCP (a room froze that way)
        assert isinstance(failed.value, RedisTimeoutError), repr(failed.value)
        # and once the link is back, the next command goes through, on a new connection
        link.heal()
        assert await store.client.set("x", b"1") is True
        assert link.connections > connections
        print(f"\n[partition] a command sent into the cut failed after {waited:.2f} s (timeout 1 s, one retry)")
    finally:
        await store.close()


async def test_an_owner_waking_after_its_lease_lapsed_never_shows_an_old_state(cluster, redis_url, store):
    # given the room owned by A (its TV there), phones on B and C, a few moves played
    nodes = cluster(redis_url, ["A", "B", "C"])
    tv, phones = await open_game(nodes, tv_at=0, phones_at=[1, 2])
    room = await store.room_for_code(tv.code)
    audit = LogAudit(store, tv.code)
    seen: list[int] = []
    shown: list[dict] = []

    async def pause_then_look() -> None:
        while len(audit.acks) < 3:
            await asyncio.sleep(0.02)
        # when A is paused past its lease, the room moves on elsewhere, and then A wakes up
        nodes[0].signal(signal.SIGSTOP)
        deadline = time.monotonic() + 30
        while await store.lease_owner(room) in (None, "A"):
            assert time.monotonic() < deadline, "nobody took the room over"
            await asyncio.sleep(0.05)
        moved_at = len(audit.acks)
        while len(audit.acks) < moved_at + 2 and not any(p.state and p.state.get("outcome") for p in phones):
            assert time.monotonic() < deadline + 30, "no move after the takeover"
            await asyncio.sleep(0.02)
        seen.append(await store.version(room))
        nodes[0].signal(signal.SIGCONT)
        # and a phone's screen comes back through A at that very moment
        watcher = Screen(nodes, 0, {"role": "spectator", "room": tv.code}, "watcher")
        watcher.seen = seen[0]
        try:
            await watcher._open(nodes[0])
            shown.append(watcher.state)
        except Exception:
            pass  # refused (4503): A gave the room up first
        finally:
            await watcher.drop()
        assert watcher.regressions == [], watcher.regressions

    await asyncio.gather(play_all(phones, audit, timeout=120), pause_then_look())
    # then whatever A answered, it never showed a version older than the log's when it woke
    assert all(state["version"] >= seen[0] for state in shown)
    final = await tv.until(lambda s: s.get("outcome") is not None, timeout=30)
    assert await audit.check() == final["version"]
    print(f"\n[partition] a screen joining through the owner waking after its lapse: "
          f"{'refused (4503)' if not shown else 'served version ' + str(shown[0]['version'])}, log at {seen[0]}")
    await close_all(tv, *phones)
