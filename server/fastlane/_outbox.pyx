# cython: language_level=3, boundscheck=False, wraparound=False
"""A socket's send queue, compiled: ``server.outbox.Outbox`` with typed fields.

The same queue as ``server/outbox.py`` (its pure twin: the hub uses that one
when this module is not built or ``PIZZANIGHT_PURE=1``; read it for what the
queue promises).  Every change of a room is queued on every socket of the
room and each socket is flushed once at the end of the event loop's turn, so
these few lines run several times per move: here the counters are C ints,
the queue a typed list, and the end-of-turn flush of every socket with
something waiting is one C loop calling each outbox's flush directly.
tests/server/test_fastlane_outbox.py runs random sequences of operations on
both and holds every answer, every queued frame and every write equal.
"""

import asyncio
import logging

from protocol.codec import join_messages
from server.outbox import Overflow

cdef int _REPLY = 0
cdef int _VIEW = 1

#: The outboxes with something to write, per event loop, until that loop's next ``_flush_due``.
cdef dict _due = {}


cdef class Outbox:
    # the fields are declared in _outbox.pxd, so server/fastlane/_delivery.pyx can call
    # change and state directly, as C functions

    def __init__(self, int limit=64):
        self.limit = limit
        self._items = []
        self._replies = 0
        self._changes = 0
        self._wake = None
        self._writer = None
        self._socket = None
        self._flush_due = False
        self._loop = None
        self._on_sent = None
        self.close_code = None
        self.close_reason = ""
        self.dropped_states = 0

    @property
    def direct(self):
        return self._writer is not None

    @property
    def waiting(self):
        return len(self._items)

    def reply(self, data):
        if self.close_code is not None:
            return
        if self._replies >= self.limit:
            raise Overflow()
        self._items.append((_REPLY, data))
        self._replies += 1
        self._kick()

    cpdef bint change(self, data) except -1:
        if self.close_code is not None:
            return True
        if self._changes >= self.limit:
            return False
        self._items.append((_VIEW, data))
        self._changes += 1
        self._kick()
        return True

    cpdef state(self, data):
        cdef tuple item
        if self.close_code is not None:
            return
        if self._changes:
            self.dropped_states += self._changes
            self._items = [item for item in self._items if item[0] == _REPLY]
        self._items.append((_VIEW, data))
        self._changes = 1
        self._kick()

    def reply_after_state(self, data):
        self.reply(data)

    def close(self, code, reason="", last=None):
        if self.close_code is not None:
            return
        if last is not None:
            self._items.append((_REPLY, last))
        self.close_code = code
        self.close_reason = reason
        if self._writer is not None:
            self.flush()
        else:
            self._kick()

    cdef _kick(self):
        cdef list due
        if self._writer is None:
            if self._wake is not None:
                self._wake.set()
        elif not self._flush_due and self._loop is not None:
            self._flush_due = True
            due = _due.get(self._loop)
            if due is None:
                due = _due[self._loop] = []
                # looked up by name each time (once per loop turn), so bench/peers/stages.py can time it
                self._loop.call_soon(_flush_due, self._loop)
            due.append(self)

    def write_to(self, writer, on_sent=None):
        self._writer = writer
        self._socket = writer if isinstance(writer, SocketWriter) else None
        self._loop = asyncio.get_running_loop()
        self._on_sent = on_sent
        writer.on_writable = self.flush
        if self._items or self.close_code is not None:
            self._kick()

    cpdef flush(self):
        cdef list items
        cdef tuple item
        self._flush_due = False
        writer = self._writer
        if writer is None:
            return
        items = self._items
        if items:
            if len(items) == 1:
                data = (<tuple>items[0])[1]
            elif isinstance((<tuple>items[0])[1], str):  # (join_messages, inline: a move's ack and change)
                data = "\n".join([item[1] for item in items])
            else:
                data = b"".join([item[1] for item in items])
            # (the hub's sockets: offer as a C method, no look-up by name in the protocol's dictionary)
            written = self._socket._offer(data) if self._socket is not None else writer.offer(data)
            if written is False:
                return  # the socket's buffer is full: flushed again by on_writable
            self._items = []
            self._replies = self._changes = 0
            if written and self._on_sent is not None:
                self._on_sent.inc()
        if self.close_code is not None:
            writer.close(self.close_code, self.close_reason[:120])

    async def take(self):
        while not self._items and self.close_code is None:
            if self._wake is None:
                self._wake = asyncio.Event()
            self._wake.clear()
            await self._wake.wait()
        if not self._items:
            return []
        items = [item[1] for item in self._items]
        self._items.clear()
        self._replies = self._changes = 0
        return [join_messages(items)]


def _flush_due(loop):
    """Flush every outbox that has something waiting on ``loop``, in the order they were kicked."""
    cdef Outbox outbox
    for outbox in _due.pop(loop, ()):
        if outbox._flush_due:  # not flushed meanwhile (a close flushes at once)
            try:
                outbox.flush()
            except Exception:  # a bug writing one socket: logged, the others are still written
                logging.getLogger("pizzanight").exception("writing to a socket failed")
