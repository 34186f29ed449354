"""The websocket fast lane (server/fastlane): the compiled module and its pure-Python twin do the same work.

Given random client frames (masked or not, every length form: 7-bit,
16-bit, 64-bit; text, binary, control frames, fragments, reserved bits,
cut anywhere), random size limits and random messages, the two return
the very same values; and whatever the lane reads itself, the
``websockets`` library reads the same way (anything else is left to it).
The compiled half is skipped when the extension was not built (a machine
without a compiler); test_fastlane_pure.py runs the hub's socket tests
on the pure twin.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.exceptions import PayloadTooBig, ProtocolError
from websockets.frames import Frame
from websockets.streams import StreamReader

from protocol import codec, errors
from protocol.convert import MAX_INT
from server import fastlane
from server.fastlane import pure

from rawws import client_frame

try:
    from server.fastlane import _lane as compiled
except ImportError:  # no compiler when the package was installed: the pure twin runs alone
    compiled = None

ROOT = Path(__file__).resolve().parents[2]
needs_compiled = pytest.mark.skipif(compiled is None, reason="the compiled fast lane was not built")


def library_frames(data: bytes, max_size: int | None, *, mask: bool = True) -> list[tuple[int, bool, bytes]] | None:
    """What the ``websockets`` parser reads from ``data``: (opcode, fin, payload) per frame; None if it refuses."""
    reader = StreamReader()
    reader.feed_data(data)
    reader.feed_eof()
    out = []
    while reader.buffer:
        parser = Frame.parse(reader.read_exact, mask=mask, max_size=max_size, extensions=[])
        try:
            while True:
                next(parser)
        except StopIteration as done:
            frame = done.value
        except (EOFError, ProtocolError, PayloadTooBig):
            return None
        out.append((int(frame.opcode), frame.fin, bytes(frame.data)))
    return out


def lane_frames(read, data: bytes, max_size: int | None) -> list[tuple[int, bool, bytes]] | None:
    frames = read(data, max_size)
    return None if frames is None else [(first & 0x0F, True, payload) for first, payload in frames]


#: Payload lengths of every length form, with their edges (a 64-bit length starts at 65536).
lengths = st.one_of(
    st.integers(0, 125), st.sampled_from([125, 126, 127, 65535, 65536, 65537]), st.integers(126, 3000),
    st.integers(65536, 70000),
)
payloads = lengths.flatmap(lambda n: st.binary(min_size=n, max_size=n) if n <= 300 else st.just(os.urandom(n)))
plain = st.builds(
    lambda payload, opcode, long: client_frame(payload, opcode=opcode, long=long),
    payloads, st.sampled_from([1, 2]), st.booleans(),
)
odd = st.builds(
    lambda payload, opcode, fin, rsv, masked: client_frame(payload, opcode=opcode, fin=fin, rsv=rsv, masked=masked),
    st.binary(max_size=130), st.sampled_from([0, 1, 2, 8, 9, 10, 3]), st.booleans(), st.sampled_from([0, 0, 1, 4]),
    st.booleans(),
)
limits = st.one_of(st.none(), st.sampled_from([0, 125, 126, 65535, 65536, 262144]), st.integers(-1, 70000))


@needs_compiled
@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(plain, odd), min_size=1, max_size=5), st.integers(min_value=0, max_value=80000), limits)
def test_the_twins_read_the_same_frames(frames, cut, max_size):
    data = b"".join(frames)
    data = data[:cut] if cut < len(data) else data
    assert compiled.read_frames(data, max_size) == pure.read_frames(data, max_size)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(plain, odd), min_size=1, max_size=5), st.integers(min_value=0, max_value=80000),
       st.one_of(st.none(), st.integers(0, 70000)))
def test_what_the_lane_reads_the_library_reads_the_same_way(frames, cut, max_size):
    data = b"".join(frames)
    data = data[:cut] if cut < len(data) else data
    for twin in (pure, compiled) if compiled is not None else (pure,):
        mine = lane_frames(twin.read_frames, data, max_size)
        if mine is not None:
            assert library_frames(data, max_size) == mine


@settings(max_examples=100, deadline=None)
@given(st.lists(plain, min_size=1, max_size=4))
def test_a_run_of_whole_plain_data_frames_is_read_by_the_lane(frames):
    data = b"".join(frames)
    for twin in (pure, compiled) if compiled is not None else (pure,):
        assert lane_frames(twin.read_frames, data, None) == library_frames(data, None)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2000), st.binary(min_size=4, max_size=4))
def test_unmasking_is_the_xor_of_rfc_6455(payload, mask):
    expected = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    assert pure.unmask(payload, mask) == expected
    if compiled is not None:
        assert compiled.unmask(payload, mask) == expected
        assert compiled.unmask(bytearray(payload), memoryview(mask)) == expected


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.binary(max_size=300), st.text(max_size=200), lengths.map(lambda n: os.urandom(n))))
def test_the_twins_frame_a_message_alike_and_the_library_reads_it_back(message):
    frame = pure.frame_message(message)
    if compiled is not None:
        assert compiled.frame_message(message) == frame
    opcode, payload = (2, message) if isinstance(message, bytes) else (1, message.encode())
    assert pure.frame(opcode, payload) == frame
    if compiled is not None:
        assert compiled.frame(opcode, payload) == frame
    assert library_frames(frame, None, mask=False) == [(opcode, True, payload)]


def test_a_mask_is_four_bytes():
    for twin in (pure, compiled) if compiled is not None else (pure,):
        with pytest.raises(ValueError):
            twin.unmask(b"abc", b"xyz")


def lane_in_a_fresh_process(pure_env: str | None) -> tuple[str, str]:
    env = {k: v for k, v in os.environ.items() if k != fastlane.PURE_ENV}
    if pure_env is not None:
        env[fastlane.PURE_ENV] = pure_env
    code = ("from server import fastlane; from server.metrics import Metrics; print(fastlane.LANE); "
            "print([l for l in Metrics().render()[0].decode().splitlines() if l.startswith('pizzanight_fastlane{')])")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    lane, metric = out.stdout.splitlines()
    return lane, metric


def test_pizzanight_pure_picks_the_pure_twin_and_metrics_say_so():
    lane, metric = lane_in_a_fresh_process("1")
    assert lane == "pure"
    assert 'pizzanight_fastlane{lane="pure"} 1.0' in metric and 'pizzanight_fastlane{lane="compiled"} 0.0' in metric


@needs_compiled
def test_the_compiled_lane_runs_when_built_and_metrics_say_so():
    lane, metric = lane_in_a_fresh_process(None)
    assert lane == "compiled"
    assert 'pizzanight_fastlane{lane="compiled"} 1.0' in metric


def in_a_fresh_process(pure_env: str | None, code: str) -> str:
    """What ``code`` prints in a new interpreter, with ``PIZZANIGHT_PURE`` set to ``pure_env`` (or unset)."""
    env = {k: v for k, v in os.environ.items() if k != fastlane.PURE_ENV}
    if pure_env is not None:
        env[fastlane.PURE_ENV] = pure_env
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return out.stdout.strip()


def copy_in_a_fresh_process(pure_env: str | None, first: str) -> str:
    """Which copy the games call (``games.values.replace``), importing ``first`` before the hub's lane."""
    return in_a_fresh_process(pure_env, f"import {first}; from server import fastlane; from games import values; "
                                        "print('pure' if values.replace is values.pure_replace else 'compiled')")


