"""The hub's socket tests on the other twin of the fast lane (server/fastlane).

The suite runs on the lane the install gives (compiled when a compiler
was there).  This test runs the tests that go through the fast lane (the
direct lane's reads and writes, fan-out with its diff and wire cache,
outboxes, whole games over real sockets, bad input, the secret audit)
once more in a fresh process on the other twin: ``PIZZANIGHT_PURE=1``,
or the compiled one when this process runs pure.  So CI holds the hub's
behaviour on both.  About 45 s on a quiet machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from server import fastlane

ROOT = Path(__file__).resolve().parents[2]

#: The tests that cross the fast lane: frames read and written on real sockets, fan-out, outboxes.
SOCKET_TESTS = [
    "tests/server/test_direct_lane.py",
    "tests/server/test_ws_fast_read.py",
    "tests/server/test_fanout.py",
    "tests/server/test_fanout_games.py",
    "tests/server/test_outbox.py",
    "tests/server/test_hub_toy.py",
    "tests/server/test_hub_bad_input.py",
    "tests/server/test_secret_audit.py",
    "tests/server/test_fastlane.py",
    "tests/protocol/test_wirecache.py",
]


def test_the_hub_socket_tests_pass_on_the_other_twin():
    if fastlane.LANE == "compiled":
        other = "1"
    else:
        try:
            from server.fastlane import _lane  # noqa: F401
        except ImportError:
            pytest.skip("only the pure twin is installed (no compiler at install time): the suite itself ran on it")
        other = "0"
    env = {**os.environ, fastlane.PURE_ENV: other}
    check = subprocess.run([sys.executable, "-c", "from server import fastlane; print(fastlane.LANE)"], cwd=ROOT, env=env,
                           capture_output=True, text=True, check=True)
    assert check.stdout.strip() != fastlane.LANE
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *SOCKET_TESTS], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
