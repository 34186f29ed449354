# The compiled socket writer's fields and the method the compiled outbox calls directly
# (server/fastlane/_outbox.pyx: its flush writes every socket of a room on every change).

cdef class SocketWriter:
    cdef public bint close_sent
    cdef public bint disconnected
    cdef public bint paused
    cdef public object transport
    # the socket's file descriptor while offer may write it itself (write_directly), else -1
    cdef int _fd

    cdef object _offer(self, data)
