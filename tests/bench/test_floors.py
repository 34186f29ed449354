"""bench/peers/floors.py answers the harness's driver as the real hub does, only cheaper.

A floor replaces part of a move's work for the benchmark's ``counter``; its
figure means something only if every socket still gets the frames the real
hub would send (the driver checks versions and counters) and every
acknowledged intent is stored.  Each floor runs in a child process: it
patches the hub's classes for the whole process.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from server.loadtest.client import Socket
from tests.redis_fixture import die_with_parent, free_port

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


@pytest.mark.parametrize("kind", ["skeleton", "one-class", "no-views"])
def test_a_floor_sends_every_socket_the_counters_the_real_hub_would_and_stores_every_intent(kind):
    probe = PROBE.format(root=str(ROOT), bench=str(ROOT / "bench"), tests=str(ROOT / "tests" / "server"), kind=kind)
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.strip() == "ok"


def test_an_unknown_floor_is_refused():
    probe = f"import sys; sys.path[:0] = [{str(ROOT)!r}, {str(ROOT / 'bench')!r}]\nfrom peers import floors\nfloors.install('none')"
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert run.returncode != 0 and "OURS_FLOOR is one of skeleton, one-class, no-views" in run.stderr


async def _play_through_sockets(url: str) -> list[int]:
    """What the harness's driver does, in short: a TV, two phones by name, the counter, three intents each."""
    host = await Socket.open(url, {"role": "host"})
    phones: list[Socket] = []
    try:
        code = host.welcome["room"]
        assert (await host.host("select_game", game="counter", options={}))["t"] == "ack"
        for name in ("P0", "P1"):
            phones.append(await Socket.open(url, {"role": "player", "room": code, "name": name}))
        assert (await host.host("start"))["t"] == "ack"
        await host.until(lambda screen: screen.game is not None, timeout=10)
        for n in (1, 16, 3):
            for phone in phones:
                assert (await phone.request({"t": "cmd", "cmd": {"type": "Intent", "n": n}}))[2]["t"] == "ack"
        for sock in (host, *phones):  # every socket is shown both counters at 3
            await sock.until(lambda screen: screen.game is not None and screen.game["counters"] == [3, 3], timeout=10)
        return list(host.screen.game["counters"])
    finally:
        for sock in (host, *phones):
            await sock.close()


@pytest.mark.parametrize("kind", ["skeleton", "one-class", "no-views"])
def test_the_launcher_s_floor_takes_the_moves_real_sockets_send(kind):
    """Through the launcher and real websockets, as the harness runs it, the floor takes every move.

    The probe above hands moves to the room by hand; this one sends them as
    the driver does, through the socket code's own route to the room, which
    once went around the skeleton without a word.
    """
    port = free_port()
    env = dict(os.environ, OURS_FLOOR=kind, PYTHONUNBUFFERED="1")
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "bench" / "peers" / "serve_ours.py"), "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, preexec_fn=die_with_parent,
    )
    try:
        for _ in range(300):  # up to 30 s for the port
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            assert server.poll() is None, server.stderr.read()[-3000:] if server.stderr else ""
            time.sleep(0.1)
        assert asyncio.run(_play_through_sockets(f"ws://127.0.0.1:{port}/ws")) == [3, 3]
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            _, err = server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            _, err = server.communicate()
    lines = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    stored = next(line["stored"] for line in lines if "stored" in line)
    taken = next(line["floor"] for line in lines if "floor" in line)  # (the first line names it inside "serve-ours")
    assert stored["all_stored"] and stored["intents_acked"] == 6, stored
    assert taken["kind"] == kind, taken
    if kind == "skeleton":  # every intent, nothing else
        assert taken["moves_taken"] == 6, taken
    else:  # every intent's fan-out (and any presence fan-out after the start)
        assert taken["moves_taken"] >= 6, taken
    assert "WARNING" not in err
