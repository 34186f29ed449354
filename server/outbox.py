"""A socket's bounded send queue.

Replies (acks, errors, welcome, hints) must all arrive, in order, so they
queue up to a bound; a client that lets that many pile up is not reading
and is disconnected.  States are complete, not diffs, so only the newest
waiting state is kept: a slow phone or spectator skips intermediate states
instead of growing the server's memory.
"""

from __future__ import annotations

import asyncio
from collections import deque


class Overflow(Exception):
    """The client is not reading its replies."""


class Outbox:
    def __init__(self, limit: int = 64) -> None:
        self.limit = limit
        self._replies: deque[bytes | str] = deque()
        self._state: bytes | str | None = None
        self._wake = asyncio.Event()
        self.close_code: int | None = None
        self.close_reason = ""
        #: States replaced before they were sent (for tests and metrics).
        self.dropped_states = 0

    def reply(self, data: bytes | str) -> None:
        if self.close_code is not None:
            return
        if len(self._replies) >= self.limit:
            raise Overflow()
        self._replies.append(data)
        self._wake.set()

    def state(self, data: bytes | str) -> None:
        if self.close_code is not None:
            return
        if self._state is not None:
            self.dropped_states += 1
        self._state = data
        self._wake.set()

    def reply_after_state(self, data: bytes | str) -> None:
        """Queue a reply that must not arrive before the state queued so far.

        ``take`` sends replies before the newest state, which is right for an
        ack (it precedes the state showing its change) but wrong for a reply
        computed from that state (a hint): the waiting state becomes an
        ordinary queued item first, so it is sent, then the reply.
        """
        if self.close_code is not None:
            return
        if self._state is not None:
            if len(self._replies) >= self.limit:
                raise Overflow()
            self._replies.append(self._state)
            self._state = None
        self.reply(data)

    def close(self, code: int, reason: str = "", last: bytes | str | None = None) -> None:
        """Send ``last`` (a ``bye`` or ``error``) after what is queued, then close."""
        if self.close_code is not None:
            return
        if last is not None:
            self._replies.append(last)
        self.close_code = code
        self.close_reason = reason
        self._wake.set()

    async def take(self) -> list[bytes | str]:
        """Wait for something to send: queued replies first, then the newest state."""
        while not self._replies and self._state is None and self.close_code is None:
            self._wake.clear()
            await self._wake.wait()
        items = list(self._replies)
        self._replies.clear()
        if self._state is not None and self.close_code is None:
            items.append(self._state)
        self._state = None
        return items
