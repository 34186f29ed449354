# The compiled socket writer's fields and the method the compiled outbox calls directly
# (server/fastlane/_outbox.pyx: its flush writes every socket of a room on every change).

cdef class SocketWriter:
    cdef public bint close_sent
    cdef public bint disconnected
    cdef public bint paused
    cdef public object transport
    # the socket's file descriptor while offer may write it itself (write_directly), else -1
    cdef int _fd
    # data_received's: the message callback (None: not diverted), the parser's size limit, heard
    # since the heartbeat's last sweep, and whether the library's parser holds nothing
    cdef public object _on_message
    cdef public object _max_size
    cdef public bint _heard
    cdef public bint _clean

    cdef object _offer(self, data)
