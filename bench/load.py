"""Load generator: N rooms, each with 1 TV and 5 phones, every phone moving twice a second.

    .venv/bin/python bench/load.py --rooms 20 --seconds 20

The hub runs in a child process (the real app and uvicorn on a loopback
port, embedded store in a temporary folder, the tiny test game so that
every phone has a move in every round); this process drives the clients
through the public protocol and prints rooms, clients, commands/s, p50/p99
command latency (send -> ack, which includes the durable SQLite commit) and
the hub's CPU use.  Bounded: loopback only, at most 200 rooms.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "server")]

MAX_ROOMS = 200
PHONES = 5


def serve_child(port: int, data: str, synchronous: str, loop: str) -> None:
    import uvicorn

    from server.app import create_app
    from server.hub import HubConfig, load_games
    from server.serve import tune_process, uvicorn_config
    from server.store import open_store

    import toygame

    tune_process()
    store = open_store(f"{data}/bench.sqlite3?synchronous={synchronous}")
    games = {"toy": toygame.GAME, **load_games()}
    config = HubConfig(bot_delay=0.0, timer_scale=0.0, rate=50, burst=100, join_burst=10_000)
    app = create_app(store, config=config, games=games, web=None)
    uvicorn.Server(uvicorn_config(app, "127.0.0.1", port, log_level="warning", loop=loop)).run()


def hub_latency(port: int) -> str:
    """The hub's own view of command latency (the actor's turn started -> acks queued) from /metrics.

    The gap between this and the load generator's send -> ack figure is time
    spent in the sockets, the websocket layers and the load generator itself.
    """
    import urllib.request

    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode()
    buckets = []
    for line in text.splitlines():
        if line.startswith('pizzanight_command_seconds_bucket{') and 'kind="cmd"' in line:
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


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def room_load(url: str, stop_at: float, rng: random.Random, latencies: list[float], counts: dict) -> None:
    from wsclient import Peer

    tv = await Peer.open(url, {"role": "host"})
    code = tv.welcome["room"]
    phones = [await Peer.open(url, {"role": "player", "room": code, "name": f"P{i}"}) for i in range(PHONES)]
    # Toy game, 20 rounds; the TV starts it again whenever it ends.
    for reply in (await tv.host("select_game", game="toy", options={"rounds": 20}), await tv.host("start")):
        if reply["t"] != "ack":
            raise SystemExit(f"the hub refused to start a game: {reply}")

    async def keep_playing() -> None:
        while time.monotonic() < stop_at:
            try:
                await tv.until(lambda s: s["outcome"] is not None, timeout=max(0.1, stop_at - time.monotonic()))
            except TimeoutError:
                return
            await tv.host("play_again")
            await tv.host("start")

    async def phone(peer: Peer) -> None:
        await asyncio.sleep(rng.random() * 0.5)
        while time.monotonic() < stop_at:
            tick = time.monotonic()
            state = peer.state
            if state and state.get("legal"):
                started = time.perf_counter()
                reply = await peer.cmd(rng.choice(state["legal"]))
                latencies.append(time.perf_counter() - started)
                counts[reply["t"]] = counts.get(reply["t"], 0) + 1
                if reply["t"] == "error":
                    codes = counts.setdefault("codes", {})
                    codes[reply["code"]] = codes.get(reply["code"], 0) + 1
                else:  # like a phone's player, choose the next move from the screen that shows this one
                    try:
                        await peer.until(lambda s, state=state: s["version"] > state["version"], timeout=2.0)
                    except TimeoutError:
                        pass
            await asyncio.sleep(max(0.0, 0.5 - (time.monotonic() - tick)))  # 2 moves a second

    await asyncio.gather(keep_playing(), *(phone(p) for p in phones))
    for peer in (tv, *phones):
        await peer.close()


async def drive(port: int, rooms: int, seconds: float, child: int) -> dict:
    url = f"ws://127.0.0.1:{port}/ws"
    latencies: list[float] = []
    counts: dict = {}
    rng = random.Random(1)
    stop_at = time.monotonic() + seconds + 5  # rooms ramp up during the first seconds
    cpu0, t0, own0 = cpu_seconds(child), time.monotonic(), cpu_seconds(os.getpid())
    await asyncio.gather(*(room_load(url, stop_at, random.Random(rng.random()), latencies, counts) for _ in range(rooms)))
    elapsed = time.monotonic() - t0
    cpu = cpu_seconds(child) - cpu0
    own = cpu_seconds(os.getpid()) - own0
    latencies.sort()
    total = len(latencies)
    return {
        "rooms": rooms,
        "clients": rooms * (PHONES + 1),
        "commands": total,
        "acks": counts.get("ack", 0),
        "errors": counts.get("error", 0),
        "error_codes": counts.get("codes", {}),
        "seconds": elapsed,
        "commands_per_s": total / elapsed if elapsed else 0.0,
        "p50_ms": 1000 * latencies[total // 2] if total else 0.0,
        "p99_ms": 1000 * latencies[min(total - 1, int(total * 0.99))] if total else 0.0,
        "hub_cpu_percent": 100 * cpu / elapsed if elapsed else 0.0,
        "hub_cpu_ms_per_command": 1000 * cpu / total if total else 0.0,
        "client_cpu_percent": 100 * own / elapsed if elapsed else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--synchronous", default="full", choices=["full", "normal"])
    parser.add_argument(
        "--loop",
        default="auto",
        choices=["auto", "asyncio", "uvloop"],
        help="the hub's event loop (auto: uvloop when installed)",
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--data", default="", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        serve_child(args.port, args.data, args.synchronous, args.loop)
        return 0
    rooms = max(1, min(args.rooms, MAX_ROOMS))
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with tempfile.TemporaryDirectory() as data:
        child = subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--child",
                "--port",
                str(port),
                "--data",
                data,
                "--synchronous",
                args.synchronous,
                "--loop",
                args.loop,
            ]
        )
        try:
            for _ in range(300):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    time.sleep(0.05)
            with asyncio.Runner(loop_factory=client_loop()) as runner:
                result = runner.run(drive(port, rooms, args.seconds, child.pid))
            hub_side = hub_latency(port)
        finally:
            child.terminate()
            child.wait(10)
    print(
        f"rooms {result['rooms']}  clients {result['clients']}  commands {result['commands']} "
        f"(acks {result['acks']}, refused {result['errors']} {result['error_codes'] or ''})  seconds {result['seconds']:.1f}"
    )
    print(
        f"commands/s {result['commands_per_s']:.0f}  p50 {result['p50_ms']:.1f} ms  p99 {result['p99_ms']:.1f} ms  "
        f"hub CPU {result['hub_cpu_percent']:.0f}% of one core ({result['hub_cpu_ms_per_command']:.2f} ms/command, "
        f"connecting included), load generator {result['client_cpu_percent']:.0f}%  "
        f"(store: embedded, synchronous={args.synchronous})"
    )
    print(hub_side)
    return 0


if __name__ == "__main__":
    sys.exit(main())
