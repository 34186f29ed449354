"""A class session across hubs: leased and fenced like a room, reached from any hub.

Given a class created on hub A, when students join and the teacher reads the
dashboard through either hub, then both answer for the same class (the
owner's); when A dies, B takes the class over from its log and keeps every
stored trick; a hub that lost the class can never append to its log again.
"""

from __future__ import annotations

import asyncio
import signal
import time

import httpx
import pytest

from server.classroom.state import StudentRenamed
from server.classroom.store import encode
from server.store.base import Fenced

from screens import Phone

pytestmark = [pytest.mark.redis, pytest.mark.timeout(240)]

OPTIONS = {"level": "easy", "table_size": 3, "reaction_ms": 0, "bots": True}
NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay")


async def open_class(http: httpx.AsyncClient) -> tuple[str, dict]:
    created = await http.post("/api/classes", json={"options": OPTIONS})
    assert created.status_code == 201, created.text
    return created.json()["code"], {"Authorization": f"Bearer {created.json()['token']}"}


async def join(http: httpx.AsyncClient, code: str, name: str) -> str:
    joined = await http.post(f"/api/classes/{code}/join", json={"name": name})
    assert joined.status_code == 201, joined.text
    return joined.json()["token"]


async def where(http: httpx.AsyncClient, code: str, token: str) -> dict:
    seat = await http.get(f"/api/classes/{code}/me", headers={"Authorization": f"Bearer {token}"})
    assert seat.status_code == 200, seat.text
    return seat.json()


def phone_for(nodes, at: int, seat: dict, name: str, seed: int) -> Phone:
    phone = Phone(nodes, at, seat["room"], name, seed)
    phone.token = seat["seat_token"]
    return phone


async def class_with_students(a: httpx.AsyncClient, b: httpx.AsyncClient) -> tuple[str, dict, dict[str, dict]]:
    """A class opened on A, three students joining through B and three through A, started through B."""
    code, teacher = await open_class(a)
    tokens = {name: await join(b if i % 2 == 0 else a, code, name) for i, name in enumerate(NAMES)}
    started = await b.post(f"/api/classes/{code}/start", headers=teacher)
    assert started.status_code == 200, started.text
    seats = {name: await where(a if i % 2 == 0 else b, code, token) for i, (name, token) in enumerate(tokens.items())}
    assert len({s["room"] for s in seats.values()}) == 2
    return code, teacher, seats


def trick_keys(report: dict) -> set[tuple]:
    return {(t["name"], t["table"], t["game"], t.get("version")) for t in report["tricks"]}


async def test_a_class_on_one_hub_is_joined_played_and_read_through_both(cluster, redis_url, store):
    nodes = cluster(redis_url, ["A", "B"])
    async with httpx.AsyncClient(base_url=nodes[0].http) as a, httpx.AsyncClient(base_url=nodes[1].http) as b:
        code, teacher, seats = await class_with_students(a, b)
        class_id = await store.room_for_code(code)
        assert await store.lease_owner(class_id) == "A"
        # the students' phones connect through both hubs and play to the end
        phones = [phone_for(nodes, i % 2, seat, name, i) for i, (name, seat) in enumerate(seats.items())]
        for phone in phones:
            await phone.connect()
        await asyncio.wait_for(asyncio.gather(*(p.play(timeout=120) for p in phones)), 130)
        # the dashboard reads the same through either hub
        boards = [(await h.get(f"/api/classes/{code}/dashboard", headers=teacher)).json() for h in (a, b)]
        assert [t["phase"] for t in boards[0]["tables"]] == ["finished", "finished"]
        assert [t["tricks"] for t in boards[0]["tables"]] == [t["tricks"] for t in boards[1]["tables"]]
        # and the report counts every trick of both tables, the same from both hubs
        reports = [(await h.get(f"/api/classes/{code}/report", headers=teacher)).json() for h in (a, b)]
        assert reports[0]["students"] == reports[1]["students"]
        rows = {row["name"]: row for row in reports[1]["students"]}
        assert set(rows) == set(NAMES) and all(row["games"] == 1 for row in rows.values())
        assert sum(row["tricks"] for row in rows.values()) == len(reports[1]["tricks"]) > 0
        assert sum(t["tricks"] for t in boards[1]["tables"]) == len(reports[1]["tricks"])
        csv = await b.get(f"/api/classes/{code}/report.csv", headers=teacher)
        assert csv.status_code == 200 and csv.headers["content-type"].startswith("text/csv")
        assert all(name in csv.text for name in NAMES)
        # nobody but A ever wrote the class's log
        assert await store.lease_owner(class_id) == "A"
        for phone in phones:
            await phone.drop()


