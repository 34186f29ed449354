"""Repeat the cluster's nemesis tests and print the figures issue 28 asks for.

    .venv/bin/python bench/nemesis.py --trials 10            # every fault, 10 trials each
    .venv/bin/python bench/nemesis.py --trials 3 --only kill,stale

Each trial is one run of a test in tests/cluster/test_cluster_nemesis.py
(real hub processes, hubs in network namespaces, Debian's nginx, a slow-link
proxy), which checks correctness itself (nothing lost, doubled or written
under a lapsed lease) and prints what a person would feel; this script
collects those lines.  Everything it starts talks to 127.0.0.1 or to the
namespaces it makes: it never sends traffic anywhere else.  Run as root (the
namespaces), with redis-server and nginx installed (scripts/setup --test).
The stale-hello test makes 3 reproductions per trial.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: fault -> (pytest -k expression, what its printed line starts with)
FAULTS = {
    "kill": ("nginx and killing", "[nemesis kill behind nginx]"),
    "redis-cut": ("kernel", "[nemesis hub-redis cut]"),
    "phones-cut": ("phones_cut", "[nemesis phones-hub cut]"),
    "stale": ("stale", "[nemesis stale hello]"),
    "slow": ("slow", "[nemesis slow link]"),
}


def run_trial(expression: str, marker: str, lease_ms: int | None) -> tuple[bool, str]:
    command = [sys.executable, "-m", "pytest", "tests/cluster/test_cluster_nemesis.py", "-q", "-s", "-x", "-k", expression,
               "-p", "no:cacheprovider"]
    env = None
    if lease_ms is not None:
        import os

        env = dict(os.environ, PIZZANIGHT_TEST_LEASE_MS=str(lease_ms))
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=env)
    lines = [line for line in done.stdout.splitlines() if line.startswith(marker)]
    return done.returncode == 0, lines[-1] if lines else done.stdout[-600:]


def numbers_after(pattern: str, text: str) -> list[float]:
    return [float(x) for x in re.findall(pattern, text)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=10)
    parser.add_argument("--only", default=",".join(FAULTS), help="comma-separated: " + ", ".join(FAULTS))
    parser.add_argument("--lease-ms", type=int, default=1200, help="the hubs' lease (default: the shipped 1200)")
    args = parser.parse_args()
    for fault in args.only.split(","):
        expression, marker = FAULTS[fault]
        print(f"== {fault}: {args.trials} trials (lease {args.lease_ms} ms)", flush=True)
        passed, lines = 0, []
        started = time.monotonic()
        for trial in range(1, args.trials + 1):
            ok, line = run_trial(expression, marker, args.lease_ms)
            passed += ok
            lines.append(line)
            print(f"  {trial:2d} {'ok  ' if ok else 'FAIL'} {line}", flush=True)
        seconds = [n for line in lines for n in numbers_after(r"(-?\d+\.\d+) s", line)]
        print(f"  -> {passed}/{args.trials} trials passed every correctness check "
              f"(0 lost, 0 doubled, 0 stale acks); the times in the lines above range "
              f"{min(seconds, default=0):.2f} to {max(seconds, default=0):.2f} s; {time.monotonic() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
