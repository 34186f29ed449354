"""A hub in a child process on a free loopback port, for ``--spawn``; its store in a temporary folder."""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path


class SpawnedHub:
    """``with SpawnedHub(...) as hub:`` -- ``hub.url``, ``hub.pid``, ``hub.store_url``; stopped on exit."""

    def __init__(self, *, timer_scale: float = 1.0, synchronous: str = "full") -> None:
        self.timer_scale = timer_scale
        self.synchronous = synchronous
        self._folder: tempfile.TemporaryDirectory | None = None
        self._process: subprocess.Popen | None = None

    def __enter__(self) -> SpawnedHub:
        self._folder = tempfile.TemporaryDirectory(prefix="pizzanight-loadtest-")
        self.store_url = f"{Path(self._folder.name) / 'loadtest.sqlite3'}?synchronous={self.synchronous}"
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        command = [sys.executable, "-m", "server.loadtest.hub", "--port", str(self.port), "--store", self.store_url]
        command += ["--timer-scale", str(self.timer_scale)]
        self._process = subprocess.Popen(command)
        self.pid = self._process.pid
        self.url = f"ws://127.0.0.1:{self.port}/ws"
        try:
            self._wait_healthy()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _wait_healthy(self, seconds: float = 30.0) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self._process is not None and self._process.poll() is not None:
                raise RuntimeError(f"the spawned hub exited with {self._process.returncode}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=1) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the spawned hub did not answer /healthz in time")

    def __exit__(self, *exc: object) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(15)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait(5)
        if self._folder is not None:
            self._folder.cleanup()
