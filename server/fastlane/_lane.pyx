# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The fast lane, compiled: websocket frames read and written in C loops over byte buffers.

Each function here has a twin of the same name in ``pure.py`` that returns
the very same bytes (tests/server/test_fastlane.py holds them equal); the
package's ``__init__`` picks this module when it was built.  The work is
done on C pointers into the ``bytes`` objects (no Python integers, no
slicing): one allocation per payload or frame, filled in place.
"""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.unicode cimport PyUnicode_AsUTF8AndSize
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy

cdef extern from "<sys/socket.h>" nogil:
    ssize_t send(int fd, const void* buf, size_t n, int flags)
    int MSG_DONTWAIT
    int MSG_NOSIGNAL

cdef enum:
    FIN_BINARY = 0x82
    FIN_TEXT = 0x81


cdef inline void _xor(const uint8_t* src, uint8_t* dst, Py_ssize_t n, const uint8_t* mask) noexcept nogil:
    """``dst[i] = src[i] ^ mask[i % 4]`` eight bytes at a time, then the tail."""
    cdef uint32_t key4
    cdef uint64_t key8, word
    cdef Py_ssize_t i = 0
    memcpy(&key4, mask, 4)
    key8 = (<uint64_t>key4 << 32) | key4
    while i + 8 <= n:
        memcpy(&word, src + i, 8)
        word ^= key8
        memcpy(dst + i, &word, 8)
        i += 8
    while i < n:
        dst[i] = src[i] ^ mask[i & 3]
        i += 1


cdef bytes _unmasked(const uint8_t* src, Py_ssize_t n, const uint8_t* mask):
    cdef bytes out = PyBytes_FromStringAndSize(NULL, n)
    _xor(src, <uint8_t*>PyBytes_AS_STRING(out), n, mask)
    return out


def unmask(payload, mask):
    """``payload`` XORed with the 4-byte ``mask`` repeated (RFC 6455 5.3): unmasking a client's payload."""
    if type(payload) is bytes and type(mask) is bytes:  # the usual case, without acquiring buffers
        if PyBytes_GET_SIZE(mask) != 4:
            raise ValueError("mask must contain 4 bytes")
        return _unmasked(<const uint8_t*>PyBytes_AS_STRING(payload), PyBytes_GET_SIZE(payload),
                         <const uint8_t*>PyBytes_AS_STRING(mask))
    return _unmask_buffers(payload, mask)


cdef bytes _unmask_buffers(const uint8_t[::1] payload, const uint8_t[::1] mask):
    if mask.shape[0] != 4:
        raise ValueError("mask must contain 4 bytes")
    if payload.shape[0] == 0:
        return b""
    return _unmasked(&payload[0], payload.shape[0], &mask[0])


def read_frames(bytes data, max_size):
    """The messages in ``data`` if it is whole, masked, unfragmented data frames only: ``(first byte, payload)``.

    None for anything else; see ``pure.read_frames``.
    """
    return _read_frames(data, max_size)


cdef object _read_frames(bytes data, object max_size):
    cdef const uint8_t* buf = <const uint8_t*>PyBytes_AS_STRING(data)
    cdef Py_ssize_t end = PyBytes_GET_SIZE(data), at = 0, mask_at, stop
    cdef uint64_t length
    cdef bint limited = max_size is not None
    cdef long long limit = max_size if limited else 0
    cdef uint8_t first, second
    cdef int k
    cdef list out = []
    while at < end:
        if end - at < 6:
            return None
        first = buf[at]
        second = buf[at + 1]
        if (first != FIN_BINARY and first != FIN_TEXT) or not (second & 0x80):
            return None
        length = second & 0x7F
        mask_at = at + 2
        if length == 126:
            if end - at < 8:
                return None
            length = (<uint64_t>buf[at + 2] << 8) | buf[at + 3]
            mask_at = at + 4
        elif length == 127:
            if end - at < 14 or buf[at + 2] & 0x80:
                return None
            length = 0
            for k in range(8):
                length = (length << 8) | buf[at + 2 + k]
            mask_at = at + 10
        if end - mask_at - 4 < 0 or length > <uint64_t>(end - mask_at - 4):
            return None
        if limited and (limit < 0 or length > <uint64_t>limit):
            return None
        stop = mask_at + 4 + <Py_ssize_t>length
        out.append((first, _unmasked(buf + mask_at + 4, <Py_ssize_t>length, buf + mask_at)))
        at = stop
    return out


cdef bytes _frame(int opcode, const char* payload, Py_ssize_t n):
    cdef Py_ssize_t head = 2 if n < 126 else (4 if n < 65536 else 10)
    cdef bytes out = PyBytes_FromStringAndSize(NULL, head + n)
    cdef uint8_t* buf = <uint8_t*>PyBytes_AS_STRING(out)
    cdef int k
    buf[0] = 0x80 | opcode
    if n < 126:
        buf[1] = <uint8_t>n
    elif n < 65536:
        buf[1] = 126
        buf[2] = <uint8_t>(n >> 8)
        buf[3] = <uint8_t>n
    else:
        buf[1] = 127
        for k in range(8):
            buf[2 + k] = <uint8_t>((<uint64_t>n) >> (56 - 8 * k))
    if n:
        memcpy(buf + head, payload, n)
    return out


