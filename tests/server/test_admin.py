"""The admin console's JSON API (server/admin.py), /metrics protection, and 404 JSON for unknown paths."""

from __future__ import annotations

import socket
from pathlib import Path

import httpx
import pytest

from server import admin, replay
from server.hub import load_games

from hubserver import start_server
from wsclient import Peer

TOKEN = "admin-token-for-tests-0123456789"


@pytest.fixture
async def admin_server(store_url):
    running = await start_server(store_url, admin_token=TOKEN)
    yield running
    await running.stop()


def bearer(token: str = TOKEN) -> dict:
    return {"Authorization": f"Bearer {token}"}


async def test_without_the_token_every_admin_endpoint_refuses(admin_server):
    async with httpx.AsyncClient(base_url=admin_server.http) as http:
        for method, path in (("GET", "/api/admin/rooms"), ("GET", "/api/admin/health"),
                             ("GET", "/api/admin/rooms/BCDF"), ("POST", "/api/admin/rooms/BCDF/close")):
            for headers in ({}, bearer("wrong-token-but-long-enough"), {"Authorization": TOKEN}):
                reply = await http.request(method, path, headers=headers)
                assert reply.status_code == 401, (method, path, headers)
                assert reply.json()["error"] == "unauthorized"
                assert reply.headers["www-authenticate"].startswith("Bearer")


async def test_with_the_token_rooms_are_listed_inspected_and_closed(admin_server):
    # Given a room with a TV, two players and a spectator, in a game (nothing moves unless they do)
    tv = await Peer.open(admin_server.url, {"role": "host"})
    code = tv.welcome["room"]
    ana = await Peer.open(admin_server.url, {"role": "player", "room": code, "name": "Ana"})
    bo = await Peer.open(admin_server.url, {"role": "player", "room": code, "name": "Bo"})
    watcher = await Peer.open(admin_server.url, {"role": "spectator", "room": code})
    await tv.host("select_game", game="pizza_theory", options={})
    assert (await tv.host("start"))["t"] == "ack"
    await tv.until(lambda s: s["game"] is not None)
    async with httpx.AsyncClient(base_url=admin_server.http, headers=bearer()) as http:
        # When the operator lists the rooms
        rows = (await http.get("/api/admin/rooms")).json()["rooms"]
        # Then the room is there with its game, phase, people and version
        row = next(r for r in rows if r["code"] == code)
        live = admin_server.hub.rooms[admin_server.hub.codes[code]].room
        assert row["game"] == "pizza_theory" and row["phase"] == "playing"
        assert row["players"] == 2 and row["connected_players"] == 2 and row["host_connected"] is True
        assert row["spectators"] == 1 and row["version"] == live.version
        assert row["age_seconds"] >= 0 and row["idle_seconds"] >= 0 and row["owner"] == getattr(admin_server.hub, "node", None)
        # When it inspects the room (by code, in any case)
        detail = (await http.get(f"/api/admin/rooms/{code.lower()}")).json()
        # Then it sees the public view (the TV's), the log length and the connections
        assert detail["log_length"] == live.version
        assert detail["public"]["game"] == tv.state["game"]
        assert sorted(c["role"] for c in detail["connections"]) == ["host", "player", "player", "spectator"]
        assert all(c["address"] == "127.0.0.1" for c in detail["connections"])
        # When it closes the room
        closed = await http.post(f"/api/admin/rooms/{code}/close")
        assert closed.status_code == 200 and closed.json()["closed"] == code
        # Then every screen is told the room ended, and the room is gone from the list
        for peer in (tv, ana, bo, watcher):
            bye = await peer.next_frame(lambda f: f["t"] == "bye")
            assert bye["reason"] == "room_closed"
        assert code not in [r["code"] for r in (await http.get("/api/admin/rooms")).json()["rooms"]]
        assert (await http.get(f"/api/admin/rooms/{code}")).status_code == 404
    # and the close is stored in the room's log like any other event: its replay ends closed by "admin"
    doc = await replay.export(admin_server.hub.store, live.id, admin_server.hub.games)
    assert doc["records"][-1]["event"] == {"r": {"type": "RoomClosed", "reason": "admin"}}
    assert doc["final"]["phase"] == "closed"


