"""Nobody is stuck in a class (issue 24), over real HTTP and websockets, on both stores.

Given / when / then, one rule each: a class table has no phone host; the teacher's Remove frees the
seat at once and the game goes on; a student on a new device takes their seat back with the
personal code only the teacher's device shows (one student, announced, the old device refused);
a student gone past the class grace is played by a bot until the table's game ends; Start never
throws a running game away unasked; an ended class says so; class codes are 6 letters; a stuck
student may always pass.
"""

from __future__ import annotations

import asyncio
import random

import httpx
import pytest
from roomlog import stored_events
from test_classroom import OPTIONS, join, open_class, where

from protocol.legal import expand
from server.classroom.codes import CLASS_CODE_LENGTH

from hubserver import fast_config, start_server
from phoneplay import phone_loop
from wsclient import Peer


async def phone_at(server, seat: dict) -> Peer:
    return await Peer.open(server.url, {"role": "player", "room": seat["room"], "token": seat["seat_token"]})


async def board(http: httpx.AsyncClient, code: str, teacher: dict) -> dict:
    reply = await http.get(f"/api/classes/{code}/dashboard", headers=teacher)
    assert reply.status_code == 200, reply.text
    return reply.json()


async def dealt(phone: Peer) -> dict:
    return await phone.until(lambda s: s["game"] is not None and s["game"]["phase"] not in ("dealing",))


async def test_a_class_table_is_run_by_the_class_and_a_students_host_frame_is_refused(server):
    """Given a class table, then the lobby names the class as its authority, no phone hosts it, and a
    student's forged host frame (change game) is refused with ``host/class_table``."""
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http)
        tokens = [await join(http, code, name) for name in ("Ada", "Ben")]
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        phone = await phone_at(server, await where(http, code, tokens[0]))
        state = await dealt(phone)
        assert state["lobby"]["authority"] == {"kind": "class", "player": None}
        assert state["lobby"]["host_phone"] is None
        refused = await phone.host("select_game", game="new_york_slice")
        assert (refused["t"], refused["code"]) == ("error", "host/class_table")
        refused = await phone.host("play_again")
        assert (refused["t"], refused["code"]) == ("error", "host/class_table")
        await phone.close()


async def test_the_teachers_remove_frees_the_seat_at_once_and_the_game_goes_on(server):
    """Given a table of two mid-game, when the teacher removes Ben (whose phone is gone), then a bot takes
    his seat at once and Ada plays the game to its end against it; the dashboard labels the seat."""
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http, {**OPTIONS, "bots": False})
        tokens = {name: await join(http, code, name) for name in ("Ada", "Ben")}
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        seats = {name: await where(http, code, token) for name, token in tokens.items()}
        ada = await phone_at(server, seats["Ada"])
        await dealt(ada)
        ids = {s["name"]: s["id"] for s in (await board(http, code, teacher))["students"]}

        removed = await http.delete(f"/api/classes/{code}/students/{ids['Ben']}", headers=teacher)
        assert removed.status_code == 200

        [table] = server.app.state.classes.find(code).klass.open_tables()
        room = server.hub.rooms[table.room].room
        ben = next(p for p in room.players if p.name == "Ben")
        assert ben.bot is not None and ben.seat is not None  # a bot plays his seat from now on
        seen = await board(http, code, teacher)
        assert {p["name"]: p["removed"] for p in seen["tables"][0]["players"]} == {"Ada": False, "Ben": True}
        # the projector says the bot finishes Ben's game (not that it plays "for now")
        wall = (await http.get(f"/api/classes/{code}/screen")).json()
        assert {p["name"]: (p["stand_in"], p["removed"]) for p in wall["tables"][0]["players"]} == {
            "Ada": (False, False), "Ben": (True, True),
        }
        # and Ada's phone is told why, and still has Ben's name for his seat
        told = await ada.until(lambda s: any(n["kind"] == "removed" for n in s["lobby"]["notices"]))
        assert [n["name"] for n in told["lobby"]["notices"] if n["kind"] == "removed"] == ["Ben"]
        assert [r["name"] for r in told["lobby"]["removed"]] == ["Ben"]
        await phone_loop(ada, random.Random(4))
        assert (await ada.until(lambda s: s["outcome"] is not None))["outcome"] is not None
        assert (await http.get(f"/api/classes/{code}/me", headers={"Authorization": f"Bearer {tokens['Ben']}"})).status_code == 403
        await ada.close()


