"""The embedded store's compiled append lane (server/fastlane/_appender.pyx) and its twin, the Python writer.

The lane writes the usual appends on a thread that never takes the GIL;
everything else stays on the Python writer.  These tests hold the two
equal (the same rows, byte for byte, and the same answers) and check what
the lane adds: appends waiting behind the lane's for the same room, a
failed lane commit, closing with appends in flight, and that a lane commit
needs no GIL at all.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server import fastlane
from server.store.base import Snapshot, StoreError, VersionConflict
from server.store.embedded import EmbeddedStore

ROOT = Path(__file__).resolve().parents[2]

needs_lane = pytest.mark.skipif(fastlane.Appender is None, reason=f"no compiled append lane: {fastlane.APPENDER_WHY}")


def _rows(path: Path) -> list[tuple]:
    """Every stored event row, with SQLite's own type of each column."""
    db = sqlite3.connect(path)
    try:
        return db.execute(
            "SELECT room, version, data, typeof(room), typeof(version), typeof(data) FROM events ORDER BY room, version"
        ).fetchall()
    finally:
        db.close()


@needs_lane
async def test_appends_of_rooms_with_a_log_go_through_the_lane_and_read_back(tmp_path):
    # Given a store with the lane, and three rooms whose first records are stored (by the Python writer)
    store = EmbeddedStore(tmp_path / "lane.sqlite3", lane=True)
    try:
        await asyncio.gather(*(store.append(f"r{i}", [b"first"], 0) for i in range(3)))
        assert store._appender is not None and store._appender.appends == 0
        # When each appends twice more
        for version in (1, 3):
            assert await asyncio.gather(*(store.append(f"r{i}", [b"a", b"b"], version) for i in range(3))) == [version + 2] * 3
        # Then the lane wrote those six appends, and every record reads back in order
        assert store._appender.appends == 6
        assert store.appends == 9 and store.commits >= 2
        for i in range(3):
            assert [(r.version, r.data) for r in await store.read(f"r{i}")] == [
                (1, b"first"), (2, b"a"), (3, b"b"), (4, b"a"), (5, b"b")
            ]
        assert await store.open_rooms() == ["r0", "r1", "r2"]
    finally:
        await store.close()


@needs_lane
async def test_appends_waiting_behind_the_lanes_for_one_room_are_checked_after_it(tmp_path):
    # Given a room with a log
    store = EmbeddedStore(tmp_path / "behind.sqlite3", lane=True)
    try:
        await store.append("r", [b"0"], 0)
        # When three appends of the room come in one turn: two at version 1, then one at version 2
        results = await asyncio.gather(
            store.append("r", [b"a"], 1), store.append("r", [b"b"], 1), store.append("r", [b"c"], 2),
            return_exceptions=True,
        )
        # Then the first wins, the second conflicts, the third follows the first
        assert results[0] == 2 and isinstance(results[1], VersionConflict) and results[2] == 3
        assert [r.data for r in await store.read("r")] == [b"0", b"a", b"c"]
        # and the room goes on on the lane
        before = store._appender.appends
        assert await store.append("r", [b"d"], 3) == 4
        assert store._appender.appends == before + 1
        # When a chain of appends comes in one turn, each at the version the one before leads to
        chain = await asyncio.wait_for(asyncio.gather(*(store.append("r", [b"%d" % v], v) for v in range(4, 9))), 10)
        # Then each waits for the one before and goes to the lane in turn
        assert chain == [5, 6, 7, 8, 9]
        assert store._appender.appends == before + 6
        assert [r.data for r in await store.read("r", 4)] == [b"4", b"5", b"6", b"7", b"8"]
    finally:
        await store.close()


@needs_lane
async def test_a_failed_lane_commit_fails_every_append_in_it_and_the_rooms_go_on(tmp_path):
    # Given two rooms with logs, and a row slipped into room b's log behind the store's back
    path = tmp_path / "fail.sqlite3"
    store = EmbeddedStore(path, lane=True)
    try:
        await asyncio.gather(store.append("a", [b"a1"], 0), store.append("b", [b"b1"], 0))
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("INSERT INTO events (room, version, data) VALUES ('b', 2, x'00')")
        other.close()
        # When both append in one turn (one lane commit)
        results = await asyncio.gather(store.append("a", [b"a2"], 1), store.append("b", [b"b2"], 1),
                                       return_exceptions=True)
        # Then both fail, and neither is stored
        assert all(isinstance(r, StoreError) for r in results), results
        assert [r.data for r in await store.read("a")] == [b"a1"]
        assert [r.data for r in await store.read("b")] == [b"b1", b"\x00"]
        # and both rooms go on: a at its version, b told that its log moved on
        assert await store.append("a", [b"a2"], 1) == 2
        with pytest.raises(VersionConflict):
            await store.append("b", [b"b2"], 1)
        assert await store.append("b", [b"b3"], 2) == 3
    finally:
        await store.close()


