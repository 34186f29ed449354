"""A class session's events and the state they fold into.

A class is stored like a room: an append-only log of these events under the
class's own id (``class-...``) in the same store, so it survives a reload of
the teacher's page and a restart of the hub.  Its tables are ordinary rooms;
the class log only says which students sit in which room for each deal.
Pure: no I/O, no clock, no randomness (tokens, secrets and room ids come in
from the actor).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

#: Class ids start with this, so the hub's room resume can tell the two logs apart.
CLASS_PREFIX = "class-"
#: A class nobody joins, plays at or changes for this long (seconds) ends by itself, as if its teacher had
#: ended it: a forgotten class must not keep its students' names for ever (docs/classroom.md "When a class
#: ends").  The hub's hourly sweep (``Classes.sweep``) ends it, and keeps a running class's log that long.
IDLE_END_SECONDS = 7 * 86_400
#: How long the log of a class's table that ended on its own (idle, its game over and left) is kept: until
#: its class has ended too, by its teacher or by ``IDLE_END_SECONDS``, which keeps it for the retention.
TABLE_KEEP_SECONDS = IDLE_END_SECONDS + 86_400

#: What a new class is set to when the teacher changes nothing.
DEFAULT_OPTIONS: Mapping[str, Any] = {
    "game": "splittissimo",
    "level": "standard",
    "dots": [1, 2, 3],
    "table_size": 3,
    "reaction_ms": 0,
    "bots": True,
    #: Hints: "off", "unlimited", or at most this many per student per game (an int).
    "hints": "unlimited",
    "retention_days": 30,
    #: A student may always pass (and draw), a trick on offer or not: nobody is stuck at their own turn
    #: (RULES-NOTES 3.3 "Passing when a trick exists"); such a pass is a missed trick in the report.
    "pass_anytime": True,
    #: Each table's suggested dot levels (the report's ``levels``) are applied when its next game starts (issue 25).
    "adapt_levels": False,
    #: "Needs help": a student whose turn it is has not moved for this many seconds.
    "help_idle_s": 60,
    #: A bot plays a student's turn after this many seconds without a move; 0: no turn timer.
    "turn_timer_s": 0,
}


@attrs.frozen
class ClassOpened:
    id: str
    code: str
    teacher_hash: str
    #: Seat tokens of the tables are derived from it (``server.classroom.actor.seat_token``).
    secret: str
    options: dict[str, Any]
    #: When (unix seconds, the hub's clock); 0 in logs written before classes ended by themselves when unused.
    at: int = 0


@attrs.frozen
class StudentJoined:
    student: int
    name: str
    token_hash: str


@attrs.frozen
class HandoverCodeIssued:
    """The teacher asked for ``student``'s personal code (a new device takes their seat with it).

    Only its hash is stored; it works once, until ``expires`` (unix seconds).
    """

    student: int
    code_hash: str
    expires: int


@attrs.frozen
class StudentDeviceChanged:
    """``student`` now plays on a new device: its class token's hash replaces the old one.

    The student stays the same student (same id, same reports); their seat
    tokens at the tables are derived with the new ``device`` number, and the
    table they sit at hears of it as a public hand-over (``seat_moved``).
    """

    student: int
    token_hash: str
    device: int


@attrs.frozen
class StudentRenamed:
    student: int
    name: str


@attrs.frozen
class StudentRemoved:
    student: int


@attrs.frozen
class StudentMoved:
    """The teacher put ``student`` at the table at place ``table`` (0-based; the teacher sees "Table table+1")
    from its next game (-1: let the seating choose)."""

    student: int
    table: int


@attrs.frozen
class OptionsChanged:
    """From the next game on (``table`` None: every table)."""

    options: dict[str, Any]
    table: int | None = None


@attrs.frozen
class TableOpened:
    """Table ``table`` is room ``room`` (code ``code``), seating ``students`` in this order.

    ``place`` is the table's place in its deal (0: the first table): the
    teacher's per-table options follow the place from one deal to the next,
    since table numbers are new at every deal (-1 in logs written before).
    """

    table: int
    room: str
    code: str
    students: tuple[int, ...]
    place: int = -1


@attrs.frozen
class StudentSeated:
    """A student who joined after the deal sits at open table ``table`` (it had a free seat)."""

    student: int
    table: int


@attrs.frozen
class TableClosed:
    table: int


@attrs.frozen
class AttemptRejected:
    """At table ``table``, ``student``'s move broke the rule ``code`` (``split/amounts_differ``...)."""

    student: int
    table: int
    code: str
    #: When (unix milliseconds, from the hub's clock: an int, as the wire codec carries no
    #: floats, so the class log reloads after a restart) and at which version of the table's log.
    at_ms: int = 0
    version: int = 0
    #: What was attempted: the command's type and the card ids it named (hand side, table side).
    command: str = ""
    hand: tuple[int, ...] = ()
    table_cards: tuple[int, ...] = ()
    #: The relation the try was refused on (``games.splittissimo.relations``; "" when none: a card not in hand...),
    #: every relation the try's cards put to work, and the refusal's params (what the phone said).
    relation: str = ""
    relations: tuple[str, ...] = ()
    params: dict[str, Any] = attrs.field(factory=dict)


