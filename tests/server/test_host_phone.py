"""Hosting from a phone (Jackbox's VIP): the first person to join may pick the
game, set its options, add bots and start from their phone; the TV may name
someone else; other phones may not host."""

from __future__ import annotations

from wsclient import Peer


async def _room(server, *names: str):
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    phones = [await Peer.open(server.url, {"role": "player", "room": code, "name": n}) for n in names]
    return tv, code, phones


def _player_id(phone: Peer) -> int:
    return phone.welcome["player"]


async def test_the_first_phone_hosts_a_whole_start_without_the_tv(server):
    # Given a TV showing its code and two phones that joined (Ana first)
    tv, code, (ana, ben) = await _room(server, "Ana", "Ben")
    state = await ana.until(lambda s: len(s["lobby"]["players"]) == 2)
    # Then Ana's phone is the host phone, and it (alone among phones) gets the game catalogue
    assert state["lobby"]["host_phone"] == _player_id(ana)
    assert {g["id"] for g in state["lobby"]["games"]} >= {"pizza_theory", "new_york_slice"}
    assert "games" not in (await ben.until(lambda s: len(s["lobby"]["players"]) == 2))["lobby"]
    # When Ana picks the game with options, adds a bot and starts, all from her phone
    assert (await ana.host("select_game", game="new_york_slice", options={"first_slicer": 1}))["t"] == "ack"
    assert (await ana.host("add_bot", bot="random"))["t"] == "ack"
    assert (await ana.host("start"))["t"] == "ack"
    # Then the game runs with three seats, and the TV sent nothing but its hello
    shown = await tv.until(lambda s: s["game"] is not None)
    assert shown["lobby"]["game"] == "new_york_slice" and len(shown["lobby"]["players"]) == 3
    assert not [f for f in tv.frames if f["t"] in ("ack", "error")]
    for peer in (tv, ana, ben):
        await peer.close()


async def test_other_phones_and_other_ops_are_refused(server):
    tv, code, (ana, ben) = await _room(server, "Ana", "Ben")
    await ana.until(lambda s: s["lobby"]["host_phone"] == _player_id(ana))
    # A phone that is not the host phone may not host
    refused = await ben.host("select_game", game="pizza_theory", options={})
    assert refused["t"] == "error" and refused["code"] == "auth/forbidden"
    # The host phone has every host control (issue 24): it hands Ben's seat to a bot and takes it back
    for op, fields in (("hand_to_bot", {"player": _player_id(ben)}), ("take_back", {"player": _player_id(ben)})):
        answer = await ana.host(op, **fields)
        assert answer["t"] == "ack", (op, answer)
    # A phone that is not the host phone still may not
    assert (await ben.host("close"))["code"] == "auth/forbidden"
    # A spectator may never host
    watcher = await Peer.open(server.url, {"role": "spectator", "room": code})
    assert (await watcher.host("start"))["code"] == "auth/forbidden"
    # The room is still open and in its lobby
    state = await tv.until(lambda s: s["lobby"]["phase"] == "lobby")
    assert state["lobby"]["game"] is None
    for peer in (tv, ana, ben, watcher):
        await peer.close()


async def test_the_tv_names_the_host_phone_and_it_passes_on_when_its_player_leaves(server):
    tv, code, (ana, ben, cy) = await _room(server, "Ana", "Ben", "Cy")
    await tv.until(lambda s: len(s["lobby"]["players"]) == 3)
    # When the TV names Ben's phone
    assert (await tv.host("name_host_phone", player=_player_id(ben)))["t"] == "ack"
    await ben.until(lambda s: s["lobby"]["host_phone"] == _player_id(ben))
    # Then Ben may host and Ana no longer may
    assert (await ben.host("lock"))["t"] == "ack"
    assert (await ana.host("unlock"))["code"] == "auth/forbidden"
    # A bot cannot be the host phone
    assert (await tv.host("add_bot", bot="random"))["t"] == "ack"
    state = await tv.until(lambda s: any(p["bot"] for p in s["lobby"]["players"]))
    bot = next(p for p in state["lobby"]["players"] if p["bot"])
    assert (await tv.host("name_host_phone", player=bot["id"]))["code"] == "room/bot_seat"
    # When Ben is removed, the first remaining person in join order (Ana) hosts again
    assert (await tv.host("remove", player=_player_id(ben)))["t"] == "ack"
    state = await tv.until(lambda s: all(p["id"] != _player_id(ben) for p in s["lobby"]["players"]))
    assert state["lobby"]["host_phone"] == _player_id(ana)
    for peer in (tv, ana, ben, cy):
        await peer.close()


async def test_play_again_with_too_many_players_the_host_chooses_who_sits_out(server):
    # Given four people and Pizza Theory (2-3 players)
    tv, code, phones = await _room(server, "Ana", "Ben", "Cy", "Di")
    ana, ben, cy, di = phones
    assert (await tv.host("select_game", game="pizza_theory", options={"max_rounds": 1}))["t"] == "ack"
    assert (await tv.host("start"))["code"] == "host/player_count"
    # When the host phone has Cy sit out, the game starts with the other three
    assert (await ana.host("sit_out", player=_player_id(cy)))["t"] == "ack"
    assert (await ana.host("start"))["t"] == "ack"
    state = await cy.until(lambda s: s["game"] is not None)
    # Then Cy watches (no seat, no legal moves) and the seats are Ana, Ben and Di in join order
    assert state["you"]["seat"] is None and not state["legal"]
    seats = {p["name"]: p["seat"] for p in state["lobby"]["players"]}
    assert seats == {"Ana": 0, "Ben": 1, "Cy": None, "Di": 2}
    assert [p["sitting_out"] for p in state["lobby"]["players"]] == [False, False, True, False]
    # Cy plays again once the host says so (in the next game)
    assert (await tv.host("sit_in", player=_player_id(cy)))["t"] == "ack"
    await tv.until(lambda s: not any(p["sitting_out"] for p in s["lobby"]["players"]))
    for peer in (tv, *phones):
        await peer.close()
