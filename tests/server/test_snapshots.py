"""Snapshots of every game at every point of a real game read back as the very same room."""

from __future__ import annotations

import attrs
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


def asdict_snapshot(room: roomstate.Room) -> bytes:
    """The snapshot format as first written: the room's fields as ``attrs.asdict`` gives them."""
    fields = attrs.asdict(room, recurse=False)
    fields["players"] = [attrs.asdict(p) for p in room.players]
    fields["options"] = dict(room.options)
    fields["notices"] = [attrs.asdict(n) for n in room.notices]
    del fields["run"]
    run = None
    if room.run is not None:
        run = {
            "game": room.run.game, "options": dict(room.run.options), "seed": room.run.seed, "seats": list(room.run.seats),
            "state": snapshots._converter.unstructure(room.run.state),
        }
    return msgpack.packb({"format": snapshots.FORMAT, "room": fields, "run": run}, use_bin_type=True, default=snapshots._plain)


def test_a_snapshot_holds_every_field_of_the_room_its_players_and_notices_as_attrs_gives_them():
    # Given a room in a game whose players have every field set (a moved seat, a code, a stand-in) and notices
    games = load_games()
    maps = bot_game_log("splittissimo", 3, {}, seed=9)
    room = roomstate.Room()
    for stored in maps[:12]:
        room = roomstate.evolve(room, records.decode(msgpack.packb(stored), room, games), games)
    first, *others = room.players
    rich = attrs.evolve(
        first, extra_time=True, reclaim_hash="r" * 8, reclaim_expires=1_700_000_000, reclaim_by=2, stand_in=True,
        moved_hashes=("a" * 8, "b" * 8), sitting_out=True,
    )
    room = attrs.evolve(
        room, players=(rich, *others), host_phone=rich.id, notices=(
            roomstate.Notice(n=3, kind="seat_moved", player=rich.id, name=rich.name, by="the teacher"),
            roomstate.Notice(n=5, kind="back", player=rich.id, name=rich.name),
        ), turn_timer=30,
    )
    # When it is snapshotted
    data = snapshots.encode(room, games)
    # Then the bytes are the format's, and they read back as the room
    assert data == asdict_snapshot(room)
    assert snapshots.decode(data, games) == room
