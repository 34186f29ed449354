# cython: language_level=3
"""A phone's game command routed to its room's inbox, compiled.

Every message a socket sends goes to its ``Inbound`` (server/connection.py):
the rate limit's bucket, the frame decoded and checked, then answered there
or handed to the room.  On a busy hub nearly every message is a game
command (``{t: "cmd", seq, cmd}``), and the pure path costs half a dozen
Python calls for it (the bucket's two, the sequence number's, the command's
shape, the take itself).  :class:`Take` is what the socket calls instead:
it does that one frame's whole path here (the bucket's arithmetic on the
bucket's own fields, the decode, the command's shape, the ``Command`` handed
to the room) and gives everything else to ``Inbound.take``, its twin, with
nothing changed yet:

* a frame that does not decode goes to ``take`` whole (which takes a token
  first and then refuses it, as it always did);
* any other frame (a ping, a reaction, a host's operation, a command with
  other keys) goes to ``take`` with its decoded map, so it is not decoded twice;
* a bucket without a token left goes to ``take`` too, which answers it;
* a room that refuses the command (its inbox full) is answered by
  ``Inbound.failed``, which ``take`` calls for its own refusals.

The bucket (server/limits.py's ``TokenBucket``, a class with slots) is read
and written at its fields' offsets, its arithmetic in C doubles, which is
Python's float arithmetic: its state after a frame is the one
``TokenBucket.take`` leaves.  Any other bucket (a test's) is read through its
attributes.  The socket's send queue is read once, when the route is made
(``Client`` sets it once), and its ``close_code`` as a C field when it is
the compiled ``Outbox``.
tests/server/test_fastlane_inbound.py holds both alike on random frames,
buckets and clocks.

:class:`Mailbox` is the room actor's inbox itself (its twin is
server/mailbox.py's): :class:`Take` puts a command straight into it, as
``RoomActor.submit`` does, with no Python frame between the socket's frame
and the room's inbox.  tests/server/test_mailbox.py runs its tests on both
and holds them alike on random sequences of puts, takes and waits.
"""

import asyncio
import collections

from cpython.float cimport PyFloat_AS_DOUBLE, PyFloat_CheckExact
from cpython.long cimport PyLong_AsDouble, PyLong_CheckExact
from cpython.object cimport PyObject
from cpython.ref cimport Py_DECREF, Py_INCREF

from server.fastlane._lane import load_frame
from server.limits import TokenBucket
from games._slots cimport _TypeObject, put_field, slot_offset
from server.fastlane._outbox cimport Outbox


#: The inbox's ``Command`` class, and its three fields' slots (``__cinit__`` reads them once): a
#: command is made by filling them, as ``games/_values.pyx`` copies a frozen value, not through the
#: frozen class's ``__init__`` (which sets each field through ``object.__setattr__``).
cdef type _command_class = None
cdef Py_ssize_t _client_at = 0, _seq_at = 0, _payload_at = 0


cdef object _command(object cls, object client, object seq, object payload):
    """``cls(client, seq, payload)``: its slots filled when they are known, else through the class."""
    if cls is not _command_class or _client_at == 0 or _seq_at == 0 or _payload_at == 0:
        return cls(client, seq, payload)
    cdef PyObject* made = (<_TypeObject*>cls).tp_alloc(<_TypeObject*>cls, 0)
    if made == NULL:
        raise MemoryError()
    cdef char* at = <char*>made
    Py_INCREF(client)
    (<PyObject**>(at + _client_at))[0] = <PyObject*>client
    Py_INCREF(seq)
    (<PyObject**>(at + _seq_at))[0] = <PyObject*>seq
    Py_INCREF(payload)
    (<PyObject**>(at + _payload_at))[0] = <PyObject*>payload
    result = <object>made  # a new reference to the command...
    Py_DECREF(result)  # ...which takes over the one tp_alloc gave
    return result


