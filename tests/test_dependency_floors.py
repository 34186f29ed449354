"""The dependency floors in pyproject.toml work: the lowest allowed versions install and run the hub.

uv installs the package with ``--resolution lowest-direct`` (every direct
dependency at its floor, whatever they pull in at its newest) into a
temporary venv; the hub started from there must answer /healthz and greet a
phone over a websocket (the direct lane on uvicorn's ``websockets-sansio`` at the uvicorn floor).
uv's cache makes a second run take seconds.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import msgpack
import pytest
from websockets.sync.client import connect

from protocol.codec import decode_server_all

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.timeout(600)


def uv() -> str:
    found = shutil.which("uv") or str(Path(sys.executable).parent / "uv")
    assert Path(found).exists(), "uv is a test dependency (pyproject [test]); run scripts/setup --test"
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def project_copy(into: Path) -> Path:
    """The package's sources in a scratch folder: building a wheel writes build/ beside them."""
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, into / name)
    for package in ("games", "protocol", "server"):
        shutil.copytree(ROOT / package, into / package, ignore=shutil.ignore_patterns("__pycache__"))
    return into


def test_the_lowest_allowed_versions_install_and_serve(tmp_path):
    (tmp_path / "src").mkdir()
    source = project_copy(tmp_path / "src")
    venv = tmp_path / "floor"
    env = dict(os.environ, VIRTUAL_ENV=str(venv))
    env.pop("PIP_CONSTRAINT", None)
    subprocess.run([uv(), "venv", "--quiet", "--python", sys.executable, str(venv)], check=True, env=env, timeout=120)
    install = subprocess.run(
        [uv(), "pip", "install", "--quiet", "--resolution", "lowest-direct", "--python", str(venv / "bin" / "python"), str(source)],
        capture_output=True,
        text=True,
        env=env,
        timeout=480,
    )
    assert install.returncode == 0, install.stderr[-3000:]
    listed = subprocess.run(
        [uv(), "pip", "list", "--format", "json", "--python", str(venv / "bin" / "python")],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    versions = {p["name"].lower(): p["version"] for p in json.loads(listed.stdout)}
    print(
        "\n[floors] "
        + ", ".join(
            f"{name} {versions[name]}"
            for name in (
                "uvicorn",
                "starlette",
                "websockets",
                "msgpack",
                "attrs",
                "cattrs",
                "redis",
                "glin-profanity",
                "confusable-homoglyphs",
            )
            if name in versions
        )
    )
    # the floors are what got installed (lowest-direct really went low)
    assert versions["uvicorn"] == "0.53.0" and versions["websockets"].startswith("14.")

    port = free_port()
    hub = subprocess.Popen(
        [str(venv / "bin" / "pizzanight"), "serve", "--host", "127.0.0.1", "--port", str(port), "--data", str(tmp_path / "data")],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                    assert json.loads(answer.read())["ok"] is True
                    break
            except OSError:
                assert hub.poll() is None, hub.stdout.read()[-3000:]
                assert time.monotonic() < deadline, "no /healthz within 60 s"
                time.sleep(0.2)
        with connect(f"ws://127.0.0.1:{port}/ws", compression=None) as ws:
            ws.send(msgpack.packb({"t": "hello", "v": 1, "role": "host"}))
            welcome = decode_server_all(ws.recv(timeout=10))[0]  # a message may carry several frames
            # frames after the hello go through the direct lane, which reads plain frames itself
            ws.send(msgpack.packb({"t": "ping", "seq": 7}))
            later = []
            while not any(frame["t"] == "ack" for frame in later):
                later += decode_server_all(ws.recv(timeout=10))
        assert welcome["t"] == "welcome" and len(welcome["room"]) == 4
        assert [frame["seq"] for frame in later if frame["t"] == "ack"] == [7]
    finally:
        hub.terminate()
        hub.wait(15)
