"""Thousands of spectators on one room all reacting at once: what it costs the TV and the hub.

    .venv/bin/python bench/reactions.py [--spectators 10000] [--seconds 20] [--rate 1.5]

The hub runs in a child process as in bench/spectators.py (the real app,
durable embedded store).  This process opens one TV and N spectator sockets
(the same minimal websocket client as bench/spectators.py), then for
``--seconds`` every spectator sends ``react`` frames at ``--rate`` a second
(above the hub's 1 a second per socket, so some are dropped), spread evenly
over time.  Meanwhile, every 2 seconds, the TV locks or unlocks the room (a
stored change) and each spectator's arrival time of that change is taken.

It prints:

- reaction frames sent, accepted (the sum of the counts the TV was sent) and
  dropped (the rest), per second, and the ``rate/reactions`` errors the
  spectators got (one per run of drops);
- ``reactions`` frames the TV got per second (the hub flushes at most every
  250 ms: at most 4);
- the hub's CPU: its process time (user + system) over the phase, as a share
  of one core;
- the view delay of a change to the spectators during the storm: p50 / p99 /
  max over every spectator of every trial.  The client reads N sockets on
  one core of its own, so its own time is part of the figure.

Bounded: loopback only, at most 12,000 spectators, at most 60 seconds of
reactions, every wait has a timeout; ``ulimit -n`` is raised to the hard
limit.  Figures only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "server"), str(ROOT / "bench")]

from spectators import (  # noqa: E402
    MAX_SPECTATORS,
    Spectator,
    free_port,
    masked_frame,
    raise_fd_limit,
    run_client,
    start_hub,
    stop_hub,
)

MAX_SECONDS = 60
KINDS = ("thumbs_up", "laugh", "wow", "clap", "fire", "pizza")
#: How often the senders wake to write the next share of reactions (seconds).
TICK = 0.05


def cpu_seconds(pid: int) -> float:
    """The process's user + system time so far (/proc/PID/stat fields 14 and 15)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Reactor(Spectator):
    """A spectator that also counts the hub's ``rate/reactions`` errors (not a view change)."""

    def __init__(self, host: str, hello: bytes) -> None:
        super().__init__(host, hello)
        self.errors = 0

    def data_received(self, data: bytes) -> None:
        # A reaction error is the only frame a spectator is sent that holds this code; it is counted
        # and kept out of the view-delay timing (which takes the first message after ``arm``).
        if self.upgraded and b"rate/reactions" in data:
            self.errors += data.count(b"rate/reactions")
            if len(data) < 120 and not self.buffer:  # the whole message is that error frame
                return
        super().data_received(data)


async def open_reactors(port: int, code: str, count: int) -> list[Reactor]:
    from protocol.codec import encode_client

    loop = asyncio.get_running_loop()
    hello = encode_client({"t": "hello", "v": 1, "role": "spectator", "room": code})
    gate = asyncio.Semaphore(200)
    out: list[Reactor] = []

    async def one() -> None:
        async with gate:
            _, reactor = await loop.create_connection(lambda: Reactor(f"127.0.0.1:{port}", hello), "127.0.0.1", port)
            await asyncio.wait_for(reactor.welcomed, 60)
            out.append(reactor)
            if len(out) % 1000 == 0:
                print(f"  {len(out)} spectators in", flush=True)

    await asyncio.gather(*(one() for _ in range(count)))
    return out


