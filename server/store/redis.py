"""The Redis store: one Redis Stream per room, written only through Lua scripts.

How the hub opens it (``server.store.open_store`` imports this module lazily)::

    store = RedisStore.from_url("redis://host:6379/0")   # lazy, sync
    store = await RedisStore.open("redis://host:6379/0") # or: connect and ping now
    ...
    await store.close()

Both accept ``redis://`` and ``rediss://`` URLs, plus these query
parameters of our own (removed before the URL reaches redis-py):

``prefix``    key prefix, default ``pn`` (lets several deployments, or tests,
              share one Redis);
``idle_ttl``  seconds a room may go without an append before Redis drops it,
              default 172800 (two days);
``cluster``   ``1`` to talk to a Redis Cluster (any node's address will do).

Why it is built this way:

* Every key of a room carries the hash tag ``{room}``, so in Redis Cluster all
  of a room's keys live in one slot and a script may touch all of them.  The
  only keys outside a room's slot are the join-code keys (one key per code,
  tagged by the code) and the open-room index: no script ever touches two of
  those at once.
* Record ``n`` of a room is stored at stream ID ``0-n``, so ``XLEN`` is the
  version and ``XRANGE`` from ``0-(n+1)`` reads everything after version
  ``n`` without a separate index.
* ``append`` is one script that checks the fencing token, then the version,
  then adds the records: Redis runs a script atomically, so two writers can
  never interleave, and a writer whose lease was taken over can never write.
* The fencing token is a counter per room, raised each time a node acquires
  the room's lease (``acquire_lease``).  The cluster layer
  (``server.cluster``) holds leases; this module owns the keys and scripts so
  that all knowledge of the Redis layout stays in one place.
* Durability is Redis's: with ``appendonly yes`` and ``appendfsync always``
  Redis fsyncs the AOF before it replies, so a returned ``append`` survives
  a Redis crash; with ``everysec`` up to a second of acknowledged moves can be
  lost on a power cut (docs/deploy.md weighs the two).
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Sequence
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from server.store.base import Fenced, Record, Snapshot, Store, VersionConflict

DEFAULT_PREFIX = "pn"
DEFAULT_IDLE_TTL = 2 * 86_400
#: Seconds a Redis command (or a connect) may take before it is retried on a fresh connection
#: (``?socket_timeout=`` and ``?socket_connect_timeout=`` in the URL change it).  Well above a slow
#: link's round trip with a lost packet (200 ms and a retransmission), well below a lease.
COMMAND_TIMEOUT = 1.0
_READ_PAGE = 1_000

# KEYS: log, fence, snap, lease
# ARGV: expected version, fence token or "", idle ttl ms, nonce, record...
# Returns {version} on success, {-1, actual} on a version conflict,
# {-2, current fence} when fenced.  The nonce (random per append call) is
# kept on the batch's first entry so that a retry of the same call can be told
# from a different writer's append.  Every entry also keeps the fencing token
# it was written under (field f, empty without one): an audit of which lease
# wrote what.
_APPEND = """
local fence = ARGV[2]
if fence ~= '' then
  local current = tonumber(redis.call('GET', KEYS[2]) or '0')
  if tonumber(fence) < current then return {-2, current} end
end
local version = redis.call('XLEN', KEYS[1])
local expected = tonumber(ARGV[1])
if version ~= expected then
  -- redis-py re-sends a script whose reply was lost (Redis restarted, the
  -- network cut): if this very call already landed, report its success.
  if version == expected + #ARGV - 4 then
    local first = redis.call('XRANGE', KEYS[1], '0-' .. (expected + 1), '0-' .. (expected + 1))
    if #first == 1 and first[1][2][4] == ARGV[4] then return {version} end
  end
  return {-1, version}
end
for i = 5, #ARGV do
  version = version + 1
  if i == 5 then
    redis.call('XADD', KEYS[1], '0-' .. version, 'd', ARGV[i], 'n', ARGV[4], 'f', fence)
  else
    redis.call('XADD', KEYS[1], '0-' .. version, 'd', ARGV[i], 'f', fence)
  end
end
local ttl = tonumber(ARGV[3])
if ttl > 0 then
  for i = 1, 3 do
    if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('PEXPIRE', KEYS[i], ttl) end
  end
