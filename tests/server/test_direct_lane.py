"""The direct websocket lane (server/direct_ws.py): frames in and out without a task per frame.

An outbox bound to a writer flushes once per event-loop turn, holds back
while the socket's buffer is full (its changes collapsing into one full
state), closes right after its last frame; the hub's own uvicorn protocol
hands pipelined frames over in order and frames each message once.
"""

from __future__ import annotations

import asyncio
import socket

import msgpack
import pytest

from protocol.codec import decode_server_all, encode_change, encode_map, encode_state
from protocol.patch import Mirror
from server import direct_ws, fastlane
from server.outbox import Outbox

from hubserver import start_server
from rawws import client_frame, read_until, server_frames, upgrade
from wsclient import Peer


class FakeWriter:
    """A socket as the outbox sees one: records messages; ``paused`` and ``gone`` are set by the test."""

    def __init__(self) -> None:
        self.on_writable = None
        self.paused = False
        self.gone = False
        self.messages: list[bytes | str] = []
        self.closed: tuple[int, str] | None = None

    def offer(self, data: bytes | str) -> bool | None:
        if self.gone:
            return None
        if self.paused:
            return False
        self.messages.append(data)
        return True

    def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = (code, reason)


class Count:
    def __init__(self) -> None:
        self.n = 0

    def inc(self, by: int = 1) -> None:
        self.n += by


async def next_turn() -> None:
    await asyncio.sleep(0)
    await asyncio.sleep(0)


async def test_what_one_turn_queues_is_written_once_at_the_end_of_the_turn():
    # Given an outbox bound to a writer
    box, writer, sent = Outbox(limit=8), FakeWriter(), Count()
    box.write_to(writer, sent)
    # When an ack, a public change and a private change are queued in one turn
    box.reply(encode_map({"t": "ack", "seq": 1}))
    box.change(encode_change([[["n"], 1]], 1, 0))
    box.change(encode_change([[["mine"], 2]], 1, 1))
    assert writer.messages == []  # nothing yet: the turn is not over
    await next_turn()
    # Then they went out as one message, in order, counted once
    (message,) = writer.messages
    assert [f["t"] for f in decode_server_all(message)] == ["ack", "change", "change"]
    assert sent.n == 1 and box.waiting == 0


async def test_a_full_socket_is_written_when_it_drains_and_its_changes_become_one_state():
    # Given a writer whose buffer is full, with an ack and changes waiting beyond the bound
    box, writer = Outbox(limit=2), FakeWriter()
    box.write_to(writer)
    writer.paused = True
    box.state(encode_state({"n": 0}, 0))
    box.reply(encode_map({"t": "ack", "seq": 7}))
    assert box.change(encode_change([[["n"], 1]], 1, 0))
    assert not box.change(encode_change([[["n"], 2]], 2, 1))  # the fan-out then sends a full state:
    box.state(encode_state({"n": 2}, 2))
    await next_turn()
    assert writer.messages == []  # held back while the socket is full
    # When the socket drains
    writer.paused = False
    writer.on_writable()
    # Then one message: the ack, then the newest whole view, which a mirror takes as is
    (message,) = writer.messages
    frames = decode_server_all(message)
    assert [f["t"] for f in frames] == ["ack", "state"]
    mirror = Mirror()
    for frame in frames:
        mirror.receive(frame)
    assert mirror.view == {"n": 2} and mirror.v == 2


async def test_closing_writes_the_last_frame_at_once_then_closes_with_the_code():
    box, writer = Outbox(), FakeWriter()
    box.write_to(writer)
    box.reply(encode_map({"t": "ack", "seq": 1}))
    box.close(4429, "rate/limited", encode_map({"t": "error", "code": "rate/limited", "message": "slow down"}))
    # No turn has passed: the close did not wait for one
    (message,) = writer.messages
    assert [f["t"] for f in decode_server_all(message)] == ["ack", "error"]
    assert writer.closed == (4429, "rate/limited")
    box.reply(encode_map({"t": "ack", "seq": 2}))  # after the close: dropped
    await next_turn()
    assert len(writer.messages) == 1


async def test_a_socket_that_is_gone_is_not_written():
    box, writer = Outbox(), FakeWriter()
    box.write_to(writer)
    writer.gone = True
    box.reply(encode_map({"t": "ack", "seq": 1}))
    await next_turn()
    assert writer.messages == [] and box.waiting == 0


async def test_the_same_message_to_many_sockets_is_framed_once(tmp_path):
    # Given the hub on its own protocol, a TV and three spectators
    server = await start_server(f"sqlite:///{tmp_path}/s.db")
    try:
        tv = await Peer.open(server.url, {"role": "host"})
        room = tv.welcome["room"]
        watchers = [await Peer.open(server.url, {"role": "spectator", "room": room}) for _ in range(3)]
        actor = next(iter(server.hub.rooms.values()))
        # Then every socket of the room is on the direct lane
        assert all(client.outbox.direct for client in actor.clients())
        # When the TV locks the room, every spectator gets the change ...
        await tv.host("lock")
        for watcher in watchers:
            await watcher.until(lambda s: s["lobby"]["locked"] is True)
        # ... and the last frame made was reused: the spectators' last messages are one object's frame
        assert isinstance(fastlane.last_framed(), bytes)
        assert [w.raw[-1] for w in watchers].count(watchers[0].raw[-1]) == 3
        for peer in (tv, *watchers):
            await peer.close()
    finally:
        await server.stop()


