"""Bad input gets a clear error (or the right close) and leaves every room exactly as it was."""

from __future__ import annotations

import msgpack
import pytest
import websockets

from protocol.codec import MAX_FRAME

from hubserver import fast_config, start_server
from wsclient import Peer


async def toy_room(server):
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    ana = await Peer.open(server.url, {"role": "player", "room": code, "name": "Ana"})
    bo = await Peer.open(server.url, {"role": "player", "room": code, "name": "Bo"})
    await tv.host("select_game", game="toy")
    await tv.host("start")
    await ana.until(lambda s: s["legal"])
    return tv, code, ana, bo


async def snapshot(server, code):
    """What a fresh spectator sees: the version and the public game."""
    watcher = await Peer.open(server.url, {"role": "spectator", "room": code})
    state = await watcher.until(lambda s: True)
    await watcher.close()
    return state["version"], state["game"]


async def raw_hello(server, data):
    ws = await websockets.connect(server.url, compression=None)
    await ws.send(data)
    frames = []
    try:
        async for message in ws:
            frames.append(msgpack.unpackb(message) if isinstance(message, bytes) else message)
    except websockets.ConnectionClosed:
        pass
    return frames, ws.close_code


async def test_garbage_in_a_live_room_is_answered_and_changes_nothing(server):
    tv, code, ana, bo = await toy_room(server)
    before = await snapshot(server, code)
    watcher = await Peer.open(server.url, {"role": "spectator", "room": code})
    # Malformed msgpack, an unknown frame, a bad field, a command for another seat, a nonsense command
    await ana.send_raw(b"\xc1\xc1")
    assert (await ana.next_frame(lambda f: f["t"] == "error"))["code"] == "protocol/malformed"
    assert (await ana.request({"t": "warp"}))["code"] == "protocol/unknown_frame"
    # A second hello (which carries no seq): well formed it is an unknown frame here; of the wrong shape, a bad
    # frame, as a first one would be (a role that is none of the three included)
    for hello, expected in (
        ({"t": "hello", "v": 1, "role": "spectator", "room": code}, "protocol/unknown_frame"),
        ({"t": "hello", "v": 1, "role": "bogus"}, "protocol/bad_frame"),
        ({"t": "hello", "v": 1, "role": "player", "room": 5}, "protocol/bad_frame"),
    ):
        start = len(ana.frames)
        await ana.send(hello)
        reply = await ana.next_frame(lambda f: f["t"] == "error", start=start)
        assert (reply["code"], reply["seq"]) == (expected, None), hello
    assert (await ana.request({"t": "cmd", "cmd": {"type": "Pick", "number": 1}, "seat": 1}))["code"] == "protocol/bad_frame"
    assert (await ana.cmd({"type": "Pick", "number": "1"}))["code"] == "protocol/bad_command"
    assert (await ana.cmd({"type": "Teleport"}))["code"] == "protocol/bad_command"
    assert (await ana.cmd({"type": "Pick", "number": 9}))["code"] == "toy/bad_number"
    assert (await ana.cmd({"type": "Reveal"}))["code"] == "move/not_a_player"
    # Spectators and the TV cannot act; players cannot run the room
    assert (await watcher.cmd({"type": "Pick", "number": 1}))["code"] == "auth/forbidden"
    assert (await tv.cmd({"type": "Pick", "number": 1}))["code"] == "auth/forbidden"
    assert (await bo.host("close"))["code"] == "auth/forbidden"  # Bo's is not the host phone (Ana's is)
    assert (await tv.host("warp"))["code"] == "host/unknown_op"
    assert (await tv.host("select_game", game="toy", options={"rounds": 99}))["code"] == "host/in_game"
    # Then the room is exactly as it was, and the sockets are still usable
    assert await snapshot(server, code) == before
    assert (await ana.request({"t": "ping"}))["t"] == "ack"
    # And an illegal move after a legal one is refused without a trace
    assert (await ana.cmd({"type": "Pick", "number": 1}))["t"] == "ack"
    after = await snapshot(server, code)
    assert (await ana.cmd({"type": "Pick", "number": 2}))["code"] == "toy/already_picked"
    assert await snapshot(server, code) == after
    for peer in (tv, ana, bo, watcher):
        await peer.close()


