"""Snapshots of every game at every point of a real game read back as the very same room."""

from __future__ import annotations

import msgpack
import pytest

from server import records, roomstate, snapshots
from server.hub import load_games

from botlog import bot_game_log


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("pizza_theory", 3, {"max_rounds": 4}), ("new_york_slice", 4, {}), ("splittissimo", 3, {"level": "advanced"})],
)
def test_a_snapshot_taken_anywhere_in_a_game_reads_back_as_the_same_room(game, players, options):
    # Given the log of a whole bot game
    games = load_games()
    maps = bot_game_log(game, players, options, seed=4)
    room = roomstate.Room()
    for number, stored in enumerate(maps, start=1):
        room = roomstate.evolve(room, records.decode(msgpack.packb(stored), room, games), games)
        if number % 7 and number != len(maps):
            continue
        # When a snapshot is taken (every 7th record and at the end)
        data = snapshots.encode(room, games)
        # Then there is one (no state is left without snapshots), and it is the room itself
        assert data is not None, f"{game}: no snapshot at record {number}"
        assert snapshots.decode(data, games) == room
