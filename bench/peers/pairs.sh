#!/usr/bin/env bash
# Our hub alone in the shared harness, two builds taking turns: A, B, A, B ... at one rung.
#
#   bench/peers/pairs.sh HARNESS A_DIR B_DIR OUTDIR
#   .venv/bin/python bench/peers/pairs.py OUTDIR
#
# HARNESS is a copy of ../shared/bench-peers with its npm packages installed (its README).
# A_DIR and B_DIR are checkouts of the project, each with its own .venv (a worktree of the code
# before a change, or the same code in a venv of another interpreter); OURS_PY_A / OURS_PY_B name
# another python for either. Each run is run.sh with target `ours` alone at ROOMS, the server
# pinned as the interleaved runs pin it; pair N's results go to OUTDIR/a-N.jsonl and OUTDIR/b-N.jsonl
# (its log beside them), so pairs.py compares each B with the A just before it, and a run that
# failed leaves only its own pair empty: this machine is shared and drifts within minutes, and only
# neighbouring runs compare. Bounded: PAIRS runs of each, every run inside run.sh's own timeouts
# and this script's `timeout`.
#
# THREADS=1 runs threads.sh beside each run (OUTDIR/threads/<side>-<pair>-*.threads): then pairs.py
# adds each side's main thread (the event loop) and other threads, user + system µs per intent.
#
# Env: PAIRS (5), ROOMS (100), PIN (1), THREADS (0), and what run.sh reads (WARMUP, DURATION, PHONES, RATE).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
HARNESS=$(cd "$1" && pwd) A_DIR=$(cd "$2" && pwd) B_DIR=$(cd "$3" && pwd) OUTDIR=$4
PAIRS=${PAIRS:-5} ROOMS=${ROOMS:-100}
mkdir -p "$OUTDIR"
OUTDIR=$(cd "$OUTDIR" && pwd)
for i in $(seq "$PAIRS"); do
  for side in a b; do
    if [ "$side" = a ]; then dir=$A_DIR py=${OURS_PY_A:-$A_DIR/.venv/bin/python}; else dir=$B_DIR py=${OURS_PY_B:-$B_DIR/.venv/bin/python}; fi
    echo "pair $i/$PAIRS: $side ($dir)" >&2
    log=$OUTDIR/$side-$i.log sampler=
    : >"$log"
    rm -f "$OUTDIR/$side-$i.jsonl"
    if [ "${THREADS:-0}" = 1 ]; then
      bash "$HERE/threads.sh" "$log" "$OUTDIR/threads-$side-$i" >/dev/null 2>&1 & sampler=$!
    fi
    (cd "$HARNESS" && OURS_MAIN=$dir OURS_PY=$py PIN=${PIN:-1} LADDER=$ROOMS OUT="$OUTDIR/$side-$i.jsonl" \
      timeout 600 bash ./run.sh ours >>"$log" 2>&1) || echo "pair $i: run $side failed, see $log" >&2
    if [ -n "$sampler" ]; then
      # the sampler ends when the run's table is out; a run that died before it would leave it waiting
      for _ in $(seq 10); do kill -0 "$sampler" 2>/dev/null || break; sleep 0.5; done
      kill "$sampler" 2>/dev/null || true
      wait "$sampler" 2>/dev/null || true
      for f in "$OUTDIR/threads-$side-$i"/*.threads; do [ -e "$f" ] && mkdir -p "$OUTDIR/threads" && mv "$f" "$OUTDIR/threads/$side-$i.threads"; done
      rmdir "$OUTDIR/threads-$side-$i" 2>/dev/null || true
    fi
  done
done
