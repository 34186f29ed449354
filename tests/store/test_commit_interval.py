"""The embedded store's group commit.

By default (interval 0) an append that finds the writer idle commits at once, and the appends that
arrive while a commit is in flight share the next one.  With ``commit_interval`` set, it spaces its
commits under load (other rooms appending), and never delays an append after a quiet spell, nor one
room's moves that follow each other.

These tests are about the store's Python writer, so their stores run without the compiled append lane
(``lane=False``): the lane is its own writer, tested in test_append_lane.py."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from server.store import open_store
from server.store.base import Snapshot, StoreError, VersionConflict
from server.store.embedded import EmbeddedStore


async def test_appends_that_come_during_the_interval_share_one_commit(tmp_path):
    # Given a store whose commits are at least 200 ms apart, that has just committed
    store = EmbeddedStore(tmp_path / "s.sqlite3", commit_interval=0.2)
    try:
        await store.append("r0", [b"first"], 0)
        assert store.commits == 1
        # When five rooms append within that interval
        versions = await asyncio.gather(*(store.append(f"r{i}", [b"x"], 0) for i in range(1, 6)))
        # Then they were stored in one more commit, each at its version
        assert versions == [1] * 5
        assert store.commits == 2 and store.appends == 6 and store.delayed == 1
        assert [r.data for r in await store.read("r3")] == [b"x"]
    finally:
        await store.close()


async def test_an_append_after_a_quiet_spell_commits_at_once(tmp_path):
    store = EmbeddedStore(tmp_path / "q.sqlite3", commit_interval=0.2)
    try:
        await store.append("r", [b"a"], 0)
        await asyncio.sleep(0.3)  # longer than the interval: nothing to wait for
        await store.append("r", [b"b"], 1)
        assert store.commits == 2 and store.delayed == 0
    finally:
        await store.close()


async def test_one_rooms_appends_in_a_row_never_wait(tmp_path):
    # Given one room alone, appending again as soon as each append returns (bots playing fast)
    store = EmbeddedStore(tmp_path / "one.sqlite3", commit_interval=0.2)
    try:
        for version in range(5):
            await store.append("r", [b"m"], version)
        # Then no commit waited: nothing else could have joined it
        assert store.commits == 5 and store.delayed == 0
        # But when a second room appends within the interval, that one waits for company
        await store.append("s", [b"m"], 0)
        assert store.delayed == 1
    finally:
        await store.close()


def test_the_store_url_sets_the_interval(tmp_path):
    store = open_store(f"{tmp_path}/u.sqlite3?commit_interval_ms=5")
    try:
        assert isinstance(store, EmbeddedStore) and store.commit_interval == 0.005
    finally:
        asyncio.run(store.close())


async def test_snapshots_waiting_go_in_the_appends_commit(tmp_path):
    # Given a store that has just committed (so the next commit gathers what comes meanwhile)
    store = EmbeddedStore(tmp_path / "snap.sqlite3", commit_interval=0.2)
    try:
        await store.append("r0", [b"first"], 0)
        # When two rooms append and one of them saves a snapshot within the interval
        await asyncio.gather(
            store.append("r1", [b"x"], 0), store.append("r2", [b"y"], 0), store.save_snapshot("r0", Snapshot(1, b"s1"))
        )
        # Then all three were stored by one more commit (the snapshot has no commit of its own)
        assert store.commits == 2 and store.appends == 3
        assert await store.load_snapshot("r0") == Snapshot(1, b"s1")
        # And an older snapshot saved later does not replace it, alone in its commit
        await store.save_snapshot("r0", Snapshot(0, b"older"))
        assert await store.load_snapshot("r0") == Snapshot(1, b"s1")
        assert store.commits == 3 and store.appends == 3
    finally:
        await store.close()


# --- the default (interval 0): answer when nothing waits (issue 26) ---------------------------


async def test_by_default_appends_from_many_rooms_commit_at_once_when_the_writer_is_idle(tmp_path):
    # Given the default store
    store = EmbeddedStore(tmp_path / "idle.sqlite3", lane=False)
    try:
        assert store.commit_interval == 0
        # When rooms append one after another, each once the one before returned
        for i in range(6):
            assert await store.append(f"r{i % 3}", [b"m"], i // 3) == i // 3 + 1
        # Then each was committed on its own, none waited for company
        assert store.commits == 6 and store.appends == 6 and store.delayed == 0
    finally:
        await store.close()


async def test_by_default_appends_that_arrive_during_a_commit_share_the_next_one(tmp_path):
    # Given the default store whose writer is busy (a long piece of work, as a commit's fsync is)
    store = EmbeddedStore(tmp_path / "busy.sqlite3", lane=False)
    release = threading.Event()
    try:
        busy = asyncio.ensure_future(store._run_in_thread(lambda db: release.wait(5)))
        await asyncio.sleep(0.05)
        # When five rooms append and a snapshot is saved meanwhile
        appends = asyncio.gather(
            *(store.append(f"r{i}", [b"x", b"y"], 0) for i in range(5)), store.save_snapshot("r0", Snapshot(2, b"s"))
        )
        await asyncio.sleep(0.05)
        assert store.commits == 0  # nothing is acknowledged before it is committed
        release.set()
        await busy
        # Then they were all written by one commit as soon as the writer was free, each at its version
        assert (await appends)[:5] == [2] * 5
        assert store.commits == 1 and store.appends == 5 and store.delayed == 0
        assert [r.data for r in await store.read("r4")] == [b"x", b"y"]
        assert await store.load_snapshot("r0") == Snapshot(2, b"s")
    finally:
        release.set()
        await store.close()


async def test_by_default_a_conflict_in_a_shared_commit_fails_only_its_own_append(tmp_path):
    store = EmbeddedStore(tmp_path / "conflict.sqlite3", lane=False)
    release = threading.Event()
    try:
        await store.append("a", [b"1"], 0)
        busy = asyncio.ensure_future(store._run_in_thread(lambda db: release.wait(5)))
        await asyncio.sleep(0.05)
        stale = asyncio.ensure_future(store.append("a", [b"2"], 0))  # expected 0, but "a" is at 1
        fine = asyncio.ensure_future(store.append("b", [b"1"], 0))
        await asyncio.sleep(0.05)
        release.set()
        await busy
        with pytest.raises(VersionConflict):
            await stale
        assert await fine == 1
        assert store.commits == 2 and [r.data for r in await store.read("a")] == [b"1"]
    finally:
        release.set()
        await store.close()


# --- one hand-over per turn of the event loop ------------------------------------------------------


async def test_appends_made_in_one_loop_turn_reach_the_writer_together_and_share_one_commit(tmp_path):
    # Given the default store, its writer idle
    store = EmbeddedStore(tmp_path / "turn.sqlite3", lane=False)
    try:
        # When three rooms append in one turn of the loop (a turn that handled three rooms' moves),
        # with time for an idle writer to start a commit between them
        first = store.append("r0", [b"m"], 0)
        time.sleep(0.05)  # the GIL is free: a writer woken by the first append would commit it alone now
        rest = [store.append(f"r{i}", [b"m"], 0) for i in (1, 2)]
        # Then nothing was committed before the turn ended, and all three went in one commit
        assert store.commits == 0
        assert await asyncio.gather(first, *rest) == [1, 1, 1]
        assert store.commits == 1 and store.appends == 3
    finally:
        await store.close()


async def test_a_read_asked_after_an_append_in_the_same_turn_sees_it(tmp_path):
    store = EmbeddedStore(tmp_path / "order.sqlite3", lane=False)
    try:
        appended = store.append("r", [b"a", b"b"], 0)
        read = asyncio.ensure_future(store.read("r"))
        version = asyncio.ensure_future(store.version("r"))
        assert await appended == 2
        assert [r.data for r in await read] == [b"a", b"b"] and await version == 2
    finally:
        await store.close()


async def test_an_append_handed_over_in_the_closing_turn_is_still_stored(tmp_path):
    path = tmp_path / "closing.sqlite3"
    store = EmbeddedStore(path, lane=False)
    appended = store.append("r", [b"last"], 0)
    await store.close()  # in the same turn: the append is handed over before the writer stops
    assert await appended == 1
    again = EmbeddedStore(path, lane=False)
    try:
        assert [r.data for r in await again.read("r")] == [b"last"]
    finally:
        await again.close()


# --- as few statements as a commit needs -------------------------------------------------------------


async def _statements(store: EmbeddedStore) -> list[str]:
    """The SQL the writer runs from now on, as SQLite's trace callback reports it (a live list)."""
    seen: list[str] = []
    await store._run_in_thread(lambda db: db.set_trace_callback(seen.append))
    return seen


