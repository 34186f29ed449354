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
``setup.py``'s ``STRIP``).  ``--lookups`` counts the samples spent looking an
attribute or a method up by name, by the function that asked (what a typed
C field or a C method call would save); ``--touches`` counts the samples
whose leaf reads or writes an object's header (``Py_INCREF`` and the like:
a few instructions, so under load mostly the wait for a cold object's cache
line, which no instruction count shows), by nearest Python frame.  Figures
only; ``bench/peers/README``-style runs:

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


#: C functions that look an attribute or a method up by name.
LOOKUPS = ("_PyObject_GetMethod", "_PyObject_GenericGetAttrWithDict", "PyObject_GetAttr", "__Pyx_PyObject_GetAttrStr",
           "_PyType_Lookup")
#: Leaves that read or write an object's header (its reference count, type or size): a handful of instructions,
#: so a sample landing there is mostly the wait for the object's cache line, the first touch of a cold object.
TOUCHES = ("Py_INCREF", "Py_DECREF", "Py_XINCREF", "Py_XDECREF", "Py_TYPE", "Py_SIZE", "_Py_IsImmortal", "_PyGCHead_PREV")


def asker(stack: list[tuple[str, str]]) -> str | None:
    """The function that asked for a look-up by name (the first frame above the look-up's own helpers), if any.

    Only a sample inside the look-up itself counts: below it (towards the
    leaf) nothing but the interpreter's own code, so a property's getter
    or a method the look-up led to is not counted as the look-up.
    """
    for i, (symbol, dso) in enumerate(stack):
        if not (dso == "inlined" or dso.startswith("libpython")):
            if symbol not in LOOKUPS:
                return None
        if symbol in LOOKUPS:
            for above, _ in stack[i + 1 :]:
                if not above.startswith(("_PyObject_", "PyObject_", "Py_", "_Py", "__Pyx_PyObject_")):
                    return re.sub(r"^__pyx_[a-z]+_\d*", "", above)[:70]
            return "?"
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("samples", help="perf script output (-F comm,tid,ip,sym,dso)")
    parser.add_argument("--tid", help="only this thread (the hub's event loop: its pid)")
    parser.add_argument("--intents", type=int, default=0, help="intents sent in the recorded window")
    parser.add_argument("--hz", type=float, default=1999.0, help="perf record's -F")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--under", default="", help="compiled functions below the Python frames whose name holds this")
    parser.add_argument("--lookups", action="store_true", help="look-ups by name, by the function that asked")
    parser.add_argument("--touches", action="store_true", help="samples on an object's header, by nearest Python frame")
    args = parser.parse_args()

    counted: collections.Counter[str] = collections.Counter()
    kernel: collections.Counter[str] = collections.Counter()
    below: collections.Counter[str] = collections.Counter()
    lookups: collections.Counter[str] = collections.Counter()
    touches: collections.Counter[str] = collections.Counter()
    total = under = 0
    for stack in samples(args.samples, args.tid):
        total += 1
        asked = asker(stack) if args.lookups else None
        if asked is not None:
            lookups[asked] += 1
        at = nearest(stack)
        name = stack[at][0][4:] if at is not None else "<no Python frame>"
        counted[name] += 1
        if args.touches and stack[0][0] in TOUCHES:
            touches[name] += 1
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
    for wanted, figures, title in (
        (args.lookups, lookups, "look-ups by name (attributes, methods), by the function that asked"),
        (args.touches, touches, "samples on an object's header (a cold object's first touch), by nearest Python frame"),
    ):
        if wanted:
            print(f"\n{title}: {sum(figures.values()) * scale:.1f} in all")
            for name, count in figures.most_common(args.top):
                print(f"{count * scale:7.1f}  {name[:110]}")
    if args.under:
        print(f"\ncompiled functions below frames named *{args.under}* ({under} samples, inclusive):")
        for name, count in below.most_common(args.top):
            print(f"{count * scale:7.1f}  {name}")


if __name__ == "__main__":
    main()
