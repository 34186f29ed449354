"""Each B run against the A run just before it, from bench/peers/pairs.sh's results.

    python3 bench/peers/pairs.py OUTDIR

One row per pair: server CPU microseconds per intent (as the harness's table computes it),
p50 and p99 of each side, and B / A. Then the mean of each side, and the mean, median and
range of the ratios: a change is real when the ratios lean one way pair after pair, not when
two means differ by less than the spread of one side.  A run that lost an intent is marked:
its figures do not count as a like-for-like run; a run that failed leaves its pair's figures
empty.  When pairs.sh ran with ``THREADS=1``, each side's main thread (the event loop) and its
other threads, user + system µs per intent (threads.py), are added to the row, and their means
to the summary.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

from ratios import per_intent
from threads import split


def result(path: Path) -> dict | None:
    """A run's result line (run.sh writes one per rung), or None when the run left none."""
    if not path.exists():
        return None
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    return json.loads(lines[-1]) if lines else None


def table(outdir: Path) -> str:
    pairs = sorted({int(path.stem.split("-")[1]) for path in outdir.glob("[ab]-*.jsonl")})
    lines = ["| pair | A µs/intent | A p50 / p99 ms | B µs/intent | B p50 / p99 ms | B / A | A threads | B threads |",
             "|---|---|---|---|---|---|---|---|"]
    ratios: list[float] = []
    a_cpu: list[float] = []
    b_cpu: list[float] = []
    mains: list[tuple[float, float]] = []  # (A, B) event-loop user time, pairs with both sides sampled
    for n in pairs:
        a, b = result(outdir / f"a-{n}.jsonl") or {}, result(outdir / f"b-{n}.jsonl") or {}
        ca, cb = per_intent(a), per_intent(b)
        lost = bool(a.get("lost", 0) or b.get("lost", 0))
        ratio = cb / ca if ca and cb else None
        counted = ratio is not None and not lost  # a like-for-like pair: in the summary
        if counted:
            ratios.append(ratio)
            a_cpu.append(ca)
            b_cpu.append(cb)
        sides = [_threads(outdir / "threads" / f"{side}-{n}.threads") for side in ("a", "b")]
        cells = [_cell(groups) for groups in sides]
        if counted and sides[0] is not None and sides[1] is not None:
            mains.append((sides[0].get("main", [0.0])[0], sides[1].get("main", [0.0])[0]))
        lines.append(
            f"| {n}{' (lost intents)' if lost else ''} | {_num(ca)} | {_latency(a)} "
            f"| {_num(cb)} | {_latency(b)} | {f'{ratio:.3f}' if ratio is not None else '-'} "
            f"| {cells[0]} | {cells[1]} |"
        )
    if ratios:
        lines.append("")
        lines.append(
            f"{len(ratios)} pairs: A {statistics.mean(a_cpu):.1f}, B {statistics.mean(b_cpu):.1f} µs/intent on average; "
            f"B / A mean {statistics.mean(ratios):.3f}, median {statistics.median(ratios):.3f}, "
            f"range {min(ratios):.3f}-{max(ratios):.3f}, B lower in {sum(r < 1 for r in ratios)} of {len(ratios)}"
        )
    if mains:
        lines.append(
            f"main thread user µs/intent on average ({len(mains)} pairs): "
            f"A {statistics.mean(m[0] for m in mains):.1f}, B {statistics.mean(m[1] for m in mains):.1f}"
        )
    return "\n".join(lines)


def _cell(groups: dict[str, list[float]] | None) -> str:
    if groups is None:
        return "-"
    main = groups.get("main", [0.0, 0.0])
    others = [times for group, times in groups.items() if group != "main"]
    return f"main {main[0]:.0f}+{main[1]:.0f}; others {sum(t[0] for t in others):.0f}+{sum(t[1] for t in others):.0f}"


def _latency(run: dict) -> str:
    return f"{run['p50_ms']} / {run['p99_ms']}" if "p50_ms" in run else "-"


def _threads(path: Path) -> dict[str, list[float]] | None:
    found = split(path) if path.exists() else None
    return found[2] if found is not None else None


def _num(value: float | None) -> str:
    return f"{value:.0f}" if value is not None else "-"


def main() -> None:
    print(table(Path(sys.argv[1])))


if __name__ == "__main__":
    main()
