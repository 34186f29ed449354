"""Per-student reports of a class, from its tables' logs: live, at the end, as CSV and JSON.

Each table's room log is read from the store and fed to a
:class:`~server.classroom.analytics.TableAnalysis` incrementally (only the
records added since the last report), so the dashboard can ask often.  A
room player is a student when their seat token hash is the one the class
derived for that student at that table; bots are nobody's.
"""

from __future__ import annotations

import bisect
import csv
import io
from collections.abc import Mapping
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any

from games.contract import GameSpec
from games.splittissimo.cards import CARDS
from server import records
from server.classroom.analytics import MIXED_NUMBERS, RELATIONS, TableAnalysis
from server.classroom.state import AttemptRejected, Class, Table
from server.classroom.tablehost import seat_hashes
from server.store.base import Store

CSV_COLUMNS = (
    "student",
    "name",
    "games",
    "tricks",
    "pizzas_delivered",
    *RELATIONS,
    "misses",
    "hints",
    "rejected",
    "rules_broken",
)


def _cell(text: str) -> str:
    """A name as a CSV cell a spreadsheet shows as text, never runs as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def mixed_text(value: Fraction) -> str:
    """``27/2`` as ``13 1/2``, as children read it."""
    whole, rest = divmod(abs(value.numerator), value.denominator)
    sign = "-" if value < 0 else ""
    if rest == 0:
        return f"{sign}{whole}"
    return f"{sign}{whole} {rest}/{value.denominator}" if whole else f"{sign}{rest}/{value.denominator}"


class Reports:
    """The reports of one class; keeps each table's analysis between calls."""

    def __init__(self, store: Store, games: Mapping[str, GameSpec]) -> None:
        self.store = store
        self.games = games
        self._tables: dict[str, TableAnalysis] = {}

    async def analysis(self, table: Table) -> TableAnalysis:
        analysis = self._tables.get(table.room)
        if analysis is None:
            analysis = self._tables[table.room] = TableAnalysis(self.games)
        for record in await self.store.read(table.room, analysis.room.version):
            if record.version <= analysis.room.version:
                continue  # a concurrent report (the dashboard's) fed it while this one was reading
            analysis.feed(records.decode(record.data, analysis.room, self.games))
        return analysis

    async def build(self, klass: Class) -> dict[str, Any]:
        """``{"students": [...one row each...], "tricks": [...], "misses": [...]}``."""
        rows: dict[int, dict[str, Any]] = {
            s.id: {
                "student": s.id,
                "name": s.name,
                "games": 0,
                "tricks": 0,
                "pizzas": Fraction(0),
                **{r: 0 for r in RELATIONS},
                "misses": 0,
                "hints": sum(n for (_, sid), n in klass.hints.items() if sid == s.id),
                "rejected": sum(klass.rejected.get(s.id, {}).values()),
                "rules_broken": dict(sorted(klass.rejected.get(s.id, {}).items())),
            }
            for s in klass.students
        }
        tricks: list[dict[str, Any]] = []
        misses: list[dict[str, Any]] = []
        analyses: dict[int, TableAnalysis] = {}
        for table in klass.tables:
            analysis = analyses[table.number] = await self.analysis(table)
            who = _students_by_player(klass, table, analysis)
            for game in analysis.games_played:
                for pid, (delivered, _score) in game.results.items():
                    row = rows.get(who.get(pid, -1))
                    if row is not None:
                        row["games"] += 1
                        row["pizzas"] += delivered
                        row[MIXED_NUMBERS] += pid in game.mixed
            for trick in analysis.tricks:
                row = rows.get(who.get(trick.player, -1))
                if row is None:
                    continue
                row["tricks"] += 1
                for relation in trick.relations:
                    row[relation] += 1
                tricks.append(
                    {
                        "kind": "trick",
                        "student": row["student"],
                        "name": row["name"],
                        "table": table.label,
                        "game": trick.game,
                        "hand": list(trick.hand),
                        "table_cards": list(trick.table),
                        "sum": trick.text,
                        "relations": list(trick.relations),
                    }
                )
            for miss in analysis.misses:
                row = rows.get(who.get(miss.player, -1))
                if row is None:
                    continue
                row["misses"] += 1
                misses.append(
                    {
                        "kind": "miss",
                        "student": row["student"],
                        "name": row["name"],
                        "table": table.label,
                        "game": miss.game,
                        "turn": miss.turn,
                        "hand": list(miss.hand),
                        "table_cards": list(miss.table),
                    }
                )
        students = [
            {**{k: v for k, v in row.items() if k != "pizzas"}, "pizzas_delivered": mixed_text(row["pizzas"])}
            for row in rows.values()
        ]
        labels = {t.number: t.label for t in klass.tables}
        rejected = [
            _attempt_record(attempt, rows[attempt.student], analyses.get(attempt.table), labels.get(attempt.table))
            for attempt in klass.attempts
            if attempt.student in rows
        ]
        return {"class": klass.code, "students": students, "tricks": tricks, "misses": misses, "rejected": rejected}

    async def csv(self, klass: Class) -> str:
        report = await self.build(klass)
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, extrasaction="ignore", lineterminator="\n")
        writer.writeheader()
        for row in report["students"]:
            broken = "; ".join(f"{code} x{n}" for code, n in row["rules_broken"].items())
            writer.writerow({**row, "name": _cell(row["name"]), "rules_broken": broken})
        return out.getvalue()


