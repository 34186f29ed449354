"""The hub's classes: created, found by code, resumed after a restart, deleted.

This is the single hub's registry: every class is in memory here.  In
cluster mode ``server.cluster.classes.ClusterClasses`` extends it through
three hooks: ``claim`` (a new class's lease), ``locate`` (which hub answers
for a class: this one, after taking it over if nobody holds it, or its
owner) and ``forward`` (hand a request to that owner).

Class codes come from the same alphabet and rules as room codes, 6 letters
long (``codes.new_class_code``: a class lives longer than a room, so it
costs more to guess), and are claimed in the same store table, so a class
code and a room code never collide.  A class's id starts with ``class-`` (``state.CLASS_PREFIX``): the
hub's room resume skips those logs and this registry resumes them instead.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

from games.splittissimo.cards import CARDS
from games.splittissimo.codes import SplittissimoCode
from games.splittissimo.relations import classify, refusal_params, refused_relation
from server import fanout
from server.classroom import options as class_options
from server.classroom.actor import ClassActor, ClassRejected, new_secret
from server.classroom.analytics import SPLITTISSIMO
from server.classroom.attempts import JUDGED, TableTimes, TryLimit
from server.classroom.codes import ClassCode, new_class_code, normal_class_code
from server.classroom.state import (
    CLASS_PREFIX,
    DEFAULT_OPTIONS,
    IDLE_END_SECONDS,
    AttemptRejected,
    Class,
    ClassOpened,
    HintGiven,
    Table,
)
from server.classroom.store import load_class
from server.logs import event as log_event
from server.room import RoomObserver
from server.roomstate import Room
from server.tokens import matches, new_token, token_hash

if TYPE_CHECKING:
    from server.hub import Hub

LOG = logging.getLogger("pizzanight")
#: How often (seconds) the hub deletes the ended classes whose retention is over.
SWEEP_EVERY = 3600.0


#: How often (ms) at most a class writes when its tables' versions were stored (``TimesNoted``) to its log.
TIMES_EVERY_MS = 10_000
#: At most this many card ids of one attempt are kept (a command's fields come from the wire).
MAX_ATTEMPT_CARDS = 32
#: At most this many table rooms and room players are remembered (``Classes._class_table``, ``_student``).
MOST_KEPT = 100_000


def attempted(command: Mapping[str, Any]) -> dict[str, Any]:
    """What a refused command tried, as plain values: its type and the card ids it named.

    The map comes from the wire unchecked (it was refused), so only a short
    type string and lists of small non-negative ints are kept.
    """

    def ids(value: Any) -> tuple[int, ...]:
        if not isinstance(value, (list, tuple)):
            return ()
        return tuple(v for v in value if type(v) is int and 0 <= v < 10_000)[:MAX_ATTEMPT_CARDS]

    kind = command.get("type")
    return {
        "command": kind[:40] if isinstance(kind, str) else "",
        "hand": ids(command.get("hand")),
        "table_cards": ids(command.get("table")),
    }


def _turn_key(room: Room) -> tuple[Any, ...]:
    """Which turn a try belongs to: the game (its start) and the turn number (a new turn resets the count)."""
    run = room.run
    return (run.seed, getattr(run.state, "turn", 0)) if run is not None else ()


#: The refusals of a try whose cards were put side by side (the rest refuse a card before that).
RELATED = frozenset(
    (
        SplittissimoCode.AMOUNTS_DIFFER,
        SplittissimoCode.TOPPING_MISSING,
        SplittissimoCode.TRICK_SHAPE,
        SplittissimoCode.WRONG_CARD_KIND,
    )
)


def judged(room: Room, code: str, tried: Mapping[str, Any]) -> dict[str, Any]:
    """The relation a refused try at a trick was refused on, and the params its refusal carried (issue 25).

    Worked out again from the cards the command named (the rules already
    checked them, so they are real cards), with the same pure functions the
    rules use; other refusals name no relation.
    """
    run = room.run
    if tried["command"] != "TakeTrick" or run is None or run.game != SPLITTISSIMO:
        return {}
    try:
        code_enum = SplittissimoCode(code)
    except ValueError:
        return {}
    if any(i >= len(CARDS) for i in (*tried["hand"], *tried["table_cards"])):
        return {}
    if code_enum not in RELATED:
        return {}  # a card not in hand, not open, named twice: no cards were put together
    hand = [CARDS[i] for i in tried["hand"]]
    table = [CARDS[i] for i in tried["table_cards"]]
    level = run.state.level
    found = classify(level, hand, table)
    params = refusal_params(level, code_enum, hand, table)
    return {
        "relation": refused_relation(code, found),
        "relations": found,
        "params": {k: v for k, v in params.items() if k not in ("relation",)},
    }


def _send_hints_left(room_actor: Any) -> None:
    """Fan a table's views out again (only a student's ``you.hints`` changed), unless the room has ended."""
    if room_actor.room.closed is None:
        fanout.broadcast(room_actor)


def is_class_id(log_id: str) -> bool:
    return log_id.startswith(CLASS_PREFIX)


class Classes(RoomObserver):
    """The hub's classes; also the observer of every room, which hears about the class tables' hints and refusals."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        #: Running classes by code.
        self.by_code: dict[str, ClassActor] = {}
        #: The clock retention is counted by (unix seconds); tests move it instead of waiting.
        self.clock: Callable[[], float] = time.time
        #: Answers a request another hub forwarded here (set by ``server.classroom.http.routes``).
        self.serve_forwarded: Callable[[dict[str, Any]], Awaitable[dict[str, Any] | None]] | None = None
        hub.shared.observer = self
        #: When each version of each class table's log was stored, and the limit on refused tries (issue 25).
        self.times = TableTimes()
        self.tries = TryLimit()
        #: Per class table: (the game's event count, the player whose turn it is) at its last append.
        self._game_marks: dict[str, tuple[int, int]] = {}
        #: Which class and table a table room is, and which student a room player is, as found last time
        #: (:meth:`_class_table`, :meth:`_student`), each with the class value it was found in.
        self._tables: dict[str, tuple[ClassActor, Class, Table]] = {}
        self._students: dict[tuple[str, int], tuple[Table, tuple[Any, ...], str, tuple[str, ...], int | None]] = {}

    # --- hooks for the cluster (``server.cluster.classes``); a single hub answers everything itself ----

    async def claim(self, class_id: str) -> int | None:
        """A new class's fencing token (cluster: its lease); None on a single hub."""
        return None

    async def locate(self, typed_code: str) -> str | None:
        """Which hub answers for the class: None for this one, else the owner's node id."""
        return None

    async def forward(self, owner: str, request: dict[str, Any]) -> dict[str, Any] | None:
        """Have ``owner`` answer a class request (``http.forwarded``); None when it no longer owns the class."""
        raise NotImplementedError("a single hub answers every class request itself")

    def owned(self, actor: ClassActor) -> None:
        """List ``actor`` as one of this hub's classes."""
        self.by_code[actor.klass.code] = actor

    # --- the rooms' observer (called inside a room's turn: look up, note, return) ---------

    def _class_table(self, room_id: str) -> tuple[ClassActor, Table] | None:
        """The class that table room ``room_id`` belongs to and its table there (None: no class here has it).

        Every move of a class table asks (is the class paused, which
        student is this, how many hints are left), and scanning every
        class's every table for it grew with the hub: a hub of ten classes
        scanned a hundred tables per seated player per move.  So the answer
        is kept with the class value it was found in; a class's value is
        new after each of its events, which is when the answer is looked
        for again.  A table room belongs to one class (each table opens a
        new room).
        """
        found = self._tables.get(room_id)
        if found is not None:
            actor, klass, table = found
            if actor.klass is klass and self.by_code.get(klass.code) is actor:
                return actor, table
            del self._tables[room_id]
        for actor in self.by_code.values():
            for table in actor.klass.tables:
                if table.room == room_id:
                    if len(self._tables) >= MOST_KEPT:
                        self._tables.clear()
                    self._tables[room_id] = (actor, actor.klass, table)
                    return actor, table
        return None

    def _student(self, room: Room, player: int) -> tuple[ClassActor, Table, int] | None:
        """The class, table and student behind room player ``player`` (None: not a class table's student).

        A room that is not a class table answers at once: the fan-out asks this for every seated
        player of every room with hints, party rooms included.  Which student a player is takes
        hashing each of the table's students' seat tokens (``ClassActor.student_at``), so it is
        kept with what it was found from (the table, the class's students and secret: the same
        objects until an event changes them; the player's token hashes).
        """
        if not getattr(room, "class_table", True):
            return None
        found = self._class_table(room.id)
        if found is None or found[0].klass.closed is not None:
            return None
        actor, table = found
        seated = room.player(player)
        known = (seated.token_hash, *getattr(seated, "moved_hashes", ())) if seated is not None else ()
        # kept while what it is made from is the same: the table (its students), the class's students (their
        # devices) and secret, the player's hashes
        klass, key = actor.klass, (room.id, player)
        kept = self._students.get(key)
        if kept is not None and kept[0] is table and kept[1] is klass.students and kept[2] is klass.secret and kept[3] == known:
            student = kept[4]
        else:
            student = actor.student_at(table, room, player)
            if len(self._students) >= MOST_KEPT:
                self._students.clear()
            self._students[key] = (table, klass.students, klass.secret, known, student)
        return None if student is None else (actor, table, student)

    def paused(self, room: Room) -> str | None:
        if not getattr(room, "class_table", True):
            return None
        found = self._class_table(room.id)
        if found is not None and found[0].klass.paused and found[1].open:
            return "your teacher has paused the game"
        return None

    def refused(self, room: Room, player: int, code: str, command: Mapping[str, Any] | None = None) -> None:
        found = self._student(room, player)
        if found is not None:
            actor, table, student = found
            tried = attempted(command or {})
            if tried["command"] == "TakeTrick" and code in JUDGED:
                self.tries.refused(room.id, player, _turn_key(room))
            attempt = AttemptRejected(
                student=student,
                table=table.number,
                code=code,
                at_ms=self.tries.clock(),
                version=room.version,
                **tried,
                **judged(room, code, tried),
            )
            self.hub.spawn(actor.record(attempt))

    def admit(self, room: Room, player: int, command: Mapping[str, Any]) -> None:
        """A class table's limit on refused tries at a trick (``attempts.TryLimit``); a party room has none."""
        if not getattr(room, "class_table", False) or command.get("type") != "TakeTrick":
            return
        if self._student(room, player) is not None:
            self.tries.admit(room.id, player, _turn_key(room))

    def _keep_times(self, room: Room) -> None:
        """Every :data:`TIMES_EVERY_MS` at most, the class writes its tables' new times to its log."""
        found = self._class_table(room.id)
        if found is not None and found[0].klass.closed is None:
            actor = found[0]
            if self.times.clock() - actor.flushed_ms >= TIMES_EVERY_MS:
                actor.flushed_ms = self.times.clock()
                self.hub.spawn(actor.flush_times())

    def stored(self, room: Room, count: int) -> None:
        if getattr(room, "class_table", False):
            self.times.stored(room.id, room.version - count + 1, room.version)
            self._keep_times(room)
            run = room.run
            if run is None or run.game != SPLITTISSIMO:
                return
            # a move the rules accepted (the game's state moved on) ends the run of refused tries of the seat
            # whose turn it was
            state = run.state
            before = self._game_marks.get(room.id)
            if before is not None and before[0] != state.events:
                self.tries.moved(room.id, before[1])
            active = run.seats[state.active] if 0 <= state.active < len(run.seats) else -1
            self._game_marks[room.id] = (state.events, active)

    def hint_refusal(self, room: Room, player: int) -> str | None:
        found = self._student(room, player)
        return None if found is None else found[0].hint_refusal(found[1], found[2])

    def hints_left(self, room: Room, player: int) -> tuple[int | None, bool]:
        """(hints left this game, or None: no limit; whether hints are off) for a class table's student."""
        found = self._student(room, player)
        return (None, False) if found is None else found[0].hints_left(found[1], found[2])

    def hinted(self, room: Room, player: int) -> None:
        found = self._student(room, player)
        if found is not None:
            actor, table, student = found
            key = (table.number, student)
            actor.hints_pending[key] = actor.hints_pending.get(key, 0) + 1
            self.hub.spawn(actor.record(HintGiven(student=student, table=table.number)))
            # The room did not change, but the student's ``you.hints`` did: send it once this turn is over.
            room_actor = self.hub.rooms.get(room.id)
            if room_actor is not None:
                asyncio.get_running_loop().call_soon(_send_hints_left, room_actor)

    async def create(self, options: Mapping[str, Any]) -> tuple[ClassActor, str]:
        """A new class with ``options`` (over the defaults): its actor and the teacher's token."""
        try:
            clean = class_options.check({**DEFAULT_OPTIONS, **options}, self.hub.games)
            class_options.check_tables(clean, self.hub.games)
        except class_options.BadOptions as exc:
            raise ClassRejected(ClassCode.BAD_OPTIONS, str(exc)) from None
        class_id = CLASS_PREFIX + secrets.token_hex(8)
        for _ in range(100):
            code = new_class_code()
            if (
                code not in self.by_code
                and code not in self.hub.codes
                and await self.hub.store.claim_code(code, class_id)
            ):
                break
        else:  # pragma: no cover - 24 million codes
            raise RuntimeError("no free class code")
        token = new_token()
        actor = self.new_actor(Class(), await self.claim(class_id))
        await actor._commit(
            [
                ClassOpened(
                    id=class_id,
                    code=code,
                    teacher_hash=token_hash(token),
                    secret=new_secret(),
                    options=clean,
                    at=int(time.time()),
                )
            ]
        )
        self.owned(actor)
        log_event(logging.INFO, "class created", klass=code)
        return actor, token

    def new_actor(self, klass: Class, fence: int | None = None) -> ClassActor:
        """The actor of ``klass`` on this hub (fenced by ``fence`` in cluster mode)."""
        return ClassActor(klass, self.hub)

    def find(self, typed_code: str) -> ClassActor:
        code = normal_class_code(typed_code)
        actor = self.by_code.get(code) if code else None
        if actor is not None and self.expired(actor):  # its retention is over: deleted now, whatever asks
            self.by_code.pop(actor.klass.code, None)
            self.hub.spawn(self._delete_quietly(actor))
            actor = None
        if actor is None:
            raise ClassRejected(ClassCode.NOT_FOUND, "no class with that code", status=404)
        return actor

    def as_teacher(self, typed_code: str, token: str | None) -> ClassActor:
        """The class, if ``token`` is its teacher's (404 and 403 otherwise)."""
        actor = self.find(typed_code)
        if not matches(token, actor.klass.teacher_hash):
            raise ClassRejected(ClassCode.NOT_TEACHER, "only the class's teacher may do that", status=403)
        return actor

    async def resume(self) -> None:
        """Load every class whose log is kept (after a restart): running ones, and ended ones whose
        reports the teacher may still read (read-only); then delete those whose retention is over."""
        for log_id in await self.hub.store.open_rooms():
            if not is_class_id(log_id):
                continue
            try:
                klass = await load_class(self.hub.store, log_id)
            except Exception:
                LOG.exception("cannot resume class", extra={"fields": {"class_id": log_id}})
                continue
            if klass.code:
                for noted in klass.times:
                    self.times.load(noted.room, noted.starts, noted.ends, noted.at_ms)
                self.owned(self.new_actor(klass))
                log_event(logging.INFO, "class resumed", klass=klass.code, version=klass.version)
        await self.sweep()
        self.hub.spawn(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                await self.sweep()
            except Exception:  # the store away for a moment: the next pass deletes them
                LOG.exception("class retention sweep failed")

    def expired(self, actor: ClassActor) -> bool:
        """Whether an ended class's retention is over (by this registry's clock)."""
        deletes_at = actor.klass.deletes_at()
        return deletes_at is not None and self.clock() >= deletes_at

    async def sweep(self) -> None:
        """Delete every ended class whose retention is over: its log, its tables' logs, its code.

        A running class nobody used for ``IDLE_END_SECONDS`` ends here, as its
        teacher's End would (its retention counts from now).  Every other
        running class's log and code are kept for that long again: Redis drops
        a log nobody appended to for its ``idle_ttl`` (two days), and a class
        may rest over a weekend between two lessons.
        """
        for actor in [a for a in self.by_code.values() if self.expired(a)]:
            await self._delete(actor)
        now = self.clock()
        for actor in [a for a in self.by_code.values() if a.klass.closed is None and not a.lost]:
            ends_at = actor.idle_ends_at()
            if ends_at is not None and now >= ends_at:
                await self.end(actor, reason="idle")
            else:
                await self.hub.store.keep(actor.klass.id, IDLE_END_SECONDS + 86_400, code=actor.klass.code)

    async def end(self, actor: ClassActor, *, reason: str = "teacher") -> None:
        """The teacher ends the class: its tables close and it becomes read-only.

        Its log stays in the store (so a restarted hub loads it again, see
        :meth:`resume`) and its code stays claimed, so the teacher's token
        still opens the dashboard and the reports, until the retention is
        over (``Class.deletes_at``) and :meth:`sweep` deletes it all.  The
        tables' logs are kept for the retention too.
        """
        keep = int(actor.klass.options["retention_days"]) * 86_400
        for table in actor.klass.tables:  # a table still open is closed by the class: the hub keeps its log as long
            self.hub.keep[table.room] = keep
        await actor.close(reason, at=int(self.clock()))
        for table in actor.klass.tables:  # tables of earlier deals were kept for the hub's default: now the class's
            await self.hub.store.close_room(table.room, keep_seconds=keep)
        # the class's own log and code outlive a store's expiry of idle logs (Redis: two days) until the
        # sweep deletes them; a day more, so a sweep that comes late still finds what it deletes
        await self.hub.store.keep(actor.klass.id, keep + 86_400, code=actor.klass.code)
        log_event(logging.INFO, "class ended", klass=actor.klass.code, reason=reason, keep_seconds=keep)

    async def delete_now(self, actor: ClassActor) -> None:
        """End the class and delete its log and its tables' logs at once (names and reports go with them)."""
        for table in actor.klass.tables:
            self.hub.keep[table.room] = -1
        await actor.close(at=int(self.clock()))
        await self._delete(actor)

    async def _delete_quietly(self, actor: ClassActor) -> None:
        try:
            await self._delete(actor)
        except Exception:  # the next sweep tries again (the store keeps nothing past its own expiry anyway)
            self.by_code.setdefault(actor.klass.code, actor)
            LOG.exception("cannot delete an expired class")

    async def _delete(self, actor: ClassActor) -> None:
        klass = actor.klass
        self.by_code.pop(klass.code, None)
        for table in klass.tables:
            await self.hub.store.close_room(table.room, keep_seconds=-1)
        await self.hub.store.close_room(klass.id, keep_seconds=-1)
        await self.hub.store.release_code(klass.code)
        log_event(logging.INFO, "class deleted", klass=klass.code)
