"""bench/fastlane.py runs each piece on both twins and the fan-out's write path to real loopback sockets."""

from __future__ import annotations

from server import fastlane

try:
    from server.fastlane import _outbox  # noqa: F401
except ImportError:  # no compiler at install time: only the pure twins exist
    BUILT = False
else:
    BUILT = True


def test_the_pieces_and_the_write_path_are_timed(run_bench):
    done = run_bench("fastlane.py", "--sockets", "5", "--spectators", "10")
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert any(line.startswith("unmask 2000 bytes") for line in lines)
    writes = [line for line in lines if line.startswith("write path, 5 sockets")]
    # each outbox twin that exists through transport.write; with the compiled lane, also the writer's own send
    assert sum("offer+write" in line for line in writes) == (2 if BUILT else 1), writes
    assert sum("offer+send" in line for line in writes) == (1 if fastlane.LANE == "compiled" else 0), writes
    assert all("µs/socket" in line for line in writes)
