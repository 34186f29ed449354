"""The admin API on closed rooms: their replay by id, and a close that finds the room closed answers at once."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from server import replay
from server.hub import load_games

from hubserver import start_server
from wsclient import Peer

TOKEN = "admin-token-for-tests-0123456789"
BEARER = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
async def admin_server(store_url):
    running = await start_server(store_url, admin_token=TOKEN)
    yield running
    await running.stop()


async def test_a_closed_rooms_replay_is_downloaded_by_its_id(admin_server):
    # Given a room the operator closed (its code is freed; the close answered its id)
    tv = await Peer.open(admin_server.url, {"role": "host"})
    code = tv.welcome["room"]
    async with httpx.AsyncClient(base_url=admin_server.http, headers=BEARER) as http:
        closed = await http.post(f"/api/admin/rooms/{code}/close")
        assert closed.status_code == 200, closed.text
        room_id = closed.json()["id"]
        await tv.next_frame(lambda f: f["t"] == "bye")
        # When the operator asks for its replay by id
        reply = await http.get(f"/api/admin/rooms/{room_id}/replay")
        # Then it is the whole log, ending with the admin's close
        assert reply.status_code == 200, reply.text
        doc = reply.json()
        assert doc["room"] == {"id": room_id, "code": code}
        assert doc["records"][-1]["event"] == {"r": {"type": "RoomClosed", "reason": "admin"}}
        assert replay.check(doc, load_games()).phase == "closed"
        # And the room's own page says it is closed and where its replay is; its freed code names nothing
        detail = await http.get(f"/api/admin/rooms/{room_id}")
        assert detail.status_code == 404 and detail.json()["message"].endswith(f"/api/admin/rooms/{room_id}/replay")
        by_code = await http.get(f"/api/admin/rooms/{code}/replay")
        assert by_code.status_code == 404 and "by its id" in by_code.json()["message"]


async def test_two_closes_at_once_the_second_answers_at_once_already_closed(admin_server):
    # Given a room
    tv = await Peer.open(admin_server.url, {"role": "host"})
    code = tv.welcome["room"]
    async with httpx.AsyncClient(base_url=admin_server.http, headers=BEARER) as http:
        # When two operators close it at the same moment
        started = time.monotonic()
        first, second = await asyncio.gather(*(http.post(f"/api/admin/rooms/{code}/close") for _ in range(2)))
        # Then one closed it, the other hears at once that it is closed (not a 10 s wait and a TimeoutError)
        assert time.monotonic() - started < 3
        replies = sorted([first, second], key=lambda r: r.status_code)
        assert replies[0].status_code == 200, replies[0].text
        assert replies[1].status_code == 409, replies[1].text
        assert replies[1].json()["error"] == "already_closed"
        room_id = replies[0].json()["id"]
        assert replies[1].json()["id"] == room_id
        await tv.next_frame(lambda f: f["t"] == "bye")
        # And a later close by its id says the same, at once
        again = await http.post(f"/api/admin/rooms/{room_id}/close")
        assert again.status_code == 409 and again.json() == {
            "error": "already_closed", "message": f"room {room_id} is already closed", "id": room_id,
        }


async def test_a_close_a_moment_after_another_is_told_the_room_is_closed(admin_server):
    # Given a room an operator has just closed (its code freed at once)
    tv = await Peer.open(admin_server.url, {"role": "host"})
    code = tv.welcome["room"]
    async with httpx.AsyncClient(base_url=admin_server.http, headers=BEARER) as http:
        first = await http.post(f"/api/admin/rooms/{code}/close")
        assert first.status_code == 200, first.text
        await tv.next_frame(lambda f: f["t"] == "bye")
        # When a second operator's close of the same code comes a moment later
        second = await http.post(f"/api/admin/rooms/{code.lower()}/close")
        # Then it is told the room is closed, with its id (not "no such room")
        assert second.status_code == 409, second.text
        assert second.json()["error"] == "already_closed" and second.json()["id"] == first.json()["id"]


async def test_closing_a_room_its_host_closed_is_409_by_id(admin_server):
    # Given a room its host ended
    tv = await Peer.open(admin_server.url, {"role": "host"})
    code = tv.welcome["room"]
    room_id = admin_server.hub.codes[code]
    assert (await tv.host("close"))["t"] in ("ack", "bye")
    async with httpx.AsyncClient(base_url=admin_server.http, headers=BEARER) as http:
        deadline = time.monotonic() + 5
        while (reply := await http.post(f"/api/admin/rooms/{room_id}/close")).status_code != 409:
            assert reply.status_code != 200 and time.monotonic() < deadline, reply.text  # (the close is being marked)
            await asyncio.sleep(0.05)
        # Then the operator hears it is closed already, and its replay is still there
        assert reply.json()["error"] == "already_closed"
        assert (await http.get(f"/api/admin/rooms/{room_id}/replay")).status_code == 200
