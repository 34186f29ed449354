"""Repeat the cluster's nemesis tests and print the figures issue 28 asks for.

    .venv/bin/python bench/nemesis.py --trials 10            # every fault, 10 trials each
    .venv/bin/python bench/nemesis.py --trials 3 --only kill,stale

Each trial is one run of a test in tests/cluster/test_cluster_nemesis.py
(real hub processes, hubs in network namespaces, Debian's nginx, a slow-link
proxy), which checks correctness itself (nothing lost, doubled or written
under a lapsed lease) and prints what a person would feel; this script
collects those lines.  Everything it starts talks to 127.0.0.1 or to the
namespaces it makes: it never sends traffic anywhere else.  Run as root (the
namespaces), with redis-server and nginx installed (scripts/setup --test).
The stale-hello test makes 3 reproductions per trial.

    .venv/bin/python bench/nemesis.py --heartbeat 10000

measures what the heartbeat costs a hub with that many idle spectators
(the hub and the spectator sockets of bench/spectators.py, on loopback):
its memory per idle connection, then its CPU over 20 s while the sockets
say nothing (the hub pings each one silent for 1.5 s), then over 20 s while
each sends the web client's ping every second (the hub acks each), and
whether any socket was dropped by mistake.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: fault -> (pytest -k expression, what its printed line starts with)
FAULTS = {
    "kill": ("nginx and killing", "[nemesis kill behind nginx]"),
    "redis-cut": ("kernel", "[nemesis hub-redis cut]"),
    "phones-cut": ("phones_cut", "[nemesis phones-hub cut]"),
    "stale": ("stale", "[nemesis stale hello]"),
    "slow": ("slow", "[nemesis slow link]"),
}


def run_trial(expression: str, marker: str, lease_ms: int | None) -> tuple[bool, str]:
    command = [sys.executable, "-m", "pytest", "tests/cluster/test_cluster_nemesis.py", "-q", "-s", "-x", "-k", expression,
               "-p", "no:cacheprovider"]
    env = None
    if lease_ms is not None:
        env = dict(os.environ, PIZZANIGHT_TEST_LEASE_MS=str(lease_ms))
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=env)
    lines = [line for line in done.stdout.splitlines() if line.startswith(marker)]
    return done.returncode == 0, lines[-1] if lines else done.stdout[-600:]


def numbers_after(pattern: str, text: str) -> list[float]:
    return [float(x) for x in re.findall(pattern, text)]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def heartbeat_cost(count: int, port: int, pid: int, seconds: float = 20.0) -> None:
    import asyncio

    from spectators import masked_frame, open_spectators, rss_kib

    from protocol.codec import encode_client

    from wsclient import Peer

    tv = await Peer.open(f"ws://127.0.0.1:{port}/ws", {"role": "host"})
    await asyncio.sleep(2)
    before = rss_kib(pid)
    spectators = await open_spectators(port, tv.welcome["room"], count)
    await asyncio.sleep(3)
    after = rss_kib(pid)
    print(f"{count} idle spectators: hub RSS {before / 1024:.1f} -> {after / 1024:.1f} MiB, "
          f"{(after - before) / count:.1f} KiB per idle connection", flush=True)

    async def window(label: str, pinging: bool) -> None:
        stop = asyncio.Event()

        async def ping_each_second() -> None:
            seq = 0
            while not stop.is_set():
                seq += 1
                frame = masked_frame(encode_client({"t": "ping", "seq": seq}))
                second = time.monotonic() + 1.0
                for at in range(0, count, 500):  # spread over the second, as phones would be
                    for spectator in spectators[at:at + 500]:
                        if not spectator.closed:
                            spectator.transport.write(frame)
                    await asyncio.sleep(500 / count * 0.9)
                await asyncio.sleep(max(0.0, second - time.monotonic()))
        pinger = asyncio.ensure_future(ping_each_second()) if pinging else None
        start_cpu, start = cpu_seconds(pid), time.monotonic()
        await asyncio.sleep(seconds)
        used, spent = cpu_seconds(pid) - start_cpu, time.monotonic() - start
        stop.set()
        if pinger is not None:
            await pinger
        dropped = sum(s.closed for s in spectators)
        print(f"  {label}: hub CPU {used / spent:.1%} of a core ({used / spent / count * 1e6:.1f} us per connection "
              f"per second); sockets dropped by mistake: {dropped}", flush=True)

    await window("silent sockets (the hub pings each after 1.5 s of silence)", pinging=False)
    await window("web-client heartbeat (each socket pings once a second)", pinging=True)
    for spectator in spectators:
        spectator.transport.close()
    await tv.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--heartbeat", type=int, default=0, help="measure the heartbeat's cost at this many idle spectators")
    parser.add_argument("--trials", type=int, default=10)
    parser.add_argument("--only", default=",".join(FAULTS), help="comma-separated: " + ", ".join(FAULTS))
    parser.add_argument("--lease-ms", type=int, default=1200, help="the hubs' lease (default: the shipped 1200)")
    args = parser.parse_args()
    if args.heartbeat:
        sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "tests" / "server")]
        from spectators import free_port, raise_fd_limit, run_client, start_hub, stop_hub

        raise_fd_limit(args.heartbeat + 200)
        port = free_port()
        hub = start_hub(port)
        try:
            run_client(heartbeat_cost(args.heartbeat, port, hub.pid))
        finally:
            stop_hub(hub)
        return
    for fault in args.only.split(","):
        expression, marker = FAULTS[fault]
        print(f"== {fault}: {args.trials} trials (lease {args.lease_ms} ms)", flush=True)
        passed, lines = 0, []
        started = time.monotonic()
        for trial in range(1, args.trials + 1):
            ok, line = run_trial(expression, marker, args.lease_ms)
            passed += ok
            lines.append(line)
            print(f"  {trial:2d} {'ok  ' if ok else 'FAIL'} {line}", flush=True)
        seconds = [n for line in lines for n in numbers_after(r"(-?\d+\.\d+) s", line)]
        print(f"  -> {passed}/{args.trials} trials passed every correctness check "
              f"(0 lost, 0 doubled, 0 stale acks); the times in the lines above range "
              f"{min(seconds, default=0):.2f} to {max(seconds, default=0):.2f} s; {time.monotonic() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
