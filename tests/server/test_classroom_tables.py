"""A class's tables over real HTTP and websockets: who sits where, late joiners, per-table options,
no-speed play and what the projector shows of each table (issue 12, items 2 and 4)."""

from __future__ import annotations

import asyncio
import random

import httpx
import pytest
from test_classroom import OPTIONS, join, open_class, where

from games.splittissimo.cards import CARDS

from phoneplay import phone_loop
from wsclient import Peer


async def board(http: httpx.AsyncClient, code: str, teacher: dict) -> dict:
    reply = await http.get(f"/api/classes/{code}/dashboard", headers=teacher)
    assert reply.status_code == 200, reply.text
    return reply.json()


async def phone_at(server, seat: dict) -> Peer:
    return await Peer.open(server.url, {"role": "player", "room": seat["room"], "token": seat["seat_token"]})


async def test_three_students_at_tables_of_two_sit_together_and_nobody_plays_alone(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http, {**OPTIONS, "table_size": 2, "bots": True})
        tokens = [await join(http, code, name) for name in ("Ada", "Ben", "Cleo")]
        started = await http.post(f"/api/classes/{code}/start", headers=teacher)
        assert started.status_code == 200, started.text
        seen = await board(http, code, teacher)
        assert [sorted(p["name"] for p in t["players"]) for t in seen["tables"]] == [["Ada", "Ben", "Cleo"]]
        assert not any(p["bot"] for t in seen["tables"] for p in t["players"])
        assert seen["waiting"] == []
        assert len({(await where(http, code, token))["room"] for token in tokens}) == 1


async def test_a_lone_student_waits_for_a_classmate_even_with_bots(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http, {**OPTIONS, "bots": True})
        ada = await join(http, code, "Ada")
        refused = await http.post(f"/api/classes/{code}/start", headers=teacher)
        assert refused.status_code == 409 and refused.json()["error"] == "class/no_students"
        assert (await board(http, code, teacher))["tables"] == []  # no table was opened and left behind
        alone = await where(http, code, ada)
        assert (alone["room"], alone["waiting"]) == (None, "classmate")
        await join(http, code, "Ben")
        assert (await where(http, code, ada))["waiting"] == "next_game"
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        seated = await where(http, code, ada)
        assert seated["waiting"] is None and seated["room"] is not None


async def test_late_joiners_fill_a_table_between_games_or_wait_for_the_next(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http, {**OPTIONS, "table_size": 4, "bots": False})
        tokens = {name: await join(http, code, name) for name in ("Ada", "Ben")}
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).json() == {"tables": [1]}
        seats = {name: await where(http, code, token) for name, token in tokens.items()}
        phones = [await phone_at(server, seat) for seat in seats.values()]
        await phones[0].until(lambda s: s["game"] is not None and s["game"]["phase"] != "dealing")

        # Given table 1 is playing, when Cleo joins, then she waits for the next game (her phone says so).
        joined = await http.post(f"/api/classes/{code}/join", json={"name": "Cleo"})
        assert (joined.json()["room"], joined.json()["waiting"]) == (None, "next_game")
        tokens["Cleo"] = joined.json()["token"]
        assert (await board(http, code, teacher))["waiting"] == ["Cleo"]

        # Given table 1's game is over (between games), when Dev joins, then he sits there at once.
        await asyncio.gather(*(phone_loop(phone, random.Random(3)) for phone in phones))
        joined = await http.post(f"/api/classes/{code}/join", json={"name": "Dev"})
        dev = joined.json()
        assert (dev["table"], dev["room"], dev["waiting"]) == (1, seats["Ada"]["room"], None)
        tokens["Dev"] = dev["token"]
        dev_phone = await phone_at(server, dev)  # his seat token is a seat in that room
        assert dev_phone.welcome["player"] is not None
        assert (await board(http, code, teacher))["waiting"] == ["Cleo"]

        # When the teacher restarts the table, then Cleo (waiting) fills its last free seat.
        # (the table keeps its number, Table 1, when it restarts)
        assert (await http.post(f"/api/classes/{code}/tables/1/restart", headers=teacher)).json() == {"table": 1}
        seen = await board(http, code, teacher)
        assert [sorted(p["name"] for p in t["players"]) for t in seen["tables"]] == [["Ada", "Ben", "Cleo", "Dev"]]
        assert seen["waiting"] == []
        for phone in (*phones, dev_phone):
            await phone.close()


