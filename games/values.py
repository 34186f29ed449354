"""``replace``: a frozen attrs value with some fields changed, at half the cost of ``attrs.evolve``.

Every move makes a dozen such copies on the hub's hot path (issue 10): the
room's new version, the game state folded by each event, and each seat's
view (the public view with that seat's secrets added).  ``attrs.evolve``
looks the class's fields up and calls ``__init__`` with a keyword argument
per field; here each class's field getter is made once and ``__init__`` is
called with positional arguments: 2.4 us instead of 5.4 us for New York
Slice's 22-field view.  The result is the same value (``__init__`` runs as
it does for ``attrs.evolve``, validators and converters included).

Classes whose fields cannot all be passed by position in order (a field
with ``init=False``, ``kw_only`` or an ``alias``) go to ``attrs.evolve``.

games/_values.pyx is the compiled twin, used when it was built: it copies a
value field pointer by field pointer instead of calling ``__init__``, for
the classes where ``__init__`` would do nothing but store the fields
(:func:`copyable`).  The result is the same value.  The hub's fast lane
(server/fastlane) puts the pure copy back when it runs pure
(``PIZZANIGHT_PURE=1``, or the rest of the lane not built): games read no
environment.
"""

from __future__ import annotations

import importlib
import operator
import types
from collections.abc import Callable
from typing import Any, TypeVar, cast

import attrs

T = TypeVar("T")

#: Per class: (every field's value as a tuple, each field's position), or None for ``attrs.evolve``.
_PLANS: dict[type, tuple[Callable[[Any], tuple[Any, ...]], dict[str, int]] | None] = {}


def replace(instance: T, **changes: Any) -> T:
    """``instance`` with the fields in ``changes`` replaced (as ``attrs.evolve``)."""
    cls = type(instance)
    try:
        plan = _PLANS[cls]
    except KeyError:
        plan = _PLANS[cls] = _plan(cls)
    if plan is None:
        return _attrs_evolve(instance, changes)
    values_of, position = plan
    values = list(values_of(instance))
    try:
        for name, value in changes.items():
            values[position[name]] = value
    except KeyError:
        return _attrs_evolve(instance, changes)  # not a field: attrs says so, as it would
    return cls(*values)


def _attrs_evolve(instance: T, changes: dict[str, Any]) -> T:
    evolved: T = attrs.evolve(cast(Any, instance), **changes)
    return evolved


def _plan(cls: type) -> tuple[Callable[[Any], tuple[Any, ...]], dict[str, int]] | None:
    fields = attrs.fields(cls)
    if not fields or "__attrs_init__" in cls.__dict__:  # no fields, or an __init__ of the class's own
        return None
    if any(not f.init or f.kw_only or f.name.startswith("_") or getattr(f, "alias", f.name) != f.name for f in fields):
        return None
    names = [f.name for f in fields]
    if len(names) == 1:  # attrgetter of one name gives the value, not a tuple
        name = names[0]
        return (lambda instance: (getattr(instance, name),)), {name: 0}
    return operator.attrgetter(*names), {name: i for i, name in enumerate(names)}


def copyable(cls: type) -> list[tuple[str, Any]] | None:
    """(name, slot descriptor) of each field when a copy may skip ``__init__``; None otherwise.

    Skipping it is the same when ``__init__`` only stores each argument in
    its slot: a slotted frozen attrs class of plain fields (no validator,
    converter, default factory run on copy, hook before or after init, cached
    hash), with no ``__init__`` or ``__new__`` of its own.  A copy keeps every
    field, so defaults never run anyway.
    """
    klass: Any = cls  # (typed loosely: what is asked of it is what attrs puts on a class)
    if _plan(cls) is None or "__slots__" not in cls.__dict__ or "_attrs_cached_hash" in klass.__slots__:
        return None
    if klass.__setattr__ is object.__setattr__:  # not frozen
        return None
    if klass.__new__ is not object.__new__ or any(hasattr(cls, hook) for hook in ("__attrs_pre_init__", "__attrs_post_init__")):
        return None
    init_code = getattr(klass.__init__, "__code__", None)
    if init_code is None or not init_code.co_filename.startswith("<attrs generated"):  # an __init__ of its own
        return None
    fields = attrs.fields(cls)
    if any(f.validator is not None or f.converter is not None for f in fields):
        return None
    out = []
    for f in fields:
        descriptor = next((k.__dict__[f.name] for k in cls.__mro__ if f.name in k.__dict__), None)
        if type(descriptor) is not types.MemberDescriptorType:
            return None
        out.append((f.name, descriptor))
    return out


#: The pure copy (tests hold the compiled one equal to it; the hub runs it with ``PIZZANIGHT_PURE=1``).
pure_replace = replace

#: ``games._values`` when it was built, else None.  The games call ``values.replace`` through this
#: module, so the hub's fast lane can put the pure copy back (:func:`use`) whatever was imported first.
compiled: Any = None
try:
    compiled = importlib.import_module("games._values")
except ImportError:  # not built (no compiler at install time): the pure copy does the same
    compiled = None
else:
    compiled.install(pure_replace, copyable)
    replace = compiled.replace  # noqa: F811


def use(copy: Callable[..., Any]) -> None:
    """Make ``copy`` the ``replace`` every game calls: ``pure_replace``, or ``compiled.replace``."""
    global replace
    replace = copy
