# cython: language_level=3, boundscheck=False, wraparound=False
"""The per-class diff of fan-out, compiled: ``protocol.patch.Differ`` with typed containers.

The same walk as ``protocol.patch.Differ`` (its pure twin: fan-out uses
that one when this module is not built or ``PIZZANIGHT_PURE=1``), on
views that are plain dicts, lists and tuples of scalars: the variables
are typed ``dict``, ``list`` and ``tuple`` so the look-ups, iterations
and identity tests are C calls into those types, not generic Python
dispatch.  The classes' maps are walked side by side with ``PyDict_Next``,
each field's values of every class held in C arrays: a field that every
class shares, or that every class kept, costs pointer comparisons and no
Python object (the tuples of a field's values are made only for a field
that differs between classes).  tests/server/test_fastlane_diff.py holds
the two byte for byte equal (the ops, encoded) on random views of several
classes.
"""

from cpython.dict cimport PyDict_Next
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

from protocol.patch import common, without

cdef object _MISSING = object()


cdef bint _is_container(object value):
    cdef type kind = type(value)
    return kind is dict or kind is list or kind is tuple


cdef bint _strictly_same(object old, object new) except -1:
    """Whether two values already found ``==`` are the same wire value: same types, same map key order."""
    cdef type kind
    cdef object was, key, value
    cdef Py_ssize_t i, n
    if old is new:
        return True
    kind = type(new)
    if type(old) is not kind:
        return False
    if kind is dict:
        for was, key in zip(<dict>old, <dict>new):
            if was is not key and (was != key or type(was) is not type(key)):
                return False
        for key, value in (<dict>new).items():
            was = (<dict>old)[key]
            if was is not value and (type(was) is not type(value) or (_is_container(value) and not _strictly_same(was, value))):
                return False
        return True
    if kind is list or kind is tuple:
        n = min(len(old), len(new))
        for i in range(n):
            was = old[i]
            value = new[i]
            if was is not value and (type(was) is not type(value) or (_is_container(value) and not _strictly_same(was, value))):
                return False
        return True
    return True


cdef list _prefixed(object head, list ops):
    """``ops`` with ``head`` put before each op's path (new ops: the given ones may be shared)."""
    cdef list out = []
    cdef list op, path
    for op in ops:
        path = [head]
        path.extend(<list>op[0])
        if len(op) == 1:
            out.append([path])
        else:
            out.append([path, op[1]])
    return out


