"""The embedded store spaces its commits under load (other rooms appending), and never delays an
append after a quiet spell, nor one room's moves that follow each other."""

from __future__ import annotations

import asyncio

from server.store import open_store
from server.store.base import Snapshot
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
