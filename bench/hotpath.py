"""Micro-benchmark of the hub's per-move hot path: CPU microseconds per move, per game.

    .venv/bin/python bench/hotpath.py [--moves 2000] [--players 5] [--profile GAME] [--evict MIB]

One room per game (the three games, the test suite's toy game and the peer
harness's ``counter``, bench/counter.py, whose figure is the platform's own
cost per move) runs in this process, through the real room actor
(``RoomActor.turn`` given a ``Command`` or a ``TimerDue`` message) with an in-memory store and
real ``Client`` objects whose outboxes are emptied after each move: no
sockets, no SQLite.  Players are the game's own bots, choosing moves
outside the measured time; every room has a TV (host), every player a
phone, and one spectator.  A move is a player's command or a room timer
command; both fan out a change to every socket.

For each game it prints the CPU time per move (``time.process_time``) and
a breakdown measured around the functions the actor calls:

- ``decide+evolve``: decoding the command map, deciding, folding the events
  into the room and encoding the stored records (everything but fan-out);
- ``views``: building the views (game views, legal commands, lobby part)
  for the viewer classes;
- ``diff``: diffing each class's view against its previous one (server/fanout.py);
- ``encode``: turning the public change and the private parts into msgpack bytes;
- ``gc2``: full garbage collections during the game's moves (each game starts
  after one).  A full collection walks the whole heap and lands in whatever
  column runs at the time, so compare figures with the same count.

The process is tuned as the hub tunes itself (``server.serve.tune_process``:
the collector's thresholds, what is loaded frozen out of collections).

Figures only; nothing here asserts a time.  ``--profile GAME`` prints a
cProfile of that game's moves instead.

``--evict MIB`` copies a buffer of that many MiB after every move (outside
the measured time), which empties the CPU's caches as a loaded hub's other
work does between two moves of a room (the kernel's socket work, the other
rooms, the load generator on the next core).  Under the peer harness a move
costs about twice its in-process figure; with ``--evict 8`` the in-process
figure is about the harness's: what the move costs when the interpreter's
code and the room's objects have to come back from memory.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import os
import pstats
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "server")]

from games.contract import SeatViewer  # noqa: E402
from protocol.codec import decode_server_all  # noqa: E402
from protocol.gamecodec import to_wire  # noqa: E402
from server import fanout as fanout_module  # noqa: E402
from server import fastlane, roomstate  # noqa: E402
from server import views as views_module  # noqa: E402
from server.client import Client  # noqa: E402
from server.hub import Hub, HubConfig, load_games  # noqa: E402
from server.inbox import Command, TimerDue  # noqa: E402
from server.room import RoomActor, Turn  # noqa: E402
from server.store.base import Store  # noqa: E402

PLAYERS = 5


class MemoryStore(Store):
    """Just enough of a store for the actor: appends counted, nothing kept."""

    def __init__(self) -> None:
        self.versions: dict[str, int] = {}

    async def append(self, room: str, records: Any, expected_version: int, *, fence: int | None = None) -> int:
        version = self.versions.get(room, 0)
        assert version == expected_version
        self.versions[room] = version + len(records)
        return version + len(records)

    async def read(self, room: str, from_version: int = 0) -> list:
        return []

    async def version(self, room: str) -> int:
        return self.versions.get(room, 0)

    async def save_snapshot(self, room: str, snapshot: Any) -> None:
        return None

    async def load_snapshot(self, room: str) -> Any:
        return None

    async def claim_code(self, code: str, room: str) -> bool:
        return True

    async def room_for_code(self, code: str) -> str | None:
        return None

    async def release_code(self, code: str) -> None:
        return None

    async def open_rooms(self) -> list[str]:
        return []

    async def close_room(self, room: str, *, keep_seconds: int = 86_400) -> None:
        return None

    async def close(self) -> None:
        return None


class TimedDiffer:
    """A room's differ (server.fastlane.Differ: a compiled class has no method to wrap) with its split timed."""

    def __init__(self, differ: Any, clock: Clock) -> None:
        self.split = clock.wrap("diff", differ.split)
        self.split_rows = clock.wrap("diff", differ.split_rows)
        self.diff = differ.diff
        self.next = differ.next


