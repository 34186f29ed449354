"""Rate limits: a token bucket per connection, and a per-address join throttle.

The address is the real client's: uvicorn replaces the socket's peer with
the ``X-Forwarded-For`` client when the peer is a trusted proxy
(``pizzanight serve --forwarded-allow-ips``), and only then, so a client
cannot pick its own address by sending the header itself.

In cluster mode the join throttle lives in Redis (:class:`SharedJoinThrottle`):
a guesser who spreads attempts over every hub meets one bucket.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

LOG = logging.getLogger("pizzanight")

#: Seconds the shared join throttle waits for Redis before using the hub's own buckets.
THROTTLE_WAIT = 0.5


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved up.

    Slotted: the compiled lane's route for a socket's game command
    (server/fastlane/_inbound.pyx) reads and writes these fields at their
    slots, on every frame the socket sends.
    """

    __slots__ = ("rate", "burst", "_clock", "_tokens", "_at")

    def __init__(self, rate: float, burst: float, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = burst
        self._at = clock()

    def available(self) -> float:
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        return self._tokens

    def take(self, cost: float = 1.0) -> bool:
        if self.available() >= cost:
            self._tokens -= cost
            return True
        return False

    def full(self) -> bool:
        return self.available() >= self.burst


class JoinThrottle:
    """Counts failed room look-ups and token checks per address, in this process.

    Guessing codes or tokens costs a failure each, on the websocket or over
    HTTP (``server.lookups``); an address that has used up its bucket is
    refused (close 4029, or HTTP 429) until it refills.  Successful joins
    cost nothing, so a classroom behind one address is not throttled.
    The methods are coroutines so that the shared (Redis) throttle fits the
    same calls.
    """

    def __init__(self, rate: float, burst: float, *, max_addresses: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.max_addresses = max_addresses
        self._buckets: dict[str, TokenBucket] = {}

    async def blocked(self, address: str) -> bool:
        return self.blocked_now(address)

    async def failed(self, address: str) -> None:
        self.failed_now(address)

    def blocked_now(self, address: str) -> bool:
        bucket = self._buckets.get(address)
        if bucket is None:
            return False
        if bucket.full():
            del self._buckets[address]
            return False
        return bucket.available() < 1.0

    def failed_now(self, address: str) -> None:
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) >= self.max_addresses:
                self._buckets = {a: b for a, b in self._buckets.items() if not b.full()}
            bucket = self._buckets[address] = TokenBucket(self.rate, self.burst)
        bucket.take()


#: One token bucket per address in a Redis hash: refilled from the time Redis
#: itself gives (one clock for every hub), ``ARGV[3]`` tokens taken (0: just
#: read).  Returns the tokens left.  The key expires once the bucket is full again.
_BUCKET = """
local rate, burst, cost = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local saved = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(saved[1]) or burst
local at = tonumber(saved[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
if cost > 0 then
  if tokens >= cost then tokens = tokens - cost end
  redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
  redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
end
return tostring(tokens)
"""


class SharedJoinThrottle:
    """The join throttle of every hub on one Redis: the same buckets, whichever hub a socket reaches.

    If Redis cannot be reached the hub falls back to its own
    :class:`JoinThrottle` rather than refusing or waving through every join.
    """

    def __init__(self, client: Any, prefix: str, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.prefix = prefix
        self._script = client.register_script(_BUCKET)
        self.local = JoinThrottle(rate, burst)

    def _key(self, address: str) -> str:
        return f"{self.prefix}:join:{{{address}}}"

    async def _tokens(self, address: str, cost: float) -> float:
        # Bounded: a hub cut from Redis must answer a hello at once (from its own buckets), not
        # after the client's retries (issue 28: phones then waited for their hello to time out).
        script = self._script(keys=[self._key(address)], args=[self.rate, self.burst, cost])
        return float(await asyncio.wait_for(script, THROTTLE_WAIT))

    async def blocked(self, address: str) -> bool:
        try:
            return await self._tokens(address, 0) < 1.0
        except Exception as exc:  # Redis away: this hub's own buckets for now
            LOG.warning("join throttle: redis unavailable (%s); using this hub's own", exc)
            return self.local.blocked_now(address)

    async def failed(self, address: str) -> None:
        try:
            await self._tokens(address, 1)
        except Exception as exc:
            LOG.warning("join throttle: redis unavailable (%s); using this hub's own", exc)
            self.local.failed_now(address)


def join_throttle_for(store: Any, rate: float, burst: float) -> JoinThrottle | SharedJoinThrottle:
    """The shared throttle when the store is a Redis that hubs share, else this process's own."""
    if hasattr(store, "acquire_lease") and hasattr(store, "client"):
        return SharedJoinThrottle(store.client, store.prefix, rate, burst)
    return JoinThrottle(rate, burst)
