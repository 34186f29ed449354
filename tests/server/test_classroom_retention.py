"""An ended class's reports: readable by its teacher until the retention is over or the teacher
deletes them, across a restart (issue 12, item 5: "the teacher sees when the session and its
reports are deleted").  Time moves through the class registry's clock, never by sleeping."""

from __future__ import annotations

import asyncio
import time
from datetime import datetime

import attrs
import httpx
from test_classroom import OPTIONS, join, open_class

from hubserver import start_server

DAY = 86_400


async def _ended_class(http: httpx.AsyncClient, retention_days: int = 30) -> tuple[str, dict, list[str]]:
    """A class of Ada and Ben who played one deal, then ended by the teacher; the tables' room ids."""
    code, teacher = await open_class(http, {**OPTIONS, "retention_days": retention_days})
    for name in ("Ada", "Ben"):
        await join(http, code, name)
    assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
    ended = await http.post(f"/api/classes/{code}/end", headers=teacher)
    assert ended.status_code == 200, ended.text
    assert ended.json()["kept_days"] == retention_days
    return code, teacher, []


async def _all_deleted(store, logs: list[str]) -> bool:
    """Whether every log is gone (Redis expires a deleted log's keys within a second, so ask a few times)."""
    for _ in range(40):
        if [await store.version(log) for log in logs] == [0] * len(logs):
            return True
        await asyncio.sleep(0.1)
    return False


def _names(report: httpx.Response) -> list[str]:
    assert report.status_code == 200, report.text
    return sorted(row["name"] for row in report.json()["students"])