@attrs.frozen
class LevelChanged:
    """Table ``table`` (the number the teacher sees) plays dots ``after`` instead of ``before`` from its next game,
    because of ``reasons`` (the report's suggestion); ``by`` the teacher's tap or ``auto`` (``adapt_levels``);
    ``at``: unix seconds."""

    table: int
    before: tuple[int, ...]
    after: tuple[int, ...]
    by: str
    reasons: tuple[dict[str, Any], ...] = ()
    at: int = 0


@attrs.frozen
class TimesNoted:
    """When appends to table ``room``'s log were stored: versions ``starts[i]``..``ends[i]`` at ``at_ms[i]``
    (unix ms, the hub's clock).  A room's log holds no clock; the class keeps these for its report's times."""

    room: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]
    at_ms: tuple[int, ...]


@attrs.frozen
class HintGiven:
    student: int
    table: int


@attrs.frozen
class ClassPaused:
    """Every table waits (``paused``) or plays on."""

    paused: bool
    #: When, by the tables' clock (``TableTimes``, unix ms), so the report can leave a pause out of a
    #: turn's time; 0: not known (a log written before pauses were timed).
    at_ms: int = 0


@attrs.frozen
class ClassClosed:
    reason: str
    #: When (unix seconds, the hub's clock; an int like every stored time): the retention counts from here.
    at: int = 0


CLASS_EVENTS: tuple[type, ...] = (
    ClassOpened,
    StudentJoined,
    StudentRenamed,
    StudentRemoved,
    StudentMoved,
    OptionsChanged,
    TableOpened,
    TableClosed,
    AttemptRejected,
    HintGiven,
    ClassPaused,
    ClassClosed,
    StudentSeated,
    HandoverCodeIssued,
    StudentDeviceChanged,
    LevelChanged,
    TimesNoted,
)


@attrs.frozen
class Student:
    id: int
    name: str
    token_hash: str
    #: A table the teacher chose for the next deal, if any (its place: what the teacher sees as "Table place+1").
    wish: int | None = None
    #: How many times the student moved to a new device (their seat tokens are derived with it).
    device: int = 0
    #: Class token hashes of the devices the student left (such a device is told its seat moved).
    old_hashes: tuple[str, ...] = ()
    #: The hash of the personal code the teacher's device shows, and when it expires (unix seconds).
    handover_hash: str | None = None
    handover_expires: int = 0


@attrs.frozen
class Table:
    number: int
    room: str
    code: str
    students: tuple[int, ...]
    options: Mapping[str, Any]
    open: bool = True
    #: Its place in its deal (see ``TableOpened.place``).
    place: int = -1

    @property
    def label(self) -> int:
        """The number the teacher sees ("Table 2"): its place + 1, which a restart keeps."""
        return self.place + 1 if self.place >= 0 else self.number