class Clock:
    """CPU time spent inside wrapped functions, by part (outermost call only)."""

    def __init__(self) -> None:
        self.parts: dict[str, float] = {}
        self.depth = 0

    def wrap(self, part: str, fn: Any) -> Any:
        def timed(*args: Any, **kwargs: Any) -> Any:
            if self.depth:
                return fn(*args, **kwargs)
            self.depth += 1
            start = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                self.parts[part] = self.parts.get(part, 0.0) + time.process_time() - start
                self.depth -= 1

        return timed


def game_options(game_id: str) -> dict:
    return {"rounds": 20} if game_id == "toy" else {}


async def make_room(hub: Hub, game_id: str, players: int, seed: int) -> tuple[RoomActor, list[Client]]:
    actor = RoomActor(roomstate.Room(id=f"bench-{len(hub.rooms)}"), hub.shared)
    hub.rooms[actor.room.id] = actor  # only to give every room its own id
    events: list[Any] = [roomstate.RoomOpened(room=actor.room.id, code="BNCH", host_hash="x")]
    events += [roomstate.PlayerJoined(player=i, name=f"P{i}", token_hash=f"h{i}") for i in range(players)]
    events.append(roomstate.GameSelected(game=game_id, options=game_options(game_id)))
    events.append(roomstate.GameStarted(game=game_id, options=game_options(game_id), seed=seed, seats=tuple(range(players))))
    turn = Turn(actor.room)
    turn.apply(events, hub.games)
    assert await actor.commit(turn) is None
    host = Client(text=False, role="host", address="bench", queue=64)
    actor.host = host
    phones = []
    for i in range(players):
        phone = Client(text=False, role="player", address="bench", queue=64)
        phone.player = i
        actor.players[i] = phone
        phones.append(phone)
    spectator = Client(text=False, role="spectator", address="bench", queue=64)
    actor.spectators.add(spectator)
    fanout_module.fanout(actor)
    await drain([host, *phones, spectator])
    return actor, [host, *phones, spectator]


async def drain(clients: list[Client]) -> list[dict]:
    """Empty every outbox as the sockets' senders would; the frames that were waiting."""
    frames = []
    for client in clients:
        if client.outbox.waiting:
            for message in await client.outbox.take():
                frames += decode_server_all(message)
    return frames


async def run_game(
    hub: Hub, game_id: str, moves: int, players: int, clock: Clock | None, profile: cProfile.Profile | None, rooms: int = 1,
    evict: bytearray | None = None,
) -> dict:
    """Play ``moves`` moves of ``game_id`` in ``rooms`` rooms in turn (new games as needed); CPU measured per move.

    Several rooms take turns as on a busy hub, where every room's move comes
    between other rooms' moves of the same game: what a cache keeps from one
    move of a room to its next must survive the other rooms' moves.
    """
    spec = hub.games[game_id]
    players = max(spec.min_players, min(players, spec.max_players))
    rng = random.Random(7)
    bot_kind = next(iter(spec.bots))
    tables: list[Any] = [None] * rooms  # per room: (actor, clients, bots)
    done = 0
    cpu = 0.0
    games_played = 0
    while done < moves:
        at = done % rooms
        if tables[at] is None or spec.is_terminal(tables[at][0].room.run.state):
            actor, clients = await make_room(hub, game_id, players, rng.randrange(2**31))
            tables[at] = (actor, clients, [spec.bots[bot_kind](seat, 1000 + seat) for seat in range(players)])
            games_played += 1
        actor, clients, bots = tables[at]
        state = actor.room.run.state
        seats = [seat for seat in range(players) if spec.legal_commands(state, seat)]
        if seats:
            seat = rng.choice(seats)
            legal = spec.legal_commands(state, seat)
            command = bots[seat].act(spec.view(state, SeatViewer(seat)), legal) or legal[0]
            payload = to_wire(command)
            message: Any = Command(clients[1 + seat], done, payload)
        else:
            timer = spec.next_timer(state)
            if timer is None:
                raise SystemExit(f"{game_id}: nobody can move and no timer is due")
            message = TimerDue(timer.key)
        version = actor.room.version
        if profile is not None:
            profile.enable()
        start = time.process_time()
        await actor.turn([message])
        cpu += time.process_time() - start
        if profile is not None:
            profile.disable()
        frames = await drain(clients)
        if evict:
            bytes(evict)  # a copy: every cache line of the buffer read and written (--evict)
        if actor.room.version == version:
            errors = [f for f in frames if f["t"] == "error"]
            raise SystemExit(f"{game_id}: a move changed nothing: {errors[:1]}")
        done += 1
    return {"game": game_id, "moves": done, "games": games_played, "cpu": cpu, "players": players}


