"""What the embedded store's SQLite writer costs per intent, against the alternatives its design allows.

    .venv/bin/python bench/store_writer.py [--seconds 4] [--rooms 100] [--rate 1000] [--only writer|handoff|store]

Every variant commits with an fsync before it counts anything as done (nothing
is acknowledged before it is on disk), except the one row marked
``reference``.  Three parts, figures only (nothing here asserts a time):

1. **writer** - the writer's own work, in one thread, no event loop: batches
   of B appends (one 80-byte record each, distinct rooms, as the peer
   benchmark's load gives) written as one transaction, for each way of
   writing them: BEGIN + ``executemany`` + COMMIT (as shipped before), one
   multi-row INSERT that is its own transaction (autocommit: one statement
   and one GIL round trip per commit; as shipped for batches of rooms with logs), or one ``execute`` per append; WAL
   or the rollback journal (``DELETE``), both ``synchronous=FULL``; prepared statements reused (sqlite3's statement
   cache, as shipped) or prepared anew each time (``cached_statements=0``);
   the records passed as ``bytes`` (as shipped) or as ``memoryview``;
   and, as the floor every SQLite variant is measured against, a plain
   append-only file: one ``write`` of the batch and one ``fdatasync`` per
   commit (what durable Colyseus does; it is not a store, nothing reads it).
   The appends go to 100 rooms in turn (the peer benchmark's 100 rooms), so
   a commit's rows land where each room's log is, as in the hub.
   Printed: wall time per commit, and CPU per commit (user + system, the
   thread's own ``getrusage(RUSAGE_THREAD)``) and per append; medians of
   ``--rounds`` rounds in which every variant runs in turn.
2. **handoff** - the round trip from the event loop to the writer thread
   and back (``SimpleQueue.put``, the thread's ``get``, ``call_soon_threadsafe``
   and the loop's wake-up), with no SQLite at all: the fixed cost of having a
   writer thread, per append, alone and with 100 waiting at once.
3. **store** - the real :class:`EmbeddedStore` under an open-loop load
   (``--rooms`` rooms appending ``--rate`` times a second in all, each room
   one append at a time as its actor does), at ``commit_interval`` 0 (as
   shipped: commit at once when idle, gather only during a commit) and
   10 ms (the spacing shipped before issue 26); with the event loop idle
   otherwise, or with ``--busy 0.5`` also busy in Python half of each
   millisecond (as a loaded hub's is: the writer then waits for the GIL
   after each SQLite call; on a shared machine that spin is preempted, so
   take those rows as a direction only): append
   latency p50/p99, appends per commit, and CPU per append of the writer
   thread and of the event loop's thread (``pthread_getcpuclockid``; the
   busy work's own CPU taken out).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import queue
import random
import resource
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from server.store.embedded import _SCHEMA, EmbeddedStore  # noqa: E402

RECORD = bytes(random.Random(1).randrange(256) for _ in range(80))
INSERT = "INSERT INTO events (room, version, data) VALUES (?, ?, ?)"


# --- 1. the writer alone ---------------------------------------------------------------


def open_db(path: Path, journal: str, *, cached: bool = True) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, cached_statements=128 if cached else 0)
    db.execute(f"PRAGMA journal_mode={journal}")
    db.execute("PRAGMA synchronous=FULL")
    db.executescript(_SCHEMA)
    return db


#: The rooms the appends go to in turn (the peer benchmark's 100 rooms).
ROOMS = 100


def write_batches(
    db: sqlite3.Connection | int, versions: list[int], batch: int, seconds: float, *, many: bool | str, view: bool,
    sync: str = "FULL",
) -> tuple[int, float, float]:
    """Commit batches of ``batch`` appends (distinct rooms, the next ones of :data:`ROOMS` each time) for ``seconds``.

    ``versions`` is every room's version; ``db`` a file descriptor for the
    plain append-only file.  Returns (commits, wall s, (user, system) s).
    """
    if not isinstance(db, int):
        db.execute(f"PRAGMA synchronous={sync}")
    commits = 0
    wall0, cpu0 = time.perf_counter(), resource.getrusage(resource.RUSAGE_THREAD)
    deadline = wall0 + seconds
    while time.perf_counter() < deadline:
        rows = []
        for i in range(batch):
            room = (commits * batch + i) % ROOMS
            versions[room] += 1
            data = memoryview(RECORD) if view else RECORD
            rows.append((f"room{room:04d}", versions[room], data))
        if isinstance(db, int):  # the plain append-only file: one write, one fdatasync
            os.write(db, b"".join(len(data).to_bytes(4, "little") + bytes(data) for _, _, data in rows))
            os.fdatasync(db)
        elif many == "values":  # one statement, its own transaction (autocommit): one step, one fsync
            db.execute(values_insert(batch), [x for row in rows for x in row])
        else:
            db.execute("BEGIN IMMEDIATE")
            if many:
                db.executemany(INSERT, rows)
            else:
                for row in rows:
                    db.execute(INSERT, row)
            db.execute("COMMIT")
        commits += 1
    cpu1 = resource.getrusage(resource.RUSAGE_THREAD)
    return commits, time.perf_counter() - wall0, (cpu1.ru_utime - cpu0.ru_utime, cpu1.ru_stime - cpu0.ru_stime)


def values_insert(rows: int) -> str:
    """One INSERT of ``rows`` rows (sqlite3 caches its prepared statement by this text)."""
    return "INSERT INTO events (room, version, data) VALUES " + ",".join(["(?, ?, ?)"] * rows)


WRITER_VARIANTS = [
    # name, journal, executemany, cached statements, memoryview, synchronous
    ("WAL, BEGIN + executemany + COMMIT (shipped before)", "WAL", True, True, False, "FULL"),
    ("WAL, one multi-row INSERT, autocommit (shipped)", "WAL", "values", True, False, "FULL"),
    ("WAL, execute per append", "WAL", False, True, False, "FULL"),
    ("WAL, executemany, no statement cache", "WAL", True, False, False, "FULL"),
    ("WAL, executemany, memoryview records", "WAL", True, True, True, "FULL"),
    ("rollback journal (DELETE), executemany", "DELETE", True, True, False, "FULL"),
    ("reference: WAL, executemany, synchronous=NORMAL (not durable)", "WAL", True, True, False, "NORMAL"),
    ("floor: a plain append-only file, write + fdatasync (not a store)", "LOG", False, True, False, "FULL"),
]


def part_writer(seconds: float, batches: list[int], rounds: int) -> None:
    print(f"## 1. the writer alone (one thread, fsync per commit); medians of {rounds} interleaved rounds\n")
    print("| variant | batch | commits/s | wall ms/commit | CPU us/commit (user + system) | CPU us/append |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        dbs = {}
        for v, (_, journal, many, cached, view, sync) in enumerate(WRITER_VARIANTS):
            for batch in batches:
                if journal == "LOG":
                    db = os.open(Path(folder) / f"w{v}-{batch}.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
                else:
                    db = open_db(Path(folder) / f"w{v}-{batch}.sqlite3", journal, cached=cached)
                versions = [0] * ROOMS
                write_batches(db, versions, batch, 0.1, many=many, view=view, sync=sync)  # warm the file and the cache
                dbs[v, batch] = (db, versions, [])
        for _ in range(rounds):  # each variant in turn, so a noisy spell of the shared disk hits them all
            for (v, batch), (db, versions, runs) in dbs.items():
                _, _, many, _, view, sync = WRITER_VARIANTS[v]
                runs.append(write_batches(db, versions, batch, seconds / rounds, many=many, view=view, sync=sync))
        for (v, batch), (db, _, runs) in dbs.items():
            os.close(db) if isinstance(db, int) else db.close()
            wall = statistics.median(w / c for c, w, _ in runs)
            user = statistics.median(u / c for c, _, (u, _) in runs)
            system = statistics.median(k / c for c, _, (_, k) in runs)
            cpu = user + system
            print(
                f"| {WRITER_VARIANTS[v][0]} | {batch} | {1 / wall:,.0f} | {wall * 1e3:.2f} "
                f"| {cpu * 1e6:.0f} ({user * 1e6:.0f} + {system * 1e6:.0f}) | {cpu / batch * 1e6:.1f} |"
            )
    print()


# --- 2. the thread handoff ------------------------------------------------------------------


def thread_clock(thread: threading.Thread) -> float:
    return time.clock_gettime(time.pthread_getcpuclockid(thread.ident))


async def part_handoff(seconds: float) -> None:
    print("## 2. handoff: event loop -> writer thread -> event loop, no SQLite\n")
    print("| in flight | round trips/s | wall us/round trip | loop CPU us | thread CPU us |")
    print("|---|---|---|---|---|")
    loop = asyncio.get_running_loop()
    inbox: queue.SimpleQueue = queue.SimpleQueue()

    def worker() -> None:
        while True:
            item = inbox.get()
            if item is None:
                return
            batch = [item]
            while True:  # as the store's writer: take everything waiting, answer with one wake-up
                try:
                    batch.append(inbox.get_nowait())
                except queue.Empty:
                    break
            loop.call_soon_threadsafe(_resolve_all, batch)

    thread = threading.Thread(target=worker, daemon=True)
    thread.start()
    main = threading.main_thread()
    for in_flight in (1, 100):
        done = 0
        wall0, loop0, thr0 = time.perf_counter(), thread_clock(main), thread_clock(thread)
        deadline = wall0 + seconds
        while time.perf_counter() < deadline:
            futures = [loop.create_future() for _ in range(in_flight)]
            for future in futures:
                inbox.put(future)
            await asyncio.gather(*futures)
            done += in_flight
        wall = time.perf_counter() - wall0
        loop_cpu, thr_cpu = thread_clock(main) - loop0, thread_clock(thread) - thr0
        print(
            f"| {in_flight} | {done / wall:,.0f} | {wall / done * 1e6:.1f} "
            f"| {loop_cpu / done * 1e6:.1f} | {thr_cpu / done * 1e6:.1f} |"
        )
    inbox.put(None)
    thread.join()
    print()


def _resolve_all(futures: list[asyncio.Future]) -> None:
    for future in futures:
        if not future.done():
            future.set_result(None)


# --- 3. the real store under load ---------------------------------------------------------


async def load_store(path: Path, interval: float, rooms: int, rate: float, seconds: float, busy: float) -> dict:
    store = EmbeddedStore(path, commit_interval=interval)
    latencies: list[float] = []
    measuring = False
    main = threading.main_thread()
    per_room = rate / rooms

    async def room(name: str) -> None:
        version = 0
        start = time.perf_counter() + random.random() / per_room
        n = 0
        while True:
            due = start + n / per_room
            n += 1
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            # an actor appends one turn at a time; moves that queued meanwhile go in one turn
            sent = time.perf_counter()
            version = await store.append(name, [RECORD], version)
            if measuring:
                latencies.append(time.perf_counter() - sent)

    spun = [0.0]

    async def hub_work() -> None:
        """The rest of a hub's event loop: ``busy`` of each millisecond spent in Python (holding the GIL)."""
        while True:
            start = time.perf_counter()
            until = start + busy / 1000
            while time.perf_counter() < until:
                pass
            if measuring:
                spun[0] += time.perf_counter() - start
            await asyncio.sleep((1 - busy) / 1000)

    tasks = [asyncio.create_task(room(f"r{i:04d}")) for i in range(rooms)]
    if busy > 0:
        tasks.append(asyncio.create_task(hub_work()))
    await asyncio.sleep(1.0)  # warm-up
    measuring = True
    commits0, appends0 = store.commits, store.appends
    wall0, loop0, thr0 = time.perf_counter(), thread_clock(main), thread_clock(store._thread)
    await asyncio.sleep(seconds)
    wall = time.perf_counter() - wall0
    loop_cpu, thr_cpu = thread_clock(main) - loop0, thread_clock(store._thread) - thr0
    measuring = False
    commits, appends = store.commits - commits0, store.appends - appends0
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await store.close()
    latencies.sort()
    return {
        "appends/s": appends / wall,
        "appends/commit": appends / max(commits, 1),
        "p50 ms": statistics.median(latencies) * 1e3,
        "p99 ms": latencies[int(len(latencies) * 0.99)] * 1e3,
        "writer us/append": thr_cpu / appends * 1e6,
        "loop us/append": (loop_cpu - spun[0]) / appends * 1e6,
    }