async def test_an_ended_class_keeps_its_reports_and_says_when_they_go(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        before = time.time()
        code, teacher, _ = await _ended_class(http, retention_days=7)
        assert _names(await http.get(f"/api/classes/{code}/report", headers=teacher)) == ["Ada", "Ben"]
        assert "Ada" in (await http.get(f"/api/classes/{code}/report.csv", headers=teacher)).text
        board = (await http.get(f"/api/classes/{code}/dashboard", headers=teacher)).json()
        assert board["closed"] == "teacher" and board["tables"] == []
        assert board["waiting"] == []  # an ended class deals no next game: nobody waits for one
        closed_at = datetime.fromisoformat(board["closed_at"]).timestamp()
        assert before - 1 <= closed_at <= time.time() + 1
        assert datetime.fromisoformat(board["deletes_at"]).timestamp() == closed_at + 7 * DAY
        # Read-only: nobody joins, the teacher changes nothing; only the teacher's token reads it.
        assert (await http.post(f"/api/classes/{code}/join", json={"name": "Cleo"})).status_code == 410
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 410
        assert (await http.get(f"/api/classes/{code}/report")).status_code == 403
        stranger = {"Authorization": "Bearer not-the-teacher"}
        assert (await http.get(f"/api/classes/{code}/report", headers=stranger)).status_code == 403


async def test_an_ended_classs_reports_survive_a_restart(store_url):
    running = await start_server(store_url)
    async with httpx.AsyncClient(base_url=running.http) as http:
        code, teacher, _ = await _ended_class(http)
        deletes_at = (await http.get(f"/api/classes/{code}/dashboard", headers=teacher)).json()["deletes_at"]
        report = (await http.get(f"/api/classes/{code}/report", headers=teacher)).json()
        report.pop("generated_at")  # computed each time it is asked for
    await running.stop()
    running = await start_server(store_url)
    try:
        async with httpx.AsyncClient(base_url=running.http) as http:
            again = await http.get(f"/api/classes/{code}/report", headers=teacher)
            assert again.status_code == 200
            # the same report, with the same times (the class log keeps when each table version was stored)
            assert {k: v for k, v in again.json().items() if k != "generated_at"} == report
            board = (await http.get(f"/api/classes/{code}/dashboard", headers=teacher)).json()
            assert (board["closed"], board["deletes_at"]) == ("teacher", deletes_at)
            assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 410
    finally:
        await running.stop()


async def test_the_reports_are_deleted_when_the_retention_is_over(server):
    classes = server.app.state.classes
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher, _ = await _ended_class(http, retention_days=3)
        klass = classes.find(code).klass
        logs = [klass.id, *(t.room for t in klass.tables)]
        assert all([await server.hub.store.version(log) > 0 for log in logs])

        now = time.time()
        classes.clock = lambda: now + 3 * DAY - 60  # a minute before: still there
        assert (await http.get(f"/api/classes/{code}/report", headers=teacher)).status_code == 200
        await classes.sweep()
        assert (await http.get(f"/api/classes/{code}/report", headers=teacher)).status_code == 200

        classes.clock = lambda: now + 3 * DAY + 60  # a minute after: gone, logs and all
        await classes.sweep()
        assert (await http.get(f"/api/classes/{code}/report", headers=teacher)).status_code == 404
        assert (await http.get(f"/api/classes/{code}/dashboard", headers=teacher)).status_code == 404
        assert await _all_deleted(server.hub.store, logs)
        assert await server.hub.store.room_for_code(code) is None  # the code is free again


async def test_an_expired_class_asked_for_before_the_sweep_is_gone_too(server):
    classes = server.app.state.classes
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher, _ = await _ended_class(http, retention_days=1)
        class_id = classes.find(code).klass.id
        classes.clock = lambda: time.time() + 2 * DAY
        assert (await http.get(f"/api/classes/{code}/report", headers=teacher)).status_code == 404
        assert code not in classes.by_code
        assert await _all_deleted(server.hub.store, [class_id])  # the deletion runs beside the request


async def test_a_restarted_hub_deletes_the_classes_whose_retention_passed(store_url):
    running = await start_server(store_url)
    async with httpx.AsyncClient(base_url=running.http) as http:
        code, teacher, _ = await _ended_class(http, retention_days=1)
        class_id = running.app.state.classes.find(code).klass.id
    await running.stop()
    running = await start_server(store_url)
    try:
        classes = running.app.state.classes
        async with httpx.AsyncClient(base_url=running.http) as http:  # loaded again (a cluster hub: when asked)
            assert (await http.get(f"/api/classes/{code}/report", headers=teacher)).status_code == 200
        assert code in classes.by_code
        classes.clock = lambda: time.time() + 2 * DAY
        await classes.sweep()
        assert code not in classes.by_code
        assert await _all_deleted(running.hub.store, [class_id])
    finally:
        await running.stop()


async def test_delete_now_removes_an_ended_class_at_once(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher, _ = await _ended_class(http)
        klass = server.app.state.classes.find(code).klass
        deleted = await http.delete(f"/api/classes/{code}", headers=teacher)
        assert deleted.json() == {"ok": True, "deleted": True}
        assert (await http.get(f"/api/classes/{code}/report", headers=teacher)).status_code == 404
        assert await _all_deleted(server.hub.store, [klass.id, *(t.room for t in klass.tables)])


def test_every_class_event_reloads_from_its_stored_record():
    """Given one of each class event, when stored and read back, then it is the same event.

    (A float time in a rejected attempt once made the wire codec refuse the record,
    so a class with a refused move could not be loaded again after a restart.)
    """
    from server.classroom import state as s
    from server.classroom.store import decode, encode

    samples = [
        s.ClassOpened(id="class-1", code="BCDF", teacher_hash="h", secret="x", options={"level": "easy"}, at=1_764_000_000),
        s.StudentJoined(student=0, name="Ada", token_hash="t"),
        s.StudentRenamed(student=0, name="Ana"),
        s.StudentRemoved(student=0),
        s.StudentMoved(student=0, table=1),
        s.OptionsChanged(options={"dots": [1]}, table=2),
        s.TableOpened(table=1, room="r", code="GHJK", students=(0, 1), place=0),
        s.StudentSeated(student=2, table=1),
        s.TableClosed(table=1),
        s.AttemptRejected(student=0, table=1, code="split/amounts_differ", at_ms=1_764_000_000_123, version=9,
                          command="TakeTrick", hand=(3,), table_cards=(4, 5)),
        s.HintGiven(student=0, table=1),
        s.ClassPaused(paused=True),
        s.ClassClosed(reason="teacher", at=1_764_000_000),
        s.HandoverCodeIssued(student=0, code_hash="c", expires=1_764_000_600),
        s.StudentDeviceChanged(student=0, token_hash="t2", device=1),
        s.AttemptRejected(student=0, table=1, code="trick/amounts_differ", at_ms=1_764_000_000_123, version=9,
                          command="TakeTrick", hand=(3,), table_cards=(4,), relation="equivalent_fractions",
                          relations=("equivalent_fractions", "toppings_matched"),
                          params={"hand_sum": "3/4", "table_sum": "5/8", "hand_count": 1}),
        s.LevelChanged(table=1, before=(1, 2, 3), after=(1, 2), by="auto",
                       reasons=({"reason": "misses", "count": 3, "of": 5, "relation": "same_card"},), at=1_764_000_000),
        s.TimesNoted(room="r", starts=(2, 5), ends=(4, 5), at_ms=(1_764_000_000_123, 1_764_000_001_000)),
    ]
    assert {type(e) for e in samples} == set(s.CLASS_EVENTS)
    for event in samples:
        assert decode(encode(event)) == event


async def test_an_ended_class_outlives_the_stores_expiry_of_idle_logs(server):
    # Redis drops a log nobody appended to for two days (idle_ttl); an ended class is never appended
    # to again, yet its teacher reads its reports for the whole retention
    # (the embedded store never expires an open log: there only the reports are read back)
    store = server.hub.store
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher, _ = await _ended_class(http, retention_days=30)
        class_id = await store.room_for_code(code)  # a look-up by code must not shorten the code's life either
        assert class_id is not None
        if hasattr(store, "idle_ttl_ms"):
            kept_ms = 30 * DAY * 1000
            assert await store.client.pttl(store.keys(class_id).log) > kept_ms > store.idle_ttl_ms
            assert await store.client.pttl(store._code_key(code)) > kept_ms
        assert _names(await http.get(f"/api/classes/{code}/report", headers=teacher)) == ["Ada", "Ben"]


async def test_a_class_nobody_uses_for_a_week_ends_by_itself_and_keeps_its_reports(server):
    # A teacher who never presses End must not leave the students' names in the store for ever; a class
    # that rests over a weekend between two lessons must not end (docs/classroom.md "When a class ends").
    classes = server.app.state.classes
    async with httpx.AsyncClient(base_url=server.http) as http:
        before = time.time()
        code, teacher = await open_class(http, {**OPTIONS, "retention_days": 3})
        for name in ("Ada", "Ben"):
            await join(http, code, name)
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        board = (await http.get(f"/api/classes/{code}/dashboard", headers=teacher)).json()
        idle_ends_at = datetime.fromisoformat(board["idle_ends_at"]).timestamp()
        assert before + 7 * DAY - 1 <= idle_ends_at <= time.time() + 7 * DAY + 1
        assert board["closed"] is None and board["deletes_at"] is None

        now = time.time()
        classes.clock = lambda: now + 4 * DAY  # a long weekend: still running, and its log kept alive
        await classes.sweep()
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code != 410
        if hasattr(server.hub.store, "idle_ttl_ms"):  # Redis drops a log nobody appended to for two days
            log_ms = await server.hub.store.client.pttl(server.hub.store.keys(classes.find(code).klass.id).log)
            assert log_ms > 7 * DAY * 1000 > server.hub.store.idle_ttl_ms

        classes.clock = lambda: idle_ends_at + 60  # a week of nobody: ended, as if by the teacher
        await classes.sweep()
        board = (await http.get(f"/api/classes/{code}/dashboard", headers=teacher)).json()
        assert board["closed"] == "idle" and board["idle_ends_at"] is None and board["tables"] == []
        closed_at = datetime.fromisoformat(board["closed_at"]).timestamp()
        assert closed_at == int(idle_ends_at + 60)
        assert datetime.fromisoformat(board["deletes_at"]).timestamp() == closed_at + 3 * DAY
        assert _names(await http.get(f"/api/classes/{code}/report", headers=teacher)) == ["Ada", "Ben"]
        assert (await http.post(f"/api/classes/{code}/join", json={"name": "Cleo"})).status_code == 410


async def test_using_a_class_puts_off_its_end(server):
    classes = server.app.state.classes
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http)
        actor = classes.find(code)
        actor.touched_at -= 6 * DAY  # opened and last used six days ago ...
        actor.klass = attrs.evolve(actor.klass, used_at=actor.klass.used_at - 6 * DAY)
        assert actor.idle_ends_at() <= time.time() + DAY
        await join(http, code, "Ada")  # ... and a student joins today
        board = (await http.get(f"/api/classes/{code}/dashboard", headers=teacher)).json()
        assert datetime.fromisoformat(board["idle_ends_at"]).timestamp() >= time.time() + 7 * DAY - 5


def test_a_class_log_tells_when_it_was_last_used():
    from server.classroom import state as s

    klass = s.evolve(s.Class(), s.ClassOpened(id="class-1", code="BCDF", teacher_hash="h", secret="x", options={}, at=1_000))
    assert klass.used_at == 1_000
    klass = s.evolve(klass, s.TimesNoted(room="r", starts=(1, 4), ends=(3, 4), at_ms=(1_500_900, 2_000_500)))
    assert klass.used_at == 2_000
    klass = s.evolve(klass, s.TimesNoted(room="q", starts=(1,), ends=(1,), at_ms=(1_200_000,)))  # an older table's
    assert klass.used_at == 2_000
    # a class opened before classes ended by themselves: its log holds no time
    old = s.evolve(s.Class(), s.ClassOpened(id="class-2", code="GHJK", teacher_hash="h", secret="x", options={}))
    assert old.used_at == 0


async def test_a_table_that_ends_on_its_own_is_kept_until_its_class_has_ended(server, monkeypatch):
    # Its game over and left, a table's room ends after the hub's idle time; the class's report reads
    # its log until the class has ended and its retention is over, not for the hub's one day of rooms.
    from server.classroom.state import TABLE_KEEP_SECONDS
    from server.classroom.tablehost import TableHost
    from server.lobby import CloseRoom

    store = server.hub.store
    kept: dict[str, int] = {}
    close_room = store.close_room

    async def noting(room: str, *, keep_seconds: int = 86_400) -> None:
        kept[room] = keep_seconds
        await close_room(room, keep_seconds=keep_seconds)

    monkeypatch.setattr(store, "close_room", noting)
    classes = server.app.state.classes
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http, {**OPTIONS, "retention_days": 30})
        for name in ("Ada", "Ben"):
            await join(http, code, name)
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        table = classes.find(code).klass.open_tables()[0]
        await TableHost(server.hub.rooms[table.room]).do(CloseRoom())  # as the idle check closes it
        for _ in range(50):
            if table.room in kept:
                break
            await asyncio.sleep(0.05)
        assert kept[table.room] == TABLE_KEEP_SECONDS > server.hub.config.keep_seconds

        assert (await http.post(f"/api/classes/{code}/end", headers=teacher)).status_code == 200
        assert kept[table.room] == 30 * DAY  # from the end: the class's retention
