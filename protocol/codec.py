"""Bytes in, frames out; frames in, bytes out.  No I/O, no event loop.

Like the protocol core of ``websockets``, this module only transforms: the
server's connection shell feeds it what the socket received and sends what
it returns.  Binary frames are msgpack, text frames are JSON (a debugging
aid, same content).  Decoding enforces the limits of docs/protocol.md before
anything else looks at the data.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, cast

import cattrs
import msgpack

from protocol import errors
from protocol.convert import MAX_INT, describe, make_converter
from protocol.frames import CLIENT_FRAMES, SERVER_FRAMES, Ack, Error, State

#: The largest client frame accepted, in bytes (or characters for JSON).
MAX_FRAME = 16 * 1024
#: The deepest nesting of maps and lists a client frame may have.
MAX_DEPTH = 8

_frames = make_converter(tag=False)


#: Values a frame may hold as they are (ints are checked for range, maps and lists walked).
_PLAIN_TYPES = frozenset({str, bool, type(None)})


def _check_shape(value: dict[Any, Any] | list[Any], depth: int = 1) -> None:
    """Refuse deep nesting and anything but maps, lists, str, int, bool and nil.

    ``value`` is a map or a list at ``depth`` (the frame itself is 1).  Every
    frame goes through here, so the common items (strings, small ints) are
    checked inline by their exact type, without a call each.
    """
    if depth > MAX_DEPTH:
        raise errors.BadFrame(f"nested deeper than {MAX_DEPTH} levels")
    if type(value) is dict:
        for key in value:
            if type(key) is not str:
                raise errors.BadFrame("map keys must be strings")
        items: Any = value.values()
    else:
        items = value
    for item in items:
        kind = type(item)
        if kind in _PLAIN_TYPES:
            continue
        if kind is int:
            if not -MAX_INT <= item <= MAX_INT:
                raise errors.BadFrame("integer out of range")
        elif kind is dict or kind is list:
            _check_shape(item, depth + 1)
        elif isinstance(item, (msgpack.ExtType, msgpack.Timestamp)):
            raise errors.BadFrame("msgpack extension types are not allowed")
        else:
            raise errors.BadFrame(f"{kind.__name__} values are not allowed")


def _load_msgpack(data: bytes) -> Any:
    """Parse msgpack; binary values and extension types decode, for the shape check to refuse.

    So a frame with an extension type (or a timestamp, or bytes) is answered
    ``protocol/bad_frame``, as docs/protocol.md says: it is msgpack, of a
    shape the protocol does not allow.  Nesting deeper than msgpack's own
    stack is refused the same way.
    """
    try:
        return msgpack.unpackb(
            data,
            raw=False,
            strict_map_key=False,  # checked by _check_shape, with a clearer message
            max_bin_len=MAX_FRAME,
            max_ext_len=MAX_FRAME,
            max_str_len=MAX_FRAME,
            max_array_len=MAX_FRAME,
            max_map_len=MAX_FRAME,
        )
    except (msgpack.StackError, RecursionError):
        raise errors.BadFrame(f"nested deeper than {MAX_DEPTH} levels") from None
    except (msgpack.ExtraData, msgpack.FormatError, ValueError, TypeError) as exc:
        raise errors.Malformed(f"not a msgpack value: {type(exc).__name__}") from None


def _no_constant(name: str) -> Any:
    raise ValueError(name)


def _load_json(text: str) -> Any:
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=lambda s: float(s))
    except RecursionError:  # valid JSON, nested far too deep: a shape the protocol refuses
        raise errors.BadFrame(f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError:
        raise errors.Malformed("not a JSON value") from None


def load(data: bytes | str) -> dict[str, Any]:
    """Parse one client frame into a checked plain map (limits, shape, ``t``)."""
    if len(data) > MAX_FRAME:
        raise errors.TooLarge(f"frames are limited to {MAX_FRAME} bytes")
    value = _load_msgpack(data) if isinstance(data, (bytes, bytearray, memoryview)) else _load_json(data)
    if not isinstance(value, dict):
        raise errors.BadFrame("a frame is a map")
    try:
        _check_shape(value)
        if type(value.get("t")) is not str:
            raise errors.BadFrame("a frame needs a string field 't'")
    except errors.BadFrame as exc:
        exc.seq = _usable_seq(value.get("seq"))  # the frame was read far enough to find its seq
        raise
    return value


def _usable_seq(seq: Any) -> int | None:
    """``seq`` if it is one the protocol allows (an integer within ±(2^53 - 1)), else None."""
    return seq if type(seq) is int and -MAX_INT <= seq <= MAX_INT else None


def decode_client(data: bytes | str) -> Any:
    """One client frame as its attrs class; raises a :class:`ProtocolError`."""
    return from_map(load(data))


def seq_of(value: dict[str, Any]) -> int | None:
    """The frame's ``seq`` when it has a usable one, so even a refusal can echo it."""
    seq = value.get("seq")
    return seq if type(seq) is int else None


def from_map(value: dict[str, Any]) -> Any:
    """A checked map (from :func:`load`) as its frame class."""
    kind = value["t"]
    cls = CLIENT_FRAMES.get(kind)
    if cls is None:
        raise errors.UnknownFrame(f"unknown frame type {kind[:40]!r}")
    fields = {k: v for k, v in value.items() if k != "t"}
    try:
        return _frames.structure(fields, cls)
    except (cattrs.BaseValidationError, TypeError, ValueError) as exc:
        raise errors.BadFrame(f"{kind}: {describe(exc)}") from None