def frame(int opcode, bytes payload):
    """One unmasked FIN frame of ``payload`` (what ``websockets`` sends a client, without extensions)."""
    return _frame(opcode, PyBytes_AS_STRING(payload), PyBytes_GET_SIZE(payload))


def frame_message(data):
    """The frame of one message: binary for ``bytes``, text (UTF-8) for ``str``."""
    cdef Py_ssize_t n
    cdef const char* text
    if type(data) is bytes:
        return _frame(2, PyBytes_AS_STRING(data), PyBytes_GET_SIZE(data))
    if isinstance(data, bytes):
        return _frame(2, PyBytes_AS_STRING(data), PyBytes_GET_SIZE(data))
    text = PyUnicode_AsUTF8AndSize(data, &n)
    return _frame(1, text, n)


# --- one message written to a socket ------------------------------------------------------

#: The last message :meth:`SocketWriter.offer` framed, and its frame (one event loop thread
#: writes them; a message is immutable, so the pair stays right).
cdef object _last_message = None
cdef bytes _last_frame = b""


def last_framed():
    """The message the last framing was for (tests: a fan-out frames a shared message once)."""
    return _last_message


def _direct_transports():
    """The transports whose socket ``SocketWriter`` may write itself: plain TCP, uvloop's and asyncio's.

    Both write a message with one system call at once when nothing of
    theirs waits to be sent, and say how much waits
    (``get_write_buffer_size``); both keep the socket open until after
    ``is_closing`` says True.  A TLS transport is another class (its socket
    carries ciphertext), and so is every test's stand-in: those are always
    written through ``write``.
    """
    import asyncio.selector_events
    kinds = {asyncio.selector_events._SelectorSocketTransport}
    try:
        import uvloop.loop
    except ImportError:
        pass
    else:
        kinds.add(uvloop.loop.TCPTransport)
    return frozenset(kinds)


cdef frozenset _DIRECT = _direct_transports()


cdef class SocketWriter:
    """``offer``: one message written to a socket now, compiled (the base of ``server.direct_ws``'s protocol).

    The outbox's flush calls ``offer`` for every socket of a room on every
    change.  As a Python method it was a frame per socket and a call per
    check; here the checks read C fields.  ``close_sent``, ``disconnected``
    and ``transport`` are uvicorn's own attributes of its websocket
    protocol (which this class comes before, as a base): declared here,
    uvicorn's code sets them as it always did.  ``paused`` is the hub's:
    the protocol sets it in ``pause_writing`` and clears it in
    ``resume_writing``.  Its twin is ``pure.SocketWriter``
    (tests/server/test_fastlane_writer.py holds the two alike).

    After :meth:`write_directly`, a message goes straight to the socket
    with one ``send`` while the transport holds nothing unsent, instead of
    through ``transport.write``: uvloop's write makes the same system call
    when nothing waits, but its layers around it cost about 1.2 us of the
    event loop per socket per change under load, six times per move at the
    peer benchmark.  Whatever the kernel does not take (its buffer is full, or
    the socket failed) goes to ``transport.write`` as before, which keeps
    it in order behind and reports the failure as it always did.
    """

    # the fields are declared in _lane.pxd, so server/fastlane/_outbox.pyx can call _offer directly

    def __cinit__(self, *args, **kwargs):
        self._fd = -1

    def data_received(self, data):
        """Read the hub's usual traffic, whole data frames, without the ``websockets`` parser (see ``pure``).

        The checks that the library's parser holds nothing (its state, its
        buffer, a fragment, uvicorn's frames) are made once after each read
        the library did, into ``_clean``, not on every read: only the
        library's reading changes them, and reading them touched four of its
        objects per read.  A close sent or the socket lost stops this at once.
        """
        cdef object on_message = self._on_message
        cdef object frames
        cdef tuple item
        self._heard = True
        if on_message is None or not self._clean or self.close_sent or self.disconnected or type(data) is not bytes:
            self._clean = False
            self._read_slowly(data)
            return
        frames = _read_frames(<bytes>data, self._max_size)
        if frames is None:
            self._clean = False
            self._read_slowly(data)
            return
        for item in <list>frames:
            on_message = self._on_message
            if on_message is None or self.close_sent:  # closed by the hub meanwhile: the rest is dropped
                return
            if <int>item[0] == FIN_BINARY:
                on_message(item[1])
                continue
            try:
                text = (<bytes>item[1]).decode()
            except UnicodeDecodeError:  # as uvicorn: close with 1007 (invalid payload)
                self._clean = False
                self.conn.send_close(1007)
                self.handle_parser_exception()
                return
            on_message(text)

    def write_directly(self, transport):
        """Let ``offer`` write ``transport``'s socket itself when it is plain TCP; whether it may.

        The descriptor is read once, here (uvicorn's ``connection_made``
        calls this): ``offer`` uses it only while ``is_closing`` is False,
        when the transport still holds the socket open, so a descriptor
        the kernel reused for another connection is never written.
        """
        self._fd = -1
        if type(transport) not in _DIRECT:
            return False
        sock = transport.get_extra_info("socket")
        if sock is None:
            return False
        fd = sock.fileno()
        if fd < 0:
            return False
        self._fd = fd
        return True

    @property
    def writes_directly(self):
        """Whether ``offer`` writes the socket itself (tests)."""
        return self._fd >= 0

    def offer(self, data):
        """True: written.  False: the socket's buffer is full (``on_writable`` follows).  None: gone, nothing written."""
        return self._offer(data)

    cdef object _offer(self, data):
        """``offer``, as a C method: the compiled outbox's flush calls it with no look-up by name.

        By name, each call looked ``offer`` up in the protocol instance's
        dictionary first (a Python subclass: uvicorn's protocol), a cold
        read per socket per change under load.
        """
        global _last_message, _last_frame
        cdef Py_ssize_t size, sent
        cdef bytes framed
        transport = self.transport
        if self.close_sent or self.disconnected or transport.is_closing():
            return None
        if self.paused:
            return False
        if data is not _last_message:
            _last_frame = frame_message(data)
            _last_message = data
        framed = _last_frame
        if self._fd >= 0 and transport.get_write_buffer_size() == 0:
            # nothing of the transport's waits: these bytes may go first, and at once
            size = PyBytes_GET_SIZE(framed)
            sent = send(self._fd, PyBytes_AS_STRING(framed), <size_t>size, MSG_DONTWAIT | MSG_NOSIGNAL)
            if sent == size:
                return True
            if sent > 0:  # the kernel took a part: the transport sends the rest when it can
                transport.write(framed[sent:])
                return True
            # -1: the kernel's buffer is full (EAGAIN), or the socket failed: the transport
            # keeps the frame, or meets the error and closes the connection, as it always did
        transport.write(framed)
        return True


