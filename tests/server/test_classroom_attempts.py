"""The class's record times and its try limit, as plain objects (server/classroom/attempts.py)."""

from __future__ import annotations

import pytest

from protocol.errors import ProtocolError
from server.classroom.attempts import COOL_DOWN_MS, MAX_REFUSED, TableTimes, TryLimit


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000

    def __call__(self) -> int:
        return self.now


def test_a_version_is_timed_by_the_append_that_stored_it_and_the_class_log_keeps_what_is_pending():
    clock = Clock()
    times = TableTimes(clock)
    times.stored("r", 2, 4)
    clock.now += 1500
    times.stored("r", 5, 5)
    assert [times.at("r", v) for v in (1, 2, 4, 5, 6)] == [None, 1_000_000, 1_000_000, 1_001_500, None]
    assert times.pending("r") == ((2, 5), (4, 5), (1_000_000, 1_001_500))
    times.kept("r", 2)
    assert times.pending("r") is None
    # a restarted hub reads them back from the class log: known, and not pending again
    again = TableTimes(clock)
    again.load("r", (2, 5), (4, 5), (1_000_000, 1_001_500))
    assert again.at("r", 3) == 1_000_000 and again.pending("r") is None
    again.stored("r", 6, 7)
    assert again.pending("r") == ((6,), (7,), (1_001_500,))


def test_a_refused_try_costs_a_cool_down_and_a_turn_allows_five():
    clock = Clock()
    tries = TryLimit(clock)
    turn = ("seed", 1)
    tries.admit("r", 0, turn)
    tries.refused("r", 0, turn)
    with pytest.raises(ProtocolError) as exc:
        tries.admit("r", 0, turn)
    assert exc.value.code.value == "class/slow_down" and exc.value.params == {"seconds": 2}
    tries.admit("r", 1, turn)  # another seat is not slowed
    for _ in range(MAX_REFUSED - 1):
        clock.now += COOL_DOWN_MS
        tries.admit("r", 0, turn)
        tries.refused("r", 0, turn)
    clock.now += COOL_DOWN_MS
    with pytest.raises(ProtocolError) as exc:
        tries.admit("r", 0, turn)
    assert exc.value.code.value == "class/no_more_tries" and exc.value.params == {"max": MAX_REFUSED}
    assert tries.since_move("r", 0) == MAX_REFUSED
    tries.admit("r", 0, ("seed", 2))  # the next turn starts afresh
    tries.moved("r", 0)
    assert tries.since_move("r", 0) == 0
