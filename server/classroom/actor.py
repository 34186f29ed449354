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
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from protocol.errors import ErrorCode
from server.classroom import options as class_options
from server.classroom import seating
from server.classroom.codes import ClassCode
from server.classroom.reports import Reports
from server.classroom.state import (
    IDLE_END_SECONDS,
    AttemptRejected,
    Class,
    ClassClosed,
    ClassPaused,
    HandoverCodeIssued,
    HintGiven,
    LevelChanged,
    OptionsChanged,
    StudentDeviceChanged,
    StudentJoined,
    StudentMoved,
    StudentRemoved,
    StudentRenamed,
    StudentSeated,
    Table,
    TableClosed,
    TableOpened,
    TimesNoted,
    evolve,
)
from server.classroom.store import append_events
from server.classroom.tablehost import TableHost, TableRefused, seat_hashes, seat_token
from server.inbox import PauseChanged
from server.lobby import (
    AddBot,
    CloseRoom,
    Lock,
    MoveSeatToDevice,
    PlayTurn,
    RemovePlayer,
    RenamePlayer,
    SeatPlayer,
    SelectGame,
    SetTurnTimer,
    Start,
)
from server.logs import event as log_event
from server.names import BadName, clean_name, same_name
from server.room import RoomActor, load_room
from server.roomstate import Room
from server.store.base import Fenced
from server.tokens import (
    OWN_TOKEN_RULE,
    matches,
    new_reclaim_code,
    new_token,
    normal_reclaim_code,
    own_token,
    token_hash,
)

if TYPE_CHECKING:
    from server.hub import Hub

#: At most this many students in one class.
MAX_STUDENTS = 60
#: How long a student's personal code (a new device takes their seat with it) works, in seconds.
HANDOVER_SECONDS = 600


class HintRefusal(str):
    """Why a student gets no hint (the English sentence), with the error ``code`` the room answers with."""

    code: ErrorCode

    def __new__(cls, text: str, code: ErrorCode) -> HintRefusal:
        made = super().__new__(cls, text)
        made.code = code
        return made


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
        #: More fields of the answer (a taken name's ``request``: see ``ClassActor.join``).
        self.extra: dict[str, Any] = {}

    def answer(self) -> dict[str, Any]:
        """The JSON body of the refusal (``params`` only when the sentence needs some)."""
        body: dict[str, Any] = {"error": self.code.value, "message": self.message, **self.extra}
        if self.params:
            body["params"] = self.params
        return body


class ClassMoved(ClassRejected):
    """This hub no longer owns the class (cluster mode): the request goes to the new owner."""

    def __init__(self) -> None:
        super().__init__(ClassCode.MOVED, "the class moved to another server; try again", status=503)


@attrs.define
class DeviceRequest:
    """A device that typed a name already in the class and waits for the teacher to hand it that seat.

    ``check`` is two digits the device shows and the teacher's screen shows
    beside the student: anyone with the class code can type a classmate's
    name, so the teacher hands the seat over only once the student's own
    device shows the same number.
    """

    student: int
    expires: int  # unix seconds
    check: str
    #: The class token, once the teacher handed the seat over (given to the device once).
    token: str | None = None