@attrs.frozen
class Class:
    id: str = ""
    code: str = ""
    teacher_hash: str = ""
    secret: str = ""
    version: int = 0
    options: Mapping[str, Any] = attrs.field(factory=lambda: dict(DEFAULT_OPTIONS))
    #: Options for one table from its next game (the teacher's per-table change).
    table_options: Mapping[int, Mapping[str, Any]] = attrs.field(factory=dict)
    students: tuple[Student, ...] = ()
    #: Students the teacher removed, as they were then: the report keeps what they did (their rows, flagged).
    removed: tuple[Student, ...] = ()
    next_student: int = 0
    #: Every table ever opened, by number (closed ones stay for the reports).
    tables: tuple[Table, ...] = ()
    closed: str | None = None
    #: When the class ended (unix seconds; None while it runs).
    closed_at: int | None = None
    paused: bool = False
    #: Every pause that ended, as (from, to) in unix ms by the tables' clock (a turn's time leaves them out).
    pauses: tuple[tuple[int, int], ...] = ()
    #: When the pause in force began (unix ms); 0 when the class plays on, or the start is not known.
    paused_since_ms: int = 0
    #: Hints given, by (table, student).
    hints: Mapping[tuple[int, int], int] = attrs.field(factory=dict)
    #: Rejected moves, by student, then by the rule they broke.
    rejected: Mapping[int, Mapping[str, int]] = attrs.field(factory=dict)
    #: Rejected moves by table (the projector flags a table that keeps trying).
    rejected_at: Mapping[int, int] = attrs.field(factory=dict)
    #: Every rejected attempt, in order (the JSON export has one record per attempt).
    attempts: tuple[AttemptRejected, ...] = ()
    #: Every change of a table's dot levels from the report's suggestion, in order.
    level_changes: tuple[LevelChanged, ...] = ()
    #: When the tables' log versions were stored (loaded into the hub's ``TableTimes`` when the class resumes).
    times: tuple[TimesNoted, ...] = ()
    #: When the class was last used, as far as its log tells (unix seconds): opened, or a table's moves stored.
    #: 0 when its log holds no time (a class opened before this was kept, that no table played since).
    used_at: int = 0

    def student(self, student_id: int) -> Student | None:
        return next((s for s in self.students if s.id == student_id), None)

    def anyone(self, student_id: int) -> Student | None:
        """A student on the roster or one the teacher removed (the reports count both)."""
        return self.student(student_id) or next((s for s in self.removed if s.id == student_id), None)

    def open_tables(self) -> tuple[Table, ...]:
        return tuple(t for t in self.tables if t.open)

    def open_tables_by_label(self) -> tuple[Table, ...]:
        """The open tables in the order the teacher counts them (Table 1, 2, 3), whichever restarted last."""
        return tuple(sorted(self.open_tables(), key=lambda t: t.label))

    def table_of(self, student_id: int) -> Table | None:
        """The open table ``student_id`` sits at (the newest), or None: waiting for the next deal."""
        for table in reversed(self.tables):
            if table.open and student_id in table.students:
                return table
        return None

    def options_for(self, table: int) -> dict[str, Any]:
        return {**self.options, **self.table_options.get(table, {})}

    def place_options(self, place: int) -> Mapping[str, Any]:
        """The per-table options of the newest table at ``place`` (what the next table there inherits)."""
        for table in reversed(self.tables):
            if table.place == place and place >= 0:
                return self.table_options.get(table.number, {})
        return {}

    def deletes_at(self) -> int | None:
        """When the ended class's names and reports are deleted (unix seconds), or None while it runs."""
        if self.closed_at is None:
            return None
        return self.closed_at + int(self.options["retention_days"]) * 86_400