async def test_a_student_on_a_new_device_gets_their_seat_back_through_the_teacher(server):
    """Given Noah playing, when his phone dies and he joins on a new device with the same name, then he is
    refused until he types the personal code the teacher's device shows; then he is the same student,
    holds the same hand, the table announces the move (by the teacher), the old device is refused, the
    code works once, and the report still counts one Noah."""
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http, {**OPTIONS, "level": "standard"})
        tokens = {name: await join(http, code, name) for name in ("Noah", "Ada")}
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        old_seat = await where(http, code, tokens["Noah"])
        ada = await phone_at(server, await where(http, code, tokens["Ada"]))
        old_phone = await phone_at(server, old_seat)
        hand = (await old_phone.until(lambda s: s["game"] is not None and s["game"]["hand"]))["game"]["hand"]
        student = old_seat["student"]
        await old_phone.close()

        # The name alone does not get the seat.
        taken = await http.post(f"/api/classes/{code}/join", json={"name": "noah"})
        assert (taken.status_code, taken.json()["error"]) == (409, "class/name_taken")
        wrong = await http.post(f"/api/classes/{code}/join", json={"name": "Noah", "code": "BCDFGH"})
        assert (wrong.status_code, wrong.json()["error"]) == (403, "class/bad_handover_code")
        # The teacher asks for Noah's code; it is in that answer only, never in the dashboard.
        given = await http.post(f"/api/classes/{code}/students/{student}/handover", headers=teacher)
        assert given.status_code == 200 and given.json()["seconds"] == 600
        personal = given.json()["code"]
        assert personal not in (await http.get(f"/api/classes/{code}/dashboard", headers=teacher)).text
        assert (await http.post(f"/api/classes/{code}/students/{student}/handover")).status_code == 403

        back = await http.post(f"/api/classes/{code}/join", json={"name": "Noah", "code": personal.lower()})
        assert back.status_code == 201, back.text
        assert (back.json()["student"], back.json()["room"]) == (student, old_seat["room"])
        assert back.json()["seat_token"] != old_seat["seat_token"]
        new_phone = await phone_at(server, back.json())
        state = await new_phone.until(lambda s: s["game"] is not None and s["game"]["hand"])
        assert state["game"]["hand"] == hand
        notice = (await ada.until(lambda s: any(n["kind"] == "seat_moved" for n in s["lobby"]["notices"])))
        [moved] = [n for n in notice["lobby"]["notices"] if n["kind"] == "seat_moved"]
        assert (moved["name"], moved["by"]) == ("Noah", "teacher")

        # The old device: its class token says the seat moved, its seat token is refused at the table.
        old = await http.get(f"/api/classes/{code}/me", headers={"Authorization": f"Bearer {tokens['Noah']}"})
        assert (old.status_code, old.json()["error"], old.json()["params"]) == (403, "class/seat_moved", {"name": "Noah"})
        refused = await Peer.open(
            server.url, {"role": "player", "room": old_seat["room"], "token": old_seat["seat_token"]}, expect_welcome=False
        )
        frame = await refused.next_frame(lambda f: f["t"] in ("welcome", "error"))
        assert (frame["t"], frame["code"]) == ("error", "room/seat_moved")
        # The code worked once.
        again = await http.post(f"/api/classes/{code}/join", json={"name": "Noah", "code": personal})
        assert again.status_code == 403

        # One student in the reports: play the game out, Noah's games count once.
        await asyncio.gather(phone_loop(new_phone, random.Random(1)), phone_loop(ada, random.Random(2)))
        report = (await http.get(f"/api/classes/{code}/report", headers=teacher)).json()
        assert [(row["name"], row["games"]) for row in report["students"]] == [("Noah", 1), ("Ada", 1)]
        for peer in (new_phone, ada, refused):
            await peer.close()


@pytest.fixture
async def graceful(store_url):
    """A hub whose class grace is short (0.3 s), so a gone student is played by a bot quickly."""
    running = await start_server(store_url, config=fast_config(grace_host=0.3, grace_party=0.3, grace_class=0.3))
    yield running
    await running.stop()


