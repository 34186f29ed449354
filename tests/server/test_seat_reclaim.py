"""A lost phone gets its seat back from another device (issue 13), over real websockets.

The host asks for a one-time reclaim code for a disconnected human seat; the
new device says hello with the room code and that code, gets the seat and a
fresh token; the old token stops working; the code works once, expires, is
refused for a connected seat, and wrong guesses count against the join
throttle.  The code is a room event, so it survives a restart of the hub.
"""

from __future__ import annotations

import pytest

from server import room as room_module
from server.lobby import RECLAIM_SECONDS
from server.names import CODE_ALPHABET
from server.tokens import token_hash

from hubserver import fast_config, start_server
from wsclient import Peer

#: A short party grace (issue 24: a code only for a seat gone that long), so the tests wait little.
GRACE = fast_config(grace_party=0.2)


@pytest.fixture
async def server(store_url):
    running = await start_server(store_url, config=GRACE)
    yield running
    await running.stop()


async def _room_with(server, *names: str):
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    phones = [await Peer.open(server.url, {"role": "player", "room": code, "name": n}) for n in names]
    await tv.until(lambda s: len(s["lobby"]["players"]) == len(names))
    return tv, code, phones


async def _gone(tv: Peer, player: int) -> None:
    """Until ``player``'s phone has been gone past the party grace (only then may its seat move)."""
    await tv.until(lambda s: next(p for p in s["lobby"]["players"] if p["id"] == player)["presence"] == "absent")


async def test_a_lost_phones_seat_goes_to_a_new_device_mid_game(server):
    # Given Ana and Ben playing Pizza Theory, and Ana's phone lost (disconnected)
    tv, code, (ana, ben) = await _room_with(server, "Ana", "Ben")
    assert (await tv.host("select_game", game="pizza_theory", options={}))["t"] == "ack"
    assert (await tv.host("start"))["t"] == "ack"
    ana_id, old_token = ana.welcome["player"], ana.welcome["token"]
    seat = (await ana.until(lambda s: s["you"]["seat"] is not None))["you"]["seat"]
    await ana.close()
    await _gone(tv, ana_id)
    # When the TV asks for a reclaim code for Ana's seat
    answer = await tv.host("reclaim_seat", player=ana_id)
    # Then it gets a 6-letter code in the room code alphabet, for Ana, valid for 10 minutes
    assert answer["t"] == "reclaim_code" and answer["player"] == ana_id and answer["seconds"] == RECLAIM_SECONDS
    assert len(answer["code"]) == 6 and set(answer["code"]) <= set(CODE_ALPHABET)
    # When a new phone types the room code and the reclaim code (lower case, with spaces)
    new = await Peer.open(server.url, {"role": "player", "room": code.lower(), "reclaim": f" {answer['code'].lower()} "})
    # Then it is Ana, with a fresh token, in her seat, with her legal moves when it is her turn
    assert new.welcome["player"] == ana_id and new.welcome["token"] not in (None, old_token)
    state = await new.until(lambda s: s["you"]["seat"] == seat and s["game"] is not None)
    assert state["you"]["player"] == ana_id
    await tv.until(lambda s: next(p for p in s["lobby"]["players"] if p["id"] == ana_id)["connected"])
    # And the old phone's token no longer works: it is told its seat moved
    error, close = await Peer.refused(server.url, {"role": "player", "room": code, "token": old_token})
    assert error["code"] == "room/seat_moved" and close == 1008
    # And the room announced the move on every screen (by the TV: no name)
    shown = await ben.until(lambda s: any(n["kind"] == "seat_moved" for n in s["lobby"]["notices"]))
    moved = [n for n in shown["lobby"]["notices"] if n["kind"] == "seat_moved"]
    assert [(n["player"], n["name"], n["by"]) for n in moved] == [(ana_id, "Ana", None)]
    # And the new token does (the new phone can come back like any other)
    await new.close()
    again = await Peer.open(server.url, {"role": "player", "room": code, "token": new.welcome["token"]})
    assert again.welcome["player"] == ana_id
    # And the code worked only once
    error, close = await Peer.refused(server.url, {"role": "player", "room": code, "reclaim": answer["code"]})
    assert error["code"] == "room/bad_reclaim" and close == 1008
    for peer in (tv, ben, again):
        await peer.close()


async def test_a_wrong_code_is_refused_with_a_clear_error(server):
    tv, code, (ana,) = await _room_with(server, "Ana")
    error, close = await Peer.refused(server.url, {"role": "player", "room": code, "reclaim": "BCDFGH"})
    assert error["code"] == "room/bad_reclaim" and close == 1008
    # Ana is still Ana: a refused reclaim changes nothing
    assert (await ana.request({"t": "ping"}))["t"] == "ack"
    await tv.close()
    await ana.close()


