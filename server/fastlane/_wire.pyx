# cython: language_level=3, boundscheck=False, wraparound=False
"""Fan-out's wire cache, compiled: ``protocol.wirecache.WireCache`` with typed dicts and tuples.

The same conversion, the same cache by identity over two rounds, the same
reuse of a class's last unchanged fields (``protocol.wirecache`` is its
pure twin and says why each step is there); the look-ups and the loop over
a value's fields are C calls into ``dict`` and ``tuple``.
tests/server/test_fastlane_wire.py holds the two equal on every game's
views, and on the sharing the differ leans on.
"""

from fractions import Fraction

from protocol.convert import TAG, fraction_text
from protocol.wirecache import _plan_of

cdef object _Fraction = Fraction
cdef str _TAG = TAG


cdef inline bint _scalar(object value):
    cdef type kind = type(value)
    return kind is int or kind is str or kind is bool or kind is float or value is None or kind is bytes


cdef class WireCache:
    """``protocol.wirecache.WireCache``, compiled: :meth:`to_wire`, :meth:`next`, :meth:`clear`, same results."""

    cdef object _fallback
    cdef readonly dict _now, _before  # (read by tests: every entry still is its value's conversion)
    cdef dict _last, _plans

    def __init__(self, fallback):
        self._fallback = fallback
        self._now = {}
        self._before = {}
        self._last = {}
        self._plans = {}

    def __len__(self):
        return len(self._now) + len(self._before)

    def next(self):
        self._before, self._now = self._now, {}

    def clear(self):
        self._before, self._now, self._last = {}, {}, {}

    cpdef object to_wire(self, object value):
        cdef type kind = type(value)
        cdef object plan, hit, key, item, was, values_of
        cdef tuple fields, values, base, base_values, entry
        cdef dict wire_map, base_wire
        cdef list wire_list
        cdef Py_ssize_t i, n
        if _scalar(value):
            return value
        if kind is tuple:
            plan = None
        else:
            plan = self._plans.get(kind, self)  # (self: not looked at yet; None: converted generically)
            if plan is self:
                plan = self._plans[kind] = _plan_of(kind)
            if plan is None:
                return self._uncached(value, kind)
        key = id(value)
        hit = self._now.get(key)
        if hit is not None and (<tuple>hit)[0] is value:
            return (<tuple>hit)[1]
        hit = self._before.get(key)
        if hit is not None and (<tuple>hit)[0] is value:
            self._now[key] = hit
            return (<tuple>hit)[1]
        if plan is None:
            wire_list = []
            for item in <tuple>value:
                if _scalar(item):
                    wire_list.append(item)
                else:
                    hit = self._now.get(id(item))
                    wire_list.append((<tuple>hit)[1] if hit is not None and (<tuple>hit)[0] is item else self.to_wire(item))
            self._now[key] = (value, wire_list)
            return wire_list
        fields = (<tuple>plan)[1]
        values_of = (<tuple>plan)[2]
        values = values_of(value)
        wire_map = {_TAG: (<tuple>plan)[0]}
        n = len(fields)
        hit = self._last.get(kind)
        if hit is None:
            for i in range(n):
                item = values[i]
                wire_map[fields[i]] = item if _scalar(item) else self.to_wire(item)
        else:
            base_values = <tuple>(<tuple>hit)[0]
            base_wire = <dict>(<tuple>hit)[1]
            for i in range(n):
                item = values[i]
                if item is base_values[i]:
                    wire_map[fields[i]] = base_wire[fields[i]]
                else:
                    wire_map[fields[i]] = item if _scalar(item) else self.to_wire(item)
        self._last[kind] = (values, wire_map)
        self._now[key] = (value, wire_map)
        return wire_map

    cdef object _uncached(self, object value, type kind):
        if kind is list:
            return [self.to_wire(item) for item in value]
        if kind is dict:
            return {self.to_wire(k): self.to_wire(v) for k, v in (<dict>value).items()}
        if kind is _Fraction:
            return fraction_text(value)
        return self._fallback(value)


cdef class Converter:
    """``protocol.wirecache.Converter``, compiled: the same conversion, no cache, a C call per nested value.

    The events of a move are stored through it (server/records.py); Pizza
    Theory's scoring event alone holds a few hundred nested values.
    tests/server/test_records.py holds it equal to the generic codec.
    """

    cdef object _fallback
    cdef dict _plans

    def __init__(self, fallback):
        self._fallback = fallback
        self._plans = {}

    def __call__(self, value):
        return self.convert(value)

    cpdef object convert(self, object value):
        cdef type kind = type(value)
        cdef object plan, item
        cdef tuple fields, values
        cdef dict wire_map
        cdef list wire_list
        cdef Py_ssize_t i, n
        if _scalar(value):
            return value
        if kind is tuple or kind is list:
            wire_list = []
            for item in value:
                wire_list.append(item if _scalar(item) else self.convert(item))
            return wire_list
        plan = self._plans.get(kind, self)  # (self: not looked at yet; None: not a frozen attrs class)
        if plan is self:
            plan = self._plans[kind] = _plan_of(kind)
        if plan is not None:
            fields = (<tuple>plan)[1]
            values = (<tuple>plan)[2](value)
            wire_map = {_TAG: (<tuple>plan)[0]}
            n = len(fields)
            for i in range(n):
                item = values[i]
                wire_map[fields[i]] = item if _scalar(item) else self.convert(item)
            return wire_map
        if kind is dict:
            return {self.convert(k): self.convert(v) for k, v in (<dict>value).items()}
        if kind is _Fraction:
            return fraction_text(value)
        return self._fallback(value)


cdef class Records:
    """A turn's events as the records its one append stores: server/records.py ``encode`` of each, in one call.

    ``encode`` (one Python call per event, and ``map`` around them) was a
    frame on every move's path; this is the same two steps in C: the
    event's map by the compiled :class:`Converter`, under ``"r"`` for a
    room's own event and ``"g"`` for a game's, packed by the kept packer.
    Its twin is ``pure.records_encoder``'s function, which calls ``encode``;
    tests/server/test_records.py holds the two byte for byte.
    """

    cdef Converter convert
    cdef object room_types, pack

    def __init__(self, encode, Converter convert, room_types, pack):
        # encode: server/records.py's, which the twin calls (here its two steps are done in place)
        self.convert = convert
        self.room_types = room_types  # roomstate.ROOM_EVENT_TYPES
        self.pack = pack  # protocol.codec.pack

    def __call__(self, list events):
        cdef list out = []
        for event in events:
            key = "r" if type(event) in self.room_types else "g"
            out.append(self.pack({key: self.convert.convert(event)}))
        return out
