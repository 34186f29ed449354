"""What the class's projector shows: the tables, whose turn, how far each game is, and how to join.

The projector is on the wall, in front of every child, so it shows no
figure about any one student (no tricks, pizzas, misses, hints, refused
attempts, scores or winners) and nothing a teacher acts on (no help flags,
no controls): those are on the teacher's own device (``dashboard``).  Each
table's game comes from its ``view`` for the shared screen (``SCREEN``), the
same value a TV is sent.  The answer is built field by field from that
list, so a figure added to the dashboard never reaches the wall by itself.

Anyone with the class code may read it (the code is written on the wall
and lets anyone join the class anyway); an ended class shows no names.
"""

from __future__ import annotations

from typing import Any

from games.contract import SCREEN
from server.classroom.actor import ClassActor
from server.classroom.analytics import SPLITTISSIMO
from server.classroom.state import Table


async def screen(actor: ClassActor) -> dict[str, Any]:
    klass = actor.klass
    if klass.closed is not None:
        return {"code": klass.code, "closed": True, "paused": False, "tables": [], "waiting": []}
    tables = [await _table(actor, table) for table in klass.open_tables_by_label()]
    seated = {sid for table in klass.open_tables() for sid in table.students}
    return {
        "code": klass.code,
        "closed": False,
        "paused": klass.paused,
        "tables": tables,
        # who waits for the next game (a place, not a figure): they look for their name here
        "waiting": [s.name for s in klass.students if s.id not in seated],
    }


async def _table(actor: ClassActor, table: Table) -> dict[str, Any]:
    out: dict[str, Any] = {"number": table.label, "phase": "closed", "players": [], "active": None}
    found = await actor.table_room(table)
    if found is None:
        return out
    room, _, connected = found
    games = actor.hub.games
    out["phase"] = room.phase(games)
    out["players"] = [
        {
            "name": p.name,
            "bot": p.bot is not None,
            "connected": p.bot is not None or p.id in connected,
            # a bot plays for this absent (or removed) student
            "stand_in": bool(getattr(p, "stand_in", False)) or p.gone,
            # removed by the teacher: the bot plays the seat to the end of the game ("for now" would not be true)
            "removed": p.gone,
        }
        for p in room.players
        if p.seat is not None and (not p.gone or room.run is not None)
    ]
    if room.run is None or room.run.game != SPLITTISSIMO:
        return out
    view = games[room.run.game].view(room.run.state, SCREEN)
    names = {p.seat: p.name for p in room.players if p.seat is not None}
    playing = out["phase"] == "playing"
    out.update(
        {
            # nobody's turn yet while the cards are dealt (the view's seat 0 is no turn)
            "active": names.get(view.active) if playing and view.phase != "dealing" else None,
            # how far the game is: the turn and the cards left to draw (the same for everyone at the table)
            "turn": view.turn,
            "deck": view.deck_size,
            "level": view.level,
        }
    )
    return out
