"""The store contract (server/store/base.py), run against every backend.

Each test reads given / when / then.  The hypothesis test checks the one
invariant everything else rests on: whatever sequence of appends is tried,
the log holds exactly the accepted records, in order, with no gaps.
"""

from __future__ import annotations

import asyncio
import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.store.base import Record, Snapshot, VersionConflict

_rooms = itertools.count(1)


async def test_a_new_room_is_empty(store):
    # given a store that never heard of the room
    # then its version is 0 and it reads nothing
    assert await store.version("R1") == 0
    assert await store.read("R1") == []


async def test_append_at_the_expected_version_extends_the_log(store):
    # given two records stored
    assert await store.append("R1", [b"a", b"b"], 0) == 2
    # when one more is appended at version 2
    version = await store.append("R1", [b"c"], 2)
    # then the log holds all three, numbered from 1
    assert version == 3
    assert await store.version("R1") == 3
    assert await store.read("R1") == [Record(1, b"a"), Record(2, b"b"), Record(3, b"c")]


async def test_append_at_a_stale_version_conflicts_and_writes_nothing(store):
    # given a log at version 2
    await store.append("R1", [b"a", b"b"], 0)
    # when a writer that believes the log is at version 1 appends
    with pytest.raises(VersionConflict) as caught:
        await store.append("R1", [b"x"], 1)
    # then it is told the real version and nothing was written
    assert (caught.value.expected, caught.value.actual) == (1, 2)
    assert [r.data for r in await store.read("R1")] == [b"a", b"b"]


async def test_append_ahead_of_the_log_conflicts(store):
    # given an empty log, when a writer appends at version 5, then it conflicts
    with pytest.raises(VersionConflict):
        await store.append("R1", [b"a"], 5)
    assert await store.version("R1") == 0


async def test_read_from_a_version_returns_only_later_records(store):
    # given five records
    await store.append("R1", [b"1", b"2", b"3", b"4", b"5"], 0)
    # when reading from version 3, then records 4 and 5 come back
    assert await store.read("R1", 3) == [Record(4, b"4"), Record(5, b"5")]
    assert await store.read("R1", 5) == []


async def test_records_keep_arbitrary_bytes(store):
    # given records with zero bytes, high bytes and an empty record
    data = [bytes(range(256)), b"", b"\x00\xff\x00"]
    # when stored and read back, then they are byte-identical
    await store.append("R1", data, 0)
    assert [r.data for r in await store.read("R1")] == data


async def test_rooms_are_independent(store):
    # given two rooms written in turn
    await store.append("R1", [b"a"], 0)
    await store.append("R2", [b"x", b"y"], 0)
    # then each has its own log and version
    assert await store.version("R1") == 1
    assert [r.data for r in await store.read("R2")] == [b"x", b"y"]


async def test_concurrent_writers_at_the_same_version_one_wins(store):
    # given a log at version 1
    await store.append("R1", [b"a"], 0)
    # when ten writers race to append at version 1
    results = await asyncio.gather(
        *(store.append("R1", [f"w{i}".encode()], 1) for i in range(10)), return_exceptions=True
    )
    # then exactly one succeeds and the others conflict
    wins = [r for r in results if r == 2]
    assert len(wins) == 1
    assert all(isinstance(r, VersionConflict) for r in results if r != 2)
    assert await store.version("R1") == 2


async def test_the_newest_snapshot_wins(store):
    # given no snapshot, then none loads
    assert await store.load_snapshot("R1") is None
    # when snapshots at versions 10 then 20 are saved
    await store.save_snapshot("R1", Snapshot(10, b"ten"))
    await store.save_snapshot("R1", Snapshot(20, b"twenty"))
    # then the one at 20 loads
    assert await store.load_snapshot("R1") == Snapshot(20, b"twenty")


async def test_an_older_snapshot_never_replaces_a_newer_one(store):
    # given a snapshot at version 20
    await store.save_snapshot("R1", Snapshot(20, b"twenty"))
    # when a late writer saves one at version 10
    await store.save_snapshot("R1", Snapshot(10, b"ten"))
    # then the newest one is kept (Store.save_snapshot: the newest wins)
    assert await store.load_snapshot("R1") == Snapshot(20, b"twenty")


async def test_a_join_code_is_claimed_once(store):
    # given code BCDF claimed for room R1
    assert await store.claim_code("BCDF", "R1") is True
    # when another room claims it, then it is refused
    assert await store.claim_code("BCDF", "R2") is False
    # and the code still points to R1
    assert await store.room_for_code("BCDF") == "R1"
    assert await store.room_for_code("ZZZZ") is None


async def test_a_released_code_can_be_claimed_again(store):
    # given a claimed code, when released, then it points nowhere and is free
    await store.claim_code("BCDF", "R1")
    await store.release_code("BCDF")
    assert await store.room_for_code("BCDF") is None
    assert await store.claim_code("BCDF", "R2") is True
    assert await store.room_for_code("BCDF") == "R2"


async def test_open_rooms_lists_written_rooms_until_closed(store):
    # given two rooms with records
    await store.append("R1", [b"a"], 0)
    await store.append("R2", [b"a"], 0)
    assert sorted(await store.open_rooms()) == ["R1", "R2"]
    # when R1 is closed
    await store.close_room("R1")
    # then only R2 is open, and R1's log can still be read
    assert await store.open_rooms() == ["R2"]
    assert [r.data for r in await store.read("R1")] == [b"a"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    attempts=st.lists(
        st.tuples(st.integers(min_value=-1, max_value=2), st.lists(st.binary(max_size=8), min_size=1, max_size=3)),
        min_size=1,
        max_size=12,
    )
)
async def test_the_log_is_exactly_the_accepted_appends(store, attempts):
    # given a fresh room for this example
    room = f"H{next(_rooms)}"
    expected: list[bytes] = []
    for offset, records in attempts:
        # when a writer appends at the true version shifted by offset
        at = len(expected) + offset
        if at < 0:
            continue
        try:
            version = await store.append(room, records, at)
        except VersionConflict:
            # then a conflict happens only off the true version
            assert offset != 0
        else:
            assert offset == 0
            expected.extend(records)
            assert version == len(expected)
    # then the log is the accepted records, numbered 1..n without gaps
    log = await store.read(room)
    assert [r.data for r in log] == expected
    assert [r.version for r in log] == list(range(1, len(expected) + 1))
