"""The store interface every backend satisfies (DESIGN.md section 4).

A room's history is an append-only log of opaque records (the hub encodes
events with msgpack before they get here).  ``append`` is the only write and
it is conditional: it succeeds only when the log is exactly at
``expected_version``, which is what lets one actor per room (and, in cluster
mode, a fencing token) guarantee that nothing is ever written twice or out of
order.  Version ``n`` means ``n`` records are stored; the first record
appended becomes record 1.
"""

from __future__ import annotations

import abc
from collections.abc import Sequence

import attrs


class StoreError(Exception):
    """Base class for store failures the hub must handle."""


class VersionConflict(StoreError):
    """The log is not at the expected version: someone else wrote first."""

    def __init__(self, room: str, expected: int, actual: int) -> None:
        super().__init__(f"room {room}: expected version {expected}, log is at {actual}")
        self.room = room
        self.expected = expected
        self.actual = actual


class Fenced(StoreError):
    """The writer's lease fencing token is stale: another node owns the room."""


@attrs.frozen
class Record:
    """One stored log entry: its version (1-based) and its bytes."""

    version: int
    data: bytes


@attrs.frozen
class Snapshot:
    """A folded state at ``version``, so recovery need not replay everything."""

    version: int
    data: bytes


class Store(abc.ABC):
    """One interface for the embedded and the Redis backends."""

    @abc.abstractmethod
    async def append(
        self,
        room: str,
        records: Sequence[bytes],
        expected_version: int,
        *,
        fence: int | None = None,
    ) -> int:
        """Append ``records`` if the log is at ``expected_version``; return the new version.

        Raises :class:`VersionConflict` (nothing written) otherwise, and
        :class:`Fenced` when ``fence`` is given and is older than the room's
        current lease token.  When it returns, the records are durable.
        """

    @abc.abstractmethod
    async def read(self, room: str, from_version: int = 0) -> list[Record]:
        """Records with version > ``from_version``, in order."""

    @abc.abstractmethod
    async def version(self, room: str) -> int:
        """The number of records stored for ``room`` (0 for an unknown room)."""

    @abc.abstractmethod
    async def save_snapshot(self, room: str, snapshot: Snapshot) -> None:
        """Keep ``snapshot`` (the newest wins; older ones may be dropped)."""

    @abc.abstractmethod
    async def load_snapshot(self, room: str) -> Snapshot | None:
        """The newest snapshot, or ``None``."""

    @abc.abstractmethod
    async def claim_code(self, code: str, room: str) -> bool:
        """Reserve the join code ``code`` for ``room``; False when taken."""

    @abc.abstractmethod
    async def room_for_code(self, code: str) -> str | None:
        """The room a join code points to, or ``None``."""

    @abc.abstractmethod
    async def release_code(self, code: str) -> None:
        """Free a join code (the room ended)."""

    @abc.abstractmethod
    async def open_rooms(self) -> list[str]:
        """Rooms that have not been closed, for resuming after a restart."""

    @abc.abstractmethod
    async def close_room(self, room: str, *, keep_seconds: int = 86_400) -> None:
        """Mark a room ended: it leaves ``open_rooms`` and may be deleted after ``keep_seconds``."""

    async def keep(self, room: str, seconds: int, *, code: str | None = None) -> None:
        """Keep ``room``'s log (and its join ``code``) for at least ``seconds`` from now, unread or not.

        For a log that must outlive the store's expiry of idle rooms without
        being appended to: an ended class, whose reports the teacher may read
        for its whole retention.  Stores that never expire an open room (the
        embedded ones) have nothing to do.
        """
        return None

    @abc.abstractmethod
    async def close(self) -> None:
        """Flush and release resources."""