@needs_lane
async def test_appends_in_flight_on_the_lane_when_the_store_closes_are_stored(tmp_path):
    # Given rooms with logs
    path = tmp_path / "close.sqlite3"
    store = EmbeddedStore(path, lane=True)
    await asyncio.gather(*(store.append(f"r{i}", [b"0"], 0) for i in range(20)))
    # When each appends, and the store closes in the same turn, with those appends (and others behind them) in flight
    appends = [asyncio.ensure_future(store.append(f"r{i}", [b"1"], 1)) for i in range(20)]
    behind = [asyncio.ensure_future(store.append(f"r{i}", [b"2"], 2)) for i in range(20)]
    await asyncio.sleep(0)
    await store.close()
    # Then every one of them was answered as stored, and is in the file
    assert [await a for a in appends] == [2] * 20
    assert [await b for b in behind] == [3] * 20
    again = EmbeddedStore(path)
    try:
        assert [[r.data for r in await again.read(f"r{i}")] for i in range(20)] == [[b"0", b"1", b"2"]] * 20
    finally:
        await again.close()


@needs_lane
async def test_a_read_asked_while_the_lane_writes_the_room_sees_that_append(tmp_path):
    # Given a room with a log
    store = EmbeddedStore(tmp_path / "order.sqlite3", lane=True)
    try:
        await store.append("r", [b"0"], 0)
        # When an append goes to the lane, and in the same turn a read and a version of the room are asked
        pending = store.append("r", [b"1"], 1)
        assert "r" in store._lane_rooms
        records, version = await asyncio.gather(store.read("r"), store.version("r"))
        # Then both see that append
        assert [r.data for r in records] == [b"0", b"1"] and version == 2
        assert await pending == 2
    finally:
        await store.close()


@needs_lane
async def test_the_lane_commits_while_the_event_loop_holds_the_gil(tmp_path):
    # Given a room with a log, and a switch interval so long that no other thread that needs the GIL runs
    store = EmbeddedStore(tmp_path / "gil.sqlite3", lane=True)
    try:
        await store.append("r", [b"0"], 0)
        appender = store._appender
        interval = sys.getswitchinterval()
        sys.setswitchinterval(30.0)
        try:
            # When the room appends and this thread then spins (holding the GIL, the event loop not running)
            pending = store.append("r", [b"1"], 1)
            store._desk.wake()
            deadline = time.monotonic() + 5
            while appender.commits == 0 and time.monotonic() < deadline:
                pass
        finally:
            sys.setswitchinterval(interval)
        # Then the lane committed meanwhile: it never needed the GIL
        assert appender.commits == 1
        assert await pending == 2
    finally:
        await store.close()


@needs_lane
async def test_snapshots_first_records_and_reads_keep_working_beside_the_lane(tmp_path):
    store = EmbeddedStore(tmp_path / "mixed.sqlite3", lane=True)
    try:
        await store.append("r", [b"0"], 0)
        await store.append("r", [b"1", b"2"], 1)
        await store.save_snapshot("r", Snapshot(3, b"snap"))
        assert await store.append("r", [b"3"], 3) == 4
        assert await store.version("r") == 4
        assert (await store.load_snapshot("r")) == Snapshot(3, b"snap")
        assert [r.version for r in await store.read("r", 2)] == [3, 4]
        assert await store.claim_code("ABCD", "r") and await store.room_for_code("ABCD") == "r"
        await store.close_room("r")
        assert await store.open_rooms() == []
    finally:
        await store.close()


# --- the twins: the same operations give the same rows and the same answers ---------------------------

_record = st.binary(max_size=300)
_append = st.tuples(st.integers(0, 3), st.lists(_record, min_size=1, max_size=4), st.integers(-1, 1))
_turns = st.lists(st.lists(_append, min_size=1, max_size=6), min_size=1, max_size=8)


async def _play(path: Path, lane: bool, turns: list) -> list:
    """Run ``turns`` (each a list of appends made in one turn of the loop) and return every answer."""
    store = EmbeddedStore(path, lane=lane)
    versions = {room: 0 for room in range(4)}
    answers = []
    try:
        for turn in turns:
            calls = []
            for room, records, skew in turn:  # skew: at the version known, or one off (a conflict)
                calls.append(store.append(f"room-{room}", records, max(0, versions[room] + skew)))
            results = await asyncio.gather(*calls, return_exceptions=True)
            for (room, _, _), result in zip(turn, results):
                if isinstance(result, int):
                    versions[room] = max(versions[room], result)
                answers.append(result if isinstance(result, int) else type(result).__name__)
    finally:
        await store.close()
    return answers


