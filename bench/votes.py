"""Ten thousand spectators voting in every audience vote: do the players' moves slow down?

    .venv/bin/python bench/votes.py [--spectators 10000] [--blocks 16] [--block-seconds 8]

The hub runs in a child process as in bench/spectators.py (the real app,
durable embedded store).  Three phones play Pizza Theory in this process,
with a TV: a random legal move each, after a short think (``--think``), and
in the cut phase (when the audience vote "whose toppings will the cuts hit
hardest?" is open) after a person's pause of 0.5 to ``--cut-think`` seconds.
The spectators live in a second child process (so sending 10,000 votes does
not slow this process's clock): N-1 minimal sockets (bench/spectators.py)
plus one full client that reads the ``votes`` frames for all of them.

The run alternates blocks of ``--block-seconds``: *quiet* (the spectators
watch) and *voting* (whenever a vote opens, every spectator votes within
``SPREAD`` seconds, as a room does when the question pops up, and a tenth of
them change their mind just after; in quiet blocks the spectators' process
goes through the same motions without sending, so it loads the machine alike).  Both kinds of block run in the same
game, on the same hub, finely interleaved, so drift and the machine's other
load fall on both alike.

It prints, for quiet and for voting blocks:

- the players' move latency (a phone's ``cmd`` to its ``ack``: the move
  stored and answered), over all moves and over the cut-phase moves (in
  voting blocks, those made while the vote was open and being voted on):
  count, p50, p90, p99, max;
- votes sent, votes counted (the totals of the TV's closing frames), votes
  refused ``vote/closed`` (sent after the close, as a slow thumb is);
- the ``votes`` frames the TV got per second (a running tally at most every
  500 ms while a vote is open);
- the hub's CPU over each kind of block, as a share of one core.

Bounded: loopback only, at most 12,000 spectators, at most 40 blocks of at
most 60 s; every wait has a timeout; ``ulimit -n`` is raised to the hard
limit.  Figures only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "server"), str(ROOT / "bench")]

from reactions import cpu_seconds  # noqa: E402
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

MAX_BLOCKS = 40
MAX_BLOCK_SECONDS = 60.0
#: Every spectator votes within this long of a vote opening ...
SPREAD = 1.0
#: ... and then this share of them change their mind, over the next half second.
CHANGE_SHARE = 0.1
TICK = 0.01


# --- the spectators' process -------------------------------------------------------------------


class Voter(Spectator):
    """A spectator socket that counts the ``vote/closed`` refusals it is sent, and why the hub closed it."""

    refused = 0
    closes: dict[str, int] = {}

    def data_received(self, data: bytes) -> None:
        if self.upgraded and b"vote/closed" in data:
            Voter.refused += data.count(b"vote/closed")
        if self.upgraded and not self.closed:
            for reason in (b"rate/not_reading", b"rate/limited", b"rate/votes"):
                if reason in data:
                    Voter.closes[reason.decode()] = Voter.closes.get(reason.decode(), 0) + data.count(reason)
        super().data_received(data)

    def connection_lost(self, exc: Exception | None) -> None:
        Voter.closes["socket closed"] = Voter.closes.get("socket closed", 0) + 1
        super().connection_lost(exc)


async def _swarm(port: int, code: str, count: int, voting, stop, results, seed: int) -> None:
    from protocol.codec import encode_client

    from wsclient import Peer

    loop = asyncio.get_running_loop()
    hello = encode_client({"t": "hello", "v": 1, "role": "spectator", "room": code})
    gate = asyncio.Semaphore(200)
    voters: list[Voter] = []
    failed = 0

    async def one() -> None:
        nonlocal failed
        async with gate:
            try:
                _, voter = await loop.create_connection(lambda: Voter(f"127.0.0.1:{port}", hello), "127.0.0.1", port)
                await asyncio.wait_for(voter.welcomed, 60)
            except (OSError, TimeoutError):  # a busy machine may drop a few: counted, the rest go on
                failed += 1
                return
            voters.append(voter)

    await asyncio.gather(*(one() for _ in range(count - 1)))
    watcher = await Peer.open(f"ws://127.0.0.1:{port}/ws", {"role": "spectator", "room": code})
    results.put(("joined", len(voters) + 1, failed))
    rng = random.Random(seed)
    sent, seen, index = 0, set(), 0
    while not stop.is_set():
        opened = None
        while index < len(watcher.frames):
            frame = watcher.frames[index]
            index += 1
            if frame["t"] == "votes" and frame["status"] == "open" and frame["q"] not in seen:
                opened = frame
        if opened is None:
            watcher._changed.clear()
            try:
                await asyncio.wait_for(watcher._changed.wait(), 0.2)
            except TimeoutError:
                pass
            continue
        seen.add(opened["q"])
        # In a quiet block the crowd goes through the same motions without sending (a placebo), so this
        # process costs the machine about the same in both kinds of block: what differs is the hub's work.
        live = voting.is_set()
        frames = [masked_frame(encode_client({"t": "vote", "q": opened["q"], "pick": p})) for p in opened["options"]]
        per_tick = max(1, int(len(voters) * TICK / SPREAD))
        for at in range(0, len(voters), per_tick):
            for voter in voters[at : at + per_tick]:
                frame = frames[rng.randrange(len(frames))]
                if live and not voter.closed:
                    voter.transport.write(frame)
                    sent += 1
            await asyncio.sleep(TICK)
        changers = rng.sample(voters, int(len(voters) * CHANGE_SHARE))
        per_tick = max(1, int(len(changers) * TICK / 0.5))
        for at in range(0, len(changers), per_tick):
            for voter in changers[at : at + per_tick]:
                frame = frames[rng.randrange(len(frames))]
                if live and not voter.closed:
                    voter.transport.write(frame)
                    sent += 1
            await asyncio.sleep(TICK)
    results.put(("done", sent, Voter.refused, dict(Voter.closes)))
    for voter in voters:
        voter.transport.close()
    await watcher.close()


def swarm(port: int, code: str, count: int, voting, stop, results, seed: int) -> None:
    """The spectators' process: join, then vote in every vote opened while ``voting`` is set."""
    raise_fd_limit(count + 200)
    run_client(_swarm(port, code, count, voting, stop, results, seed))


