"""Micro-benchmark of the fast lane's pieces: the compiled module against its pure-Python twin.

    .venv/bin/python bench/fastlane.py [--sockets 200] [--spectators 1000]

Prints nanoseconds per call of each piece of server/fastlane on both twins
(best of 5 repeats), then fan-out's per-socket step (server/delivery.py and
``_delivery.pyx``: a change queued on every socket of a room of a TV, five
phones with a private part each and ``--spectators``; the sockets' queues
unbound, so nothing is written), then the per-socket cost of the fan-out's write path
on real uvloop transports over loopback TCP: ``Outbox.change``, the
end-of-turn flush and ``DirectWebSocketProtocol.offer`` around
``transport.write`` (with each twin of the outbox), then with the compiled
offer's own ``send`` (``write_directly``, as the hub's sockets write), against
``transport.write`` alone.  The diff and the wire cache are
measured in place by bench/hotpath.py (its ``diff`` and ``views`` columns,
with ``PIZZANIGHT_PURE=1`` for the twins).  Figures only.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import sys
import time
import timeit
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "server")]

import msgpack  # noqa: E402

from server import direct_ws  # noqa: E402
from server.fastlane import pure  # noqa: E402
from server.outbox import Outbox as PureOutbox  # noqa: E402

from rawws import client_frame  # noqa: E402

try:
    from server.fastlane import _lane as compiled
    from server.fastlane._outbox import Outbox as CompiledOutbox
except ImportError:  # no compiler at install time
    compiled = CompiledOutbox = None


def best_ns(fn, number: int = 100_000) -> float:
    return min(timeit.repeat(fn, number=number, repeat=5)) / number * 1e9


def pieces() -> None:
    move = client_frame(msgpack.packb({"t": "cmd", "seq": 12, "cmd": {"type": "ChooseCut", "cut": 3}}))
    three, big = move * 3, client_frame(os.urandom(2000))
    change = msgpack.packb({"t": "change", "v": 3, "base": 2, "ops": [[["game", "turn"], 2], [["lobby", "x"], "abc" * 20]]})
    long, mask = os.urandom(3000), b"abcd"
    rows = [
        ("read one move's frame", lambda m: m.read_frames(move, 1 << 20)),
        ("read three pipelined frames", lambda m: m.read_frames(three, 1 << 20)),
        ("read a 2000-byte frame", lambda m: m.read_frames(big, 1 << 20)),
        (f"frame a change ({len(change)} B)", lambda m: m.frame_message(change)),
        ("frame a 3000-byte message", lambda m: m.frame_message(long)),
        ("frame a text message", lambda m: m.frame_message("{\"t\":\"ack\",\"seq\":12}")),
        # (the pure lane's reads unmask with websockets' C apply_mask; pure.unmask is the Python reference)
        ("unmask 2000 bytes", lambda m: m.unmask(long[:2000], mask)),
    ]
    print(f"{'piece':30} {'pure ns':>9} {'compiled ns':>12} {'pure/compiled':>14}")
    for label, call in rows:
        slow = best_ns(lambda call=call: call(pure))
        if compiled is None:
            print(f"{label:30} {slow:9.0f} {'-':>12} {'-':>14}")
            continue
        fast = best_ns(lambda call=call: call(compiled))
        print(f"{label:30} {slow:9.0f} {fast:12.0f} {slow / fast:14.2f}")


class _Sink(asyncio.Protocol):
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport


async def write_path(sockets: int, outbox_class: type, direct: bool, rounds: int = 200) -> None:
    loop = asyncio.get_running_loop()
    peers, transports, outboxes = [], [], []
    listener = socket.create_server(("127.0.0.1", 0))  # loopback TCP, as the hub's sockets are
    for _ in range(sockets):
        theirs = socket.create_connection(listener.getsockname())
        mine, _ = listener.accept()
        transport, _ = await loop.create_connection(_Sink, sock=mine)
        theirs.setblocking(False)
        writer = direct_ws.DirectWebSocketProtocol.__new__(direct_ws.DirectWebSocketProtocol)  # just what offer() reads
        writer.close_sent = writer.disconnected = False
        writer.transport, writer.writable, writer.on_writable = transport, direct_ws._Flag(), None
        if direct:  # offer sends the socket itself (the hub's protocol asks for this in connection_made)
            writer.write_directly(transport)
        outbox = outbox_class(limit=10**6)
        outbox.write_to(writer)
        peers.append(theirs)
        transports.append(transport)
        outboxes.append(outbox)

    def drain() -> None:
        for peer in peers:
            try:
                while peer.recv(1 << 20):
                    pass
            except BlockingIOError:
                pass

    message = msgpack.packb({"t": "change", "v": 3, "base": 2, "ops": [[["game", "turn"], 2]]})
    hub = alone = float("inf")
    for _ in range(rounds):
        data = bytes(message)  # a new message per change, framed once for every socket
        start = time.perf_counter()
        for outbox in outboxes:
            outbox.change(data)
        await asyncio.sleep(0)  # the end-of-turn flush
        hub = min(hub, time.perf_counter() - start)
        drain()
        frame = direct_ws.fastlane.frame_message(data)
        start = time.perf_counter()
        for transport in transports:
            transport.write(frame)
        alone = min(alone, time.perf_counter() - start)
        drain()
    for transport in transports:
        transport.close()
    for peer in peers:
        peer.close()
    listener.close()
    twin = "compiled" if outbox_class is CompiledOutbox else "pure"
    how = "send" if direct else "write"
    print(f"write path, {sockets} sockets ({direct_ws.fastlane.LANE} lane, {twin} outbox): outbox+flush+offer+{how} "
          f"{hub / sockets * 1e6:.2f} µs/socket; transport.write alone {alone / sockets * 1e6:.2f} µs/socket; "
          f"the Python around it {(hub - alone) / sockets * 1e6:.2f} µs/socket")


def delivery(spectators: int, receiver: type, outbox_class: type, deliver: Any, rounds: int = 200) -> float:
    """Nanoseconds per socket of fan-out's per-socket step: a TV, 5 phones and ``spectators``, one change."""
    memory = object()
    keys = [("host",)] + [("player", n) for n in range(5)] + [("spectators",)] * spectators
    clients = []
    for key in keys:
        client = receiver()
        client.key, client.text, client.outbox, client.shown = key, False, outbox_class(limit=10**6), memory
        clients.append(client)
    private = {key: ([(["you", "hand"], 1)] if key[0] == "player" else []) for key in keys}
    public = [(["game", "turn"], 2)]

    def encode(*args: Any, **kwargs: Any) -> bytes:
        return b"message"

    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        deliver(clients, memory, {}, public, private, True, 3, encode, encode)
        best = min(best, time.perf_counter() - start)
        for client in clients:
            client.outbox._items.clear()
    return best / len(clients) * 1e9


