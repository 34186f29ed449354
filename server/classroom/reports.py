"""Per-student reports of a class, from its tables' logs: live, at the end, as CSV and JSON (issue 25).

Each table's room log is read from the store and fed to a
:class:`~server.classroom.analytics.TableAnalysis` incrementally (only the
records added since the last report), so the dashboard can ask often; the
report itself is computed whenever it is asked for.  A room player is a
student when their seat token hash is the one the class derived for that
student at that table; bots are nobody's, and the moves a bot made for a
student (a stand-in, the turn timer) are not the student's.  Every student
on the roster has a row, with zeros when they have not played.

docs/classroom.md defines every figure; docs/protocol.md gives the shape.
"""

from __future__ import annotations

import bisect
import csv
import io
import statistics
from collections.abc import Mapping
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any

from games.contract import GameSpec
from games.splittissimo.cards import CARDS
from server import records
from server.classroom import levels as level_rules
from server.classroom import words
from server.classroom.analytics import MIXED_NUMBERS, RELATIONS, TableAnalysis
from server.classroom.attempts import TableTimes
from server.classroom.state import AttemptRejected, Class, Table
from server.classroom.tablehost import seat_hashes
from server.store.base import Store

#: The CSV's columns: one row per student; three columns per relation.
CSV_COLUMNS = (
    "student",
    "name",
    "games",
    "tricks",
    "pizzas_delivered",
    "misses",
    "hints",
    "rejected",
    "rules_broken",
    MIXED_NUMBERS,
    "turns",
    "turn_seconds_median",
    *(f"{r}_{what}" for r in RELATIONS for what in ("used", "missed", "refused")),
    "next_step",
    "removed",
)

#: A student "may need the teacher" (the summary) after at least this many misses and refused tries together ...
STRUGGLE_LEAST = 3
#: ... when they are at least this many times their tricks.
STRUGGLE_RATIO = 2


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


def _iso_ms(ms: int | None) -> str | None:
    return None if ms is None else datetime.fromtimestamp(ms / 1000, UTC).isoformat(timespec="seconds")


def paused_within(klass: Class, start_ms: int, end_ms: int) -> int:
    """How many ms of ``start_ms``..``end_ms`` the class was paused: nobody at a table could move then.

    The pause in force, if any, counts up to ``end_ms``; pauses from a log
    written before they were timed are not known, and count nothing.
    """
    pauses = klass.pauses
    if klass.paused and klass.paused_since_ms:
        pauses += ((klass.paused_since_ms, end_ms),)
    return sum(max(0, min(end_ms, to) - max(start_ms, since)) for since, to in pauses)