# --- the players' process ----------------------------------------------------------------------


class Record:
    """The phones' move latencies (ms) by block kind, all moves and cut-phase moves."""

    def __init__(self) -> None:
        self.moves: dict[str, list[float]] = {"quiet": [], "voting": []}
        self.cuts: dict[str, list[float]] = {"quiet": [], "voting": []}


def vote_open(tv) -> bool:
    """Whether the TV's latest ``votes`` frame is of an open vote."""
    for frame in reversed(tv.frames):
        if frame["t"] == "votes":
            return frame["status"] == "open"
    return False


async def play(phone, tv, rng: random.Random, args: argparse.Namespace, record: Record, kind: list[str], stop: asyncio.Event) -> None:
    """Random legal moves with a think time; one phone has the TV deal again when a game ends."""
    from protocol.legal import expand

    acted_at = -1
    while not stop.is_set():
        try:
            state = await phone.until(
                lambda s, a=acted_at: s["outcome"] is not None or (s["game"] is not None and s["legal"] and s["version"] > a),
                timeout=2.0,
            )
        except TimeoutError:
            continue
        if state["outcome"] is not None:
            if phone.welcome["player"] == min(p["id"] for p in state["lobby"]["players"]):
                await tv.host("play_again")
                await tv.host("start")
            await phone.until(lambda s: s["outcome"] is None and s["game"] is not None, timeout=30)
            acted_at = -1
            continue
        cutting = state["game"]["phase"] == "cut"
        await asyncio.sleep(rng.uniform(0.5, args.cut_think) if cutting else args.think)
        block = kind[0]
        during_vote = cutting and vote_open(tv)
        sent = time.perf_counter()
        reply = await phone.cmd(rng.choice(expand(state["legal"])), timeout=30)
        took = (time.perf_counter() - sent) * 1000
        acted_at = state["version"]
        if reply["t"] != "ack" or kind[0] != block:
            continue
        record.moves[block].append(took)
        if cutting and (block == "quiet" or during_vote):
            record.cuts[block].append(took)


def figures(values: list[float]) -> str:
    if not values:
        return "no moves"
    ordered = sorted(values)

    def at(share: float) -> float:
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]

    return (f"{len(ordered)} moves: p50 {statistics.median(ordered):.1f} ms, p90 {at(0.9):.1f} ms, "
            f"p99 {at(0.99):.1f} ms, max {ordered[-1]:.1f} ms")


