"""The embedded store: every room's log in one SQLite file on local disk.

No server to run, and durable: ``append`` returns only after the records are
committed.  All database work happens on one dedicated thread that owns the
connection, so SQLite never sees two writers.  Appends are **group
committed**: the thread takes every append waiting in its queue (from any
number of rooms), checks each one's expected version, writes them all in
one transaction and commits once, then resolves each caller's future.  Under
load that turns one fsync per move into one fsync per batch.  The usual batch
is a single multi-row ``INSERT`` in autocommit (:meth:`EmbeddedStore._commit`):
every statement gives the GIL up and takes it back, and on a busy hub each
taking back can wait out the event loop's switch interval.

**Answer when nothing waits** (issue 26): an append that finds the writer
idle is committed at once; only the appends that arrive while a commit is
in flight (its write and fsync) wait, and they all go in the next batch,
which starts as soon as that commit returns.  Durable Colyseus's log does
the same (write + fdatasync of a batch; intents arriving during the flush
join the next one).  ``commit_interval`` (``?commit_interval_ms=`` in the
store URL, 0 by default) restores the older spacing of commits under load,
which trades latency for a little writer CPU; see :data:`COMMIT_INTERVAL`.

Requests reach the writer **once per turn of the event loop** (:meth:`EmbeddedStore._hand`):
the appends of every room whose move the turn handled are handed over
together when the turn's callbacks are done, so the writer thread is woken
once for them and commits them together, rather than being woken (and, on a
busy core, switched to and back from) for each.  No timer is involved: an
idle hub's turn ends right after the append.

Durability note: the database runs in WAL mode.  With ``synchronous=FULL``
(the default) every commit is fsynced before any append returns, so an
acknowledged move survives a process kill and a power cut.  With
``?synchronous=normal`` in the store URL a commit survives a process kill
(SIGKILL, a crash) but the last commits before a power cut or kernel panic
may be lost; it is faster on slow disks.

**The append lane** (issue 26): when the compiled fast lane was built
(server/fastlane/_appender.pyx), the usual append (a room whose version
this store saw stored, at that version, no append of the room in flight)
is written by a second thread with its own connection that never takes
the GIL: the Python writer had to take it back from the event loop after
every wait and every statement, and on a busy hub each of those is a wait
and a forced switch of the event loop's thread.  Everything else (a
room's first records, snapshots, codes, reads, a room whose version is in
doubt) stays on the Python writer, which then reads each room's version
from the file (the lane writes too, so a cached one could be old).  Both
connections write the same rows; the ``(room, version)`` key means an
append can never land on a version already taken, and the lane only ever
writes right after a version it saw committed, so a log has no gaps.
Which writer takes an append, and the lane's answers, are decided on the
event loop by the lane's compiled desk (``AppendDesk``, same module), which
is this store's ``append`` while the lane is on.
``PIZZANIGHT_PURE=1`` or ``lane=False`` leaves everything to the Python
writer (the lane's twin); a ``commit_interval`` does too.

``fence`` is accepted and ignored: one process owns the file, so there is no
other node to fence out.
"""

from __future__ import annotations

import asyncio
import collections
import functools
import logging
import os
import queue
import sqlite3
import threading
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from server import fastlane
from server.store.base import Record, Snapshot, Store, StoreError, VersionConflict