def device_check() -> str:
    """A new request's check number: two digits, 10 to 99 (a classmate's request shows another, 89 times in 90)."""
    return str(10 + secrets.randbelow(90))


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
        #: A new device's request for a student's seat, by its secret (one per student: the newest).
        #: In memory only: a request lasts minutes, and a device whose request a restart lost asks again.
        self.requests: dict[str, DeviceRequest] = {}
        self._reports: Reports | None = None
        #: When the tables' times were last written to the class log (unix ms).
        self.flushed_ms = 0
        #: When this hub last stored one of the class's events (unix seconds); a class whose log holds no
        #: time (opened before classes ended by themselves) counts from when this hub loaded it.
        self.touched_at = klass.used_at or int(time.time())
        #: When the class last resumed, by the tables' clock (``Classes.times``, ms); None: not since this hub
        #: loaded it.  "Needs help" counts a student idle from then at the earliest: a pause is not theirs.
        self.resumed_ms: int | None = None

    @property
    def reports(self) -> Reports:
        """The class's reports (each table's analysis kept between calls), timed by the hub's ``Classes.times``."""
        if self._reports is None:
            times = getattr(self.hub.shared.observer, "times", None)
            self._reports = Reports(self.hub.store, self.hub.games, times=times)
        return self._reports

    # --- dot levels from the report (issue 25) -------------------------------------------

    async def apply_levels(self, label: int | None, *, by: str, now: int) -> list[dict[str, Any]]:
        """Apply the report's suggested dots to table ``label`` (the number the teacher sees), or to every open
        table whose suggestion changes something: from each table's next game.  What changed is logged
        (``LevelChanged``) with the reasons, and the report lists it."""
        if label is not None:
            self._open_table_labelled(label)
        report = await self.reports.build(self.klass)
        applied = []
        async with self._lock:
            self._check_open()
            for level in report["levels"]:
                if (label is not None and level["table"] != label) or level["suggested"] == level["next"]:
                    continue
                if level["change"] == "same" and (label is None or by == "auto"):
                    continue
                table = self._open_table_labelled(level["table"])
                after = tuple(level["suggested"])
                before = tuple(level["next"])
                await self._commit(
                    [
                        OptionsChanged(options={"dots": list(after)}, table=table.number),
                        LevelChanged(
                            table=table.label,
                            before=before,
                            after=after,
                            by=by,
                            reasons=tuple(level["reasons"]),
                            at=now,
                        ),
                    ]
                )
                applied.append({"table": table.label, "from": list(before), "to": list(after)})
        return applied

    async def flush_times(self) -> None:
        """Keep in the class log when its tables' versions were stored (``TimesNoted``), so a restarted hub's
        report still gives every record's time."""
        async with self._lock:
            if self.klass.closed is None:
                await self._flush_times()

    async def _flush_times(self) -> None:
        times = getattr(self.hub.shared.observer, "times", None)
        if times is None:
            return
        self.flushed_ms = int(time.time() * 1000)
        events = []
        for table in self.klass.tables:
            pending = times.pending(table.room)
            if pending is not None:
                events.append(TimesNoted(table.room, *pending))
        try:
            await self._commit(events)
        except ClassMoved:
            return
        for event in events:
            times.kept(event.room, len(event.ends))

    async def _adapt_levels(self) -> None:
        """``adapt_levels``: every open table's suggestion, applied before its next game is dealt."""
        if not self.klass.options.get("adapt_levels"):
            return
        try:
            await self.apply_levels(None, by="auto", now=int(time.time()))
        except ClassRejected:
            pass

    # --- what the tables' rooms report (through ``Classes``, the hub's room observer) ----

    def student_at(self, table: Table, room: Room, player: int) -> int | None:
        """The student playing room player ``player`` at ``table`` (None: a bot, or not a student)."""
        seated = room.player(player)
        if seated is None or seated.token_hash is None:
            return None
        known = (seated.token_hash, *getattr(seated, "moved_hashes", ()))
        for student in table.students:
            me = self.klass.student(student)
            device = me.device if me is not None else 0
            if any(h in known for h in seat_hashes(self.klass.secret, table.room, student, device)):
                return student
        return None

    def seat_hash(self, table: Table, student: int) -> str:
        """The hash of ``student``'s seat token at ``table`` on their current device."""
        me = self.klass.student(student)
        return token_hash(seat_token(self.klass.secret, table.room, student, me.device if me is not None else 0))

    def hints_left(self, table: Table, student: int) -> tuple[int | None, bool]:
        """(hints left this game or None: no limit, hints off) for ``student`` at ``table``."""
        limit = table.options.get("hints", "unlimited")
        if limit == "off":
            return 0, True
        if not isinstance(limit, int):
            return None, False
        key = (table.number, student)
        return max(0, limit - self.klass.hints.get(key, 0) - self.hints_pending.get(key, 0)), False

    def hint_refusal(self, table: Table, student: int) -> str | None:
        """Why ``student`` gets no hint now (the class's hint option), or None.

        The refusal carries its own error code (``hint/off``, ``hint/none_left``),
        so the phone says exactly that, never "try again in a moment".
        """
        left, off = self.hints_left(table, student)
        if off:
            return HintRefusal("your teacher has turned hints off", ErrorCode.HINT_OFF)
        if left is not None and left <= 0:
            limit = table.options.get("hints")
            return HintRefusal(f"no hints left: {limit} per game", ErrorCode.HINT_NONE_LEFT)
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
        self.touched_at = int(time.time())

    def idle_ends_at(self) -> int | None:
        """When the class ends by itself if nobody uses it until then (unix seconds); None once it has ended."""
        if self.klass.closed is not None:
            return None
        return max(self.klass.used_at, self.touched_at) + IDLE_END_SECONDS

    def _check_open(self) -> None:
        if self.klass.closed is not None:
            raise ClassRejected(ClassCode.CLOSED, "this class has ended", status=410)

    # --- students -----------------------------------------------------------------

    async def join(
        self, name: str, code: str | None = None, *, now: int = 0, token: str | None = None
    ) -> tuple[int, str | None, bool]:
        """A student joins by name: their id, the token that brings them back (None: the device's own), and
        whether this was the same join again (nothing made: its answer was lost, the HTTP answer is 200).

        A name already in the class is refused (``class/name_taken``) unless
        ``code`` is that student's personal code, shown on the teacher's
        device: then this device becomes theirs (:meth:`_move_device`), the
        same student as before, and the old device's tokens stop working;
        or unless ``token`` is that student's token: the device made it for
        the join, whose answer it never got (a school network dropped it),
        and it asks again (the token wins over the name, as in a room's
        hello).  A device's own ``token`` is kept for a new student instead
        of one made here (``tokens.own_token``).
        """
        if token is not None and not own_token(token):
            raise ClassRejected(ClassCode.BAD_REQUEST, OWN_TOKEN_RULE)
        async with self._lock:
            self._check_open()
            try:
                name = clean_name(name)
            except BadName as exc:
                raise ClassRejected(ClassCode.BAD_NAME, str(exc), params=exc.params) from None
            if token is not None:  # the same join again (its answer lost): the token it made is a student's
                mine = next((s for s in self.klass.students if matches(token, s.token_hash)), None)
                if mine is not None:
                    return mine.id, None, True
            same = next((s for s in self.klass.students if same_name(s.name, name)), None)
            if same is not None and code:
                typed = normal_reclaim_code(code)
                if same.handover_hash is None or now >= same.handover_expires or not matches(typed, same.handover_hash):
                    raise ClassRejected(
                        ClassCode.BAD_HANDOVER_CODE,
                        "that code is not (or no longer) valid: ask your teacher",
                        status=403,
                    )
                # the device's own token, when it made one, so this join sent again is this student again
                moved = await self._move_device(same.id, token)
                return same.id, None if token is not None else moved, False
            if same is not None:
                taken = ClassRejected(
                    ClassCode.NAME_TAKEN,
                    f"someone in this class is already called {name}",
                    status=409,
                    params={"name": name},
                )
                # This may be the student on a new device: the teacher can hand the seat to it from the
                # teacher's own screen.  The device waits on its request's secret (one per student: the newest).
                secret = new_token()
                self.requests = {k: v for k, v in self.requests.items() if v.student != same.id and v.expires > now}
                asked = self.requests[secret] = DeviceRequest(same.id, now + HANDOVER_SECONDS, device_check())
                taken.extra = {"request": secret, "check": asked.check}
                raise taken
            if len(self.klass.students) >= MAX_STUDENTS:
                raise ClassRejected(
                    ClassCode.FULL, f"at most {MAX_STUDENTS} students", status=409, params={"max": MAX_STUDENTS}
                )
            secret = token if token is not None else new_token()
            student = self.klass.next_student
            await self._commit([StudentJoined(student=student, name=name, token_hash=token_hash(secret))])
            await self._seat_late(student)
            return student, None if token is not None else secret, False

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
            await TableHost(actor).do(SeatPlayer(me.name, self.seat_hash(table, student)))
        except (TimeoutError, TableRefused) as exc:  # the room changed meanwhile: wait for the next deal
            log_event(logging.WARNING, "late student not seated", klass=self.klass.code, error=str(exc))
            return
        await self._commit([StudentSeated(student=student, table=number)])

    def _most(self) -> int:
        """The most players one table takes: the game's limit, or fewer when the cards cannot deal more
        (the class's options and every table's own, whichever deals the fewest)."""
        game = self.hub.games[self.klass.options["game"]]
        chosen = [self.klass.options, *(self.klass.options_for(n) for n in self.klass.table_options)]
        return min(class_options.most_dealt(options, game) for options in chosen)

    async def handover_code(self, student: int, *, now: int) -> str:
        """A new personal code for ``student`` (one use, :data:`HANDOVER_SECONDS`), shown on the teacher's device only.

        Asking again replaces the code before (only the newest works).
        """
        async with self._lock:
            self._check_open()
            self._student(student)
            code = new_reclaim_code()
            await self._commit(
                [HandoverCodeIssued(student=student, code_hash=token_hash(code), expires=now + HANDOVER_SECONDS)]
            )
            return code

    def asks_new_device(self, student: int, now: int) -> str | None:
        """The check number of the device waiting for ``student``'s seat (what its screen shows), or None."""
        asked = next((v for v in self.requests.values() if v.student == student and v.expires > now and v.token is None), None)
        return asked.check if asked is not None else None

    async def hand_over(self, student: int, *, now: int, check: str | None = None) -> None:
        """The teacher hands ``student``'s seat to the device that asked for it (``class/bad_handover_code``: none
        asks, or ``check`` is not the number that device shows: another device asked since the teacher looked)."""
        async with self._lock:
            self._check_open()
            self._student(student)
            secret = next(
                (k for k, v in self.requests.items() if v.student == student and v.expires > now and v.token is None),
                None,
            )
            if secret is None:
                raise ClassRejected(
                    ClassCode.BAD_HANDOVER_CODE, "no new device is asking for this student's seat", status=409
                )
            if check is not None and check != self.requests[secret].check:
                raise ClassRejected(
                    ClassCode.BAD_HANDOVER_CODE,
                    "the device asking now shows another number: check the student's screen again",
                    status=409,
                )
            token = await self._move_device(student)
            self.requests[secret] = DeviceRequest(student, now + HANDOVER_SECONDS, self.requests[secret].check, token)

    def request_answer(self, secret: str | None, now: int) -> tuple[int, str] | None:
        """A waiting device's request: (student, class token) once handed over (given once), None while waiting."""
        found = self.requests.get(secret or "")
        if found is None or found.expires <= now:
            raise ClassRejected(
                ClassCode.BAD_HANDOVER_CODE, "that request is not (or no longer) waiting: join again", status=404
            )
        if found.token is None:
            return None
        del self.requests[secret or ""]
        return found.student, found.token

    async def _move_device(self, student: int, own: str | None = None) -> str:
        """``student`` plays on a new device from now: its class token (``own``, the one the device made, else a
        new one), and their table hears of it.

        Their seat at an open table moves with the room's own hand-over
        (``MoveSeatToDevice``, announced there as ``seat_moved`` by the
        teacher), so the table's log says who holds the seat, the old
        device is told its seat moved, and the reports (which know every
        seat token the student had) still count one student.  Called under the lock.
        """
        me = self.klass.student(student)
        assert me is not None
        table = self.klass.table_of(student)
        old_hash = self.seat_hash(table, student) if table is not None else None
        token = own if own is not None else new_token()
        await self._commit([StudentDeviceChanged(student=student, token_hash=token_hash(token), device=me.device + 1)])
        if table is not None and old_hash is not None:
            actor = await self.table_actor(table)
            player = next((p for p in actor.room.players if p.token_hash == old_hash), None) if actor else None
            if actor is not None and player is not None:
                try:
                    await TableHost(actor).do(MoveSeatToDevice(player.id, self.seat_hash(table, student), by="teacher"))
                except (TimeoutError, TableRefused) as exc:
                    log_event(logging.WARNING, "seat hand-over refused", klass=self.klass.code, error=str(exc))
        log_event(logging.INFO, "student on a new device", klass=self.klass.code, student=student)
        return token

    def student_for(self, token: str | None) -> int:
        """The student a token belongs to (``class/seat_moved`` for a device they left, ``class/bad_token`` otherwise)."""
        for student in self.klass.students:
            if matches(token, student.token_hash):
                return student.id
        for student in self.klass.students:
            if any(matches(token, old) for old in student.old_hashes):
                raise ClassRejected(
                    ClassCode.SEAT_MOVED,
                    f"{student.name}'s seat moved to another device",
                    status=403,
                    params={"name": student.name},
                )
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
            "closed": self.klass.closed is not None,
        }
        if table is None or await self.table_actor(table) is None:
            # Why they wait: alone in the class (a table needs a classmate), or for the next game;
            # for nothing once the class has ended.
            alone = len(self.klass.students) < seating.FEWEST
            waiting = None if self.klass.closed is not None else "classmate" if alone else "next_game"
            return {**out, "table": None, "room": None, "seat_token": None, "waiting": waiting}
        return {
            **out,
            "waiting": None,
            "table": table.label,
            "room": table.code,
            "seat_token": seat_token(self.klass.secret, table.room, student, me.device),
        }

    async def rename(self, student: int, name: str) -> None:
        async with self._lock:
            self._check_open()
            try:
                name = clean_name(name)
            except BadName as exc:
                raise ClassRejected(ClassCode.BAD_NAME, str(exc), params=exc.params) from None
            self._student(student)
            if any(same_name(s.name, name) and s.id != student for s in self.klass.students):
                raise ClassRejected(
                    ClassCode.NAME_TAKEN,
                    f"someone in this class is already called {name}",
                    status=409,
                    params={"name": name},
                )
            await self._commit([StudentRenamed(student=student, name=name)])
            # their table shows the new name at once, a game in progress included (on the projector too)
            table = self.klass.table_of(student)
            actor = await self.table_actor(table) if table is not None else None
            seat = self.seat_hash(table, student) if table is not None else None
            player = next((p for p in actor.room.players if p.token_hash == seat), None) if actor else None
            if actor is not None and player is not None:
                try:
                    await TableHost(actor).do(RenamePlayer(player.id, name))
                except (TimeoutError, TableRefused) as exc:
                    log_event(logging.WARNING, "renamed student kept their old name at the table", klass=self.klass.code, error=str(exc))

    async def remove(self, student: int) -> None:
        """Take ``student`` off the roster, and off their table at once: a bot takes the seat, the game goes on.

        The table's room removes the player (``RemovePlayer``: mid-game a bot
        plays the seat to the end; in the lobby the seat is freed), so a
        student who left never holds their table up.
        """
        async with self._lock:
            self._check_open()
            self._student(student)
            table = self.klass.table_of(student)
            seat = self.seat_hash(table, student) if table is not None else None
            await self._commit([StudentRemoved(student=student)])
            actor = await self.table_actor(table) if table is not None else None
            player = next((p for p in actor.room.players if p.token_hash == seat), None) if actor else None
            if actor is not None and player is not None:
                try:
                    await TableHost(actor).do(RemovePlayer(player.id))
                except (TimeoutError, TableRefused) as exc:
                    log_event(logging.WARNING, "removed student kept their seat", klass=self.klass.code, error=str(exc))

    async def play_turn(self, student: int) -> None:
        """A bot plays ``student``'s turn once, now: the teacher's answer to a student who does not move.

        Refused ``class/not_their_turn`` when their table waits for someone
        else, or plays no game.  The move is the bot's in the report
        (``DefaultMovePlayed``), like the turn timer's.
        """
        async with self._lock:
            self._check_open()
            self._student(student)
            if self.klass.paused:
                raise ClassRejected(ClassCode.NOT_THEIR_TURN, "the class is paused: resume it first", status=409)
            table = self.klass.table_of(student)
            actor = await self.table_actor(table) if table is not None else None
            seat = self.seat_hash(table, student) if table is not None else None
            player = next((p for p in actor.room.players if p.token_hash == seat), None) if actor else None
            if actor is None or player is None:
                raise ClassRejected(ClassCode.NOT_THEIR_TURN, "this student is not playing at a table now", status=409)
            try:
                await TableHost(actor).do(PlayTurn(player.id))
            except TableRefused as exc:
                raise ClassRejected(ClassCode.NOT_THEIR_TURN, "it is not this student's turn now", status=409) from exc

    async def move(self, student: int, table: int) -> None:
        """Seat ``student`` at the table the teacher sees as "Table ``table``" from its next game; 0 lets the seating choose.

        Only a table that exists (open now) may be chosen.  The wish is kept
        by place (``Table.place``), which a restart keeps, so it holds until
        that table's next game (its restart, or the next Start) seats them.
        """
        async with self._lock:
            self._check_open()
            self._student(student)
            if table in (0, -1):
                await self._commit([StudentMoved(student=student, table=-1)])
                return
            target = next((t for t in self.klass.open_tables() if t.label == table and t.place >= 0), None)
            if target is None:
                raise ClassRejected(ClassCode.UNKNOWN_TABLE, "no such table", status=404)
            await self._commit([StudentMoved(student=student, table=target.place)])

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
            if table is not None:  # the number the teacher sees; the options belong to that table's place
                table = self._open_table_labelled(table).number
                if set(clean) - set(class_options.GAME_KEYS):
                    raise ClassRejected(
                        ClassCode.BAD_OPTIONS, "one table changes only its game options (level, dots, reaction)"
                    )
            after = {**(self.klass.options if table is None else self.klass.options_for(table)), **clean}
            try:
                class_options.check_tables(after, self.hub.games)
            except class_options.BadOptions as exc:
                raise ClassRejected(ClassCode.BAD_OPTIONS, str(exc)) from None
            await self._commit([OptionsChanged(options=clean, table=table)])
            if "turn_timer_s" in clean:  # not a game's option: every table's clock changes at once
                await self._set_turn_timers(int(clean["turn_timer_s"]))

    async def _set_turn_timers(self, seconds: int) -> None:
        """Give every open table's room the class's turn timer now (a game in progress too)."""
        for table in self.klass.open_tables():
            actor = await self.table_actor(table)
            if actor is None:
                continue
            try:
                await TableHost(actor).do(SetTurnTimer(seconds))
            except (TimeoutError, TableRefused) as exc:
                log_event(logging.WARNING, "table kept its turn timer", klass=self.klass.code, error=str(exc))

    async def start_all(self, running: str | None = None) -> list[Table]:
        await self._adapt_levels()
        return await self._start_all(running)

    async def _start_all(self, running: str | None = None) -> list[Table]:
        """A new game at every table, never throwing away a game in progress unless the teacher said so.

        ``running`` says what to do with tables mid-game: ``"keep"`` (they
        play on; their students stay), ``"restart"`` (end them too, the
        teacher confirmed), or None: refused with ``class/tables_playing``
        when there are any, so the teacher's page asks first.  Every other
        student (at a table that is over or not started, or waiting, late
        joiners included) is dealt into balanced tables; the new tables take
        the places (the numbers the teacher sees) of the tables they replace
        first, so numbers stay put.
        """
        async with self._lock:
            self._check_open()
            if running not in (None, "keep", "restart"):
                raise ClassRejected(ClassCode.BAD_REQUEST, 'running: "keep" or "restart"')
            playing = [t for t in self.klass.open_tables() if await self._phase(t) == "playing"]
            if playing and running is None:
                raise ClassRejected(
                    ClassCode.TABLES_PLAYING,
                    "some tables are mid-game: keep them playing, or restart them too",
                    status=409,
                    params={"tables": ", ".join(str(t.label) for t in playing), "count": len(playing)},
                )
            kept = playing if running == "keep" else []
            ending = [t for t in self.klass.open_tables() if t not in kept]
            busy = {sid for t in kept for sid in t.students}
            klass = self.klass
            ids = [s.id for s in klass.students if s.id not in busy]
            kept_places = {t.place for t in kept}
            free_places = sorted({t.place for t in ending if t.place >= 0} - kept_places)
            groups_size = len(seating.table_sizes(len(ids), int(klass.options["table_size"]), most=self._most()))
            used = kept_places | set(free_places)
            places = free_places[:groups_size]
            nxt = 0
            while len(places) < groups_size:
                if nxt not in used and nxt not in places:
                    places.append(nxt)
                nxt += 1
            places.sort()
            # A wish names a place; it is honoured when that place gets a table in this deal.
            index_of = {place: i for i, place in enumerate(places)}
            wishes = {s.id: index_of[s.wish] for s in klass.students if s.wish in index_of and s.id in ids}
            groups = seating.balanced(ids, int(klass.options["table_size"]), most=self._most(), wishes=wishes)
            if not groups and not kept:
                raise ClassRejected(
                    ClassCode.NO_STUDENTS, "at least two students are needed to start: nobody plays alone", status=409
                )
            await self._end_tables(ending)
            # Per-table options belong to the table's place (the number the teacher sees).
            carried = [dict(self.klass.place_options(place)) for place in places]
            opened = []
            for place, group, options in zip(places, groups, carried, strict=False):
                number = len(self.klass.tables) + 1
                if options:
                    await self._commit([OptionsChanged(options=options, table=number)])
                opened.append(await self._open_table(tuple(group), number, place))
            return opened

    async def _phase(self, table: Table) -> str:
        actor = await self.table_actor(table)
        return actor.room.phase(self.hub.games) if actor is not None else "closed"

    async def pause(self, paused: bool) -> None:
        """Pause every table (moves refused, bots wait) or resume them."""
        async with self._lock:
            self._check_open()
            if paused == self.klass.paused:
                return
            times = getattr(self.hub.shared.observer, "times", None)
            at_ms = times.clock() if times is not None else 0
            await self._commit([ClassPaused(paused=paused, at_ms=at_ms)])
            if not paused and times is not None:
                self.resumed_ms = at_ms
            # each table's turn clock stops (or starts afresh), and its bots, which found it paused, go on
            for table in self.klass.open_tables():
                actor = await self.table_actor(table)
                if actor is not None:
                    actor.post(PauseChanged())

    async def end_all(self) -> None:
        async with self._lock:
            await self._end_tables(self.klass.open_tables())

    def _open_table_labelled(self, label: int) -> Table:
        """The open table the teacher sees as "Table ``label``" (``class/unknown_table`` otherwise)."""
        table = next((t for t in self.klass.open_tables() if t.label == label), None)
        if table is None:
            raise ClassRejected(ClassCode.UNKNOWN_TABLE, "no such open table", status=404)
        return table

    async def restart(self, number: int) -> Table:
        """End the table the teacher sees as "Table ``number``" and open a fresh one at the same place
        (so the same number) with the same students, and that table's new options."""
        if self.klass.options.get("adapt_levels"):
            try:
                await self.apply_levels(number, by="auto", now=int(time.time()))
            except ClassRejected:
                pass
        async with self._lock:
            self._check_open()
            table = self._open_table_labelled(number)
            # A student the teacher moved to another table leaves this one at its restart.
            present = tuple(
                s
                for s in table.students
                if (me := self.klass.student(s)) is not None
                and (me.wish is None or me.wish == table.place)
                and (mine := self.klass.table_of(s)) is not None
                and mine.number == table.number
            )
            # Students moved here by the teacher, then students waiting for the next game, fill the free seats.
            moved_here = [
                s.id
                for s in self.klass.students
                if s.wish == table.place and s.id not in present and self._free_to_move(s.id)
            ]
            waiting = [s.id for s in self.klass.students if self.klass.table_of(s.id) is None and s.id not in moved_here]
            # The teacher's move is honoured up to the game's limit (a table takes one more than the size when
            # the class does not divide); waiting students take the seats left below the size the teacher chose.
            present += tuple(moved_here[: max(0, self._most() - len(present))])
            free = max(0, min(int(self.klass.options["table_size"]), self._most()) - len(present))
            present += tuple(waiting[:free])
            if len(present) < seating.FEWEST:
                raise ClassRejected(
                    ClassCode.NO_STUDENTS,
                    "a table needs at least two students: use Start all to seat them again",
                    status=409,
                )
            await self._end_tables([table])
            options = self.klass.table_options.get(table.number)
            fresh = len(self.klass.tables) + 1
            if options:  # the table's own options (its level for the next game) follow it to its new number
                await self._commit([OptionsChanged(options=dict(options), table=fresh)])
            return await self._open_table(present, fresh, table.place)

    def _free_to_move(self, student: int) -> bool:
        """Whether ``student`` may leave their table now: waiting, or at a table that is not mid-game."""
        table = self.klass.table_of(student)
        if table is None:
            return True
        actor = self.hub.rooms.get(table.room)
        return actor is None or actor.room.phase(self.hub.games) != "playing"

    async def close(self, reason: str = "teacher", *, at: int = 0) -> None:
        """End the class at ``at`` (unix seconds, the hub's clock): its retention counts from then."""
        async with self._lock:
            if self.klass.closed is not None:
                return
            await self._end_tables(self.klass.open_tables())
            await self._flush_times()
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

    async def table_room(self, table: Table) -> tuple[Room, RoomActor | None, set[Any]] | None:
        """``table``'s room as it stands, the actor running it here, and its connected players' ids.

        None when the room is closed or gone.  In cluster mode the room may run on
        another hub: then it is read from its log, there is no actor here (None),
        and nobody counts as connected from here.  The dashboard and the projector
        both start from this, and each takes from the room only what it shows.
        """
        room_actor = await self.table_actor(table)
        if room_actor is not None:
            return room_actor.room, room_actor, set(room_actor.players)
        if self.clustered and table.open:
            room = await load_room(self.hub.store, table.room, self.hub.games)
            if room.closed is None:
                return room, None, set()
        return None

    async def _open_table(self, students: tuple[int, ...], number: int, place: int) -> Table:
        """Create a room for ``students``, seat them, fill it with bots if allowed, start its game."""
        opts = self.klass.options_for(number)
        game = self.hub.games[opts["game"]]
        # No one holds this room's host token; as a class table no phone ever hosts it (the teacher runs it),
        # and a bot plays for a student gone past the class grace.
        room = await self.hub.create_room(token_hash(new_token()), class_table=True)
        host = TableHost(room)
        try:
            await host.do(Lock(True))
            for student in students:
                me = self.klass.student(student)
                assert me is not None
                await host.do(
                    SeatPlayer(me.name, token_hash(seat_token(self.klass.secret, room.room.id, student, me.device)))
                )
            await host.do(SelectGame(game.id, class_options.room_options(opts, game)))
            if opts.get("turn_timer_s"):
                await host.do(SetTurnTimer(int(opts["turn_timer_s"])))
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


def new_secret() -> str:
    return secrets.token_hex(16)
