"""How long a room takes to go on without someone (issue 24), on a real hub with the default grace periods.

    .venv/bin/python bench/presence.py [--trials 3]

The hub is the real app under uvicorn on 127.0.0.1 (in this process, the
embedded SQLite store in a temporary folder, the default ``HubConfig``: host
grace 12 s, party grace 20 s, bots wait 0.6 s before moving), reached over
real websockets.  Each trial runs two rooms at once:

- **host drop**: a TV and three phones in a lobby; the host phone's socket
  closes; the time until another phone's state names a new host
  (``lobby.authority``);
- **seat drop**: a TV and two phones playing the hub's toy game (a secret pick
  per round) with no turn timer; Bo has picked, so the game waits on Ana; Ana's
  socket closes; the time until the TV's state shows her seat's move stored
  (her pick made by the stand-in bot).

Printed per trial and as the median: seconds from the drop to the new host,
and from the drop to the bot's move.  Figures only; nothing here asserts a
time.  Every wait has a timeout.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "server")]

from server.config import HubConfig  # noqa: E402

from hubserver import start_server  # noqa: E402
from wsclient import Peer  # noqa: E402

#: Longest wait for one figure (the graces are 12 s and 20 s).
WAIT = 60.0


async def host_drop(url: str) -> float:
    """Seconds from the host phone's socket closing to another phone being named host."""
    tv = await Peer.open(url, {"role": "host"})
    code = tv.welcome["room"]
    phones = [await Peer.open(url, {"role": "player", "room": code, "name": n}) for n in ("Ana", "Bo", "Cy")]
    ana, bo, cy = phones
    await bo.until(lambda s: len(s["lobby"]["players"]) == 3 and s["lobby"]["authority"]["player"] == ana.welcome["player"])
    dropped = time.perf_counter()
    await ana.close()
    await bo.until(lambda s: s["lobby"]["authority"]["player"] == bo.welcome["player"], timeout=WAIT)
    took = time.perf_counter() - dropped
    for peer in (tv, bo, cy):
        await peer.close()
    return took


async def seat_drop(url: str) -> float:
    """Seconds from a seated phone's socket closing, on its turn with no turn timer, to a bot's move for it."""
    tv = await Peer.open(url, {"role": "host"})
    code = tv.welcome["room"]
    ana = await Peer.open(url, {"role": "player", "room": code, "name": "Ana"})
    bo = await Peer.open(url, {"role": "player", "room": code, "name": "Bo"})
    await tv.until(lambda s: len(s["lobby"]["players"]) == 2)
    assert (await tv.host("select_game", game="toy", options={"rounds": 3}))["t"] == "ack"
    assert (await tv.host("start"))["t"] == "ack"
    await bo.until(lambda s: bool(s["legal"]))
    assert (await bo.cmd({"type": "Pick", "number": 2}))["t"] == "ack"
    seat = (await ana.until(lambda s: s["you"]["seat"] is not None))["you"]["seat"]
    dropped = time.perf_counter()
    await ana.close()
    # her pick (by the stand-in) ends the round: the toy reveals once every seat picked
    await tv.until(lambda s: s["game"]["round"] > 1 or s["game"]["seats"][seat]["picked"], timeout=WAIT)
    took = time.perf_counter() - dropped
    for peer in (tv, bo):
        await peer.close()
    return took


async def main(trials: int) -> None:
    config = HubConfig()  # the defaults a party gets
    print(f"grace periods: host {config.grace_host:g} s, party {config.grace_party:g} s, class {config.grace_class:g} s;"
          f" bot delay {config.bot_delay:g} s")
    hosts: list[float] = []
    seats: list[float] = []
    with tempfile.TemporaryDirectory() as data:
        server = await start_server(str(Path(data) / "rooms.sqlite3"), config=config)
        try:
            for trial in range(1, trials + 1):
                host_s, seat_s = await asyncio.gather(host_drop(server.url), seat_drop(server.url))
                hosts.append(host_s)
                seats.append(seat_s)
                print(f"trial {trial}: host drop -> new host {host_s:.2f} s; seat drop -> bot's move stored {seat_s:.2f} s")
        finally:
            await server.stop()
    print(f"median of {trials}: host drop -> new host {statistics.median(hosts):.2f} s;"
          f" seat drop -> bot's move {statistics.median(seats):.2f} s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=3)
    args = parser.parse_args()
    asyncio.run(main(max(1, min(args.trials, 20))))
