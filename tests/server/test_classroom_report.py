"""The class report (issue 25 section 2): every roster student, relations used/missed/refused, times, the CSV's
columns, the next step, the class summary, and the suggested dot levels a teacher applies (or the class adapts)."""

from __future__ import annotations

import asyncio
import csv
import io
import random
from collections import Counter

import httpx
import pytest
from test_classroom import OPTIONS, join, open_class, where

from games.splittissimo.relations import RELATIONS
from server.classroom import levels
from server.classroom.reports import CSV_COLUMNS

from phoneplay import phone_loop
from wsclient import Peer

STANDARD = {**OPTIONS, "level": "standard", "bots": False, "table_size": 2}


async def _play_one_game(server, http, options: dict, names=("Ada", "Ben")):
    code, teacher = await open_class(http, options)
    tokens = {name: await join(http, code, name) for name in names}
    assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
    await _play_dealt(server, http, code, tokens.values())
    return code, teacher


async def _play_dealt(server, http, code: str, tokens) -> None:
    """The students of these class tokens play the game they were dealt to its end, on their phones."""
    phones = []
    for token in tokens:
        seat = await where(http, code, token)
        phones.append(
            await Peer.open(server.url, {"role": "player", "room": seat["room"], "token": seat["seat_token"]})
        )
    await asyncio.gather(*(phone_loop(phone, random.Random(i)) for i, phone in enumerate(phones)))
    for phone in phones:
        await phone.close()


