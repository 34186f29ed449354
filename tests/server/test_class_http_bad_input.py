"""The class API's bad requests: each a clear 4xx, none a crash, none read into memory whole when too large."""

from __future__ import annotations

import httpx
from test_classroom import open_class

from server.classroom.http import MAX_BODY


async def test_a_body_too_large_is_refused_without_being_read_whole(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        # Said by its Content-Length: refused before a byte of it is read
        declared = await http.post("/api/classes", content=b"{" + b" " * (MAX_BODY * 50) + b"}")
        assert (declared.status_code, declared.json()["error"]) == (413, "class/bad_request")

        # Sent in chunks with no length: refused once past the limit
        async def chunks():
            yield b'{"options": {"level": "easy"}, "x": "'
            for _ in range(64):
                yield b"A" * 1024
            yield b'"}'

        streamed = await http.post("/api/classes", content=chunks())
        assert (streamed.status_code, streamed.json()["error"]) == (413, "class/bad_request")


async def test_malformed_bodies_and_options_are_a_400_not_a_crash(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        deep = "[" * 1_000 + "]" * 1_000
        for body, error in (
            (deep, "class/bad_request"),  # nested past the JSON parser's depth (it was a 500)
            ('{"options": "x"}', "class/bad_options"),
            ('{"options": [1]}', "class/bad_options"),
            ('{"options": {"game": []}}', "class/bad_options"),
            ('{"options": {"game": {}}}', "class/bad_options"),
        ):
            answer = await http.post("/api/classes", content=body.encode(), headers={"Content-Type": "application/json"})
            assert answer.status_code == 400 and answer.json()["error"] == error, (body[:30], answer.text)
        code, teacher = await open_class(http)
        changed = await http.post(f"/api/classes/{code}/options", json={"options": "x"}, headers=teacher)
        assert (changed.status_code, changed.json()["error"]) == (400, "class/bad_options")
