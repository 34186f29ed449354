"""10,000 spectators on one room over loopback: how fast a change reaches them, what each costs.

    .venv/bin/python bench/spectators.py [--spectators 10000] [--trials 5] [--transport picows]

The hub runs in a child process exactly as bench/peers/serve-ours runs it
(the real app, durable embedded store; ``--transport`` picks another
websocket server from server/transport.py).  This process opens one TV and
then N spectator sockets with a minimal websocket client (asyncio protocol,
no library: the hello frame out, pings answered, every message timestamped
on arrival), so the client costs as little as possible per socket.

It prints:

- memory per idle connection: the hub's RSS with N spectators connected
  and quiet, minus its RSS before they came, divided by N;
- for each trial, the TV locks or unlocks the room (a stored change) and
  every spectator's arrival time of the next message is taken from the
  moment the TV's frame was sent: p50 / p99 / max and the share within
  250 ms.  The client reads 10,000 sockets on one core of its own, so its
  own reading time is part of the figure (an upper bound for the hub).

Bounded: loopback only, at most 12,000 spectators, every wait has a timeout;
``ulimit -n`` is raised to the hard limit for this process and the hub.
Figures only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import os
import resource
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "server")]

MAX_SPECTATORS = 12_000
#: Sockets opening at once (the hub's accept queue and the join handshake).
CONNECT_AT_ONCE = 200


def raise_fd_limit(needed: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if hard < needed:
        raise SystemExit(f"ulimit -n is {hard}; {needed} sockets need more (raise the hard limit)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def masked_frame(payload: bytes, opcode: int = 0x2) -> bytes:
    """A client websocket frame (RFC 6455 5.2): FIN, opcode, masked payload."""
    mask = os.urandom(4)
    size = len(payload)
    if size < 126:
        head = bytes([0x80 | opcode, 0x80 | size])
    elif size < 65536:
        head = bytes([0x80 | opcode, 0x80 | 126]) + size.to_bytes(2, "big")
    else:
        head = bytes([0x80 | opcode, 0x80 | 127]) + size.to_bytes(8, "big")
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class Spectator(asyncio.Protocol):
    """One spectator socket: upgrade, hello, then timestamps messages and answers pings."""

    def __init__(self, host: str, hello: bytes) -> None:
        self.request = (
            f"GET /ws HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
        self.hello = hello
        self.buffer = b""
        self.upgraded = False
        self.transport: asyncio.Transport | None = None
        self.welcomed = asyncio.get_running_loop().create_future()
        self.arrived: float | None = None  # when the first message after `arm` came
        self.armed = False
        self.closed = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        self.transport.write(self.request)

    def arm(self) -> None:
        self.arrived, self.armed = None, True

    def data_received(self, data: bytes) -> None:
        now = time.perf_counter()
        self.buffer += data
        if not self.upgraded:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            if not self.buffer.startswith(b"HTTP/1.1 101"):
                self.welcomed.set_exception(RuntimeError(self.buffer[:60].decode(errors="replace")))
                return
            self.buffer = self.buffer[end + 4 :]
            self.upgraded = True
            self.transport.write(masked_frame(self.hello))
        while len(self.buffer) >= 2:
            opcode, size, at = self.buffer[0] & 0x0F, self.buffer[1] & 0x7F, 2
            if size == 126:
                if len(self.buffer) < 4:
                    return
                size, at = int.from_bytes(self.buffer[2:4], "big"), 4
            elif size == 127:
                if len(self.buffer) < 10:
                    return
                size, at = int.from_bytes(self.buffer[2:10], "big"), 10
            if len(self.buffer) < at + size:
                return
            payload, self.buffer = self.buffer[at : at + size], self.buffer[at + size :]
            if opcode == 0x9:  # ping: answer as a browser would
                self.transport.write(masked_frame(payload, 0xA))
            elif opcode in (0x1, 0x2):
                if not self.welcomed.done():
                    self.welcomed.set_result(None)
                elif self.armed and self.arrived is None:
                    self.arrived = now
            elif opcode == 0x8:
                self.closed = True

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if not self.welcomed.done():
            self.welcomed.set_exception(ConnectionError("closed before welcome"))


async def open_spectators(port: int, code: str, count: int) -> list[Spectator]:
    from protocol.codec import encode_client

    loop = asyncio.get_running_loop()
    hello = encode_client({"t": "hello", "v": 1, "role": "spectator", "room": code})
    gate = asyncio.Semaphore(CONNECT_AT_ONCE)
    out: list[Spectator] = []

    async def one() -> None:
        async with gate:
            _, spectator = await loop.create_connection(lambda: Spectator(f"127.0.0.1:{port}", hello), "127.0.0.1", port)
            await asyncio.wait_for(spectator.welcomed, 60)
            out.append(spectator)
            if len(out) % 1000 == 0:
                print(f"  {len(out)} spectators in", flush=True)

    await asyncio.gather(*(one() for _ in range(count)))
    return out


async def run(args: argparse.Namespace, port: int, pid: int) -> None:
    from wsclient import Peer

    url = f"ws://127.0.0.1:{port}/ws"
    tv = await Peer.open(url, {"role": "host"})
    code = tv.welcome["room"]
    await asyncio.sleep(2)
    before = rss_kib(pid)
    started = time.perf_counter()
    spectators = await open_spectators(port, code, args.spectators)
    joined = time.perf_counter() - started
    await tv.until(lambda s: s["lobby"]["spectators"] == args.spectators, timeout=120)
    await asyncio.sleep(3)  # quiet: the last presence change has gone out
    after = rss_kib(pid)
    print(f"spectators: {len(spectators)} joined in {joined:.1f} s")
    print(f"hub RSS: {before / 1024:.1f} MiB before, {after / 1024:.1f} MiB with them idle: "
          f"{(after - before) / len(spectators):.1f} KiB per idle connection")
    print(f"{'trial':>5} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'<250 ms':>8} {'missing':>8}")
    for trial in range(args.trials):
        for s in spectators:
            s.arm()
        sent = time.perf_counter()
        reply = await tv.host("lock" if trial % 2 == 0 else "unlock")
        assert reply["t"] == "ack", reply
        deadline = time.perf_counter() + 10
        while time.perf_counter() < deadline and any(s.arrived is None for s in spectators):
            await asyncio.sleep(0.01)
        times = sorted((s.arrived - sent) * 1000 for s in spectators if s.arrived is not None)
        missing = len(spectators) - len(times)
        within = sum(t < 250 for t in times) / len(spectators)
        p99 = times[min(len(times) - 1, int(0.99 * len(spectators)))] if times else float("nan")
        print(f"{trial + 1:>5} {statistics.median(times):>8.1f} {p99:>8.1f} {times[-1]:>8.1f} {within:>8.1%} {missing:>8}")
        await asyncio.sleep(1)
    for s in spectators:
        s.transport.close()
    await tv.close()


def start_hub(port: int, *, transport: str = "") -> subprocess.Popen:
    """The hub as bench/peers/serve-ours runs it, on 127.0.0.1:``port``, once it listens."""
    env = dict(os.environ)
    if transport:
        env["OURS_TRANSPORT"] = transport
    hub = subprocess.Popen(
        [str(ROOT / "bench" / "peers" / "serve-ours"), "--host", "127.0.0.1", "--port", str(port)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return hub
        except OSError as exc:
            if hub.poll() is not None:
                raise SystemExit(f"the hub died: {hub.stderr.read()[-2000:] if hub.stderr else ''}") from exc
            time.sleep(0.1)
    hub.kill()
    raise SystemExit("the hub did not listen within 10 s")


def run_client(coro: Any) -> None:
    """Run the client side on uvloop when there is one (it reads thousands of sockets), for 10 minutes at most."""
    try:
        import uvloop

        runner = asyncio.Runner(loop_factory=uvloop.new_event_loop)
    except ImportError:
        runner = asyncio.Runner()
    with runner:
        runner.run(asyncio.wait_for(coro, 600))


def stop_hub(hub: subprocess.Popen) -> str:
    """Stop the hub; what it printed on stderr (its stored-moves summary is the last line)."""
    hub.terminate()
    try:
        hub.wait(15)
    except subprocess.TimeoutExpired:
        hub.kill()
    return hub.stderr.read() if hub.stderr else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--spectators", type=int, default=10_000)
    parser.add_argument("--trials", type=int, default=5)
    parser.add_argument("--transport", default="", help="websockets | picows (server/transport.py); default: uvicorn as shipped")
    args = parser.parse_args(argv)
    if not 1 <= args.spectators <= MAX_SPECTATORS:
        parser.error(f"1 to {MAX_SPECTATORS} spectators")
    raise_fd_limit(args.spectators + 200)
    port = free_port()
    hub = start_hub(port, transport=args.transport)
    try:
        print(f"hub: {args.transport or 'uvicorn (as shipped)'}, pid {hub.pid}")
        run_client(run(args, port, hub.pid))
    finally:
        stored = [line for line in stop_hub(hub).splitlines() if '"stored"' in line]
        print(stored[-1] if stored else "hub: no stored summary")
    return 0


if __name__ == "__main__":
    sys.exit(main())