async def run(args: argparse.Namespace, port: int, pid: int) -> None:
    from wsclient import Peer

    url = f"ws://127.0.0.1:{port}/ws"
    tv = await Peer.open(url, {"role": "host"})
    code = tv.welcome["room"]
    phones = [await Peer.open(url, {"role": "player", "room": code, "name": name}) for name in ("Ana", "Bea", "Cy")]
    spawn = multiprocessing.get_context("spawn")
    voting, stopped, results = spawn.Event(), spawn.Event(), spawn.Queue()
    started = time.perf_counter()
    crowd = spawn.Process(target=swarm, args=(port, code, args.spectators, voting, stopped, results, args.seed), daemon=True)
    crowd.start()
    try:
        joined = await asyncio.to_thread(results.get, True, 300)
        print(f"spectators: {joined[1]} joined in {time.perf_counter() - started:.1f} s (their own process; "
              f"{joined[2]} failed to connect)", flush=True)
        # (a spectator whose process was too busy to answer the hub's pings in time may have been dropped)
        await tv.until(lambda s: s["lobby"]["spectators"] >= 0.98 * joined[1], timeout=120)
        print(f"the TV counts {tv.state['lobby']['spectators']} spectators", flush=True)
        assert (await tv.host("select_game", game="pizza_theory", options={"max_rounds": 9}))["t"] == "ack"
        assert (await tv.host("start"))["t"] == "ack"
        rng = random.Random(args.seed)
        stop = asyncio.Event()
        kind = ["quiet"]
        record = Record()
        players = [asyncio.create_task(play(p, tv, random.Random(rng.random()), args, record, kind, stop)) for p in phones]
        cpu = {"quiet": 0.0, "voting": 0.0}
        wall = {"quiet": 0.0, "voting": 0.0}
        tv_frames = {"quiet": 0, "voting": 0}
        for block in range(args.blocks):
            name = "voting" if block % 2 else "quiet"
            kind[0] = name
            voting.set() if name == "voting" else voting.clear()
            frames_before = sum(f["t"] == "votes" for f in tv.frames)
            cpu_before, wall_before = cpu_seconds(pid), time.perf_counter()
            await asyncio.sleep(args.block_seconds)
            cpu[name] += cpu_seconds(pid) - cpu_before
            wall[name] += time.perf_counter() - wall_before
            tv_frames[name] += sum(f["t"] == "votes" for f in tv.frames) - frames_before
            if (block + 1) % 4 == 0:
                print(f"  {block + 1} blocks done", flush=True)
        voting.clear()
        stop.set()
        await asyncio.gather(*players, return_exceptions=True)
        staying = tv.state["lobby"]["spectators"]  # before the crowd's process closes its sockets
        stopped.set()
        done = await asyncio.to_thread(results.get, True, 60)
        sent, refused, closes = done[1], done[2], done[3]
    finally:
        stopped.set()
        crowd.join(30)
        if crowd.is_alive():
            crowd.terminate()
    closing = [f for f in tv.frames if f["t"] == "votes" and f["status"] == "closed"]
    counted = sum(f["total"] for f in closing)
    answered = sum(f["t"] == "votes" and f["status"] == "result" for f in tv.frames)
    print(f"spectators: {joined[1]} joined, {staying} still there at the end; "
          f"{len(closing)} votes closed, {answered} answered")
    for name in ("quiet", "voting"):
        print(f"{name:>6} blocks ({wall[name]:.0f} s), all moves: {figures(record.moves[name])}")
        what = "cut moves" if name == "quiet" else "cut moves while the vote was open"
        print(f"{'':>6} {what}: {figures(record.cuts[name])}")
        print(f"{'':>6} hub CPU {cpu[name] / max(wall[name], 1e-9):.0%} of one core; TV got {tv_frames[name]} votes frames "
              f"({tv_frames[name] / max(wall[name], 1e-9):.2f}/s)")
    print(f"votes: {sent} sent, {counted} counted in the closing tallies (a changed vote counts once), "
          f"{refused} refused vote/closed (sent after the close)")
    print(f"the spectators' process saw (before it closed its own sockets): {closes or 'no error, no socket closed'}")
    for peer in (tv, *phones):
        await peer.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--spectators", type=int, default=10_000)
    parser.add_argument("--blocks", type=int, default=16, help="quiet and voting blocks, alternating (quiet first)")
    parser.add_argument("--block-seconds", type=float, default=8.0)
    parser.add_argument("--think", type=float, default=0.3, help="seconds a phone waits before a move")
    parser.add_argument("--cut-think", type=float, default=3.0, help="the longest a phone ponders its cut (seconds)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not 2 <= args.spectators <= MAX_SPECTATORS:
        parser.error(f"2 to {MAX_SPECTATORS} spectators")
    if not 2 <= args.blocks <= MAX_BLOCKS:
        parser.error(f"2 to {MAX_BLOCKS} blocks")
    if not 1 <= args.block_seconds <= MAX_BLOCK_SECONDS:
        parser.error(f"blocks of 1 to {MAX_BLOCK_SECONDS:g} seconds")
    raise_fd_limit(200)
    port = free_port()
    hub = start_hub(port)
    try:
        print(f"hub pid {hub.pid}; {args.spectators} spectators, Pizza Theory with 3 phones (think {args.think:g} s, "
              f"cuts 0.5-{args.cut_think:g} s), {args.blocks} blocks of {args.block_seconds:g} s")
        run_client(run(args, port, hub.pid))
    finally:
        stop_hub(hub)
    return 0


if __name__ == "__main__":
    sys.exit(main())