class Reports:
    """The reports of one class; keeps each table's analysis between calls."""

    def __init__(self, store: Store, games: Mapping[str, GameSpec], times: TableTimes | None = None) -> None:
        self.store = store
        self.games = games
        self.times = times if times is not None else TableTimes()
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

    async def build(self, klass: Class, *, now_ms: int | None = None) -> dict[str, Any]:
        """The whole report (docs/protocol.md, "The report")."""
        rows: dict[int, dict[str, Any]] = {
            s.id: {
                "student": s.id,
                "name": s.name,
                "removed": s in klass.removed,
                "games": 0,
                "tricks": 0,
                "pizzas": Fraction(0),
                "misses": 0,
                "hints": sum(n for (_, sid), n in klass.hints.items() if sid == s.id),
                "rejected": sum(klass.rejected.get(s.id, {}).values()),
                "rules_broken": dict(sorted(klass.rejected.get(s.id, {}).items())),
                MIXED_NUMBERS: 0,
                "relations": {r: {"used": 0, "missed": 0, "refused": 0} for r in RELATIONS},
                "turn_ms": [],
            }
            for s in sorted(klass.students + klass.removed, key=lambda s: s.id)
        }
        tricks: list[dict[str, Any]] = []
        misses: list[dict[str, Any]] = []
        turns: list[dict[str, Any]] = []
        analyses: dict[int, TableAnalysis] = {}
        #: Per student: their misses and refused tries, newest last, for the next step's example.
        missed_by: dict[int, list[dict[str, Any]]] = {sid: [] for sid in rows}
        refused_by: dict[int, list[dict[str, Any]]] = {sid: [] for sid in rows}
        per_table: dict[int, dict[str, Any]] = {}
        #: A record's ``game`` counts the games at its table's number (the label the teacher sees), which
        #: a new deal or a restart opens as a new room: the games of the earlier rooms under that label come first.
        games_before: dict[int, int] = {}
        first_game: dict[int, int] = {}
        for table in klass.tables:
            analysis = analyses[table.number] = await self.analysis(table)
            offset = first_game[table.number] = games_before.get(table.label, 0)
            games_before[table.label] = offset + analysis.games_started
            who = _students_by_player(klass, table, analysis)
            running = _running(analysis)
            at = self._clock(table.room)
            stats = per_table[table.number] = {"tricks": 0, "missed": []}
            for game in analysis.games_played:
                for pid in game.played:  # only a game the student played part of, and only the pizza they won
                    row = rows.get(who.get(pid, -1))
                    if row is not None:
                        row["games"] += 1
                        row["pizzas"] += game.own.get(pid, 0)
                        row[MIXED_NUMBERS] += pid in game.mixed
            for trick in analysis.tricks:
                row = rows.get(who.get(trick.player, -1))
                if row is None or trick.bot:
                    continue
                row["tricks"] += 1
                stats["tricks"] += 1
                for relation in trick.relations:
                    row["relations"][relation]["used"] += 1
                tricks.append(
                    {
                        "kind": "trick",
                        "student": row["student"],
                        "name": row["name"],
                        "table": table.label,
                        "game": offset + trick.game,
                        "turn": trick.turn,
                        "time": _iso_ms(at(trick.version)),
                        "hand": list(trick.hand),
                        "table_cards": list(trick.table),
                        "toppings": {
                            "hand": [list(t) for t in trick.hand_toppings],
                            "table": [list(t) for t in trick.table_toppings],
                        },
                        "sum": trick.text,
                        "relation": trick.relation,
                        "relations": list(trick.relations),
                    }
                )
            for miss in analysis.misses:
                row = rows.get(who.get(miss.player, -1))
                if row is None or miss.bot:
                    continue
                row["misses"] += 1
                stats["missed"].append(miss.relation)
                for relation in miss.relations:
                    row["relations"][relation]["missed"] += 1
                # The best trick's hand cards were in the student's hand: held while that game runs.
                held = running and miss.game == analysis.games_started
                record = {
                    "kind": "miss",
                    "student": row["student"],
                    "name": row["name"],
                    "table": table.label,
                    "game": offset + miss.game,
                    "turn": miss.turn,
                    "time": _iso_ms(at(miss.version)),
                    "decision": miss.decision,
                    "hand": [] if held else list(miss.hand),
                    "table_cards": list(miss.table),
                    "toppings": {
                        "hand": [] if held else [list(t) for t in miss.hand_toppings],
                        "table": [list(t) for t in miss.table_toppings],
                    },
                    "amounts": {"hand": "" if held else miss.hand_amount, "table": miss.table_amount},
                    "sum": "" if held else miss.text,
                    "relation": miss.relation,
                    "relations": list(miss.relations),
                    "held": held,
                }
                misses.append(record)
                missed_by[row["student"]].append(record)
            for turn in analysis.turns:
                row = rows.get(who.get(turn.player, -1))
                if row is None or turn.bot:
                    continue
                started, ended = at(turn.start_version), at(turn.end_version)
                ms = None
                if started is not None and ended is not None:  # the student's time: the class's pauses left out
                    ms = ended - started - paused_within(klass, started, ended)
                if ms is not None:
                    row["turn_ms"].append(ms)
                turns.append(
                    {
                        "student": row["student"],
                        "name": row["name"],
                        "table": table.label,
                        "game": offset + turn.game,
                        "turn": turn.turn,
                        "seconds": None if ms is None else round(ms / 1000),
                        "started": _iso_ms(started),
                        "outcome": turn.outcome,
                    }
                )
        labels = {t.number: t.label for t in klass.tables}
        rejected = []
        for attempt in klass.attempts:
            row = rows.get(attempt.student)
            if row is None:
                continue
            record = _attempt_record(
                attempt, row, analyses.get(attempt.table), labels.get(attempt.table), first_game.get(attempt.table, 0)
            )
            rejected.append(record)
            if attempt.relation:
                row["relations"][attempt.relation]["refused"] += 1
                refused_by[attempt.student].append(record)
        students = []
        for row in rows.values():
            durations = row.pop("turn_ms")
            row["turns"] = sum(1 for t in turns if t["student"] == row["student"])
            row["turn_seconds_median"] = round(statistics.median(durations) / 1000) if durations else None
            row["turn_seconds_total"] = round(sum(durations) / 1000)
            row["next_step"] = _next_step(row, missed_by[row["student"]], refused_by[row["student"]])
            students.append(
                {**{k: v for k, v in row.items() if k != "pizzas"}, "pizzas_delivered": mixed_text(row["pizzas"])}
            )
        return {
            "class": klass.code,
            "generated_at": _iso_ms(now_ms if now_ms is not None else self.times.clock()),
            "relations": list(RELATIONS),
            "students": students,
            "summary": _summary([row for row in students if not row["removed"]]),  # the class as it is now
            "levels": _levels(klass, per_table),
            "changes": [
                {
                    "table": change.table,
                    "from": list(change.before),
                    "to": list(change.after),
                    "by": change.by,
                    "at": _iso_ms(change.at * 1000) if change.at else None,
                    "reasons": [dict(r) for r in change.reasons],
                    "text": words.change_line(change.table, change.before, change.after, change.by),
                }
                for change in klass.level_changes
            ],
            "tricks": tricks,
            "misses": misses,
            "rejected": rejected,
            "turns": turns,
        }

    def _clock(self, room: str) -> Any:
        return lambda version: self.times.at(room, version)

    async def csv(self, klass: Class) -> str:
        report = await self.build(klass)
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, extrasaction="ignore", lineterminator="\n")
        writer.writeheader()
        for row in report["students"]:
            broken = "; ".join(f"{code} x{n}" for code, n in row["rules_broken"].items())
            cells = {f"{r}_{what}": n for r, counts in row["relations"].items() for what, n in counts.items()}
            writer.writerow(
                {
                    **row,
                    **cells,
                    "name": _cell(row["name"]),
                    "rules_broken": broken,
                    "turn_seconds_median": "" if row["turn_seconds_median"] is None else row["turn_seconds_median"],
                    "next_step": _cell(row["next_step"]["text"]["en"]),
                    "removed": "yes" if row["removed"] else "no",
                }
            )
        return out.getvalue()


