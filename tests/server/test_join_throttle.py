"""The join throttle keys on the real client behind a trusted proxy, is shared by hubs on one Redis,
and never counts a classroom's correct joins; every HTTP look-up by code spends the same bucket."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import socket
from collections.abc import AsyncIterator

import httpx
import msgpack
import pytest
import uvicorn
import websockets

from protocol.codec import decode_server_all
from server.app import create_app
from server.limits import JoinThrottle, SharedJoinThrottle
from server.serve import uvicorn_config
from server.store import open_store

from hubserver import RunningServer, all_games, fast_config

_prefixes = itertools.count(1)


async def start_hub(store_url: str, *, trusted: str, burst: float = 2.0) -> RunningServer:
    """A real hub on a free loopback port that believes X-Forwarded-For only from ``trusted``."""
    app = create_app(
        open_store(store_url), config=fast_config(join_burst=burst, join_rate=0.001), games=all_games(), web=None
    )
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn_config(app, "127.0.0.1", port, forwarded_allow_ips=trusted, log_level="warning"))
    server.install_signal_handlers = lambda: None  # type: ignore[method-assign]
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        assert not task.done(), "the hub did not start"
        await asyncio.sleep(0.02)
    return RunningServer(app, server, task, port)


async def hello(
    hub: RunningServer, fields: dict, *, forwarded_for: str | None = None
) -> tuple[dict, int | None, websockets.ClientConnection]:
    """Open a socket (through a 'proxy' header when given), say hello; the first frame and close code."""
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    ws = await websockets.connect(hub.url, compression=None, additional_headers=headers)
    await ws.send(msgpack.packb(dict({"t": "hello", "v": 1}, **fields)))
    first = decode_server_all(await ws.recv())[0]  # a message may carry several frames (welcome, state)
    close = None
    if first["t"] == "error":
        try:
            await ws.recv()
        except websockets.ConnectionClosed:
            pass
        close = ws.close_code
    return first, close, ws


async def open_room(hub: RunningServer) -> tuple[str, websockets.ClientConnection]:
    first, _, ws = await hello(hub, {"role": "host"})
    return first["room"], ws


async def guess(hub: RunningServer, code: str, forwarded_for: str | None) -> int | None:
    """A spectator hello for ``code``; the close code (None when it got in)."""
    first, close, ws = await hello(hub, {"role": "spectator", "room": code}, forwarded_for=forwarded_for)
    await ws.close()
    return close


def wrong_codes(real: str) -> list[str]:
    return [c for c in ("BCDF", "BCDG", "BCDH", "BCDJ", "BCDK") if c != real]


async def test_behind_a_trusted_proxy_each_real_client_has_its_own_bucket(tmp_path):
    # given a hub that trusts the proxy on 127.0.0.1, and a room
    hub = await start_hub(str(tmp_path / "rooms.sqlite3"), trusted="127.0.0.1")
    try:
        code, tv = await open_room(hub)
        # when one client behind the proxy guesses wrong codes until its bucket is empty
        assert [await guess(hub, c, "203.0.113.5") for c in wrong_codes(code)[:2]] == [4004, 4004]
        # then that client is refused even with the right code
        assert await guess(hub, code, "203.0.113.5") == 4029
        # but another client behind the same proxy gets in
        assert await guess(hub, code, "203.0.113.6") is None
        await tv.close()
    finally:
        await hub.stop()


async def test_a_forwarded_header_from_an_untrusted_peer_is_ignored(tmp_path):
    # given a hub that trusts only a proxy at 192.0.2.99 (this test connects from 127.0.0.1)
    hub = await start_hub(str(tmp_path / "rooms.sqlite3"), trusted="192.0.2.99")
    try:
        code, tv = await open_room(hub)
        # when a guesser sends a different X-Forwarded-For with every guess
        assert [await guess(hub, c, f"198.51.100.{i}") for i, c in enumerate(wrong_codes(code)[:2])] == [4004, 4004]
        # then the header changed nothing: its own address is throttled, whatever it claims next
        assert await guess(hub, code, "198.51.100.77") == 4029
        assert await guess(hub, code, None) == 4029
        await tv.close()
    finally:
        await hub.stop()


async def test_a_classroom_behind_one_address_is_not_blocked_by_its_own_correct_joins(tmp_path):
    # given a hub with a bucket of 2 failures per address, and a room
    hub = await start_hub(str(tmp_path / "rooms.sqlite3"), trusted="127.0.0.1")
    try:
        code, tv = await open_room(hub)
        sockets = []
        # when a class of 11 joins from one school address, and two students mistype the code
        for student in range(11):
            first, close, ws = await hello(
                hub, {"role": "player", "room": code, "name": f"Student {student + 1}"}, forwarded_for="203.0.113.9"
            )
            assert first["t"] == "welcome", (student, first)
            sockets.append(ws)
        assert await guess(hub, wrong_codes(code)[0], "203.0.113.9") == 4004
        # then only the mistakes counted: a spectator from the school still gets in
        assert await guess(hub, code, "203.0.113.9") is None
        for ws in (tv, *sockets):
            await ws.close()
    finally:
        await hub.stop()


@pytest.mark.redis
async def test_two_hubs_on_one_redis_share_the_join_throttle(redis_url, tmp_path):
    # given two cluster hubs on one real redis-server
    store_url = f"{redis_url}?prefix=throttle{next(_prefixes)}"
    first = await start_hub(store_url, trusted="127.0.0.1")
    second = await start_hub(store_url, trusted="127.0.0.1")
    try:
        code, tv = await open_room(first)
        # when a guesser spends its bucket on the first hub
        assert [await guess(first, c, "203.0.113.20") for c in wrong_codes(code)[:2]] == [4004, 4004]
        # then the second hub refuses it too, and lets another client in
        assert await guess(second, code, "203.0.113.20") == 4029
        assert await guess(second, code, "203.0.113.21") is None
        await tv.close()
    finally:
        await first.stop()
        await second.stop()


@pytest.mark.redis
async def test_the_shared_bucket_refills_at_its_rate(redis_url):
    from server.store.redis import RedisStore

    store = RedisStore.from_url(f"{redis_url}?prefix=refill{next(_prefixes)}")
    try:
        a = SharedJoinThrottle(store.client, store.prefix, rate=20.0, burst=2.0)
        b = SharedJoinThrottle(store.client, store.prefix, rate=20.0, burst=2.0)
        # given two failures through one hub's throttle
        await a.failed("198.51.100.1")
        await a.failed("198.51.100.1")
        # then the other's sees the address blocked, and another address free
        assert await b.blocked("198.51.100.1")
        assert not await b.blocked("198.51.100.2")
        # and after a tenth of a second (2 tokens at 20/s) the address may try again
        await asyncio.sleep(0.15)
        assert not await b.blocked("198.51.100.1")
    finally:
        await store.close()


async def test_the_local_throttle_counts_failures_only():
    throttle = JoinThrottle(rate=0.001, burst=2)
    assert not await throttle.blocked("a")
    await throttle.failed("a")
    assert not await throttle.blocked("a")
    await throttle.failed("a")
    assert await throttle.blocked("a") and not await throttle.blocked("b")


# --- HTTP look-ups by code share the bucket (server/lookups.py) ----------------------------------


async def call(
    hub: RunningServer, method: str, path: str, *, forwarded_for: str | None = None, token: str | None = None, body=None
) -> httpx.Response:
    """One HTTP request to the hub, through a 'proxy' header when given."""
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    async with httpx.AsyncClient(base_url=hub.http, trust_env=False) as client:
        return await client.request(method, path, headers=headers, json=body)


async def room_and_class(hub: RunningServer) -> dict:
    """A room (its TV still connected) and a class on ``hub``: their codes and secrets."""
    first, _, tv = await hello(hub, {"role": "host"})
    created = await call(hub, "POST", "/api/classes", body={"options": {"level": "easy"}})
    assert created.status_code == 201, created.text
    klass = created.json()
    return {"room": first["room"], "host": first["token"], "tv": tv, "class": klass["code"], "teacher": klass["token"]}


@contextlib.asynccontextmanager
async def hub_with_class(tmp_path, *, trusted: str) -> AsyncIterator[tuple[RunningServer, dict]]:
    """A hub trusting ``trusted`` as its proxy, with a room and a class (``room_and_class``); all stopped after."""
    hub = await start_hub(str(tmp_path / "rooms.sqlite3"), trusted=trusted)
    try:
        known = await room_and_class(hub)
        try:
            yield hub, known
        finally:
            await known["tv"].close()
    finally:
        await hub.stop()


def unknown_codes(known: dict) -> list[str]:
    return [c for c in ("BCDF", "BCDG", "BCDH", "BCDJ", "BCDK") if c not in (known["room"], known["class"])]


#: Every HTTP endpoint that looks a room or class up by the caller's code, with the secret it needs.
LOOKUPS = [
    ("POST", "/api/classes/{class}/join", None, {"name": "Ada"}),
    ("GET", "/api/classes/{class}/me", "student", None),
    ("GET", "/api/classes/{class}/dashboard", "teacher", None),
    ("GET", "/api/classes/{class}/report.csv", "teacher", None),
    ("POST", "/api/classes/{class}/start", "teacher", None),
    ("DELETE", "/api/classes/{class}", "teacher", None),
    ("GET", "/api/rooms/{room}/replay", "host", None),
]


@pytest.mark.parametrize(("method", "path", "secret", "body"), LOOKUPS, ids=[f"{m} {p}" for m, p, _, _ in LOOKUPS])
async def test_wrong_codes_over_http_spend_the_join_bucket(tmp_path, method, path, secret, body):
    # given a hub with a bucket of 2 failures per address, a room and a class, and two students
    # of it (so the class can start: nobody plays alone)
    async with hub_with_class(tmp_path, trusted="127.0.0.1") as (hub, known):
        joined = await call(hub, "POST", f"/api/classes/{known['class']}/join", body={"name": "Ben"})
        known["student"] = joined.json()["token"]
        assert (await call(hub, "POST", f"/api/classes/{known['class']}/join", body={"name": "Cy"})).status_code == 201
        token = known.get(secret) if secret else None
        # when one client behind the proxy tries two codes that name nothing
        for wrong in unknown_codes(known)[:2]:
            missed = await call(
                hub, method, path.format(room=wrong, **{"class": wrong}), forwarded_for="203.0.113.5", token=token
            )
            assert missed.status_code == 404, missed.text
        # then the right code is refused too, with 429 and the documented code
        right = path.format(**known)
        refused = await call(hub, method, right, forwarded_for="203.0.113.5", token=token, body=body)
        assert refused.status_code == 429
        assert refused.json()["error"] == "rate/join_throttled"
        assert int(refused.headers["Retry-After"]) >= 1
        # and so is its websocket, which spends the same bucket
        assert await guess(hub, known["room"], "203.0.113.5") == 4029
        # while another client behind the same proxy is answered
        answered = await call(hub, method, right, forwarded_for="203.0.113.6", token=token, body=body)
        assert answered.status_code in (200, 201), answered.text


async def test_websocket_guesses_throttle_the_http_look_ups_too(tmp_path):
    # given a hub and a class
    async with hub_with_class(tmp_path, trusted="127.0.0.1") as (hub, known):
        # when a client spends its bucket guessing room codes on the websocket
        assert [await guess(hub, c, "203.0.113.7") for c in unknown_codes(known)[:2]] == [4004, 4004]
        # then it cannot join the class over HTTP either
        refused = await call(
            hub, "POST", f"/api/classes/{known['class']}/join", forwarded_for="203.0.113.7", body={"name": "Eve"}
        )
        assert (refused.status_code, refused.json()["error"]) == (429, "rate/join_throttled")


async def test_a_forwarded_header_from_an_untrusted_peer_changes_nothing_over_http(tmp_path):
    # given a hub that trusts only a proxy at 192.0.2.99 (this test connects from 127.0.0.1)
    async with hub_with_class(tmp_path, trusted="192.0.2.99") as (hub, known):
        # when a guesser claims a different address with every wrong class code
        for i, wrong in enumerate(unknown_codes(known)[:2]):
            missed = await call(
                hub, "POST", f"/api/classes/{wrong}/join", forwarded_for=f"198.51.100.{i}", body={"name": "Eve"}
            )
            assert missed.status_code == 404
        # then its own address is throttled, whatever it claims next
        for claimed in ("198.51.100.77", None):
            refused = await call(
                hub, "POST", f"/api/classes/{known['class']}/join", forwarded_for=claimed, body={"name": "Eve"}
            )
            assert refused.status_code == 429


async def test_a_classroom_behind_one_address_is_not_blocked_by_its_own_http_calls(tmp_path):
    # given a hub with a bucket of 2 failures per address, a room and a class
    async with hub_with_class(tmp_path, trusted="127.0.0.1") as (hub, known):
        school = "203.0.113.9"
        code = known["class"]
        # when 12 students join from the school address and each asks where they sit, twice
        tokens = []
        for student in range(12):
            joined = await call(
                hub, "POST", f"/api/classes/{code}/join", forwarded_for=school, body={"name": f"Student {student + 1}"}
            )
            assert joined.status_code == 201, (student, joined.text)
            tokens.append(joined.json()["token"])
        for token in tokens * 2:
            assert (
                await call(hub, "GET", f"/api/classes/{code}/me", forwarded_for=school, token=token)
            ).status_code == 200
        # and the teacher's projector polls its dashboard, the TV downloads its replay
        for _ in range(3):
            board = await call(
                hub, "GET", f"/api/classes/{code}/dashboard", forwarded_for=school, token=known["teacher"]
            )
            assert board.status_code == 200
        assert (
            await call(hub, "GET", f"/api/rooms/{known['room']}/replay", forwarded_for=school, token=known["host"])
        ).status_code == 200
        # and wrong secrets for the right codes (a removed student's phone, a stale TV token) keep asking
        for _ in range(3):
            assert (
                await call(hub, "GET", f"/api/classes/{code}/me", forwarded_for=school, token="stale")
            ).status_code == 403
            assert (
                await call(hub, "GET", f"/api/rooms/{known['room']}/replay", forwarded_for=school, token="stale")
            ).status_code == 403
        # and one student mistypes the class code once
        assert (
            await call(hub, "POST", "/api/classes/XXXX/join", forwarded_for=school, body={"name": "Typo"})
        ).status_code == 404
        # then the school is still answered: only the mistyped code counted
        late = await call(hub, "POST", f"/api/classes/{code}/join", forwarded_for=school, body={"name": "Late"})
        assert late.status_code == 201, late.text


@pytest.mark.redis
async def test_two_hubs_on_one_redis_share_the_bucket_over_http(redis_url):
    # given two cluster hubs on one real redis-server, with a room and a class owned by the first
    store_url = f"{redis_url}?prefix=httpthrottle{next(_prefixes)}"
    first = await start_hub(store_url, trusted="127.0.0.1")
    second = await start_hub(store_url, trusted="127.0.0.1")
    try:
        known = await room_and_class(first)
        # when a guesser spends its bucket on wrong class codes at the first hub
        for wrong in unknown_codes(known)[:2]:
            missed = await call(
                first, "POST", f"/api/classes/{wrong}/join", forwarded_for="203.0.113.20", body={"name": "Eve"}
            )
            assert missed.status_code == 404
        # then the second hub refuses its class join and its replay request
        join = await call(
            second, "POST", f"/api/classes/{known['class']}/join", forwarded_for="203.0.113.20", body={"name": "Eve"}
        )
        assert join.status_code == 429
        replay = await call(
            second, "GET", f"/api/rooms/{known['room']}/replay", forwarded_for="203.0.113.20", token=known["host"]
        )
        assert replay.status_code == 429
        # and answers another client, forwarding its join to the class's owner without counting it
        other = await call(
            second, "POST", f"/api/classes/{known['class']}/join", forwarded_for="203.0.113.21", body={"name": "Ada"}
        )
        assert other.status_code == 201, other.text
        await known["tv"].close()
    finally:
        await first.stop()
        await second.stop()
