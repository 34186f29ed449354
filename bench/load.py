"""Load benchmark: N rooms of a TV and 5 bot phones, each phone moving about twice a second.

    .venv/bin/python bench/load.py --rooms 20 --seconds 20
    .venv/bin/python bench/load.py --game pizza_theory --players 3 --pace 0.5

It is ``pizzanight loadtest --spawn`` (server/loadtest/) with this benchmark's
defaults: a hub in a child process on a free loopback port (the real app,
the durable embedded store in a temporary folder), bot phones over real
websockets.  The default game is the load test's counter, where every seat
may move at any time, so the figures are the platform's own cost (sockets,
the room actor, the store's commit, the fan-out); ``--game`` plays a real
game with its own bots instead.  It prints the load test's summary (moves/s,
send->ack and send->state p50/p95/p99, errors, lost moves, hub CPU and
memory, the hub's CPU per move), then the figures only this benchmark
prints: commands/s with the run's shape, and the hub's own view of command
latency (from its /metrics), to set against the load test's send->ack.  Bounded: loopback only, at most 500 rooms and an hour.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from server.loadtest import runner  # noqa: E402  (after the path: run from a checkout)
from server.loadtest.spawn import SpawnedHub  # noqa: E402

PHONES = 5


def hub_latency(port: int) -> str:
    """The hub's own view of command latency (the actor's turn started -> acks queued) from /metrics.

    The gap between this and the load test's send -> ack figure is time spent
    in the sockets, the websocket layers and the load generator itself.
    """
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode()
    buckets = []
    for line in text.splitlines():
        if line.startswith("pizzanight_command_seconds_bucket{") and 'kind="cmd"' in line:
            bound = line.split('le="', 1)[1].split('"', 1)[0]
            buckets.append((float(bound), float(line.rsplit(" ", 1)[1])))
    if not buckets or not buckets[-1][1]:
        return "hub-side latency: no commands"
    total = buckets[-1][1]
    parts = []
    for share in (0.5, 0.99):
        bound = next(b for b, count in buckets if count >= share * total)
        parts.append(f"p{int(share * 100)} <= {1000 * bound:g} ms")
    return (
        "hub-side command latency (turn started -> acks queued, incl. the one store append per turn; excludes inbox wait): "
        + ", ".join(parts)
    )


def client_loop() -> Any:
    """uvloop for the load generator when installed: it shares the cores with the hub, so it should be lean."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def loadtest_args(args: argparse.Namespace) -> argparse.Namespace:
    """The load test's own arguments (its defaults, then this benchmark's choices)."""
    parser = argparse.ArgumentParser()
    runner.add_arguments(parser)
    argv = ["--spawn", "--game", args.game, "--rooms", str(args.rooms), "--seconds", str(args.seconds)]
    argv += ["--players", str(args.players), "--spectators", str(args.spectators), "--pace", str(args.pace)]
    argv += ["--progress", str(args.progress), "--timer-scale", str(args.timer_scale)]
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--game", default="counter", help="counter (the platform alone, the default) or a real game")
    parser.add_argument("--players", type=int, default=PHONES, help="bot phones per room")
    parser.add_argument("--spectators", type=int, default=0, help="spectator sockets per room")
    parser.add_argument(
        "--pace", type=float, default=0.5, help="seconds a phone thinks before each move (about 2 moves/s)"
    )
    parser.add_argument(
        "--timer-scale", type=float, default=1.0, help="the hub's game timer scale (0.1: timers 10x shorter)"
    )
    parser.add_argument(
        "--synchronous", default="full", choices=["full", "normal"], help="the embedded store's SQLite mode"
    )
    parser.add_argument("--progress", type=float, default=5.0, help="seconds between progress lines (0: none)")
    args = parser.parse_args(argv)
    test = loadtest_args(args)
    with SpawnedHub(timer_scale=test.timer_scale, synchronous=args.synchronous) as hub:
        print(f"spawned a hub at {hub.url} (pid {hub.pid})", file=sys.stderr)
        with asyncio.Runner(loop_factory=client_loop()) as loop:
            stats = loop.run(
                runner.run(test, hub.url, hub_pid=hub.pid, store_url=hub.store_url, out=sys.stdout, err=sys.stderr)
            )
        hub_side = hub_latency(hub.port)
    seconds = stats.elapsed()
    print(
        f"rooms {stats.rooms}  clients {stats.sockets}  commands/s {stats.moves / seconds if seconds else 0:.0f}  "
        f"(game {test.game}, {test.players} phones a room, store: embedded, synchronous={args.synchronous})"
    )
    print(hub_side)
    return 0 if runner.passed(stats) else 1


if __name__ == "__main__":
    sys.exit(main())