async def test_a_finished_games_report_adds_up_and_gives_times_next_steps_and_a_summary(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await _play_one_game(server, http, STANDARD)
        # a student who joined late and waits for the next game is in the report, with zeros
        await join(http, code, "Cleo")
        report = (await http.get(f"/api/classes/{code}/report", headers=teacher)).json()
        rows = {row["name"]: row for row in report["students"]}
        assert set(rows) == {"Ada", "Ben", "Cleo"}
        assert report["relations"] == list(RELATIONS)
        cleo = rows["Cleo"]
        assert (cleo["games"], cleo["tricks"], cleo["misses"], cleo["rejected"], cleo["turns"]) == (0, 0, 0, 0, 0)
        assert cleo["relations"] == {r: {"used": 0, "missed": 0, "refused": 0} for r in RELATIONS}
        assert cleo["next_step"]["kind"] == "no_play" and cleo["next_step"]["text"]["es"]
        # Each student's relation counts are the records' own (an independent recount)
        for name, row in rows.items():
            used = Counter(r for t in report["tricks"] if t["name"] == name for r in t["relations"])
            missed = Counter(r for m in report["misses"] if m["name"] == name for r in m["relations"])
            refused = Counter(a["relation"] for a in report["rejected"] if a["name"] == name and a["relation"])
            for relation in RELATIONS:
                assert row["relations"][relation] == {
                    "used": used[relation],
                    "missed": missed[relation],
                    "refused": refused[relation],
                }, (name, relation)
            assert row["tricks"] == sum(1 for t in report["tricks"] if t["name"] == name)
            assert row["misses"] == sum(1 for m in report["misses"] if m["name"] == name)
        assert sum(row["turns"] for row in rows.values()) == len(report["turns"]) > 0
        # The game is over: the misses show their cards; every record has its time, every turn its length
        for miss in report["misses"]:
            assert miss["held"] is False and miss["hand"] and miss["sum"] and miss["relation"] in RELATIONS
            assert miss["decision"] in ("end_turn", "pass")
            steps = miss["sum"].split(" = ")
            assert len(steps) == len(set(steps)) or steps[0] == steps[1]  # no amount twice (but "6/8 = 6/8")
        assert all(record["time"] for record in report["tricks"] + report["misses"])
        assert all(turn["seconds"] is not None and turn["seconds"] >= 0 for turn in report["turns"])
        for name in ("Ada", "Ben"):
            step = rows[name]["next_step"]
            assert set(step["text"]) == {"en", "es"} and name in step["text"]["en"]
            if step["kind"] == "missed" and step["example"]:
                assert step["example"]["text"] in step["text"]["en"]
        summary = report["summary"]
        assert summary["students"] == 3
        for relation in RELATIONS:
            by = summary["relations"][relation]
            assert by["used_by"] == sum(1 for r in rows.values() if r["relations"][relation]["used"])
            assert by["never_used"] == 3 - by["used_by"]
        assert summary["lines"] and all(set(line) == {"en", "es"} for line in summary["lines"])
        # The CSV: one row per student, three columns per relation, the same figures
        text = (await http.get(f"/api/classes/{code}/report.csv", headers=teacher)).text
        table = list(csv.DictReader(io.StringIO(text)))
        assert tuple(csv.reader(io.StringIO(text)).__next__()) == CSV_COLUMNS
        assert {row["name"] for row in table} == {"Ada", "Ben", "Cleo"}
        for row in table:
            for relation in RELATIONS:
                for what in ("used", "missed", "refused"):
                    assert int(row[f"{relation}_{what}"]) == rows[row["name"]]["relations"][relation][what]
            assert row["next_step"] == rows[row["name"]]["next_step"]["text"]["en"]


async def test_a_removed_students_row_stays_and_a_tables_next_game_is_its_game_two(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        # Given Ada and Ben's game played out, Cleo waiting, then Ben removed by the teacher
        code, teacher = await open_class(http, STANDARD)
        tokens = {name: await join(http, code, name) for name in ("Ada", "Ben")}
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        await _play_dealt(server, http, code, tokens.values())
        tokens["Cleo"] = await join(http, code, "Cleo")
        first = (await http.get(f"/api/classes/{code}/report", headers=teacher)).json()
        ben = next(r for r in first["students"] if r["name"] == "Ben")
        assert ben["turns"] > 0 and ben["games"] == 1 and ben["removed"] is False
        assert {t["game"] for t in first["turns"]} == {1}
        assert (await http.delete(f"/api/classes/{code}/students/{ben['student']}", headers=teacher)).status_code == 200
        # When the next game is dealt to Ada and Cleo, at the table the teacher calls 1 again, and played
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        await _play_dealt(server, http, code, (tokens["Ada"], tokens["Cleo"]))
        report = (await http.get(f"/api/classes/{code}/report", headers=teacher)).json()
        rows = {r["name"]: r for r in report["students"]}
        # Then Ben's row is still there as it was, marked removed, and the summary counts the class as it is now
        assert rows["Ben"]["removed"] is True
        assert {k: v for k, v in rows["Ben"].items() if k != "removed"} == {k: v for k, v in ben.items() if k != "removed"}
        assert report["summary"]["students"] == 2 and not rows["Ada"]["removed"] and not rows["Cleo"]["removed"]
        assert (rows["Ada"]["games"], rows["Cleo"]["games"]) == (2, 1)
        # And the second game's records say game 2 at table 1 (its own room, the table's number kept)
        cleo_turns = [t for t in report["turns"] if t["name"] == "Cleo"]
        assert cleo_turns and {(t["table"], t["game"]) for t in cleo_turns} == {(1, 2)}
        assert {t["game"] for t in report["turns"] if t["name"] == "Ada"} == {1, 2}
        text = (await http.get(f"/api/classes/{code}/report.csv", headers=teacher)).text
        assert {r["name"]: r["removed"] for r in csv.DictReader(io.StringIO(text))} == {"Ada": "no", "Ben": "yes", "Cleo": "no"}


def test_the_level_suggestion_follows_misses_and_tricks():
    down = levels.suggest([1, 2, 3], tricks=4, missed_relations=["equivalent_fractions"] * 2 + ["same_card"])
    assert (down.suggested, down.change) == ((1, 2), "down")
    assert down.reasons[0] == {"reason": "misses", "count": 3, "of": 7, "relation": "equivalent_fractions"}
    up = levels.suggest([1], tricks=6, missed_relations=[])
    assert (up.suggested, up.change, up.reasons[0]["reason"]) == ((1, 2), "up", "no_misses")
    assert levels.suggest([1, 2, 3], tricks=9, missed_relations=[]).change == "same"  # already at the top
    assert levels.suggest([1], tricks=1, missed_relations=["same_card"] * 2).change == "same"  # at the bottom
    assert levels.suggest([1, 2], tricks=2, missed_relations=[]).reasons[0]["reason"] == "too_little_play"
    assert levels.suggest([1, 2], tricks=9, missed_relations=["same_card"]).change == "same"  # 1 of 10 missed


@pytest.mark.parametrize("automatic", [False, True])
async def test_the_suggested_level_is_applied_with_one_tap_or_automatically_and_the_report_says_why(
    server, monkeypatch, automatic
):
    reason = {"reason": "misses", "count": 4, "of": 6, "relation": "equivalent_fractions"}
    monkeypatch.setattr(
        levels, "suggest", lambda dots, tricks, missed: levels.Suggestion(tuple(dots), (1, 2), "down", (reason,))
    )
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http, {**STANDARD, "adapt_levels": automatic})
        for name in ("Ada", "Ben"):
            await join(http, code, name)
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        report = (await http.get(f"/api/classes/{code}/report?only=students", headers=teacher)).json()
        [level] = report["levels"]
        assert (level["table"], level["dots"], level["suggested"], level["change"]) == (1, [1, 2, 3], [1, 2], "down")
        assert "Table 1" in level["text"]["en"] and "Mesa 1" in level["text"]["es"]
        assert "tricks" not in report and "misses" not in report  # the rows alone name no card
        if automatic:
            restarted = await http.post(f"/api/classes/{code}/tables/1/restart", headers=teacher)
            assert restarted.status_code == 200
        else:
            applied = await http.post(f"/api/classes/{code}/levels", headers=teacher, json={"table": 1})
            assert applied.json() == {"applied": [{"table": 1, "from": [1, 2, 3], "to": [1, 2]}]}
            again = await http.post(f"/api/classes/{code}/levels", headers=teacher, json={"table": 1})
            assert again.json() == {"applied": []}  # already the next game's dots
            assert (await http.post(f"/api/classes/{code}/tables/1/restart", headers=teacher)).status_code == 200
        board = (await http.get(f"/api/classes/{code}/dashboard", headers=teacher)).json()
        assert board["tables"][0]["options"]["dots"] == [1, 2]
        report = (await http.get(f"/api/classes/{code}/report", headers=teacher)).json()
        [change] = report["changes"]
        assert (change["table"], change["from"], change["to"]) == (1, [1, 2, 3], [1, 2])
        assert change["by"] == ("auto" if automatic else "teacher") and change["reasons"] == [reason]
        assert "1, 2, 3 -> 1, 2" in change["text"]["en"]
        missing = await http.post(f"/api/classes/{code}/levels", headers=teacher, json={"table": 9})
        assert missing.status_code == 404 and missing.json()["error"] == "class/unknown_table"