def delivery_rows(spectators: int) -> None:
    from server import delivery as pure_delivery

    rows = [("pure lane (pure step, pure queues)", pure_delivery.Receiver, PureOutbox, pure_delivery.deliver)]
    if compiled is not None:
        from server.fastlane import _delivery

        rows += [("pure step, compiled queues (before _delivery.pyx)", pure_delivery.Receiver, CompiledOutbox, pure_delivery.deliver),
                 ("compiled lane (both compiled)", _delivery.Receiver, CompiledOutbox, _delivery.deliver)]
    for label, receiver, outbox_class, deliver in rows:
        ns = delivery(spectators, receiver, outbox_class, deliver)
        print(f"fan-out's per-socket step, a TV, 5 phones and {spectators} spectators, {label}: {ns:.0f} ns/socket")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sockets", type=int, default=200)
    parser.add_argument("--spectators", type=int, default=1000)
    args = parser.parse_args()
    pieces()
    delivery_rows(args.spectators)
    try:
        import uvloop
    except ImportError:  # pragma: no cover - Windows
        run = asyncio.run
    else:
        run = uvloop.run
    for outbox_class in (PureOutbox, CompiledOutbox):
        if outbox_class is not None:
            run(write_path(args.sockets, outbox_class, direct=False))
    if direct_ws.fastlane.LANE == "compiled":  # offer's own send, where transport.write was (_lane.pyx)
        run(write_path(args.sockets, CompiledOutbox, direct=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