@pytest.mark.parametrize("first", ["games.splittissimo.state", "server.roomstate"])
def test_the_games_copy_follows_the_lane_whatever_was_imported_first(first):
    # games/_values.pyx: the games never read the environment; the hub's lane puts the pure copy back
    assert copy_in_a_fresh_process("1", first) == "pure"


@needs_compiled
@pytest.mark.parametrize("first", ["games.splittissimo.state", "server.roomstate"])
def test_the_games_copy_is_compiled_when_the_lane_is(first):
    assert copy_in_a_fresh_process(None, first) == "compiled"


def caches_in_a_fresh_process(pure_env: str | None, first: str) -> str:
    """Which look-up the games' caches run (``games.memo``), importing ``first`` before the hub's lane."""
    # a cache made before the lane decided, asked again: the pure look-up's hit calls map(id, inputs) once
    return in_a_fresh_process(pure_env, (
        f"import builtins, {first}; from games.pizza_theory import views; from server import fastlane; "
        "cells = (None,); views._board(cells); "
        "calls = []; real = builtins.map; builtins.map = lambda *a: calls.append(1) or real(*a); "
        "views._board(cells); print({0: 'compiled', 1: 'pure'}.get(len(calls), calls))"
    ))


@pytest.mark.parametrize("first", ["games.pizza_theory.views", "server.views"])
def test_the_games_caches_follow_the_lane_whatever_was_imported_first(first):
    # games/_memo.pyx: the caches are made when the games are imported; the hub's lane makes them run pure
    assert caches_in_a_fresh_process("1", first) == "pure"


