"""Many commands at once: one room's log stays gap-free and strictly increasing,
fan-out encodes a change once plus private parts, and appends from many rooms share commits."""

from __future__ import annotations

import asyncio

from protocol.codec import decode_server_all

from wsclient import Peer


async def toy_room(url, players=4, rounds=20):
    tv = await Peer.open(url, {"role": "host"})
    code = tv.welcome["room"]
    phones = [await Peer.open(url, {"role": "player", "room": code, "name": f"P{i}"}) for i in range(players)]
    await tv.host("select_game", game="toy", options={"rounds": rounds})
    await tv.host("start")
    return tv, code, phones


async def burst(phone: Peer, count: int) -> list[dict]:
    """Send ``count`` picks without waiting, then collect every reply."""
    seqs = []
    for i in range(count):
        phone.seq += 1
        seqs.append(phone.seq)
        await phone.send({"t": "cmd", "seq": phone.seq, "cmd": {"type": "Pick", "number": 1 + i % 3}})
    replies = []
    for seq in seqs:
        replies.append(await phone.next_frame(lambda f, s=seq: f["t"] in ("ack", "error") and f.get("seq") == s))
    return replies


async def test_many_commands_at_once_to_one_room_give_a_gap_free_increasing_version(server):
    # Given a toy room with four phones and a spectator
    tv, code, phones = await toy_room(server.url)
    watcher = await Peer.open(server.url, {"role": "spectator", "room": code})
    before = (await watcher.until(lambda s: s["game"] is not None))["version"]
    # When every phone fires 15 picks at once, for several rounds
    results = await asyncio.gather(*(burst(p, 15) for p in phones))
    acks = sum(1 for replies in results for r in replies if r["t"] == "ack")
    # Then exactly the accepted picks were stored, the log has no gap, and versions only grew
    assert acks >= len(phones)  # at least one pick each was accepted
    room_id = server.hub.codes[code]
    records = await server.hub.store.read(room_id)
    versions = [r.version for r in records]
    assert versions == list(range(1, len(versions) + 1))
    final = await watcher.until(lambda s: s["version"] == len(versions))
    seen = [f["version"] for f in watcher.frames if f["t"] == "state"]
    assert seen == sorted(seen) and seen[-1] == final["version"] > before
    # Every accepted pick is one Picked event (the reveals come from the room's timer)
    picked = sum(1 for r in records if b"Picked" in r.data)
    assert picked == acks
    for peer in (tv, watcher, *phones):
        await peer.close()


async def test_fan_out_encodes_a_change_once_for_everyone_plus_the_private_parts(server):
    tv, code, phones = await toy_room(server.url, players=2)
    watchers = [await Peer.open(server.url, {"role": "spectator", "room": code}) for _ in range(10)]
    await asyncio.gather(*(w.until(lambda s: s["lobby"]["spectators"] == 10) for w in watchers))
    await tv.until(lambda s: s["lobby"]["spectators"] == 10)
    actor = server.hub.rooms[server.hub.codes[code]]
    encodes = actor.encodes
    seen = {id(peer): len(peer.raw) for peer in (tv, *phones, *watchers)}
    # When one player picks
    assert (await phones[0].cmd({"type": "Pick", "number": 1}))["t"] == "ack"
    await asyncio.gather(*(p.until(lambda s: s["game"]["seats"][0]["picked"]) for p in (tv, phones[1], *watchers)))
    # Then the public change is encoded once, and only the mover's view has a private part
    assert actor.encodes - encodes == 2
    # and the TV, the other phone and every spectator were written the very same bytes
    news = [peer.raw[seen[id(peer)]:] for peer in (tv, phones[1], *watchers)]
    assert all(len(n) == 1 for n in news)
    assert len({n[0] for n in news}) == 1
    frames = decode_server_all(news[0][0])
    assert [f["t"] for f in frames] == ["change"] and frames[0]["base"] == frames[0]["v"] - 1
    for peer in (tv, *phones, *watchers):
        await peer.close()


async def test_appends_from_many_rooms_are_group_committed(tmp_path):
    # Group commit is the embedded store's business.
    from hubserver import start_server

    server = await start_server(str(tmp_path / "group.sqlite3"))
    try:
        rooms = await asyncio.gather(*(toy_room(server.url, players=2, rounds=5) for _ in range(8)))
        store = server.hub.store
        commits, appends = store.commits, store.appends
        await asyncio.gather(*(burst(phones[i % 2], 3) for _, _, phones in rooms for i in range(2)))
        # every room appended (a room's actor may store several of its commands in one append: a turn) ...
        assert store.appends - appends >= len(rooms)
        # ... and appends from different rooms shared commits
        assert store.commits - commits < store.appends - appends
        for tv, _, phones in rooms:
            for peer in (tv, *phones):
                await peer.close()
    finally:
        await server.stop()