async def test_health_reports_rooms_sockets_and_the_store(admin_server):
    tv = await Peer.open(admin_server.url, {"role": "host"})
    async with httpx.AsyncClient(base_url=admin_server.http, headers=bearer()) as http:
        health = (await http.get("/api/admin/health")).json()
    assert health["ok"] is True and health["rooms"] >= 1 and health["sockets"]["host"] >= 1
    assert health["store"]["ok"] is True and health["phases"].get("lobby", 0) >= 1
    assert set(health["games"]) >= {"pizza_theory", "new_york_slice", "splittissimo"}
    await tv.close()


async def test_the_operator_can_download_a_replay_of_a_running_room(admin_server):
    tv = await Peer.open(admin_server.url, {"role": "host"})
    code = tv.welcome["room"]
    async with httpx.AsyncClient(base_url=admin_server.http, headers=bearer()) as http:
        reply = await http.get(f"/api/admin/rooms/{code}/replay")
    assert reply.status_code == 200
    assert replay.check(reply.json(), load_games()).phase == "lobby"
    await tv.close()


async def test_unknown_api_and_admin_paths_are_404_json_not_the_web_page(admin_server, tmp_path):
    async with httpx.AsyncClient(base_url=admin_server.http) as http:
        for method, path in (("GET", "/api/nope"), ("POST", "/api/nope"), ("GET", "/api"), ("GET", "/admin/nope"),
                             ("GET", "/api/rooms"), ("DELETE", "/api/info/x")):
            reply = await http.request(method, path)
            assert reply.status_code == 404, (method, path)
            assert reply.headers["content-type"].startswith("application/json") and reply.json()["error"] == "not_found"
        unknown = await http.get("/api/admin/nope", headers=bearer())
        assert unknown.status_code == 404 and unknown.json()["error"] == "not_found"
        # the console's own page is served (the web client, or the built-in page without one)
        assert (await http.get("/admin")).status_code == 200


