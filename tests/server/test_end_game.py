"""The host stops a game being played (``end_game``): back to the lobby with the same players, said to
everyone, from the TV or the host phone; nobody else may, and a room with no game has nothing to stop."""

from __future__ import annotations

from roomlog import stored_events

from server import roomstate

from wsclient import Peer


async def _playing(server):
    """A TV, Ana (the host phone: she joined first) and Bo in a game of the toy game."""
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    ana = await Peer.open(server.url, {"role": "player", "room": code, "name": "Ana"})
    bo = await Peer.open(server.url, {"role": "player", "room": code, "name": "Bo"})
    assert (await tv.host("select_game", game="toy"))["t"] == "ack"
    assert (await tv.host("start"))["t"] == "ack"
    await bo.until(lambda s: s["lobby"]["phase"] == "playing")
    return tv, code, ana, bo




async def test_the_host_phone_stops_the_game_and_everyone_is_told_who_did(server):
    tv, code, ana, bo = await _playing(server)
    assert (await bo.request({"t": "host", "seq": 50, "op": "end_game"}))["code"] == "auth/forbidden"
    assert (await ana.request({"t": "host", "seq": 51, "op": "end_game"}))["t"] == "ack"
    for peer in (tv, ana, bo):
        state = await peer.until(lambda s: s["lobby"]["phase"] == "lobby")
        assert state["game"] is None
        stopped = [n for n in state["lobby"]["notices"] if n["kind"] == "game_stopped"]
        assert [(n["name"], n["player"]) for n in stopped] == [("Ana", ana.welcome["player"])]
    # the same players stay, the same game is picked: start again at once
    assert {p["name"] for p in state["lobby"]["players"]} == {"Ana", "Bo"}
    assert state["lobby"]["game"] == "toy"
    assert (await ana.request({"t": "host", "seq": 52, "op": "start"}))["t"] == "ack"
    await bo.until(lambda s: s["lobby"]["phase"] == "playing")
    log = await stored_events(server, code)
    [back] = [e for e in log if isinstance(e, roomstate.BackToLobby)]
    assert (back.stopped, back.by) == (True, ana.welcome["player"])
    for peer in (tv, ana, bo):
        await peer.close()


async def test_the_tv_stops_the_game_with_no_notice_and_a_lobby_has_nothing_to_stop(server):
    tv, code, ana, bo = await _playing(server)
    assert (await tv.host("end_game"))["t"] == "ack"
    state = await bo.until(lambda s: s["lobby"]["phase"] == "lobby")
    assert not [n for n in state["lobby"]["notices"] if n["kind"] == "game_stopped"]  # the TV's own screen says it
    refused = await tv.host("end_game")
    assert (refused["t"], refused["code"]) == ("error", "room/not_playing")
    for peer in (tv, ana, bo):
        await peer.close()


async def test_a_game_already_over_goes_back_as_play_again_does(server):
    tv, code, ana, bo = await _playing(server)
    for _ in range(10):  # the toy game: each picks a number a round, a few rounds
        state = await ana.until(lambda s: s["lobby"]["phase"] != "playing" or bool(s["legal"]))
        if state["lobby"]["phase"] != "playing":
            break
        await ana.cmd({"type": "Pick", "number": 1})
        await bo.until(lambda s: bool(s["legal"]) or s["lobby"]["phase"] != "playing")
        if (await bo.until(lambda s: True))["lobby"]["phase"] == "playing":
            await bo.cmd({"type": "Pick", "number": 2})
    await tv.until(lambda s: s["lobby"]["phase"] == "finished", timeout=15)
    assert (await tv.host("end_game"))["t"] == "ack"
    await tv.until(lambda s: s["lobby"]["phase"] == "lobby")
    back = [e for e in await stored_events(server, code) if isinstance(e, roomstate.BackToLobby)]
    assert [(e.stopped, e.by) for e in back] == [(False, None)]
    for peer in (tv, ana, bo):
        await peer.close()