def _next_step(row: Mapping[str, Any], missed: list[dict[str, Any]], refused: list[dict[str, Any]]) -> dict[str, Any]:
    """The relation the student missed or got refused most, with an example from their own game (docs/classroom.md)."""
    name = row["name"]
    # Filed under each record's main relation (a standard trick also matches toppings: that is rarely the step).
    counts = {r: {"missed": 0, "refused": 0} for r in RELATIONS}
    for record in missed:
        if record["relation"] in counts:
            counts[record["relation"]]["missed"] += 1
    for record in refused:
        if record["relation"] in counts:
            counts[record["relation"]]["refused"] += 1
    scored = [(c["missed"] + c["refused"], c["missed"], -i, r) for i, (r, c) in enumerate(counts.items())]
    total, _, _, relation = max(scored)
    if total == 0:
        kind = "keep_going" if row["tricks"] else "no_play"
        return {
            "kind": kind,
            "relation": None,
            "count": 0,
            "example": None,
            "held": False,
            "text": words.next_step(kind, name, None, 0, None),
        }
    kind = "missed" if counts[relation]["missed"] >= counts[relation]["refused"] else "refused"
    count = counts[relation][kind]
    pool = [r for r in (missed if kind == "missed" else refused) if r["relation"] == relation]
    shown = next((r for r in reversed(pool) if not r.get("held")), None)
    example = None
    text_example = None
    if shown is not None:
        if kind == "missed":
            text_example = shown["sum"]
            example = {"hand": shown["hand"], "table": shown["table_cards"], "text": text_example}
        else:
            text_example = f"{' + '.join(shown['hand'])} | {' + '.join(shown['table_cards'])}"
            example = {"hand": shown["hand"], "table": shown["table_cards"], "text": text_example}
    return {
        "kind": kind,
        "relation": relation,
        "count": count,
        "example": example,
        "held": shown is None and bool(pool),
        "text": words.next_step(kind, name, relation, count, text_example),
    }