async def test_a_late_joiner_never_overfills_a_table(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http, {**OPTIONS, "table_size": 2, "bots": False})
        tokens = [await join(http, code, name) for name in ("Ada", "Ben")]
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        phones = [await phone_at(server, await where(http, code, token)) for token in tokens]
        await asyncio.gather(*(phone_loop(phone, random.Random(8)) for phone in phones))
        # The table's game is over, but it is full at the size the teacher chose: Cleo waits.
        cleo = (await http.post(f"/api/classes/{code}/join", json={"name": "Cleo"})).json()
        assert (cleo["room"], cleo["waiting"]) == (None, "next_game")
        for phone in phones:
            await phone.close()


async def test_one_tables_level_and_dots_survive_start_all_and_all_tables_options_replace_them(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http, {**OPTIONS, "table_size": 2})
        for name in ("Ada", "Ben", "Cleo", "Dev"):
            await join(http, code, name)
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).json() == {"tables": [1, 2]}
        change = await http.post(
            f"/api/classes/{code}/options",
            headers=teacher,
            json={"options": {"level": "advanced", "dots": [1]}, "table": 1},
        )
        assert change.status_code == 200, change.text

        # When the teacher starts a new deal mid-game, then it asks first (the tables are playing) ...
        asked = await http.post(f"/api/classes/{code}/start", headers=teacher)
        assert asked.status_code == 409 and asked.json()["error"] == "class/tables_playing"
        assert asked.json()["params"] == {"tables": "1, 2", "count": 2}
        # ... and, told to restart them, the first table (same number) plays the first table's options.
        restart = {"running": "restart"}
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher, json=restart)).json() == {"tables": [1, 2]}
        seen = {t["number"]: t["options"] for t in (await board(http, code, teacher))["tables"]}
        assert (seen[1]["level"], seen[1]["dots"]) == ("advanced", [1])
        assert (seen[2]["level"], seen[2]["dots"]) == ("easy", [1, 2, 3])
        klass = server.app.state.classes.find(code).klass
        states = {t.label: server.hub.rooms[t.room].room.run.state for t in klass.open_tables()}
        assert (states[1].level, states[1].dots) == ("advanced", (1,))
        assert (states[2].level, states[2].dots) == ("easy", (1, 2, 3))

        # And through a second deal after "end all" too.
        assert (await http.post(f"/api/classes/{code}/end_tables", headers=teacher)).status_code == 200
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).json() == {"tables": [1, 2]}
        seen = {t["number"]: t["options"]["level"] for t in (await board(http, code, teacher))["tables"]}
        assert seen == {1: "advanced", 2: "easy"}

        # When the teacher changes the options of all tables, then every table's next game has them.
        change = await http.post(
            f"/api/classes/{code}/options", headers=teacher, json={"options": {"level": "standard", "dots": [2]}}
        )
        assert change.status_code == 200
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher, json=restart)).json() == {"tables": [1, 2]}
        seen = {t["number"]: (t["options"]["level"], t["options"]["dots"]) for t in (await board(http, code, teacher))["tables"]}
        assert seen == {1: ("standard", [2]), 2: ("standard", [2])}


@pytest.mark.parametrize("level", ["standard", "advanced"])
async def test_no_speed_play_deals_no_purple_cards(server, level):
    """Given reaction window 0, then the tables' decks hold no Cancelled or Special Orders."""
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http, {**OPTIONS, "level": level, "reaction_ms": 0})
        for name in ("Ada", "Ben"):
            await join(http, code, name)
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        [table] = server.app.state.classes.find(code).klass.open_tables()
        actor = server.hub.rooms[table.room]
        for _ in range(200):
            if actor.room.run.state.hands:
                break
            await asyncio.sleep(0.02)
        state = actor.room.run.state
        assert state.specials is False and state.level == level
        cards = [*state.deck, *(c for hand in state.hands for c in hand)]
        assert cards and not any(CARDS[c].is_special for c in cards)


async def test_with_a_reaction_window_the_purple_cards_stay(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http, {**OPTIONS, "level": "advanced", "reaction_ms": 1000})
        for name in ("Ada", "Ben"):
            await join(http, code, name)
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        [table] = server.app.state.classes.find(code).klass.open_tables()
        state = server.hub.rooms[table.room].room.run.state
        assert state.specials is True


