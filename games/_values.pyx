# cython: language_level=3, boundscheck=False, wraparound=False
"""``games.values.replace``, compiled: the copy is made slot by slot, without calling ``__init__``.

Every move copies a dozen frozen attrs values with a few fields changed (the
room, the game state after each event, each seat's view).  The pure
``replace`` calls the class's ``__init__``, which for a frozen class sets each
field through ``object.__setattr__``: a Python call per field, 16 to 29 of
them per copy here.  A value of a slotted class is its fields' pointers at
fixed offsets, so a copy with some fields changed needs no call at all: make
the object, take each field's pointer from the old value, put the new values
in.  That is exactly what ``__init__`` would have stored when it does nothing
but store (``games.values.copyable`` says which classes qualify: no
validators, converters, hooks or cached hash).  Any other class, or a name
that is not a field, goes to the pure ``replace``.

tests/games/test_values.py holds the two equal on every game's views and
states, and checks that the copies hold their fields' references (no leak,
nothing freed early).
"""

from games._slots cimport PyMemberDescrObject, copy_fields, put_field


cdef extern from "Python.h":
    void* PyMem_Malloc(size_t)
    void PyMem_Free(void*)


cdef class _Plan:
    """One class's fields: each one's offset in the object, and by name its index."""

    cdef Py_ssize_t count
    cdef Py_ssize_t* offsets
    cdef dict index

    def __dealloc__(self):
        if self.offsets != NULL:
            PyMem_Free(self.offsets)


#: By class: its plan, or None for a class the pure ``replace`` copies.
cdef dict _PLANS = {}
#: ``games.values``' own functions (set by :func:`install`): the pure copy, and which classes qualify.
cdef object _pure_replace = None
cdef object _copyable = None

cdef enum:
    MOST_CHANGES = 64  # the most fields one call may change on this path (more go to the pure copy)


def install(pure_replace, copyable):
    """Called once by ``games.values``: the pure ``replace`` (the fallback) and its test of a class."""
    global _pure_replace, _copyable
    _pure_replace = pure_replace
    _copyable = copyable


cdef object _make_plan(type cls):
    """The class's plan, or None: ``copyable(cls)`` gives (name, member descriptor) in field order."""
    fields = _copyable(cls)
    if fields is None:
        return None
    cdef _Plan plan = _Plan.__new__(_Plan)
    plan.count = len(fields)
    plan.offsets = <Py_ssize_t*>PyMem_Malloc(max(plan.count, 1) * sizeof(Py_ssize_t))
    if plan.offsets == NULL:
        raise MemoryError()
    plan.index = {}
    cdef Py_ssize_t i
    for i, (name, descriptor) in enumerate(fields):
        plan.offsets[i] = (<PyMemberDescrObject*>descriptor).d_member.offset
        plan.index[name] = i
    return plan


def replace(instance, **changes):
    """``instance`` with the fields in ``changes`` replaced: equal to ``games.values.replace``'s result."""
    cdef type cls = type(instance)
    found = _PLANS.get(cls, _PLANS)
    if found is _PLANS:
        found = _PLANS[cls] = _make_plan(cls)
    if found is None or len(changes) > MOST_CHANGES:
        return _pure_replace(instance, **changes)
    cdef _Plan plan = <_Plan>found
    # every name first: an unknown one goes to the pure copy (which says what attrs says), before anything is made
    cdef Py_ssize_t[MOST_CHANGES] changed
    cdef Py_ssize_t k = 0
    for name in changes:
        position = plan.index.get(name)
        if position is None:
            return _pure_replace(instance, **changes)
        changed[k] = plan.offsets[<Py_ssize_t>position]
        k += 1
    result = copy_fields(instance, plan.offsets, plan.count)
    k = 0
    for value in changes.values():
        put_field(result, changed[k], value)
        k += 1
    return result
