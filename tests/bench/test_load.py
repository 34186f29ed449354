"""bench/load.py is ``pizzanight loadtest`` with the benchmark's shape, and prints its summary and figures."""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "load.py"


def _bench():
    spec = importlib.util.spec_from_file_location("bench_load", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_its_defaults_are_a_spawned_loopback_hub_and_rooms_of_five_phones_moving_twice_a_second():
    bench = _bench()
    # given the benchmark's own defaults
    args = argparse.Namespace(
        game="counter", rooms=10, seconds=15.0, players=5, spectators=0, pace=0.5, progress=5.0, timer_scale=1.0
    )
    # when they become the load test's arguments
    test = bench.loadtest_args(args)
    # then the load test spawns its own hub and plays the counter in rooms of 5 phones and no spectators
    assert (test.spawn, test.game, test.players, test.spectators, test.pace) == (True, "counter", 5, 0, 0.5)
    assert test.url is None and not test.allow_remote and not test.audit


def test_a_short_run_prints_the_load_tests_summary_then_the_benchmarks_figures():
    # when the script runs for two seconds with one room
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--rooms", "1", "--seconds", "2", "--progress", "0"],
        capture_output=True,
        text=True,
        timeout=90,
        cwd=ROOT,
    )
    # then it passed, with the load test's summary and the hub's own latency from /metrics
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert "--- pizzanight loadtest summary ---" in out
    assert "lost moves       0" in out
    assert "commands/s" in out and "game counter, 5 phones a room" in out
    assert "hub-side command latency" in out and "no commands" not in out
