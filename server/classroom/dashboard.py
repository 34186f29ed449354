"""What the teacher's projector shows: every open table, from public views only.

Everything about a game here comes from the game's ``view`` for the
shared screen (``SCREEN``), the same value a TV is sent, plus who sits
where and who is connected: never a hand.  "Needs help" (issue 25) is a
list of reasons a teacher can act on, each true now and gone once it is
not (docs/classroom.md, "Needs help"):

- ``idle``: a student whose turn it is has not moved (no trick, no end of
  turn, no pass) for the class's ``help_idle_s`` seconds (default 60) since
  their turn began or their last trick (not while the class is paused);
- ``refused``: a student has had :data:`HELP_REFUSED` or more tries at a
  trick refused since the last move the rules accepted from them;
- ``disconnected``: a student seated at the table is not connected (a bot
  may be standing in for them).

A hint asked is not a reason: asking is what a hint is for.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

from games.contract import SCREEN
from games.splittissimo.state import TURN
from server.classroom.actor import ClassActor
from server.classroom.analytics import SPLITTISSIMO, TableAnalysis
from server.classroom.reports import Reports, mixed_text
from server.classroom.state import Table
from server.roomstate import Room

#: A student needs help after this many refused tries at a trick since their last accepted move.
HELP_REFUSED = 3


async def dashboard(actor: ClassActor, reports: Reports) -> dict[str, Any]:
    klass = actor.klass
    tables = [await _table(actor, reports, table) for table in klass.open_tables_by_label()]
    seated = {sid for table in klass.open_tables() for sid in table.students}
    return {
        "code": klass.code,
        "options": dict(klass.options),
        "closed": klass.closed,
        #: When the class ended and when its names and reports are deleted (ISO 8601 UTC, or None).
        "closed_at": _iso(klass.closed_at),
        "deletes_at": _iso(klass.deletes_at()),
        #: When the running class ends by itself if nobody joins, plays or changes anything until then.
        "idle_ends_at": _iso(actor.idle_ends_at()),
        "paused": klass.paused,
        "students": [
            {
                "id": s.id,
                "name": s.name,
                "table": table.label if (table := klass.table_of(s.id)) is not None else None,
                "moving_to": None if s.wish is None else s.wish + 1,
                # A new device asks for this student's seat: the teacher may hand it over from here, once
                # the student's device shows this number (``device_check``).
                "asks_new_device": (check := actor.asks_new_device(s.id, int(time.time()))) is not None,
                "device_check": check,
            }
            for s in klass.students
        ],
        # an ended class deals no next game: nobody waits for one
        "waiting": [] if klass.closed is not None else [s.name for s in klass.students if s.id not in seated],
        "tables": tables,
    }


async def _table(actor: ClassActor, reports: Reports, table: Table) -> dict[str, Any]:
    out: dict[str, Any] = {
        #: The number the teacher sees ("Table 2"), kept when the table restarts (every class API speaks it).
        "number": table.label,
        "code": table.code,
        "options": dict(table.options),
        "phase": "closed",
    }
    found = await actor.table_room(table)  # (in cluster mode, perhaps read from another hub's log)
    if found is None:
        return out
    room, room_actor, connected = found
    games = actor.hub.games
    out["phase"] = room.phase(games)
    out["players"] = [
        {
            "name": p.name,
            "bot": p.bot is not None,
            "connected": p.bot is not None or p.id in connected,
            "seat": p.seat,
            # A bot plays for this absent student until they come back (the room's stand-in) ...
            "stand_in": bool(getattr(p, "stand_in", False)),
            # ... or for good: the teacher removed the student mid-game, a bot finishes the game for the seat.
            "removed": p.gone,
        }
        for p in room.players
        if not p.gone or (room.run is not None and p.seat is not None)
    ]
    if room.run is None or room.run.game != SPLITTISSIMO:
        return out
    view = games[room.run.game].view(room.run.state, SCREEN)
    analysis = await reports.analysis(table)
    names = {p.seat: p.name for p in room.players if p.seat is not None}
    tricks_this_game = [t for t in analysis.tricks if t.game == analysis.games_started]
    out.update(
        {
            # nobody's turn yet while the cards are dealt (the view's seat 0 is no turn)
            "active": names.get(view.active) if out["phase"] == "playing" and view.phase != "dealing" else None,
            "cards_left": {names.get(s.seat, "?"): s.hand_count for s in view.seats},
            "delivered": {names.get(s.seat, "?"): mixed_text(s.delivered) for s in view.seats},
            "tricks": len(tricks_this_game),
            "last_trick": view.last_trick.text if view.last_trick else None,
            "help": _help(actor, table, room, room_actor, analysis) if out["phase"] == "playing" else [],
            "final": view.final.reason if view.final else None,
        }
    )
    return out


def _iso(when: float | None) -> str | None:
    return None if when is None else datetime.fromtimestamp(when, UTC).isoformat(timespec="seconds")


def _idle_ms(actor: ClassActor, room: Room, analysis: TableAnalysis, player: int, now: int | None) -> int | None:
    """How long ``player`` has been waited on at their turn (ms), or None when they are not.

    From their turn's start or last trick, or from the class's last resume
    when later: the time a paused class waited is not the student's.
    """
    run = room.run
    times = getattr(actor.hub.shared.observer, "times", None)
    if run is None or actor.klass.paused or times is None or now is None:
        return None
    state = run.state
    if state.phase != TURN or run.seats[state.active] != player:
        return None
    since = times.at(room.id, analysis.last_move)
    if since is None:
        return None
    if actor.resumed_ms is not None:
        since = max(since, actor.resumed_ms)
    return now - since


async def waited_on(actor: ClassActor, reports: Reports, student: int) -> bool:
    """Whether ``student`` is in "Needs help" as ``idle`` now: what "Play this turn for them" answers.

    A press from a page a moment old must not play a turn the student is
    playing, nor the next one, nor one at a paused class.
    """
    table = actor.klass.table_of(student)
    if table is None:
        return False
    found = await actor.table_room(table)
    if found is None:
        return False
    room, _actor, _connected = found
    times = getattr(actor.hub.shared.observer, "times", None)
    now = times.clock() if times is not None else None
    for p in room.players:
        if p.seat is not None and not p.gone and actor.student_at(table, room, p.id) == student:
            idle = _idle_ms(actor, room, await reports.analysis(table), p.id, now)
            return idle is not None and idle >= int(actor.klass.options.get("help_idle_s", 60)) * 1000
    return False


def _help(
    actor: ClassActor, table: Table, room: Room, room_actor: Any, analysis: TableAnalysis
) -> list[dict[str, Any]]:
    """Why a playing table needs the teacher now: ``idle``, ``refused``, ``disconnected`` (module docstring)."""
    observer = actor.hub.shared.observer
    times = getattr(observer, "times", None)
    tries = getattr(observer, "tries", None)
    run = room.run
    reasons: list[dict[str, Any]] = []
    if run is None:
        return reasons
    connected = set(room_actor.players) if room_actor is not None else None
    idle_ms = int(actor.klass.options.get("help_idle_s", 60)) * 1000
    now = times.clock() if times is not None else None
    for p in room.players:
        if p.gone or p.seat is None or p.bot is not None:
            continue
        student = actor.student_at(table, room, p.id)
        if student is None:
            continue
        who = {"student": student, "name": p.name}
        idle = _idle_ms(actor, room, analysis, p.id, now)
        if idle is not None and idle >= idle_ms:
            reasons.append({"reason": "idle", **who, "seconds": idle // 1000})
        if tries is not None:
            count = tries.since_move(room.id, p.id)
            if count >= HELP_REFUSED:
                reasons.append({"reason": "refused", **who, "count": count})
        # a cluster hub reading a table that runs elsewhere does not know who is connected there
        if connected is not None and (p.id not in connected or getattr(p, "stand_in", False)):
            reasons.append({"reason": "disconnected", **who})
    return reasons
