# A socket's fields as a C structure, declared here so other compiled modules read them as C fields:
# fan-out (server/fastlane/_delivery.pyx) every socket of a room on every change, and the turn's handler
# (server/fastlane/_turn.pyx) the commanding socket's role and player on every move.

cdef class Receiver:
    cdef public object key
    cdef public bint text
    cdef public object outbox
    cdef public object shown
    #: The socket's role ("player", "host", "spectator") and a seated phone's player id (``Client.player``).
    cdef public object role
    cdef public object _player
