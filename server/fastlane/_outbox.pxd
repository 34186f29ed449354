# The compiled send queue's fields and the methods other compiled modules call directly
# (server/fastlane/_delivery.pyx queues every socket of a room through change and state).

from server.fastlane._lane cimport SocketWriter

cdef class Outbox:
    cdef public int limit
    #: (kind, frame) in order (tests read it).
    cdef public list _items
    cdef int _replies
    cdef int _changes
    cdef object _wake
    cdef object _writer
    #: The writer again when it is the compiled lane's socket writer (the hub's own sockets):
    #: its offer is then called as a C method.  None for any other writer (a test's).
    cdef SocketWriter _socket
    cdef public bint _flush_due
    cdef object _loop
    cdef object _on_sent
    cdef public object close_code
    cdef public object close_reason
    cdef public Py_ssize_t dropped_states

    cpdef bint change(self, data) except -1
    cpdef state(self, data)
    cdef _kick(self)
    cpdef flush(self)
