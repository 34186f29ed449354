"""The projector's route (``GET /api/classes/CODE/screen``): public, and nothing about any one student.

Given a class playing at two tables, the projector's answer names the
tables, who sits there and whose turn it is, and how far each game is; it
carries no per-student figure (tricks, pizzas, misses, hints, refusals,
scores), no help flag and no room code or token, and an ended class shows
no names at all.
"""

from __future__ import annotations

import asyncio
import io
import json

import httpx
from test_classroom import join, open_class

from server.serve import banner

#: Every key the projector may send; anything else would be a figure leaking onto the wall.
CLASS_KEYS = {"code", "closed", "paused", "tables", "waiting", "join"}
TABLE_KEYS = {"number", "phase", "players", "active", "turn", "deck", "level"}
PLAYER_KEYS = {"name", "bot", "connected", "stand_in", "removed"}


async def test_the_projector_shows_tables_and_turns_and_no_figures(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http)
        for name in ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay"):
            await join(http, code, name)
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200

        for _ in range(200):  # (nobody has the turn while the cards are dealt: a moment after Start)
            answer = await http.get(f"/api/classes/{code}/screen")  # no token: the wall needs none
            assert answer.status_code == 200, answer.text
            shown = answer.json()
            if all(t["active"] is not None for t in shown["tables"]):
                break
            await asyncio.sleep(0.02)
        assert set(shown) == CLASS_KEYS
        assert shown["code"] == code and shown["join"].endswith(f"/class/{code}")
        assert [t["number"] for t in shown["tables"]] == [1, 2]
        for table in shown["tables"]:
            assert set(table) == TABLE_KEYS
            assert table["phase"] == "playing"
            assert table["active"] in {p["name"] for p in table["players"]}
            assert table["deck"] >= 0 and table["turn"] >= 0
            for player in table["players"]:
                assert set(player) == PLAYER_KEYS
        board = (await http.get(f"/api/classes/{code}/dashboard", headers=teacher)).json()
        text = json.dumps(shown)
        for table in board["tables"]:
            assert f'"{table["code"]}"' not in text  # a table's room code would let anyone watch hands' counts

        assert (await http.get("/api/classes/ZZZZZZ/screen")).status_code == 404
        assert (await http.post(f"/api/classes/{code}/end", headers=teacher)).status_code == 200
        ended = (await http.get(f"/api/classes/{code}/screen")).json()
        assert ended["closed"] is True and ended["tables"] == [] and ended["waiting"] == []


def test_serve_prints_the_teachers_address_beside_the_tv_and_phones():
    out = io.StringIO()
    banner("http://192.168.1.20:8000", "embedded", "data", out=out)
    lines = out.getvalue().splitlines()
    assert any(
        line.strip().startswith("Teacher") and line.endswith("http://192.168.1.20:8000/teacher") for line in lines
    )
    assert any(line.endswith("/tv") for line in lines) and any(line.endswith("/join") for line in lines)


async def test_while_the_cards_are_dealt_nobody_has_the_turn_on_the_projector_or_the_dashboard(server):
    # (the game's view says seat 0 while it deals; the first turn may be anyone's: a teacher saw a wrong mark)
    from games import values
    from games.splittissimo.state import DEALING

    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http)
        for name in ("Ada", "Ben"):
            await join(http, code, name)
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        [table] = server.app.state.classes.find(code).klass.open_tables()
        actor = server.hub.rooms[table.room]
        room = actor.room
        dealing = values.replace(room, run=values.replace(room.run, state=values.replace(room.run.state, phase=DEALING)))
        actor.room = dealing  # the moment between Start and the deal's end, held still
        try:
            shown = (await http.get(f"/api/classes/{code}/screen")).json()["tables"][0]
            board = (await http.get(f"/api/classes/{code}/dashboard", headers=teacher)).json()["tables"][0]
        finally:
            actor.room = room
        assert (shown["phase"], shown["active"]) == ("playing", None)
        assert (board["phase"], board["active"]) == ("playing", None)