end
return {version}
"""

# KEYS: snap.  ARGV: version, data, ttl ms.  Keeps only the newest snapshot.
_SAVE_SNAPSHOT = """
local have = tonumber(redis.call('HGET', KEYS[1], 'v') or '-1')
if tonumber(ARGV[1]) <= have then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'd', ARGV[2])
if tonumber(ARGV[3]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return 1
"""

# KEYS: lease, fence.  ARGV: node, ttl ms, idle ttl ms.
# Returns {token, owner}: token > 0 when ``node`` holds the lease now (newly
# acquired or already its own, which renews it), else 0 and the owner.
_ACQUIRE = """
local owner = redis.call('GET', KEYS[1])
if owner == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {tonumber(redis.call('GET', KEYS[2]) or '0'), owner}
end
if owner then return {0, owner} end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
local token = redis.call('INCR', KEYS[2])
if tonumber(ARGV[3]) > 0 then redis.call('PEXPIRE', KEYS[2], ARGV[3]) end
return {token, ARGV[1]}
"""

# KEYS: lease, fence.  ARGV: node, token, ttl ms.  1 when renewed.
_RENEW = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if tonumber(redis.call('GET', KEYS[2]) or '0') ~= tonumber(ARGV[2]) then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
"""

# KEYS: the node's heartbeat, then (lease, fence) per room.  ARGV: node, ttl ms, then one token per room.
# Renews every lease the node still holds with its token, and the node's heartbeat, in one command
# (one round trip however many rooms: a slow link must not make renewal slower than the lease).
# Returns one 1/0 per room.
_RENEW_ALL = """
redis.call('SET', KEYS[1], '1', 'PX', ARGV[2])
local out = {}
for i = 3, #ARGV do
  local lease, fence = KEYS[2 * (i - 2)], KEYS[2 * (i - 2) + 1]
  if redis.call('GET', lease) == ARGV[1] and tonumber(redis.call('GET', fence) or '0') == tonumber(ARGV[i]) then
    redis.call('PEXPIRE', lease, ARGV[2])
    out[#out + 1] = 1
  else
    out[#out + 1] = 0
  end
end
return out
"""

# KEYS: lease, fence.  ARGV: node, token.  1 when released.
_RELEASE = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if tonumber(redis.call('GET', KEYS[2]) or '0') ~= tonumber(ARGV[2]) then return 0 end
redis.call('DEL', KEYS[1])
return 1
"""

# KEYS: the room's keys.  ARGV: keep ms.
_EXPIRE_ALL = """
for i = 1, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[1]) end
end
return 1
"""


class RoomKeys:
    """The names of one room's keys, all hash-tagged by the room."""

    __slots__ = ("log", "fence", "snap", "lease", "closed")

    def __init__(self, prefix: str, room: str) -> None:
        tag = f"{prefix}:{{{room}}}"
        self.log = f"{tag}:log"
        self.fence = f"{tag}:fence"
        self.snap = f"{tag}:snap"
        self.lease = f"{tag}:lease"
        self.closed = f"{tag}:closed"

    def all(self) -> tuple[str, ...]:
        return (self.log, self.fence, self.snap, self.lease, self.closed)


def _split_url(url: str) -> tuple[str, dict[str, str]]:
    """Take our own query parameters out of ``url``; return the rest for redis-py."""
    parts = urlsplit(url)
    ours: dict[str, str] = {}
    theirs: list[tuple[str, str]] = []
    for key, value in parse_qsl(parts.query, keep_blank_values=True):
        if key in ("prefix", "idle_ttl", "cluster", "socket_timeout", "socket_connect_timeout"):
            ours[key] = value
        else:
            theirs.append((key, value))
    return urlunsplit(parts._replace(query=urlencode(theirs))), ours


