"""Where a thread's CPU goes under the harness, each sample counted to its nearest Python frame.

    perf script -i perf.data -F comm,tid,ip,sym,dso > samples.txt
    python bench/peers/nearest.py samples.txt [--tid TID] [--intents N] [--top 40] [--under NAME]

For a hub run by Python 3.12 or later with ``PYTHONPERFSUPPORT=1`` (the
interpreter writes ``/tmp/perf-PID.map``, so each Python function's frames
show in ``perf`` stacks as ``py::name:file``) and recorded with
``perf record --call-graph dwarf``: every sample's stack is walked from the
leaf up to the first ``py::`` frame, and the sample is counted there, with
whether its leaf was in the kernel.  So a Python function's figure is its
own interpreting plus the C it calls directly (the compiled lane's modules,
msgpack, uvloop's transport, the kernel under a system call), up to the
next Python frame.  A sample with no Python frame on its stack (the event
loop itself, waiting or dispatching callbacks) is counted to the frame of
``asyncio.Runner.run`` or shown as ``<no Python frame>``.

``--intents N`` (the intents the load generator sent in the recorded
window) turns counts into microseconds per intent, given ``--hz`` (perf's
``-F``).  ``--under NAME`` lists, for the samples counted to functions whose
name holds NAME, the compiled functions on their stacks below it
(inclusive counts; the lane's modules must be built unstripped for names:
``setup.py``'s ``STRIP``).  Figures only; ``bench/peers/README``-style runs:

    PYTHONPERFSUPPORT=1 OURS_PY=<a 3.12 venv>/bin/python PIN=1 LADDER=100 run.sh ours &
    perf record -F 1999 --call-graph dwarf,32768 -p <hub pid> -o perf.data -- sleep 8
"""

from __future__ import annotations

import argparse
import collections
import re
from collections.abc import Iterator


def samples(path: str, tid: str | None) -> Iterator[list[tuple[str, str]]]:
    """Each sample's stack, leaf first, as (symbol, shared object) pairs."""
    stack: list[tuple[str, str]] | None = None
    keep = True
    with open(path, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if not line.strip():
                if stack and keep:
                    yield stack
                stack = None
                continue
            if not line.startswith("\t"):
                fields = line.split()
                keep = tid is None or tid in fields
                stack = []
                continue
            if stack is None:
                continue
            _, _, rest = line.strip().partition(" ")
            symbol, _, dso = rest.rpartition(" (")
            stack.append((symbol, dso.rstrip(")").rsplit("/", 1)[-1]))
    if stack and keep:
        yield stack


def nearest(stack: list[tuple[str, str]]) -> int | None:
    return next((i for i, (symbol, _) in enumerate(stack) if symbol.startswith("py::")), None)


def in_kernel(stack: list[tuple[str, str]]) -> bool:
    return "kernel" in stack[0][1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("samples", help="perf script output (-F comm,tid,ip,sym,dso)")
    parser.add_argument("--tid", help="only this thread (the hub's event loop: its pid)")
    parser.add_argument("--intents", type=int, default=0, help="intents sent in the recorded window")
    parser.add_argument("--hz", type=float, default=1999.0, help="perf record's -F")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--under", default="", help="compiled functions below the Python frames whose name holds this")
    args = parser.parse_args()

    counted: collections.Counter[str] = collections.Counter()
    kernel: collections.Counter[str] = collections.Counter()
    below: collections.Counter[str] = collections.Counter()
    total = under = 0
    for stack in samples(args.samples, args.tid):
        total += 1
        at = nearest(stack)
        name = stack[at][0][4:] if at is not None else "<no Python frame>"
        counted[name] += 1
        kernel[name] += in_kernel(stack)
        if args.under and at is not None and args.under in name:
            under += 1
            for symbol in {symbol for symbol, dso in stack[:at] if dso.startswith("_") and "cpython" in dso}:
                below[re.sub(r"^__pyx_[a-z]+_\d*", "", symbol)[:70]] += 1
    if not total:
        raise SystemExit("no samples")
    scale = (1e6 / args.hz / args.intents) if args.intents else (100.0 / total)
    unit = "us/intent" if args.intents else "%"
    print(f"{total} samples; {unit}: all, of which in the kernel; nearest Python frame")
    for name, count in counted.most_common(args.top):
        print(f"{count * scale:7.1f} {kernel[name] * scale:7.1f}  {name[:110]}")
    if args.under:
        print(f"\ncompiled functions below frames named *{args.under}* ({under} samples, inclusive):")
        for name, count in below.most_common(args.top):
            print(f"{count * scale:7.1f}  {name}")


if __name__ == "__main__":
    main()