async def test_a_student_who_closes_the_page_is_played_by_a_bot_and_the_table_finishes(graceful):
    """Given a table of two with no turn timer, when Ben's phone goes away, then after the class grace a bot
    plays his seat (the dashboard says so) and Ada finishes the game; when Ben comes back the label goes."""
    server = graceful
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http, {**OPTIONS, "bots": False})
        tokens = {name: await join(http, code, name) for name in ("Ada", "Ben")}
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        seats = {name: await where(http, code, token) for name, token in tokens.items()}
        ada, ben = await phone_at(server, seats["Ada"]), await phone_at(server, seats["Ben"])
        await dealt(ada)
        await ben.close()
        state = await ada.until(lambda s: any(p["name"] == "Ben" and p.get("stand_in") for p in s["lobby"]["players"]))
        assert any(n["kind"] == "stand_in" and n["name"] == "Ben" for n in state["lobby"]["notices"])
        for _ in range(100):
            players = (await board(http, code, teacher))["tables"][0]["players"]
            if any(p["name"] == "Ben" and p["stand_in"] for p in players):
                break
            await asyncio.sleep(0.05)
        assert {p["name"]: p["stand_in"] for p in players} == {"Ada": False, "Ben": True}
        await phone_loop(ada, random.Random(6))
        assert (await ada.until(lambda s: s["outcome"] is not None))["outcome"] is not None
        ben = await phone_at(server, await where(http, code, tokens["Ben"]))
        await ben.until(lambda s: not any(p["name"] == "Ben" and p.get("stand_in") for p in s["lobby"]["players"]))
        for peer in (ada, ben):
            await peer.close()


async def test_start_asks_before_touching_a_running_table_and_keep_seats_only_the_others(server):
    """Given Table 1 mid-game and two late joiners waiting, when the teacher starts, then the hub asks first
    (class/tables_playing); told "keep", Table 1 plays on untouched and the late joiners get Table 2."""
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http, {**OPTIONS, "table_size": 2, "bots": False})
        first = {name: await join(http, code, name) for name in ("Ada", "Ben")}
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).json() == {"tables": [1]}
        phones = [await phone_at(server, await where(http, code, t)) for t in first.values()]
        await dealt(phones[0])
        room = (await where(http, code, first["Ada"]))["room"]
        late = {name: await join(http, code, name) for name in ("Cleo", "Dev")}
        assert [(await where(http, code, t))["waiting"] for t in late.values()] == ["next_game", "next_game"]

        asked = await http.post(f"/api/classes/{code}/start", headers=teacher)
        assert (asked.status_code, asked.json()["error"], asked.json()["params"]) == (
            409,
            "class/tables_playing",
            {"tables": "1", "count": 1},
        )
        assert (await where(http, code, first["Ada"]))["room"] == room  # nothing was touched
        kept = await http.post(f"/api/classes/{code}/start", headers=teacher, json={"running": "keep"})
        assert kept.json() == {"tables": [2]}
        assert (await where(http, code, first["Ada"]))["room"] == room
        assert {(await where(http, code, t))["table"] for t in late.values()} == {2}
        kept_table = next(t for t in server.app.state.classes.find(code).klass.open_tables() if t.code == room)
        assert server.hub.rooms[kept_table.room].room.phase(server.hub.games) == "playing"
        for phone in phones:
            await phone.close()


async def test_an_ended_class_says_so_to_every_student(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http)
        tokens = [await join(http, code, name) for name in ("Ada", "Ben")]
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        assert (await where(http, code, tokens[0]))["closed"] is False
        assert (await http.post(f"/api/classes/{code}/end", headers=teacher)).status_code == 200
        for token in tokens:
            seat = await where(http, code, token)
            assert (seat["closed"], seat["room"], seat["waiting"]) == (True, None, None)
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 410