#: ``TokenBucket``'s five fields' slots, read once: the route does the bucket's arithmetic there.
cdef Py_ssize_t _rate_at = slot_offset(TokenBucket, "rate")
cdef Py_ssize_t _burst_at = slot_offset(TokenBucket, "burst")
cdef Py_ssize_t _clock_at = slot_offset(TokenBucket, "_clock")
cdef Py_ssize_t _tokens_at = slot_offset(TokenBucket, "_tokens")
cdef Py_ssize_t _at_at = slot_offset(TokenBucket, "_at")
cdef bint _bucket_slots = _rate_at != 0 and _burst_at != 0 and _clock_at != 0 and _tokens_at != 0 and _at_at != 0


cdef inline PyObject* _field(object value, Py_ssize_t offset):
    """The object in ``value``'s slot at ``offset`` (borrowed; NULL when the slot is empty)."""
    return (<PyObject**>(<char*><PyObject*>value + offset))[0]


cdef inline bint _number(PyObject* value, double* out) except -1:
    """``value`` as a double, when it is a float or an int, as Python's own arithmetic reads it;
    False for anything else (the caller then does the arithmetic in Python)."""
    if value == NULL:
        return False
    cdef object number = <object>value
    if PyFloat_CheckExact(number):
        out[0] = PyFloat_AS_DOUBLE(number)
        return True
    if PyLong_CheckExact(number):  # converted as ``int + float`` converts it (OverflowError when too large)
        out[0] = PyLong_AsDouble(number)
        return True
    return False


cdef class Take:
    """``inbound.take`` for a socket's usual game command, the rest left to it."""

    cdef readonly object inbound
    cdef object client, room, bucket, command, take
    #: The room's inbox, when it is this module's (a room on another node has none).
    cdef Mailbox inbox
    #: The socket's send queue; and the same when it is the compiled one (else None).
    cdef object outbox
    cdef Outbox queue
    #: Whether the bucket is ``TokenBucket`` itself, so its fields are at the slots read above.
    cdef bint bucket_slots

    def __cinit__(self, inbound, command):
        self.inbound = inbound
        self.client = inbound.client
        self.room = inbound.room
        self.bucket = inbound.bucket
        self.bucket_slots = _bucket_slots and type(self.bucket) is TokenBucket
        self.outbox = self.client.outbox
        self.queue = self.outbox if type(self.outbox) is Outbox else None
        self.command = command  # server.inbox.Command (passed in: server.inbox imports this package)
        global _command_class, _client_at, _seq_at, _payload_at
        if command is not _command_class and type(command) is type:
            _client_at = slot_offset(command, "client")
            _seq_at = slot_offset(command, "seq")
            _payload_at = slot_offset(command, "payload")
            _command_class = command
        self.take = inbound.take
        inbox = getattr(self.room, "inbox", None)
        self.inbox = inbox if type(inbox) is Mailbox else None

    def __call__(self, data):
        cdef object value, seq, cmd
        if self.queue is not None:
            if self.queue.close_code is not None:
                return
        elif self.outbox.close_code is not None:
            return
        try:
            value = load_frame(data)
        except Exception:  # refused by the codec: the twin takes its token and answers
            self.take(data)
            return
        if type(value) is not dict or len(<dict>value) != 3 or (<dict>value).get("t") != "cmd":
            self.take(data, value)
            return
        seq = (<dict>value).get("seq")
        cmd = (<dict>value).get("cmd")
        if type(seq) is not int or type(cmd) is not dict:
            self.take(data, value)
            return
        if not self._token():  # flooded: the twin takes the bucket again and refuses the frame
            self.take(data, value)
            return
        command = _command(self.command, self.client, seq, cmd)
        if self.inbox is not None and not self.inbox._full():  # RoomActor.submit's put, done here
            self.inbox._put(command)
            return
        try:
            self.room.submit(command)  # which refuses it: the room is busy
        except Exception as exc:
            self.inbound.failed(exc, seq)

    cdef bint _token(self) except -1:
        """``TokenBucket.take(1.0)``, as written there: min(burst, tokens + elapsed * rate) >= 1.0,
        then one token less; the bucket left as it was when there is none (False)."""
        cdef object bucket = self.bucket
        cdef object now
        cdef double rate, burst, tokens, at, when
        if self.bucket_slots and _field(bucket, _clock_at) != NULL:
            now = (<object>_field(bucket, _clock_at))()
            if (_number(_field(bucket, _tokens_at), &tokens) and _number(_field(bucket, _at_at), &at)
                    and _number(_field(bucket, _rate_at), &rate) and _number(_field(bucket, _burst_at), &burst)
                    and _number(<PyObject*>now, &when)):
                tokens = tokens + (when - at) * rate
                if not tokens < burst:  # min() keeps its first argument unless the second is smaller
                    tokens = burst
                if not tokens >= 1.0:
                    return False
                put_field(bucket, _tokens_at, tokens - 1.0)
                put_field(bucket, _at_at, now)
                return True
        else:
            now = bucket._clock()
        return self._token_by_name(now)

    cdef bint _token_by_name(self, object now) except -1:
        """:meth:`_token` for a bucket of another class, or with fields of other types: in Python numbers."""
        cdef object bucket = self.bucket
        cdef object tokens = bucket._tokens + (now - bucket._at) * bucket.rate
        cdef object burst = bucket.burst
        if not tokens < burst:
            tokens = burst
        if not tokens >= 1.0:
            return False
        bucket._tokens = tokens - 1.0
        bucket._at = now
        return True


