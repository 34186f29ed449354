#!/usr/bin/env bash
# User and system CPU of every server's threads inside a shared-harness run (../shared/bench-peers/run.sh),
# for every target, ours and the peers alike: the same run's figures, split the same way.
#
#   ../shared/bench-peers/run.sh ... colyseus colyseus-durable ours > run.log 2>&1 &
#   bench/peers/threads.sh run.log OUTDIR        # in parallel; exits when the run's table is out
#   .venv/bin/python bench/peers/threads.py OUTDIR/*.threads
#
# For each rung of each target: once its load generator has joined, the server's pid is read from
# that load generator's own command line (run.sh gives it --server-pid), and every thread's
# /proc/<pid>/task/<tid>/stat is read at the measured window's start and 3 s before its end (as
# split.sh does, so the second read never races the server's shutdown). One file per rung:
# the rung's label, rooms, phones and rate, then the two samples (monotonic seconds, then each
# thread's id, name, user and system clock ticks). Only reads /proc; signals nothing; every wait
# is a counted loop.
#
# Env: WARMUP (5) and DURATION (20), as given to run.sh.
set -euo pipefail
RUNLOG=$1 OUTDIR=$2
WARMUP=${WARMUP:-5} DURATION=${DURATION:-20}
mkdir -p "$OUTDIR"

sample() { # pid -> one line per thread: tid name utime stime (the name may hold spaces: it is between parentheses)
  local pid=$1 task
  echo "sample $(cut -d' ' -f1 /proc/uptime)"
  for task in /proc/"$pid"/task/*; do
    local stat
    stat=$(cat "$task/stat" 2>/dev/null) || continue   # the thread ended meanwhile
    local name=${stat#*(}; name=${name%)*}; name=${name// /_}
    local rest=${stat##*) }
    # fields after the name: state(3) ... utime(14) stime(15); $rest starts at field 3
    read -r -a f <<<"$rest"
    echo "${task##*/} $name ${f[11]} ${f[12]}"
  done
}

seen=0
for _ in $(seq 7200); do   # at most 2 hours
  grep -q "largest tested room count" "$RUNLOG" 2>/dev/null && break
  count=$(grep -c '\[loadgen [^ ]* R=[0-9]*\] joined' "$RUNLOG" 2>/dev/null || true)
  if [ "${count:-0}" -gt "$seen" ]; then
    seen=$count
    line=$(grep -o '\[loadgen [^ ]* R=[0-9]*\] joined' "$RUNLOG" | tail -1)
    label=$(echo "$line" | sed 's/\[loadgen \([^ ]*\) R=.*/\1/')
    rooms=$(echo "$line" | sed 's/.* R=\([0-9]*\)\].*/\1/')
    lg=$(pgrep -n -f "loadgen.mjs .*--label $label .*--rooms $rooms " || true)
    pid=$( [ -n "$lg" ] && tr '\0' ' ' < /proc/"$lg"/cmdline | sed -n 's/.*--server-pid \([0-9]*\).*/\1/p' || true)
    if [ -z "$pid" ]; then
      echo "no server pid for $label R=$rooms" >&2
    else
      out=$OUTDIR/$label-$rooms-$count.threads
      phones=$(tr '\0' ' ' < /proc/"$lg"/cmdline | sed -n 's/.*--phones \([0-9]*\).*/\1/p')
      rate=$(tr '\0' ' ' < /proc/"$lg"/cmdline | sed -n 's/.*--rate \([0-9.]*\).*/\1/p')
      echo "rung $label $rooms ${phones:-5} ${rate:-2} $pid" > "$out"
      sleep "$WARMUP"; sample "$pid" >> "$out" || true
      sleep $((DURATION - 3)); sample "$pid" >> "$out" || true
      echo "kept $out" >&2
    fi
  fi
  sleep 0.5
done
