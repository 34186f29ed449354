"""bench/peers/stages.py wraps every stage it names (a renamed function fails here, not mid-benchmark)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sys
sys.path[:0] = [{root!r}, {bench!r}]
from peers import stages
stages.install()
from server import connection, direct_ws, fanout, outbox, room
from server.store import embedded
wrapped = [direct_ws.DirectWebSocketProtocol.data_received, connection.load_frame,
           room.RoomActor.handle_safely, room.fan_out, fanout._lobby, fanout.fastlane.view_rows, fanout.encode_change,
           outbox._flush_due, embedded.EmbeddedStore.__init__, embedded.EmbeddedStore._start_lane]
if fanout.fastlane.LANE == "compiled":
    from server.fastlane import _inbound, _outbox
    wrapped += [_outbox._flush_due, _inbound.load_frame]
# what a socket is given to call with each message is timed as read.inbound
from types import SimpleNamespace
from server.inbox import Command
from server.limits import TokenBucket
client = SimpleNamespace(outbox=SimpleNamespace(close_code=1000))
take = fanout.fastlane.taker(SimpleNamespace(client=client, room=None, bucket=TokenBucket(1, 1), take=lambda data: None), Command)
take(b"")
assert stages.snapshot()["read.inbound"][1] == 1 and hasattr(take, "__wrapped__")
assert all(hasattr(f, "__wrapped__") for f in wrapped), [f for f in wrapped if not hasattr(f, "__wrapped__")]
differ = fanout.fastlane.Differ()
public, private = differ.split({{}}, {{("host",): {{"a": 1}}}})
assert stages.snapshot()["fanout.diff"][1] == 1
differ.split_rows({{("host",): (1,)}}, {{("host",): (2,)}}, ("a",))
assert stages.snapshot()["fanout.diff"][1] == 2
connection.load_frame(b"\\x81\\xa1t\\xa3cmd")
assert stages.snapshot()["read.decode"] == [stages.TOTALS["read.decode"][0], 1] and stages.TOTALS["read.decode"][0] > 0
# a store's appends are timed as turn.store, and the lane's answers (when it was built) as store_answers
import asyncio, tempfile
async def appends():
    store = embedded.EmbeddedStore(tempfile.mkdtemp() + "/s.sqlite3")
    try:
        await store.append("r", [b"0"], 0)
        await store.append("r", [b"1"], 1)
    finally:
        await store.close()
asyncio.run(appends())
assert stages.snapshot()["turn.store"][1] == 2
if fanout.fastlane.Appender is not None:
    assert stages.snapshot()["store_answers"][1] >= 1
print("ok", len(stages.snapshot()))
"""


def test_every_stage_is_wrapped_and_counted():
    run = subprocess.run([sys.executable, "-c", PROBE.format(root=str(ROOT), bench=str(ROOT / "bench"))],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.startswith("ok ")
