"""bench/peers/floors.py answers the harness's driver as the real hub does, only cheaper.

A floor replaces part of a move's work for the benchmark's ``counter``; its
figure means something only if every socket still gets the frames the real
hub would send (the driver checks versions and counters) and every
acknowledged intent is stored.  Each floor runs in a child process: it
patches the hub's classes for the whole process.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import asyncio, sys
sys.path[:0] = [{root!r}, {bench!r}, {tests!r}]
import counter, hotpath
from peers import floors
from protocol.codec import decode_server_all
from protocol.patch import apply
from server import views
from server.hub import Hub, HubConfig
from server.inbox import Command

async def main():
    floors.install({kind!r})
    store = hotpath.MemoryStore()
    config = HubConfig(bot_delay=1e6, timer_scale=1e6, snapshot_every=10**9, mailbox=10**6)
    hub = Hub(store, games={{"counter": counter.GAME}}, config=config)
    actor, clients = await hotpath.make_room(hub, "counter", 3, 1)
    held = {{c: views.as_map(actor.view_memory.views[c.key]) for c in clients}}  # each socket's copy, patched as it goes
    v = actor.view_memory.v
    for step, (seat, n) in enumerate([(1, 3), (0, 16), (1, 2)]):
        stored = store.versions[actor.room.id]
        mover = clients[1 + seat]
        command = Command(mover, 100 + step, {{"type": "Intent", "n": n}})
        if {kind!r} == "skeleton":
            actor.submit(command)
            for _ in range(5):
                await asyncio.sleep(0)
        else:
            await actor.turn([command])
        assert store.versions[actor.room.id] == stored + 1, "the intent was stored"
        for client in clients:
            frames = decode_server_all((await client.outbox.take())[0])
            if client is mover:
                assert frames[0] == {{"t": "ack", "seq": 100 + step}}, frames
                frames = frames[1:]
            assert [f["t"] for f in frames] == ["change"], frames
            assert (frames[0]["base"], frames[0]["v"]) == (v, v + 1), frames
            view = held[client] = apply(held[client], frames[0]["ops"])
            counters = [0, 0, 0]
            for s, _ in [(1, 3), (0, 16), (1, 2)][: step + 1]:
                counters[s] += 1
            assert view["game"]["counters"] == counters, (view["game"], counters)
        v += 1
    print("ok")

asyncio.run(main())
"""


@pytest.mark.parametrize("kind", ["skeleton", "one-class"])
def test_a_floor_sends_every_socket_the_counters_the_real_hub_would_and_stores_every_intent(kind):
    probe = PROBE.format(root=str(ROOT), bench=str(ROOT / "bench"), tests=str(ROOT / "tests" / "server"), kind=kind)
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.strip() == "ok"


def test_an_unknown_floor_is_refused():
    probe = f"import sys; sys.path[:0] = [{str(ROOT)!r}, {str(ROOT / 'bench')!r}]\nfrom peers import floors\nfloors.install('none')"
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert run.returncode != 0 and "OURS_FLOOR is one of skeleton, one-class" in run.stderr