@needs_compiled
@pytest.mark.parametrize("first", ["games.pizza_theory.views", "server.views"])
def test_the_games_caches_are_compiled_when_the_lane_is(first):
    assert caches_in_a_fresh_process(None, first) == "compiled"


# --- a client frame's contents: load_frame ----------------------------------------------


def loaded(load, data):
    """What a twin's ``load_frame`` answers: the value, or the error's type and message."""
    try:
        return ("ok", load(data))
    except errors.ProtocolError as exc:
        return ("refused", type(exc).__name__, exc.code, str(exc))


scalars = st.one_of(
    st.text(max_size=12), st.booleans(), st.none(), st.integers(-MAX_INT, MAX_INT),
    st.sampled_from([MAX_INT, -MAX_INT, MAX_INT + 1, -MAX_INT - 1, 2**63, -(2**63), 2**64 - 1]),
    st.floats(allow_nan=False), st.binary(max_size=8), st.builds(msgpack.ExtType, st.integers(0, 127), st.binary(max_size=4)),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.text(max_size=6), st.integers(-3, 3)), inner, max_size=4),
    ),
    max_leaves=20,
)
frame_maps = st.builds(
    lambda t, rest: {**rest, "t": t} if t is not None else rest,
    st.one_of(st.none(), st.text(max_size=8), st.integers(0, 3)), st.dictionaries(st.text(max_size=6), values, max_size=4),
)


def nested(depth: int) -> dict:
    """A frame whose deepest map is at ``depth`` (the frame itself is 1)."""
    inner: dict = {"x": 1}
    for _ in range(depth - 2):
        inner = {"x": inner}
    return {"t": "cmd", "cmd": inner} if depth > 1 else {"t": "cmd"}


@settings(max_examples=500, deadline=None)
@given(st.one_of(
    frame_maps.map(msgpack.packb),
    values.map(msgpack.packb),
    st.tuples(frame_maps.map(msgpack.packb), st.integers(0, 60)).map(lambda pair: pair[0][:pair[1]]),  # cut short
    st.binary(max_size=40),
    frame_maps.map(msgpack.packb).map(lambda data: data + b"\xc0"),  # a value after the frame
    st.sampled_from([nested(d) for d in range(1, 12)]).map(msgpack.packb),
    st.sampled_from(['{"t":"cmd","seq":1}', "[1]", "nope", '{"t":1}']),
))
def test_the_twins_load_every_client_frame_alike(data):
    mine = loaded(pure.load_frame, data)
    assert mine == loaded(codec.load, data)
    if compiled is not None:
        assert loaded(compiled.load_frame, data) == mine


def test_load_frame_keeps_the_protocols_limits():
    twins = (pure, compiled) if compiled is not None else (pure,)
    for twin in twins:
        assert twin.load_frame(msgpack.packb({"t": "cmd", "n": MAX_INT, "m": -MAX_INT}))["n"] == MAX_INT
        for bad in ({"t": "cmd", "n": MAX_INT + 1}, {"t": "cmd", "n": -MAX_INT - 1}, {"t": "cmd", 1: 2}, {"t": 3},
                    {"t": "cmd", "f": 1.5}, {"t": "cmd", "b": b"x"}, nested(codec.MAX_DEPTH + 1)):
            with pytest.raises(errors.BadFrame):
                twin.load_frame(msgpack.packb(bad))
        assert twin.load_frame(msgpack.packb(nested(codec.MAX_DEPTH)))["t"] == "cmd"
        with pytest.raises(errors.TooLarge):
            twin.load_frame(msgpack.packb({"t": "cmd", "s": "x" * codec.MAX_FRAME}))
        with pytest.raises(errors.Malformed):
            twin.load_frame(b"\xc1")