@needs_lane
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(turns=_turns)
def test_the_lane_and_the_python_writer_store_the_same_rows_and_answer_the_same(tmp_path, turns):
    lane_path = tmp_path / f"lane-{os.urandom(4).hex()}.sqlite3"
    python_path = tmp_path / f"python-{os.urandom(4).hex()}.sqlite3"
    with_lane = asyncio.run(_play(lane_path, True, turns))
    without = asyncio.run(_play(python_path, False, turns))
    assert with_lane == without
    assert _rows(lane_path) == _rows(python_path)


def _lane_in_a_fresh_process(pure: str) -> list[str]:
    """Whether the lane is there, whether a default store uses it, and the metric that says so."""
    code = ("from server import fastlane; from server.store.embedded import EmbeddedStore; import tempfile, os\n"
            "from server.metrics import Metrics\n"
            "s = EmbeddedStore(os.path.join(tempfile.mkdtemp(), 'x.sqlite3'))\n"
            "print(fastlane.Appender is None, s.lane)\n"
            "print([l for l in Metrics().render()[0].decode().splitlines() if l.startswith('pizzanight_append_lane ')][0])")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**os.environ, fastlane.PURE_ENV: pure},
                         capture_output=True, text=True, timeout=60, check=True)
    return run.stdout.split()


def test_the_pure_twin_leaves_every_append_to_the_python_writer_and_metrics_say_so():
    assert _lane_in_a_fresh_process("1") == ["True", "False", "pizzanight_append_lane", "0.0"]


@needs_lane
def test_a_default_store_uses_the_lane_when_it_was_built_and_metrics_say_so():
    assert _lane_in_a_fresh_process("0") == ["False", "True", "pizzanight_append_lane", "1.0"]


@needs_lane
def test_the_lane_asks_for_its_loop_once_and_another_loop_still_gets_its_answers(tmp_path, monkeypatch):
    # asyncio.get_running_loop makes a system call (getpid) each time on Python 3.11: on the lane's own
    # loop the store knows it is called from that loop (a thread runs one loop at a time) and does not ask.
    store = EmbeddedStore(tmp_path / "loops.sqlite3", lane=True)
    real, asked = asyncio.get_running_loop, []
    monkeypatch.setattr(asyncio, "get_running_loop", lambda: asked.append(1) or real())

    async def on_the_lanes_loop() -> list[int]:
        answers = [await store.append("r", [b"first"], 0)]  # the room's first record: the Python writer
        for version in (1, 2, 3):
            answers.append(await store.append("r", [b"next"], version))
        return answers

    assert asyncio.run(on_the_lanes_loop()) == [1, 2, 3, 4]
    assert len(asked) == 1 and store._appender.appends == 3

    async def on_another_loop() -> tuple[int, int]:
        # the lane's loop has ended: this loop is asked for, and its append goes to the Python writer
        try:
            return await store.append("r", [b"later"], 4), store._appender.appends
        finally:
            await store.close()

    assert asyncio.run(on_another_loop()) == (5, 3)
    assert len(asked) == 2
    db = sqlite3.connect(tmp_path / "loops.sqlite3")
    try:
        assert [row[0] for row in db.execute("SELECT data FROM events WHERE room = 'r' ORDER BY version")] == [
            b"first", b"next", b"next", b"next", b"later"]
    finally:
        db.close()


@needs_lane
def test_an_append_from_a_loop_on_another_thread_goes_to_the_python_writer_and_is_answered_there(tmp_path):
    # Given the lane answering on a loop that runs on a thread of its own
    store = EmbeddedStore(tmp_path / "threads.sqlite3", lane=True)
    lane_loop = asyncio.new_event_loop()
    thread = threading.Thread(target=lane_loop.run_forever, daemon=True)
    thread.start()

    async def append(room: str, data: bytes, version: int) -> int:
        return await store.append(room, [data], version)

    try:
        assert asyncio.run_coroutine_threadsafe(append("a", b"first", 0), lane_loop).result(5) == 1
        assert store._desk.loop is lane_loop

        # When this thread's own loop appends while that loop runs
        # Then it is answered on this loop (by the Python writer), and the lane's loop goes on
        assert asyncio.run(asyncio.wait_for(append("b", b"mine", 0), 5)) == 1
        assert asyncio.run_coroutine_threadsafe(append("a", b"next", 1), lane_loop).result(5) == 2
        assert store._appender.appends == 1
    finally:
        asyncio.run_coroutine_threadsafe(store.close(), lane_loop).result(5)
        lane_loop.call_soon_threadsafe(lane_loop.stop)
        thread.join(5)
        lane_loop.close()
