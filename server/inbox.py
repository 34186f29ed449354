"""The messages a room actor handles, one frozen type per kind.

The actor's inbox holds only these values, never closures: the actor
``match``es on them (``server.room``), a cluster edge node serialises
them for the owner and the owner rebuilds the same types
(``server.cluster.remote``), and a test drives an actor by putting them in.

From sockets: :class:`Attach`, :class:`Detach`, :class:`Command`,
:class:`HostOp`, :class:`AskHint`.  From the room's own clock
(``server.timers``): :class:`TimerDue`, :class:`BotTurn`,
:class:`TurnTimedOut`, :class:`PresenceDue`, :class:`IdleCheck`.  From the cluster hub:
:class:`HandOver`.
"""

from __future__ import annotations

import asyncio
import collections
from typing import Any

import attrs

from protocol.frames import Hello
from server.client import Client
from server.lobby import HostOperation


@attrs.frozen(eq=False)
class Attach:
    """Admit ``client`` (``issued``: the host token of a room just created for it).

    ``admitted`` is resolved once the client is in the room (its welcome
    queued), or fails with the refusal.
    """

    client: Client
    hello: Hello
    admitted: asyncio.Future[None]
    issued: str | None = None


@attrs.frozen(eq=False)
class Detach:
    """The socket went away."""

    client: Client


@attrs.frozen(eq=False)
class Command:
    """A player's game command, as its wire map (the actor decodes it with the running game's codec)."""

    client: Client
    seq: int
    payload: dict[str, Any]


@attrs.frozen(eq=False)
class HostOp:
    """A host operation, already typed (``server.lobby.host_operation``)."""

    client: Client
    seq: int
    op: HostOperation


@attrs.frozen(eq=False)
class AskHint:
    """A player asks for a hint: answered after the state it is computed from."""

    client: Client
    seq: int


@attrs.frozen
class TimerDue:
    """The game's timer ``key`` ran out (a ROOM command is due)."""

    key: str


@attrs.frozen
class BotTurn:
    """Time for a bot to move."""


@attrs.frozen
class TurnTimedOut:
    """The turn clock started at room version ``version`` ran out (``server.timers``: one clock per turn)."""

    version: int


@attrs.frozen
class PresenceDue:
    """A grace period ran out: time to see who is absent (a new host, a bot for an absent seat)."""


@attrs.frozen
class IdleCheck:
    """Time to check whether the room has been idle too long."""


@attrs.frozen(eq=False)
class CloseRoom:
    """The operator closes the room (admin console); ``done`` resolves once the close is stored."""

    reason: str
    done: asyncio.Future[None]


@attrs.frozen(eq=False)
class HandOver:
    """Stop writing after the messages before this one (cluster drain); ``done`` resolves then."""

    done: asyncio.Future[None]


Message = (
    Attach | Detach | Command | HostOp | AskHint | TimerDue | BotTurn | TurnTimedOut | PresenceDue | IdleCheck | CloseRoom
    | HandOver
)


class Mailbox:
    """A room actor's inbox: the parts of ``asyncio.Queue`` the hub uses, for one reader.

    Every command a phone sends passes through here, so it is lean: the
    reader waits on one future (made only when the box is empty) and takes
    everything waiting at once (:meth:`take`); ``asyncio.Queue`` makes a
    getter future per ``get`` and looks its loop up on every call.  Bounded
    like the queue it replaces: :meth:`put_nowait` raises
    ``asyncio.QueueFull`` and :meth:`put` waits when ``limit`` messages wait.
    """

    __slots__ = ("_items", "_limit", "_reader", "_putters", "_loop")

    def __init__(self, limit: int = 0) -> None:
        self._items: collections.deque[Any] = collections.deque()
        self._limit = limit
        self._reader: asyncio.Future[None] | None = None
        self._putters: collections.deque[asyncio.Future[None]] = collections.deque()
        #: The reader's event loop, looked up once: ``asyncio.get_running_loop`` makes a system
        #: call (``getpid``) each time on Python 3.11, and the reader waits once per turn.
        self._loop: asyncio.AbstractEventLoop | None = None

    def qsize(self) -> int:
        return len(self._items)

    def empty(self) -> bool:
        return not self._items

    def full(self) -> bool:
        return 0 < self._limit <= len(self._items)

    def put_nowait(self, item: Any) -> None:
        if 0 < self._limit <= len(self._items):
            raise asyncio.QueueFull
        self._items.append(item)
        reader = self._reader
        if reader is not None:
            self._reader = None
            if not reader.done():
                reader.set_result(None)

    async def put(self, item: Any) -> None:
        """Add ``item``, waiting while the box is full."""
        while self.full():
            putter = asyncio.get_running_loop().create_future()
            self._putters.append(putter)
            try:
                await putter
            except BaseException:
                putter.cancel()
                if not self.full():
                    self._wake_putter()  # pass the free place on
                raise
        self.put_nowait(item)

    async def wait(self) -> None:
        """Return once something is waiting (at once if something is)."""
        while (arrival := self.arrival()) is not None:
            await arrival

    def arrival(self) -> asyncio.Future[None] | None:
        """None when something is waiting; else a future that resolves when something is put.

        :meth:`wait` without a coroutine around it: the room actor waits
        for its next message once per turn, and awaiting a coroutine is one
        more frame to make, to suspend through and to resume through, on
        every move's path (``while (a := box.arrival()) is not None: await a``).
        """
        if self._items:
            return None
        loop = self._loop
        if loop is None:
            loop = self._loop = asyncio.get_running_loop()
        reader = self._reader = loop.create_future()
        return reader

    def take(self, limit: int, stop_after: type | None = None) -> list[Any]:
        """Up to ``limit`` waiting items, oldest first; the batch ends after an item of type ``stop_after``."""
        items = self._items
        batch = []
        while items and len(batch) < limit:
            item = items.popleft()
            batch.append(item)
            if stop_after is not None and type(item) is stop_after:
                break
        if self._putters:
            for _ in batch:
                self._wake_putter()
        return batch

    def _wake_putter(self) -> None:
        while self._putters:
            putter = self._putters.popleft()
            if not putter.done():
                putter.set_result(None)
                return
