"""Real hub processes for the cluster tests: ``pizzanight serve --store redis://...``.

Each node is a subprocess on a free loopback port with its own node id and a
short lease (so failover tests take seconds), logging JSON lines to a file
the tests read afterwards.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from redis_fixture import die_with_parent, free_port

PIZZANIGHT = str(Path(sys.executable).parent / "pizzanight")
#: Short leases keep the failover tests quick; set PIZZANIGHT_TEST_LEASE_MS=1200 to measure the default.
LEASE_MS = int(os.environ.get("PIZZANIGHT_TEST_LEASE_MS", "1500"))


class Node:
    def __init__(
        self, name: str, store_url: str, logs: Path, *, lease_ms: int = LEASE_MS, args: tuple[str, ...] = (),
        host: str = "127.0.0.1", netns: str | None = None,
    ) -> None:
        self.name = name
        self.store_url = store_url
        self.host = host
        self.netns = netns
        self.port = free_port()
        self.log_path = logs / f"{name}.log"
        self.lease_ms = lease_ms
        self.args = tuple(args)
        self.process: subprocess.Popen | None = None

    @property
    def ws(self) -> str:
        return f"ws://{self.host}:{self.port}/ws"

    @property
    def http(self) -> str:
        return f"http://{self.host}:{self.port}"

    def start(self) -> Node:
        env = dict(os.environ, PIZZANIGHT_NODE_ID=self.name, PIZZANIGHT_LEASE_MS=str(self.lease_ms))
        args = [
            PIZZANIGHT, "serve", "--host", self.host, "--port", str(self.port), "--store", self.store_url,
            "--bot-delay", "0", "--timer-scale", "0.01", "--public-url", self.http, "--log-level", "info",
            *self.args,
        ]
        if self.netns is not None:  # the hub runs in its own network namespace (tests/cluster/netns.py)
            args = ["ip", "netns", "exec", self.netns, *args]
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            args, stdin=subprocess.DEVNULL, stdout=log, stderr=log, env=env, preexec_fn=die_with_parent
        )
        log.close()
        return self

    def wait_ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"node {self.name} exited with {self.process.returncode}:\n{self.log_tail()}")
            if self.healthy():
                return
            time.sleep(0.05)
        raise RuntimeError(f"node {self.name} not ready:\n{self.log_tail()}")

    def healthy(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self.http}/healthz", timeout=1) as response:
                return response.status == 200
        except OSError:
            return False

    def signal(self, sig: int) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(sig)

    def kill(self) -> None:
        self.signal(signal.SIGKILL)
        if self.process:
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def events(self) -> list[dict]:
        out = []
        for line in self.log_path.read_text(errors="replace").splitlines():
            try:
                out.append(json.loads(line))
            except ValueError:
                continue
        return out


def start_nodes(names: list[str], store_url: str, logs: Path, **kw) -> list[Node]:
    nodes = [Node(name, store_url, logs, **kw).start() for name in names]
    for node in nodes:
        node.wait_ready()
    return nodes
