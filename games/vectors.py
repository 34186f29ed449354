"""Helpers for answering conformance vectors (pure, shared by every game).

Each game has a ``conformance`` module with ``answer(check, input) -> dict``
(what the engine says, shaped like the vector's ``expect``) and
``agree(check, expect, answer) -> bool``.  These helpers implement the
comparison rules of the conformance README: lists of spaces or indices
compare as sets unless a check says otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


class UnknownCheck(LookupError):
    """The vector names a check this game does not answer."""


def as_set(items: Iterable[Any]) -> frozenset[Any]:
    return frozenset(items)


def as_partition(groups: Iterable[Iterable[Any]]) -> frozenset[frozenset[Any]]:
    return frozenset(frozenset(group) for group in groups)


def expected_keys(check: str, expect: Any, defined: tuple[str, ...]) -> tuple[str, ...]:
    """The keys of ``expect`` a check compares: those of ``defined`` it holds, in that order.

    A vector may expect part of an answer (only ``winners``, say), but never
    nothing, and never a key its check does not define: a misspelt key
    (``total`` for ``totals``) would otherwise pass without checking anything.
    Either is a ``ValueError``, which the runner reports as the vector failing.
    """
    if not isinstance(expect, Mapping):
        raise ValueError(f"{check}: expect is not a map")
    unknown = sorted(str(key) for key in expect if key not in defined)
    if unknown:
        raise ValueError(f"{check}: expect has keys this check does not define: {', '.join(unknown)} (it defines {', '.join(defined)})")
    given = tuple(key for key in defined if key in expect)
    if not given:
        raise ValueError(f"{check}: expect holds none of {', '.join(defined)}, so nothing would be checked")
    return given
