"""Classroom benchmark: one hub, N classes of M bot students at tables of 3, at classroom pace.

    .venv/bin/python bench/classroom.py --classes 10 --students 30 --seconds 60

The hub runs in a child process (the real app on a loopback port, durable
SQLite in a temporary folder, Splittissimo with a 3 s reaction window as a
class would play it).  This process opens each class through the classroom
API, joins its students, starts every table, and plays every student as a
"bot student": a phone on the public protocol that, when it has something to
do, thinks for ``--think`` seconds (default 2 s, a child reading the cards)
and sends one of its legal commands, preferring tricks.  Prints tables,
moves, p50/p99 move latency (send -> ack, which includes the durable commit)
and the hub's CPU and resident memory.  Bounded: loopback only, at most 20
classes of 40.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "server"), str(ROOT / "bench")]

from server.loadtest.usage import ProcessUsage  # noqa: E402

from load import client_loop  # noqa: E402

MAX_CLASSES = 20
MAX_STUDENTS = 40


def serve_child(port: int, data: str) -> None:
    import uvicorn

    from server.app import create_app
    from server.hub import HubConfig
    from server.serve import tune_process, uvicorn_config
    from server.store import open_store

    tune_process()
    store = open_store(f"{data}/bench.sqlite3")
    config = HubConfig(rate=50, burst=100, join_burst=10_000, join_rate=1000)
    app = create_app(store, config=config, web=None)
    uvicorn.Server(uvicorn_config(app, "127.0.0.1", port, log_level="warning")).run()


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def post(base: str, path: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=30) as reply:
        return json.loads(reply.read())


def get(base: str, path: str, token: str) -> dict:
    request = urllib.request.Request(base + path, headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=30) as reply:
        return json.loads(reply.read())


def open_class(base: str, students: int, index: int, reaction_ms: int = 3000) -> list[dict]:
    """A class with ``students`` joined and its tables started: each student's seat."""
    options = {"level": "standard", "table_size": 3, "reaction_ms": reaction_ms}
    created = post(base, "/api/classes", {"options": options})
    code, teacher = created["code"], created["token"]
    tokens = [post(base, f"/api/classes/{code}/join", {"name": f"S{index}-{i}"})["token"] for i in range(students)]
    post(base, f"/api/classes/{code}/start", {}, teacher)
    return [get(base, f"/api/classes/{code}/me", token) for token in tokens]


async def student(
    url: str, seat: dict, think: float, stop_at: float, rng: random.Random, latencies: list[float], counts: dict
) -> None:
    from wsclient import Peer

    peer = await Peer.open(url, {"role": "player", "room": seat["room"], "token": seat["seat_token"]})
    acted_at = -1
    while time.monotonic() < stop_at:
        try:
            state = await peer.until(
                lambda s, since=acted_at: s["outcome"] is not None or (bool(s["legal"]) and s["version"] > since),
                timeout=max(0.1, stop_at - time.monotonic()),
            )
        except TimeoutError:
            break
        if state["outcome"] is not None:
            counts["games_over"] = counts.get("games_over", 0) + 1
            break
        await asyncio.sleep(think * (0.5 + rng.random()))
        legal = (peer.state or state)["legal"]
        if not legal:
            continue
        tricks = [c for c in legal if c.get("type") == "TakeTrick"]
        acted_at = (peer.state or state)["version"]
        started = time.perf_counter()
        reply = await peer.cmd(rng.choice(tricks or legal))
        latencies.append(time.perf_counter() - started)
        counts[reply["t"]] = counts.get(reply["t"], 0) + 1
    await peer.close()


async def drive(
    port: int, classes: int, students: int, seconds: float, think: float, child: int, reaction_ms: int = 3000
) -> dict:
    base = f"http://127.0.0.1:{port}"
    seats = [await asyncio.to_thread(open_class, base, students, i, reaction_ms) for i in range(classes)]
    tables = len({s["room"] for class_seats in seats for s in class_seats})
    latencies: list[float] = []
    counts: dict = {}
    rng = random.Random(1)
    stop_at = time.monotonic() + seconds
    usage, t0 = ProcessUsage(child), time.monotonic()
    await asyncio.gather(
        *(
            student(f"ws://127.0.0.1:{port}/ws", seat, think, stop_at, random.Random(rng.random()), latencies, counts)
            for class_seats in seats
            for seat in class_seats
        )
    )
    elapsed = time.monotonic() - t0
    cpu = usage.used_since_start()
    latencies.sort()
    n = len(latencies)
    return {
        "classes": classes,
        "students": classes * students,
        "tables": tables,
        "moves": n,
        "acks": counts.get("ack", 0),
        "errors": counts.get("error", 0),
        "games_over": counts.get("games_over", 0),
        "seconds": elapsed,
        "p50_ms": 1000 * latencies[n // 2] if n else 0.0,
        "p99_ms": 1000 * latencies[min(n - 1, int(n * 0.99))] if n else 0.0,
        "hub_cpu_percent": 100 * cpu / elapsed if elapsed else 0.0,
        "hub_rss_mb": rss_mb(child),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=2.0, help="seconds a student thinks before a move (on average)")
    parser.add_argument("--reaction-ms", type=int, default=3000, help="the class's reaction window before each turn (0: none)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--data", default="", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        serve_child(args.port, args.data)
        return 0
    classes = max(1, min(args.classes, MAX_CLASSES))
    students = max(2, min(args.students, MAX_STUDENTS))
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with tempfile.TemporaryDirectory() as data:
        child = subprocess.Popen([sys.executable, __file__, "--child", "--port", str(port), "--data", data])
        try:
            for _ in range(300):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    time.sleep(0.05)
            idle_rss = rss_mb(child.pid)
            with asyncio.Runner(loop_factory=client_loop()) as runner:
                r = runner.run(drive(port, classes, students, args.seconds, args.think, child.pid, args.reaction_ms))
        finally:
            child.terminate()
            child.wait(10)
    print(
        f"classes {r['classes']}  students {r['students']}  tables {r['tables']}  moves {r['moves']} "
        f"(acks {r['acks']}, errors {r['errors']})  games over {r['games_over']}  in {r['seconds']:.1f} s\n"
        f"move latency p50 {r['p50_ms']:.1f} ms  p99 {r['p99_ms']:.1f} ms\n"
        f"hub CPU {r['hub_cpu_percent']:.1f}% of one core  hub memory {r['hub_rss_mb']:.0f} MB (idle {idle_rss:.0f} MB)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