cdef class Mailbox:
    """A room actor's inbox, compiled: server/mailbox.py's ``Mailbox`` (its twin), method for method.

    The waiting items are a list, not a deque: a turn takes everything
    waiting (usually one command), and the whole list is handed over as
    the batch while a new one starts, so a move costs one append and no copy.
    """

    cdef list _items
    cdef Py_ssize_t _limit
    cdef object _reader
    cdef object _putters
    cdef object _loop

    def __cinit__(self, Py_ssize_t limit=0):
        self._items = []
        self._limit = limit
        self._putters = collections.deque()

    def qsize(self):
        return len(self._items)

    def empty(self):
        return not self._items

    def full(self):
        return self._full()

    cdef inline bint _full(self):
        return 0 < self._limit <= len(self._items)

    def put_nowait(self, item):
        self._put(item)

    cdef int _put(self, item) except -1:
        if 0 < self._limit <= len(self._items):
            raise asyncio.QueueFull
        self._items.append(item)
        reader = self._reader
        if reader is not None:
            self._reader = None
            if not reader.done():
                reader.set_result(None)
        return 0

    async def put(self, item):
        """Add ``item``, waiting while the box is full."""
        while self._full():
            putter = asyncio.get_running_loop().create_future()
            self._putters.append(putter)
            try:
                await putter
            except BaseException:
                putter.cancel()
                if not self._full():
                    self._wake_putter()  # pass the free place on
                raise
        self._put(item)

    async def wait(self):
        """Return once something is waiting (at once if something is)."""
        while True:
            arrival = self.arrival()
            if arrival is None:
                return
            await arrival

    def arrival(self):
        """None when something is waiting; else a future that resolves when something is put."""
        if self._items:
            return None
        loop = self._loop
        if loop is None:
            loop = self._loop = asyncio.get_running_loop()
        reader = self._reader = loop.create_future()
        return reader

    def take(self, Py_ssize_t limit, stop_after=None):
        """Up to ``limit`` waiting items, oldest first; the batch ends after an item of type ``stop_after``."""
        cdef list items = self._items
        cdef list batch
        cdef Py_ssize_t n = 0, size = len(items)
        while n < size and n < limit:
            item = items[n]
            n += 1
            if stop_after is not None and type(item) is stop_after:
                break
        if n == size:  # everything: the list itself is the batch
            batch = items
            self._items = []
        else:
            batch = items[:n]
            del items[:n]
        if self._putters:
            for _ in range(n):
                self._wake_putter()
        return batch

    cdef _wake_putter(self):
        while self._putters:
            putter = self._putters.popleft()
            if not putter.done():
                putter.set_result(None)
                return
