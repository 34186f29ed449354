"""A class's pauses are not the students' time (the class audit): a turn that spans a pause is reported
without it, as the dashboard's idle clock already leaves a pause out.  Each pause is kept in the class log
with when it began and ended, so a restarted hub's report says the same."""

from __future__ import annotations

import httpx
from test_classroom_help import Clock, _table_of_two

from server.classroom.reports import paused_within
from server.classroom.state import Class, ClassPaused, evolve


def _klass(*events) -> Class:
    klass = Class()
    for event in events:
        klass = evolve(klass, event)
    return klass


def test_a_pause_is_kept_from_its_start_to_its_end_and_an_untimed_one_counts_nothing():
    klass = _klass(ClassPaused(True, at_ms=10_000), ClassPaused(False, at_ms=22_000), ClassPaused(True, at_ms=30_000))
    assert klass.pauses == ((10_000, 22_000),)
    assert klass.paused and klass.paused_since_ms == 30_000
    # a turn from 8 s to 25 s lost 12 s to the first pause; the pause in force counts up to the turn's end
    assert paused_within(klass, 8_000, 25_000) == 12_000
    assert paused_within(klass, 15_000, 35_000) == 7_000 + 5_000
    assert paused_within(klass, 23_000, 29_000) == 0
    # a log written before pauses were timed: nothing is taken off
    old = _klass(ClassPaused(True), ClassPaused(False), ClassPaused(True))
    assert old.pauses == () and paused_within(old, 0, 10**12) == 0


async def test_the_report_leaves_the_class_pause_out_of_a_turn(server):
    clock = Clock()
    server.app.state.classes.times.clock = clock
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher, phones, states = await _table_of_two(server, http)
        active = next(n for n, s in states.items() if s["game"]["active"] == s["you"]["seat"])
        # Given the active student thinks 2 s, the teacher pauses for 12 s, and the student passes 1 s after Resume
        clock.now += 2_000
        assert (await http.post(f"/api/classes/{code}/pause", headers=teacher, json={"paused": True})).status_code == 200
        clock.now += 12_000
        assert (await http.post(f"/api/classes/{code}/pause", headers=teacher, json={"paused": False})).status_code == 200
        clock.now += 1_000
        assert (await phones[active].cmd({"type": "Pass"}))["t"] == "ack"
        # Then the report gives that turn 3 s, not 15
        report = (await http.get(f"/api/classes/{code}/report", headers=teacher)).json()
        [turn] = [t for t in report["turns"] if t["name"] == active]
        assert turn["seconds"] == 3, report["turns"]
        [row] = [s for s in report["students"] if s["name"] == active]
        assert (row["turn_seconds_median"], row["turn_seconds_total"]) == (3, 3)
        for phone in phones.values():
            await phone.close()
