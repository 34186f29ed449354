"""``pizzanight loadtest``: the command line, the run, the exit status."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sys
import time
from typing import Any, TextIO

from games.contract import GameSpec, OptionError
from server.loadtest import counter
from server.loadtest.audit import Auditor
from server.loadtest.play import Budget, Plan, play_room
from server.loadtest.spawn import SpawnedHub
from server.loadtest.stats import Stats, progress_line, summary
from server.loadtest.target import TargetRefused, check_target
from server.loadtest.usage import ProcessUsage, readable
from server.usage_errors import fail

MAX_ROOMS = 500
MAX_SECONDS = 3600.0
MAX_GAMES = 1_000_000
#: Rooms opened per second while ramping up (a thundering herd measures the herd, not the hub).
RAMP_PER_SECOND = 25


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "url",
        nargs="?",
        default=None,
        help="the hub (default ws://127.0.0.1:8000/ws; loopback only unless --allow-remote)",
    )
    parser.add_argument("--spawn", action="store_true", help="start a hub on a free loopback port for the run (real games + the counter)")
    parser.add_argument(
        "--game",
        default="pizza_theory",
        help="pizza_theory, new_york_slice, splittissimo, or counter (raw platform throughput)",
    )
    parser.add_argument("--rooms", type=int, default=4, help=f"rooms played at once (at most {MAX_ROOMS})")
    parser.add_argument("--players", type=int, default=None, help="bot phones per room (default: the game's minimum, 2 for the counter)")
    parser.add_argument("--spectators", type=int, default=1, help="spectator sockets per room")
    parser.add_argument("--seconds", type=float, default=10.0, help=f"stop after this long (at most {MAX_SECONDS:.0f})")
    parser.add_argument("--games", type=int, default=MAX_GAMES, help="stop after starting this many games over all rooms")
    parser.add_argument("--pace", type=float, default=0.0, help="seconds a bot thinks before each move (0: as fast as it is answered)")
    parser.add_argument("--bot", default=None, help="which of the game's bots plays (default: its first)")
    parser.add_argument("--options", default=None, help="game options as a JSON object")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--audit",
        action="store_true",
        help="check every frame every viewer receives for secrets (needs --spawn or --store)",
    )
    parser.add_argument("--store", default=None,
                        help="the store the hub writes, for --audit against a hub not spawned here: its data folder,"
                        " its .sqlite3 file or its redis:// URL (only read)")
    parser.add_argument("--pid", type=int, default=None,
                        help="the hub's process id, to report its CPU and memory (pgrep -of 'pizzanight serve')")
    parser.add_argument(
        "--timer-scale",
        type=float,
        default=1.0,
        help="the spawned hub's game timer scale (0.1: reaction windows 10x shorter)",
    )
    parser.add_argument("--progress", type=float, default=1.0, help="seconds between progress lines (0: none)")
    parser.add_argument("--allow-remote", action="store_true", help="allow a hub that is not on this machine (only one you run)")


def game_spec(game_id: str) -> GameSpec:
    if game_id == counter.GAME.id:
        return counter.GAME
    from games.registry import get_game

    return get_game(game_id)


def all_games() -> dict[str, GameSpec]:
    from server.hub import load_games

    return {**load_games(), counter.GAME.id: counter.GAME}


def plan_from(args: Any, url: str) -> Plan:
    spec = game_spec(args.game)
    options = json.loads(args.options) if args.options else {}
    if spec.id == counter.GAME.id:
        options.setdefault("bumps", 200)
    players = args.players if args.players is not None else max(spec.min_players, 2)
    spec.setup(players, 1, options)  # raises OptionError for a bad count or option, before any socket opens
    return Plan(
        url=url,
        spec=spec,
        players=players,
        spectators=max(0, args.spectators),
        options=options,
        bot=args.bot,
        pace=max(0.0, args.pace),
        stop_at=time.monotonic() + min(max(args.seconds, 0.5), MAX_SECONDS),
        max_games=max(1, min(args.games, MAX_GAMES)),
        audit=args.audit,
        seed=args.seed,
    )


async def _progress(stats: Stats, hub: ProcessUsage | None, every: float, out: TextIO) -> None:
    while True:
        await asyncio.sleep(every)
        print(progress_line(stats, hub), file=out, flush=True)


async def run(args: Any, url: str, *, hub_pid: int | None, store_url: str | None, out: TextIO, err: TextIO) -> Stats:
    """Play the load against ``url``; print progress to ``err`` and the summary to ``out``."""
    plan = plan_from(args, url)
    stats = Stats()
    hub = ProcessUsage(hub_pid) if hub_pid is not None and readable(hub_pid) else None
    own = ProcessUsage(os.getpid())
    auditor = None
    if args.audit:
        from server.store import open_store

        auditor = Auditor(open_store(store_url, readonly=True), all_games(), stats)
    rooms = max(1, min(args.rooms, MAX_ROOMS))
    ticker = asyncio.create_task(_progress(stats, hub, args.progress, err)) if args.progress > 0 else None
    try:
        budget = Budget(plan, stats)
        async with asyncio.TaskGroup() as group:
            for index in range(rooms):
                group.create_task(play_room(index, plan, budget, stats, auditor))
                await asyncio.sleep(1 / RAMP_PER_SECOND)
    finally:
        if ticker is not None:
            ticker.cancel()
        if auditor is not None:
            await auditor.store.close()
    summary(stats, hub, own, audit=args.audit, out=out)
    return stats


def passed(stats: Stats) -> bool:
    return stats.moves > 0 and not stats.failures and not stats.lost and not stats.audit_leaks and stats.serious_errors() == 0


def main(args: Any, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    from server.store import StoreError

    out = out or sys.stdout
    err = err or sys.stderr
    if args.audit and not (args.spawn or args.store):
        return fail("loadtest", "--audit reads the room logs: give --spawn, or --store with the hub's store", err)
    if args.pid is not None and not args.spawn and not readable(args.pid):
        return fail("loadtest", f"--pid {args.pid}: no such process on this machine", err)
    try:
        game_spec(args.game)
    except Exception as exc:
        return fail("loadtest", f"unknown game {args.game!r}: {exc}", err)
    with contextlib.ExitStack() as stack:
        try:
            if args.spawn:
                hub = stack.enter_context(SpawnedHub(timer_scale=args.timer_scale))
                url, pid, store_url = hub.url, hub.pid, hub.store_url
                print(f"spawned a hub at {url} (pid {pid})", file=err)
            else:
                url, pid, store_url = (
                    check_target(args.url or "ws://127.0.0.1:8000/ws", allow_remote=args.allow_remote),
                    args.pid,
                    args.store,
                )
            stats = asyncio.run(run(args, url, hub_pid=pid, store_url=store_url, out=out, err=err))
        except (TargetRefused, OptionError, ValueError, StoreError) as exc:  # StoreError: no store at --store
            return fail("loadtest", str(exc), err)
    return 0 if passed(stats) else 1
