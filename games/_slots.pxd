# cython: language_level=3
"""What the compiled modules need of CPython to read and fill a slotted class's fields at their offsets.

The games' and the hub's values (game states, rooms, players, inbox
messages) are frozen attrs classes with slots: each field sits at a fixed
offset in the object, which its class's member descriptor records.
``games/_values.pyx`` copies values slot by slot; the hub's fast lane
(``server/fastlane/_views.pyx``, ``_inbound.pyx``) reads fields there and
fills a new command's.  Declarations only, nothing to build: the games
never import the hub, so these live here and the hub cimports them.
"""

from cpython.object cimport PyObject


cdef extern from "Python.h":
    ctypedef struct PyMemberDef:
        Py_ssize_t offset

    ctypedef struct PyMemberDescrObject:
        PyMemberDef* d_member

    ctypedef struct _TypeObject "PyTypeObject":
        PyObject* (*tp_alloc)(_TypeObject*, Py_ssize_t)


cdef inline Py_ssize_t slot_offset(type cls, str name) except -1:
    """The offset of ``cls``'s slot ``name`` in its objects; 0 when ``name`` is not a slot of ``cls``."""
    descriptor = cls.__dict__.get(name)
    if type(descriptor).__name__ != "member_descriptor":
        return 0
    return (<PyMemberDescrObject*>descriptor).d_member.offset
