"""Fixtures for the browser tests: a real ``pizzanight serve`` and Chromium.

The server runs as a subprocess on a free loopback port with a temporary
data folder, serving the built web client (built here first when
``web-client/dist`` is missing or older than its sources).  Chromium is
Debian's (``/usr/bin/chromium``; browser downloads are impossible here),
driven through Playwright's sync API; every screen gets its own browser
context, as separate devices would.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web-client"
ARTIFACTS = ROOT / "test-artifacts" / "browser"
CHROMIUM = os.environ.get("PIZZANIGHT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

TV_SIZE = {"width": 1920, "height": 1080}
PHONE_SIZE = {"width": 390, "height": 780}


def _missing(reason: str) -> None:
    """Fail under CI (nothing may be skipped there), skip elsewhere."""
    if os.environ.get("CI") == "true":
        pytest.fail(reason)
    pytest.skip(reason)


def _newest(folder: Path) -> float:
    newest = 0.0
    for path in folder.rglob("*"):
        if path.is_file():
            newest = max(newest, path.stat().st_mtime)
    return newest


def _build_client() -> None:
    """Build the client when its sources are newer, one build at a time on this machine
    (several test runs sharing one checkout must not write ``dist`` together)."""
    with open(ROOT / ".venv" / ".web-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        _build_client_locked()


def _build_client_locked() -> None:
    index = WEB / "dist" / "index.html"
    sources = max(_newest(WEB / "src"), (WEB / "index.html").stat().st_mtime, (WEB / "package.json").stat().st_mtime)
    if index.is_file() and index.stat().st_mtime >= sources:
        return
    npm = shutil.which("npm") or shutil.which("npm", path=str(ROOT / ".venv" / "bin"))
    if npm is None:
        _missing("npm is missing: run scripts/setup --test")
    if not (WEB / "node_modules").is_dir():
        # Exactly the lock file's versions, as scripts/setup installs them.
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=WEB, check=True)
    subprocess.run([npm, "run", "build"], cwd=WEB, check=True, stdout=subprocess.DEVNULL)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, url: str, process: subprocess.Popen, log: Path) -> None:
        self.url = url
        self.process = process
        self.log = log


def start_server(data: Path, port: int | None = None, extra: tuple[str, ...] = ()) -> Server:
    """Start ``pizzanight serve`` on a loopback port and wait until it answers (``extra``: more serve options)."""
    port = port or _free_port()
    log = data / "serve.log"
    exe = ROOT / ".venv" / "bin" / "pizzanight"
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "server.cli"]
    with open(log, "ab") as out:
        process = subprocess.Popen(
            [*command, "serve", "--host", "127.0.0.1", "--port", str(port), "--data", str(data),
             "--bot-delay", "0.05", "--log-level", "warning", *extra],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while True:
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=1) as reply:
                if reply.status == 200:
                    return Server(url, process, log)
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"pizzanight serve did not start:\n{log.read_text(errors='replace')[-3000:]}")
        time.sleep(0.1)


def stop_server(server: Server) -> None:
    server.process.terminate()
    try:
        server.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait()


@pytest.fixture(scope="package")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    _build_client()
    running = start_server(tmp_path_factory.mktemp("pizzanight-data"))
    try:
        yield running
    finally:
        stop_server(running)


@pytest.fixture(scope="package")
def browser() -> Iterator[object]:
    # Package scope, not session: Playwright's sync API keeps an event loop
    # running in this thread while it is open, and the asyncio tests that run
    # after this package need the thread free again.
    if not Path(CHROMIUM).exists():
        _missing(f"Chromium is missing at {CHROMIUM}: run scripts/setup --test (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the playwright package is missing: run scripts/setup --test")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(autouse=True)
def _close_what_the_test_opened(request: pytest.FixtureRequest) -> Iterator[None]:
    """Close every browser context a test opened when it ends.

    A page left open keeps running (reconnect loops, animations, timers);
    dozens of them, one set per test, slowed the rest of the suite down.
    """
    yield
    if "browser" in request.fixturenames:
        for context in list(request.getfixturevalue("browser").contexts):
            try:
                context.close()
            except Exception:  # already closed with its browser: nothing left to do
                pass


@pytest.fixture
def artifacts(request: pytest.FixtureRequest) -> Path:
    folder = ARTIFACTS / request.node.name
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A hub whose grace periods are short (host 1 s, party 2 s, class 2 s), so "gone for a while" is seconds."""
    _build_client()
    running = start_server(tmp_path_factory.mktemp("pizzanight-quick"), extra=("--grace", "1", "2", "2"))
    try:
        yield running
    finally:
        stop_server(running)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The doc screenshots (test_doc_screenshots.py) rewrite committed files: run only when asked.

    Deselected, not skipped: under ``CI=true`` a skipped test fails the run (tests/conftest.py).
    """
    if os.environ.get("PIZZANIGHT_DOC_SHOTS") == "1":
        return
    shots = [item for item in items if item.path.name == "test_doc_screenshots.py"]
    if shots:
        config.hook.pytest_deselected(items=shots)
        items[:] = [item for item in items if item.path.name != "test_doc_screenshots.py"]
