"""Wire forms of game views, converted once per view object (issue 10: cheap fan-out).

A fan-out asks for every viewer class's view, and the games build the
public part of those views as ONE object shared by every class (see
games/memo.py), and keep unchanged parts of a view (a board, a ring of
slices) as the very same objects from one state to the next.  Converting
each class's view afresh through cattrs threw that sharing away: every class
got a fresh wire tree, converted again and then diffed again, because the
differ's identity shortcuts (``old is new``, its cache of diffed pairs)
never hit fresh maps.

:class:`WireCache` converts a view value to wire data as
:func:`protocol.gamecodec.to_wire` does, but remembers the wire form of each
frozen attrs value and each tuple it converted, by object identity:

* within one fan-out round, a sub-object shared by several viewer classes is
  converted once, and every class's wire tree holds the *same* wire object;
* across rounds (two generations: :meth:`WireCache.next` ends a round), a
  sub-object the game kept unchanged maps to the *identical* wire object it
  had last round, so the differ skips it with ``old is new``.

Why this keeps the secret guarantees: a wire form is a pure function of the
value converted, and the cache is keyed by the identity of the value itself
(kept alive by the cache, so its id cannot be reused).  A viewer is only ever
given the wire form of an object that its own view holds; an object shared
with another viewer's view is shared because the game put it in both.

Why caching is sound: views are immutable values by the game contract (frozen
attrs classes over scalars, fractions, tuples and nested attrs values), so a
value's wire form never goes stale while the value lives.  Lists, dicts and
anything else are converted every time (their attrs items are still cached).
The wire objects handed out are shared: callers must only read them (encode,
diff), never change them.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs

from protocol.convert import TAG, fraction_text

_SCALARS = frozenset({int, str, bool, float, type(None), bytes})

#: A frozen attrs class's wire plan: its class name, its field names in order, and a getter
#: of all the fields' values as one tuple (one call in C rather than a ``getattr`` per field).
_Plan = tuple[str, tuple[str, ...], Callable[[Any], tuple[Any, ...]]]


def _plan_of(cls: type[Any]) -> _Plan | None:
    """The plan for a frozen attrs class; None for any other class (converted generically)."""
    if not attrs.has(cls):
        return None
    fields = attrs.fields(cls)
    if any(field.name == TAG for field in fields):
        return None  # the generic converter refuses it with a clear error
    # only frozen classes can be cached: a mutable one may change under its cached wire form
    if cls.__setattr__ is object.__setattr__:
        return None
    names = tuple(field.name for field in fields)
    if not names:
        return cls.__name__, names, lambda value: ()
    getter = operator.attrgetter(*names)
    return cls.__name__, names, (getter if len(names) > 1 else lambda value: (getter(value),))


class WireCache:
    """Converts view values to wire data, once per object, for the current and the previous round.

    ``fallback`` converts what this converter does not know (the generic
    cattrs path); tests compare the two on every game's views.
    server/fastlane/_wire.pyx is its compiled twin (what fan-out runs when
    built): a change here is made there too (tests/server/test_fastlane_wire.py).
    """

    def __init__(self, fallback: Callable[[Any], Any]) -> None:
        self._fallback = fallback
        #: Wire forms made or used this round, by ``id`` of the value: ``(value, wire)``.
        self._now: dict[int, tuple[Any, Any]] = {}
        #: The previous round's: a value used again is moved to ``_now``.
        self._before: dict[int, tuple[Any, Any]] = {}
        #: The field values of the last value converted of each frozen attrs class (kept
        #: alive here, so identity tells), with its wire form: the base the next value of
        #: that class takes its unchanged fields from.
        self._last: dict[type[Any], tuple[tuple[Any, ...], Any]] = {}
        #: Frozen attrs classes' plans; None for classes converted generically.
        self._plans: dict[type[Any], _Plan | None] = {}

    def __len__(self) -> int:
        return len(self._now) + len(self._before)

    def next(self) -> None:
        """End a round: what was not used this round or the previous one is let go."""
        self._before, self._now = self._now, {}

    def clear(self) -> None:
        self._before, self._now, self._last = {}, {}, {}

    def to_wire(self, value: Any) -> Any:
        """``value`` as wire data: equal to ``protocol.gamecodec.to_wire(value)``, read-only, maybe shared."""
        kind = type(value)
        if kind in _SCALARS:
            return value
        if kind is tuple:
            plan: _Plan | None = None
        else:
            try:
                plan = self._plans[kind]
            except KeyError:
                plan = self._plans[kind] = _plan_of(kind)
            if plan is None:
                return self._uncached(value, kind)
        key = id(value)
        hit = self._now.get(key)
        if hit is not None and hit[0] is value:
            return hit[1]
        hit = self._before.get(key)
        if hit is not None and hit[0] is value:
            self._now[key] = hit
            return hit[1]
        convert = self.to_wire
        wire: Any
        scalars = _SCALARS  # scalars inline: most fields are, and a call per field is the cost
        if plan is None:
            now = self._now
            wire = []
            for item in value:
                if type(item) in scalars:
                    wire.append(item)
                else:
                    # items converted this round (a board's cells, a hand's cards), without a call
                    hit = now.get(id(item))
                    wire.append(hit[1] if hit is not None and hit[0] is item else convert(item))
        else:
            name, fields, values_of = plan
            values = values_of(value)
            wire = {TAG: name}
            base = self._last.get(kind)
            if base is None:
                for field, item in zip(fields, values):
                    wire[field] = item if type(item) in scalars else convert(item)
            else:
                # A seat's view is the public view with a few fields changed, and a state's
                # view mostly the last one's parts: take what is the same object from the
                # last value of this class without converting it again.
                base_values, base_wire = base
                for field, item, was in zip(fields, values, base_values):
                    if item is was:
                        wire[field] = base_wire[field]
                    else:
                        wire[field] = item if type(item) in scalars else convert(item)
            self._last[kind] = (values, wire)
        self._now[key] = (value, wire)
        return wire

    def _uncached(self, value: Any, kind: type[Any]) -> Any:
        if kind is list:
            return [self.to_wire(item) for item in value]
        if kind is dict:
            return {self.to_wire(k): self.to_wire(v) for k, v in value.items()}
        if kind is Fraction:
            return fraction_text(value)
        return self._fallback(value)


class Converter:
    """``protocol.gamecodec.to_wire`` without its dispatch: each value converted afresh, no cache.

    For values converted once and stored, the events of a move (server/records.py):
    nothing is shared from one event to the next, so :class:`WireCache`'s
    identity cache would only hold them alive.  The conversion is the same
    (each frozen attrs class by its plan: its class name, then its fields in
    order), and what it does not know goes to ``fallback`` (cattrs).  The
    generic path dispatches on the type at every level through cattrs' hooks,
    tuples through a generator: several times the cost for the same data.
    tests/server/test_records.py holds the two equal on every game's events.
    """

    def __init__(self, fallback: Callable[[Any], Any]) -> None:
        self._fallback = fallback
        self._plans: dict[type[Any], _Plan | None] = {}

    def __call__(self, value: Any) -> Any:
        kind = type(value)
        if kind in _SCALARS:
            return value
        if kind is tuple or kind is list:
            return [item if type(item) in _SCALARS else self(item) for item in value]
        try:
            plan = self._plans[kind]
        except KeyError:
            plan = self._plans[kind] = _plan_of(kind)
        if plan is not None:
            name, fields, values_of = plan
            wire = {TAG: name}
            for field, item in zip(fields, values_of(value)):
                wire[field] = item if type(item) in _SCALARS else self(item)
            return wire
        if kind is dict:
            return {self(k): self(v) for k, v in value.items()}
        if kind is Fraction:
            return fraction_text(value)
        return self._fallback(value)