async def test_class_codes_are_six_letters_and_a_room_length_guess_finds_nothing(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, _ = await open_class(http)
        assert len(code) == CLASS_CODE_LENGTH == 6
        assert (await http.post(f"/api/classes/{code.lower()}/join", json={"name": "Ada"})).status_code == 201
        assert (await http.post(f"/api/classes/{code[:4]}/join", json={"name": "Ben"})).status_code == 404


async def test_a_stuck_student_may_pass_with_a_trick_on_offer_and_it_counts_as_a_miss(server):
    """Given a class table (pass_anytime on by default), when the active student has a trick on offer,
    then Pass is among their legal commands; passing is accepted and the report counts a miss."""
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http, {**OPTIONS, "bots": False})
        tokens = [await join(http, code, name) for name in ("Ada", "Ben")]
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        phones = [await phone_at(server, await where(http, code, t)) for t in tokens]
        [table] = server.app.state.classes.find(code).klass.open_tables()
        actor = server.hub.rooms[table.room]
        assert actor.room.run.state.pass_anytime is True
        # Play (passing whenever a trick is on offer) until some turn offers a trick and is passed.
        passed_with_trick = 0
        for _ in range(200):
            states = [await p.until(lambda s: s["game"] is not None) for p in phones]
            if any(s["outcome"] is not None for s in states):
                break
            mover = next((i for i, p in enumerate(phones) if p.state["legal"]), None)
            if mover is None:
                await asyncio.sleep(0.02)
                continue
            legal = expand(phones[mover].state["legal"])
            has_trick = any(c.get("type") == "TakeTrick" for c in legal if isinstance(c, dict))
            if has_trick:
                assert {"type": "Pass"} in legal
            reply = await phones[mover].cmd({"type": "Pass"} if {"type": "Pass"} in legal else legal[0])
            if reply["t"] == "ack" and has_trick:
                passed_with_trick += 1
                break
        assert passed_with_trick == 1
        for _ in range(100):
            report = (await http.get(f"/api/classes/{code}/report", headers=teacher)).json()
            if sum(row["misses"] for row in report["students"]) == 1:
                break
            await asyncio.sleep(0.05)
        assert sum(row["misses"] for row in report["students"]) == 1
        for phone in phones:
            await phone.close()


async def test_guessing_a_personal_code_spends_the_join_throttle(store_url):
    """Given a personal code outstanding for Noah, when an address keeps typing wrong codes with his name,
    then each costs a failed join like a wrong class code, and the address is throttled (429)."""
    running = await start_server(store_url, config=fast_config(join_burst=3, join_rate=0.001))
    try:
        async with httpx.AsyncClient(base_url=running.http) as http:
            code, teacher = await open_class(http)
            await join(http, code, "Noah")
            student = (await board(http, code, teacher))["students"][0]["id"]
            assert (await http.post(f"/api/classes/{code}/students/{student}/handover", headers=teacher)).status_code == 200
            answers = [
                (await http.post(f"/api/classes/{code}/join", json={"name": "Noah", "code": guess})).status_code
                for guess in ("BCDFGH", "BCDFGJ", "BCDFGK", "BCDFGM")
            ]
            assert answers == [403, 403, 403, 429]
    finally:
        await running.stop()


