"""A connected student who never moves does not hold their table: the class's turn timer, and the
teacher's "play this turn for them", over real HTTP and websockets."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from roomlog import stored_events
from test_classroom import OPTIONS, join, open_class, where
from test_classroom_help import Clock

from server import roomstate
from server.classroom import options as class_options

from wsclient import Peer


async def _table_of_two(server, http: httpx.AsyncClient, options: dict | None = None):
    """Ada and Ben at one standard table, their phones connected; (code, teacher, phones, the active name)."""
    code, teacher = await open_class(
        http, {**OPTIONS, "level": "standard", "bots": False, "table_size": 2, **(options or {})}
    )
    tokens = {name: await join(http, code, name) for name in ("Ada", "Ben")}
    assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
    phones, states = {}, {}
    for name, token in tokens.items():
        seat = await where(http, code, token)
        phones[name] = await Peer.open(server.url, {"role": "player", "room": seat["room"], "token": seat["seat_token"]})
        states[name] = await phones[name].until(
            lambda s: s["game"] is not None and s["game"]["hand"] and s["game"]["phase"] == "turn"
        )
    active = next(n for n, s in states.items() if s["game"]["active"] == s["you"]["seat"])
    return code, teacher, phones, active




@pytest.mark.parametrize("value", [0, class_options.TURN_TIMER_S[0], 90, class_options.TURN_TIMER_S[1]])
def test_a_turn_timer_is_off_or_ten_to_six_hundred_seconds(value):
    assert class_options.check({"turn_timer_s": value}, {}) == {"turn_timer_s": value}


@pytest.mark.parametrize("value", [5, 9, 601, -1, True, "60", 30.5])
def test_a_turn_timer_out_of_range_is_refused_for_the_teacher(value):
    with pytest.raises(class_options.BadOptions, match="turn timer: 0 .off. or 10 to 600 seconds"):
        class_options.check({"turn_timer_s": value}, {})


async def test_the_class_turn_timer_runs_at_every_table_stops_while_paused_and_can_be_turned_off(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher, phones, active = await _table_of_two(server, http, {"turn_timer_s": 45})
        phone = phones[active]
        running = await phone.until(lambda s: s["lobby"]["turn_clock"] is not None)
        assert running["lobby"]["turn_timer"] == 45 and running["lobby"]["turn_clock"]["seconds"] == 45
        started = running["lobby"]["turn_clock"]["started"]

        # Given the class is paused, the clock stops (no turn runs out while nobody may move)
        assert (await http.post(f"/api/classes/{code}/pause", headers=teacher, json={"paused": True})).status_code == 200
        await phone.until(lambda s: s["lobby"]["turn_clock"] is None)
        await asyncio.sleep(0.01)
        # and on resume the turn gets its whole time again, from the resume
        assert (await http.post(f"/api/classes/{code}/pause", headers=teacher, json={"paused": False})).status_code == 200
        resumed = await phone.until(lambda s: s["lobby"]["turn_clock"] is not None)
        assert resumed["lobby"]["turn_clock"]["seconds"] == 45
        assert resumed["lobby"]["turn_clock"]["started"] > started

        # Given the teacher turns the timer off mid-game, every table's clock stops at once
        changed = await http.post(f"/api/classes/{code}/options", headers=teacher, json={"options": {"turn_timer_s": 0}})
        assert changed.status_code == 200, changed.text
        off = await phone.until(lambda s: s["lobby"]["turn_timer"] == 0)
        assert off["lobby"]["turn_clock"] is None
        board = (await http.get(f"/api/classes/{code}/dashboard", headers=teacher)).json()
        assert board["options"]["turn_timer_s"] == 0

        refused = await http.post(f"/api/classes/{code}/options", headers=teacher, json={"options": {"turn_timer_s": 3}})
        assert refused.status_code == 400 and refused.json()["error"] == "class/bad_options"
        for peer in phones.values():
            await peer.close()


async def _idle_in_help(http, code, teacher) -> list[str]:
    board = (await http.get(f"/api/classes/{code}/dashboard", headers=teacher)).json()
    return [h["name"] for t in board["tables"] for h in t["help"] if h["reason"] == "idle"]


async def test_the_teacher_has_a_bot_play_the_turn_of_a_student_who_does_not_move(server):
    clock = Clock()
    server.app.state.classes.times.clock = clock
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher, phones, active = await _table_of_two(server, http, {"help_idle_s": 30})
        waiting = next(n for n in phones if n != active)
        board = (await http.get(f"/api/classes/{code}/dashboard", headers=teacher)).json()
        ids = {s["name"]: s["id"] for s in board["students"]}
        table_code = board["tables"][0]["code"]
        play = f"/api/classes/{code}/students/{ids[active]}/play_turn"

        # Not yet idle (the button is not shown): a press from an old page plays nothing
        refused = await http.post(play, headers=teacher)
        assert refused.status_code == 409 and refused.json()["error"] == "class/not_their_turn"
        # Not the waiting student's turn: refused, nothing played
        clock.now += 31_000
        refused = await http.post(f"/api/classes/{code}/students/{ids[waiting]}/play_turn", headers=teacher)
        assert refused.status_code == 409 and refused.json()["error"] == "class/not_their_turn"
        unknown = await http.post(f"/api/classes/{code}/students/999/play_turn", headers=teacher)
        assert unknown.status_code == 404 and unknown.json()["error"] == "class/unknown_student"
        nobody = await http.post(play)
        assert nobody.status_code == 403 and nobody.json()["error"] == "class/not_teacher"

        # A paused class: nothing is played, and the pause does not count as the student's idle time
        assert await _idle_in_help(http, code, teacher) == [active]
        assert (await http.post(f"/api/classes/{code}/pause", headers=teacher, json={"paused": True})).status_code == 200
        paused = await http.post(play, headers=teacher)
        assert paused.status_code == 409 and paused.json()["error"] == "class/not_their_turn"
        clock.now += 120_000
        assert (await http.post(f"/api/classes/{code}/pause", headers=teacher, json={"paused": False})).status_code == 200
        clock.now += 1_000
        assert await _idle_in_help(http, code, teacher) == []
        not_yet = await http.post(play, headers=teacher)
        assert not_yet.status_code == 409
        clock.now += 30_000
        assert await _idle_in_help(http, code, teacher) == [active]

        # The active student's turn: a bot plays it, and the table waits for someone else now
        before = phones[active].state["game"]["active"]
        played = await http.post(play, headers=teacher)
        assert played.status_code == 200, played.text
        assert played.json() == {"ok": True}
        after = await phones[waiting].until(lambda s: s["game"]["active"] != before)
        assert after["game"]["active"] == after["you"]["seat"]
        # everyone is told once that the teacher had a bot play it (not that time ran out)
        told = [n for n in after["lobby"]["notices"] if n["kind"] in ("played_for", "timed_out")]
        assert [(n["kind"], n["name"], n["by"]) for n in told] == [("played_for", active, "teacher")]
        # a second press (the page not yet refreshed) plays nothing more: it is not their turn
        again = await http.post(play, headers=teacher)
        assert again.status_code == 409

        # the log marks it the bot's move, not the student's (the report counts it so)
        log = await stored_events(server, table_code)
        markers = [e for e in log if isinstance(e, roomstate.DefaultMovePlayed)]
        assert markers and {m.seat for m in markers} == {before}  # each of the bot's moves follows a marker
        assert [m.announce for m in markers] == [True] + [False] * (len(markers) - 1)
        assert log.index(markers[-1]) < len(log) - 1
        for peer in phones.values():
            await peer.close()
