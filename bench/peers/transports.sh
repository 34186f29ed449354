#!/bin/bash
# Transport comparison on the peer harness: our hub on each websocket server in turn,
# interleaved over ROUNDS rounds, each run a fresh server (bench/peers/serve-ours).
#
#   ROUNDS=2 ROOMS=100 DURATION=15 bench/peers/transports.sh [HARNESS]
#
# Transports: uvicorn's websocket implementations (websockets-sansio as shipped,
# websockets, wsproto) under Starlette, and server/transport.py's adapters for the
# websockets library's own asyncio server and picows. Prints server CPU per intent
# and p99 per run, then the median per transport. Loopback only, bounded by run.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
harness=${1:-$here/../../../shared/bench-peers}
[ -x "$harness/run.sh" ] || harness=/work/shared/bench-peers
ROUNDS=${ROUNDS:-2} ROOMS=${ROOMS:-100} DURATION=${DURATION:-15}
out=$(mktemp -d /tmp/pizzanight-transports.XXXXXX)
cd "$here/../.."
for round in $(seq "$ROUNDS"); do
  for t in uvicorn:websockets-sansio uvicorn:websockets uvicorn:wsproto direct:websockets direct:picows; do
    kind=${t%%:*} name=${t#*:}
    if [ "$kind" = uvicorn ]; then env=(OURS_WS="$name"); else env=(OURS_TRANSPORT="$name"); fi
    env "${env[@]}" PIN=1 LADDER="$ROOMS" DURATION="$DURATION" OUT="$out/$t-$round.jsonl" \
      timeout 600 bash "$harness/run.sh" ours >/dev/null 2>&1 || echo "run $t $round failed" >&2
  done
done
python3 - "$out" <<'PY'
import json, statistics, sys
from pathlib import Path
runs = {}
for path in sorted(Path(sys.argv[1]).glob("*.jsonl")):
    name = path.stem.rsplit("-", 1)[0]
    for line in path.read_text().splitlines():
        r = json.loads(line)
        runs.setdefault(name, []).append(r)
print("| transport | runs | srv µs/intent (each run) | median | p99 ms (each run) | lost |")
print("|---|---|---|---|---|---|")
for name, rs in runs.items():
    # server CPU over the measured window / intents sent in it (as the harness's table computes it)
    per = [round(r["server_cpu_pct"] / 100 * r["duration_s"] * 1e6 / max(r["sent"], 1)) for r in rs]
    p99 = [r["p99_ms"] for r in rs]
    print(f"| {name} | {len(rs)} | {per} | {statistics.median(per):.0f} | {p99} | {sum(r['lost'] for r in rs)} |")
PY
echo "raw results: $out"
