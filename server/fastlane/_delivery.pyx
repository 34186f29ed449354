# cython: language_level=3, boundscheck=False, wraparound=False
"""The last step of a fan-out, compiled: each socket of a room queued the messages of its class.

The same work as ``server/delivery.py`` (its pure twin; read it for what a
socket is sent and when).  This loop runs for every socket of a room on
every move, so here a socket's fields are a C structure (:class:`Receiver`,
the base of ``server.client.Client``: compiled code reading a plain Python
object's attributes goes through CPython's generic look-ups, slower than the
interpreter's specialised ones) and the compiled send queue's ``change`` and
``state`` are called as C functions.  A socket whose queue is another kind
(a cluster node's relay, ``server.cluster.remote``) is queued through its
Python methods, the same calls.  tests/server/test_fastlane_delivery.py
runs random rooms through both twins and holds every queued message, every
encoding and every socket's ``shown`` equal.
"""

from server.fastlane._outbox cimport Outbox


cdef class Receiver:
    """What fan-out and the turn read and write of one socket (``server.delivery.Receiver`` is its twin).

    Its fields are declared in ``_delivery.pxd``, so the turn's handler reads them as C fields too.
    """

    def __init__(self):
        self.key = ()
        self.text = False
        self.outbox = None
        self.shown = None
        self.role = None
        self._player = None


def viewer_classes(list clients):
    """The viewer classes of ``clients``, each once, in the order of their first socket."""
    cdef dict out = {}
    cdef Receiver client
    for item in clients:
        client = <Receiver?>item
        out[client.key] = None
    return out


cdef inline bint _change(object outbox, object data) except -1:
    if type(outbox) is Outbox:
        return (<Outbox>outbox).change(data)
    return bool(outbox.change(data))


cdef inline _state(object outbox, object data):
    if type(outbox) is Outbox:
        (<Outbox>outbox).state(data)
    else:
        outbox.state(data)


cdef class _Messages:
    """One fan-out's encoded messages: each made the first time a socket needs it."""

    cdef dict current
    cdef object v
    cdef object encode_state
    cdef object encode_change
    cdef dict states
    cdef dict privates_binary
    cdef dict privates_text
    cdef object public_binary
    cdef object public_text
    cdef public int encodes

    def __init__(self, dict current, v, encode_state, encode_change):
        self.current = current
        self.v = v
        self.encode_state = encode_state
        self.encode_change = encode_change
        self.states = {}
        self.privates_binary = {}
        self.privates_text = {}
        self.public_binary = None
        self.public_text = None
        self.encodes = 0

    cdef object full(self, object key, bint text):
        cdef tuple at = (key, text)
        data = self.states.get(at)
        if data is None:
            data = self.encode_state(self.current[key], self.v, text=text)
            self.states[at] = data
            self.encodes += 1
        return data

    cdef object public(self, object ops, bint text):
        data = self.public_text if text else self.public_binary
        if data is None:
            data = self.encode_change(ops, self.v, self.v - 1, text=text)
            self.encodes += 1
            if text:
                self.public_text = data
            else:
                self.public_binary = data
        return data

    cdef object private(self, object key, object ops, bint text):
        cdef dict made = self.privates_text if text else self.privates_binary
        data = made.get(key)
        if data is None:
            data = made[key] = self.encode_change(ops, self.v, self.v, text=text)
            self.encodes += 1
        return data


def deliver(list clients, object memory, dict current, object public, dict private, bint changed, v,
            encode_state, encode_change):
    """Queue every socket its messages for view version ``v``; returns how many messages were encoded."""
    cdef Receiver client
    cdef _Messages made = _Messages(current, v, encode_state, encode_change)
    cdef object key, outbox, mine
    cdef bint text
    for item in clients:
        client = <Receiver?>item
        key = client.key
        text = client.text
        outbox = client.outbox
        if client.shown is not memory or key not in private:
            _state(outbox, made.full(key, text))
            client.shown = memory
            continue
        if not changed:
            continue
        if not _change(outbox, made.public(public, text)):
            _state(outbox, made.full(key, text))
            continue
        mine = private[key]
        if mine:  # what changed in this class's view but not in every class's
            if not _change(outbox, made.private(key, mine, text)):
                _state(outbox, made.full(key, text))
    return made.encodes
