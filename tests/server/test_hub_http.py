"""HTTP endpoints: health, metrics, QR codes, the web client with SPA fallback, and the built-in page."""

from __future__ import annotations

import httpx

from server.serve import banner, lan_address, public_url

from hubserver import start_server
from wsclient import Peer


async def test_health_and_metrics_report_rooms_connections_and_rejections(server):
    tv = await Peer.open(server.url, {"role": "host"})
    await tv.host("warp")
    async with httpx.AsyncClient() as http:
        health = (await http.get(f"{server.http}/healthz")).json()
        metrics = (await http.get(f"{server.http}/metrics")).text
    assert health["ok"] is True and health["rooms"] >= 1
    assert "pizzanight_rooms 1.0" in metrics
    assert 'pizzanight_connections{role="host"} 1.0' in metrics
    assert 'pizzanight_rejections_total{code="host/unknown_op"} 1.0' in metrics
    assert "pizzanight_command_seconds_bucket" in metrics
    await tv.close()


async def test_a_qr_code_of_the_join_url_is_served_as_svg(server):
    async with httpx.AsyncClient() as http:
        svg = await http.get(f"{server.http}/qr.svg?code=bcdf")
        bad = await http.get(f"{server.http}/qr.svg?code=AEIO")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert svg.text.lstrip().startswith("<svg")
    assert bad.status_code == 400


async def test_the_built_client_is_served_with_an_spa_fallback(tmp_path):
    web = tmp_path / "dist"
    (web / "assets").mkdir(parents=True)
    (web / "index.html").write_text("<html>client</html>")
    (web / "assets" / "app.js").write_text("console.log(1)")
    (web / "favicon.svg").write_text("<svg/>")
    server = await start_server(str(tmp_path / "s.sqlite3"), web=web)
    try:
        async with httpx.AsyncClient() as http:
            for path in ("/", "/tv", "/join", "/join/BCDF", "/watch/BCDF"):
                page = await http.get(server.http + path)
                assert page.status_code == 200 and page.text == "<html>client</html>", path
            assert (await http.get(server.http + "/assets/app.js")).text == "console.log(1)"
            assert (await http.get(server.http + "/favicon.svg")).text == "<svg/>"
            assert (await http.get(server.http + "/assets/missing.js")).status_code == 404
            assert (await http.get(server.http + "/assets/../../s.sqlite3")).status_code == 404
            for path in ("/assets/%00", "/assets/app.js%00.html", "/x%00.js"):  # a NUL names no file (it was a 500)
                assert (await http.get(server.http + path)).status_code == 404, path
            # Every answer says: no content sniffing, no referrer, never inside another site's frame
            for path in ("/tv", "/assets/app.js", "/assets/missing.js", "/healthz", "/api/classes/BCDFGH/screen"):
                headers = (await http.get(server.http + path)).headers
                assert headers["x-content-type-options"] == "nosniff", path
                assert headers["referrer-policy"] == "no-referrer", path
                assert headers["content-security-policy"] == "frame-ancestors 'none'" and headers["x-frame-options"] == "DENY", path
    finally:
        await server.stop()


async def test_without_a_built_client_a_page_says_how_to_build_it_and_shows_the_urls(tmp_path):
    server = await start_server(str(tmp_path / "s.sqlite3"), web=tmp_path / "nothing")
    try:
        async with httpx.AsyncClient() as http:
            page = await http.get(server.http + "/tv")
        assert page.status_code == 200
        assert "npm run build" in page.text and f"{server.http}/join" in page.text and f"{server.http}/tv" in page.text
    finally:
        await server.stop()


def test_the_banner_prints_tv_and_phone_urls_on_the_lan_address(capsys):
    url = public_url("0.0.0.0", 8123)
    assert url == f"http://{lan_address()}:8123"
    banner(url, "embedded", "data")
    out = capsys.readouterr().out
    assert f"{url}/tv" in out and f"{url}/join" in out
    assert "Store: embedded   data folder: data" in out


def test_the_banner_names_a_redis_store_without_a_data_folder_or_its_password(capsys):
    banner("http://10.0.0.5:8000", "redis://pizza:s3cret-pass@redis.lan:6379/0", "data")
    out = capsys.readouterr().out
    assert "Store: redis://pizza:***@redis.lan:6379/0" in out
    assert "s3cret" not in out and "data folder" not in out
    banner("http://10.0.0.5:8000", "redis://redis.lan:6379/0", "data")
    assert "Store: redis://redis.lan:6379/0\n" in capsys.readouterr().out


def test_the_built_in_page_plays_a_pattern_as_the_first_command_it_allows():
    import json
    import re
    import shutil
    import subprocess

    from protocol.legal import is_legal
    from server.fallback_page import _SCRIPT

    node = shutil.which("node")
    assert node, "node is needed (it builds the web client)"
    # Given the page's own function for legal entries, and a Slicer's patterns
    source = re.search(r"function instance\(entry\) \{.*?\n\}\n", _SCRIPT, re.S).group(0)
    legal = [
        {"type": "SliceRing", "cuts": {"$choose": 3, "$below": 8}, "special": {"$one_of": [2, 0, 1]}},
        {"type": "DeclineDibs"},
    ]
    script = source + f"console.log(JSON.stringify({json.dumps(legal)}.map(instance)));"
    out = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=30, check=True).stdout
    # Then each button sends a command the entry allows
    commands = json.loads(out)
    assert commands == [{"type": "SliceRing", "cuts": [0, 1, 2], "special": 2}, {"type": "DeclineDibs"}]
    assert all(is_legal(legal, command) for command in commands)
