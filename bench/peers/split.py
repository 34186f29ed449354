"""Per-thread CPU per intent of our hub, from a server log with two ``{"diag": ...}`` lines.

    .venv/bin/python bench/peers/split.py LOG [LOG ...]

serve_ours.py prints a diagnostics line on SIGUSR1 (bench/peers/split.sh sends two, at a
shared-harness rung's measured window's start and end).  For each log: the window's
intents (game commands the hub handled), store commits and appends per commit, and each
thread's user and system CPU in microseconds per intent (``main`` is the event loop,
``sqlite`` the store's Python writer, ``appends`` its compiled append lane; other threads by id).
A log of a hub run with ``OURS_STAGES=1`` also gets the event loop's CPU by stage of a move's
path (bench/peers/stages.py), per intent, and each stage's calls per intent.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def split(path: Path) -> str:
    diags = [json.loads(line)["diag"] for line in path.read_text().splitlines() if line.startswith('{"diag')]
    if len(diags) < 2:
        return f"| {path.name} | (fewer than two diag lines) |"
    a, b = diags[0], diags[-1]
    key = "pizzanight_commands_total{kind=cmd}"
    intents = b["hub"].get(key, 0.0) - a["hub"].get(key, 0.0)
    commits = b["store_commits"] - a["store_commits"]
    appends = b["store_appends"] - a["store_appends"]
    wall = b["mono"] - a["mono"]
    cells = []
    total = 0.0
    for name in sorted(b["threads"], key=lambda n: (n != "main", n != "sqlite", n != "appends", n)):
        user, system = (b["threads"][name][i] - a["threads"].get(name, [0.0, 0.0])[i] for i in (0, 1))
        if user + system <= 0:
            continue
        total += user + system
        cells.append(f"{name} {(user + system) / intents * 1e6:.0f} ({user / intents * 1e6:.0f}+{system / intents * 1e6:.0f})")
    return (
        f"| {path.name} | {wall:.1f} | {intents / wall:,.0f} | {commits / wall:,.0f} | {appends / max(commits, 1):.2f} "
        f"| {total / intents * 1e6:.0f} | {'; '.join(cells)} |"
    )


def stage_table(path: Path) -> str:
    """The event loop's CPU per intent by stage in the window, when the hub timed its stages."""
    diags = [json.loads(line)["diag"] for line in path.read_text().splitlines() if line.startswith('{"diag')]
    if len(diags) < 2 or "stages" not in diags[-1]:
        return ""
    a, b = diags[0], diags[-1]
    key = "pizzanight_commands_total{kind=cmd}"
    intents = b["hub"].get(key, 0.0) - a["hub"].get(key, 0.0)
    rows = [f"\n{path.name}: event loop CPU by stage (µs per intent, calls per intent)", "| stage | µs | calls |", "|---|---|---|"]
    for stage in sorted(b["stages"]):
        ns, calls = (b["stages"][stage][i] - a.get("stages", {}).get(stage, [0, 0])[i] for i in (0, 1))
        rows.append(f"| {stage} | {ns / intents / 1000:.1f} | {calls / intents:.2f} |")
    return "\n".join(rows)


def main() -> None:
    print("| log | window s | intents/s | commits/s | appends/commit | CPU us/intent | by thread: us/intent (user+system) |")
    print("|---|---|---|---|---|---|---|")
    for name in sys.argv[1:]:
        print(split(Path(name)))
    for name in sys.argv[1:]:
        table = stage_table(Path(name))
        if table:
            print(table)


if __name__ == "__main__":
    main()