def frame_map(frame: Any) -> dict[str, Any]:
    """A server frame as the plain map that goes on the wire (``t`` first)."""
    kind = type(frame)
    if kind is Ack:  # one per move: its map by hand, as cattrs would make it
        return {"t": "ack", "seq": frame.seq}
    if kind is State:
        return state_map(frame)
    out = {"t": SERVER_FRAMES[kind]}
    out.update(_frames.unstructure(frame))
    if type(frame) is Error and frame.params is None:
        del out["params"]  # an error's params are there only when its sentence needs them
    return out


def state_map(frame: State) -> dict[str, Any]:
    """A ``state`` frame as its wire map, taking its fields as they are.

    Every field of a state already holds plain wire data (the room builds the
    lobby, game, legal and outcome parts with ``to_wire``), so a second pass
    through cattrs would only copy them, item by item; that copy cost most
    of a move's CPU time.  The map equals the cattrs one, key order included.
    """
    return {
        "t": "state",
        "room": frame.room,
        "version": frame.version,
        "lobby": frame.lobby,
        "you": frame.you,
        "game": frame.game,
        "legal": frame.legal,
        "outcome": frame.outcome,
    }


#: The packer :data:`pack` keeps.
_PACKER = msgpack.Packer(use_bin_type=True)


#: ``msgpack.packb(value, use_bin_type=True)``, with one packer kept instead of one made per value.
#:
#: ``msgpack.packb`` makes a new ``Packer`` (and its 256 KiB buffer) for every value: 0.5 µs
#: for an ack, where the kept packer takes 0.16 µs; a move packs one for its ack, one per
#: stored event and one per change sent.  It is the packer's own method, not a function
#: around it: a move packs two or three values, and under load each Python frame around a
#: call costs about a microsecond.  (The packer resets itself after each value: the bytes of
#: that value alone.)  Threads may share it: packing the wire's plain values (``dict`` and
#: ``list`` themselves, strings, bytes, numbers, None) is one C call that runs no Python code
#: and holds the GIL from start to end, so no other thread's packing can come in between; a
#: value it cannot pack raises, and the packer empties its buffer first.
pack: Callable[[Any], bytes] = _PACKER.pack


def encode_map(value: dict[str, Any], *, text: bool = False) -> bytes | str:
    if text:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return pack(value)


#: An ack's msgpack bytes before its seq: ``{"t": "ack", "seq": ...}``, the map :func:`frame_map` makes, with the
#: seq's own bytes cut off (a 0 packs as one byte); :func:`encode_server` packs the seq after it, and so does
#: the room's turn for a move's ack (``ACK_HEAD + pack(seq)``, server/room.py ``reply_all``).
ACK_HEAD: bytes = msgpack.packb({"t": "ack", "seq": 0}, use_bin_type=True)[:-1]


def encode_server(frame: Any, *, text: bool = False) -> bytes | str:
    """Encode a server frame: msgpack bytes, or JSON text when ``text``.

    An ack, one per move, is its fixed head and its packed seq: the very
    bytes of its map, without making the map (tests/protocol hold them equal).
    """
    if type(frame) is Ack and not text:
        packed: bytes = _PACKER.pack(frame.seq)
        return ACK_HEAD + packed
    return encode_map(frame_map(frame), text=text)


def decode_server(data: bytes | str) -> dict[str, Any]:
    """A message holding one server frame, as a plain map (for Python clients: tests, bench)."""
    frame: dict[str, Any]
    if isinstance(data, (bytes, bytearray, memoryview)):
        frame = msgpack.unpackb(data, raw=False, strict_map_key=False)
    else:
        frame = json.loads(data)
    return frame


def decode_server_all(data: bytes | str) -> list[dict[str, Any]]:
    """Every server frame of one message, in order (docs/protocol.md: a message may hold several).

    Binary messages are msgpack values back to back; text messages are JSON
    values separated by newlines.
    """
    if isinstance(data, (bytes, bytearray, memoryview)):
        unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=max(len(data), 1024))
        unpacker.feed(data)
        return list(unpacker)
    return [json.loads(line) for line in data.split("\n") if line]


def join_messages(items: list[bytes | str]) -> bytes | str:
    """Frames encoded alike (all msgpack or all JSON) as one message."""
    # Callers never mix the two kinds (a socket's frames are all text or all
    # binary), so the first item tells the kind of the whole list.
    if isinstance(items[0], str):
        return "\n".join(cast("list[str]", items))
    return b"".join(cast("list[bytes]", items))


def encode_state(view: dict[str, Any], v: int, *, text: bool = False) -> bytes | str:
    """A full ``state`` frame: a viewer class's whole view at view version ``v``."""
    value = {"t": "state", "v": v, **view}
    return encode_map(value, text=True) if text else pack(value)  # (binary, the usual: one call less)


def encode_change(ops: list[Any], v: int, base: int, *, text: bool = False) -> bytes | str:
    """A ``change`` frame: the ops that take a view from version ``base`` to ``v``."""
    value = {"t": "change", "v": v, "base": base, "ops": ops}
    return encode_map(value, text=True) if text else pack(value)  # (binary, the usual: one call less)


def encode_client(value: dict[str, Any], *, text: bool = False) -> bytes | str:
    """A client frame from a plain map (for Python clients: tests, bench)."""
    return encode_map(value, text=text)
