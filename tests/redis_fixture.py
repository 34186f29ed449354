"""A real redis-server for the tests, on a free loopback port, with AOF on.

Never the machine's own Redis on 6379: each session starts its own server in
a temporary folder and stops it at the end.  Where redis-server is missing
the tests skip, except under ``CI=true`` where they fail loudly, because CI
must never pass without having run them (scripts/setup --test installs it).

Use it from a conftest with ``from tests.redis_fixture import redis_server,
redis_url  # noqa: F401``; tests that need a server of their own (one they
restart or kill) build a :class:`RedisServer` directly.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Iterator

import pytest

REDIS_SERVER = os.environ.get("PIZZANIGHT_REDIS_SERVER") or shutil.which("redis-server") or "/usr/bin/redis-server"


def die_with_parent() -> None:
    """In the child before exec: get SIGTERM when the test process dies (Linux).

    So a test run that is killed never leaves a redis-server (or a hub) behind.
    """
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except Exception:
        pass


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def require_redis_server() -> str:
    """The redis-server binary, or a skip (a failure under CI=true)."""
    if os.path.exists(REDIS_SERVER) and os.access(REDIS_SERVER, os.X_OK):
        return REDIS_SERVER
    message = f"redis-server not found at {REDIS_SERVER} (scripts/setup --test installs it)"
    if os.environ.get("CI") == "true":
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


class RedisServer:
    """One redis-server process: start, stop, kill, restart on the same port and data."""

    def __init__(self, directory: Path, *, port: int | None = None, fsync: str = "always") -> None:
        self.binary = require_redis_server()
        self.directory = directory
        self.port = port or free_port()
        self.fsync = fsync
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> "RedisServer":
        args = [
            self.binary,
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--dir", str(self.directory),
            "--appendonly", "yes",
            "--appendfsync", self.fsync,
            "--save", "",
            "--daemonize", "no",
            "--protected-mode", "yes",
            "--logfile", str(self.directory / "redis.log"),
        ]
        self.process = subprocess.Popen(
            args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=die_with_parent
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                err = self.process.stderr.read().decode() if self.process.stderr else ""
                log = (self.directory / "redis.log").read_text() if (self.directory / "redis.log").exists() else ""
                raise RuntimeError(f"redis-server exited with {self.process.returncode}: {err}{log[-2000:]}")
            if self._answers():
                return self
            time.sleep(0.02)
        raise RuntimeError(f"redis-server did not answer on port {self.port}")

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        """A clean shutdown (SIGTERM: Redis flushes the AOF and exits)."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        self.process = None

    def kill(self) -> None:
        """A crash (SIGKILL): only what the AOF already holds survives."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(5)
        self.process = None

    def restart(self, *, crash: bool = False) -> None:
        self.kill() if crash else self.stop()
        self.start()


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    directory = Path(tempfile.mkdtemp(prefix="pizzanight-redis-"))
    server = RedisServer(directory).start()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture(scope="session")
def redis_url(redis_server: RedisServer) -> str:
    return redis_server.url
