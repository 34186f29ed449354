"""A reclaim code is a room event: it works on another node after the owner is killed (issue 13)."""

from __future__ import annotations

import asyncio

import pytest

from game import close_all, open_game
from screens import Screen

pytestmark = [pytest.mark.redis, pytest.mark.timeout(180)]


async def test_a_reclaim_code_survives_the_owner_being_killed(cluster, redis_url, store):
    # given two nodes, the room owned by A, and a phone on B that is lost mid-game
    nodes = cluster(redis_url, ["A", "B"], args=("--grace", "12", "0.3", "15"))  # a seat is reclaimable 0.3 s after it left
    tv, (ana, ben) = await open_game(nodes, tv_at=0, phones_at=[1, 1])
    room = await store.room_for_code(tv.code)
    assert await store.lease_owner(room) == "A"
    ana_id, old_token = ana.welcome["player"], ana.token
    await ana.drop()
    await tv.until(lambda s: not next(p for p in s["lobby"]["players"] if p["id"] == ana_id)["connected"])
    # when the TV (on A) gets a reclaim code for Ana's seat, and then A is killed
    for _ in range(50):  # until the party grace has passed (issue 24)
        issued = await tv.host("reclaim_seat", player=ana_id)
        if not (issued and issued.get("code") == "host/seat_connected"):
            break
        await asyncio.sleep(0.1)
    assert issued is not None and issued["t"] == "reclaim_code", issued
    nodes[0].kill()
    # then a new phone on B takes Ana's seat with that code, from the log B now owns
    new = Screen(nodes, 1, {"role": "player", "room": tv.code, "reclaim": issued["code"]}, "new phone")
    await new.connect()
    assert new.welcome["player"] == ana_id and new.token not in (None, old_token)
    state = await new.until(lambda s: s["you"]["seat"] is not None)
    assert state["you"]["player"] == ana_id
    assert await store.lease_owner(room) == "B"
    await close_all(tv, ben, new)