@pytest.mark.parametrize("pings", [5])
async def test_frames_pipelined_behind_the_hello_are_all_answered_in_order(tmp_path, pings):
    # Given the hub, and a client that, once upgraded, sends its hello and pings in ONE write
    # (so the pings wait in uvicorn's queue while the hello is handled, and are handed over)
    server = await start_server(f"sqlite:///{tmp_path}/p.db")
    try:
        frames = client_frame(msgpack.packb({"t": "hello", "v": 1, "role": "host"}))
        frames += b"".join(client_frame(msgpack.packb({"t": "ping", "seq": n})) for n in range(1, pings + 1))

        def acks(data: bytes) -> list[int]:
            if b"\r\n\r\n" not in data:
                return []
            out = []
            for opcode, payload in server_frames(data):
                if opcode == 2:  # binary: our frames (a close frame would be 8)
                    out += [f["seq"] for f in decode_server_all(payload) if f["t"] == "ack"]
            return out

        loop = asyncio.get_running_loop()
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            await upgrade(sock, loop)
            sock.sendall(frames)
            data = b"HTTP\r\n\r\n" + await loop.run_in_executor(None, read_until, sock, lambda d: len(acks(b"HTTP\r\n\r\n" + d)) >= pings)
        # Then every ping is acknowledged, in the order sent
        assert acks(data) == list(range(1, pings + 1))
    finally:
        await server.stop()


async def test_invalid_utf8_in_a_text_frame_after_the_hello_closes_with_1007(tmp_path):
    server = await start_server(f"sqlite:///{tmp_path}/u.db")
    try:
        hello = client_frame(msgpack.packb({"t": "hello", "v": 1, "role": "host"}))
        bad = bytearray(client_frame(b"\xff\xfe\xfd"))
        bad[0] = 0x81  # a text frame whose payload is not UTF-8
        loop = asyncio.get_running_loop()
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            await upgrade(sock, loop)
            sock.sendall(hello)
            await loop.run_in_executor(None, read_until, sock, lambda d: any(op == 2 for op, _ in server_frames(b"HTTP\r\n\r\n" + d)))
            sock.sendall(bytes(bad))
            data = await loop.run_in_executor(None, read_until, sock, lambda d: False)
        closes = [payload for op, payload in server_frames(b"HTTP\r\n\r\n" + data) if op == 8]
        assert closes and int.from_bytes(closes[0][:2], "big") == 1007
    finally:
        await server.stop()


async def test_an_admitted_socket_runs_no_task_and_leaves_its_room_when_it_closes(tmp_path):
    # Given the hub with a TV
    server = await start_server(f"sqlite:///{tmp_path}/d.db")
    try:
        tv = await Peer.open(server.url, {"role": "host"})
        room = tv.welcome["room"]
        await asyncio.sleep(0.2)

        def hub_socket_tasks() -> int:  # uvicorn runs the application in one task per socket
            return sum(task.get_coro().__qualname__.endswith("run_asgi") for task in asyncio.all_tasks())

        assert hub_socket_tasks() == 0  # the TV's too: it detached once admitted
        # When five spectators join
        watchers = [await Peer.open(server.url, {"role": "spectator", "room": room}) for _ in range(5)]
        await tv.until(lambda s: s["lobby"]["spectators"] == 5)
        await asyncio.sleep(0.2)
        # Then the hub runs no task for them
        assert hub_socket_tasks() == 0
        # When two of them close, then the room forgets them and the others are still served
        for watcher in watchers[:2]:
            await watcher.close()
        await tv.until(lambda s: s["lobby"]["spectators"] == 3)
        await tv.host("lock")
        for watcher in watchers[2:]:
            await watcher.until(lambda s: s["lobby"]["locked"] is True)
        actor = next(iter(server.hub.rooms.values()))
        assert len(actor.spectators) == 3
        for peer in (tv, *watchers[2:]):
            await peer.close()
    finally:
        await server.stop()


async def test_a_paused_socket_is_offered_nothing_until_it_resumes(tmp_path):
    # Given the hub on its own protocol and a TV on the direct lane
    server = await start_server(f"sqlite:///{tmp_path}/s.db")
    try:
        tv = await Peer.open(server.url, {"role": "host"})
        [writer] = server.server.server_state.connections  # uvicorn's protocol of the TV's socket
        assert isinstance(writer, direct_ws.DirectWebSocketProtocol)
        # When the transport says its buffer is above the high-water mark, nothing is written ...
        writer.pause_writing()
        assert writer.offer(encode_map({"t": "ack", "seq": 1})) is False
        # ... and once it drains, the next message is
        writer.resume_writing()
        assert writer.offer(encode_map({"t": "ack", "seq": 2})) is True
        await tv.until(lambda s: True)
        await tv.close()
    finally:
        await server.stop()
