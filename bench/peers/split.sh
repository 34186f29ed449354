#!/usr/bin/env bash
# Per-thread CPU of our hub inside a shared-harness run (../shared/bench-peers/run.sh), same run
# as the peers' figures: follows the run's log, and for each rung of target `ours` sends the
# server SIGUSR1 at the measured window's start and end (serve_ours.py prints its diagnostics:
# store commits/appends, hub counters, each thread's CPU), then keeps that rung's server log.
#
#   ../shared/bench-peers/run.sh ... ours > run.log 2>&1 &
#   bench/peers/split.sh run.log OUTDIR          # in parallel; exits when the run's table is out
#   .venv/bin/python bench/peers/split.py OUTDIR/server-ours-*.log
#
# Env: WARMUP (5) and DURATION (20), as given to run.sh; RESULTS, the harness's results folder
# (default ../shared/bench-peers/results). Another run of the same harness writes the same
# server-ours-R.log names there: on a shared machine, run a private copy of the harness folder
# (its node_modules with it) and point RESULTS at its results. Signals only the `ours` server of
# each rung (its pid from the first line of its log); every wait is a counted loop. The second
# signal goes 3 s before the window's end, so that it never races the server's shutdown.
set -euo pipefail
RUNLOG=$1 OUTDIR=$2
WARMUP=${WARMUP:-5} DURATION=${DURATION:-20}
RESULTS=${RESULTS:-$(cd "$(dirname "$0")/../../../shared/bench-peers" && pwd)/results}
mkdir -p "$OUTDIR"
seen=""
for _ in $(seq 7200); do   # at most 2 hours
  grep -q "largest tested room count" "$RUNLOG" 2>/dev/null && break
  rung=$(grep -o '\[loadgen ours R=[0-9]*\] joined' "$RUNLOG" 2>/dev/null | grep -o '[0-9]*' | tail -1 || true)
  count=$(grep -c '\[loadgen ours R=[0-9]*\] joined' "$RUNLOG" 2>/dev/null || true)
  if [ -n "$rung" ] && [ "$count" != "$seen" ]; then
    seen=$count
    log=$RESULTS/server-ours-$rung.log
    pid=$(head -1 "$log" | grep -o '"pid": [0-9]*' | grep -o '[0-9]*')
    sleep "$WARMUP"; kill -USR1 "$pid" || true
    sleep $((DURATION - 3)); kill -USR1 "$pid" || true
    for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    cp "$log" "$OUTDIR/server-ours-$rung-$count.log"
    echo "kept $OUTDIR/server-ours-$rung-$count.log" >&2
  fi
  sleep 1
done
