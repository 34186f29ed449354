"""bench/classroom.py runs: a short class on a spawned loopback hub prints its moves, latency and hub CPU.

It broke once without anyone noticing (an import moved out of bench/load.py); a benchmark nobody can run
measures nothing.
"""

from __future__ import annotations

import re


def test_a_short_class_plays_moves_and_prints_the_figures(run_bench):
    # when one class of four bot students plays for five seconds, thinking briefly, with no reaction window
    # before each turn (a 3 s window left a loaded CI machine no move in three seconds)
    done = run_bench("classroom.py", "--classes", "1", "--students", "4", "--seconds", "5", "--think", "0.2",
                     "--reaction-ms", "0", timeout=120)
    # then it exits cleanly having played real moves, every one answered, and prints the hub's figures
    assert done.returncode == 0, done.stderr[-2000:]
    played = re.search(r"moves (\d+) \(acks (\d+), errors (\d+)\)", done.stdout)
    assert played is not None, done.stdout
    moves, acks, errors = map(int, played.groups())
    assert moves > 0 and acks + errors == moves
    assert re.search(r"move latency p50 [\d.]+ ms\s+p99 [\d.]+ ms", done.stdout)
    assert re.search(r"hub CPU [\d.]+% of one core", done.stdout)