async def test_the_dashboard_shows_whose_turn_cards_left_and_the_last_tricks_sum(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http, {**OPTIONS, "level": "easy", "bots": False})
        tokens = {name: await join(http, code, name) for name in ("Ada", "Ben")}
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        phones = {name: await phone_at(server, await where(http, code, t)) for name, t in tokens.items()}
        [table] = server.app.state.classes.find(code).klass.open_tables()
        actor = server.hub.rooms[table.room]

        def truth() -> tuple[str, dict[str, int]]:
            """Whose turn and the hand sizes, from the room's own state (names by seat)."""
            names = {p.seat: p.name for p in actor.room.players if p.seat is not None}
            state = actor.room.run.state
            return names[state.active], {names[s]: len(hand) for s, hand in enumerate(state.hands)}

        states = {n: await p.until(lambda s: s["game"] is not None and s["game"]["hand"]) for n, p in phones.items()}
        first = (await board(http, code, teacher))["tables"][0]
        assert (first["active"], first["cards_left"]) == truth()
        assert (first["tricks"], first["last_trick"]) == (0, None)

        # Play until a trick is taken: the active phone takes one when it can, else passes.
        last = None
        for _ in range(200):
            mover = next(n for n, s in states.items() if s["game"]["active"] == s["you"]["seat"])
            state = await phones[mover].until(lambda s: bool(s["legal"]))
            legal = state["legal"]
            move = next((c for c in legal if c["type"] == "TakeTrick"), None) or next(
                c for c in legal if c["type"] in ("EndTurn", "Pass")
            )
            assert (await phones[mover].cmd(move))["t"] == "ack"
            if move["type"] == "TakeTrick":
                view = await phones[mover].until(lambda s: s["game"]["last_trick"] is not None)
                last = view["game"]["last_trick"]["text"]
                break
            after = state["version"] + 1
            states = {n: await p.until(lambda s, after=after: s["version"] >= after) for n, p in phones.items()}
        assert last is not None, "no trick in 200 moves"
        seen = (await board(http, code, teacher))["tables"][0]
        assert seen["last_trick"] == last and "=" in last  # the worked sum, as the TV shows it
        assert seen["tricks"] == 1
        assert (seen["active"], seen["cards_left"]) == truth()
        for phone in phones.values():
            await phone.close()


async def test_end_all_closes_every_table_and_sends_the_students_back_to_waiting(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http, {**OPTIONS, "table_size": 2})
        tokens = [await join(http, code, name) for name in ("Ada", "Ben", "Cleo", "Dev")]
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        rooms = [t.room for t in server.app.state.classes.find(code).klass.open_tables()]
        assert (await http.post(f"/api/classes/{code}/end_tables", headers=teacher)).status_code == 200
        seen = await board(http, code, teacher)
        assert seen["tables"] == []
        assert sorted(seen["waiting"]) == ["Ada", "Ben", "Cleo", "Dev"]
        assert all(s["table"] is None for s in seen["students"])
        for token in tokens:
            back = await where(http, code, token)
            assert (back["room"], back["waiting"]) == (None, "next_game")
        assert all(room not in server.hub.rooms for room in rooms)
        assert seen["closed"] is None  # the class itself goes on: "Start all" deals again
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200


async def test_a_waiting_student_the_teacher_moves_to_a_full_table_sits_there_at_its_restart(server):
    # Tables of 3, both full and playing; Gia joins late and waits.  The teacher moves her to table 1 and
    # restarts it: she sits there (a table may take one more than the size), not left waiting unseen.
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http, {**OPTIONS, "table_size": 3, "bots": False})
        for name in ("Ann", "Bo", "Cy", "Dee", "Ed", "Flo"):
            await join(http, code, name)
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).json() == {"tables": [1, 2]}
        gia = await http.post(f"/api/classes/{code}/join", json={"name": "Gia"})
        assert gia.json()["waiting"] == "next_game"
        gia_id = next(s["id"] for s in (await board(http, code, teacher))["students"] if s["name"] == "Gia")
        moved = await http.post(f"/api/classes/{code}/students/{gia_id}", json={"table": 1}, headers=teacher)
        assert moved.status_code == 200, moved.text
        before = next(t for t in (await board(http, code, teacher))["tables"] if t["number"] == 1)
        assert (await http.post(f"/api/classes/{code}/tables/1/restart", headers=teacher)).json() == {"table": 1}
        seen = await board(http, code, teacher)
        table = next(t for t in seen["tables"] if t["number"] == 1)
        names = sorted(p["name"] for p in table["players"])
        assert names == sorted([p["name"] for p in before["players"]] + ["Gia"])
        assert seen["waiting"] == [] and len(names) == 4
        assert next(s for s in seen["students"] if s["name"] == "Gia")["table"] == 1
        # the restarted table 1 is the newest room, yet the teacher's page and the projector list 1 before 2
        assert [t["number"] for t in seen["tables"]] == [1, 2]
        wall = (await http.get(f"/api/classes/{code}/screen")).json()
        assert [t["number"] for t in wall["tables"]] == [1, 2]
