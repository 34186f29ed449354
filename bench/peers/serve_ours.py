"""Pizza Night's hub for the peer benchmark harness (``../shared/bench-peers``).

    bench/peers/serve-ours --host 127.0.0.1 --port 2567

Runs what ``pizzanight serve`` runs (server/serve.py): ``tune_process``, the
real app from ``server.app.create_app`` with the default ``HubConfig``, uvicorn
with ``server.serve.uvicorn_config``, and the durable embedded store (SQLite,
``synchronous=FULL`` unless ``OURS_SYNCHRONOUS`` says otherwise) in a fresh
temporary folder.  The only additions: the benchmark's ``counter`` game
(bench/counter.py) next to the real games, and no web client.

Nothing that matters goes to stdout.  On stderr: one line saying what runs,
and at exit one ``{"stored": ...}`` line, read back from the SQLite file:
the ``Incremented`` rows stored and the game commands the hub acknowledged.
Every acknowledged intent must be a stored row (``"all_stored": true``).
With ``OURS_FLOOR``, one more line: the moves the floor took (a warning too
when it took none, since the figures are then the hub's own).

Knobs (environment):
  OURS_SYNCHRONOUS  full (as shipped) | normal | extra
  OURS_WS           uvicorn's websocket implementation, for transport
                    measurements: direct (as shipped: server/direct_ws.py) | websockets-sansio | websockets | wsproto
  OURS_TRANSPORT    another websocket server instead of uvicorn + Starlette, running the
                    same server/connection.py (server/transport.py): websockets | picows
  OURS_COMMIT_INTERVAL_MS  the embedded store's commit spacing (default: as shipped)
  OURS_DATA         keep the SQLite file in this folder (default: a temp folder, removed at exit)
  OURS_STAGES       1: time the event loop's CPU by stage of a move's path (bench/peers/stages.py);
                    each diag line then carries the totals, and split.py prints them per intent
  OURS_FLOOR        skeleton | one-class | no-views: part of a move's work taken away, to see what it costs
                    (bench/peers/floors.py; the benchmark's figures are never taken with it)
  OURS_GC_LOG       1: one ``{"gc": ...}`` line on stderr per collection of the oldest generation,
                    or of any generation taking 2 ms or more (wall time, generation, ms, objects
                    collected): a p99 burst that lines up with one is the collector's

SIGUSR1 prints one ``{"diag": ...}`` line on stderr, the format the harness's
``ours/profile.sh`` and ``ours/breakdown.py`` read: a monotonic time, the
store's commits and appends, the hub's counters, and each thread's
``[user, system]`` CPU seconds (``main`` is the event loop, ``sqlite`` the
store's Python writer, ``appends`` its compiled append lane).  Two such lines around a window give the CPU per intent of
each thread, which is how the split in issue 10's notes was measured.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import msgpack  # noqa: E402
import uvicorn  # noqa: E402

from server import logs  # noqa: E402
from server.app import create_app  # noqa: E402
from server.hub import HubConfig, load_games  # noqa: E402
from server.serve import tune_process, uvicorn_config  # noqa: E402
from server.store import open_store  # noqa: E402

import counter  # noqa: E402

STAGES = os.environ.get("OURS_STAGES", "") not in ("", "0")
if STAGES:
    from peers import stages  # noqa: E402


def stored_intents(path: Path) -> int:
    """How many ``Incremented`` events the SQLite file holds (read after the hub stopped)."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        count = 0
        for (data,) in db.execute("SELECT data FROM events"):
            record = msgpack.unpackb(data, raw=False, strict_map_key=False)  # server/records.py's format
            count += record.get("g", {}).get("type") == "Incremented"
        return count
    finally:
        db.close()


#: Clock ticks per second of /proc's CPU times.
TICK = os.sysconf("SC_CLK_TCK")


def thread_cpu() -> dict[int, list[float]]:
    """[user, system] CPU seconds of each thread of this process, by its native id (Linux /proc)."""
    out = {}
    for tid in os.listdir("/proc/self/task"):
        try:
            fields = Path(f"/proc/self/task/{tid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # the thread ended meanwhile
            continue
        out[int(tid)] = [int(fields[11]) / TICK, int(fields[12]) / TICK]
    return out


def hub_counters(hub) -> dict[str, float]:
    """The hub's Prometheus counters and histogram sums, by sample name and labels."""
    out: dict[str, float] = {}
    for family in hub.metrics.registry.collect():
        for sample in family.samples:
            if sample.name.endswith(("_total", "_count", "_sum")):
                labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))
                out[sample.name + (f"{{{labels}}}" if labels else "")] = sample.value
    return out