async def react_for(reactors: list[Reactor], seconds: float, rate: float) -> int:
    """Every reactor sends ``rate`` reactions a second for ``seconds``, spread over the ticks; returns how many were sent."""
    from protocol.codec import encode_client

    frames = [masked_frame(encode_client({"t": "react", "r": kind})) for kind in KINDS]
    per_tick = len(reactors) * rate * TICK
    owed = 0.0
    sent = 0
    at = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        owed += per_tick
        while owed >= 1:
            reactor = reactors[at % len(reactors)]
            if not reactor.closed:
                reactor.transport.write(frames[(at // len(reactors) + at) % len(frames)])
                sent += 1
            at += 1
            owed -= 1
        await asyncio.sleep(TICK)
    return sent


def reaction_frames(tv: object) -> list[dict]:
    return [f for f in tv.frames if f["t"] == "reactions"]  # type: ignore[attr-defined]


async def run(args: argparse.Namespace, port: int, pid: int) -> None:
    from wsclient import Peer

    url = f"ws://127.0.0.1:{port}/ws"
    tv = await Peer.open(url, {"role": "host"})
    code = tv.welcome["room"]
    started = time.perf_counter()
    reactors = await open_reactors(port, code, args.spectators)
    print(f"spectators: {len(reactors)} joined in {time.perf_counter() - started:.1f} s")
    await tv.until(lambda s: s["lobby"]["spectators"] == args.spectators, timeout=120)
    await asyncio.sleep(2)  # quiet: the last presence change has gone out
    before_frames = len(reaction_frames(tv))
    cpu_before, wall_before = cpu_seconds(pid), time.perf_counter()
    storm = asyncio.create_task(react_for(reactors, args.seconds, args.rate))
    delays: list[float] = []
    missing = 0
    trial = 0
    while not storm.done():
        await asyncio.sleep(1.0)
        if storm.done():
            break
        for r in reactors:
            r.arm()
        sent_at = time.perf_counter()
        reply = await tv.request({"t": "host", "op": "lock" if trial % 2 == 0 else "unlock"}, timeout=30)
        assert reply["t"] == "ack", reply
        deadline = time.perf_counter() + 10
        while time.perf_counter() < deadline and any(r.arrived is None for r in reactors):
            await asyncio.sleep(0.01)
        delays.extend((r.arrived - sent_at) * 1000 for r in reactors if r.arrived is not None)
        missing += sum(r.arrived is None for r in reactors)
        trial += 1
    sent = await storm
    wall = time.perf_counter() - wall_before
    cpu = cpu_seconds(pid) - cpu_before
    await asyncio.sleep(1.0)  # the last flush reaches the TV
    frames = reaction_frames(tv)[before_frames:]
    accepted = sum(sum(f["counts"].values()) for f in frames)
    errors = sum(r.errors for r in reactors)
    delays.sort()
    print(f"reactions: {sent} sent in {wall:.1f} s ({sent / wall:.0f}/s): {accepted} accepted ({accepted / wall:.0f}/s), "
          f"{sent - accepted} dropped ({(sent - accepted) / wall:.0f}/s); {errors} rate/reactions errors sent back")
    print(f"TV: {len(frames)} reactions frames ({len(frames) / wall:.2f}/s)")
    print(f"hub CPU: {cpu:.1f} s over {wall:.1f} s ({cpu / wall:.0%} of one core)")
    if delays:
        p99 = delays[min(len(delays) - 1, int(0.99 * len(delays)))]
        print(f"view delay of a change during the storm ({trial} trials): p50 {statistics.median(delays):.1f} ms, "
              f"p99 {p99:.1f} ms, max {delays[-1]:.1f} ms, {missing} missing")
    for r in reactors:
        r.transport.close()
    await tv.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--spectators", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rate", type=float, default=1.5, help="reactions a second each spectator tries")
    args = parser.parse_args(argv)
    if not 1 <= args.spectators <= MAX_SPECTATORS:
        parser.error(f"1 to {MAX_SPECTATORS} spectators")
    if not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"up to {MAX_SECONDS} seconds")
    raise_fd_limit(args.spectators + 200)
    port = free_port()
    hub = start_hub(port)
    try:
        print(f"hub pid {hub.pid}; {args.spectators} spectators reacting {args.rate}/s each for {args.seconds:g} s")
        run_client(run(args, port, hub.pid))
    finally:
        stop_hub(hub)
    return 0


if __name__ == "__main__":
    sys.exit(main())