async def part_store(seconds: float, rooms: int, rate: float, rounds: int, busies: tuple[float, ...]) -> None:
    print(
        f"## 3. EmbeddedStore, {rooms} rooms, {rate:,.0f} appends/s offered (WAL, synchronous=FULL); "
        f"medians of {rounds} interleaved rounds\n"
    )
    print(
        "| commit_interval | hub loop busy | appends/s | appends/commit | p50 ms | p99 ms "
        "| writer CPU us/commit | writer CPU us/append | loop CPU us/append (without the busy work) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    sys.setswitchinterval(0.001)  # as the hub sets it (server.serve.tune_process)
    cases = [(interval, busy) for busy in busies for interval in (0.0, 0.010)]
    runs: dict[tuple[float, float], list[dict]] = {case: [] for case in cases}
    for _ in range(rounds):
        for interval, busy in cases:
            with tempfile.TemporaryDirectory() as folder:
                r = await load_store(Path(folder) / "s.sqlite3", interval, rooms, rate, seconds / rounds, busy)
            runs[interval, busy].append(r)
    for (interval, busy), rs in runs.items():
        m = {key: statistics.median(r[key] for r in rs) for key in rs[0]}
        label = "0 ms (shipped)" if interval == 0 else f"{interval * 1e3:g} ms (before issue 26)"
        print(
            f"| {label} | {busy:.0%} | {m['appends/s']:,.0f} | {m['appends/commit']:.1f} | {m['p50 ms']:.2f} "
            f"| {m['p99 ms']:.2f} | {m['writer us/append'] * m['appends/commit']:.0f} | {m['writer us/append']:.0f} "
            f"| {m['loop us/append']:.0f} |"
        )
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--rate", type=float, default=1000.0, help="appends a second offered, all rooms together")
    parser.add_argument("--batches", default="1,4,16", help="batch sizes for part 1")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds of part 1 (medians)")
    parser.add_argument(
        "--busy", type=float, default=0.0, help="part 3 also with the loop busy this share of each ms (noisy)"
    )
    parser.add_argument("--only", choices=("writer", "handoff", "store"))
    args = parser.parse_args()
    print(f"# bench/store_writer.py: python {sys.version.split()[0]}, SQLite {sqlite3.sqlite_version}, pid {os.getpid()}\n")
    if args.only in (None, "writer"):
        part_writer(args.seconds, [int(b) for b in args.batches.split(",")], args.rounds)
    try:
        import uvloop

        runner = asyncio.Runner(loop_factory=uvloop.new_event_loop)
    except ImportError:
        runner = asyncio.Runner()
    with runner:
        if args.only in (None, "handoff"):
            runner.run(part_handoff(args.seconds))
        if args.only in (None, "store"):
            busies = (0.0, args.busy) if args.busy else (0.0,)
            runner.run(part_store(args.seconds, args.rooms, args.rate, args.rounds, busies))


if __name__ == "__main__":
    main()