def diagnostics(hub, store) -> dict:
    """What SIGUSR1 prints (see the module's docstring)."""
    names = {os.getpid(): "main"}
    writer = getattr(store, "_thread", None)
    if writer is not None and writer.native_id is not None:
        names[writer.native_id] = "sqlite"
    lane = getattr(store, "_lane_thread", None)  # the compiled append lane's thread, once started
    if lane is not None and lane.native_id is not None:
        names[lane.native_id] = "appends"
    return {
        **({"stages": stages.snapshot()} if STAGES else {}),
        "mono": time.monotonic(),
        "store_commits": getattr(store, "commits", 0),
        "store_appends": getattr(store, "appends", 0),
        "hub": hub_counters(hub),
        "threads": {names.get(tid, str(tid)): cpu for tid, cpu in thread_cpu().items()},
    }


def log_collections() -> None:
    """``OURS_GC_LOG=1``: print the garbage collections that could show in a rung's latency.

    The hub raises the collector's thresholds (server/serve.py); whether a
    full collection still falls inside a measured window, and how long it
    stops the event loop, is read off these lines against the window's time.
    """
    import gc

    started = [0.0]

    def watch(phase: str, info: dict) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
            return
        ms = (time.perf_counter() - started[0]) * 1000
        if ms >= 2 or info["generation"] == 2:
            line = {"t": round(time.time(), 2), "gen": info["generation"], "ms": round(ms, 1), "collected": info["collected"]}
            print(json.dumps({"gc": line}), file=sys.stderr, flush=True)

    gc.callbacks.append(watch)


def acked_commands(hub) -> int:
    """Game commands the hub handled minus those it refused (from its own counters)."""
    counters = hub_counters(hub)
    handled = counters.get("pizzanight_commands_total{kind=cmd}", 0.0)
    refused = sum(value for name, value in counters.items() if name.startswith("pizzanight_rejections_total"))
    return int(handled - refused)


def run_transport(name: str, hub, store, host: str, port: int) -> None:
    """The hub on another websocket server (server/transport.py), until SIGTERM or SIGINT."""
    import asyncio

    import uvloop

    from server import transport

    async def serve() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        try:
            await transport.run(name, hub, host, port, stop)
        finally:
            await store.close()

    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        runner.run(serve())


def main() -> int:
    parser = argparse.ArgumentParser(description="Pizza Night's hub for the peer benchmark")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=2567)
    args = parser.parse_args()
    if not args.host.startswith("127."):
        parser.error("loopback only")

    synchronous = os.environ.get("OURS_SYNCHRONOUS", "full").lower()
    keep = os.environ.get("OURS_DATA")
    data = Path(keep) if keep else Path(tempfile.mkdtemp(prefix="pizzanight-bench-"))
    data.mkdir(parents=True, exist_ok=True)
    db_path = data / "pizzanight.sqlite3"

    logs.setup("warning")
    if STAGES:
        stages.install()
    floor = os.environ.get("OURS_FLOOR")
    if floor:
        from peers import floors

        floors.install(floor)
    tune_process()
    if os.environ.get("OURS_GC_LOG") == "1":
        log_collections()
    interval = os.environ.get("OURS_COMMIT_INTERVAL_MS")
    store = open_store(f"{db_path}?synchronous={synchronous}" + (f"&commit_interval_ms={interval}" if interval else ""))
    games = {**load_games(), "counter": counter.GAME}
    app = create_app(store, config=HubConfig(), games=games, web=None)
    config = uvicorn_config(app, args.host, args.port)
    if os.environ.get("OURS_WS", "direct") != "direct":
        config.ws = os.environ["OURS_WS"]
    hub = app.state.hub
    ws = os.environ.get("OURS_TRANSPORT") or os.environ.get("OURS_WS", "direct")
    print(json.dumps({"serve-ours": {"pid": os.getpid(), "ws": ws, "synchronous": synchronous, "floor": floor,
                                     "code": str(ROOT), "python": sys.version.split()[0]}}),
          file=sys.stderr, flush=True)
    signal.signal(signal.SIGUSR1, lambda signum, frame: print(
        json.dumps({"diag": diagnostics(hub, store)}), file=sys.stderr, flush=True))
    # uvicorn re-raises the signal that stopped it once it has shut down; a no-op
    # handler makes that return here, so the stored rows are counted below.
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda signum, frame: None)
    transport = os.environ.get("OURS_TRANSPORT")
    try:
        if transport:
            run_transport(transport, hub, store, args.host, args.port)
        else:
            uvicorn.Server(config).run()
    finally:
        try:
            stored, acked = stored_intents(db_path), acked_commands(hub)
            print(json.dumps({"stored": {"intents_stored": stored, "intents_acked": acked,
                                         "all_stored": stored >= acked, "synchronous": synchronous}}),
                  file=sys.stderr, flush=True)
            if floor:  # a floor that took no move measured the hub itself: say so
                taken = floors.TAKEN[floor]
                print(json.dumps({"floor": {"kind": floor, "moves_taken": taken}}), file=sys.stderr, flush=True)
                if acked and not taken:
                    print(f"WARNING: the floor {floor!r} took none of the {acked} moves: these figures are the hub's own",
                          file=sys.stderr, flush=True)
        finally:
            if not keep:
                shutil.rmtree(data, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
