"""Rooms end to end over real websockets, with the tiny test game."""

from __future__ import annotations

from wsclient import Peer


async def make_room(server, *names, text=False):
    tv = await Peer.open(server.url, {"role": "host"}, text=text)
    code = tv.welcome["room"]
    phones = [await Peer.open(server.url, {"role": "player", "room": code, "name": n}) for n in names]
    return tv, code, phones


async def test_a_toy_game_is_played_to_the_end_by_phones_with_tv_and_spectator(server):
    # Given a TV, two phones and a spectator in a room with the toy game selected
    tv, code, (ana, bo) = await make_room(server, "Ana", "Bo")
    watcher = await Peer.open(server.url, {"role": "spectator", "room": code})
    assert (await tv.host("select_game", game="toy", options={"rounds": 2}))["t"] == "ack"
    assert (await tv.host("start"))["t"] == "ack"
    # When both phones pick for two rounds
    for round_ in (1, 2):
        for phone, number in ((ana, 1), (bo, 2)):
            state = await phone.until(lambda s, round_=round_: s["game"] and s["game"]["round"] == round_ and s["legal"])
            reply = await phone.cmd(state["legal"][number - 1])
            assert reply["t"] == "ack", reply
        await tv.until(lambda s, round_=round_: s["game"] and s["game"]["round"] == round_ + 1)
    # Then everyone sees the end with both players scoring every round
    final = await watcher.until(lambda s: s["outcome"] is not None)
    assert final["outcome"]["winners"] == [0, 1]
    assert final["game"]["seats"][0]["score"] == 2
    assert final["lobby"]["phase"] == "finished"
    hand = (await ana.until(lambda s: s["outcome"] is not None))["game"]["hand"]
    assert isinstance(hand, int)
    assert "hand" in final["game"] and final["game"]["hand"] is None
    for peer in (tv, ana, bo, watcher):
        await peer.close()


async def test_versions_only_grow_and_ack_comes_before_the_state_that_shows_it(server):
    tv, code, (ana, bo) = await make_room(server, "Ana", "Bo")
    await tv.host("select_game", game="toy")
    await tv.host("start")
    state = await ana.until(lambda s: s["game"] and s["legal"])
    start = len(ana.frames)
    reply = await ana.cmd(state["legal"][0])
    assert reply["t"] == "ack"
    shown = await ana.until(lambda s: s["game"] and s["game"]["pick"] == 1)
    # The state that shows the pick never arrives before the ack.
    assert ana.frames.index(shown) > ana.frames.index(reply)
    versions = [f["version"] for f in ana.frames if f["t"] == "state"]
    assert versions == sorted(versions)
    assert start > 0
    for peer in (tv, ana, bo):
        await peer.close()