async def test_killing_the_class_owner_moves_the_class_and_keeps_every_stored_trick(cluster, redis_url, store):
    nodes = cluster(redis_url, ["A", "B"])
    async with httpx.AsyncClient(base_url=nodes[0].http) as a, httpx.AsyncClient(base_url=nodes[1].http) as b:
        code, teacher, seats = await class_with_students(a, b)
        class_id = await store.room_for_code(code)
        phones = [phone_for(nodes, 1, seat, name, i) for i, (name, seat) in enumerate(seats.items())]
        for phone in phones:
            await phone.connect()
        playing = asyncio.gather(*(p.play(timeout=150) for p in phones))

        async def report() -> dict:
            answer = await b.get(f"/api/classes/{code}/report", headers=teacher, timeout=30)
            assert answer.status_code == 200, answer.text
            return answer.json()

        until = time.monotonic() + 60
        while not (before := await report())["tricks"]:
            assert time.monotonic() < until, "no trick before the kill"
            await asyncio.sleep(0.2)
        # when A (the class's owner and its tables') is killed mid-class
        nodes[0].kill()
        killed = time.monotonic()
        # then the teacher's dashboard comes back through B, which now owns the class
        board = await b.get(f"/api/classes/{code}/dashboard", headers=teacher, timeout=30)
        assert board.status_code == 200, board.text
        print(f"\n[class failover] kill -9 of the class owner -> dashboard through B: {time.monotonic() - killed:.2f} s")
        assert await store.lease_owner(class_id) == "B"
        after = await report()
        assert trick_keys(before) <= trick_keys(after)
        # the tables play on (on B) and the final report has every trick of both hubs' play
        await asyncio.wait_for(playing, 160)
        final = await report()
        assert trick_keys(after) <= trick_keys(final)
        assert sum(row["tricks"] for row in final["students"]) == len(final["tricks"])
        board = (await b.get(f"/api/classes/{code}/dashboard", headers=teacher)).json()
        assert {t["phase"] for t in board["tables"]} == {"finished"}
        # and a student can still find their seat through B
        for phone in phones:
            await phone.drop()


async def test_a_hub_that_lost_the_class_never_writes_it(cluster, redis_url, store):
    nodes = cluster(redis_url, ["A", "B"])
    async with httpx.AsyncClient(base_url=nodes[0].http) as a, httpx.AsyncClient(base_url=nodes[1].http) as b:
        code, teacher = await open_class(a)
        await join(a, code, "Ada")
        class_id = await store.room_for_code(code)
        old_fence = await store.fence_token(class_id)
        # given A paused past its lease, B takes the class over when a student joins through it
        nodes[0].signal(signal.SIGSTOP)
        try:
            await asyncio.sleep(nodes[0].lease_ms / 1000 + 0.3)
            await join(b, code, "Ben")
            assert await store.lease_owner(class_id) == "B"
            new_fence = await store.fence_token(class_id)
            assert new_fence > old_fence
        finally:
            nodes[0].signal(signal.SIGCONT)
        # when A wakes up and is asked to change the class, the change is made by B
        await join(a, code, "Cleo")
        board = (await a.get(f"/api/classes/{code}/dashboard", headers=teacher)).json()
        assert [s["name"] for s in board["students"]] == ["Ada", "Ben", "Cleo"]
        # then every record written after the takeover carries B's token
        entries = await store.client.xrange(store.keys(class_id).log)
        fences = [int(fields[b"f"]) for _, fields in entries]
        took_over = fences.index(new_fence)
        assert all(f == new_fence for f in fences[took_over:]) and all(f == old_fence for f in fences[:took_over])
        # and an append under A's old token is refused by the store itself
        with pytest.raises(Fenced):
            await store.append(class_id, [encode(StudentRenamed(student=0, name="Zed"))], len(entries), fence=old_fence)
        assert await store.version(class_id) == len(entries)
