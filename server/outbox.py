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

Two ways out.  Through ASGI, a sender task per socket awaits :meth:`take`
and sends.  When the websocket offers a direct lane (server/direct_ws.py),
:meth:`write_to` binds the outbox to it and no task is needed: the first
frame queued in a turn of the event loop puts the outbox on its loop's
list of outboxes to flush, and one callback at the end of that turn
flushes them all (one callback per turn, not one per socket: a change goes
to every socket of a room, and to thousands in a room with spectators);
each :meth:`flush` writes everything waiting as one message; a
socket whose kernel buffer is full is flushed again when it drains, and
meanwhile its changes collapse into a full state as above.

This is the pure twin of ``server/fastlane/_outbox.pyx``, the same queue
compiled, which the hub uses when it was built (``server.fastlane.Outbox``;
tests/server/test_fastlane_outbox.py holds the two equal).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

from protocol.codec import join_messages

_REPLY, _VIEW = 0, 1


class Overflow(Exception):
    """The client is not reading its replies."""


class Writer(Protocol):
    """A socket that can be written at once (server.direct_ws.DirectWebSocketProtocol)."""

    on_writable: Any

    def offer(self, data: bytes | str) -> bool | None:
        """Write ``data`` now if the socket can take it.

        True: written.  False: the kernel's buffer is full, nothing written
        (``on_writable`` is called once it drains).  None: the socket is
        gone, nothing written, ever.  One call answers all three, because
        the fan-out makes it for every socket of a room on every change.
        """

    def close(self, code: int = 1000, reason: str = "") -> None: ...


class Outbox:
    def __init__(self, limit: int = 64) -> None:
        self.limit = limit
        #: (kind, frame) in order; a list, not a deque: an idle socket's empty deque costs 600 bytes.
        self._items: list[tuple[int, bytes | str]] = []
        self._replies = 0
        self._changes = 0
        #: Wakes the sender task (ASGI), made when a sender first waits.
        self._wake: asyncio.Event | None = None
        #: The direct lane, when bound (:meth:`write_to`), and whether a flush is scheduled.
        self._writer: Writer | None = None
        self._flush_due = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._on_sent: Any = None
        self.close_code: int | None = None
        self.close_reason = ""
        #: Changes dropped for a full state (for tests and metrics).
        self.dropped_states = 0

    @property
    def direct(self) -> bool:
        """True when bound to a direct lane (:meth:`write_to`), with no sender task."""
        return self._writer is not None

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
        self._kick()

    def change(self, data: bytes | str) -> bool:
        """Queue a change; False (nothing queued) when ``limit`` changes already wait."""
        if self.close_code is not None:
            return True
        if self._changes >= self.limit:
            return False
        self._items.append((_VIEW, data))
        self._changes += 1
        self._kick()
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
        self._kick()

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
        if self._writer is not None:
            self.flush()  # now: the socket's handler may return (and uvicorn close the socket) next
        else:
            self._kick()

    def _kick(self) -> None:
        """Something was queued: wake the sender, or schedule one flush for this loop turn."""
        if self._writer is None:
            if self._wake is not None:
                self._wake.set()
        elif not self._flush_due and self._loop is not None:
            self._flush_due = True
            due = _due.get(self._loop)
            if due is None:
                due = _due[self._loop] = []
                self._loop.call_soon(_flush_due, self._loop)
            due.append(self)

    def write_to(self, writer: Writer, on_sent: Any = None) -> None:
        """Write through ``writer`` from now on, without a sender task.

        ``on_sent`` (a counter with ``inc``) counts the messages written.
        """
        self._writer = writer
        self._loop = asyncio.get_running_loop()
        self._on_sent = on_sent
        writer.on_writable = self.flush
        if self._items or self.close_code is not None:
            self._kick()

    def flush(self) -> None:
        """Write everything waiting as one message (direct lane); then close, when asked to."""
        self._flush_due = False
        writer = self._writer
        if writer is None:
            return
        items = self._items
        if items:
            data = items[0][1] if len(items) == 1 else join_messages([data for _, data in items])
            written = writer.offer(data)
            if written is False:
                return  # the socket's buffer is full: flushed again by on_writable
            self._items = []  # written, or the socket is gone and nothing will be
            self._replies = self._changes = 0
            if written and self._on_sent is not None:
                self._on_sent.inc()
        if self.close_code is not None:
            writer.close(self.close_code, self.close_reason[:120])

    async def take(self) -> list[bytes | str]:
        """Wait for something to send: everything waiting, in order, as one message."""
        while not self._items and self.close_code is None:
            if self._wake is None:
                self._wake = asyncio.Event()
            self._wake.clear()
            await self._wake.wait()
        if not self._items:
            return []
        items = [data for _, data in self._items]
        self._items.clear()
        self._replies = self._changes = 0
        return [join_messages(items)]


#: The outboxes with something to write, per event loop, until that loop's next
#: :func:`_flush_due` (only loops with outboxes waiting have an entry).
_due: dict[asyncio.AbstractEventLoop, list[Outbox]] = {}


def _flush_due(loop: asyncio.AbstractEventLoop) -> None:
    """Flush every outbox that has something waiting on ``loop``, in the order they were kicked."""
    for outbox in _due.pop(loop, ()):
        if outbox._flush_due:  # not flushed meanwhile (a close flushes at once)
            try:
                outbox.flush()
            except Exception:  # a bug writing one socket: logged, the others are still written
                logging.getLogger("pizzanight").exception("writing to a socket failed")
