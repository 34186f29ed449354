"""The fast lane's pure-Python twin: what ``_lane.pyx`` does, in Python, byte for byte.

The hub runs these when the compiled module was not built (no compiler at
install time) or ``PIZZANIGHT_PURE=1`` is set.  tests/server/test_fastlane.py
holds the two equal on random frames and messages (hypothesis).
:func:`taker` is ``_inbound.pyx``'s twin (tests/server/test_fastlane_inbound.py), and
:func:`command_handler` ``_turn.pyx``'s (tests/server/test_fastlane_turn.py).

The frames are RFC 6455's: a client's are masked, the hub's are not, and
the hub negotiates no extension (so the reserved bits are always clear).
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any

from protocol.codec import load as load_frame  # noqa: F401  (the compiled lane's load_frame does the usual frame in C)

try:  # the websockets library's unmasking in C, what the pure lane used before the fast lane
    from websockets.speedups import apply_mask as _apply_mask
except ImportError:  # pragma: no cover - a build of websockets without its C part
    _apply_mask = None

#: The first byte of a whole (FIN) binary or text frame with no extension bits.
FIN_BINARY, FIN_TEXT = 0x82, 0x81


def unmask(payload: bytes, mask: bytes) -> bytes:
    """``payload`` XORed with the 4-byte ``mask`` repeated (RFC 6455 5.3): unmasking a client's payload."""
    if len(mask) != 4:
        raise ValueError("mask must contain 4 bytes")
    n = len(payload)
    if not n:
        return b""
    key = int.from_bytes(mask * (n // 4 + 1), "little") & ((1 << (8 * n)) - 1)
    return (int.from_bytes(payload, "little") ^ key).to_bytes(n, "little")


_unmask = _apply_mask if _apply_mask is not None else unmask


def read_frames(data: bytes, max_size: int | None) -> list[tuple[int, bytes]] | None:
    """The messages in ``data`` if it is whole, masked, unfragmented data frames only: ``(first byte, payload)``.

    The first byte is :data:`FIN_BINARY` or :data:`FIN_TEXT`; the payload is
    unmasked.  None for anything else (a control frame, a fragment, a frame
    cut across reads, an unmasked frame, reserved bits, a payload over
    ``max_size``, a 64-bit length with its top bit set): the ``websockets``
    parser then reads ``data`` and answers it as it does.
    """
    out = []
    at, end = 0, len(data)
    while at < end:
        if end - at < 6:
            return None
        first, second = data[at], data[at + 1]
        if (first != FIN_BINARY and first != FIN_TEXT) or not second & 0x80:
            return None
        length, mask_at = second & 0x7F, at + 2
        if length == 126:
            if end - at < 8:
                return None
            length, mask_at = (data[at + 2] << 8) | data[at + 3], at + 4
        elif length == 127:
            if end - at < 14 or data[at + 2] & 0x80:
                return None
            length, mask_at = int.from_bytes(data[at + 2:at + 10], "big"), at + 10
        stop = mask_at + 4 + length
        if stop > end or (max_size is not None and length > max_size):
            return None
        out.append((first, _unmask(data[mask_at + 4:stop], data[mask_at:mask_at + 4])))
        at = stop
    return out


def frame(opcode: int, payload: bytes) -> bytes:
    """One unmasked FIN frame of ``payload`` (what ``websockets`` sends a client, without extensions)."""
    n = len(payload)
    if n < 126:
        return bytes((0x80 | opcode, n)) + payload
    if n < 65536:
        return struct.pack("!BBH", 0x80 | opcode, 126, n) + payload
    return struct.pack("!BBQ", 0x80 | opcode, 127, n) + payload


def frame_message(data: bytes | str) -> bytes:
    """The frame of one message: binary for ``bytes``, text (UTF-8) for ``str``."""
    if isinstance(data, bytes):
        return frame(2, data)
    return frame(1, data.encode())


#: The last message :meth:`SocketWriter.offer` framed, and its frame (one event loop thread
#: writes them; a message is immutable, so the pair stays right).
_last_message: bytes | str | None = None
_last_frame = b""


def last_framed() -> bytes | str | None:
    """The message the last framing was for (tests: a fan-out frames a shared message once)."""
    return _last_message


class SocketWriter:
    """``offer``: one message written to a socket now (``_lane.pyx``'s twin; the base of ``server.direct_ws``'s protocol).

    The outbox (server/outbox.py's ``Writer``) asks this once per socket per
    change, so one call answers what three checks and the write would take
    several for.  ``close_sent``, ``disconnected`` and ``transport`` are
    uvicorn's attributes of its websocket protocol, which this class comes
    before as a base; ``paused`` is set by the protocol's ``pause_writing``
    and cleared by its ``resume_writing``.

    The message goes out as one unmasked frame (what ``websockets`` would
    send: no extension is negotiated).  A fan-out writes the very same bytes
    object to every socket that gets only the public change, one after
    another, so the frame made for the last message written is kept and
    reused when the next message is that same object: 10,000 spectators cost
    one framing, not 10,000.
    """

    close_sent = False
    disconnected = False
    paused = False
    transport: Any = None
    #: data_received's: the message callback (None: not diverted), the parser's message size limit, heard
    #: since the heartbeat's last sweep, and whether the ``websockets`` parser holds nothing (see below).
    _on_message: Callable[[bytes | str], None] | None = None
    _max_size: int | None = None
    _heard = True
    _clean = False

    def data_received(self, data: bytes) -> None:
        """Read the hub's usual traffic, whole data frames, without the ``websockets`` parser.

        The library's sans-I/O parser steps a generator per frame, which cost
        about as much as the rest of handling a move's message.  A diverted
        socket's reads are nearly always one or a few whole, masked, binary
        frames: those are unmasked here and handed to ``_on_message`` at once.
        Everything else (the handshake, pings, closes, fragments, a frame cut
        across reads, oversized frames) goes to the library exactly as before,
        through ``_read_slowly`` (server/direct_ws.py); so does every read
        after one the library read, until its parser is found to hold nothing:
        ``_read_slowly`` sets ``_clean`` after each of its reads.  Only the
        library's reading changes what ``_clean`` says, so it is not checked
        again on every read; a close sent or the socket lost stops this at once.
        """
        self._heard = True
        on_message = self._on_message
        if on_message is None or not self._clean or self.close_sent or self.disconnected or type(data) is not bytes:
            self._clean = False
            self._read_slowly(data)
            return
        frames = read_frames(data, self._max_size)
        if frames is None:
            self._clean = False
            self._read_slowly(data)
            return
        for first, payload in frames:
            on_message = self._on_message
            if on_message is None or self.close_sent:  # closed by the hub meanwhile: the rest is dropped
                return
            if first == FIN_BINARY:
                on_message(payload)
                continue
            try:
                text = payload.decode()
            except UnicodeDecodeError:  # as uvicorn: close with 1007 (invalid payload)
                self._clean = False
                self.conn.send_close(1007)  # type: ignore[attr-defined]  # (uvicorn's protocol, after this base)
                self.handle_parser_exception()  # type: ignore[attr-defined]
                return
            on_message(text)

    def _read_slowly(self, data: bytes) -> None:
        """The ``websockets`` parser's reading of ``data`` (server/direct_ws.py's protocol defines it)."""
        raise NotImplementedError

    def write_directly(self, transport: Any) -> bool:
        """False: this twin always writes through ``transport.write`` (the compiled one may ``send`` itself)."""
        return False

    @property
    def writes_directly(self) -> bool:
        """Whether ``offer`` writes the socket itself: never, in this twin."""
        return False

    def offer(self, data: bytes | str) -> bool | None:
        """True: written.  False: the socket's buffer is full (``on_writable`` follows).  None: gone, nothing written."""
        global _last_message, _last_frame
        if self.close_sent or self.disconnected or self.transport.is_closing():
            return None
        if self.paused:
            return False
        if data is not _last_message:
            _last_frame = frame_message(data)
            _last_message = data
        self.transport.write(_last_frame)
        return True


def taker(inbound: Any, command: type) -> Callable[..., None]:
    """What a socket hands each message to: its ``Inbound``'s own ``take`` (server/connection.py).

    The compiled lane's twin (``_inbound.pyx``'s ``Take``) routes the usual
    game command to the room itself and leaves every other frame to that
    same ``take``; ``command`` is the inbox's ``Command`` class it makes.
    """
    return inbound.take


def records_encoder(encode: Callable[[Any], bytes], *_: Any) -> Callable[[list[Any]], list[bytes]]:
    """What a turn's commit stores its events with: ``encode`` (server/records.py) of each, in order.

    The compiled lane's twin (``_wire.pyx``'s ``Records``, made from the
    converter, the room's event types and the packer that ``encode`` uses)
    does both of ``encode``'s steps for every event in one call.
    """

    def encode_all(events: list[Any]) -> list[bytes]:
        return list(map(encode, events))  # (not a comprehension: in 3.11 that makes a function per call)

    return encode_all


def command_handler(*_: Any) -> Callable[[Any, Any, Any], None]:
    """What the room's turn hands each message to: ``RoomActor.handle`` itself (server/room.py).

    The compiled lane's twin (``_turn.pyx``'s ``Handle``, made from the
    classes and functions the arguments name) handles a seated player's
    usual game command itself and leaves every other message to that same
    ``handle``.
    """
    return _handle


def _handle(actor: Any, message: Any, turn: Any) -> None:
    actor.handle(message, turn)