def _summary(students: list[dict[str, Any]]) -> dict[str, Any]:
    """What the class used, what most students missed, who may need the teacher (docs/classroom.md)."""
    of = len(students)
    rel: dict[str, dict[str, int]] = {}
    for r in RELATIONS:
        rel[r] = {
            "used": sum(s["relations"][r]["used"] for s in students),
            "used_by": sum(1 for s in students if s["relations"][r]["used"]),
            "missed_by": sum(1 for s in students if s["relations"][r]["missed"]),
            "refused_by": sum(1 for s in students if s["relations"][r]["refused"]),
            "never_used": sum(1 for s in students if not s["relations"][r]["used"]),
        }
    lines = [words.used_line([(r, c["used"]) for r, c in rel.items() if c["used"]])]
    most = max(RELATIONS, key=lambda r: (rel[r]["missed_by"], -RELATIONS.index(r)))
    most_missed = None
    if rel[most]["missed_by"]:
        most_missed = {"relation": most, "students": rel[most]["missed_by"], "of": of}
        lines.append(words.most_missed_line(most, rel[most]["missed_by"], of))
    # A relation the class met (used or missed by someone) that most students never used.
    met = [r for r in RELATIONS if rel[r]["used_by"] or rel[r]["missed_by"]]
    never = max(met, key=lambda r: (rel[r]["never_used"], -RELATIONS.index(r)), default=None)
    if never is not None and rel[never]["never_used"] and of:
        lines.append(words.never_used_line(never, rel[never]["never_used"], of))
    need = []
    for s in students:
        trouble = s["misses"] + s["rejected"]
        if trouble >= STRUGGLE_LEAST and trouble >= STRUGGLE_RATIO * s["tricks"]:
            reasons = ["many_misses"] if s["misses"] >= s["rejected"] else ["many_refused"]
            need.append({"student": s["student"], "name": s["name"], "reasons": reasons})
    return {"students": of, "relations": rel, "most_missed": most_missed, "lines": lines, "need_teacher": need}


def _levels(klass: Class, per_table: Mapping[int, Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Each open table's suggested dot levels for its next game (``server.classroom.levels``)."""
    out = []
    for table in klass.open_tables():
        stats = per_table.get(table.number, {"tricks": 0, "missed": []})
        dots = list(klass.options_for(table.number).get("dots", [1, 2, 3]))
        playing = list(table.options.get("dots", dots))
        found = level_rules.suggest(playing, stats["tricks"], stats["missed"])
        main = next((r for r in found.reasons if r.get("reason") not in ("top", "bottom")), found.reasons[0])
        out.append(
            {
                "table": table.label,
                "dots": list(found.dots),
                "next": dots,
                "suggested": list(found.suggested),
                "change": found.change,
                "reasons": [dict(r) for r in found.reasons],
                "text": words.level_line(table.label, found.change, found.dots, found.suggested, main),
            }
        )
    return out


def _attempt_record(
    attempt: AttemptRejected, row: Mapping[str, Any], analysis: TableAnalysis | None, label: int | None, offset: int = 0
) -> dict[str, Any]:
    """One rejected attempt as the JSON export shows it: who, where, which game, when, why and with what.

    ``offset``: the games played under the table's number before this table's room (see ``build``).
    """
    game = bisect.bisect_right(analysis.started_at, attempt.version) if analysis is not None else 0
    game_id = analysis.room.run.game if analysis is not None and analysis.room.run is not None else None
    # The cards tried were in the student's hand: while that game runs they stay out of the report
    # (issue 24 section 6), and come in once it has ended (the table's log then says so).
    held = analysis is not None and game == analysis.games_started and _running(analysis)
    params = dict(attempt.params)
    if held:  # the params name the hand cards tried too ("hand", "order", "hand_sum")
        params = {k: v for k, v in params.items() if k not in ("hand", "hand_sum", "order")}
    return {
        "kind": "rejected",
        "student": row["student"],
        "name": row["name"],
        "table": label if label is not None else attempt.table,
        "game": offset + game,
        "time": _iso_ms(attempt.at_ms) if attempt.at_ms else None,
        "code": attempt.code,
        "relation": attempt.relation,
        "relations": list(attempt.relations),
        "params": params,
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
        me = klass.anyone(sid)
        for hashed in seat_hashes(klass.secret, table.room, sid, me.device if me is not None else 0):
            hashes[hashed] = sid
    out = {}
    for p in analysis.room.players:
        for hashed in (p.token_hash, *getattr(p, "moved_hashes", ()), *analysis.player_hashes.get(p.id, ())):
            if hashed in hashes:
                out[p.id] = hashes[hashed]
                break
    return out