async def test_an_expired_code_is_refused(server, monkeypatch):
    tv, code, (ana,) = await _room_with(server, "Ana")
    ana_id = ana.welcome["player"]
    await ana.close()
    await _gone(tv, ana_id)
    issued = await tv.host("reclaim_seat", player=ana_id)
    # When the new phone comes ten minutes later (the wall clock moved on)
    later = room_module.wall_clock() + RECLAIM_SECONDS
    monkeypatch.setattr(room_module, "wall_clock", lambda: later)
    error, close = await Peer.refused(server.url, {"role": "player", "room": code, "reclaim": issued["code"]})
    # Then it is refused as expired, with the minutes the sentence names
    assert error["code"] == "room/reclaim_expired" and error["params"] == {"minutes": 10} and close == 1008
    # And a new code from the host works
    fresh = await tv.host("reclaim_seat", player=ana_id)
    new = await Peer.open(server.url, {"role": "player", "room": code, "reclaim": fresh["code"]})
    assert new.welcome["player"] == ana_id
    await tv.close()
    await new.close()


async def test_only_a_disconnected_humans_seat_can_be_reclaimed(server):
    tv, code, (ana, ben) = await _room_with(server, "Ana", "Ben")
    # A connected phone's seat is never taken from under it
    refused = await tv.host("reclaim_seat", player=ana.welcome["player"])
    assert refused["t"] == "error" and refused["code"] == "host/seat_connected"
    assert refused["params"]["name"] == "Ana" and refused["params"]["seconds"] >= 1
    # A bot has no phone to replace
    assert (await tv.host("add_bot"))["t"] == "ack"
    state = await tv.until(lambda s: any(p["bot"] is not None for p in s["lobby"]["players"]))
    bot = next(p for p in state["lobby"]["players"] if p["bot"] is not None)
    assert (await tv.host("reclaim_seat", player=bot["id"]))["code"] == "room/bot_seat"
    assert (await tv.host("reclaim_seat", player=99))["code"] == "host/unknown_player"
    # A phone that is not the host phone may not ask (Ben); the host phone may (Ana)
    await ben.close()
    await _gone(tv, ben.welcome["player"])
    other = await Peer.open(server.url, {"role": "spectator", "room": code})
    assert (await other.host("reclaim_seat", player=ben.welcome["player"]))["code"] == "auth/forbidden"
    assert (await ana.host("reclaim_seat", player=ben.welcome["player"]))["t"] == "reclaim_code"
    for peer in (tv, ana, other):
        await peer.close()


async def test_wrong_codes_are_throttled_like_joins(store_url):
    server = await start_server(store_url, config=fast_config(join_burst=2.0, join_rate=0.001, grace_party=0.2))
    try:
        tv = await Peer.open(server.url, {"role": "host"})
        code = tv.welcome["room"]
        seen = []
        for guess in ("BCDFGH", "BCDFGJ", "BCDFGK"):
            error, close = await Peer.refused(server.url, {"role": "player", "room": code, "reclaim": guess})
            seen.append((error["code"], close))
        assert seen[:2] == [("room/bad_reclaim", 1008)] * 2
        assert seen[2] == ("rate/join_throttled", 4029)
        await tv.close()
    finally:
        await server.stop()


@pytest.mark.parametrize("store_url", ["sqlite"], indirect=True)
async def test_a_code_survives_a_restart_of_the_hub(store_url):
    # Given a code issued for Ana's seat
    server = await start_server(store_url, config=GRACE)
    tv, code, (ana,) = await _room_with(server, "Ana")
    ana_id = ana.welcome["player"]
    await ana.close()
    await _gone(tv, ana_id)
    issued = await tv.host("reclaim_seat", player=ana_id)
    await tv.close()
    await server.stop()
    # When the hub restarts on the same store
    server = await start_server(store_url, config=GRACE)
    try:
        # Then the code (kept as a room event) still hands over Ana's seat
        new = await Peer.open(server.url, {"role": "player", "room": code, "reclaim": issued["code"]})
        assert new.welcome["player"] == ana_id
        await new.close()
    finally:
        await server.stop()


async def test_the_code_goes_only_to_the_host_and_only_its_hash_is_stored(server):
    tv, code, (ana, ben) = await _room_with(server, "Ana", "Ben")
    ana_id = ana.welcome["player"]
    await ana.close()
    await _gone(tv, ana_id)
    issued = (await tv.host("reclaim_seat", player=ana_id))["code"]
    # No other screen is sent the code (nor anything about it)
    assert not [f for f in ben.frames if issued in repr(f)]
    # The room's log holds the code's hash, never the code
    actor = await server.hub.find(code)
    stored = b"".join(record.data for record in await server.hub.store.read(actor.room.id, 0))
    assert issued.encode() not in stored
    assert token_hash(issued).encode() in stored
    for peer in (tv, ben):
        await peer.close()
