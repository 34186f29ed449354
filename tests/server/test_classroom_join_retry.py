"""A student whose join answer was lost asks again and is the same student, not refused their name.

On a school network a join's answer can be lost after the class stored it.
The student taps Join again; with a class token the server made, the name is
then taken by their own first join, and only the teacher could hand the seat
back.  So a device may make its class token itself and send it with the
name: the same join again answers with the same student.  Real HTTP.
"""

from __future__ import annotations

import secrets

import httpx
from test_classroom import OPTIONS, open_class, where


async def join(http: httpx.AsyncClient, code: str, body: dict) -> httpx.Response:
    return await http.post(f"/api/classes/{code}/join", json=body)


async def test_the_same_join_again_is_the_same_student_and_the_token_it_made_works(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http)
        own = secrets.token_urlsafe(24)
        # Given Ada's join stored (its answer lost: the device never read it)
        first = await join(http, code, {"name": "Ada", "token": own})
        assert first.status_code == 201 and first.json()["token"] is None
        # When her device sends the same join again
        again = await join(http, code, {"name": "Ada", "token": own})
        # Then it is the same student (200: nothing new was made), and no second Ada
        assert again.status_code == 200, again.text
        assert again.json()["student"] == first.json()["student"] and again.json()["token"] is None
        board = (await http.get(f"/api/classes/{code}/dashboard", headers=teacher)).json()
        assert [s["name"] for s in board["students"]] == ["Ada"]
        # And the token her device made is her class token
        assert (await where(http, code, own))["name"] == "Ada"


async def test_another_device_with_the_same_name_and_its_own_token_is_still_refused(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, _ = await open_class(http)
        assert (await join(http, code, {"name": "Ben", "token": secrets.token_urlsafe(24)})).status_code == 201
        other = await join(http, code, {"name": "ben", "token": secrets.token_urlsafe(24)})
        # a taken name, as without a token: the teacher may hand the seat to this device
        assert other.status_code == 409 and other.json()["error"] == "class/name_taken" and other.json()["request"]


async def test_a_token_that_could_be_guessed_is_refused_and_joins_nobody(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http, {**OPTIONS})
        for token in ("short", 12345, "x" * 65):
            refused = await join(http, code, {"name": "Cleo", "token": token})
            assert refused.status_code == 400 and refused.json()["error"] == "class/bad_request", refused.text
        board = (await http.get(f"/api/classes/{code}/dashboard", headers=teacher)).json()
        assert board["students"] == []


async def test_a_join_without_a_token_still_gets_one_made_by_the_class(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, _ = await open_class(http)
        joined = await join(http, code, {"name": "Dev"})
        assert joined.status_code == 201 and len(joined.json()["token"]) >= 22
        assert (await where(http, code, joined.json()["token"]))["name"] == "Dev"


async def test_a_join_again_under_another_name_is_still_the_student_its_token_made(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http)
        own = secrets.token_urlsafe(24)
        first = await join(http, code, {"name": "Eli", "token": own})
        # the answer lost, the student retypes the name differently: the token wins, one student
        again = await join(http, code, {"name": "Elias", "token": own})
        assert again.status_code == 200 and again.json()["student"] == first.json()["student"]
        board = (await http.get(f"/api/classes/{code}/dashboard", headers=teacher)).json()
        assert [s["name"] for s in board["students"]] == ["Eli"]


async def test_a_hand_over_by_personal_code_keeps_the_devices_own_token_and_may_be_sent_again(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher = await open_class(http)
        first = await join(http, code, {"name": "Fay", "token": secrets.token_urlsafe(24)})
        student = first.json()["student"]
        personal = (await http.post(f"/api/classes/{code}/students/{student}/handover", headers=teacher)).json()["code"]
        # Given Fay on a new device that made its own token, typing her name and her personal code
        own = secrets.token_urlsafe(24)
        body = {"name": "fay", "code": personal, "token": own}
        moved = await join(http, code, body)
        # Then she is Fay on it, with the device's own token (none made by the class)
        assert moved.status_code == 201 and moved.json()["student"] == student and moved.json()["token"] is None
        assert (await where(http, code, own))["name"] == "Fay"
        # And the same join sent again (its answer lost) is Fay again, not a spent code
        again = await join(http, code, body)
        assert again.status_code == 200, again.text
        assert again.json()["student"] == student and again.json()["token"] is None
