"""The direct lane's own reading of whole data frames (server/direct_ws.py ``data_received``).

A diverted socket's reads that are only whole, masked, unfragmented data
frames are unmasked by the hub itself; anything else goes to the
``websockets`` parser.  The property below holds the two readings to each
other: whenever the hub reads a run of bytes itself, the library reads the
very same frames from it, and every run of plain frames is read by the hub
(so the fast path is really taken).  The end-to-end test mixes what the
library must still answer (a ping, a frame cut across two writes) with
plain frames on a real socket.
"""

from __future__ import annotations

import asyncio
import os
import socket

import msgpack
from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.exceptions import PayloadTooBig, ProtocolError
from websockets.frames import Frame
from websockets.streams import StreamReader

from protocol.codec import decode_server_all
from server.fastlane import frame as _frame
from server.fastlane import read_frames

from hubserver import start_server
from rawws import client_frame, read_until, server_frames, upgrade

MAX = 65536


def library_frames(data: bytes, *, mask: bool = True) -> list[tuple[int, bool, bytes]] | None:
    """What the ``websockets`` parser reads from ``data``: (opcode, fin, payload) per frame.

    As a server (client frames are masked), or with ``mask=False`` as a
    client reads what a server sends.  None when it refuses the bytes or
    ``data`` ends inside a frame.
    """
    reader = StreamReader()
    reader.feed_data(data)
    reader.feed_eof()
    out = []
    while reader.buffer:
        parser = Frame.parse(reader.read_exact, mask=mask, max_size=MAX, extensions=[])
        try:
            while True:
                next(parser)
        except StopIteration as done:
            frame = done.value
        except (EOFError, ProtocolError, PayloadTooBig):
            return None
        out.append((int(frame.opcode), frame.fin, bytes(frame.data)))
    return out


def hub_frames(data: bytes) -> list[tuple[int, bool, bytes]] | None:
    """What the hub's own reading makes of ``data``, in the same form."""
    frames = read_frames(data, MAX)
    if frames is None:
        return None
    return [(first & 0x0F, True, payload) for first, payload in frames]


plain = st.builds(
    lambda payload, opcode, long: client_frame(payload, opcode=opcode, long=long),
    st.binary(max_size=300), st.sampled_from([1, 2]), st.booleans(),
)
odd = st.builds(
    lambda payload, opcode, fin, rsv, masked: client_frame(payload, opcode=opcode, fin=fin, rsv=rsv, masked=masked),
    st.binary(max_size=130), st.sampled_from([0, 1, 2, 8, 9, 10, 3]), st.booleans(), st.sampled_from([0, 0, 1, 4]), st.booleans(),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(plain, odd), min_size=1, max_size=6), st.integers(min_value=0, max_value=2000))
def test_the_hub_reads_only_what_the_library_reads_the_same_way(frames, cut):
    data = b"".join(frames)
    data = data[:cut] if cut < len(data) else data
    mine = hub_frames(data)
    if mine is not None:
        assert library_frames(data) == mine


@settings(max_examples=200, deadline=None)
@given(st.lists(plain, min_size=1, max_size=6))
def test_a_run_of_whole_plain_data_frames_is_read_by_the_hub(frames):
    data = b"".join(frames)
    assert hub_frames(data) is not None
    assert hub_frames(data) == library_frames(data)


def test_what_the_library_must_answer_is_left_to_it():
    # each after a plain frame; an unmasked frame is followed by four more bytes, so that
    # reading its first payload bytes as a mask would find a whole frame
    plain_one = client_frame(b"ok")
    for frame in (
        client_frame(b"abcdefgh", masked=False) + b"wxyz",
        client_frame(b"part", fin=False),
        client_frame(b"rest", opcode=0),
        client_frame(b"ping", opcode=9),
        client_frame(b"pong", opcode=10),
        client_frame(b"\x03\xe8", opcode=8),
        client_frame(b"rsv", rsv=4),
        client_frame(b"new", opcode=3),
        plain_one[:-1],
    ):
        assert read_frames(plain_one + frame, MAX) is None
    assert read_frames(plain_one + plain_one, MAX) is not None


def test_a_frame_over_the_size_limit_is_left_to_the_library_and_a_64_bit_length_is_read():
    big = client_frame(b"x" * 300)
    assert read_frames(big, 299) is None
    assert read_frames(big, 300) is not None
    assert read_frames(client_frame(b"x" * 70000), 65536) is None
    assert read_frames(client_frame(b"x" * 70000), None) == [(0x82, b"x" * 70000)]


def test_frames_written_are_what_the_library_reads():
    for n in (0, 125, 126, 65535, 65536):
        payload = os.urandom(n)
        for opcode in (1, 2):
            assert library_frames(_frame(opcode, payload), mask=False) == [(opcode, True, payload)]


async def test_plain_frames_a_ping_and_a_frame_cut_in_two_are_all_answered_in_order(tmp_path):
    # Given the hub, and a client that once upgraded and admitted sends, in one write: pings
    # (one over 125 bytes, one short in the 16-bit length form), a websocket ping, and the
    # first half of a ping
    server = await start_server(f"sqlite:///{tmp_path}/f.db")
    try:
        def ping(seq: int, pad: int = 0) -> bytes:
            return msgpack.packb({"t": "ping", "seq": seq, **({"pad": "p" * pad} if pad else {})})

        hello = client_frame(msgpack.packb({"t": "hello", "v": 1, "role": "host"}))
        last = client_frame(ping(5))
        first_write = (
            client_frame(ping(1)) + client_frame(ping(2, pad=300)) + client_frame(b"are you there", opcode=9)
            + client_frame(ping(3)) + client_frame(ping(4), long=True) + last[:5]
        )

        def seen(data: bytes) -> tuple[list[int], list[bytes]]:
            acks, pongs = [], []
            if b"\r\n\r\n" not in data:
                return acks, pongs
            for opcode, payload in server_frames(data):
                if opcode == 2:
                    acks += [f["seq"] for f in decode_server_all(payload) if f["t"] in ("ack", "error")]
                elif opcode == 10:
                    pongs.append(payload)
            return acks, pongs

        loop = asyncio.get_running_loop()
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            await upgrade(sock, loop)
            sock.sendall(hello)
            got = await loop.run_in_executor(None, read_until, sock, lambda d: any(op == 2 for op, _ in server_frames(b"HTTP\r\n\r\n" + d)))
            sock.sendall(first_write)
            await asyncio.sleep(0.2)
            sock.sendall(last[5:])
            got += await loop.run_in_executor(None, read_until, sock, lambda d: len(seen(b"HTTP\r\n\r\n" + got + d)[0]) >= 5)
        acks, pongs = seen(b"HTTP\r\n\r\n" + got)
        # Then every ping is answered in order (the padded one refused, by its seq), and the
        # websocket ping got its pong
        assert acks == [1, 2, 3, 4, 5]
        assert pongs == [b"are you there"]
    finally:
        await server.stop()
