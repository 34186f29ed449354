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

import importlib
from collections.abc import Callable
from typing import Any, Generic, TypeVar

StateT = TypeVar("StateT")
ResultT = TypeVar("ResultT")


class LastState(Generic[StateT, ResultT]):
    """``fn(state)``, computed once per state object (the last one seen)."""

    __slots__ = ("_fn", "_last")

    def __init__(self, fn: Callable[[StateT], ResultT]) -> None:
        self._fn = fn
        # (state, result) in one tuple, replaced whole: a reader never pairs a
        # state with another state's result, even from another thread.
        self._last: tuple[StateT, ResultT] | None = None

    def __call__(self, state: StateT) -> ResultT:
        last = self._last
        if last is not None and last[0] is state:
            return last[1]
        result = self._fn(state)
        self._last = (state, result)
        return result


class LastStateBySeat(Generic[StateT, ResultT]):
    """``fn(state, seat)``, computed once per seat of a state object (the last one seen)."""

    __slots__ = ("_fn", "_last")

    def __init__(self, fn: Callable[[StateT, int], ResultT]) -> None:
        self._fn = fn
        self._last: tuple[StateT, dict[int, ResultT]] | None = None

    def __call__(self, state: StateT, seat: int) -> ResultT:
        last = self._last
        if last is None or last[0] is not state:
            last = self._last = (state, {})
        results = last[1]
        if seat not in results:
            results[seat] = self._fn(state, seat)
        return results[seat]


class SameInputs(Generic[ResultT]):
    """``fn(*inputs)``, reused while the inputs are the very same objects (issue 10: views).

    A view's parts derive from a few state fields, and ``attrs.evolve`` keeps
    every field it does not change as the same object, so from one state to
    the next most parts of a view could be the same objects too.  Returning the
    identical part lets the fan-out skip it by identity (its wire form is
    cached, and the differ sees ``old is new``) instead of converting and
    comparing a fresh, equal copy.

    Keyed by the inputs' identities, which is cheap and exact: a hit needs
    every input to be the same object, so the result is the one ``fn`` gave
    for these very values (states are immutable).  The entries hold their
    inputs alive, so an id is never reused while it is a key.

    A hub interleaves the moves of many rooms of the same game, so what one
    room's next move asks for again must outlive the other rooms' moves in
    between.  Entries live in two generations of up to ``size`` each: a new
    result goes in the current one, an entry found in the previous one moves
    to the current one, and when the current one is full it becomes the
    previous one (the entries nobody asked for during a whole generation are
    let go).  An entry in use is asked for at every move of its room, so it
    stays as long as fewer than ``size`` new results come between two moves
    of that room.  (A plain first-in first-out bound of 512 dropped the parts
    of a 100-room hub's views that were still in use, and the fan-out then
    converted and compared fresh copies: up to +45 % CPU per move.)
    """

    __slots__ = ("_fn", "_size", "_now", "_before")

    def __init__(self, fn: Callable[..., ResultT], size: int = 4096) -> None:
        self._fn = fn
        self._size = size
        self._now: dict[tuple[int, ...], tuple[tuple[object, ...], ResultT]] = {}
        self._before: dict[tuple[int, ...], tuple[tuple[object, ...], ResultT]] = {}

    def __len__(self) -> int:
        return len(self._now) + len(self._before)

    def __call__(self, *inputs: object) -> ResultT:
        key = tuple(map(id, inputs))
        entry = self._now.get(key)
        if entry is None:
            # an entry holds its inputs alive, so the same ids are the same objects
            entry = self._before.pop(key, None)
            if entry is None:
                entry = (inputs, self._fn(*inputs))
            if len(self._now) >= self._size:
                self._before, self._now = self._now, {}
            self._now[key] = entry
        return entry[1]


#: The pure twin (tests hold the compiled one equal to it; the hub runs it with ``PIZZANIGHT_PURE=1``).
PureSameInputs = SameInputs

#: ``games._memo`` when it was built, else None: ``SameInputs`` is its class then, whose hit is one
#: look-up in C where the pure one spends most of its time making the key (5 to 25 hits per move).
compiled: Any = None
try:
    compiled = importlib.import_module("games._memo")
except ImportError:  # not built (no compiler at install time): the pure class does the same
    compiled = None
else:
    SameInputs = compiled.SameInputs  # type: ignore[misc]


def use_pure(pure: bool) -> None:
    """Make every ``SameInputs``, those the games made at import included, run the pure look-up (or not).

    The hub's fast lane calls it when it runs pure (``PIZZANIGHT_PURE=1``):
    the games read no environment, and their caches exist before the hub
    decides.  A compiled instance then runs the pure ``__call__`` on its own
    dictionaries, which hold the same keys either way.
    """
    if compiled is not None:
        compiled.run_pure(PureSameInputs.__call__ if pure else None)
