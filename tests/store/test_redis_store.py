"""What the Redis store adds to the contract: leases and fencing, hash tags, TTLs, retries."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from pathlib import Path

import pytest
import redis.exceptions
from redis.crc import key_slot

from server.store.base import Fenced, VersionConflict
from server.store.redis import RedisStore, _split_url

from redis_fixture import RedisServer

pytestmark = pytest.mark.redis


async def test_a_fresh_lease_raises_the_fencing_token(redis_store):
    # given node A holding the lease on R1
    token_a, owner = await redis_store.acquire_lease("R1", "A", 5_000)
    assert (token_a, owner) == (1, "A")
    # when node B asks for it, then it is refused and told the owner
    assert await redis_store.acquire_lease("R1", "B", 5_000) == (0, "A")
    # when A asks again, then it keeps its token (a renewal, not a new lease)
    assert await redis_store.acquire_lease("R1", "A", 5_000) == (1, "A")


async def test_a_lease_taken_over_after_expiry_fences_the_old_owner(redis_store):
    # given A's lease, which it lets expire, and a log A wrote to
    token_a, _ = await redis_store.acquire_lease("R1", "A", 50)
    await redis_store.append("R1", [b"a1"], 0, fence=token_a)
    await asyncio.sleep(0.1)
    # when B takes the room over
    token_b, owner = await redis_store.acquire_lease("R1", "B", 5_000)
    assert owner == "B" and token_b > token_a
    # then A, even at the right version, cannot append
    with pytest.raises(Fenced):
        await redis_store.append("R1", [b"a2"], 1, fence=token_a)
    # and B can
    assert await redis_store.append("R1", [b"b1"], 1, fence=token_b) == 2
    assert [r.data for r in await redis_store.read("R1")] == [b"a1", b"b1"]


async def test_fencing_is_checked_before_the_version(redis_store):
    # given a stale token and a stale version at once
    old, _ = await redis_store.acquire_lease("R1", "A", 5_000)
    await redis_store.release_lease("R1", "A", old)
    await redis_store.acquire_lease("R1", "B", 5_000)
    # when the old owner appends, then it is told it is fenced, not to reload
    with pytest.raises(Fenced):
        await redis_store.append("R1", [b"x"], 7, fence=old)


async def test_renew_and_release_only_work_for_the_holder(redis_store):
    # given A holding R1
    token, _ = await redis_store.acquire_lease("R1", "A", 5_000)
    # then B can neither renew nor release it, nor can A with a wrong token
    assert await redis_store.renew_lease("R1", "B", token, 5_000) is False
    assert await redis_store.release_lease("R1", "B", token) is False
    assert await redis_store.renew_lease("R1", "A", token + 1, 5_000) is False
    assert await redis_store.renew_lease("R1", "A", token, 5_000) is True
    # when A releases it, then nobody owns it and B may take it at once
    assert await redis_store.release_lease("R1", "A", token) is True
    assert await redis_store.lease_owner("R1") is None
    assert (await redis_store.acquire_lease("R1", "B", 5_000))[0] == token + 1


async def test_a_resent_append_whose_reply_was_lost_succeeds(redis_store, monkeypatch):
    # given an append call that landed but whose reply was lost, so redis-py
    # sends the very same script call again (same nonce)
    monkeypatch.setattr("server.store.redis.os.urandom", lambda n: b"N" * n)
    await redis_store.append("R1", [b"a", b"b"], 0)
    # when it is re-sent, then it reports the version it reached
    assert await redis_store.append("R1", [b"a", b"b"], 0) == 2
    # and nothing was written twice
    assert [r.data for r in await redis_store.read("R1")] == [b"a", b"b"]


async def test_an_equal_append_from_another_call_still_conflicts(redis_store):
    # given records appended at version 0
    await redis_store.append("R1", [b"a"], 0)
    # when another call appends the same bytes at version 0, then it conflicts
    with pytest.raises(VersionConflict):
        await redis_store.append("R1", [b"a"], 0)


async def test_every_key_of_a_room_is_in_one_cluster_slot(redis_store):
    # given the keys and channels of one room
    keys = redis_store.keys("R-42")
    names = [*keys.all(), redis_store.channel("R-42", "in")]
    # then they all hash to the same Redis Cluster slot
    assert len({key_slot(name.encode()) for name in names}) == 1


async def test_appends_keep_an_idle_ttl_and_closing_shortens_it(redis_url):
    # given a store whose rooms expire after an hour idle
    store = await RedisStore.open(f"{redis_url}?prefix=ttl&idle_ttl=3600")
    try:
        await store.append("R1", [b"a"], 0)
        keys = store.keys("R1")
        ttl = await store.client.pttl(keys.log)
        assert 3_500_000 < ttl <= 3_600_000
        # when the room is closed with a 60 s grace
        await store.close_room("R1", keep_seconds=60)
        # then every key of the room goes within a minute
        assert 0 < await store.client.pttl(keys.log) <= 60_000
        assert await store.is_closed("R1")
    finally:
        await store.client.delete(*store.keys("R1").all(), "ttl:rooms")
        await store.close()


async def test_expired_rooms_leave_the_open_room_index(redis_url):
    # given a room with a one-second idle TTL
    store = await RedisStore.open(f"{redis_url}?prefix=exp&idle_ttl=1")
    try:
        await store.append("R1", [b"a"], 0)
        assert await store.open_rooms() == ["R1"]
        # when it idles past the TTL, then it is gone from the index
        await asyncio.sleep(1.3)
        assert await store.open_rooms() == []
        assert await store.client.zcard("exp:rooms") == 0
    finally:
        await store.close()


def test_our_url_options_are_not_passed_to_redis_py():
    # given a URL mixing our options with redis-py's
    clean, ours = _split_url("redis://h:1/2?prefix=x&socket_timeout=3&idle_ttl=9&health_check_interval=5")
    # then ours are taken out (the hub sets its own command timeouts) and theirs kept
    assert ours == {"prefix": "x", "socket_timeout": "3", "idle_ttl": "9"}
    assert clean == "redis://h:1/2?health_check_interval=5"


async def test_a_bad_url_fails_at_open():
    # given nothing listening, then open raises rather than returning a dead store
    with pytest.raises((OSError, redis.exceptions.RedisError)):
        await RedisStore.open("redis://127.0.0.1:1/0", prefix="x", retries=0)


async def test_a_redis_restart_is_ridden_out_without_loss():
    # given a dedicated redis-server (AOF, fsync always) and a log of 50 records
    directory = Path(tempfile.mkdtemp(prefix="pizzanight-redis-restart-"))
    server = RedisServer(directory).start()
    store = await RedisStore.open(server.url)
    try:
        for i in range(50):
            await store.append("R1", [str(i).encode()], i)
        # when Redis crashes and comes back on the same port and data
        await asyncio.to_thread(server.restart, crash=True)
        # then the next append just works (the client reconnects) and nothing is lost
        assert await store.append("R1", [b"50"], 50) == 51
        assert [int(r.data) for r in await store.read("R1")] == list(range(51))
    finally:
        await store.close()
        server.stop()
        shutil.rmtree(directory, ignore_errors=True)


async def test_open_store_picks_the_redis_backend_for_a_redis_url(redis_url):
    # given the URL an operator passes to `pizzanight serve --store`
    from server.store import open_store

    store = open_store(f"{redis_url}?prefix=pick")
    try:
        # then it is a working Redis store with our prefix
        assert isinstance(store, RedisStore) and store.prefix == "pick"
        assert await store.append("R1", [b"a"], 0) == 1
    finally:
        await store.client.delete(*store.keys("R1").all(), "pick:rooms")
        await store.close()


async def test_every_record_remembers_the_lease_that_wrote_it(redis_store):
    # given records written under token 1, then under token 2 after a takeover
    first, _ = await redis_store.acquire_lease("R1", "A", 5_000)
    await redis_store.append("R1", [b"a", b"b"], 0, fence=first)
    await redis_store.release_lease("R1", "A", first)
    second, _ = await redis_store.acquire_lease("R1", "B", 5_000)
    await redis_store.append("R1", [b"c"], 2, fence=second)
    # then the stream shows which token wrote each record
    entries = await redis_store.client.xrange(redis_store.keys("R1").log)
    assert [int(fields[b"f"]) for _, fields in entries] == [first, first, second]


async def test_many_leases_renew_and_report_owners_in_one_go(redis_store):
    # given A holding R1 and R2, and B holding R3
    t1, _ = await redis_store.acquire_lease("R1", "A", 5_000)
    t2, _ = await redis_store.acquire_lease("R2", "A", 5_000)
    await redis_store.acquire_lease("R3", "B", 5_000)
    # when A renews R1, R2 (one with a stale token) and R3 (not its own)
    renewed = await redis_store.renew_leases([("R1", t1), ("R2", t2 + 1), ("R3", 1)], "A", 5_000)
    # then only its own lease with the right token was renewed
    assert renewed == [True, False, False]
    assert await redis_store.lease_owners(["R1", "R3", "R9"]) == ["A", "B", None]
