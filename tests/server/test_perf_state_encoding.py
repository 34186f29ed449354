"""The ``state`` frame's fast encoding equals the generic cattrs encoding.

``protocol.codec.state_map`` takes a state's fields as they are instead of
copying them through cattrs (a performance change); these tests hold it to
the bytes the generic path produces, for every viewer class of every game
at several points of a bot game.
"""

from __future__ import annotations

import random

import pytest
from botmoves import bot_step

from protocol import codec
from protocol.frames import State
from server import roomstate, views
from server.hub import load_games

GAMES = load_games()


def generic_map(frame: State) -> dict:
    out = {"t": "state"}
    out.update(codec._frames.unstructure(frame))
    return out


def rooms_of_a_bot_game(game_id: str, moves: int = 40):
    """A room at the start of a game and after each of ``moves`` bot moves."""
    spec = GAMES[game_id]
    players = spec.min_players
    room = roomstate.Room()
    events = [roomstate.RoomOpened(room="r", code="ABCD", host_hash="h")]
    events += [roomstate.PlayerJoined(player=i, name=f"P{i}", token_hash=f"t{i}") for i in range(players)]
    events += [roomstate.BotAdded(player=players, name="Robo", bot=None)]
    events += [roomstate.GameSelected(game=game_id, options={})]
    events += [roomstate.GameStarted(game=game_id, options={}, seed=5, seats=tuple(range(players)))]
    for event in events:
        room = roomstate.evolve(room, event, GAMES)
    bots = [spec.bots[next(iter(spec.bots))](seat, seat) for seat in range(players)]
    rng = random.Random(3)
    yield room
    for _ in range(moves):
        if spec.is_terminal(room.run.state):
            return
        for event in bot_step(spec, room.run.state, bots, rng):
            room = roomstate.evolve(room, event, GAMES)
        yield room


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_state_frames_encode_as_the_generic_path_does(game_id):
    catalog = views.catalog(GAMES)
    checked = 0
    for room in rooms_of_a_bot_game(game_id):
        # given every viewer class's state frame at this point of the game
        shared = views.lobby(room, GAMES, {0}, True, 2)
        keys = [views.HOST, views.SPECTATORS] + [views.player_key(p.id) for p in room.players]
        for key in keys:
            frame = views.state_frame(room, GAMES, key, shared, catalog if key == views.HOST else None)
            # when it is encoded, then msgpack and JSON equal the cattrs encoding
            for text in (False, True):
                assert codec.encode_server(frame, text=text) == codec.encode_map(generic_map(frame), text=text)
            checked += 1
    assert checked > 40


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_cached_legal_commands_equal_fresh_conversion(game_id):
    from protocol.gamecodec import to_wire

    spec = GAMES[game_id]
    seen = 0
    for room in rooms_of_a_bot_game(game_id):
        # given each seat's legal commands at this point of the game (converted before, or not)
        for seat in range(len(room.run.seats)):
            commands = spec.legal_commands(room.run.state, seat)
            # when they are converted through the cache, then they equal a fresh conversion
            assert views.legal_wire(commands) == [to_wire(c) for c in commands]
            seen += len(commands)
    assert seen > 0