async def test_with_no_token_the_console_does_not_exist(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        for path in ("/admin", "/api/admin/rooms", "/api/admin/health"):
            for headers in ({}, bearer()):
                reply = await http.get(path, headers=headers)
                assert reply.status_code == 404 and reply.json()["error"] == "not_found", path


UNKNOWN_ADMIN = (("POST", "/admin"), ("PUT", "/admin/x"), ("DELETE", "/admin/"), ("PATCH", "/admin/rooms"),
                 ("OPTIONS", "/admin"), ("POST", "/api"), ("GET", "/admin/x"))


async def test_every_method_on_an_unknown_admin_path_is_a_json_404_console_on(admin_server):
    async with httpx.AsyncClient(base_url=admin_server.http) as http:
        for method, path in UNKNOWN_ADMIN:
            reply = await http.request(method, path, headers=bearer())
            assert reply.status_code == 404, (method, path, reply.status_code)
            assert reply.json()["error"] == "not_found" and reply.headers["x-frame-options"] == "DENY"
        for method in ("GET", "HEAD"):  # and the console's page is still there
            assert (await http.request(method, "/admin")).status_code == 200


async def test_every_method_on_an_admin_path_is_a_json_404_console_off(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        for method, path in (*UNKNOWN_ADMIN, ("GET", "/admin"), ("HEAD", "/admin")):
            reply = await http.request(method, path)
            assert reply.status_code == 404, (method, path, reply.status_code)
            if method != "HEAD":
                assert reply.json()["error"] == "not_found"


async def test_metrics_can_require_the_token(tmp_path):
    running = await start_server(str(tmp_path / "s.sqlite3"), admin_token=TOKEN, metrics_at="token")
    try:
        async with httpx.AsyncClient(base_url=running.http) as http:
            assert (await http.get("/metrics")).status_code == 401
            allowed = await http.get("/metrics", headers=bearer())
        assert allowed.status_code == 200 and "pizzanight_rooms" in allowed.text
    finally:
        await running.stop()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_metrics_can_move_to_their_own_port(tmp_path):
    port = _free_port()
    running = await start_server(str(tmp_path / "s.sqlite3"), metrics_at=port)
    try:
        async with httpx.AsyncClient() as http:
            main = await http.get(f"{running.http}/metrics")
            own = await http.get(f"http://127.0.0.1:{port}/metrics")
        assert main.status_code == 404 and main.json()["error"] == "not_found"
        assert own.status_code == 200 and "pizzanight_rooms" in own.text
    finally:
        await running.stop()


async def test_the_metrics_port_serves_only_metrics_with_the_hubs_security_headers(tmp_path):
    from server.headers import HEADERS

    port = _free_port()
    running = await start_server(str(tmp_path / "s.sqlite3"), metrics_at=port)
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
            own = await http.get("/metrics")
            others = [await http.get(path) for path in ("/", "/healthz", "/metrics/x", "/api/info", "/metricsx")]
            posted = await http.post("/metrics")
    finally:
        await running.stop()
    # Then the metrics are at /metrics only; every other path is a JSON 404; each answer has the hub's headers
    assert own.status_code == 200 and "pizzanight_rooms" in own.text
    assert own.headers["content-type"].startswith("text/plain")
    for reply in others:
        assert reply.status_code == 404 and reply.json()["error"] == "not_found", reply.url
        assert "pizzanight_rooms" not in reply.text
    assert posted.status_code == 405
    for reply in (own, *others, posted):
        for name, value in HEADERS:
            assert reply.headers[name.decode()] == value.decode(), (reply.url, name)


def test_the_token_comes_from_a_file_or_the_environment_and_must_be_long(tmp_path):
    file = tmp_path / "token"
    file.write_text(TOKEN + "\n")
    assert admin.load_token(file, environ={}) == TOKEN
    assert admin.load_token(None, environ={admin.TOKEN_ENV: TOKEN}) == TOKEN
    assert admin.load_token(None, environ={}) is None
    assert admin.load_token(None, environ={admin.TOKEN_ENV: "  "}) is None
    with pytest.raises(admin.TokenError):
        admin.load_token(None, environ={admin.TOKEN_ENV: "short"})
    with pytest.raises(admin.TokenError):
        admin.load_token(tmp_path / "missing", environ={})
    # docs/operating.md: the file's first line is the token (a note under it is not part of it)
    file.write_text(f"\n  {TOKEN}  \nrotated 2026-12-07, ask Ana\n")
    assert admin.load_token(file, environ={}) == TOKEN


def test_the_compose_file_and_kubernetes_keep_metrics_off_the_public_port():
    import yaml

    ROOT = Path(__file__).resolve().parents[2]
    compose = yaml.safe_load((ROOT / "deploy" / "compose.yaml").read_text())
    hubs = [svc for svc in compose["services"].values() if "serve" in svc.get("command", [])]
    assert hubs
    for hub in hubs:
        command = hub["command"]
        assert command[command.index("--metrics") + 1].isdigit()
        assert "ports" not in hub  # only the proxy is published, and it forwards the hubs' port 8000
    assert "hub1:8000" in (ROOT / "deploy" / "Caddyfile").read_text()
    documents = list(yaml.safe_load_all((ROOT / "deploy" / "k8s" / "hub.yaml").read_text()))
    deployment = next(d for d in documents if d["kind"] == "Deployment")
    args = deployment["spec"]["template"]["spec"]["containers"][0]["args"]
    metrics_port = int(args[args.index("--metrics") + 1])
    service = next(d for d in documents if d["kind"] == "Service")
    assert metrics_port not in [p.get("port") for p in service["spec"]["ports"]]
    assert all(p["targetPort"] == "http" for p in service["spec"]["ports"])


def test_serve_takes_the_metrics_place_and_the_token_file(tmp_path, monkeypatch):
    from server import cli, serve

    parser = cli.build_parser()
    assert parser.parse_args(["serve"]).metrics == "public"
    assert parser.parse_args(["serve", "--metrics", "token"]).metrics == "token"
    assert parser.parse_args(["serve", "--metrics", "9100"]).metrics == 9100
    for bad in ("private", "0", "70000"):
        with pytest.raises(SystemExit):
            parser.parse_args(["serve", "--metrics", bad])
    # metrics behind a token that does not exist: refused before anything starts
    monkeypatch.delenv(admin.TOKEN_ENV, raising=False)
    monkeypatch.setattr("server.logs.setup", lambda level: None)  # leave this process's logging alone
    monkeypatch.setattr("server.serve.tune_process", lambda: None)
    args = parser.parse_args(["serve", "--metrics", "token", "--data", str(tmp_path), "--log-level", "warning"])
    assert serve.run(args) == 2
    short = tmp_path / "short"
    short.write_text("abc")
    args = parser.parse_args(["serve", "--admin-token-file", str(short), "--data", str(tmp_path), "--log-level", "warning"])
    assert serve.run(args) == 2
    assert not (tmp_path / "pizzanight.sqlite3").exists()  # no store was opened
