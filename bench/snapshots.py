"""Cost of a room snapshot: CPU microseconds to encode one (with its read-back check) and to read one.

    .venv/bin/python bench/snapshots.py [--rounds 5] [--calls 200]

The room actor snapshots a room every ``snapshot_every`` records (50 by
default) on the event loop, between two moves: ``server.snapshots.encode``
converts the room and its game state, and reads the bytes back to check
they give the very same room before they are stored.  A hub of many rooms
makes one every 50 moves of each room, and each one holds that room's
next move back for its duration.

For each game, a real bot game (the test suite's ``bot_game_log``, seeds
fixed) is folded into a room, and the room is taken half-way and at the
end; each is encoded and decoded ``--calls`` times, ``--rounds`` times,
and the fastest round is printed (the least disturbed by a busy machine).
To compare two checkouts, copy this file into the other one and run it
there, the two taking turns.  Figures only; nothing here asserts.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import msgpack

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "server")]

from server import records, roomstate, snapshots  # noqa: E402
from server.hub import load_games  # noqa: E402

from botlog import bot_game_log  # noqa: E402

GAMES = (("pizza_theory", 3, {}), ("new_york_slice", 5, {}), ("splittissimo", 5, {}))


def rooms(games: dict, game: str, players: int, options: dict) -> list[roomstate.Room]:
    """The room half-way through a bot game and at its end."""
    maps = bot_game_log(game, players, options, seed=4)
    room, out = roomstate.Room(), []
    for number, stored in enumerate(maps, start=1):
        room = roomstate.evolve(room, records.decode(msgpack.packb(stored), room, games), games)
        if number in (len(maps) // 2, len(maps)):
            out.append(room)
    return out


def fastest(work, rounds: int, calls: int) -> float:
    """Microseconds per call of ``work``, the fastest of ``rounds`` rounds of ``calls`` calls."""
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(calls):
            work()
        best = min(best, (time.process_time() - start) / calls * 1e6)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args(argv)
    games = load_games()
    print(f"{'game':16} {'room at':>8} {'bytes':>6} {'encode µs':>10} {'decode µs':>10}   ({ROOT})")
    for game, players, options in GAMES:
        for at, room in zip(("half", "end"), rooms(games, game, players, options)):
            data = snapshots.encode(room, games)
            assert data is not None, f"{game}: no snapshot"
            encode = fastest(lambda room=room: snapshots.encode(room, games), args.rounds, args.calls)
            decode = fastest(lambda data=data: snapshots.decode(data, games), args.rounds, args.calls)
            print(f"{game:16} {at:>8} {len(data):>6} {encode:>10.1f} {decode:>10.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