def evolve(klass: Class, event: Any) -> Class:
    """Fold one class event (no checks: the actor decided it)."""
    klass = attrs.evolve(klass, version=klass.version + 1)
    match event:
        case ClassOpened(id=class_id, code=code, teacher_hash=teacher_hash, secret=secret, options=options, at=at):
            return attrs.evolve(
                klass,
                id=class_id,
                code=code,
                teacher_hash=teacher_hash,
                secret=secret,
                options={**DEFAULT_OPTIONS, **options},
                used_at=at,
            )
        case StudentJoined(student=sid, name=name, token_hash=token_hash):
            return attrs.evolve(
                klass,
                students=klass.students + (Student(sid, name, token_hash),),
                next_student=max(klass.next_student, sid + 1),
            )
        case HandoverCodeIssued(student=sid, code_hash=code_hash, expires=expires):
            return attrs.evolve(
                klass,
                students=tuple(
                    attrs.evolve(s, handover_hash=code_hash, handover_expires=expires) if s.id == sid else s
                    for s in klass.students
                ),
            )
        case StudentDeviceChanged(student=sid, token_hash=token_hash, device=device):
            return attrs.evolve(
                klass,
                students=tuple(
                    attrs.evolve(
                        s,
                        token_hash=token_hash,
                        device=device,
                        old_hashes=s.old_hashes + (s.token_hash,),
                        handover_hash=None,
                        handover_expires=0,
                    )
                    if s.id == sid
                    else s
                    for s in klass.students
                ),
            )
        case StudentRenamed(student=sid, name=name):
            return attrs.evolve(
                klass, students=tuple(attrs.evolve(s, name=name) if s.id == sid else s for s in klass.students)
            )
        case StudentRemoved(student=sid):
            return attrs.evolve(
                klass,
                students=tuple(s for s in klass.students if s.id != sid),
                removed=klass.removed + tuple(s for s in klass.students if s.id == sid),
            )
        case StudentMoved(student=sid, table=index):
            wish = None if index < 0 else index
            return attrs.evolve(
                klass, students=tuple(attrs.evolve(s, wish=wish) if s.id == sid else s for s in klass.students)
            )
        case OptionsChanged(options=options, table=only):
            if only is None:
                return attrs.evolve(klass, options={**klass.options, **options}, table_options={})
            merged = {**klass.table_options.get(only, {}), **options}
            return attrs.evolve(klass, table_options={**klass.table_options, only: merged})
        case TableOpened(table=number, room=room, code=code, students=students, place=place):
            opened = Table(number, room, code, tuple(students), klass.options_for(number), place=place)
            # A student seated by this deal has had the teacher's wish granted.
            placed = set(students)
            return attrs.evolve(
                klass,
                tables=klass.tables + (opened,),
                students=tuple(attrs.evolve(s, wish=None) if s.id in placed else s for s in klass.students),
            )
        case StudentSeated(student=sid, table=number):
            return attrs.evolve(
                klass,
                tables=tuple(
                    attrs.evolve(t, students=t.students + (sid,)) if t.number == number else t for t in klass.tables
                ),
                students=tuple(attrs.evolve(s, wish=None) if s.id == sid else s for s in klass.students),
            )
        case TableClosed(table=number):
            return attrs.evolve(
                klass, tables=tuple(attrs.evolve(t, open=False) if t.number == number else t for t in klass.tables)
            )
        case AttemptRejected(student=sid, table=number, code=code):
            mine = dict(klass.rejected.get(sid, {}))
            mine[code] = mine.get(code, 0) + 1
            at = {**klass.rejected_at, number: klass.rejected_at.get(number, 0) + 1}
            return attrs.evolve(
                klass, rejected={**klass.rejected, sid: mine}, rejected_at=at, attempts=klass.attempts + (event,)
            )
        case TimesNoted(at_ms=at_ms):
            used_at = max(klass.used_at, max(at_ms, default=0) // 1000)
            return attrs.evolve(klass, times=klass.times + (event,), used_at=used_at)
        case LevelChanged():
            return attrs.evolve(klass, level_changes=klass.level_changes + (event,))
        case HintGiven(student=sid, table=number):
            key = (number, sid)
            return attrs.evolve(klass, hints={**klass.hints, key: klass.hints.get(key, 0) + 1})
        case ClassPaused(paused=paused, at_ms=at_ms):
            if paused:
                return attrs.evolve(klass, paused=True, paused_since_ms=at_ms)
            pauses = klass.pauses
            if klass.paused_since_ms and at_ms >= klass.paused_since_ms:
                pauses += ((klass.paused_since_ms, at_ms),)
            return attrs.evolve(klass, paused=False, pauses=pauses, paused_since_ms=0)
        case ClassClosed(reason=reason, at=at):
            return attrs.evolve(klass, closed=reason, closed_at=at)
    raise AssertionError(f"unknown class event {event!r}")
