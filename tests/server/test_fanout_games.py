"""Fan-out of the real games, with its identity caches: every socket's copy is its class's fresh view.

Fan-out converts each game view object to wire data once and reuses the wire
forms of the last change (protocol/wirecache.py), and the games reuse
unchanged parts of their views (games/memo.py ``SameInputs``).  If either
went wrong (a stale part, a part handed to the wrong class, a cached wire
object changed in place), a socket's copy, built from one state and then the
changes, would drift from the view built afresh through the generic cattrs
path.  These tests play random bot games and compare the two after every
move, for every viewer class.
"""

from __future__ import annotations

import asyncio
import pickle
import random

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.contract import SeatViewer
from protocol.codec import decode_server_all
from protocol.gamecodec import to_wire
from protocol.patch import Mirror
from server import roomstate, views
from server.client import Client
from server.config import HubConfig
from server.fanout import fanout as fan_out
from server.hub import load_games
from server.metrics import Metrics
from server.room import RoomActor, RoomShared

GAMES = load_games()


def make_room(game_id: str, players: int, seed: int) -> tuple[RoomActor, dict]:
    shared = RoomShared(
        games=GAMES, store=None,  # fan-out never touches the store
        config=HubConfig(bot_delay=1e6, timer_scale=1e6), metrics=Metrics(), catalog=views.catalog(GAMES),
    )
    actor = RoomActor(roomstate.Room(id="room-g"), shared)
    events = [roomstate.RoomOpened(room="room-g", code="BCDF", host_hash="x")]
    events += [roomstate.PlayerJoined(player=i, name=f"P{i}", token_hash=f"h{i}") for i in range(players)]
    events += [roomstate.GameSelected(game=game_id, options={})]
    events += [roomstate.GameStarted(game=game_id, options={}, seed=seed, seats=tuple(range(players)))]
    fold(actor, events)
    clients = {"host": Client(text=False, role="host", address="t", queue=10_000)}
    actor.host = clients["host"]
    for pid in range(players):
        clients[pid] = Client(text=pid % 2 == 1, role="player", address="t", queue=10_000)  # some JSON sockets
        clients[pid].player = pid
        actor.players[pid] = clients[pid]
    clients["watch"] = Client(text=True, role="spectator", address="t", queue=10_000)
    actor.spectators.add(clients["watch"])
    return actor, clients


def fold(actor: RoomActor, events: list) -> None:
    room = actor.room
    for event in events:
        room = roomstate.evolve(room, event, actor.games)
    actor.room = room


def fresh_view(actor: RoomActor, key: tuple) -> dict:
    """The class's whole view built afresh, as a client reads it.

    Built through plain ``to_wire`` (no caches of fan-out) from a copy of the
    room whose every part is a new object, so no memo of the games' views
    (which key on the identity of state fields) can answer from before.
    """
    room = pickle.loads(pickle.dumps(actor.room))
    lobby = views.lobby(room, actor.games, set(actor.players), actor.host is not None, len(actor.spectators))
    view = views.view_map(room, actor.games, key, lobby, actor.shared.catalog)
    return msgpack.unpackb(msgpack.packb(view, use_bin_type=True), raw=False)


async def read(client: Client, mirror: Mirror) -> None:
    if client.outbox.waiting:
        for message in await client.outbox.take():
            mirror.fold(decode_server_all(message))


def move(actor: RoomActor, game_id: str, rng: random.Random, bots: list) -> bool:
    """One bot move or timer of the running game; False once it is over."""
    spec, state = GAMES[game_id], actor.room.run.state
    if spec.is_terminal(state):
        return False
    seats = [s for s in range(len(bots)) if spec.legal_commands(state, s)]
    if seats:
        seat = rng.choice(seats)
        legal = spec.legal_commands(state, seat)
        command = bots[seat].act(spec.view(state, SeatViewer(seat)), legal) if rng.random() < 0.7 else None
        events = spec.decide(state, seat, command or rng.choice(list(legal)))
    else:
        events = spec.decide(state, -1, spec.next_timer(state).command)
    fold(actor, list(events))
    return True


async def play_and_compare(game_id: str, players: int, seed: int, moves: int) -> int:
    spec = GAMES[game_id]
    actor, clients = make_room(game_id, players, seed)
    bots = [spec.bots[next(iter(spec.bots))](seat, seed + seat) for seat in range(players)]
    rng = random.Random(seed)
    mirrors = {name: Mirror() for name in clients}
    fan_out(actor)
    played = 0
    for _ in range(moves):
        for name, client in clients.items():
            await read(client, mirrors[name])
            # the socket's copy, from one state and the changes, is its class's view built afresh
            assert mirrors[name].view == fresh_view(actor, client.key), (game_id, name, played)
        if not move(actor, game_id, rng, bots):
            break
        played += 1
        fan_out(actor)
    # the cached wire forms were never changed in place: each still is its value's conversion
    cache = actor.view_memory.wire
    entries = list(cache._now.values()) + list(cache._before.values())
    assert entries
    for value, wire in entries:
        assert msgpack.packb(wire, use_bin_type=True) == msgpack.packb(to_wire(value), use_bin_type=True)
    return played


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), extra=st.integers(0, 2))
def test_every_socket_holds_its_fresh_view_after_every_move_of_a_random_game(game_id, seed, extra):
    spec = GAMES[game_id]
    players = min(spec.max_players, spec.min_players + extra)
    assert asyncio.run(play_and_compare(game_id, players, seed, moves=60)) > 5


def test_the_wire_cache_keeps_only_the_parts_of_the_last_two_changes():
    # Given a long game fanned out move after move
    actor, clients = make_room("new_york_slice", 3, 11)
    spec = GAMES["new_york_slice"]
    bots = [spec.bots[next(iter(spec.bots))](seat, seat) for seat in range(3)]
    rng = random.Random(1)

    async def run() -> list[int]:
        mirrors = {name: Mirror() for name in clients}
        fan_out(actor)
        sizes = []
        for _ in range(120):
            if not move(actor, "new_york_slice", rng, bots):
                break
            fan_out(actor)
            for name, client in clients.items():
                await read(client, mirrors[name])
            sizes.append(len(actor.view_memory.wire))
        return sizes

    sizes = asyncio.run(run())
    # Then the cache holds about two changes' worth of view parts, not the game's history
    assert len(sizes) > 50
    assert max(sizes) < 3 * max(sizes[:10]) + 200
