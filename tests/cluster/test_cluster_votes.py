"""Audience votes from spectators on another node reach the TV on the room's owner, as tallies."""

from __future__ import annotations

import random

import pytest

from protocol.legal import expand

from screens import Screen

pytestmark = [pytest.mark.redis, pytest.mark.timeout(180)]


def _choosing(state: dict) -> bool:
    game = state.get("game")
    return game is not None and game["decision"]["kind"] == "choose"


async def _drive_until_choosing(phones: list[Screen], tv: Screen, rng: random.Random) -> dict:
    """Phones play random legal moves until a player chooses a portion (seen on the TV)."""
    for _ in range(400):
        state = tv.state
        if state is not None and _choosing(state):
            return state
        version = state["version"] if state else -1
        for phone in phones:
            mine = await phone.until(lambda s, v=version: s["version"] >= v)
            if mine["legal"] and mine["version"] == version:
                reply = await phone.request({"t": "cmd", "cmd": rng.choice(expand(mine["legal"]))})
                assert reply is not None and reply["t"] in ("ack", "error"), reply
                break
        await tv.until(lambda s, v=version: s["version"] > v or _choosing(s), timeout=15)
    raise AssertionError("no player came to choose a portion")


async def test_spectators_on_an_edge_node_vote_and_the_owner_tv_shows_the_tally(cluster, redis_url):
    # Given the TV and three phones on A (the room's owner), one spectator on A and two on B
    nodes = cluster(redis_url, ["A", "B"])
    tv = Screen(nodes, 0, {"role": "host"}, "tv")
    await tv.connect()
    phones = [Screen(nodes, 0, {"role": "player", "room": tv.code, "name": n}, n) for n in ("Ana", "Bea", "Cy")]
    for phone in phones:
        await phone.connect()
    local = Screen(nodes, 0, {"role": "spectator", "room": tv.code}, "wA")
    edge = [Screen(nodes, 1, {"role": "spectator", "room": tv.code}, f"wB{i}") for i in range(2)]
    for watcher in (local, *edge):
        await watcher.connect()
    assert [w.connects for w in edge] == [["B"], ["B"]]
    assert (await tv.host("select_game", game="new_york_slice", options={}))["t"] == "ack"
    assert (await tv.host("start"))["t"] == "ack"
    # When a player comes to choose a portion, every spectator is shown the vote, on either node
    state = await _drive_until_choosing(phones, tv, random.Random(5))
    chooser = state["game"]["decision"]["seat"]
    opened = [
        await w.next_frame(lambda f: f["t"] == "votes" and f["status"] == "open", start=0, timeout=15)
        for w in (local, *edge)
    ]
    q, options = opened[0]["q"], opened[0]["options"]
    assert all((o["q"], o["options"], o["about"]) == (q, options, chooser) for o in opened)
    # And all three vote (the two on B are checked and counted on B), one on B changes their mind
    for watcher, pick in ((local, options[0]), (edge[0], options[1]), (edge[1], options[0]), (edge[1], options[1])):
        reply = await watcher.request({"t": "vote", "q": q, "pick": pick})
        assert reply is not None and reply["t"] == "ack", reply
    bad = await edge[0].request({"t": "vote", "q": q, "pick": "nope"})
    assert bad is not None and bad["code"] == "vote/bad_pick"
    # Then the TV on A is sent the whole tally: B's as a node's snapshot, not one frame per vote
    tally = await tv.next_frame(
        lambda f: f["t"] == "votes" and f["q"] == q and f["counts"] == {options[0]: 1, options[1]: 2}, start=0, timeout=15,
    )
    assert tally["total"] == 3
    # When the chooser picks, the vote closes on B too: B refuses a late vote, and B's spectators see the result
    seat_phone = next(p for p in phones if p.state["you"]["seat"] == chooser)
    pick = next(c for c in expand(seat_phone.state["legal"]) if c.get("type") == "ChoosePortion")
    assert (await seat_phone.request({"t": "cmd", "cmd": pick}))["t"] == "ack"
    for watcher in (local, *edge):
        result = await watcher.next_frame(
            lambda f: f["t"] == "votes" and f["q"] == q and f["status"] == "result", start=0, timeout=15,
        )
        assert result["answer"] == [str(pick["portion"])] and result["total"] == 3
    late = await edge[0].request({"t": "vote", "q": q, "pick": options[0]})
    assert late is not None and late["code"] == "vote/closed"
    for screen in (tv, *phones, local, *edge):
        await screen.drop()