async def main_async(args: argparse.Namespace) -> int:
    from server.serve import tune_process

    import counter
    import toygame

    tune_process()  # as the hub does before it serves: the GIL switch interval and the collector
    # the peer harness's counter (bench/counter.py) too: its figure is the platform's own cost
    games = {"toy": toygame.GAME, "counter": counter.GAME, **load_games()}
    # Timers and bots far in the future: the benchmark plays every move itself.
    config = HubConfig(bot_delay=1e6, timer_scale=1e6, snapshot_every=10**9, mailbox=10**6)
    hub = Hub(MemoryStore(), games=games, config=config)
    ids = [args.profile] if args.profile else list(games)
    if args.profile:
        profile = cProfile.Profile()
        await run_game(hub, args.profile, args.moves, args.players, None, profile, args.rooms)
        pstats.Stats(profile).sort_stats(os.environ.get("HOTPATH_SORT", "cumulative")).print_stats(45)
        return 0
    await run_game(hub, "toy", 200, args.players, None, None)  # warm up caches and imports
    evict = bytearray(args.evict << 20) if args.evict else None
    clock = Clock()
    originals = {
        "views": (fanout_module.fastlane, "view_rows", fanout_module.fastlane.view_rows),  # (compiled, or server.views')
        "lobby": (views_module, "lobby", views_module.lobby),
        # (fan-out makes its differ from server.fastlane: compiled, or protocol.patch's; each one's split is timed)
        "diff": (fanout_module.fastlane, "Differ", fanout_module.fastlane.Differ),
        "encode_state": (fanout_module, "encode_state", fanout_module.encode_state),
        "encode_change": (fanout_module, "encode_change", fanout_module.encode_change),
    }
    print(
        f"{'game':16} {'moves':>6} {'µs/move':>8} {'decide+evolve':>14} {'views':>8} {'diff':>8} {'encode':>8} {'players':>8} {'gc2':>4}"
        f"   (+ a TV and a spectator; {args.rooms} room(s) of each game in turn; fast lane: {fastlane.LANE}"
        + (f"; caches emptied after each move ({args.evict} MiB copied)" if args.evict else "") + ")"
    )
    try:
        for name, (owner, attr, fn) in originals.items():
            if name == "diff":
                setattr(owner, attr, lambda make=fn: TimedDiffer(make(), clock))
                continue
            part = "encode" if name.startswith("encode") else "views"  # (the lobby is part of the views)
            setattr(owner, attr, clock.wrap(part, fn))
        for game_id in ids:
            clock.parts.clear()
            gc.collect()
            full_before = gc.get_stats()[2]["collections"]
            result = await run_game(hub, game_id, args.moves, args.players, clock, None, args.rooms, evict)
            full = gc.get_stats()[2]["collections"] - full_before
            per = 1e6 / result["moves"]
            views_us = clock.parts.get("views", 0.0) * per
            diff_us = clock.parts.get("diff", 0.0) * per
            encode_us = clock.parts.get("encode", 0.0) * per
            total = result["cpu"] * per
            print(
                f"{game_id:16} {result['moves']:>6} {total:>8.0f} {total - views_us - diff_us - encode_us:>14.0f} "
                f"{views_us:>8.0f} {diff_us:>8.0f} {encode_us:>8.0f} {result['players']:>8} {full:>4}"
            )
    finally:
        for owner, attr, fn in originals.values():
            setattr(owner, attr, fn)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--players", type=int, default=PLAYERS)
    parser.add_argument("--profile", default="", help="print a cProfile of this game's moves")
    parser.add_argument("--rooms", type=int, default=1, help="rooms of each game taking turns, as on a busy hub")
    parser.add_argument("--evict", type=int, default=0, metavar="MIB",
                        help="copy this many MiB after each move: the caches emptied, as under load")
    args = parser.parse_args(argv)
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
