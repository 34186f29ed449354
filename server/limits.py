"""Rate limits: a token bucket per connection, and a per-address join throttle."""

from __future__ import annotations

import time
from typing import Callable


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved up."""

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
    """Counts failed room look-ups and token checks per address.

    Guessing codes or tokens costs a failure each; an address that has used
    up its bucket is refused (close 4029) until it refills.  Successful joins
    cost nothing, so a classroom behind one address is not throttled.
    """

    def __init__(self, rate: float, burst: float, *, max_addresses: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.max_addresses = max_addresses
        self._buckets: dict[str, TokenBucket] = {}

    def blocked(self, address: str) -> bool:
        bucket = self._buckets.get(address)
        if bucket is None:
            return False
        if bucket.full():
            del self._buckets[address]
            return False
        return bucket.available() < 1.0

    def failed(self, address: str) -> None:
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) >= self.max_addresses:
                self._buckets = {a: b for a, b in self._buckets.items() if not b.full()}
            bucket = self._buckets[address] = TokenBucket(self.rate, self.burst)
        bucket.take()
