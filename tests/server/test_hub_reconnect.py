"""Seat tokens bring a phone back to its seat and hand; the host runs the room."""

from __future__ import annotations

from hubserver import fast_config, start_server
from wsclient import Peer


async def toy_room(url, names=("Ana", "Bo"), rounds=3):
    tv = await Peer.open(url, {"role": "host"})
    code = tv.welcome["room"]
    phones = [await Peer.open(url, {"role": "player", "room": code, "name": n}) for n in names]
    reply = await tv.host("select_game", game="toy", options={"rounds": rounds})
    assert reply["t"] == "ack", reply
    reply = await tv.host("start")
    assert reply["t"] == "ack", reply
    for phone in phones:
        await phone.until(lambda s: s["legal"])
    return tv, code, phones


async def test_a_phone_that_drops_mid_turn_returns_to_its_seat_and_hand(server):
    # Given a game where Ana has picked and Bo has not
    tv, code, (ana, bo) = await toy_room(server.url)
    await ana.cmd({"type": "Pick", "number": 2})
    hand = (await ana.until(lambda s: s["game"]["pick"] == 2))["game"]["hand"]
    token = ana.welcome["token"]
    # When Ana's connection drops
    ana.ws.transport.abort()  # no close handshake: like a phone losing its network
    await tv.until(lambda s: not s["lobby"]["players"][0]["connected"])
    # Then she comes back with her token to the same seat, hand and pick
    back = await Peer.open(server.url, {"role": "player", "room": code, "token": token})
    assert back.welcome["player"] == 0 and back.welcome["token"] is None
    state = await back.until(lambda s: s["game"] is not None)
    assert state["you"]["seat"] == 0 and state["game"]["hand"] == hand and state["game"]["pick"] == 2
    await tv.until(lambda s: s["lobby"]["players"][0]["connected"])
    # And the game goes on
    assert (await bo.cmd({"type": "Pick", "number": 1}))["t"] == "ack"
    await back.until(lambda s: s["game"]["round"] == 2 and s["legal"])
    assert (await back.cmd({"type": "Pick", "number": 3}))["t"] == "ack"
    for peer in (tv, bo, back):
        await peer.close()


async def test_a_second_connection_with_the_same_token_replaces_the_first(server):
    tv, code, (ana, bo) = await toy_room(server.url)
    second = await Peer.open(server.url, {"role": "player", "room": code, "token": ana.welcome["token"]})
    assert await ana.wait_closed() == 4001
    assert ana.frames[-1] == {"t": "bye", "reason": "replaced"}
    assert (await second.cmd({"type": "Pick", "number": 1}))["t"] == "ack"
    # The host can come back too, replacing its old screen
    tv2 = await Peer.open(server.url, {"role": "host", "room": code, "token": tv.welcome["token"]})
    assert await tv.wait_closed() == 4001
    assert (await tv2.host("lock"))["t"] == "ack"
    for peer in (tv2, bo, second):
        await peer.close()


async def test_kicked_players_are_closed_and_their_token_stops_working(server):
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    ana = await Peer.open(server.url, {"role": "player", "room": code, "name": "Ana"})
    assert (await tv.host("remove", player=ana.welcome["player"]))["t"] == "ack"
    assert await ana.wait_closed() == 4003
    again = await Peer.open(server.url, {"role": "player", "room": code, "token": ana.welcome["token"]}, expect_welcome=False)
    error = await again.next_frame(lambda f: f["t"] == "error")
    assert error["code"] == "auth/bad_token"
    state = await tv.until(lambda s: not s["lobby"]["players"])
    assert state["lobby"]["players"] == []
    await tv.close()


async def test_the_host_hands_a_seat_to_a_bot_and_plays_again_with_the_same_people(server):
    tv, code, (ana, bo) = await toy_room(server.url, rounds=2)
    # When the host hands Bo's seat to a bot, the bot plays it
    assert (await tv.host("hand_to_bot", player=bo.welcome["player"], bot="first"))["t"] == "ack"
    for _ in range(2):
        state = await ana.until(lambda s: s["legal"] or s["outcome"])
        if state["outcome"]:
            break
        await ana.cmd(state["legal"][-1])
        await ana.until(lambda s: s["game"]["pick"] is None or s["outcome"])
    final = await tv.until(lambda s: s["outcome"] is not None)
    assert final["lobby"]["phase"] == "finished"
    assert (await bo.until(lambda s: s["outcome"] is not None))["legal"] is None
    # Then play again brings everyone back to the lobby, and take_back returns Bo's seat
    assert (await tv.host("play_again"))["t"] == "ack"
    assert (await tv.host("take_back", player=bo.welcome["player"]))["t"] == "ack"
    lobby = (await tv.until(lambda s: s["lobby"]["phase"] == "lobby" and s["lobby"]["players"][1]["bot"] is None))["lobby"]
    assert [p["name"] for p in lobby["players"]] == ["Ana", "Bo"]
    assert (await tv.host("start"))["t"] == "ack"
    assert (await bo.until(lambda s: s["legal"]))["you"]["seat"] == 1
    for peer in (tv, ana, bo):
        await peer.close()


async def test_an_absent_players_seat_is_played_by_its_bot_when_the_turn_timer_runs_out(server):
    tv, code, (ana, bo) = await toy_room(server.url)
    assert (await tv.host("turn_timer", seconds=1))["t"] == "ack"
    await bo.close()
    await ana.cmd({"type": "Pick", "number": 1})
    # Bo is away: after a second his bot picks, the round is revealed
    state = await ana.until(lambda s: s["game"]["round"] == 2, timeout=5)
    assert state["game"]["last"][0] == 1
    for peer in (tv, ana):
        await peer.close()


async def test_the_host_closes_the_room_and_everyone_is_told(server):
    tv, code, (ana, bo) = await toy_room(server.url)
    watcher = await Peer.open(server.url, {"role": "spectator", "room": code})
    assert (await tv.host("close"))["t"] == "ack"
    for peer in (tv, ana, bo, watcher):
        assert await peer.wait_closed() == 4410
        assert peer.frames[-1] == {"t": "bye", "reason": "room_closed"}
    again = await Peer.open(server.url, {"role": "spectator", "room": code}, expect_welcome=False)
    assert (await again.next_frame(lambda f: f["t"] == "error"))["code"] == "room/not_found"


async def test_idle_rooms_end_by_themselves(store_url):
    server = await start_server(store_url, config=fast_config(idle_seconds=0.3))
    try:
        tv = await Peer.open(server.url, {"role": "host"})
        assert await tv.wait_closed(timeout=5) == 4410
        assert server.hub.rooms == {}
    finally:
        await server.stop()