async def test_a_batch_of_rooms_with_logs_is_one_insert_in_autocommit(tmp_path):
    # Given three rooms that have logs already
    store = EmbeddedStore(tmp_path / "one.sqlite3", lane=False)
    try:
        await asyncio.gather(*(store.append(f"r{i}", [b"first"], 0) for i in range(3)))
        seen = await _statements(store)
        # When each appends again in one turn of the loop
        versions = await asyncio.gather(*(store.append(f"r{i}", [b"a", b"b"], 1) for i in range(3)))
        # Then the writer ran a single statement for them (no BEGIN, no COMMIT), and all is stored
        assert versions == [3, 3, 3]
        assert [sql.split(" VALUES")[0] for sql in seen] == ["INSERT INTO events (room, version, data)"]
        for i in range(3):
            assert [(r.version, r.data) for r in await store.read(f"r{i}")] == [(1, b"first"), (2, b"a"), (3, b"b")]
    finally:
        await store.close()


async def test_a_batch_too_big_for_one_statement_is_one_transaction(tmp_path):
    from server.store.embedded import ONE_STATEMENT_ROWS

    store = EmbeddedStore(tmp_path / "big.sqlite3", lane=False)
    rooms = ONE_STATEMENT_ROWS + 6
    try:
        await asyncio.gather(*(store.append(f"r{i}", [b"first"], 0) for i in range(rooms)))
        seen = await _statements(store)
        commits = store.commits
        versions = await asyncio.gather(*(store.append(f"r{i}", [b"a", b"b"], 1) for i in range(rooms)))
        assert versions == [3] * rooms and store.commits == commits + 1
        assert seen[0] == "BEGIN IMMEDIATE" and seen[-1] == "COMMIT"
        assert sum(sql.startswith("INSERT INTO events") for sql in seen) == 3  # 2 x 70 rows, 64 a statement
        assert [r.data for r in await store.read(f"r{rooms - 1}")] == [b"first", b"a", b"b"]
    finally:
        await store.close()


async def test_a_failed_one_statement_commit_fails_and_stores_every_append_in_it(tmp_path):
    # Given two rooms with logs, and a row slipped into room "a"'s log behind the store's back
    store = EmbeddedStore(tmp_path / "atomic.sqlite3", lane=False)
    try:
        await asyncio.gather(store.append("a", [b"1"], 0), store.append("b", [b"1"], 0))
        await store._run_in_thread(lambda db: db.execute("INSERT INTO events VALUES ('a', 2, x'00')"))
        # When both append in one turn (the store still takes "a" to be at version 1)
        results = await asyncio.gather(store.append("a", [b"2"], 1), store.append("b", [b"2"], 1), return_exceptions=True)
        # Then the one statement failed as a whole: both appends fail, and "b" stored nothing
        assert all(isinstance(r, StoreError) and "commit failed" in str(r) for r in results)
        assert [r.data for r in await store.read("b")] == [b"1"]
        # And the writer goes on: the next append of "b" commits
        assert await store.append("b", [b"2"], 1) == 2
    finally:
        await store.close()
