"""Each B run against the A run just before it, from bench/peers/pairs.sh's results.

    python3 bench/peers/pairs.py OUTDIR

One row per pair: server CPU microseconds per intent (as the harness's table computes it),
p50 and p99 of each side, and B / A. Then the mean of each side, and the mean, median and
range of the ratios: a change is real when the ratios lean one way pair after pair, not when
two means differ by less than the spread of one side.  A run that lost an intent is marked:
its figures do not count as a like-for-like run.  When pairs.sh ran with ``THREADS=1``, each
side's main thread (the event loop) and its other threads, user + system µs per intent
(threads.py), are added to the row, and their means to the summary.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

from ratios import per_intent
from threads import split


def runs(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def table(outdir: Path) -> str:
    a_runs, b_runs = runs(outdir / "a.jsonl"), runs(outdir / "b.jsonl")
    lines = ["| pair | A µs/intent | A p50 / p99 ms | B µs/intent | B p50 / p99 ms | B / A | A threads | B threads |",
             "|---|---|---|---|---|---|---|---|"]
    ratios: list[float] = []
    a_cpu: list[float] = []
    b_cpu: list[float] = []
    mains: dict[str, list[float]] = {"A": [], "B": []}
    for n, (a, b) in enumerate(zip(a_runs, b_runs), 1):
        cells = []
        for side in ("a", "b"):
            groups = _threads(outdir / "threads" / f"{side}-{n}.threads")
            if groups is None:
                cells.append("-")
                continue
            main = groups.get("main", [0.0, 0.0])
            others = [times for group, times in groups.items() if group != "main"]
            rest = [sum(times[0] for times in others), sum(times[1] for times in others)]
            cells.append(f"main {main[0]:.0f}+{main[1]:.0f}; others {rest[0]:.0f}+{rest[1]:.0f}")
            if not (a.get("lost", 0) or b.get("lost", 0)):
                mains[side.upper()].append(main[0])
        ca, cb = per_intent(a), per_intent(b)
        lost = a.get("lost", 0) or b.get("lost", 0)
        ratio = cb / ca if ca and cb else None
        if ratio is not None and not lost:
            ratios.append(ratio)
            a_cpu.append(ca)
            b_cpu.append(cb)
        lines.append(
            f"| {n}{' (lost intents)' if lost else ''} | {_num(ca)} | {a.get('p50_ms')} / {a.get('p99_ms')} "
            f"| {_num(cb)} | {b.get('p50_ms')} / {b.get('p99_ms')} | {f'{ratio:.3f}' if ratio is not None else '-'} "
            f"| {cells[0]} | {cells[1]} |"
        )
    if ratios:
        lines.append("")
        lines.append(
            f"{len(ratios)} pairs: A {statistics.mean(a_cpu):.1f}, B {statistics.mean(b_cpu):.1f} µs/intent on average; "
            f"B / A mean {statistics.mean(ratios):.3f}, median {statistics.median(ratios):.3f}, "
            f"range {min(ratios):.3f}-{max(ratios):.3f}, B lower in {sum(r < 1 for r in ratios)} of {len(ratios)}"
        )
    if mains["A"] and mains["B"]:
        lines.append(f"main thread user µs/intent on average: A {statistics.mean(mains['A']):.1f}, B {statistics.mean(mains['B']):.1f}")
    return "\n".join(lines)


def _threads(path: Path) -> dict[str, list[float]] | None:
    found = split(path) if path.exists() else None
    return found[2] if found is not None else None


def _num(value: float | None) -> str:
    return f"{value:.0f}" if value is not None else "-"


def main() -> None:
    print(table(Path(sys.argv[1])))


if __name__ == "__main__":
    main()
