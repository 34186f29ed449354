"""What a class table's rooms tell the class between reports: when each version was stored, and how
many tries at a trick each seat had refused (issue 25).

Both live in the hub's memory only (``Classes`` holds one of each):

- :class:`TableTimes`: a table's room log carries no clock (its events are
  pure), so the class notes the wall clock at which each version was stored;
  the report reads every record's time (and the time a student took over a
  turn) from it.  A hub restarted mid-class knows no time for the versions
  stored before it (the report then says ``null``).
- :class:`TryLimit`: a refused try at a trick is judged and explained
  ("these make 5/8 and that pizza is 6/8"), so without a limit a phone could
  send every pick in turn and have the hub find the trick for it.  A refused
  try costs its seat a cool-down of :data:`COOL_DOWN_MS` (a ``TakeTrick``
  sent inside it is refused ``class/slow_down``, not judged), and after
  :data:`MAX_REFUSED` refused tries in one turn every further ``TakeTrick``
  that turn is refused ``class/no_more_tries``, not judged; passing, ending
  the turn and hints still work.  A seat with 4 orders and 3 open pizzas has
  over 100 possible picks: 5 judged per turn, 2 s apart, can search little.
  Neither refusal is recorded as an attempt (nothing was judged).
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Callable
from typing import Any

import attrs

from games.splittissimo.codes import SplittissimoCode
from protocol.errors import ProtocolError
from server.classroom.codes import ClassCode

#: A refused try at a trick costs its seat this long before the next try is judged.
COOL_DOWN_MS = 2_000
#: At most this many refused tries per seat and turn are judged.
MAX_REFUSED = 5
#: The refusals of a try at a trick that count against the limit (the rules judged the cards named).
JUDGED = frozenset(
    code.value
    for code in (
        SplittissimoCode.AMOUNTS_DIFFER,
        SplittissimoCode.TOPPING_MISSING,
        SplittissimoCode.TRICK_SHAPE,
        SplittissimoCode.WRONG_CARD_KIND,
        SplittissimoCode.CARD_NOT_OPEN,
        SplittissimoCode.CARD_NOT_IN_HAND,
        SplittissimoCode.CARD_REPEATED,
    )
)
#: Most stored versions remembered per room (a class game stores a few hundred).
MOST_MARKS = 50_000


def wall_ms() -> int:
    return round(time.time() * 1000)


class TableTimes:
    """When each version of each class table's room log was stored (unix ms, this hub's clock)."""

    def __init__(self, clock: Callable[[], int] = wall_ms) -> None:
        self.clock = clock
        #: Per room: the first and last version of each append, and when it was stored.
        self._marks: dict[str, tuple[list[int], list[int], list[int]]] = {}
        #: Per room: how many of its marks the class log already holds (``pending``, ``kept``).
        self._kept: dict[str, int] = {}

    def stored(self, room: str, first: int, last: int) -> None:
        """Versions ``first``..``last`` of ``room`` were stored now, in one append."""
        starts, ends, times = self._marks.setdefault(room, ([], [], []))
        if ends and last <= ends[-1]:
            return
        if len(ends) >= MOST_MARKS:
            half = MOST_MARKS // 2
            del starts[:half], ends[:half], times[:half]
            self._kept[room] = max(0, self._kept.get(room, 0) - half)
        starts.append(first)
        ends.append(last)
        times.append(self.clock())

    def load(self, room: str, starts: tuple[int, ...], ends: tuple[int, ...], at_ms: tuple[int, ...]) -> None:
        """Marks read back from the class log (a restarted hub): kept as stored already."""
        have_starts, have_ends, have_times = self._marks.setdefault(room, ([], [], []))
        merged = sorted({*zip(have_ends, have_starts, have_times), *zip(ends, starts, at_ms)})
        self._marks[room] = ([s for _, s, _ in merged], [e for e, _, _ in merged], [t for _, _, t in merged])
        self._kept[room] = len(merged)

    def pending(self, room: str) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None:
        """The marks of ``room`` the class log does not hold yet (None: none)."""
        marks = self._marks.get(room)
        done = self._kept.get(room, 0)
        if not marks or len(marks[1]) <= done:
            return None
        return tuple(marks[0][done:]), tuple(marks[1][done:]), tuple(marks[2][done:])

    def kept(self, room: str, count: int) -> None:
        """``count`` more marks of ``room`` are in the class log now."""
        self._kept[room] = self._kept.get(room, 0) + count

    def at(self, room: str, version: int) -> int | None:
        """When ``version`` of ``room`` was stored, or None if this hub did not see it stored (before a restart)."""
        marks = self._marks.get(room)
        if not marks:
            return None
        starts, ends, times = marks
        i = bisect.bisect_left(ends, version)
        if i == len(ends) or starts[i] > version:
            return None
        return times[i]

    def last(self, room: str) -> int | None:
        """When ``room`` was last appended to."""
        marks = self._marks.get(room)
        return marks[2][-1] if marks and marks[2] else None


@attrs.define
class SeatTries:
    turn_key: tuple[Any, ...] = ()
    refused: int = 0
    #: Refused tries since the seat's last move the rules accepted (the teacher's "needs help").
    since_move: int = 0
    until_ms: int = 0
    last_ms: int = 0


class TryLimit:
    """The per-seat limit on judged tries at a trick at class tables (see the module docstring)."""

    def __init__(self, clock: Callable[[], int] = wall_ms) -> None:
        self.clock = clock
        self._seats: dict[tuple[str, int], SeatTries] = {}

    def _seat(self, room: str, player: int, turn_key: tuple[Any, ...]) -> SeatTries:
        seat = self._seats.setdefault((room, player), SeatTries())
        if seat.turn_key != turn_key:
            seat.turn_key, seat.refused, seat.until_ms = turn_key, 0, 0
        return seat

    def admit(self, room: str, player: int, turn_key: tuple[Any, ...]) -> None:
        """Refuse (``ProtocolError``) a try at a trick the limit does not let the rules judge now."""
        seat = self._seat(room, player, turn_key)
        if seat.refused >= MAX_REFUSED:
            raise ProtocolError(
                f"{MAX_REFUSED} tries this turn: pass, end your turn or ask for a hint",
                code=ClassCode.NO_MORE_TRIES,
                params={"max": MAX_REFUSED},
            )
        left = seat.until_ms - self.clock()
        if left > 0:
            raise ProtocolError(
                "wait a moment before trying again", code=ClassCode.SLOW_DOWN, params={"seconds": -(-left // 1000)}
            )

    def refused(self, room: str, player: int, turn_key: tuple[Any, ...]) -> None:
        seat = self._seat(room, player, turn_key)
        now = self.clock()
        seat.refused += 1
        seat.since_move += 1
        seat.until_ms = now + COOL_DOWN_MS
        seat.last_ms = now

    def moved(self, room: str, player: int) -> None:
        """The rules accepted a move of ``player``'s: their run of refused tries is over."""
        seat = self._seats.get((room, player))
        if seat is not None:
            seat.since_move = 0

    def since_move(self, room: str, player: int) -> int:
        seat = self._seats.get((room, player))
        return seat.since_move if seat is not None else 0

    def forget(self, room: str) -> None:
        for key in [k for k in self._seats if k[0] == room]:
            del self._seats[key]
