"""Memoising what a game derives from one state (issue 10: cheaper views).

After every change the room asks the same state for several views (the TV,
each phone, the spectators) and for each seat's legal commands; most of that
work (the public table, the trick search) depends on the state alone.  States
are immutable values, so a result computed for a state stays right for as
long as that state object lives.  These caches remember the results for the
*last* state they saw, compared by identity (``is``: cheap, unlike hashing a
whole state), which is exactly the pattern of a fan-out: one state, many
questions, then the next state.  They hold one state alive at most, per
cached function.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

StateT = TypeVar("StateT")
ResultT = TypeVar("ResultT")


class LastState(Generic[StateT, ResultT]):
    """``fn(state)``, computed once per state object (the last one seen)."""

    __slots__ = ("_fn", "_state", "_result")

    def __init__(self, fn: Callable[[StateT], ResultT]) -> None:
        self._fn = fn
        self._state: StateT | None = None
        self._result: ResultT | None = None

    def __call__(self, state: StateT) -> ResultT:
        if state is not self._state or self._result is None:
            self._result = self._fn(state)
            self._state = state
        return self._result


class LastStateBySeat(Generic[StateT, ResultT]):
    """``fn(state, seat)``, computed once per seat of a state object (the last one seen)."""

    __slots__ = ("_fn", "_state", "_results")

    def __init__(self, fn: Callable[[StateT, int], ResultT]) -> None:
        self._fn = fn
        self._state: StateT | None = None
        self._results: dict[int, ResultT] = {}

    def __call__(self, state: StateT, seat: int) -> ResultT:
        if state is not self._state:
            self._state = state
            self._results = {}
        try:
            return self._results[seat]
        except KeyError:
            result = self._results[seat] = self._fn(state, seat)
            return result
