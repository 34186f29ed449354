"""The class actor: one class session, one change at a time.

Like a room actor, it is the only writer of its log: every change is
decided against the class's state, appended to the store at the class's
version (nothing is adopted before it is stored), then folded in.  Changes
are taken one at a time under a lock, so two teacher tabs or thirty
students joining at once never interleave.

Its tables are ordinary rooms created through the hub; the actor is their
host (``server.classroom.tablehost``): it seats the students, chooses the
game, fills short tables with bots and starts them, ends them.  Students
reach their table with a seat token derived from the class secret, so a
phone that reloads, or a hub that restarts, finds the same seat again.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from server.classroom import options as class_options
from server.classroom import seating
from server.classroom.codes import ClassCode
from server.classroom.state import (
    AttemptRejected,
    Class,
    ClassClosed,
    ClassPaused,
    HintGiven,
    OptionsChanged,
    StudentJoined,
    StudentMoved,
    StudentRemoved,
    StudentRenamed,
    StudentSeated,
    Table,
    TableClosed,
    TableOpened,
    evolve,
)
from server.classroom.store import append_events
from server.classroom.tablehost import TableHost, TableRefused, seat_token
from server.inbox import BotTurn
from server.lobby import AddBot, CloseRoom, Lock, SeatPlayer, SelectGame, Start
from server.logs import event as log_event
from server.names import NAME_MAX, BadName, clean_name, same_name
from server.room import RoomActor
from server.roomstate import Room
from server.store.base import Fenced
from server.tokens import matches, new_token, token_hash

if TYPE_CHECKING:
    from server.hub import Hub

#: At most this many students in one class.
MAX_STUDENTS = 60


class ClassRejected(Exception):
    """The class refused a request: ``code``, what its sentence needs (``params``), an English ``message``.

    The pages render the refusal from ``code`` and ``params`` in their own
    language; ``message`` is for logs and curl.  ``code`` must be a member of
    the closed :class:`ClassCode` enum, so the set the catalogues cover stays closed.
    """

    def __init__(
        self, code: ClassCode, message: str, *, status: int = 400, params: Mapping[str, str | int] | None = None
    ) -> None:
        if not isinstance(code, ClassCode):
            raise TypeError(f"a class refusal needs a ClassCode, not {code!r}")
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.params = dict(params) if params else None

    def answer(self) -> dict[str, Any]:
        """The JSON body of the refusal (``params`` only when the sentence needs some)."""
        body: dict[str, Any] = {"error": self.code.value, "message": self.message}
        if self.params:
            body["params"] = self.params
        return body


class ClassMoved(ClassRejected):
    """This hub no longer owns the class (cluster mode): the request goes to the new owner."""

    def __init__(self) -> None:
        super().__init__(ClassCode.MOVED, "the class moved to another server; try again", status=503)


class ClassActor:
    """One class session's only writer (see the module docstring).

    In cluster mode (``server.cluster.classes``) the actor holds the class's
    lease: ``fence`` is its token, passed to every append, and a refused
    append (``Fenced``: another hub took the class over) calls ``on_fenced``
    and raises :class:`ClassMoved`, so the request is routed to the new owner.
    ``clustered`` also lets it read tables whose rooms run on other hubs.
    """

    def __init__(
        self,
        klass: Class,
        hub: Hub,
        *,
        fence: int | None = None,
        on_fenced: Callable[[ClassActor], None] | None = None,
    ) -> None:
        self.klass = klass
        self.hub = hub
        self.fence = fence
        self.on_fenced = on_fenced
        self.clustered = fence is not None
        #: Set when this hub lost (or handed over) the class: it writes nothing more.
        self.lost = False
        self._lock = asyncio.Lock()
        #: Hints given but not yet in the class log, by (table, student): counted against the limit at once.
        self.hints_pending: dict[tuple[int, int], int] = {}

    # --- what the tables' rooms report (through ``Classes``, the hub's room observer) ----

    def student_at(self, table: Table, room: Room, player: int) -> int | None:
        """The student playing room player ``player`` at ``table`` (None: a bot, or not a student)."""
        seated = room.player(player)
        if seated is None or seated.token_hash is None:
            return None
        for student in table.students:
            if token_hash(seat_token(self.klass.secret, table.room, student)) == seated.token_hash:
                return student
        return None

    def hint_refusal(self, table: Table, student: int) -> str | None:
        """Why ``student`` gets no hint now (the class's hint option), or None."""
        limit = table.options.get("hints", "unlimited")
        if limit == "off":
            return "your teacher has turned hints off"
        key = (table.number, student)
        if isinstance(limit, int) and self.klass.hints.get(key, 0) + self.hints_pending.get(key, 0) >= limit:
            return f"no hints left: {limit} per game"
        return None

    async def record(self, event: AttemptRejected | HintGiven) -> None:
        """Store a rejected attempt or a hint in the class log (reports read them from there)."""
        async with self._lock:
            try:
                await self._commit([event])
            except ClassMoved:  # another hub owns the class now: this one may not write it
                log_event(logging.WARNING, "class record dropped", klass=self.klass.code, kind=type(event).__name__)
            finally:
                if isinstance(event, HintGiven):
                    key = (event.table, event.student)
                    self.hints_pending[key] = self.hints_pending.get(key, 1) - 1

    # --- storing ------------------------------------------------------------------

    async def _commit(self, events: list[Any]) -> None:
        """Store ``events`` at the class's version, then fold them in."""
        if not events:
            return
        if self.lost:
            raise ClassMoved()
        log_id = self.klass.id or events[0].id  # a new class: its ClassOpened names the log
        try:
            await append_events(self.hub.store, log_id, events, self.klass.version, self.fence)
        except Fenced:
            self.lost = True
            if self.on_fenced is not None:
                self.on_fenced(self)
            raise ClassMoved() from None
        klass = self.klass
        for event in events:
            klass = evolve(klass, event)
        self.klass = klass

    def _check_open(self) -> None:
        if self.klass.closed is not None:
            raise ClassRejected(ClassCode.CLOSED, "this class has ended", status=410)

    # --- students -----------------------------------------------------------------

    async def join(self, name: str) -> tuple[int, str]:
        """A student joins by name: their id and the token that brings them back."""
        async with self._lock:
            self._check_open()
            try:
                name = clean_name(name)
            except BadName as exc:
                raise ClassRejected(ClassCode.BAD_NAME, str(exc), params={"max": NAME_MAX}) from None
            if any(same_name(s.name, name) for s in self.klass.students):
                raise ClassRejected(
                    ClassCode.NAME_TAKEN, f"someone in this class is already called {name}", status=409, params={"name": name}
                )
            if len(self.klass.students) >= MAX_STUDENTS:
                raise ClassRejected(
                    ClassCode.FULL, f"at most {MAX_STUDENTS} students", status=409, params={"max": MAX_STUDENTS}
                )
            token = new_token()
            student = self.klass.next_student
            await self._commit([StudentJoined(student=student, name=name, token_hash=token_hash(token))])
            await self._seat_late(student)
            return student, token

    async def _seat_late(self, student: int) -> None:
        """A student joining after the deal sits at once at a table with a free seat whose game has not
        started or is over (``seating.late_seat``); otherwise they wait for the next deal."""
        open_now = []
        for table in self.klass.open_tables():
            actor = await self.table_actor(table)
            if actor is not None and actor.room.phase(self.hub.games) in ("lobby", "finished"):
                present = sum(1 for s in table.students if self.klass.student(s) is not None)
                open_now.append((table.number, present, actor))
        number = seating.late_seat(
            [(n, present) for n, present, _ in open_now], int(self.klass.options["table_size"]), most=self._most()
        )
        if number is None:
            return
        table = next(t for t in self.klass.tables if t.number == number)
        actor = next(a for n, _, a in open_now if n == number)
        me = self.klass.student(student)
        assert me is not None
        try:
            await TableHost(actor).do(SeatPlayer(me.name, token_hash(seat_token(self.klass.secret, table.room, student))))
        except (TimeoutError, TableRefused) as exc:  # the room changed meanwhile: wait for the next deal
            log_event(logging.WARNING, "late student not seated", klass=self.klass.code, error=str(exc))
            return
        await self._commit([StudentSeated(student=student, table=number)])

    def _most(self) -> int:
        """The most players the class's game takes at one table."""
        return int(self.hub.games[self.klass.options["game"]].max_players)

    def student_for(self, token: str | None) -> int:
        """The student a token belongs to (``class/bad_token`` otherwise)."""
        for student in self.klass.students:
            if matches(token, student.token_hash):
                return student.id
        raise ClassRejected(
            ClassCode.BAD_TOKEN, "that class token is not valid here (removed from the class?)", status=403
        )

    async def seat_of(self, student: int) -> dict[str, Any]:
        """Where a student plays now: their table's room code and seat token, or waiting."""
        me = self.klass.student(student)
        table = self.klass.table_of(student)
        if me is None:
            raise ClassRejected(ClassCode.BAD_TOKEN, "you are no longer in this class", status=403)
        out: dict[str, Any] = {
            "class": self.klass.code,
            "student": student,
            "name": me.name,
            "paused": self.klass.paused,
        }
        if table is None or await self.table_actor(table) is None:
            # Why they wait: alone in the class (a table needs a classmate), or for the next game.
            alone = len(self.klass.students) < seating.FEWEST
            waiting = "classmate" if alone and self.klass.closed is None else "next_game"
            return {**out, "table": None, "room": None, "seat_token": None, "waiting": waiting}
        return {
            **out,
            "waiting": None,
            "table": table.number,
            "room": table.code,
            "seat_token": seat_token(self.klass.secret, table.room, student),
        }

    async def rename(self, student: int, name: str) -> None:
        async with self._lock:
            self._check_open()
            try:
                name = clean_name(name)
            except BadName as exc:
                raise ClassRejected(ClassCode.BAD_NAME, str(exc), params={"max": NAME_MAX}) from None
            self._student(student)
            if any(same_name(s.name, name) and s.id != student for s in self.klass.students):
                raise ClassRejected(
                    ClassCode.NAME_TAKEN, f"someone in this class is already called {name}", status=409, params={"name": name}
                )
            await self._commit([StudentRenamed(student=student, name=name)])

    async def remove(self, student: int) -> None:
        async with self._lock:
            self._check_open()
            self._student(student)
            await self._commit([StudentRemoved(student=student)])

    async def move(self, student: int, table: int) -> None:
        """Seat ``student`` at table index ``table`` (0-based) from the next deal; -1 lets the seating choose."""
        async with self._lock:
            self._check_open()
            self._student(student)
            if table < -1 or table >= seating_limit(len(self.klass.students)):
                raise ClassRejected(ClassCode.UNKNOWN_TABLE, "no such table")
            await self._commit([StudentMoved(student=student, table=table)])

    def _student(self, student: int) -> None:
        if self.klass.student(student) is None:
            raise ClassRejected(ClassCode.UNKNOWN_STUDENT, "no such student", status=404)

    # --- the teacher's controls ---------------------------------------------------

    async def set_options(self, changes: Mapping[str, Any], table: int | None = None) -> None:
        """Change options from the next game on, for every table or one."""
        async with self._lock:
            self._check_open()
            try:
                clean = class_options.check(changes, self.hub.games)
            except class_options.BadOptions as exc:
                raise ClassRejected(ClassCode.BAD_OPTIONS, str(exc)) from None
            if table is not None:
                if not any(t.number == table for t in self.klass.tables):
                    raise ClassRejected(ClassCode.UNKNOWN_TABLE, "no such table", status=404)
                if set(clean) - set(class_options.GAME_KEYS):
                    raise ClassRejected(
                        ClassCode.BAD_OPTIONS, "one table changes only its game options (level, dots, reaction)"
                    )
            await self._commit([OptionsChanged(options=clean, table=table)])

    async def start_all(self) -> list[Table]:
        """A new deal: end the tables still open, seat every student in balanced tables and start them."""
        async with self._lock:
            self._check_open()
            await self._end_tables(self.klass.open_tables())
            klass = self.klass
            ids = [s.id for s in klass.students]
            wishes = {s.id: s.wish for s in klass.students if s.wish is not None}
            groups = seating.balanced(ids, int(klass.options["table_size"]), most=self._most(), wishes=wishes)
            if not groups:
                raise ClassRejected(
                    ClassCode.NO_STUDENTS, "at least two students are needed to start: nobody plays alone", status=409
                )
            # Per-table options belong to the table's place in the deal (numbers are new each deal).
            carried = [dict(klass.place_options(place)) for place in range(len(groups))]
            opened = []
            for place, group in enumerate(groups):
                number = len(self.klass.tables) + 1
                if carried[place]:
                    await self._commit([OptionsChanged(options=carried[place], table=number)])
                opened.append(await self._open_table(tuple(group), number, place))
            return opened

    async def pause(self, paused: bool) -> None:
        """Pause every table (moves refused, bots wait) or resume them."""
        async with self._lock:
            self._check_open()
            if paused == self.klass.paused:
                return
            await self._commit([ClassPaused(paused=paused)])
            if not paused:  # bots that found their table paused wait for a nudge
                for table in self.klass.open_tables():
                    actor = await self.table_actor(table)
                    if actor is not None:
                        actor.post(BotTurn())

    async def end_all(self) -> None:
        async with self._lock:
            await self._end_tables(self.klass.open_tables())

    async def restart(self, number: int) -> Table:
        """End table ``number`` and open a fresh one with the same students (and that table's new options)."""
        async with self._lock:
            self._check_open()
            table = next((t for t in self.klass.open_tables() if t.number == number), None)
            if table is None:
                raise ClassRejected(ClassCode.UNKNOWN_TABLE, "no such open table", status=404)
            present = tuple(s for s in table.students if self.klass.student(s) is not None)
            # Students waiting for the next game fill the table's free seats (up to the chosen size).
            waiting = [s.id for s in self.klass.students if self.klass.table_of(s.id) is None]
            free = max(0, min(int(self.klass.options["table_size"]), self._most()) - len(present))
            present += tuple(waiting[:free])
            if len(present) < seating.FEWEST:
                raise ClassRejected(
                    ClassCode.NO_STUDENTS,
                    "a table needs at least two students: use Start all to seat them again",
                    status=409,
                )
            await self._end_tables([table])
            options = self.klass.table_options.get(number)
            fresh = len(self.klass.tables) + 1
            if options:  # the table's own options (its level for the next game) follow it to its new number
                await self._commit([OptionsChanged(options=dict(options), table=fresh)])
            return await self._open_table(present, fresh, table.place)

    async def close(self, reason: str = "teacher", *, at: int = 0) -> None:
        """End the class at ``at`` (unix seconds, the hub's clock): its retention counts from then."""
        async with self._lock:
            if self.klass.closed is not None:
                return
            await self._end_tables(self.klass.open_tables())
            await self._commit([ClassClosed(reason=reason, at=at)])

    # --- tables -------------------------------------------------------------------

    async def table_actor(self, table: Table) -> RoomActor | None:
        """The actor running ``table``'s room on this hub, if it still runs.

        After a restart a cluster hub adopts rooms lazily: finding the room
        by its code takes it over when nobody else holds it.  A table whose
        room another node owns is not run from here (None).
        """
        actor = self.hub.rooms.get(table.room)
        if actor is None and table.open:
            found = await self.hub.find(table.code)
            actor = found if isinstance(found, RoomActor) else None
        return actor if actor is not None and actor.room.closed is None else None

    async def _open_table(self, students: tuple[int, ...], number: int, place: int) -> Table:
        """Create a room for ``students``, seat them, fill it with bots if allowed, start its game."""
        opts = self.klass.options_for(number)
        game = self.hub.games[opts["game"]]
        room = await self.hub.create_room(token_hash(new_token()))  # no one holds this room's host token
        host = TableHost(room)
        try:
            await host.do(Lock(True))
            for student in students:
                me = self.klass.student(student)
                assert me is not None
                await host.do(SeatPlayer(me.name, token_hash(seat_token(self.klass.secret, room.room.id, student))))
            await host.do(SelectGame(game.id, class_options.room_options(opts, game)))
            if opts["bots"]:
                for _ in range(max(0, game.min_players - len(students))):
                    await host.do(AddBot(None))
            await self._commit(
                [TableOpened(table=number, room=room.room.id, code=room.room.code, students=students, place=place)]
            )
            await host.do(Start())
        except TableRefused as exc:
            log_event(
                logging.WARNING, "class table refused", klass=self.klass.code, room=room.room.code, error=str(exc)
            )
            raise ClassRejected(ClassCode.TABLE, f"the table could not start: {exc.message}", status=409) from None
        return next(t for t in self.klass.tables if t.number == number)

    async def _end_tables(self, tables: Any) -> None:
        keep = int(self.klass.options["retention_days"]) * 86_400
        for table in list(tables):
            self.hub.keep[table.room] = keep  # the table's log is kept as long as the class's reports
            actor = await self.table_actor(table)
            if actor is not None:
                try:
                    await TableHost(actor).do(CloseRoom())
                except (TimeoutError, TableRefused) as exc:
                    log_event(logging.WARNING, "class table did not close", klass=self.klass.code, error=str(exc))
            elif self.clustered and table.open:  # its room runs on another hub: closed there, fenced like any close
                try:
                    await self.hub.admin_rooms.close(table.code)  # type: ignore[attr-defined]
                except Exception as exc:
                    log_event(logging.WARNING, "class table did not close", klass=self.klass.code, error=str(exc))
            await self._commit([TableClosed(table=table.number)])


def seating_limit(students: int) -> int:
    """How many tables a class of ``students`` can have (a moved student's table index must be below it)."""
    return max(1, students // 2)


def new_secret() -> str:
    return secrets.token_hex(16)
