"""Instructions per move on the hub's hot path, counted by valgrind: a figure a busy machine cannot move.

    .venv/bin/python bench/instructions.py [--games counter,splittissimo] [--moves 300] [--against DIR ...]

Timings on a shared virtual machine drift by a third within minutes (steal
time, neighbours), so a 5 % change cannot be seen in ``bench/hotpath.py``'s
microseconds without many interleaved rounds.  The number of instructions
the process executes does not drift: this benchmark counts them.

How: each game's moves are chosen once by its bots, through the same rooms as
``bench/hotpath.py`` (the real room actor, an in-memory store, a TV, a phone
per player and a spectator, seeds fixed), and saved.  A child process then
replays them with no bot, under valgrind (``cachegrind`` without its cache
simulation), twice: up to move ``--skip`` and up to move ``--moves``.  The
difference divided by the moves between is the instructions per move; the
start-up, the imports and the first room cancel out.

``--fanout-share`` replays the moves once more with the room's fan-out
turned off (``server.room.fan_out`` does nothing) and prints the fan-out's
share of each move: what a change to the fan-out can win at most.

``--against DIR`` replays the very same moves on another checkout too (a
``git worktree`` of an older commit, with its compiled modules built or
copied in), and prints the ratio.  Instructions are not time: memory stalls
are not counted, so a ratio here is an upper bound on the time ratio, close
to it for interpreter-bound code.  Figures only; nothing here asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import pickle
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("counter", "toy", "pizza_theory", "new_york_slice", "splittissimo")
#: How a replay says which fast lane ran (a checkout without its compiled modules runs the pure one).
LANE_LINE = "fast lane: "
#: Set in a replay's environment by ``--fanout-share``: the room's fan-out does nothing.
NO_FANOUT_ENV = "INSTRUCTIONS_NO_FANOUT"


def _import_bench(root: Path) -> Any:
    """``bench/hotpath.py`` of the checkout at ``root`` (its rooms, its store), with that checkout first on the path."""
    sys.path[:0] = [str(root), str(root / "bench"), str(root / "tests" / "server")]
    import hotpath  # noqa: PLC0415  (the checkout's own, found through the path just set)

    return hotpath


async def _play(root: Path, game_id: str, moves: int, record: Path | None, log: list | None) -> None:
    """Play ``moves`` moves: chosen by the bots (and saved to ``record``), or replayed from ``log``."""
    hotpath = _import_bench(root)
    from games.contract import SeatViewer
    from protocol.gamecodec import to_wire
    from server.hub import Hub, load_games
    from server.inbox import Command, TimerDue
    from server.serve import tune_process

    import counter
    import toygame

    tune_process()
    games = {"toy": toygame.GAME, "counter": counter.GAME, **load_games()}
    config = hotpath.HubConfig(bot_delay=1e6, timer_scale=1e6, snapshot_every=10**9, mailbox=10**6)
    hub = Hub(hotpath.MemoryStore(), games=games, config=config)
    spec = games[game_id]
    players = max(spec.min_players, min(hotpath.PLAYERS, spec.max_players))

    async def drain(clients: list) -> None:
        for client in clients:
            if client.outbox.waiting:
                await client.outbox.take()

    table: Any = None
    if log is not None and os.environ.get(NO_FANOUT_ENV):  # --fanout-share: the turn without its fan-out
        import server.room

        server.room.fan_out = lambda actor: None  # type: ignore[attr-defined]
    if log is not None:  # the replay: no bot, no choice, only the moves
        from server import fastlane

        print(f"{LANE_LINE}{fastlane.LANE} ({fastlane.WHY or 'built'})", flush=True)  # the parent says it per checkout
        for number, (seed, seat, payload, key) in enumerate(log[:moves]):
            if seed is not None:
                table = await hotpath.make_room(hub, game_id, players, seed)
            actor, clients = table
            message = Command(clients[1 + seat], number, payload) if seat is not None else TimerDue(key)
            version = actor.room.version
            await actor.turn([message])
            await drain(clients)
            if actor.room.version == version:
                raise SystemExit(f"{game_id}: replayed move {number} changed nothing on {root}")
        return
    rng = random.Random(7)
    bot_kind = next(iter(spec.bots))
    chosen: list = []
    while len(chosen) < moves:
        seed = None
        if table is None or spec.is_terminal(table[0].room.run.state):
            seed = rng.randrange(2**31)
            actor, clients = await hotpath.make_room(hub, game_id, players, seed)
            table = (actor, clients, [spec.bots[bot_kind](s, 1000 + s) for s in range(players)])
        actor, clients, bots = table
        state = actor.room.run.state
        seats = [s for s in range(players) if spec.legal_commands(state, s)]
        if seats:
            seat = rng.choice(seats)
            legal = spec.legal_commands(state, seat)
            command = bots[seat].act(spec.view(state, SeatViewer(seat)), legal) or legal[0]
            item = (seed, seat, to_wire(command), None)
            message: Any = Command(clients[1 + seat], len(chosen), item[2])
        else:
            timer = spec.next_timer(state)
            if timer is None:
                raise SystemExit(f"{game_id}: nobody can move and no timer is due")
            item, message = (seed, None, None, timer.key), TimerDue(timer.key)
        await actor.turn([message])
        await drain(clients)
        chosen.append(item)
    assert record is not None
    record.write_bytes(pickle.dumps(chosen))


def _count(root: Path, game_id: str, moves: int, log_path: Path, *, fanout: bool = True) -> tuple[int, str]:
    """Instructions the replay of the first ``moves`` moves executes, start-up included (``fanout``: with it); its lane."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if not fanout:
        env[NO_FANOUT_ENV] = "1"
    run = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, __file__, "--replay", game_id, str(moves), str(root), str(log_path)],
        capture_output=True, text=True, env=env,
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if run.returncode != 0 or found is None:
        raise SystemExit(f"the replay failed on {root}:\n{run.stdout[-2000:]}{run.stderr[-2000:]}")
    lane = next((line[len(LANE_LINE):] for line in run.stdout.splitlines() if line.startswith(LANE_LINE)), "unknown")
    return int(found.group(1).replace(",", "")), lane


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="counter,pizza_theory,new_york_slice,splittissimo")
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--skip", type=int, default=100, help="moves replayed in both counts (start-up, first room)")
    parser.add_argument("--against", action="append", default=[], help="another checkout to replay the same moves on")
    parser.add_argument("--fanout-share", action="store_true", help="also replay without the fan-out; print its share")
    parser.add_argument("--replay", nargs=4, help=argparse.SUPPRESS)  # the child: GAME MOVES ROOT LOG
    parser.add_argument("--record", nargs=3, help=argparse.SUPPRESS)  # the child: GAME MOVES LOG
    args = parser.parse_args(argv)
    if args.record:
        game_id, moves, log_path = args.record
        asyncio.run(_play(ROOT, game_id, int(moves), Path(log_path), None))
        return 0
    if args.replay:
        game_id, moves, root, log_path = args.replay
        log = pickle.loads(Path(log_path).read_bytes())
        asyncio.run(_play(Path(root), game_id, int(moves), None, log))
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    trees = [ROOT, *(Path(d).resolve() for d in args.against)]
    print(f"{'game':16} " + " ".join(f"{str(t)[-24:]:>24}" for t in trees) + "   instructions per move"
          + ("  (ratio: each other checkout / this one)" if len(trees) > 1 else "")
          + ("  fan-out's share of the move, per checkout" if args.fanout_share else ""))
    with tempfile.TemporaryDirectory() as scratch:
        for game_id in args.games.split(","):
            log_path = Path(scratch) / f"{game_id}.moves"
            _record(game_id, args.moves, log_path)
            per_move = []
            lanes = []
            for tree in trees:
                (low, lane), (high, _) = _count(tree, game_id, args.skip, log_path), _count(tree, game_id, args.moves, log_path)
                per_move.append((high - low) / (args.moves - args.skip))
                lanes.append((tree, lane))
            # a checkout whose compiled modules were not built runs the pure lane: say so, or its ratio misleads
            if len({lane.split()[0] for _, lane in lanes}) > 1:
                print("  the checkouts ran different fast lanes: " + "; ".join(f"{t}: {lane}" for t, lane in lanes), flush=True)
            ratios = "  " + " ".join(f"{other / per_move[0]:.2f}" for other in per_move[1:]) if len(per_move) > 1 else ""
            shares = ""
            if args.fanout_share:
                without = []
                for tree in trees:
                    low, _ = _count(tree, game_id, args.skip, log_path, fanout=False)
                    high, _ = _count(tree, game_id, args.moves, log_path, fanout=False)
                    without.append((high - low) / (args.moves - args.skip))
                shares = "  " + " ".join(f"{1 - w / n:.0%}" for w, n in zip(without, per_move))
            print(f"{game_id:16} " + " ".join(f"{n:>24,.0f}" for n in per_move) + ratios + shares, flush=True)
    return 0


def _record(game_id: str, moves: int, log_path: Path) -> None:
    """The bots of this checkout choose the moves, in a child process (its imports stay out of the replays')."""
    subprocess.run([sys.executable, __file__, "--record", game_id, str(moves), str(log_path)], check=True)


if __name__ == "__main__":
    sys.exit(main())
