"""Websocket frames on a raw socket, for tests that need bytes no library client would send.

A browser's frames are masked; the hub's are not.  These helpers write a
client's frames, do the upgrade handshake, and read the hub's frames back.
"""

from __future__ import annotations

import asyncio
import base64
import os
import socket


def client_frame(payload: bytes, *, opcode: int = 2, fin: bool = True, rsv: int = 0, masked: bool = True, long: bool = False) -> bytes:
    """One client frame, by default as a browser sends a message: whole, binary, masked.

    ``long`` writes a short length in the 16-bit form (allowed, if unusual);
    ``masked=False``, ``fin=False`` and ``rsv`` make frames a server must refuse or gather.
    """
    first = (0x80 if fin else 0) | rsv << 4 | opcode
    n, bit = len(payload), 0x80 if masked else 0
    if n < 126 and not long:
        head = bytes([first, bit | n])
    elif n < 65536:
        head = bytes([first, bit | 126]) + n.to_bytes(2, "big")
    else:
        head = bytes([first, bit | 127]) + n.to_bytes(8, "big")
    if not masked:
        return head + payload
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def read_until(sock: socket.socket, done, limit: float = 10.0) -> bytes:
    sock.settimeout(limit)
    data = b""
    while not done(data):
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            break
        if not chunk:
            break
        data += chunk
    return data


def server_frames(data: bytes) -> list[tuple[int, bytes]]:
    """(opcode, payload) of the unmasked frames in ``data`` (after the HTTP response)."""
    data = data[data.index(b"\r\n\r\n") + 4:]
    frames = []
    while len(data) >= 2:
        opcode, length, at = data[0] & 0x0F, data[1] & 0x7F, 2
        if length == 126:
            length, at = int.from_bytes(data[2:4], "big"), 4
        elif length == 127:
            length, at = int.from_bytes(data[2:10], "big"), 10
        if len(data) < at + length:
            break
        frames.append((opcode, data[at:at + length]))
        data = data[at + length:]
    return frames


async def upgrade(sock: socket.socket, loop: asyncio.AbstractEventLoop) -> None:
    """The websocket handshake on a raw socket; returns once the 101 answer has been read."""
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    await loop.run_in_executor(None, read_until, sock, lambda d: b"\r\n\r\n" in d)
