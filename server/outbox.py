"""A socket's bounded send queue.

Everything a socket is sent (replies, full states, changes) waits here in
order, because changes only make sense on top of the view before them and
replies must all arrive.  Both are bounded:

* a client that lets ``limit`` replies pile up is not reading: it is
  disconnected (:class:`Overflow`);
* when ``limit`` changes are already waiting, :meth:`change` refuses the
  next one, and the fan-out sends a full state instead (:meth:`state`),
  which takes the place of every change still waiting: a slow phone or
  spectator skips to the newest view, never growing the server's memory.

:meth:`take` hands the sender everything waiting as **one** message (frames
back to back, docs/protocol.md "Messages"): one socket write for an ack, the
public change and the private one.
"""

from __future__ import annotations

import asyncio

from protocol.codec import join_messages

_REPLY, _VIEW = 0, 1


class Overflow(Exception):
    """The client is not reading its replies."""


class Outbox:
    def __init__(self, limit: int = 64) -> None:
        self.limit = limit
        #: (kind, frame) in order; a list, not a deque: an idle socket's empty deque costs 600 bytes.
        self._items: list[tuple[int, bytes | str]] = []
        self._replies = 0
        self._changes = 0
        self._wake = asyncio.Event()
        self.close_code: int | None = None
        self.close_reason = ""
        #: Changes dropped for a full state (for tests and metrics).
        self.dropped_states = 0

    @property
    def waiting(self) -> int:
        """How many frames wait to be sent."""
        return len(self._items)

    def reply(self, data: bytes | str) -> None:
        if self.close_code is not None:
            return
        if self._replies >= self.limit:
            raise Overflow()
        self._items.append((_REPLY, data))
        self._replies += 1
        self._wake.set()

    def change(self, data: bytes | str) -> bool:
        """Queue a change; False (nothing queued) when ``limit`` changes already wait."""
        if self.close_code is not None:
            return True
        if self._changes >= self.limit:
            return False
        self._items.append((_VIEW, data))
        self._changes += 1
        self._wake.set()
        return True

    def state(self, data: bytes | str) -> None:
        """Queue a full state in place of every state and change still waiting (replies stay)."""
        if self.close_code is not None:
            return
        if self._changes:
            self.dropped_states += self._changes
            self._items = [item for item in self._items if item[0] == _REPLY]
        self._items.append((_VIEW, data))
        self._changes = 1
        self._wake.set()

    def reply_after_state(self, data: bytes | str) -> None:
        """Queue a reply that must not arrive before the views queued so far (a hint).

        Items go out in the order queued, and a full state that replaces
        waiting changes is queued last, so a plain reply already follows
        every view queued before it.
        """
        self.reply(data)

    def close(self, code: int, reason: str = "", last: bytes | str | None = None) -> None:
        """Send ``last`` (a ``bye`` or ``error``) after what is queued, then close."""
        if self.close_code is not None:
            return
        if last is not None:
            self._items.append((_REPLY, last))
        self.close_code = code
        self.close_reason = reason
        self._wake.set()

    async def take(self) -> list[bytes | str]:
        """Wait for something to send: everything waiting, in order, as one message."""
        while not self._items and self.close_code is None:
            self._wake.clear()
            await self._wake.wait()
        if not self._items:
            return []
        items = [data for _, data in self._items]
        self._items.clear()
        self._replies = self._changes = 0
        return [join_messages(items)]
