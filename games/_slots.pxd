# cython: language_level=3
"""What the compiled modules need of CPython to read and fill a slotted class's fields at their offsets.

The games' and the hub's values (game states, rooms, players, inbox
messages) are frozen attrs classes with slots: each field sits at a fixed
offset in the object, which its class's member descriptor records.
``games/_values.pyx`` copies values slot by slot; the hub's fast lane
(``server/fastlane/_views.pyx``, ``_inbound.pyx``, ``_turn.pyx``) reads
fields there, fills a new command's and copies the room.  Declarations and
inline functions only, nothing to build: the games never import the hub, so
these live here and the hub cimports them.
"""

from cpython.object cimport PyObject, Py_TYPE
from cpython.ref cimport Py_DECREF, Py_INCREF, Py_XDECREF, Py_XINCREF


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


cdef inline object copy_fields(object instance, Py_ssize_t* offsets, Py_ssize_t count):
    """A new object of ``instance``'s class holding its fields (at ``offsets``), each one reference more.

    What the class's ``__init__`` would store when given every field as it
    is; the caller then puts the changed fields in (:func:`put_field`).
    """
    cdef _TypeObject* cls = <_TypeObject*>Py_TYPE(instance)
    cdef PyObject* made = cls.tp_alloc(cls, 0)
    if made == NULL:
        raise MemoryError()
    cdef char* source = <char*><PyObject*>instance
    cdef char* target = <char*>made
    cdef PyObject* field
    cdef Py_ssize_t i
    for i in range(count):
        field = (<PyObject**>(source + offsets[i]))[0]
        Py_XINCREF(field)
        (<PyObject**>(target + offsets[i]))[0] = field
    result = <object>made  # a new reference to the copy...
    Py_DECREF(result)  # ...which takes over the one tp_alloc gave
    return result


cdef inline void put_field(object target, Py_ssize_t offset, object value):
    """``target``'s field at ``offset`` set to ``value``: the new value in before the old one is let go
    (letting go may run code that looks at ``target``)."""
    cdef PyObject** at = <PyObject**>(<char*><PyObject*>target + offset)
    cdef PyObject* old = at[0]
    Py_INCREF(value)
    at[0] = <PyObject*>value
    Py_XDECREF(old)