LOG = logging.getLogger("pizzanight")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    room TEXT NOT NULL, version INTEGER NOT NULL, data BLOB NOT NULL,
    PRIMARY KEY (room, version)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS snapshots (
    room TEXT PRIMARY KEY, version INTEGER NOT NULL, data BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS codes (
    code TEXT PRIMARY KEY, room TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rooms (
    room TEXT PRIMARY KEY, version INTEGER NOT NULL,
    closed_at REAL, keep_until REAL);
"""
# ``rooms`` has a row per room with a log, written with the room's first append, and its
# closing.  Its ``version`` column is no longer kept up to date (files written before
# still have one): the log's own ``max(version)`` is the version, and updating a second
# row per append doubled the pages each commit wrote.

#: At most this many appends go into one transaction.
MAX_BATCH = 512

#: A batch of at most this many rows (of rooms that have a log already, and no snapshot) is
#: written as one ``INSERT`` in autocommit (:meth:`EmbeddedStore._commit`); a bigger one in
#: a transaction, this many rows per statement.  Each row count has its own prepared
#: statement, kept in the connection's statement cache (:data:`STATEMENT_CACHE`).
ONE_STATEMENT_ROWS = 64

#: Prepared statements the writer's connection keeps: one ``INSERT`` per row count up to
#: :data:`ONE_STATEMENT_ROWS`, and the few others.
STATEMENT_CACHE = ONE_STATEMENT_ROWS + 64

#: Commits start at most this often (seconds) when set above 0 (opt-in; the default is 0).
#: 0: the writer commits as soon as it has something and is not committing already, so
#: an idle store adds no latency and a busy one gathers exactly what came during the last
#: commit's write and fsync (issue 26: p50 went from 12.3 ms to the fsync's own time at the
#: peer benchmark's 100 rooms).  Above 0, when appends from several rooms arrive faster than
#: this, the writer waits out the rest of the interval and commits everything that came
#: meanwhile in one transaction (PostgreSQL's ``commit_delay``): measured at 1,000 moves a
#: second, the writer's CPU per move was 67 us at 2 ms, 47 us at 5 ms and 36 us at 10 ms,
#: for a p50 latency of about the interval.  bench/store_writer.py measures the writer.
COMMIT_INTERVAL = 0.0

#: Under load a commit waits to gather about this many appends (and never longer than the
#: interval): past that the commit's fixed cost is spread thin, and waiting only adds latency.
GATHER = 8


class _Append:
    __slots__ = ("room", "records", "expected", "future", "loop")

    def __init__(self, room: str, records: Sequence[bytes], expected: int, future: asyncio.Future, loop: asyncio.AbstractEventLoop) -> None:
        self.room = room
        self.records = records
        self.expected = expected
        self.future = future
        self.loop = loop


class _SaveSnapshot:
    """A snapshot to keep, written in the transaction of the next batch of appends (no commit of its own)."""

    __slots__ = ("room", "version", "data", "future", "loop")

    def __init__(self, room: str, snapshot: Snapshot, future: asyncio.Future, loop: asyncio.AbstractEventLoop) -> None:
        self.room = room
        self.version = snapshot.version
        self.data = bytes(snapshot.data)
        self.future = future
        self.loop = loop


#: What the writer thread puts in one transaction.
_Write = (_Append, _SaveSnapshot)

_UPSERT_SNAPSHOT = (
    "INSERT INTO snapshots (room, version, data) VALUES (?, ?, ?) "
    "ON CONFLICT(room) DO UPDATE SET version = excluded.version, data = excluded.data "
    "WHERE excluded.version >= snapshots.version"
)


class _Call:
    __slots__ = ("fn", "future", "loop")

    def __init__(self, fn: Callable[[sqlite3.Connection], Any], future: asyncio.Future, loop: asyncio.AbstractEventLoop) -> None:
        self.fn = fn
        self.future = future
        self.loop = loop


@functools.lru_cache(maxsize=ONE_STATEMENT_ROWS)
def _insert_rows(count: int) -> str:
    """One ``INSERT`` of ``count`` event rows (sqlite3 keeps its prepared statement by this text)."""
    return "INSERT INTO events (room, version, data) VALUES " + ",".join(["(?, ?, ?)"] * count)


def _resolve(future: asyncio.Future, result: Any = None, error: BaseException | None = None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


def _resolve_all(answers: list[tuple[asyncio.Future, Any, BaseException | None]]) -> None:
    for future, result, error in answers:
        _resolve(future, result, error)


def _spacing(appends: int, seconds: float) -> float:
    """How long to gather :data:`GATHER` appends at the pace of the last commit's.

    ``appends`` came in ``seconds`` (from the commit before's start to this
    one's).  A fast pace fills a commit sooner than the interval, and waiting
    longer would add latency for nothing; a slow pace gets the whole interval.
    """
    if appends <= 0 or seconds <= 0:
        return 0.0
    return GATHER * seconds / appends


def _two_rooms(batch: list[_Append | _SaveSnapshot]) -> tuple[str | None, str | None]:
    """The first room of a batch, and another room in it if there is one."""
    first = batch[0].room
    other = next((req.room for req in batch if req.room != first), None)
    return first, other


def _run_lane(appender: Any) -> None:
    """The append lane's thread: the lane's own loop (no GIL), as a batch thread on Linux.

    A thread that needs no GIL runs the moment it is woken, and on a busy
    core the kernel would stop the event loop in the middle of its work for
    it, twice a commit (woken for the batch, woken by the fsync), each time
    costing the event loop its warm caches.  ``SCHED_BATCH`` tells the
    scheduler not to do that on wake-up: the lane runs when the event loop
    waits for its sockets, or at the next tick.  Measured on the shared
    harness (100 rooms, one core for the hub): the event loop was switched
    out against its will about 60 times a second with the lane run so,
    about 700 with the Python writer alone.
    """
    try:
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))
    except (AttributeError, OSError):  # not Linux, or not allowed: the lane works the same
        pass
    appender.run()


def _open_readonly(path: Path) -> sqlite3.Connection:
    """A read-only connection to a store file, refused when the file is not a Pizza Night store.

    ``mode=ro`` lets SQLite read the log while a hub writes it (WAL), but never
    write: a wrong file stays untouched rather than gaining our tables.
    """
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None, check_same_thread=True)
    try:
        for table in ("events", "codes", "rooms"):
            db.execute(f"SELECT 1 FROM {table} LIMIT 0")  # fixed names, no input
    except sqlite3.DatabaseError as exc:
        db.close()
        raise sqlite3.DatabaseError(f"not a Pizza Night store ({exc})") from None
    return db


class EmbeddedStore(Store):
    """SQLite in WAL mode, one writer thread, group commit."""

    def __init__(
        self, path: str | Path, *, synchronous: str = "FULL", commit_interval: float = COMMIT_INTERVAL,
        lane: bool | None = None, readonly: bool = False,
    ) -> None:
        """``lane``: True to write the usual appends on the compiled append lane, False never, None (the
        default) when it was built and ``commit_interval`` is 0.

        ``readonly``: open an existing store file only to read it (``pizzanight replay export``, the
        load test's audit): nothing is created, no schema is written, and a file that is missing or
        holds no Pizza Night tables raises :class:`StoreError` instead of becoming an empty store.
        """
        if synchronous.upper() not in ("FULL", "NORMAL", "EXTRA"):
            raise ValueError("synchronous must be full, normal or extra")
        if lane and fastlane.Appender is None:
            raise ValueError(f"no compiled append lane: {fastlane.APPENDER_WHY}")
        self.path = Path(path)
        self.readonly = readonly
        if readonly:
            if not self.path.is_file():
                raise StoreError(f"no Pizza Night store at {self.path}")
            lane = False
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._synchronous = synchronous.upper()
        self.commit_interval = commit_interval
        #: Lists of requests handed over to the writer (one per loop turn, :meth:`_hand`), then None to stop.
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        #: The requests of the running loop turn, by event loop, until its hand-over.
        self._handing: dict[asyncio.AbstractEventLoop, list[Any]] = {}
        self._versions: dict[str, int] = {}
        self._closed = False
        #: Whether the usual appends go to the compiled append lane (started by the first of them).
        self.lane = (fastlane.Appender is not None and commit_interval == 0) if lane is None else lane
        self._appender: Any = None
        self._lane_thread: threading.Thread | None = None
        #: The event loop's side of the lane (compiled, ``fastlane.AppendDesk``): which appends it takes, and
        #: their answers.  Its ``rooms`` are the rooms the lane is writing (a read of one waits for it).
        self._desk: Any = fastlane.AppendDesk(self, StoreError) if self.lane else None
        self._lane_rooms: dict[str, list] = self._desk.rooms if self._desk is not None else {}
        if self._desk is not None:
            # The store's append is the desk's own: a move's commit calls straight into compiled code,
            # with no Python frame of the store's on its path.
            self.append = self._desk.append  # type: ignore[method-assign]
        #: Counters of the Python writer (see :attr:`commits` and :attr:`appends`).
        self._commits = 0
        self._appends = 0
        #: Commits that waited for the rest of their interval (busy spells).
        self.delayed = 0
        ready = threading.Event()
        self._startup_error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(ready,), name="pizzanight-sqlite", daemon=True)
        self._thread.start()
        ready.wait()
        if self._startup_error is not None:
            raise StoreError(f"cannot open {self.path}: {self._startup_error}") from self._startup_error

    # --- the writer thread ---------------------------------------------------

    def _run(self, ready: threading.Event) -> None:
        try:
            if self.readonly:
                db = _open_readonly(self.path)
            else:
                db = sqlite3.connect(
                    self.path, isolation_level=None, check_same_thread=True, cached_statements=STATEMENT_CACHE
                )
                db.execute("PRAGMA journal_mode=WAL")
                db.execute(f"PRAGMA synchronous={self._synchronous}")
                db.executescript(_SCHEMA)
        except BaseException as exc:  # reported to the constructor
            self._startup_error = exc
            ready.set()
            return
        ready.set()
        last_commit = 0.0
        # the rooms of the last commit (two at most): waiting helps only when other rooms
        # append too; one room's moves come one after another (its actor waits for each)
        last_rooms: tuple[str | None, str | None] = (None, None)
        spacing = self.commit_interval  # how far apart commits start, by the appends' pace
        # the requests handed over and not yet taken, in order (the queue holds a list per hand-over)
        backlog: collections.deque = collections.deque()

        def take(block: bool) -> Any:
            """The next request in order, or None to stop; queue.Empty when none waits and not ``block``."""
            while not backlog:
                handed = self._queue.get() if block else self._queue.get_nowait()
                if handed is None:
                    return None
                backlog.extend(handed)
            return backlog.popleft()

        try:
            while True:
                item = take(True)
                if item is None:
                    break
                if isinstance(item, _Write):
                    now = time.monotonic()
                    wait = last_commit + min(self.commit_interval, spacing) - now
                    others = last_rooms[1] is not None or last_rooms[0] not in (None, item.room)
                    # by default (interval 0) never: what came during the last commit is the batch
                    if wait > 0 and others:  # busy: let this interval's other appends join the batch
                        self.delayed += 1
                        time.sleep(wait)
                        now = time.monotonic()
                    previous, last_commit = last_commit, now
                    batch = [item]
                    stop = False
                    while len(batch) < MAX_BATCH:
                        try:
                            more = take(False)
                        except queue.Empty:
                            break
                        if isinstance(more, _Write):
                            batch.append(more)
                        else:
                            self._commit(db, batch)
                            batch = []
                            if more is None:
                                stop = True
                                break
                            self._call(db, more)
                    if batch:
                        self._commit(db, batch)
                        if self.commit_interval > 0:  # what the next commit's wait is worked out from
                            last_rooms = _two_rooms(batch)
                            spacing = _spacing(len(batch), last_commit - previous)
                    if stop:
                        break
                else:
                    self._call(db, item)
        finally:
            db.close()

    @property
    def commits(self) -> int:
        """Commits made, by both writers (tests and /metrics)."""
        return self._commits + (self._appender.commits if self._appender is not None else 0)

    @property
    def appends(self) -> int:
        """Appends committed in them."""
        return self._appends + (self._appender.appends if self._appender is not None else 0)

    def _current(self, db: sqlite3.Connection, room: str) -> int:
        # with the lane on, the lane writes too: the file's own version, never a cached one
        version = self._versions.get(room) if not self.lane else None
        if version is None:
            row = db.execute("SELECT max(version) FROM events WHERE room = ?", (room,)).fetchone()
            version = row[0] or 0
            self._versions[room] = version
        return version

    def _commit(self, db: sqlite3.Connection, batch: list[_Append | _SaveSnapshot]) -> None:
        """Check every append's expected version, then write the whole batch with as few statements as possible.

        Each statement gives up the GIL while SQLite works and must take it
        back; while the event loop is busy, taking it back can wait a whole
        switch interval (1 ms), and the commit's answer waits with it.  So
        the usual batch, appends only, of rooms that already have a log, is
        **one** ``INSERT`` of all its rows in autocommit: one statement is
        its own transaction (all rows or none, fsynced before it returns),
        one GIL round trip.  Anything else (a room's first records, a
        snapshot, a batch over :data:`ONE_STATEMENT_ROWS`) goes in one
        ``BEGIN IMMEDIATE`` ... ``COMMIT`` of a few statements, as every
        batch did before.  Snapshots waiting go in the same transaction as
        appends: a snapshot of its own cost a commit and an fsync, and its
        room's actor waited for them.  What fails a commit (a full disk, an
        I/O error) fails everything in it.
        """
        pending: dict[str, int] = {}
        results: list[tuple[_Append | _SaveSnapshot, Any, BaseException | None]] = []
        rows: list[Any] = []  # room, version, data of each row, flat (the statements' parameters)
        born: list[tuple[str]] = []
        snapshots: list[tuple[str, int, bytes]] = []
        try:
            for req in batch:
                if isinstance(req, _SaveSnapshot):
                    snapshots.append((req.room, req.version, req.data))
                    results.append((req, None, None))
                    continue
                current = pending.get(req.room)
                if current is None:
                    current = self._current(db, req.room)
                if current != req.expected:
                    results.append((req, None, VersionConflict(req.room, req.expected, current)))
                    continue
                for i, data in enumerate(req.records):
                    rows += (req.room, current + i + 1, bytes(data))
                if current == 0:
                    born.append((req.room,))
                pending[req.room] = current + len(req.records)
                results.append((req, pending[req.room], None))
            count = len(rows) // 3
            if 0 < count <= ONE_STATEMENT_ROWS and not born and not snapshots:
                db.execute(_insert_rows(count), rows)  # autocommit: its own transaction
            else:
                db.execute("BEGIN IMMEDIATE")
                step = ONE_STATEMENT_ROWS * 3
                for start in range(0, len(rows), step):
                    chunk = rows[start:start + step]
                    db.execute(_insert_rows(len(chunk) // 3), chunk)
                if born:  # a room's row is written once, with its first records
                    db.executemany("INSERT OR IGNORE INTO rooms (room, version) VALUES (?, 0)", born)
                if snapshots:
                    db.executemany(_UPSERT_SNAPSHOT, snapshots)
                db.execute("COMMIT")
        except BaseException as exc:
            if db.in_transaction:
                try:
                    db.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
            error = StoreError(f"commit failed: {exc}")
            self._answer([(req, None, error) for req in batch])
            return
        self._versions.update(pending)
        self._commits += 1
        self._appends += len(batch) - len(snapshots)
        self._answer(results)

    @staticmethod
    def _answer(results: list[tuple[_Append | _SaveSnapshot, Any, BaseException | None]]) -> None:
        """Resolve the callers' futures with one wake-up of each event loop, not one per append."""
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future, Any, BaseException | None]]] = {}
        for req, result, error in results:
            by_loop.setdefault(req.loop, []).append((req.future, result, error))
        for loop, answers in by_loop.items():
            try:
                loop.call_soon_threadsafe(_resolve_all, answers)
            except RuntimeError:  # that loop has closed: nobody is waiting any more
                pass

    def _call(self, db: sqlite3.Connection, call: _Call) -> None:
        try:
            result = call.fn(db)
        except BaseException as exc:
            call.loop.call_soon_threadsafe(_resolve, call.future, None, StoreError(str(exc)))
        else:
            call.loop.call_soon_threadsafe(_resolve, call.future, result, None)

    # --- the async interface ------------------------------------------------

    def _submit(self, make: Callable[[asyncio.Future, asyncio.AbstractEventLoop], Any]) -> asyncio.Future:
        if self._closed:
            raise StoreError("store is closed")
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._hand(loop, make(future, loop))
        return future

    def _hand(self, loop: asyncio.AbstractEventLoop, request: Any) -> None:
        """Give ``request`` to the writer at the end of this turn of the event loop, with the turn's others.

        One hand-over per loop turn, not one per request: every room whose
        move the turn handled appends in it, and waking the writer once for
        all of them costs one thread wake-up (and on a busy core, one switch
        to the writer and back) instead of one each, and puts them in one
        commit.  Nothing waits for a timer: the turn's callbacks are already
        running, and an idle hub's turn ends right after the append.
        Requests keep their order (reads after the appends made before them).
        """
        waiting = self._handing.get(loop)
        if waiting is None:
            self._handing[loop] = [request]
            loop.call_soon(self._hand_over, loop)
        else:
            waiting.append(request)

    def _hand_over(self, loop: asyncio.AbstractEventLoop) -> None:
        waiting = self._handing.pop(loop, None)
        if waiting:
            self._queue.put(waiting)

    async def _run_in_thread(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        return await self._submit(lambda future, loop: _Call(fn, future, loop))

    def append(  # type: ignore[override]
        self, room: str, records: Sequence[bytes], expected_version: int, *, fence: int | None = None
    ) -> Awaitable[int]:
        """As :meth:`Store.append`, awaited the same way; it returns the writer's future itself.

        Not a coroutine: every move awaits this, and a coroutine wrapped
        around the future was one more frame to create and to resume.
        With the lane on, this is not called: the constructor sets the
        store's ``append`` to the lane desk's (``AppendDesk.append``).
        """
        if not records:
            return self.version(room)
        return self._submit(lambda future, loop: _Append(room, list(records), expected_version, future, loop))

    # --- the append lane (server/fastlane/_appender.pyx) ----------------------------

    def _to_writer(self, loop: asyncio.AbstractEventLoop, room: str, records: list, expected: int,
                   future: asyncio.Future) -> None:
        """An append the lane may not take (its desk says why: ``AppendDesk._dispatch``) goes to the Python writer."""
        self._hand(loop, _Append(room, records, expected, future, loop))
        future.add_done_callback(functools.partial(self._desk.settled, room))  # before the caller's own: runs first

    def _start_lane(self, loop: asyncio.AbstractEventLoop) -> None:
        """Open the lane's connection and start its thread, answering on ``loop`` (the first append's)."""
        desk = self._desk
        desk.attach(loop)
        try:
            appender = fastlane.Appender(self.path, self._synchronous)
        except OSError as exc:  # the Python writer does the lane's work (the file itself was opened fine)
            LOG.warning("the append lane did not start: %s", exc)
            return
        self._appender = appender
        desk.open_on(appender)
        loop.add_reader(appender.fd, desk.answers)
        self._lane_thread = threading.Thread(target=_run_lane, args=(appender,), name="pizzanight-sqlite-appends", daemon=True)
        self._lane_thread.start()

    async def _stop_lane(self) -> None:
        """Let the lane write what it holds, answer it, and close the lane."""
        desk, appender, thread = self._desk, self._appender, self._lane_thread
        loop = desk.loop
        desk.open = False  # from now on every append goes to the Python writer
        appender.stop()
        if thread is not None:
            await asyncio.to_thread(thread.join)
        if loop is not None and not loop.is_closed():
            if loop is asyncio.get_running_loop():
                loop.remove_reader(appender.fd)
                desk.answers()
            else:
                loop.call_soon_threadsafe(desk.answers)
        appender.close()

    async def _after_lane(self, room: str) -> None:
        """A read of ``room`` sees every append of it made before the read: wait out the lane's in flight.

        The Python writer keeps its own requests in order; the lane is a
        second writer, so a read handed to the Python writer could pass one
        of the room's appends still on the lane.
        """
        while (writing := self._lane_rooms.get(room)) is not None:
            await asyncio.wait([writing[0]])

    async def read(self, room: str, from_version: int = 0) -> list[Record]:
        if self._lane_rooms:
            await self._after_lane(room)

        def fn(db: sqlite3.Connection) -> list[Record]:
            rows = db.execute(
                "SELECT version, data FROM events WHERE room = ? AND version > ? ORDER BY version",
                (room, from_version),
            ).fetchall()
            return [Record(version, bytes(data)) for version, data in rows]

        return await self._run_in_thread(fn)

    async def version(self, room: str) -> int:
        if self._lane_rooms:
            await self._after_lane(room)
        return await self._run_in_thread(lambda db: self._current(db, room))

    async def save_snapshot(self, room: str, snapshot: Snapshot) -> None:
        await self._submit(lambda future, loop: _SaveSnapshot(room, snapshot, future, loop))

    async def load_snapshot(self, room: str) -> Snapshot | None:
        def fn(db: sqlite3.Connection) -> Snapshot | None:
            row = db.execute("SELECT version, data FROM snapshots WHERE room = ?", (room,)).fetchone()
            return Snapshot(row[0], bytes(row[1])) if row else None

        return await self._run_in_thread(fn)

    async def claim_code(self, code: str, room: str) -> bool:
        def fn(db: sqlite3.Connection) -> bool:
            cursor = db.execute("INSERT OR IGNORE INTO codes (code, room) VALUES (?, ?)", (code, room))
            return cursor.rowcount == 1

        return await self._run_in_thread(fn)

    async def room_for_code(self, code: str) -> str | None:
        def fn(db: sqlite3.Connection) -> str | None:
            row = db.execute("SELECT room FROM codes WHERE code = ?", (code,)).fetchone()
            return row[0] if row else None

        return await self._run_in_thread(fn)

    async def release_code(self, code: str) -> None:
        await self._run_in_thread(lambda db: db.execute("DELETE FROM codes WHERE code = ?", (code,)))

    async def open_rooms(self) -> list[str]:
        def fn(db: sqlite3.Connection) -> list[str]:
            rows = db.execute("SELECT room FROM rooms WHERE closed_at IS NULL ORDER BY room").fetchall()
            return [row[0] for row in rows]

        return await self._run_in_thread(fn)

    async def close_room(self, room: str, *, keep_seconds: int = 86_400) -> None:
        now = time.time()

        def fn(db: sqlite3.Connection) -> None:
            db.execute("BEGIN IMMEDIATE")
            db.execute(
                "INSERT INTO rooms (room, version, closed_at, keep_until) VALUES (?, 0, ?, ?) "
                "ON CONFLICT(room) DO UPDATE SET closed_at = excluded.closed_at, keep_until = excluded.keep_until",
                (room, now, now + keep_seconds),
            )
            # Forget rooms whose keeping time is over (their logs, snapshots and codes).
            expired = [r for (r,) in db.execute("SELECT room FROM rooms WHERE keep_until < ?", (now,))]
            for old in expired:
                db.execute("DELETE FROM events WHERE room = ?", (old,))
                db.execute("DELETE FROM snapshots WHERE room = ?", (old,))
                db.execute("DELETE FROM codes WHERE room = ?", (old,))
                db.execute("DELETE FROM rooms WHERE room = ?", (old,))
                self._versions.pop(old, None)
            db.execute("COMMIT")

        await self._run_in_thread(fn)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._desk is not None:
            self._desk.closed = True
        if self._appender is not None:  # first: appends waiting behind the lane's may go to the Python writer
            await self._stop_lane()
        for loop in list(self._handing):  # what this turn handed still goes before the stop
            self._hand_over(loop)
        self._queue.put(None)
        await asyncio.to_thread(self._thread.join)
