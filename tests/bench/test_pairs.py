"""bench/peers/pairs.sh runs two builds of our hub in turn; pairs.py compares each B run with the A before it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench" / "peers"))

import pairs  # noqa: E402
import threads  # noqa: E402

TICK = int(threads.TICK)


def _run(cpu_pct: float, p99: float = 3.0, lost: int = 0) -> str:
    # 20 s measured, 20,000 intents: µs per intent = cpu % x 10
    return json.dumps({"label": "ours", "rooms": 100, "server_cpu_pct": cpu_pct, "sent": 20000, "duration_s": 20,
                       "p50_ms": 0.7, "p99_ms": p99, "lost": lost}) + "\n"


def _write(outdir: Path, side: str, runs: list[str]) -> None:
    for n, run in enumerate(runs, 1):
        (outdir / f"{side}-{n}.jsonl").write_text(run)


def test_each_b_is_compared_with_the_a_before_it(tmp_path):
    _write(tmp_path, "a", [_run(25.0), _run(30.0), _run(26.0), _run(40.0)])
    _write(tmp_path, "b", [_run(20.0), _run(27.0), _run(13.0, lost=4)])  # the fourth B run failed: no result
    out = pairs.table(tmp_path)
    rows = [line for line in out.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert [row.split("|")[6].strip() for row in rows] == ["0.800", "0.900", "0.500", "-"]
    assert "(lost intents)" in rows[2]
    assert rows[3].split("|")[2].strip() == "400"  # its A still shows
    # the run that lost intents and the pair without a B are left out of the summary
    assert out.splitlines()[-1] == (
        "2 pairs: A 275.0, B 235.0 µs/intent on average; B / A mean 0.850, median 0.850, range 0.800-0.900, B lower in 2 of 2"
    )


def _threads(main_user_ticks: int) -> str:
    # a rung of 10 rooms x 5 phones x 2 intents a second, sampled 10 s apart: 1000 intents
    return ("rung ours 10 5 2 100\nsample 50.0\n100 python 0 0\n101 pizzanight-sqlite 0 0\n"
            f"sample 60.0\n100 python {main_user_ticks} {TICK}\n101 pizzanight-sqlite 0 {TICK}\n")


def test_the_threads_of_each_side_are_added_when_sampled(tmp_path):
    _write(tmp_path, "a", [_run(25.0), _run(30.0)])
    _write(tmp_path, "b", [_run(20.0), _run(27.0)])
    (tmp_path / "threads").mkdir()
    tick = TICK
    # one second of CPU over 1000 intents is 1000 µs per intent
    (tmp_path / "threads" / "a-1.threads").write_text(_threads(tick // 5))  # 200 µs of user
    (tmp_path / "threads" / "b-1.threads").write_text(_threads(tick // 10))  # 100
    (tmp_path / "threads" / "a-2.threads").write_text(_threads(tick // 4))  # 250
    out = pairs.table(tmp_path)
    rows = [line for line in out.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert [cell.strip() for cell in rows[0].split("|")[7:9]] == ["main 200+1000; others 0+1000", "main 100+1000; others 0+1000"]
    assert rows[1].split("|")[8].strip() == "-"  # b-2 was not sampled
    # only the pair with both sides sampled counts in the means
    assert out.splitlines()[-1] == "main thread user µs/intent on average (1 pairs): A 200.0, B 100.0"


def test_the_script_takes_turns_with_each_checkout_and_its_python(tmp_path):
    """pairs.sh calls run.sh with OURS_MAIN and OURS_PY of A, then of B, PAIRS times, each into its own file."""
    harness = tmp_path / "harness"
    harness.mkdir()
    # a stand-in for the shared harness's run.sh: one result line naming the checkout and python it was given
    (harness / "run.sh").write_text(
        '#!/usr/bin/env bash\n'
        'echo "{\\"label\\": \\"$1\\", \\"main\\": \\"$OURS_MAIN\\", \\"py\\": \\"$OURS_PY\\", \\"rooms\\": $LADDER}" >> "$OUT"\n'
    )
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    subprocess.run(["bash", str(ROOT / "bench" / "peers" / "pairs.sh"), str(harness), str(a), str(b), str(tmp_path / "out")],
                   env={**os.environ, "PAIRS": "2", "ROOMS": "7", "OURS_PY_B": "/opt/other/python"}, check=True,
                   capture_output=True, timeout=60)
    out = tmp_path / "out"
    assert sorted(path.name for path in out.glob("*.jsonl")) == ["a-1.jsonl", "a-2.jsonl", "b-1.jsonl", "b-2.jsonl"]
    a_run = {"label": "ours", "main": str(a), "py": f"{a}/.venv/bin/python", "rooms": 7}
    b_run = {"label": "ours", "main": str(b), "py": "/opt/other/python", "rooms": 7}
    for n in (1, 2):
        assert json.loads((out / f"a-{n}.jsonl").read_text()) == a_run
        assert json.loads((out / f"b-{n}.jsonl").read_text()) == b_run


def test_a_run_that_dies_does_not_leave_the_sampler_waiting(tmp_path):
    """With THREADS=1, a run that ends without its table (the server died) still ends its pair, and its sampler."""
    harness = tmp_path / "harness"
    harness.mkdir()
    (harness / "run.sh").write_text('#!/usr/bin/env bash\necho "server ours died" >&2\nexit 1\n')
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    done = subprocess.run(["bash", str(ROOT / "bench" / "peers" / "pairs.sh"), str(harness), str(a), str(b), str(tmp_path / "out")],
                          env={**os.environ, "PAIRS": "1", "THREADS": "1"}, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert "pair 1: run a failed" in done.stderr and "pair 1: run b failed" in done.stderr
    samplers = subprocess.run(["pgrep", "-f", f"threads.sh {tmp_path}"], capture_output=True, text=True)
    assert samplers.stdout == ""
    out = tmp_path / "out"
    assert sorted(path.name for path in out.iterdir()) == ["a-1.log", "b-1.log"]  # no result, each run's log kept
    assert pairs.table(out).count("\n") == 1  # the header alone: no pair to compare