# --- a client frame's contents ----------------------------------------------------------

from cpython.long cimport PyLong_AsLongLongAndOverflow
from msgpack import unpackb as _unpackb  # msgpack's own C unpacker
from protocol import codec as _codec

cdef Py_ssize_t _MAX_FRAME = _codec.MAX_FRAME
cdef int _MAX_DEPTH = _codec.MAX_DEPTH
from protocol.convert import MAX_INT as _PY_MAX_INT
cdef long long _MAX_INT = _PY_MAX_INT  # the one limit the wire has (protocol/convert.py)


cdef bint _plain_item(object item, int depth):
    """True when the shape check lets ``item`` (inside a map or list at ``depth``) through."""
    cdef type kind = type(item)
    cdef int overflow = 0
    cdef long long n
    if kind is str or kind is bool or item is None:
        return True
    if kind is int:
        n = PyLong_AsLongLongAndOverflow(item, &overflow)
        return overflow == 0 and -_MAX_INT <= n <= _MAX_INT
    if kind is dict or kind is list:
        return _plain(item, depth + 1)
    return False


cdef bint _plain(object value, int depth):
    """True when the map or list ``value`` at ``depth`` holds only what the shape check lets through."""
    cdef object key, item
    if depth > _MAX_DEPTH:
        return False
    if type(value) is dict:
        for key, item in (<dict>value).items():
            if type(key) is not str or not _plain_item(item, depth):
                return False
        return True
    for item in <list>value:
        if not _plain_item(item, depth):
            return False
    return True


def load_frame(data):
    """``protocol.codec.load``: one client frame as a checked plain map, the usual frame in C.

    A binary frame that msgpack reads and that holds only what the
    protocol allows (the move a phone sends many times a second) is
    parsed and checked here, with typed loops instead of the shape
    check's Python one.  Anything else (text, a frame too large, not
    msgpack, a shape the protocol refuses) goes to ``protocol.codec.load``
    itself, which returns it or raises the error the protocol names: so
    both twins answer every frame alike (tests/server/test_fastlane.py).
    """
    cdef object value
    if type(data) is bytes and PyBytes_GET_SIZE(data) <= _MAX_FRAME:
        try:
            # without codec's explicit limits: msgpack's default limits are the frame's own length,
            # which for a frame within MAX_FRAME are no looser (a refused frame goes to the twin)
            value = _unpackb(data, raw=False, strict_map_key=False)
        except Exception:
            value = None
        if type(value) is dict and _plain(value, 1) and type((<dict>value).get("t")) is str:
            return value
    return _codec.load(data)
