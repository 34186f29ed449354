"""Deterministic randomness for pure rules.

Games may not import ``random`` (DESIGN.md section 2): an event log must
replay identically forever, on any Python.  Instead ``decide`` builds an
:class:`Rng` from the game's seed and a salt that is unique to the decision
(usually the number of events so far), draws what it needs, and records the
result in an event.  The stream comes from BLAKE2b in counter mode, whose
output is fixed by its specification and will not change between versions.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    """A reproducible stream of random integers keyed by ``seed`` and ``salt``."""

    def __init__(self, seed: int, *salt: object) -> None:
        self._key = repr((seed, salt)).encode()
        self._counter = 0
        self._pool = 0
        self._bits = 0

    def _refill(self) -> None:
        digest = hashlib.blake2b(self._key + self._counter.to_bytes(8, "big"), digest_size=32).digest()
        self._counter += 1
        self._pool = (self._pool << 256) | int.from_bytes(digest, "big")
        self._bits += 256

    def _getbits(self, k: int) -> int:
        while self._bits < k:
            self._refill()
        self._bits -= k
        value = self._pool >> self._bits
        self._pool &= (1 << self._bits) - 1
        return value

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        k = max(1, (n - 1).bit_length())
        while True:
            value = self._getbits(k)
            if value < n:
                return value

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``, like a die roll."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out
