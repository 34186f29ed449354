"""bench/peers/threads.sh samples a harness rung's server threads, and threads.py turns two samples into µs per intent."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench" / "peers"))

import threads  # noqa: E402


def test_two_samples_make_each_threads_cpu_per_intent(tmp_path):
    tick = threads.TICK
    (tmp_path / "x.threads").write_text(
        "rung colyseus-durable 10 5 2 100\n"
        "sample 50.0\n"
        f"100 node {1 * tick} {1 * tick}\n"
        f"101 node {0} {0}\n"
        "sample 60.0\n"
        f"100 node {2 * tick} {1 * tick}\n"  # main thread: 1 s of user in the window
        f"101 node {0} {tick // 2}\n"  # a helper: half a second of system
        f"102 libuv-worker {tick // 4} {0}\n"  # born in the window: all of its time counts
    )
    row = threads.row(tmp_path / "x.threads")
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    # 10 rooms x 5 phones x 2 a second x 10 s = 1000 intents
    assert cells[:6] == ["colyseus-durable", "10", "10.0", "1750", "1250", "500"]
    assert cells[6] == "main 1000+0; node 0+500; libuv-worker 250+0"


def test_the_sampler_finds_the_server_through_its_load_generator(tmp_path):
    """threads.sh follows a run log, finds the load generator of the rung it names and samples its --server-pid."""
    server = subprocess.Popen([sys.executable, "-c", "import time\nend = time.time() + 30\nwhile time.time() < end: pass"])
    # a stand-in for the harness's load generator: what threads.sh reads is its command line
    loadgen = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)", "loadgen.mjs", "--label", "fake",
                                "--rooms", "3", "--phones", "5", "--rate", "2", "--server-pid", str(server.pid)])
    log = tmp_path / "run.log"
    log.write_text("[loadgen fake R=3] joined 3/3 rooms\n")
    try:
        sampler = subprocess.Popen(["bash", str(ROOT / "bench" / "peers" / "threads.sh"), str(log), str(tmp_path / "out")],
                                   env={**os.environ, "WARMUP": "0", "DURATION": "5"}, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not any(p.read_text().count("sample") == 2 for p in (tmp_path / "out").glob("*.threads")):
            time.sleep(0.2)
        with log.open("a") as f:
            f.write("fake: largest tested room count with p99 < 100 ms: 3\n")
        sampler.wait(timeout=20)
    finally:
        for p in (server, loadgen):
            p.kill()
            p.wait()
    [kept] = (tmp_path / "out").glob("*.threads")
    assert kept.name == "fake-3-1.threads"
    rung, samples = threads.read(kept)
    assert rung == ["fake", "3", "5", "2", str(server.pid)]
    assert len(samples) == 2 and samples[1][0] - samples[0][0] >= 1.5
    cells = [cell.strip() for cell in threads.row(kept).strip("|").split("|")]
    assert cells[0] == "fake" and cells[1] == "3"
    assert float(cells[4]) > 0  # the busy server's user time was seen
    assert cells[6].startswith("main ")
