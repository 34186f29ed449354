"""Ratios of our hub's server CPU per intent to the peers', rung by rung, from shared-harness results.

    python3 bench/peers/ratios.py RESULTS.jsonl [RESULTS.jsonl ...]

For each results file of an interleaved run (``INTERLEAVE=1 run.sh colyseus colyseus-views
colyseus-durable ours``) and each rung: server CPU microseconds per intent of every target (as
the harness's table computes it), p50/p99, and ours / each peer from that same run, so a
ratio always compares neighbouring measurements of the shared, noisy machine.
"""

from __future__ import annotations

import json
import sys


def per_intent(r: dict) -> float | None:
    if r.get("server_cpu_pct") is None or not r.get("sent"):
        return None
    return r["server_cpu_pct"] / 100 * 1e6 / (r["sent"] / r["duration_s"])


def main() -> None:
    peers = ("colyseus", "colyseus-views", "colyseus-durable")
    print("| run | rooms | " + " | ".join(f"{t} us/intent (p50/p99 ms)" for t in (*peers, "ours")) + " | "
          + " | ".join(f"ours/{t}" for t in peers) + " |")
    print("|---" * (2 + 2 * len(peers) + 1) + "|")
    for name in sys.argv[1:]:
        rungs: dict[int, dict[str, dict]] = {}
        for line in open(name):
            r = json.loads(line)
            rungs.setdefault(r["rooms"], {})[r["label"]] = r
        for rooms, by in sorted(rungs.items()):
            cells, ratios = [], []
            for t in (*peers, "ours"):
                r = by.get(t)
                v = per_intent(r) if r else None
                cells.append("-" if v is None else f"{v:.0f} ({r['p50_ms']:g}/{r['p99_ms']:g})")
            ours = per_intent(by["ours"]) if "ours" in by else None
            for t in peers:
                v = per_intent(by[t]) if t in by else None
                ratios.append("-" if not v or ours is None else f"{ours / v:.2f}")
            print(f"| {name.rsplit('/', 1)[-1]} | {rooms} | " + " | ".join(cells) + " | " + " | ".join(ratios) + " |")


if __name__ == "__main__":
    main()
