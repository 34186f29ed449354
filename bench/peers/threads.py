"""User and system CPU per intent of each server's threads, from ``threads.sh``'s samples.

    .venv/bin/python bench/peers/threads.py OUTDIR/*.threads

One row per rung of each target: the whole process's user and system CPU
per intent over the sampled window, then the main thread's (the event loop:
Node's JavaScript thread, our hub's asyncio loop) and the other threads',
grouped by thread name (Node's libuv pool and V8's helper threads, our
store's writer threads), each as user+system microseconds per intent.
The intents are the load the harness offers in that window (rooms x
phones x rate: it sends on a fixed schedule, whatever the server does).
Figures only.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

#: Clock ticks per second of /proc's CPU times.
TICK = os.sysconf("SC_CLK_TCK")


def read(path: Path) -> tuple[list[str], list[tuple[float, dict[str, tuple[str, int, int]]]]]:
    """The rung line's fields, and each sample: (uptime seconds, {tid: (name, utime, stime)})."""
    rung: list[str] = []
    samples: list[tuple[float, dict[str, tuple[str, int, int]]]] = []
    for line in path.read_text().splitlines():
        fields = line.split()
        if fields[0] == "rung":
            rung = fields[1:]
        elif fields[0] == "sample":
            samples.append((float(fields[1]), {}))
        elif samples and len(fields) == 4:
            samples[-1][1][fields[0]] = (fields[1], int(fields[2]), int(fields[3]))
    return rung, samples


def split(path: Path) -> tuple[list[str], float, dict[str, list[float]]] | None:
    """The rung's fields, its window in seconds, and {thread group: [user, system] µs per intent}.

    The server's main thread (the event loop) is the group ``main``; other
    threads are grouped by name.  None when the file lacks a rung or two samples.
    """
    rung, samples = read(path)
    if len(rung) < 5 or len(samples) < 2:
        return None
    rooms, phones, rate, pid = int(rung[1]), int(rung[2]), float(rung[3]), rung[4]
    (t0, before), (t1, after) = samples[0], samples[-1]
    intents = rooms * phones * rate * (t1 - t0)
    per = 1e6 / TICK / intents  # clock ticks -> microseconds per intent
    groups: dict[str, list[float]] = {}
    for tid, (name, utime, stime) in after.items():
        _, utime0, stime0 = before.get(tid, (name, 0, 0))  # a thread born in the window: all of its time
        total = groups.setdefault("main" if tid == pid else name, [0.0, 0.0])
        total[0] += (utime - utime0) * per
        total[1] += (stime - stime0) * per
    return rung, t1 - t0, groups


def row(path: Path) -> str:
    found = split(path)
    if found is None:
        return f"| {path.name} | (incomplete) |"
    rung, window, groups = found
    user = sum(times[0] for times in groups.values())
    system = sum(times[1] for times in groups.values())
    others = sorted((g for g in groups if g != "main"), key=lambda g: -sum(groups[g]))
    cells = [f"{g} {groups[g][0]:.0f}+{groups[g][1]:.0f}" for g in ["main", *others] if sum(groups.get(g, [0.0])) >= 0.5]
    return f"| {rung[0]} | {rung[1]} | {window:.1f} | {user + system:.0f} | {user:.0f} | {system:.0f} | {'; '.join(cells)} |"


def main() -> None:
    print("| target | rooms | window s | CPU µs/intent | user | system | by thread (name: user+system µs/intent) |")
    print("|---|---|---|---|---|---|---|")
    for name in sys.argv[1:]:
        print(row(Path(name)))


if __name__ == "__main__":
    main()
