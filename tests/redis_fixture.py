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
from collections.abc import Iterator
from pathlib import Path

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


def free_cluster_port() -> int:
    """A free port whose cluster-bus twin (port + 10000) is free too.

    Both stay below the kernel's ephemeral range (32768 and up here), where
    the sockets of other tests come and go and could take either port
    between this check and redis-server's bind.
    """
    import random

    for _ in range(200):
        port = random.randint(12_000, 22_000)
        try:
            with socket.socket() as a, socket.socket() as b:
                a.bind(("127.0.0.1", port))
                b.bind(("127.0.0.1", port + 10_000))
                return port
        except OSError:
            continue
    raise RuntimeError("no free port pair for a Redis Cluster node")


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

    def __init__(self, directory: Path, *, port: int | None = None, fsync: str = "always", extra: tuple[str, ...] = ()) -> None:
        self.binary = require_redis_server()
        self.directory = directory
        self.port = port or free_port()
        self.fsync = fsync
        self.extra = extra
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
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
            *self.extra,
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


class RedisClusterServers:
    """A three-master Redis Cluster on loopback (no replicas), for the hash-tag claims."""

    def __init__(self, directory: Path) -> None:
        self.servers = []
        for i in range(3):
            folder = directory / f"node{i}"
            folder.mkdir(parents=True, exist_ok=True)
            extra = ("--cluster-enabled", "yes", "--cluster-config-file", str(folder / "nodes.conf"), "--cluster-node-timeout", "2000")
            self.servers.append(RedisServer(folder, port=free_cluster_port(), extra=extra))

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.servers[0].port}/0?cluster=1"

    def start(self) -> RedisClusterServers:
        for server in self.servers:
            for attempt in range(3):
                try:
                    server.start()
                    break
                except RuntimeError:  # a port was taken after it was checked: try another pair
                    if attempt == 2:
                        raise
                    server.port = free_cluster_port()
                    (server.directory / "nodes.conf").unlink(missing_ok=True)
        cli = shutil.which("redis-cli") or str(Path(self.servers[0].binary).with_name("redis-cli"))
        addresses = [f"127.0.0.1:{server.port}" for server in self.servers]
        subprocess.run([cli, "--cluster", "create", *addresses, "--cluster-replicas", "0", "--cluster-yes"],
                       check=True, capture_output=True, timeout=30)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            states = [subprocess.run([cli, "-p", str(server.port), "cluster", "info"], capture_output=True, text=True).stdout
                      for server in self.servers]
            if all("cluster_state:ok" in state for state in states):
                return self
            time.sleep(0.1)
        raise RuntimeError("the Redis Cluster did not come up")

    def stop(self) -> None:
        for server in self.servers:
            server.stop()


@pytest.fixture(scope="session")
def redis_cluster_url() -> Iterator[str]:
    directory = Path(tempfile.mkdtemp(prefix="pizzanight-redis-cluster-"))
    cluster = RedisClusterServers(directory)
    try:
        yield cluster.start().url
    finally:
        cluster.stop()
        shutil.rmtree(directory, ignore_errors=True)
