"""The admin console in cluster mode: any hub lists, inspects and closes every room of the cluster."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from protocol.errors import Close

from game import close_all, open_game
from screens import Screen

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]

TOKEN = "cluster-admin-token-0123456789"


def bearer(token: str = TOKEN) -> dict:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def admin_nodes(cluster, redis_url, monkeypatch):
    """Two hubs, A and B, on one real Redis, each with the admin console on (the nodes inherit the env)."""
    monkeypatch.setenv("PIZZANIGHT_ADMIN_TOKEN", TOKEN)
    return cluster(redis_url, ["A", "B"])


async def _codes(node, http: httpx.AsyncClient) -> list[str]:
    reply = await http.get(f"{node.http}/api/admin/rooms", headers=bearer())
    assert reply.status_code == 200, reply.text
    return [row["code"] for row in reply.json()["rooms"]]


async def _until_gone(nodes, http: httpx.AsyncClient, code: str, timeout: float = 10.0) -> None:
    """The room leaves every node's list (the index is updated just after the close is stored)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        listed = [node.name for node in nodes if code in await _codes(node, http)]
        if not listed:
            return
        assert asyncio.get_running_loop().time() < deadline, f"{code} still listed by {listed}"
        await asyncio.sleep(0.2)


async def test_a_room_on_hub_a_is_listed_inspected_and_closed_from_hub_b(admin_nodes, store):
    # Given a room owned by A: its TV and a phone on A, a phone on B (relayed to A) and a spectator on A
    a, b = admin_nodes
    tv, phones = await open_game(admin_nodes, tv_at=0, phones_at=[0, 1])
    watcher = Screen(admin_nodes, 0, {"role": "spectator", "room": tv.code}, "watcher")
    await watcher.connect()
    room_id = await store.room_for_code(tv.code)
    assert await store.lease_owner(room_id) == "A"
    async with httpx.AsyncClient(timeout=20) as http:
        # When B's admin API is asked without the token, then it refuses
        for method, path in (("GET", "/api/admin/rooms"), ("GET", f"/api/admin/rooms/{tv.code}"),
                             ("POST", f"/api/admin/rooms/{tv.code}/close")):
            for headers in ({}, bearer("wrong-token-but-long-enough")):
                reply = await http.request(method, f"{b.http}{path}", headers=headers)
                assert reply.status_code == 401, (method, path, headers)
        # When B lists the rooms
        rows = (await http.get(f"{b.http}/api/admin/rooms", headers=bearer())).json()["rooms"]
        # Then A's room is there with its owner A and A's live facts (who is connected, where)
        row = next(r for r in rows if r["code"] == tv.code)
        assert row["owner"] == "A" and row["id"] == room_id
        assert row["game"] == "pizza_theory" and row["phase"] == "playing"
        assert row["players"] == 2 and row["connected_players"] == 2 and row["host_connected"] is True
        assert row["spectators"] == 1 and row["version"] == tv.state["version"]
        assert row["age_seconds"] >= 0 and row["idle_seconds"] is not None
        # and A lists the same room with the same owner
        assert tv.code in await _codes(a, http)
        # When B inspects it (by code, in any case)
        detail = (await http.get(f"{b.http}/api/admin/rooms/{tv.code.lower()}", headers=bearer())).json()
        # Then it sees A's view of it: the public view, the log length and every connection
        assert detail["owner"] == "A" and detail["log_length"] == await store.version(room_id)
        assert detail["public"]["game"] == tv.state["game"]
        assert sorted(c["role"] for c in detail["connections"]) == ["host", "player", "player", "spectator"]
        # When B closes it
        closed = await http.post(f"{b.http}/api/admin/rooms/{tv.code}/close", headers=bearer())
        # Then the close was carried out by the owner, A
        assert closed.status_code == 200, closed.text
        assert closed.json() == {"closed": tv.code, "id": room_id, "owner": "A"}
        # and every screen (on A, and the one relayed through B) gets the room-closed end
        for screen in (tv, *phones, watcher):
            bye = await screen.next_frame(lambda f: f["t"] == "bye", start=0, timeout=10)
            assert bye["reason"] == "room_closed", screen.label
        for screen in (tv, *phones, watcher):
            for _ in range(50):
                if screen.closes:
                    break
                await asyncio.sleep(0.1)
            assert screen.closes == [Close.ROOM_CLOSED], screen.label
        # and the room is gone from both hubs' lists, and closed in the store
        await _until_gone(admin_nodes, http, tv.code)
        assert await store.is_closed(room_id)
        assert (await http.get(f"{b.http}/api/admin/rooms/{tv.code}", headers=bearer())).status_code == 404
    await close_all(tv, *phones, watcher)


async def test_a_room_whose_owner_died_is_closed_from_another_hub(admin_nodes, store):
    # Given a room owned by A, whose process is then killed (no drain, its lease left to run out)
    a, b = admin_nodes
    tv, phones = await open_game(admin_nodes, tv_at=0, phones_at=[0, 0])
    room_id = await store.room_for_code(tv.code)
    await close_all(tv, *phones)
    a.kill()
    async with httpx.AsyncClient(timeout=20) as http:
        # When B's admin closes it
        closed = await http.post(f"{b.http}/api/admin/rooms/{tv.code}/close", headers=bearer())
        # Then B took the room over (fenced, like any takeover) and closed it through its own actor
        assert closed.status_code == 200, closed.text
        assert closed.json() == {"closed": tv.code, "id": room_id, "owner": "B"}
        assert await store.is_closed(room_id)
        await _until_gone([b], http, tv.code)
    records = await store.client.xrange(store.keys(room_id).log)
    assert int(records[-1][1][b"f"]) > 1  # the close was written under B's newer lease