async def test_the_teacher_hands_a_seat_to_the_new_device_that_asked_from_the_teachers_screen(server):
    """Given Noah playing, when a new device joins with his name, then it waits on its request; the teacher's
    dashboard shows that a new device asks; when the teacher hands the seat over, the device gets Noah's
    class token once (same student), the table is told, and the old device's token says its seat moved."""
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http)
        tokens = {name: await join(http, code, name) for name in ("Noah", "Ada")}
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        old_seat = await where(http, code, tokens["Noah"])
        ada = await phone_at(server, await where(http, code, tokens["Ada"]))
        await dealt(ada)
        student = old_seat["student"]
        nobody = await http.post(f"/api/classes/{code}/students/{student}/handover", headers=teacher, json={"approve": True})
        assert (nobody.status_code, nobody.json()["error"]) == (409, "class/bad_handover_code")

        taken = await http.post(f"/api/classes/{code}/join", json={"name": "Noah"})
        assert (taken.status_code, taken.json()["error"]) == (409, "class/name_taken")
        secret = taken.json()["request"]
        assert (await http.get(f"/api/classes/{code}/requests/{secret}")).status_code == 202
        check = taken.json()["check"]  # the number the new device shows
        assert len(check) == 2 and check.isdigit()
        students = (await board(http, code, teacher))["students"]
        asking = {s["name"]: (s["asks_new_device"], s["device_check"]) for s in students}
        assert asking == {"Noah": (True, check), "Ada": (False, None)}
        assert secret not in (await http.get(f"/api/classes/{code}/dashboard", headers=teacher)).text
        # A classmate typing Noah's name replaces the request: the teacher's screen shows that device's number
        # now, and a hand-over the teacher meant for the number Noah's device shows is refused
        for _ in range(5):  # (a prank's number is another, 89 times in 90: asked again in the rare case it is not)
            prank = await http.post(f"/api/classes/{code}/join", json={"name": "noah"})
            if prank.json()["check"] != check:
                break
        assert prank.json()["check"] != check
        shown = next(s for s in (await board(http, code, teacher))["students"] if s["name"] == "Noah")
        assert shown["device_check"] == prank.json()["check"]
        refused = await http.post(
            f"/api/classes/{code}/students/{student}/handover", headers=teacher, json={"approve": True, "check": check}
        )
        assert (refused.status_code, refused.json()["error"]) == (409, "class/bad_handover_code")
        assert (await http.get(f"/api/classes/{code}/requests/{prank.json()['request']}")).status_code == 202
        # Noah's device asks again (its request was replaced) and the teacher hands the seat to the number it shows
        taken = await http.post(f"/api/classes/{code}/join", json={"name": "Noah"})
        secret, check = taken.json()["request"], taken.json()["check"]
        handed = await http.post(
            f"/api/classes/{code}/students/{student}/handover", headers=teacher, json={"approve": True, "check": check}
        )
        assert handed.status_code == 200
        got = await http.get(f"/api/classes/{code}/requests/{secret}")
        assert got.status_code == 200
        assert (got.json()["student"], got.json()["room"]) == (student, old_seat["room"])
        assert (await http.get(f"/api/classes/{code}/requests/{secret}")).status_code == 404  # given once
        assert (await where(http, code, got.json()["token"]))["student"] == student
        state = await ada.until(lambda s: any(n["kind"] == "seat_moved" for n in s["lobby"]["notices"]))
        assert [n["by"] for n in state["lobby"]["notices"] if n["kind"] == "seat_moved"] == ["teacher"]
        old = await http.get(f"/api/classes/{code}/me", headers={"Authorization": f"Bearer {tokens['Noah']}"})
        assert (old.status_code, old.json()["error"]) == (403, "class/seat_moved")
        assert [s["name"] for s in (await board(http, code, teacher))["students"]] == ["Noah", "Ada"]
        await ada.close()


async def test_a_rename_reaches_the_table_at_once_mid_game(server):
    """Given Ada and Ben playing, when the teacher renames Ben (a misspelt or unkind name), then Ada's phone,
    the projector and the dashboard's table say the new name at once, mid-game, and the log says why."""
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http, {**OPTIONS, "bots": False})
        tokens = {name: await join(http, code, name) for name in ("Ada", "Ben")}
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        ada = await phone_at(server, await where(http, code, tokens["Ada"]))
        await dealt(ada)
        ids = {s["name"]: s["id"] for s in (await board(http, code, teacher))["students"]}
        renamed = await http.post(f"/api/classes/{code}/students/{ids['Ben']}", headers=teacher, json={"name": "Benjamin"})
        assert renamed.status_code == 200, renamed.text
        state = await ada.until(lambda s: any(p["name"] == "Benjamin" for p in s["lobby"]["players"]))
        assert sorted(p["name"] for p in state["lobby"]["players"]) == ["Ada", "Benjamin"]
        assert state["game"] is not None and state["outcome"] is None  # the game goes on
        wall = (await http.get(f"/api/classes/{code}/screen")).json()
        assert sorted(p["name"] for p in wall["tables"][0]["players"]) == ["Ada", "Benjamin"]
        seen = await board(http, code, teacher)
        assert sorted(p["name"] for p in seen["tables"][0]["players"]) == ["Ada", "Benjamin"]
        log = await stored_events(server, seen["tables"][0]["code"])
        assert [e.name for e in log if type(e).__name__ == "PlayerRenamed"] == ["Benjamin"]
        await ada.close()
