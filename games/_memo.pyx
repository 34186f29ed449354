# cython: language_level=3, boundscheck=False, wraparound=False
"""``games.memo.SameInputs``, compiled: the look-up by the inputs' identities in C.

Every change a room shows asks the games' view caches and the hub's legal
command lists (server/views.py) for parts by the identities of their inputs:
5 to 25 asks per move, nearly all of them hits.  The pure ``__call__`` spends
most of a hit making its key (``tuple(map(id, inputs))``: a map object and
a call to ``id`` per input); here the key is the same tuple of ids, made
with no call at all, and a hit is one dictionary look-up.  Everything else
(a miss, the two generations, ``len``) is what the pure class does, on the
same dictionaries with the same keys.

``run_pure`` makes every instance, those made already included, run the pure
class's ``__call__`` on its own dictionaries (the hub's ``PIZZANIGHT_PURE=1``:
the games are imported before the hub knows, and read no environment).
tests/games/test_memo.py holds the twins equal on random sequences of asks.
"""

from cpython.dict cimport PyDict_GetItem
from cpython.long cimport PyLong_FromVoidPtr
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE, PyTuple_New, PyTuple_SET_ITEM

#: The pure class's ``__call__`` while the hub runs the pure twins, else None.
cdef object _pure_call = None


def run_pure(call):
    """Make every ``SameInputs`` run ``call`` (the pure ``__call__``) on itself; None: the compiled look-up."""
    global _pure_call
    _pure_call = call


cdef class SameInputs:
    """``fn(*inputs)``, reused while the inputs are the very same objects (see games/memo.py's twin)."""

    # public under the twin's names: the pure ``__call__`` runs on these very fields (run_pure)
    cdef public object _fn
    cdef public Py_ssize_t _size
    cdef public dict _now
    cdef public dict _before

    def __init__(self, fn, size=4096):
        self._fn = fn
        self._size = size
        self._now = {}
        self._before = {}

    def __len__(self):
        return len(self._now) + len(self._before)

    def __call__(self, *inputs):
        if _pure_call is not None:
            return _pure_call(self, *inputs)
        cdef Py_ssize_t count = PyTuple_GET_SIZE(inputs), i
        cdef tuple key = PyTuple_New(count)
        cdef object each
        for i in range(count):  # the ids, as ``id`` gives them: the input's address as an int
            each = PyLong_FromVoidPtr(<void*>PyTuple_GET_ITEM(inputs, i))
            Py_INCREF(each)  # PyTuple_SET_ITEM steals a reference
            PyTuple_SET_ITEM(key, i, each)
        cdef PyObject* found = PyDict_GetItem(self._now, key)
        if found != NULL:  # the usual ask: a hit in the current generation
            return (<tuple>found)[1]
        # an entry holds its inputs alive, so the same ids are the same objects
        entry = self._before.pop(key, None)
        if entry is None:
            entry = (inputs, self._fn(*inputs))
        if len(self._now) >= self._size:
            self._before, self._now = self._now, {}
        self._now[key] = entry
        return (<tuple>entry)[1]