cdef class Differ:
    """``protocol.patch.Differ``, compiled: :meth:`diff`, :meth:`split` and :meth:`next`, same results."""

    cdef dict _pairs

    def __init__(self):
        self._pairs = {}

    def next(self):
        self._pairs = {}

    def diff(self, old, new):
        return self._changes(old, new)

    def split(self, dict olds, dict news):
        cdef list keys = [key for key in news if key in olds]
        cdef list public = []
        cdef dict private = {key: [] for key in keys}
        if keys:
            self._split_maps((), keys, [olds[key] for key in keys], [news[key] for key in keys], public, private)
        return public, private

    def split_rows(self, dict olds, dict news, tuple fields):
        """:meth:`split` of views kept as rows (``protocol.patch.Differ.split_rows``: the same ops).

        Each row's values go straight into the C table of the fields'
        columns: no map to walk, no key to check.
        """
        cdef list keys = [key for key in news if key in olds]
        cdef list public = []
        cdef dict private = {key: [] for key in keys}
        cdef Py_ssize_t classes = len(keys), count = len(fields), i, f
        cdef PyObject** table
        cdef tuple old, new
        for row in olds.values():
            if len(<tuple?>row) != count:
                raise ValueError(f"every row holds one value for each of the {count} fields")
        for row in news.values():
            if len(<tuple?>row) != count:
                raise ValueError(f"every row holds one value for each of the {count} fields")
        if not keys:
            return public, private
        table = <PyObject**>PyMem_Malloc((count * 2 * classes + count) * sizeof(PyObject*))
        if table == NULL:
            raise MemoryError()
        try:
            for f in range(count):
                table[count * 2 * classes + f] = <PyObject*>fields[f]
            for i in range(classes):
                old = <tuple?>olds[keys[i]]
                new = <tuple?>news[keys[i]]
                for f in range(count):  # (borrowed: the rows hold them, and nothing changes a view while it is diffed)
                    table[f * 2 * classes + i] = <PyObject*>old[f]
                    table[f * 2 * classes + classes + i] = <PyObject*>new[f]
            self._split_table((), keys, table, count, classes, public, private)
        finally:
            PyMem_Free(table)
        return public, private

    cdef _split_maps(self, tuple prefix, list keys, olds_in, news_in, list public, dict private):
        cdef Py_ssize_t classes = len(keys)
        cdef list olds_list = list(olds_in)
        cdef list news_list = list(news_in)
        cdef dict union
        cdef object view, field
        cdef list fields
        if self._split_columns(prefix, keys, olds_list, news_list, public, private, classes):
            return
        union = {}
        for view in news_list:
            union.update(dict.fromkeys(view))
        for view in olds_list:
            union.update(dict.fromkeys(view))
        fields = list(union)
        for field in fields:
            self._split_field(prefix, keys, field,
                              tuple([(<dict>view).get(field, _MISSING) for view in olds_list]),
                              tuple([(<dict>view).get(field, _MISSING) for view in news_list]),
                              public, private, classes)

    cdef bint _split_columns(self, tuple prefix, list keys, list olds, list news, list public, dict private,
                             Py_ssize_t classes) except -1:
        """The usual case: every class's map has the same fields in the same order.  False (nothing done) otherwise.

        Each map is walked once with ``PyDict_Next``, and that walk is also
        the check of its fields: every field's old and new value of every
        class go into a C table (borrowed: the maps hold them, and nothing
        changes a view while it is diffed), each key compared with the new
        first map's key at that place (the same string object, nearly
        always).  Only then are the fields split (:meth:`_split_table`), so a
        map of another shape is found before any op is made.
        """
        cdef Py_ssize_t fields = len(<dict>news[0])
        cdef Py_ssize_t i, f, row
        cdef Py_ssize_t* positions
        cdef PyObject** table
        cdef PyObject** names
        cdef PyObject* key
        cdef PyObject* value
        for i in range(classes):
            if len(<dict>olds[i]) != fields or len(<dict>news[i]) != fields:
                return False
        positions = <Py_ssize_t*>PyMem_Malloc(2 * classes * sizeof(Py_ssize_t))
        table = <PyObject**>PyMem_Malloc((fields * 2 * classes + fields) * sizeof(PyObject*))
        if positions == NULL or table == NULL:
            PyMem_Free(positions)
            PyMem_Free(table)
            raise MemoryError()
        names = table + fields * 2 * classes  # each field's key, from the first class's new map
        try:
            for i in range(2 * classes):
                positions[i] = 0
            for f in range(fields):
                row = f * 2 * classes  # the field's old values (one per class), then its new values
                for i in range(classes):
                    PyDict_Next(<dict>news[i], &positions[classes + i], &key, &value)
                    if i == 0:
                        names[f] = key
                    elif not _same_key(key, names[f]):
                        return False
                    table[row + classes + i] = value
                    PyDict_Next(<dict>olds[i], &positions[i], &key, &value)
                    if not _same_key(key, names[f]):
                        return False
                    table[row + i] = value
            self._split_table(prefix, keys, table, fields, classes, public, private)
            return True
        finally:
            PyMem_Free(positions)
            PyMem_Free(table)

    cdef _split_table(self, tuple prefix, list keys, PyObject** table, Py_ssize_t fields, Py_ssize_t classes,
                      list public, dict private):
        """Split the fields of a C table: per field, its old value in each class, then its new value in each.

        After the ``fields`` rows of ``2 * classes`` values come the fields'
        names.  The fields every class shares as the same objects, or kept
        as they were, cost a few pointer comparisons and no Python object.
        """
        cdef PyObject** names = table + fields * 2 * classes
        cdef PyObject** values
        cdef Py_ssize_t f, i
        cdef bint shared_old, shared_new, kept
        for f in range(fields):
            values = table + f * 2 * classes
            shared_old = shared_new = kept = True
            for i in range(classes):
                if values[i] != values[0]:
                    shared_old = False
                if values[classes + i] != values[classes]:
                    shared_new = False
                if values[i] != values[classes + i]:
                    kept = False
            if shared_old and shared_new:  # the room, the version, the lobby, a public game view
                if values[0] != values[classes]:
                    public.extend(self._field_changes(prefix + (<object>names[f],), <object>values[0],
                                                      <object>values[classes]))
                continue
            if kept:
                continue  # each class's own part (``you``, ``legal``) kept as it was
            self._split_field(prefix, keys, <object>names[f], _column(values, 0, classes),
                              _column(values, classes, classes), public, private, classes)

    cdef _split_field(self, tuple prefix, list keys, object field, tuple olds_of, tuple news_of, list public,
                      dict private, Py_ssize_t classes):
        """One field whose old and new values are not each shared by every class."""
        cdef Py_ssize_t i, index
        cdef object old = olds_of[0], new = news_of[0]
        cdef tuple path = prefix + (field,)
        cdef tuple pair
        cdef dict groups
        cdef list subs, members, member_keys, ops, own, shared
        if _all_same(olds_of, classes) and _all_same(news_of, classes):
            if old is not new:
                public.extend(self._field_changes(path, old, new))
            return
        if _same_ids(olds_of, news_of, classes):
            return
        if _all_dicts(olds_of, news_of, classes):
            self._split_maps(path, keys, olds_of, news_of, public, private)
            return
        groups = {}
        for index in range(classes):
            pair = (id(olds_of[index]), id(news_of[index]))
            members = groups.get(pair)
            if members is None:
                groups[pair] = [index]
            else:
                members.append(index)
        subs = []
        for members in groups.values():
            index = members[0]
            subs.append(([keys[i] for i in members], self._field_changes(path, olds_of[index], news_of[index])))
        shared = common([ops for _, ops in subs])
        public.extend(shared)
        for member_keys, ops in subs:
            own = without(ops, shared) if shared else ops
            if own:
                for key in member_keys:
                    (<list>private[key]).extend(own)

    cdef list _field_changes(self, tuple path, old, new):
        cdef list out, op, full
        if old is new:
            return []
        if new is _MISSING:
            return [[list(path)]]
        if old is _MISSING:
            return [[list(path), new]]
        out = []
        for op in self._changes(old, new):
            full = list(path)
            full.extend(<list>op[0])
            if len(op) == 1:
                out.append([full])
            else:
                out.append([full, op[1]])
        return out

    cdef list _changes(self, old, new):
        cdef type kind
        cdef tuple pair
        cdef object ops
        if old is new:
            return []
        kind = type(new)
        if not (kind is dict or kind is list or kind is tuple):
            return [] if type(old) is kind and old == new else [[[], new]]
        pair = (id(old), id(new))
        ops = self._pairs.get(pair)
        if ops is None:
            ops = self._pairs[pair] = self._container_changes(old, new, kind)
        return <list>ops

    cdef list _container_changes(self, old, new, type kind):
        cdef list ops
        cdef object key, value, was
        cdef type value_kind
        cdef Py_ssize_t index, n
        if type(old) is not kind:
            return [[[], new]]
        if old == new and _strictly_same(old, new):
            return []
        ops = []
        if kind is dict:
            for key, value in (<dict>new).items():
                if key not in <dict>old:
                    ops.append([[key], value])
                    continue
                was = (<dict>old)[key]
                if was is value:
                    continue
                value_kind = type(value)
                if not (value_kind is dict or value_kind is list or value_kind is tuple):
                    if type(was) is not value_kind or was != value:
                        ops.append([[key], value])
                    continue
                ops.extend(_prefixed(key, self._changes(was, value)))
            for key in <dict>old:
                if key not in <dict>new:
                    ops.append([[key]])
        elif len(old) == len(new):
            n = len(new)
            for index in range(n):
                was = old[index]
                value = new[index]
                if was is value:
                    continue
                ops.extend(_prefixed(index, self._changes(was, value)))
        else:
            ops.append([[], new])
        return ops


cdef tuple _column(PyObject** values, Py_ssize_t start, Py_ssize_t count):
    """``values[start:start + count]`` as a tuple (new references)."""
    cdef tuple out = PyTuple_New(count)
    cdef Py_ssize_t i
    cdef object item
    for i in range(count):
        item = <object>values[start + i]
        Py_INCREF(item)
        PyTuple_SET_ITEM(out, i, item)
    return out


cdef inline bint _same_key(PyObject* key, PyObject* name) except -1:
    """Whether a map's key at some place is the field ``name`` (the very same string, nearly always)."""
    return key == name or <object>key == <object>name


cdef inline bint _all_same(tuple values, Py_ssize_t classes):
    cdef object first = values[0]
    cdef Py_ssize_t i
    for i in range(1, classes):
        if values[i] is not first:
            return False
    return True


cdef inline bint _same_ids(tuple olds, tuple news, Py_ssize_t classes):
    cdef Py_ssize_t i
    for i in range(classes):
        if olds[i] is not news[i]:
            return False
    return True


cdef inline bint _all_dicts(tuple olds, tuple news, Py_ssize_t classes):
    cdef Py_ssize_t i
    for i in range(classes):
        if type(olds[i]) is not dict or type(news[i]) is not dict:
            return False
    return True
