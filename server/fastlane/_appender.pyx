# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The embedded store's append lane, compiled: a writer thread that never takes the GIL.

The embedded store (server/store/embedded.py) commits every move on its
Python writer thread.  Each time that thread comes back from SQLite it must
take the GIL from the event loop, which on a busy hub means a wait, a
forced switch of the event loop's thread and back.  This module does the
usual append (a room that has a log, a few records, at the version the
store knows) with no Python at all on the writer's side:

* the event loop calls :meth:`Appender.submit`: the records are copied
  into one C block and put on a list under a mutex (microseconds, GIL held);
* the lane's thread (:meth:`Appender.run`, started by the store on a
  ``threading.Thread``) releases the GIL for good, takes everything
  waiting, writes it with its own SQLite connection (the C API) as one
  ``INSERT`` in autocommit, or one ``BEGIN IMMEDIATE`` ... ``COMMIT`` of
  64-row ``INSERT``\\ s when there are more rows, fsynced as the store's
  ``synchronous`` says, then puts the answers on a second list and writes
  to an eventfd;
* the event loop, woken by that eventfd (``loop.add_reader``), takes the
  answers with :meth:`Appender.drain` and resolves the moves' futures.

:class:`AppendDesk` is that event loop's side (the store's ``append`` while
the lane is on): which appends the lane takes, their hand-over, the wake-up
and the answers, compiled so that a move's commit meets no Python frame of
the store's.

Nothing is answered before its commit returned.  A failed commit fails
every append in it, as on the Python writer.  The rows are the same rows
the Python writer stores (room as TEXT, version as INTEGER, data as BLOB):
tests/store/test_append_lane.py holds the two byte-identical.

