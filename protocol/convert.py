"""Strict cattrs converters: the one place wire maps become attrs values.

cattrs is lenient by default (``int("5")``, a string structured as a tuple of
characters, ``True`` as ``1``).  On a wire that strangers write to, leniency
is a hole, so these converters accept exactly the declared types:

- ``int`` only from an int (not a bool), ``str`` from a str, ``bool`` from a bool;
- tuples only from lists or tuples;
- :class:`fractions.Fraction` from ``"n/d"``, ``"n"`` or an int, and out as
  ``"n/d"`` (``"n"`` when whole), because msgpack and JSON have no exact
  rationals and floats would lose them;
- extra keys are refused.

With ``tag=True`` (game commands, events and views) every attrs value
carries its class name in ``"type"``, so a client can tell apart the members
of a union and so a command can be routed to its class.
"""

from __future__ import annotations

import re
import typing
from fractions import Fraction
from typing import Any

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

#: The largest integer the wire carries exactly (JavaScript's safe integers).
MAX_INT = 2**53 - 1
_FRACTION = re.compile(r"-?[0-9]{1,18}(/[0-9]{1,18})?")
TAG = "type"


def fraction_text(value: Fraction) -> str:
    """``Fraction(3, 8)`` -> ``"3/8"``; whole numbers drop the ``/1``."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def parse_fraction(value: Any) -> Fraction:
    if type(value) is int:
        return Fraction(value)
    if isinstance(value, str) and _FRACTION.fullmatch(value):
        top, _, bottom = value.partition("/")
        if bottom and int(bottom) == 0:
            raise ValueError("a fraction with denominator 0")
        return Fraction(int(top), int(bottom or 1))
    raise ValueError(f"expected a fraction like '3/8', got {value!r}")


def _strict_int(value: Any, _: Any) -> int:
    if type(value) is not int:
        raise TypeError(f"expected an integer, got {type(value).__name__}")
    if not -MAX_INT <= value <= MAX_INT:
        raise ValueError("integer out of range")
    return value


def _strict_str(value: Any, _: Any) -> str:
    if type(value) is not str:
        raise TypeError(f"expected a string, got {type(value).__name__}")
    return value


def _strict_bool(value: Any, _: Any) -> bool:
    if type(value) is not bool:
        raise TypeError(f"expected true or false, got {type(value).__name__}")
    return value


def _no_float(value: Any, _: Any) -> float:
    raise TypeError("floats are not part of the protocol")


def _is_tuple(tp: Any) -> bool:
    return typing.get_origin(tp) is tuple or tp is tuple


def make_converter(*, tag: bool) -> cattrs.Converter:
    """A strict converter; ``tag`` adds and checks the ``"type"`` class tag."""
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_structure_hook(int, _strict_int)
    conv.register_structure_hook(str, _strict_str)
    conv.register_structure_hook(bool, _strict_bool)
    conv.register_structure_hook(float, _no_float)
    conv.register_structure_hook(Fraction, lambda value, _: parse_fraction(value))
    conv.register_unstructure_hook(Fraction, fraction_text)

    original_structure = conv.structure

    def structure_tuple_factory(tp: Any) -> Any:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item = args[0]

            def structure_homogeneous(value: Any, _: Any) -> tuple[Any, ...]:
                if not isinstance(value, (list, tuple)):
                    raise TypeError(f"expected a list, got {type(value).__name__}")
                return tuple(original_structure(v, item) for v in value)

            return structure_homogeneous

        def structure_fixed(value: Any, _: Any) -> tuple[Any, ...]:
            if not isinstance(value, (list, tuple)):
                raise TypeError(f"expected a list, got {type(value).__name__}")
            if args and len(value) != len(args):
                raise ValueError(f"expected {len(args)} items, got {len(value)}")
            if not args:
                return tuple(value)
            return tuple(original_structure(v, t) for v, t in zip(value, args))

        return structure_fixed

    conv.register_structure_hook_factory(_is_tuple, structure_tuple_factory)

    def structure_attrs_factory(cl: type[Any]) -> Any:
        inner = make_dict_structure_fn(cl, conv, _cattrs_forbid_extra_keys=True)
        name = cl.__name__

        def structure(value: Any, _: Any) -> Any:
            if not isinstance(value, dict):
                raise TypeError(f"expected a map for {name}, got {type(value).__name__}")
            if tag and TAG in value:
                if value[TAG] != name:
                    raise ValueError(f"expected type {name}, got {value[TAG]!r}")
                value = {k: v for k, v in value.items() if k != TAG}
            return inner(value, cl)

        return structure

    conv.register_structure_hook_factory(attrs.has, structure_attrs_factory)

    if tag:

        def unstructure_attrs_factory(cl: type[Any]) -> Any:
            if any(field.name == TAG for field in attrs.fields(cl)):
                raise TypeError(f"{cl.__qualname__} has a field named {TAG!r}, which the wire uses for the class name")
            inner = make_dict_unstructure_fn(cl, conv)
            name = cl.__name__

            def unstructure(value: Any) -> dict[str, Any]:
                out = {TAG: name}
                out.update(inner(value))
                return out

            return unstructure

        conv.register_unstructure_hook_factory(attrs.has, unstructure_attrs_factory)

    return conv


def describe(exc: BaseException) -> str:
    """A short, client-readable reason from a cattrs structuring error."""
    try:
        messages = cattrs.transform_error(exc)
    except Exception:  # not a cattrs error: its own text will do
        messages = [str(exc)]
    return "; ".join(messages)[:300] or type(exc).__name__
