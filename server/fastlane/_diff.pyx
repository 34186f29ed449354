# cython: language_level=3, boundscheck=False, wraparound=False
"""The per-class diff of fan-out, compiled: ``protocol.patch.Differ`` with typed containers.

The same walk as ``protocol.patch.Differ`` (its pure twin: fan-out uses
that one when this module is not built or ``PIZZANIGHT_PURE=1``), on
views that are plain dicts, lists and tuples of scalars: the variables
are typed ``dict``, ``list`` and ``tuple`` so the look-ups, iterations
and identity tests are C calls into those types, not generic Python
dispatch.  tests/server/test_fastlane_diff.py holds the two byte for
byte equal (the ops, encoded) on random views of several classes.
"""

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

    cdef _split_maps(self, tuple prefix, list keys, olds_in, news_in, list public, dict private):
        cdef Py_ssize_t classes = len(keys), i, index
        cdef tuple shape = tuple(news_in[0])
        cdef bint same_shape = True
        cdef object view, field, old, new, value
        cdef list fields, old_columns, new_columns, subs, members, member_keys, ops, own, shared
        cdef tuple olds_of, news_of, path, old_ids, new_ids, pair
        cdef dict groups, union
        for view in news_in:
            if tuple(view) != shape:
                same_shape = False
                break
        if same_shape:
            for view in olds_in:
                if tuple(view) != shape:
                    same_shape = False
                    break
        if same_shape:
            fields = list(shape)
            old_columns = list(zip(*[(<dict>view).values() for view in olds_in]))
            new_columns = list(zip(*[(<dict>view).values() for view in news_in]))
        else:
            union = {}
            for view in news_in:
                union.update(dict.fromkeys(view))
            for view in olds_in:
                union.update(dict.fromkeys(view))
            fields = list(union)
            old_columns = [tuple([(<dict>view).get(field, _MISSING) for view in olds_in]) for field in fields]
            new_columns = [tuple([(<dict>view).get(field, _MISSING) for view in news_in]) for field in fields]
        for i in range(len(fields)):
            field = fields[i]
            olds_of = <tuple>old_columns[i]
            news_of = <tuple>new_columns[i]
            old = olds_of[0]
            new = news_of[0]
            path = prefix + (field,)
            if _all_same(olds_of, classes) and _all_same(news_of, classes):
                if old is not new:
                    public.extend(self._field_changes(path, old, new))
                continue
            if _same_ids(olds_of, news_of, classes):
                continue
            if _all_dicts(olds_of, news_of, classes):
                self._split_maps(path, keys, olds_of, news_of, public, private)
                continue
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
