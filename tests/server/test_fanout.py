"""Fan-out, driven without sockets: changes in order, one full state for a socket that fell behind."""

from __future__ import annotations

import asyncio

from protocol.codec import decode_server_all
from protocol.patch import Mirror
from server import roomstate, views
from server.client import Client
from server.config import HubConfig
from server.fanout import fanout as fan_out
from server.hub import load_games
from server.metrics import Metrics
from server.room import RoomActor, RoomShared
from server.store import open_store

import toygame


async def make_room(tmp_path, *, queue: int = 64):
    games = {"toy": toygame.GAME, **load_games()}
    shared = RoomShared(
        games=games, store=open_store(str(tmp_path / "fanout.sqlite3")), config=HubConfig(bot_delay=1e6, timer_scale=1e6),
        metrics=Metrics(), catalog=views.catalog(games),
    )
    hub = shared  # the tests close ``hub.store``
    actor = RoomActor(roomstate.Room(id="room-1"), shared)
    commit(actor, [
        roomstate.RoomOpened(room="room-1", code="BCDF", host_hash="x"),
        roomstate.PlayerJoined(player=0, name="Ana", token_hash="h0"),
        roomstate.PlayerJoined(player=1, name="Bo", token_hash="h1"),
        roomstate.GameSelected(game="toy", options={"rounds": 20}),
        roomstate.GameStarted(game="toy", options={"rounds": 20}, seed=3, seats=(0, 1)),
    ])
    clients = {"host": Client(text=False, role="host", address="t", queue=queue)}
    actor.host = clients["host"]
    for pid in (0, 1):
        clients[pid] = Client(text=False, role="player", address="t", queue=queue)
        clients[pid].player = pid
        actor.players[pid] = clients[pid]
    clients["watch"] = Client(text=True, role="spectator", address="t", queue=queue)  # a JSON socket
    actor.spectators.add(clients["watch"])
    return hub, actor, clients


def commit(actor: RoomActor, events: list) -> None:
    """Fold ``events`` onto the actor's room (what a stored turn does; fan-out is what these tests check)."""
    room = actor.room
    for event in events:
        room = roomstate.evolve(room, event, actor.games)
    actor.room = room


async def read(client: Client, mirror: Mirror) -> list[dict]:
    frames = []
    if client.outbox.waiting:
        for message in await client.outbox.take():
            frames += decode_server_all(message)
    mirror.fold(list(frames))
    return frames


def expected(actor: RoomActor, key: tuple) -> dict:
    shared = views.lobby(actor.room, actor.games, set(actor.players), actor.host is not None, len(actor.spectators))
    view = views.view_map(actor.room, actor.games, key, shared, actor.shared.catalog if key == views.HOST else None)
    return view


async def pick(actor: RoomActor, seat: int, number: int) -> None:
    """One move of the toy game: ``seat`` picks when it may (else the other seat), or the room reveals."""
    spec, state = actor.games["toy"], actor.room.run.state
    seats = [s for s in (seat, 1 - seat) if spec.legal_commands(state, s)]
    if seats:
        events = spec.decide(state, seats[0], toygame.Pick(number=number))
    else:
        events = spec.decide(state, -1, spec.next_timer(state).command)
    commit(actor, list(events))
    fan_out(actor)


async def test_every_socket_rebuilds_its_own_view_from_one_state_and_the_changes(tmp_path):
    # Given a room whose sockets had their first full state
    hub, actor, clients = await make_room(tmp_path)
    fan_out(actor)
    mirrors = {name: Mirror() for name in clients}
    for name, client in clients.items():
        assert [f["t"] for f in await read(client, mirrors[name])] == ["state"]
    # When the players pick, round after round
    for turn in range(6):
        await pick(actor, turn % 2, 1 + turn % 3)
        for name, client in clients.items():
            frames = await read(client, mirrors[name])
            # Then each socket gets changes only, and holds exactly its class's view
            assert frames and {f["t"] for f in frames} == {"change"}
            assert mirrors[name].view == expected(actor, client.key)
    await hub.store.close()


async def test_a_socket_that_falls_behind_gets_one_full_state_instead_of_the_changes(tmp_path):
    # Given a spectator whose outbox holds at most 3 changes, and who stops reading
    hub, actor, clients = await make_room(tmp_path, queue=3)
    fan_out(actor)
    watch = clients["watch"]
    mirror = Mirror()
    await read(watch, mirror)
    # When more changes happen than it can hold
    for turn in range(8):
        await pick(actor, turn % 2, 1 + turn % 3)
    # Then what waits for it is one full state in place of the changes it could not hold, then
    # the changes since, never more than its bound, and together they are the current view
    frames = await read(watch, mirror)
    kinds = [f["t"] for f in frames]
    assert kinds.count("state") == 1 and kinds[0] == "state" and len(kinds) <= 3
    assert watch.outbox.dropped_states > 0
    assert mirror.view == expected(actor, views.SPECTATORS)
    # and the next change builds on it
    await pick(actor, 0, 2)
    assert [f["t"] for f in await read(watch, mirror)] == ["change"]
    assert mirror.view == expected(actor, views.SPECTATORS)
    await hub.store.close()


async def test_presence_changes_are_gathered_and_a_newcomer_is_shown_the_room_at_once(tmp_path):
    hub, actor, clients = await make_room(tmp_path)
    fan_out(actor)
    mirrors = {name: Mirror() for name in clients}
    for name, client in clients.items():
        await read(client, mirrors[name])
    # When three spectators arrive one after the other
    newcomers = []
    for _ in range(3):
        client = Client(text=False, role="spectator", address="t", queue=64)
        actor.spectators.add(client)
        fan_out(actor)
        newcomers.append(client)
    # Then each newcomer has a full state at once, and the others nothing yet
    for client in newcomers:
        mirror = Mirror()
        assert [f["t"] for f in await read(client, mirror)] == ["state"]
        mirrors[id(client)] = mirror
    assert not clients["host"].outbox.waiting
    # and one change shows all three arrivals to everyone within the presence lag
    await asyncio.sleep(0.1)
    for name, client in [*clients.items(), *((id(c), c) for c in newcomers)]:
        frames = await read(client, mirrors[name])
        assert [f["t"] for f in frames] == ["change"]
        assert mirrors[name].view["lobby"]["spectators"] == 4
    await hub.store.close()


async def test_the_tv_lobby_stays_the_same_map_while_many_other_rooms_change(tmp_path):
    # Given a room with a TV, and a hundred other rooms with a TV each on the same hub
    hub, actor, clients = await make_room(tmp_path)
    fan_out(actor)
    await read(clients["host"], Mirror())
    others = []
    for n in range(100):
        other = RoomActor(roomstate.Room(id=f"other-{n}"), actor.shared)
        commit(other, [roomstate.RoomOpened(room=f"other-{n}", code=f"Q{n:03d}", host_hash="x")])
        other.host = Client(text=False, role="host", address="t", queue=8)
        others.append(other)
    lobby = views.as_map(actor.view_memory.views[views.HOST])["lobby"]
    # When its game moves on while every other room changes too (its lobby does not change)
    for turn in range(3):
        await pick(actor, turn % 2, 1)
        for other in others:
            commit(other, [roomstate.RoomLocked(locked=turn % 2 == 0)])
            fan_out(other)
    # Then its TV's lobby part (with the game catalogue) is still the very same map: the
    # differ skips it by identity instead of comparing the catalogue at every change
    assert views.as_map(actor.view_memory.views[views.HOST])["lobby"] is lobby
    assert "games" in lobby
    await hub.store.close()