class RedisStore(Store):
    """The :class:`~server.store.base.Store` on Redis, plus room leases for cluster mode."""

    def __init__(
        self,
        client: aioredis.Redis,
        *,
        prefix: str = DEFAULT_PREFIX,
        idle_ttl: int = DEFAULT_IDLE_TTL,
        lease_client: Any = None,
    ) -> None:
        self.client = client
        #: The connections lease renewals use, apart from the rest: a renewal never waits for a free
        #: connection, nor for a new one's handshake (several round trips on a slow link), behind
        #: appends and reads (``from_url`` makes a small pool of its own; else the main client).
        self.lease_client = lease_client if lease_client is not None else client
        self.prefix = prefix
        self.idle_ttl_ms = idle_ttl * 1000
        self._append = client.register_script(_APPEND)
        self._save_snapshot = client.register_script(_SAVE_SNAPSHOT)
        self._acquire = client.register_script(_ACQUIRE)
        self._renew = client.register_script(_RENEW)
        self._renew_all = self.lease_client.register_script(_RENEW_ALL)
        self._release = client.register_script(_RELEASE)
        self._expire_all = client.register_script(_EXPIRE_ALL)

    @classmethod
    def from_url(
        cls,
        url: str,
        *,
        prefix: str | None = None,
        idle_ttl: int | None = None,
        retries: int = 40,
    ) -> RedisStore:
        """A store for ``url``; connects lazily, on the first command.

        ``retries`` bounds how long a lost connection is retried (with
        backoff capped at a second, so about as many seconds) before a
        command fails: long enough to ride out a Redis restart.

        Every command times out (``socket_timeout``, default
        :data:`COMMAND_TIMEOUT`; a connect, ``socket_connect_timeout``, too)
        and is then retried on a fresh connection.  Without a timeout a
        command sent into a network partition waits for TCP to give up
        (minutes), and after the partition heals, for TCP's retransmission
        backoff (up to tens of seconds): the room, or the relay, freezes
        with no error (issue 28).  A timeout is safe: a re-sent append is
        recognised by its nonce (``_APPEND``), lease scripts are idempotent
        for their holder, and the relay drops re-sent batches.  The cluster
        layer bounds the whole wait by the room's lease, so a hub cut from
        Redis gives its rooms up instead of retrying for ``retries`` seconds.
        """
        clean, ours = _split_url(url)
        timeouts = {
            key: float(ours[key]) if key in ours else COMMAND_TIMEOUT
            for key in ("socket_timeout", "socket_connect_timeout")
        }
        retry = Retry(ExponentialBackoff(cap=1.0, base=0.05), retries=retries)
        lease_client: Any = None
        if ours.get("cluster") in ("1", "yes", "true"):
            client: Any = RedisCluster.from_url(
                clean, decode_responses=False, socket_keepalive=True, retry=retry, **timeouts
            )
        else:
            lease_client = aioredis.Redis.from_url(
                clean,
                decode_responses=False,
                socket_keepalive=True,
                retry=Retry(ExponentialBackoff(cap=0.2, base=0.05), retries=1),  # the next renewal is due soon anyway
                retry_on_error=[RedisConnectionError, RedisTimeoutError, OSError],
                max_connections=8,
                **timeouts,
            )
            client = aioredis.Redis.from_url(
                clean,
                decode_responses=False,
                health_check_interval=10,
                socket_keepalive=True,
                retry=retry,
                retry_on_error=[RedisConnectionError, RedisTimeoutError, OSError],
                **timeouts,
            )
        return cls(
            client,
            lease_client=lease_client,
            prefix=prefix or ours.get("prefix") or DEFAULT_PREFIX,
            idle_ttl=idle_ttl if idle_ttl is not None else int(ours.get("idle_ttl") or DEFAULT_IDLE_TTL),
        )

    @classmethod
    async def open(cls, url: str, **options) -> RedisStore:
        """Like :meth:`from_url`, then check that Redis answers (fail fast on a bad URL)."""
        store = cls.from_url(url, **options)
        try:
            await store.client.ping()
        except Exception:
            await store.client.aclose()
            raise
        return store

    def keys(self, room: str) -> RoomKeys:
        return RoomKeys(self.prefix, room)

    @property
    def _rooms_key(self) -> str:
        return f"{self.prefix}:rooms"

    def _code_key(self, code: str) -> str:
        return f"{self.prefix}:code:{{{code}}}"

    def channel(self, room: str, name: str) -> str:
        """A pub/sub channel about ``room`` (used by the cluster layer)."""
        return f"{self.prefix}:{{{room}}}:{name}"

    # --- the log ---------------------------------------------------------

    async def append(
        self,
        room: str,
        records: Sequence[bytes],
        expected_version: int,
        *,
        fence: int | None = None,
    ) -> int:
        if not records:
            actual = await self.version(room)
            if actual != expected_version:
                raise VersionConflict(room, expected_version, actual)
            return actual
        keys = self.keys(room)
        if expected_version == 0:
            # Indexed before the first write, so a crash in between leaves at
            # worst an index entry without a log, which open_rooms prunes.
            await self.client.zadd(self._rooms_key, {room: time.time()}, nx=True)
        nonce = os.urandom(8)
        args = [expected_version, "" if fence is None else fence, self.idle_ttl_ms, nonce, *records]
        result = await self._append(keys=[keys.log, keys.fence, keys.snap, keys.lease], args=args)
        if result[0] == -1:
            raise VersionConflict(room, expected_version, int(result[1]))
        if result[0] == -2:
            raise Fenced(f"room {room}: fence {fence} is older than the current lease token {int(result[1])}")
        return int(result[0])

    async def read(self, room: str, from_version: int = 0) -> list[Record]:
        log = self.keys(room).log
        out: list[Record] = []
        start = f"0-{from_version + 1}"
        while True:
            page = await self.client.xrange(log, min=start, max="+", count=_READ_PAGE)
            for entry_id, fields in page:
                version = int(entry_id.split(b"-")[1])
                out.append(Record(version=version, data=fields[b"d"]))
            if len(page) < _READ_PAGE:
                return out
            start = f"0-{out[-1].version + 1}"

    async def version(self, room: str) -> int:
        return int(await self.client.xlen(self.keys(room).log))

    # --- snapshots -------------------------------------------------------

    async def save_snapshot(self, room: str, snapshot: Snapshot) -> None:
        await self._save_snapshot(
            keys=[self.keys(room).snap], args=[snapshot.version, snapshot.data, self.idle_ttl_ms]
        )

    async def load_snapshot(self, room: str) -> Snapshot | None:
        got = await self.client.hmget(self.keys(room).snap, ["v", "d"])
        if got[0] is None:
            return None
        return Snapshot(version=int(got[0]), data=got[1])

    # --- join codes and the room index ------------------------------------

    async def claim_code(self, code: str, room: str) -> bool:
        # The code expires with an idle room; room_for_code refreshes it, and
        # every phone (re)connecting looks its code up.
        return bool(await self.client.set(self._code_key(code), room, nx=True, px=self.idle_ttl_ms or None))

    async def room_for_code(self, code: str) -> str | None:
        key = self._code_key(code)
        room = await self.client.get(key)
        if room is None:
            return None
        if self.idle_ttl_ms and 0 <= await self.client.pttl(key) < self.idle_ttl_ms:  # never shortens a kept code
            await self.client.pexpire(key, self.idle_ttl_ms)
        return room.decode()

    async def keep(self, room: str, seconds: int, *, code: str | None = None) -> None:
        """Set the log's keys (and the code's) to expire ``seconds`` from now, not after the idle expiry.

        Only the log, its fencing counter and its snapshot: a lease keeps its
        own short expiry, so a dead holder's lease still lapses.
        """
        keys = self.keys(room)
        ms = max(1, seconds) * 1000
        await self._expire_all(keys=[keys.log, keys.fence, keys.snap], args=[ms])
        if code is not None:
            await self.client.pexpire(self._code_key(code), ms)

    async def release_code(self, code: str) -> None:
        await self.client.delete(self._code_key(code))

    async def open_rooms(self) -> list[str]:
        rooms = [r.decode() for r in await self.client.zrange(self._rooms_key, 0, -1)]
        if not rooms:
            return []
        async with self.client.pipeline(transaction=False) as pipe:
            for room in rooms:
                pipe.exists(self.keys(room).log)
            alive = await pipe.execute()
        gone = [room for room, exists in zip(rooms, alive) if not exists]
        if gone:
            # Idle rooms whose keys Redis expired (or index entries whose
            # first append never happened).
            await self.client.zrem(self._rooms_key, *gone)
        return [room for room, exists in zip(rooms, alive) if exists]

    async def close_room(self, room: str, *, keep_seconds: int = 86_400) -> None:
        keys = self.keys(room)
        await self.client.set(keys.closed, b"1")
        await self._expire_all(keys=list(keys.all()), args=[max(1, keep_seconds) * 1000])
        await self.client.zrem(self._rooms_key, room)

    async def is_closed(self, room: str) -> bool:
        return bool(await self.client.exists(self.keys(room).closed))

    # --- leases (cluster mode) ---------------------------------------------

    async def acquire_lease(self, room: str, node: str, ttl_ms: int) -> tuple[int, str | None]:
        """Take (or renew) the room's lease for ``node``.

        Returns ``(token, owner)``: ``token`` is the fencing token to pass to
        ``append`` when ``node`` holds the lease, else 0 with the current
        owner.  A fresh acquisition always raises the token, so every write
        by an earlier holder is refused from then on.
        """
        keys = self.keys(room)
        token, owner = await self._acquire(keys=[keys.lease, keys.fence], args=[node, ttl_ms, self.idle_ttl_ms])
        return int(token), (owner.decode() if owner else None)

    async def renew_lease(self, room: str, node: str, token: int, ttl_ms: int) -> bool:
        """Extend the lease if ``node`` still holds it with ``token``."""
        keys = self.keys(room)
        return bool(await self._renew(keys=[keys.lease, keys.fence], args=[node, token, ttl_ms]))

    async def warm_leases(self, connections: int = 3) -> None:
        """Open the lease connections and load the renewal script now, before any lease depends on them.

        On a slow link a cold renewal (connect, handshake, script load)
        takes several round trips: close to a whole lease.
        """
        await asyncio.gather(*(self.lease_client.ping() for _ in range(connections)))
        if not isinstance(self.lease_client, RedisCluster):
            await self.lease_client.script_load(_RENEW_ALL)

    def heartbeat_key(self, node: str) -> str:
        """The key that says ``node`` is alive (set with the lease TTL at every renewal)."""
        return f"{self.prefix}:alive:{{{node}}}"

    async def renew_leases(self, leases: Sequence[tuple[str, int]], node: str, ttl_ms: int) -> list[bool]:
        """``renew_lease`` for many ``(room, token)`` pairs, and ``node``'s heartbeat, in one command.

        One ``EVALSHA`` of ``_RENEW_ALL`` on a single Redis, so a renewal
        costs one round trip whatever the number of rooms.  A Redis Cluster
        cannot run one script over keys of many slots: there each room's
        script runs side by side (still one round trip of time).
        """
        if isinstance(self.client, RedisCluster):
            beat = self.client.set(self.heartbeat_key(node), b"1", px=ttl_ms)
            renewed = [self.renew_lease(room, node, token, ttl_ms) for room, token in leases]
            results = await asyncio.gather(beat, *renewed)
            return [bool(result) for result in results[1:]]
        keys = [self.heartbeat_key(node)]
        for room, _ in leases:
            room_keys = self.keys(room)
            keys += [room_keys.lease, room_keys.fence]
        results = await self._renew_all(keys=keys, args=[node, ttl_ms, *(token for _, token in leases)])
        return [bool(result) for result in results]

    async def lease_owners(self, rooms: Sequence[str]) -> list[str | None]:
        """``lease_owner`` for many rooms in one round trip."""
        if not rooms:
            return []
        async with self.client.pipeline(transaction=False) as pipe:
            for room in rooms:
                pipe.get(self.keys(room).lease)
            return [owner.decode() if owner else None for owner in await pipe.execute()]

    async def release_lease(self, room: str, node: str, token: int) -> bool:
        """Give the lease up (a draining node), so another node need not wait for expiry."""
        keys = self.keys(room)
        return bool(await self._release(keys=[keys.lease, keys.fence], args=[node, token]))

    async def lease_owner(self, room: str) -> str | None:
        owner = await self.client.get(self.keys(room).lease)
        return owner.decode() if owner else None

    async def fence_token(self, room: str) -> int:
        return int(await self.client.get(self.keys(room).fence) or 0)

    # --- lifecycle -------------------------------------------------------

    async def ping(self) -> bool:
        try:
            return bool(await self.client.ping())
        except Exception:
            return False

    async def close(self) -> None:
        if self.lease_client is not self.client:
            await self.lease_client.aclose()
        await self.client.aclose()