def _attempt_record(
    attempt: AttemptRejected, row: Mapping[str, Any], analysis: TableAnalysis | None, label: int | None
) -> dict[str, Any]:
    """One rejected attempt as the JSON export shows it: who, where, which game, when, why and with what."""
    game = bisect.bisect_right(analysis.started_at, attempt.version) if analysis is not None else 0
    game_id = analysis.room.run.game if analysis is not None and analysis.room.run is not None else None
    # The cards tried were in the student's hand: while that game runs they stay out of the report
    # (issue 24 section 6), and come in once it has ended (the table's log then says so).
    held = analysis is not None and game == analysis.games_started and _running(analysis)
    return {
        "kind": "rejected",
        "student": row["student"],
        "name": row["name"],
        "table": label if label is not None else attempt.table,
        "game": game,
        "time": datetime.fromtimestamp(attempt.at_ms / 1000, UTC).isoformat(timespec="seconds") if attempt.at_ms else None,
        "code": attempt.code,
        "command": attempt.command,
        "hand": [] if held else _card_texts(attempt.hand, game_id),
        "table_cards": [] if held else _card_texts(attempt.table_cards, game_id),
        #: True while the attempt's game runs: the cards it named are held back until the game ends.
        "held": held,
    }


def _running(analysis: TableAnalysis) -> bool:
    """Whether the table's latest game is still being played (not over, room not closed)."""
    room = analysis.room
    if room.run is None or room.closed is not None:
        return False
    return not analysis.games[room.run.game].is_terminal(room.run.state)


def _card_texts(ids: tuple[int, ...], game_id: str | None) -> list[str]:
    """Splittissimo card ids as the cards' printed amounts (what a teacher reads); other games' ids as they are."""
    if game_id == "splittissimo":
        return [CARDS[i].text if i < len(CARDS) else "?" for i in ids]
    return [str(i) for i in ids]


def _students_by_player(klass: Class, table: Table, analysis: TableAnalysis) -> dict[int, int]:
    """Room player id -> student id, by the seat token hashes the class derived for each student.

    A student who moved to a new device had one seat token per device
    (``seat_hashes``): every one of them is the same student, so a hand-over
    never makes two students of one.
    """
    hashes: dict[str, int] = {}
    for sid in table.students:
        me = klass.student(sid)
        for hashed in seat_hashes(klass.secret, table.room, sid, me.device if me is not None else 0):
            hashes[hashed] = sid
    out = {}
    for p in analysis.room.players:
        for hashed in (p.token_hash, *getattr(p, "moved_hashes", ())):
            if hashed in hashes:
                out[p.id] = hashes[hashed]
                break
    return out