async def test_a_frame_refused_for_its_shape_still_echoes_a_seq_it_could_read(server):
    tv, code, ana, bo = await toy_room(server)
    before = await snapshot(server, code)
    readable = [  # each refused for something other than its seq, which is fine: the error echoes it
        {"t": "cmd", "seq": 71, "cmd": {"type": "Pick", "number": 1.5}},  # a float
        {"t": "ping", "seq": 72, "x": b"bytes"},  # binary
        {"t": "ping", "seq": 73, "x": msgpack.ExtType(5, b"x")},  # an extension type
        {"t": "ping", "seq": 74, "x": [[[[[[[[1]]]]]]]]},  # nested deeper than 8
        {"t": "ping", "seq": 75, "x": {1: 2}},  # a map key that is not a string
        {"seq": 76},  # no "t"
        {"t": "ping", "seq": 77, "x": 2**60},  # an integer out of range
    ]
    for frame in readable:
        await ana.send_raw(msgpack.packb(frame))
        error = await ana.next_frame(lambda f, seq=frame["seq"]: f["t"] == "error" and f["seq"] == seq, timeout=5)
        assert error["code"] == "protocol/bad_frame", error
    # The same in a JSON text frame
    await ana.send_raw('{"t":"ping","seq":78,"x":0.5}')
    assert (await ana.next_frame(lambda f: f["t"] == "error" and f["seq"] == 78, timeout=5))["code"] == "protocol/bad_frame"
    # A seq that is itself unusable is not echoed: the error says seq null
    for frame in ({"t": "ping", "seq": 1.5}, {"t": "ping", "seq": 2**53}, {"t": "ping", "seq": "9"}):
        start = len(ana.frames)
        await ana.send_raw(msgpack.packb(frame))
        error = await ana.next_frame(lambda f: f["t"] == "error", start=start, timeout=5)
        assert error["code"] == "protocol/bad_frame" and error["seq"] is None, (frame, error)
    # And nothing changed; the socket still works
    assert await snapshot(server, code) == before
    assert (await ana.request({"t": "ping"}))["t"] == "ack"
    for peer in (tv, ana, bo):
        await peer.close()


async def test_options_are_validated_through_the_game(server):
    tv = await Peer.open(server.url, {"role": "host"})
    assert (await tv.host("select_game", game="chess"))["code"] == "host/unknown_game"
    reply = await tv.host("select_game", game="toy", options={"rounds": 0})
    assert reply["code"] == "host/bad_options" and "rounds" in reply["message"]
    assert (await tv.host("select_game", game="toy", options={"speed": 1}))["code"] == "host/bad_options"
    assert (await tv.host("start"))["code"] == "host/no_game"
    await tv.host("select_game", game="toy")
    assert (await tv.host("start"))["code"] == "host/player_count"
    await tv.close()


async def test_oversized_frames_are_refused_with_1009(server):
    tv, code, ana, bo = await toy_room(server)
    before = await snapshot(server, code)
    await ana.send({"t": "ping", "seq": 1, "pad": "x" * (MAX_FRAME + 10)})
    error = await ana.next_frame(lambda f: f["t"] == "error")
    assert error["code"] == "protocol/too_large"
    assert await ana.wait_closed() == 1009
    # Far too large: the websocket layer itself closes with 1009
    await bo.send({"t": "ping", "seq": 1, "pad": "x" * (MAX_FRAME * 8)})
    assert await bo.wait_closed() == 1009
    assert await snapshot(server, code) == before
    await tv.close()


@pytest.mark.parametrize(
    "hello,code,close",
    [
        ({"t": "ping", "seq": 1}, "protocol/expected_hello", 1008),
        ({"t": "hello", "v": 99, "role": "host"}, "protocol/version", 1008),
        ({"t": "hello", "v": 1, "role": "admin"}, "protocol/bad_frame", 1008),
        ({"t": "hello", "v": 1, "role": "player", "room": "BCDF", "name": "Ana"}, "room/not_found", 4004),
    ],
)
async def test_bad_first_frames_get_an_error_and_a_close(server, hello, code, close):
    frames, close_code = await raw_hello(server, msgpack.packb(hello))
    assert frames and frames[0]["t"] == "error" and frames[0]["code"] == code
    assert close_code == close


async def test_wrong_tokens_are_refused_and_leave_the_room_alone(server):
    tv, code, ana, bo = await toy_room(server)
    before = await snapshot(server, code)
    for hello in (
        {"t": "hello", "v": 1, "role": "player", "room": code, "token": "stolen-looking-token"},
        {"t": "hello", "v": 1, "role": "player", "room": code, "token": tv.welcome["token"]},
        {"t": "hello", "v": 1, "role": "host", "room": code, "token": ana.welcome["token"]},
        {"t": "hello", "v": 1, "role": "host", "room": code},
    ):
        frames, close_code = await raw_hello(server, msgpack.packb(hello))
        assert frames[0]["code"] == "auth/bad_token" and close_code == 1008
    assert await snapshot(server, code) == before
    for peer in (tv, ana, bo):
        await peer.close()


