"""The hub notices a dead link in about three seconds, and keeps a quiet live one (issue 28).

A real hub process (its direct websocket lane, server/direct_ws.py): a
phone whose link goes silent (it neither sends nor answers pings) is
dropped by the hub's heartbeat sweep, and the room shows it gone; a phone
that only answers the hub's pings, and says nothing itself, stays.  Times
are printed (``-s``), never asserted.
"""

from __future__ import annotations

import time

import pytest

from game import close_all, open_game

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]


def connected(state: dict, player: int) -> bool:
    return next(p for p in state["lobby"]["players"] if p["id"] == player)["connected"]


async def test_a_silent_phone_is_dropped_and_a_quiet_one_that_answers_pings_is_kept(cluster, redis_url):
    # given a TV and two phones on one hub, none of them pinging by itself
    nodes = cluster(redis_url, ["A"])
    tv, (quiet, silent) = await open_game(nodes, tv_at=0, phones_at=[0, 0])
    for phone in (quiet, silent):
        await phone.drop()
        phone.keepalive = False
        await phone.connect()
    silent_id, quiet_id = silent.welcome["player"], quiet.welcome["player"]
    await tv.until(lambda s: connected(s, silent_id) and connected(s, quiet_id))
    # when one phone's link goes silent: it stops reading, so it sends nothing and answers no ping
    went_silent = time.monotonic()
    silent.ws.transport.pause_reading()
    # then the hub drops that socket and the room shows the phone gone
    await tv.until(lambda s: not connected(s, silent_id), timeout=30)
    noticed = time.monotonic() - went_silent
    # and the quiet phone, which said nothing either but answers the hub's pings, is still there
    # (the hub pinged it: it was silent past the ping threshold during all this)
    assert connected(tv.state, quiet_id)
    assert quiet.connected and quiet.closes == []
    print(f"\n[heartbeat] a silent phone was shown gone {noticed:.2f} s after its link went quiet")
    silent.ws.transport.resume_reading()
    await close_all(tv, quiet, silent)