Its twin is the store's Python writer thread, which the store uses for
everything else (a room's first records, snapshots, codes, reads) and for
every append when this module was not built or ``PIZZANIGHT_PURE=1``.
"""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from cpython.pythread cimport PyThread_get_thread_ident
from cpython.ref cimport PyObject, Py_DECREF, Py_INCREF
from libc.stdint cimport uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, strlen

import asyncio


cdef extern from "<pthread.h>" nogil:
    ctypedef struct pthread_mutex_t:
        pass
    ctypedef struct pthread_cond_t:
        pass
    int pthread_mutex_init(pthread_mutex_t*, void*)
    int pthread_mutex_lock(pthread_mutex_t*)
    int pthread_mutex_unlock(pthread_mutex_t*)
    int pthread_mutex_destroy(pthread_mutex_t*)
    int pthread_cond_init(pthread_cond_t*, void*)
    int pthread_cond_wait(pthread_cond_t*, pthread_mutex_t*)
    int pthread_cond_signal(pthread_cond_t*)
    int pthread_cond_destroy(pthread_cond_t*)

cdef extern from "<sys/eventfd.h>" nogil:
    int eventfd(unsigned int initval, int flags)
    int EFD_NONBLOCK
    int EFD_CLOEXEC

cdef extern from "<unistd.h>" nogil:
    ssize_t c_write "write" (int fd, const void* buf, size_t n)
    ssize_t c_read "read" (int fd, void* buf, size_t n)
    int c_close "close" (int fd)

cdef extern from "sqlite3.h" nogil:
    ctypedef struct sqlite3:
        pass
    ctypedef struct sqlite3_stmt:
        pass
    ctypedef void (*sqlite3_destructor_type)(void*)
    sqlite3_destructor_type SQLITE_STATIC
    int SQLITE_OK
    int SQLITE_DONE
    int SQLITE_OPEN_READWRITE
    int SQLITE_OPEN_NOMUTEX
    int sqlite3_open_v2(const char* filename, sqlite3** db, int flags, const char* vfs)
    int sqlite3_close_v2(sqlite3* db)
    int sqlite3_exec(sqlite3* db, const char* sql, void* callback, void* arg, char** errmsg)
    int sqlite3_busy_timeout(sqlite3* db, int ms)
    int sqlite3_prepare_v2(sqlite3* db, const char* sql, int n, sqlite3_stmt** stmt, const char** tail)
    int sqlite3_bind_text(sqlite3_stmt* stmt, int i, const char* text, int n, sqlite3_destructor_type d)
    int sqlite3_bind_int64(sqlite3_stmt* stmt, int i, long long value)
    int sqlite3_bind_blob(sqlite3_stmt* stmt, int i, const void* data, int n, sqlite3_destructor_type d)
    int sqlite3_step(sqlite3_stmt* stmt)
    int sqlite3_reset(sqlite3_stmt* stmt)
    int sqlite3_clear_bindings(sqlite3_stmt* stmt)
    int sqlite3_finalize(sqlite3_stmt* stmt)
    const char* sqlite3_errmsg(sqlite3* db)
    int sqlite3_get_autocommit(sqlite3* db)


cdef enum:
    # rows per INSERT statement (the store's ONE_STATEMENT_ROWS): one prepared statement per row count
    ROWS = 64


ctypedef struct Row:
    long long version
    const char* data
    int size


ctypedef struct Request:
    # one append: its rows, then (filled by the writer) its answer; one malloc'd block with the bytes
    PyObject* token
    const char* room
    int room_size
    int count
    Row* rows
    int failed
    char* error
    Request* next


cdef class Appender:
    """One SQLite connection and one thread that write appends without the GIL (see the module's docstring)."""

    cdef sqlite3* db
    cdef sqlite3_stmt* statements[ROWS + 1]
    cdef pthread_mutex_t lock
    cdef pthread_cond_t wakeup
    cdef Request* waiting
    cdef Request* waiting_last
    cdef Request* answered
    cdef Request* answered_last
    cdef bint stopping
    cdef bint sleeping
    cdef int efd
    #: Commits made and appends in them (read by the store's counters; written by the lane's thread only).
    cdef readonly long long commits
    cdef readonly long long appends

    def __cinit__(self, path, synchronous):
        cdef int i
        for i in range(ROWS + 1):
            self.statements[i] = NULL
        self.db = NULL
        self.efd = -1
        pthread_mutex_init(&self.lock, NULL)
        pthread_cond_init(&self.wakeup, NULL)
        encoded = str(path).encode()
        if sqlite3_open_v2(encoded, &self.db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK:
            message = sqlite3_errmsg(self.db).decode("utf-8", "replace") if self.db != NULL else "out of memory"
            raise OSError(f"cannot open {path}: {message}")
        sqlite3_busy_timeout(self.db, 10000)  # the Python writer may hold the write lock a moment
        pragmas = f"PRAGMA journal_mode=WAL; PRAGMA synchronous={synchronous};".encode()
        if sqlite3_exec(self.db, pragmas, NULL, NULL, NULL) != SQLITE_OK:
            raise OSError(f"cannot set up {path}: {sqlite3_errmsg(self.db).decode('utf-8', 'replace')}")
        self.efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)
        if self.efd < 0:
            raise OSError("eventfd failed")

    def __dealloc__(self):
        self._release()
        pthread_mutex_destroy(&self.lock)
        pthread_cond_destroy(&self.wakeup)

    @property
    def fd(self):
        """The eventfd that becomes readable when answers wait (for ``loop.add_reader``)."""
        return self.efd

    def submit(self, token, bytes room, long long first_version, records):
        """Queue one append: ``records`` (bytes) as versions ``first_version``, ``first_version + 1``, ...

        ``token`` comes back with its answer (:meth:`drain`).  The thread
        is not woken: :meth:`wake` does that, once for all the appends
        of a turn of the event loop (one wake-up, one batch).
        """
        self._submit(token, room, first_version, records)

    cdef int _submit(self, token, bytes room, long long first_version, records) except -1:
        cdef Py_ssize_t count = len(records), size = PyBytes_GET_SIZE(room), i
        cdef list datas = [bytes(data) for data in records]  # bytes, memoryview or bytearray, as the Python writer takes
        for data in datas:
            size += PyBytes_GET_SIZE(data)
        if count < 1 or count > ROWS:
            raise ValueError(f"an append of 1 to {ROWS} records, not {count}")
        cdef char* block = <char*>malloc(sizeof(Request) + count * sizeof(Row) + size)
        if block == NULL:
            raise MemoryError()
        cdef Request* request = <Request*>block
        cdef Row* rows = <Row*>(block + sizeof(Request))
        cdef char* at = block + sizeof(Request) + count * sizeof(Row)
        request.token = <PyObject*>token
        Py_INCREF(token)
        request.count = <int>count
        request.rows = rows
        request.failed = 0
        request.error = NULL
        request.next = NULL
        request.room_size = <int>PyBytes_GET_SIZE(room)
        memcpy(at, PyBytes_AS_STRING(room), request.room_size)
        request.room = at
        at += request.room_size
        for i in range(count):
            data = datas[i]
            rows[i].version = first_version + i
            rows[i].size = <int>PyBytes_GET_SIZE(data)
            memcpy(at, PyBytes_AS_STRING(data), rows[i].size)
            rows[i].data = at
            at += rows[i].size
        with nogil:
            pthread_mutex_lock(&self.lock)
            if self.waiting_last == NULL:
                self.waiting = request
            else:
                self.waiting_last.next = request
            self.waiting_last = request
            pthread_mutex_unlock(&self.lock)
        return 0

    def wake(self):
        """Wake the thread if it sleeps: what :meth:`submit` queued is written now."""
        self._wake()

    cdef void _wake(self) noexcept:
        with nogil:
            pthread_mutex_lock(&self.lock)
            if self.sleeping:
                pthread_cond_signal(&self.wakeup)
            pthread_mutex_unlock(&self.lock)

    def drain(self):
        """The answers ready: a list of ``(token, None)`` when stored, ``(token, why not)`` when not."""
        cdef uint64_t ticks
        cdef Request* request
        cdef Request* after
        c_read(self.efd, &ticks, 8)  # reset the eventfd (nonblocking: nothing to read is fine)
        with nogil:
            pthread_mutex_lock(&self.lock)
            request = self.answered
            self.answered = self.answered_last = NULL
            pthread_mutex_unlock(&self.lock)
        out = []
        while request != NULL:
            after = request.next
            if request.failed:
                out.append((<object>request.token,
                            request.error.decode("utf-8", "replace") if request.error != NULL else "commit failed"))
            else:
                out.append((<object>request.token, None))
            Py_DECREF(<object>request.token)
            free(request.error)
            free(request)
            request = after
        return out

    def stop(self):
        """Ask the thread to return once everything queued is written (answers stay for :meth:`drain`)."""
        with nogil:
            pthread_mutex_lock(&self.lock)
            self.stopping = True
            pthread_cond_signal(&self.wakeup)
            pthread_mutex_unlock(&self.lock)

    def close(self):
        """Close the connection and the eventfd (after :meth:`run` returned and the answers were drained)."""
        self._release()

    cdef void _release(self) noexcept:
        cdef int i
        for i in range(ROWS + 1):
            if self.statements[i] != NULL:
                sqlite3_finalize(self.statements[i])
                self.statements[i] = NULL
        if self.db != NULL:
            sqlite3_close_v2(self.db)
            self.db = NULL
        if self.efd >= 0:
            c_close(self.efd)
            self.efd = -1

    def run(self):
        """The lane's thread: write what is queued, batch after batch, until :meth:`stop`. Holds no GIL."""
        with nogil:
            self._serve()

    cdef void _serve(self) noexcept nogil:
        cdef Request* batch
        cdef Request* last
        cdef uint64_t one = 1
        while True:
            pthread_mutex_lock(&self.lock)
            while self.waiting == NULL and not self.stopping:
                self.sleeping = True
                pthread_cond_wait(&self.wakeup, &self.lock)
                self.sleeping = False
            batch = self.waiting
            self.waiting = self.waiting_last = NULL
            pthread_mutex_unlock(&self.lock)
            if batch == NULL:  # stopping, and nothing left
                return
            self._commit(batch)
            last = batch
            while last.next != NULL:
                last = last.next
            pthread_mutex_lock(&self.lock)
            if self.answered_last == NULL:
                self.answered = batch
            else:
                self.answered_last.next = batch
            self.answered_last = last
            pthread_mutex_unlock(&self.lock)
            c_write(self.efd, &one, 8)

    cdef void _commit(self, Request* batch) noexcept nogil:
        """Write every row of ``batch`` in one commit; on failure mark every request of it failed."""
        cdef Request* request = batch
        cdef long total = 0, requests = 0
        cdef int rc = SQLITE_OK
        while request != NULL:
            total += request.count
            requests += 1
            request = request.next
        if total <= ROWS:
            rc = self._insert(batch, 0, <int>total)
        else:
            rc = sqlite3_exec(self.db, "BEGIN IMMEDIATE", NULL, NULL, NULL)
            if rc == SQLITE_OK:
                rc = self._insert_all(batch, total)
            if rc == SQLITE_OK:
                rc = sqlite3_exec(self.db, "COMMIT", NULL, NULL, NULL)
        if rc != SQLITE_OK and rc != SQLITE_DONE:
            self._fail(batch)
            if not sqlite3_get_autocommit(self.db):
                sqlite3_exec(self.db, "ROLLBACK", NULL, NULL, NULL)
            return
        self.commits += 1
        self.appends += requests

    cdef int _insert_all(self, Request* batch, long total) noexcept nogil:
        """All rows of ``batch``, :data:`ROWS` per statement (inside a transaction)."""
        cdef Request* request = batch
        cdef int row = 0, n, rc
        while total > 0:
            n = ROWS if total > ROWS else <int>total
            rc = self._insert(request, row, n)
            if rc != SQLITE_DONE:
                return rc
            total -= n
            # move the cursor n rows on
            while n > 0:
                if request.count - row > n:
                    row += n
                    n = 0
                else:
                    n -= request.count - row
                    request = request.next
                    row = 0
        return SQLITE_OK

    cdef int _insert(self, Request* request, int row, int n) noexcept nogil:
        """One INSERT of ``n`` rows, from row ``row`` of ``request`` on (running over into the next requests)."""
        cdef sqlite3_stmt* statement = self._statement(n)
        cdef int k = 1, i, rc
        if statement == NULL:
            return -1
        for i in range(n):
            while row >= request.count:
                request = request.next
                row = 0
            sqlite3_bind_text(statement, k, request.room, request.room_size, SQLITE_STATIC)
            sqlite3_bind_int64(statement, k + 1, request.rows[row].version)
            sqlite3_bind_blob(statement, k + 2, request.rows[row].data, request.rows[row].size, SQLITE_STATIC)
            k += 3
            row += 1
        rc = sqlite3_step(statement)
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        return rc

    cdef sqlite3_stmt* _statement(self, int n) noexcept nogil:
        """The prepared INSERT of ``n`` rows, prepared once."""
        cdef const char* head = "INSERT INTO events (room, version, data) VALUES "
        cdef size_t size
        cdef char* sql
        cdef char* at
        cdef int i
        if self.statements[n] != NULL:
            return self.statements[n]
        size = strlen(head) + <size_t>n * 8 + 1
        sql = <char*>malloc(size)
        if sql == NULL:
            return NULL
        memcpy(sql, head, strlen(head))
        at = sql + strlen(head)
        for i in range(n):
            memcpy(at, "(?,?,?),", 8)
            at += 8
        at[-1] = 0  # the last comma ends the text
        if sqlite3_prepare_v2(self.db, sql, -1, &self.statements[n], NULL) != SQLITE_OK:
            self.statements[n] = NULL
        free(sql)
        return self.statements[n]

    cdef void _fail(self, Request* batch) noexcept nogil:
        cdef const char* message = sqlite3_errmsg(self.db)
        cdef size_t size = strlen(message) + 1
        cdef Request* request = batch
        while request != NULL:
            request.failed = 1
            request.error = <char*>malloc(size)
            if request.error != NULL:
                memcpy(request.error, message, size)
            request = request.next


cdef class AppendDesk:
    """The event loop's side of the lane: which appends it takes, handing them over, and their answers.

    These were the embedded store's Python methods, and every move went
    through three of them (the store's ``append``, the choice between the
    lane and the Python writer, the hand-over) and back through a fourth
    (the answers): under load each Python frame on a move's path costs
    about a microsecond of cold memory (docs/benchmarks.md).  With the lane
    on, the store's ``append`` *is* :meth:`append` (set in its constructor),
    so a move's commit calls straight into this class.

    The rules are the store's (server/store/embedded.py, "The append lane"):
    the lane takes an append only when the lane is open on the caller's
    loop, nothing of the room is on the Python writer, and the append is at
    the version seen stored; an append of a room the lane is writing waits
    for that answer; everything else goes to the Python writer through the
    store's ``_to_writer``.  Its twin is the store's Python writer, which
    does all of this work when the lane was not built:
    tests/store/test_append_lane.py holds the two alike.
    """

    cdef object store, error
    cdef Appender appender
    #: The loop the lane answers on (the first append's) and the thread it runs on.
    cdef readonly object loop
    cdef unsigned long thread
    #: Whether the lane takes appends (False before it started, if it could not, and once it is stopping).
    cdef public bint open
    #: Whether the store is closed (every append is refused).
    cdef public bint closed
    #: Whether this turn of the event loop gave the lane appends, to wake it once at the turn's end.
    cdef bint due
    #: Rooms the lane is writing -> [the append's future, room, version once stored, the appends of the
    #: room that came meanwhile and wait for its answer]; the list is the lane's token for the append.
    cdef readonly dict rooms
    #: Each room's version seen stored, and its appends on the Python writer not yet answered.
    cdef readonly dict known, in_flight

    def __cinit__(self, store, error):
        self.store = store  # its version(), _start_lane() and _to_writer()
        self.error = error  # StoreError (passed in: server.store imports this module)
        self.rooms, self.known, self.in_flight = {}, {}, {}

    def attach(self, loop):
        """The lane answers on ``loop``, which runs on this thread."""
        self.loop, self.thread = loop, PyThread_get_thread_ident()

    def open_on(self, Appender appender):
        """The lane started: appends go to ``appender`` from now on."""
        self.appender, self.open = appender, True

    def append(self, room, records, expected_version, *, fence=None):
        """``EmbeddedStore.append`` with the lane on: its future, or the version when there is nothing to add."""
        if not records:
            return self.store.version(room)
        if self.closed:
            raise self.error("store is closed")
        loop = self.loop
        # The lane's loop is the caller's when it runs on this very thread (a thread runs one loop at a time).
        # Asked only otherwise: asyncio.get_running_loop makes a system call (getpid) each time on Python 3.11.
        if loop is None or self.thread != PyThread_get_thread_ident() or not loop.is_running():
            loop = asyncio.get_running_loop()
        if self.loop is None:
            self.store._start_lane(loop)
        future = loop.create_future()
        writing = self.rooms.get(room)
        if writing is not None:  # the lane is writing this room: this one waits for that answer
            (<list>(<list>writing)[3]).append((list(records), expected_version, future))
        else:
            self._dispatch(loop, room, list(records), expected_version, future)
        return future

    cdef _dispatch(self, loop, room, list records, expected, future):
        """Give one append to the lane or to the Python writer, never to both for one room at once.

        The lane takes it only when nothing of the room is in flight and it
        is at the version seen stored; else the Python writer, which checks
        the version against the file itself, in order.  So the two writers
        never race for a room's next version, and a conflict is a conflict.
        """
        in_flight = self.in_flight.get(room, 0)
        if (self.open and self.loop is loop and not in_flight and self.known.get(room) == expected
                and len(records) <= ROWS):
            token = [future, room, expected + len(records), []]
            self.rooms[room] = token
            self.appender._submit(token, room.encode(), expected + 1, records)
            if not self.due:  # one wake-up of the lane per turn of the loop, at its end (as the store's _hand)
                self.due = True
                loop.call_soon(self.wake)
            return
        self.in_flight[room] = in_flight + 1
        self.store._to_writer(loop, room, records, expected, future)

    def wake(self):
        """The turn's end: wake the lane for the appends it was given."""
        self.due = False
        self.appender._wake()

    def answers(self):
        """The lane committed (or failed) some appends: answer them, then pass on what waited behind them."""
        for token, error in self.appender.drain():
            future, room, version, behind = <list>token
            del self.rooms[room]
            if error is not None:  # its version is in doubt until the Python writer reads it from the file
                self.known.pop(room, None)
            elif version > self.known.get(room, -1):
                self.known[room] = version
            if not future.done():
                if error is None:
                    future.set_result(version)
                else:
                    future.set_exception(self.error(f"commit failed: {error}"))
            for records, expected, waiting in <list>behind:
                if waiting.done():
                    continue
                writing = self.rooms.get(room)
                if writing is not None:  # the one before went to the lane again
                    (<list>(<list>writing)[3]).append((records, expected, waiting))
                else:
                    self._dispatch(self.loop, room, records, expected, waiting)

    def settled(self, room, future):
        """An append on the Python writer was answered: one less of the room in flight, its version seen."""
        left = self.in_flight.get(room, 1) - 1
        if left > 0:
            self.in_flight[room] = left
        else:
            self.in_flight.pop(room, None)
        if future.cancelled() or future.exception() is not None:
            self.known.pop(room, None)
        else:
            version = future.result()
            if version > self.known.get(room, -1):
                self.known[room] = version
