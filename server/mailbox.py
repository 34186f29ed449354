"""A room actor's inbox: the parts of ``asyncio.Queue`` the hub uses, for one reader.

This is the pure-Python twin; ``fastlane.Mailbox`` is the one the hub uses
(server/fastlane/_inbound.pyx's when the lane was built, into which the
compiled route puts a phone's command with no Python frame).  It imports
nothing of the hub's, so the fast lane's package can import it.
"""

from __future__ import annotations

import asyncio
import collections
from typing import Any


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