async def test_bad_names_and_taken_names_are_refused(server):
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    await Peer.open(server.url, {"role": "player", "room": code, "name": "  Ana   Maria "})
    state = await tv.until(lambda s: s["lobby"]["players"])
    assert state["lobby"]["players"][0]["name"] == "Ana Maria"
    for name, error in (
        ("ana maria", "room/name_taken"),
        ("   ", "room/bad_name"),
        ("x" * 40, "room/bad_name"),
        ("a\x00b", "room/bad_name"),
    ):
        frames, close_code = await raw_hello(server, msgpack.packb({"t": "hello", "v": 1, "role": "player", "room": code, "name": name}))
        assert frames[0]["code"] == error, name
    await tv.host("lock")
    frames, _ = await raw_hello(server, msgpack.packb({"t": "hello", "v": 1, "role": "player", "room": code, "name": "Late"}))
    assert frames[0]["code"] == "room/locked"
    await tv.close()


async def test_a_flood_is_rate_limited_then_closed_with_4029(server):
    tv = await Peer.open(server.url, {"role": "host"})
    for seq in range(200):
        await tv.send({"t": "ping", "seq": seq + 1})
    code = await tv.wait_closed()
    limited = [f for f in tv.frames if f["t"] == "error" and f.get("code") == "rate/limited"]
    assert limited
    # every refusal names the frame it refuses, so a client waiting for that answer gets it
    assert all(type(f["seq"]) is int and 1 <= f["seq"] <= 200 for f in limited)
    assert code == 4029


async def test_join_brute_force_is_throttled_per_address(store_url):
    server = await start_server(store_url, config=fast_config(join_burst=3, join_rate=0.01))
    try:
        tv = await Peer.open(server.url, {"role": "host"})
        real = tv.welcome["room"]
        wrong = [c for c in ("BCDF", "BCDG", "BCDH", "BCDJ") if c != real]
        for guess in wrong[:3]:
            frames, close = await raw_hello(server, msgpack.packb({"t": "hello", "v": 1, "role": "spectator", "room": guess}))
            assert close == 4004
        # Now even the right code is refused for a while from this address
        frames, close = await raw_hello(server, msgpack.packb({"t": "hello", "v": 1, "role": "spectator", "room": real}))
        assert frames[0]["code"] == "rate/join_throttled" and close == 4029
        await tv.close()
    finally:
        await server.stop()


async def test_while_an_address_is_throttled_its_phones_and_tv_still_come_back_with_their_tokens(store_url):
    # Given a party behind one address: a TV and Ana's phone, then someone there mistyping codes until throttled
    server = await start_server(store_url, config=fast_config(join_burst=3, join_rate=0.01))
    try:
        tv = await Peer.open(server.url, {"role": "host"})
        code, host_token = tv.welcome["room"], tv.welcome["token"]
        ana = await Peer.open(server.url, {"role": "player", "room": code, "name": "Ana"})
        ana_token = ana.welcome["token"]
        for guess in [c for c in ("BCDF", "BCDG", "BCDH", "BCDJ") if c != code][:3]:
            _, close = await raw_hello(server, msgpack.packb({"t": "hello", "v": 1, "role": "spectator", "room": guess}))
            assert close == 4004
        await ana.close()
        await tv.close()
        # When Ana's phone and the TV come back with their tokens, they are let in
        back = await Peer.open(server.url, {"role": "player", "room": code, "token": ana_token})
        assert back.welcome["player"] == ana.welcome["player"]
        tv_back = await Peer.open(server.url, {"role": "host", "room": code, "token": host_token})
        assert tv_back.welcome["role"] == "host"
        # But anything that could be a guess waits: a wrong token (answered as throttled, not as a wrong
        # token, and counted), a wrong code with a token, a name, a spectator's code
        for hello in (
            {"role": "player", "room": code, "token": "x" * 32},
            {"role": "player", "room": "BCDK" if code != "BCDK" else "BCDL", "token": ana_token},
            {"role": "player", "room": code, "name": "Ben"},
            {"role": "spectator", "room": code},
        ):
            error, close = await Peer.refused(server.url, hello)
            assert (error["code"], close) == ("rate/join_throttled", 4029), hello
        for peer in (back, tv_back):
            await peer.close()
    finally:
        await server.stop()


async def test_a_bug_in_one_room_does_not_take_down_another(server):
    import toygame

    tv1, code1, ana1, bo1 = await toy_room(server)
    tv2, code2, ana2, bo2 = await toy_room(server)
    original = toygame.GAME.decide

    def broken(state, actor, command):
        if getattr(command, "number", None) == 3:
            raise ZeroDivisionError("a bug")
        return original(state, actor, command)

    object.__setattr__(toygame.GAME, "decide", broken)
    try:
        before = await snapshot(server, code1)
        reply = await ana1.cmd({"type": "Pick", "number": 3})
        assert reply["code"] == "server/bug"
        assert await snapshot(server, code1) == before
        assert (await ana2.cmd({"type": "Pick", "number": 1}))["t"] == "ack"
        assert (await ana1.cmd({"type": "Pick", "number": 1}))["t"] == "ack"
    finally:
        object.__setattr__(toygame.GAME, "decide", original)
    for peer in (tv1, ana1, bo1, tv2, ana2, bo2):
        await peer.close()
