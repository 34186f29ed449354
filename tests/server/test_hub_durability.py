"""Durability: `pizzanight serve` is SIGKILLed mid-game and restarted; every
acknowledged move is still there, phones come back with their tokens and the
game goes on to its end."""

from __future__ import annotations

import asyncio
import random
import signal
import socket
import subprocess
import sys
from pathlib import Path

import httpx

from phoneplay import phone_loop
from wsclient import Closed, Peer

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def start(data: Path, port: int) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, "-m", "server.cli", "serve", "--host", "127.0.0.1", "--port", str(port), "--data", str(data),
         "--bot-delay", "0", "--timer-scale", "0", "--log-level", "warning"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    async with httpx.AsyncClient() as http:
        for _ in range(200):
            try:
                if (await http.get(f"http://127.0.0.1:{port}/healthz")).status_code == 200:
                    return proc
            except httpx.HTTPError:
                pass
            if proc.poll() is not None:
                raise AssertionError(f"serve exited with {proc.returncode}")
            await asyncio.sleep(0.05)
    raise AssertionError("serve did not come up")


async def test_a_killed_server_loses_no_acknowledged_move_and_the_game_goes_on(tmp_path):
    port = free_port()
    url = f"ws://127.0.0.1:{port}/ws"
    proc = await start(tmp_path, port)
    try:
        # Given a Pizza Theory game in progress, played by three phones
        tv = await Peer.open(url, {"role": "host"})
        code = tv.welcome["room"]
        phones = [await Peer.open(url, {"role": "player", "room": code, "name": n}) for n in ("Ana", "Bo", "Cy")]
        assert (await tv.host("select_game", game="pizza_theory", options={"max_rounds": 4}))["t"] == "ack"
        assert (await tv.host("start"))["t"] == "ack"
        moves = await asyncio.gather(*(phone_loop(p, random.Random(10 + i), max_moves=4) for i, p in enumerate(phones)))
        acked = sum(1 for p in phones for f in p.frames if f["t"] == "ack")
        assert sum(moves) == 12 and acked >= 10
        await asyncio.sleep(0.05)
        seen = max(f["version"] for p in (tv, *phones) for f in p.frames if f["t"] == "state")
        views_before = {i: p.state for i, p in enumerate(phones)}
        # When the process is killed without warning
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        for peer in (tv, *phones):
            try:
                await peer.wait_closed(timeout=5)
            except (TimeoutError, Closed):
                pass
        proc = await start(tmp_path, port)
        # Then phones and TV come back with their tokens into the same room and seats
        tv2 = await Peer.open(url, {"role": "host", "room": code, "token": tv.welcome["token"]})
        back = [await Peer.open(url, {"role": "player", "room": code, "token": p.welcome["token"]}) for p in phones]
        for index, phone in enumerate(back):
            state = await phone.until(lambda s: s["game"] is not None)
            assert state["you"]["seat"] == index
            # every acknowledged move is there: nothing older than what was shown before the kill
            assert state["version"] >= seen
            if state["version"] == views_before[index]["version"]:
                assert state["game"] == views_before[index]["game"]
        # And the game goes on to its end
        await asyncio.gather(*(phone_loop(p, random.Random(i)) for i, p in enumerate(back)))
        final = await tv2.until(lambda s: s["outcome"] is not None)
        assert final["lobby"]["phase"] == "finished"
        for peer in (tv2, *back):
            await peer.close()
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
