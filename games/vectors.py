"""Helpers for answering conformance vectors (pure, shared by every game).

Each game has a ``conformance`` module with ``answer(check, input) -> dict``
(what the engine says, shaped like the vector's ``expect``) and
``agree(check, expect, answer) -> bool``.  These helpers implement the
comparison rules of the conformance README: lists of spaces or indices
compare as sets unless a check says otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class UnknownCheck(LookupError):
    """The vector names a check this game does not answer."""


def as_set(items: Iterable[Any]) -> frozenset[Any]:
    return frozenset(items)


def as_partition(groups: Iterable[Iterable[Any]]) -> frozenset[frozenset[Any]]:
    return frozenset(frozenset(group) for group in groups)
