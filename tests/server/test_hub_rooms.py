"""Rooms rebuild from their logs: snapshots and full replays agree; JSON clients get JSON."""

from __future__ import annotations

import asyncio

from server import records, roomstate
from server.room import load_room
from server.store.base import Snapshot

from hubserver import fast_config, start_server
from wsclient import Peer


async def test_a_room_rebuilt_from_a_snapshot_equals_one_replayed_from_the_start(tmp_path):
    # Given a toy game played with a snapshot every 5 records
    server = await start_server(str(tmp_path / "snap.sqlite3"), config=fast_config(snapshot_every=5))
    try:
        tv = await Peer.open(server.url, {"role": "host"})
        code = tv.welcome["room"]
        phones = [await Peer.open(server.url, {"role": "player", "room": code, "name": n}) for n in ("Ana", "Bo")]
        await tv.host("select_game", game="toy", options={"rounds": 4})
        await tv.host("start")
        for round_ in range(1, 5):
            for phone in phones:
                state = await phone.until(lambda s, r=round_: s["game"] and s["game"]["round"] == r and s["legal"])
                assert (await phone.cmd(state["legal"][0]))["t"] == "ack"
        await tv.until(lambda s: s["outcome"] is not None)
        hub = server.hub
        room_id = hub.codes[code]
        live = hub.rooms[room_id].room
        snapshot = await hub.store.load_snapshot(room_id)
        # When the room is loaded (from the snapshot) and replayed from nothing
        loaded = await load_room(hub.store, room_id, hub.games)
        replayed = roomstate.Room()
        for record in await hub.store.read(room_id):
            replayed = roomstate.evolve(replayed, records.decode(record.data, replayed, hub.games), hub.games)
        # Then all three agree, and the snapshot was really used
        assert snapshot is not None and 0 < snapshot.version <= live.version
        assert loaded == replayed == live
        # A snapshot that cannot be read is ignored: the log alone rebuilds the room
        await hub.store.save_snapshot(room_id, Snapshot(live.version + 1, b"pn1:garbage"))
        assert await load_room(hub.store, room_id, hub.games) == live
        for peer in (tv, *phones):
            await peer.close()
    finally:
        await server.stop()


async def test_a_restarted_hub_resumes_open_rooms_and_forgets_closed_ones(tmp_path):
    path = str(tmp_path / "resume.sqlite3")
    server = await start_server(path)
    tv = await Peer.open(server.url, {"role": "host"})
    open_code = tv.welcome["room"]
    ana = await Peer.open(server.url, {"role": "player", "room": open_code, "name": "Ana"})
    tv2 = await Peer.open(server.url, {"role": "host"})
    closed_code = tv2.welcome["room"]
    assert (await tv2.host("close"))["t"] == "ack"
    await asyncio.sleep(0.1)
    await server.stop()
    # When the hub starts again on the same store
    server = await start_server(path)
    try:
        assert set(server.hub.codes) == {open_code}
        back = await Peer.open(server.url, {"role": "player", "room": open_code, "token": ana.welcome["token"]})
        assert back.welcome["player"] == 0
        gone = await Peer.open(server.url, {"role": "spectator", "room": closed_code}, expect_welcome=False)
        assert (await gone.next_frame(lambda f: f["t"] == "error"))["code"] == "room/not_found"
        await back.close()
    finally:
        await server.stop()


async def test_a_client_that_says_hello_in_json_gets_json_text_frames(server):
    tv = await Peer.open(server.url, {"role": "host"}, text=True)
    assert all(isinstance(raw, str) for raw in tv.raw)
    assert (await tv.host("lock"))["t"] == "ack"
    state = await tv.until(lambda s: s["lobby"]["locked"])
    assert state["you"] == {"role": "host"} and isinstance(tv.raw[-1], str)
    await tv.close()


#: Set when unpickling ran code: it must never be.
RAN: list[str] = []


def _ran(marker: str) -> None:
    RAN.append(marker)


class _Payload:
    """A pickle that calls ``_ran`` when loaded (what a hostile writer of a shared store could plant)."""

    def __reduce__(self):
        return (_ran, ("code ran",))


async def test_a_pickled_snapshot_is_never_loaded_and_the_room_is_rebuilt_from_its_log(tmp_path):
    import pickle

    # Given a room with some history, and snapshots written as pickle bytes (an old hub's, or a hostile one)
    server = await start_server(str(tmp_path / "pickle.sqlite3"), config=fast_config(snapshot_every=10**6))
    try:
        tv = await Peer.open(server.url, {"role": "host"})
        code = tv.welcome["room"]
        await Peer.open(server.url, {"role": "player", "room": code, "name": "Ana"})
        await tv.host("select_game", game="toy", options={"rounds": 2})
        hub = server.hub
        room_id = hub.codes[code]
        live = hub.rooms[room_id].room
        for data in (pickle.dumps(_Payload()), b"pn1:" + pickle.dumps(_Payload()), pickle.dumps(live)):
            await hub.store.save_snapshot(room_id, Snapshot(live.version, data))
            # When the room is loaded
            loaded = await load_room(hub.store, room_id, hub.games)
            # Then the snapshot is refused (no code ran) and the log alone rebuilt the room
            assert loaded == live
            assert RAN == []
    finally:
        await server.stop()


async def test_snapshots_are_msgpack_data_that_rebuild_the_same_room(tmp_path):
    import msgpack

    from server import snapshots

    # Given a toy game played to its end with a snapshot every 3 records
    server = await start_server(str(tmp_path / "data.sqlite3"), config=fast_config(snapshot_every=3))
    try:
        tv = await Peer.open(server.url, {"role": "host"})
        code = tv.welcome["room"]
        phones = [await Peer.open(server.url, {"role": "player", "room": code, "name": n}) for n in ("Ana", "Bo")]
        await tv.host("select_game", game="toy", options={"rounds": 2})
        await tv.host("start")
        for round_ in (1, 2):
            for phone in phones:
                state = await phone.until(lambda s, r=round_: s["game"] and s["game"]["round"] == r and s["legal"])
                assert (await phone.cmd(state["legal"][0]))["t"] == "ack"
        await tv.until(lambda s: s["outcome"] is not None)
        hub = server.hub
        room_id = hub.codes[code]
        snapshot = await hub.store.load_snapshot(room_id)
        # Then the snapshot is a versioned msgpack map, and it reads back as the room at its version
        value = msgpack.unpackb(snapshot.data, raw=False, strict_map_key=False)
        assert value["format"] == snapshots.FORMAT and value["run"]["game"] == "toy"
        replayed = roomstate.Room()
        for record in await hub.store.read(room_id, 0):
            if replayed.version == snapshot.version:
                break
            replayed = roomstate.evolve(replayed, records.decode(record.data, replayed, hub.games), hub.games)
        assert snapshots.decode(snapshot.data, hub.games) == replayed
        for peer in (tv, *phones):
            await peer.close()
    finally:
        await server.stop()
