"""A socket's reads (``SocketWriter.data_received``): the compiled lane and its pure twin alike, and when each reads.

The hub's protocol reads plain whole data frames itself and hands every
other read to the ``websockets`` parser (``_read_slowly``, server/direct_ws.py).
Whether the parser holds nothing (``_clean``) is found after each of the
library's reads, not checked on every read.  Here a stand-in protocol records
what each twin hands to the room (the messages) and to the library (the
reads), through random runs of reads (whole frames, frames cut across
reads, control frames, invalid text), of the library leaving its parser
busy or idle, of closes and losses: both twins must record the same, and a
read after one that left the parser busy must go to the library.  The
compiled half is skipped when the extension was not built.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server import direct_ws, fastlane
from server.fastlane import pure

from rawws import client_frame

try:
    from server.fastlane import _lane as compiled
except ImportError:  # no compiler at install time: only the pure twin exists
    compiled = None

TWINS = [pure] if compiled is None else [pure, compiled]


class Conn:
    """The library's connection, as far as the invalid-text path uses it."""

    def __init__(self, log: list) -> None:
        self.log = log

    def send_close(self, code: int) -> None:
        self.log.append(("close sent", code))


def reader_of(twin):
    """A protocol as the hub's is one (the lane's base first), its library part a recorder."""

    class Reader(twin.SocketWriter):
        def __init__(self) -> None:
            self.log: list = []
            self.conn = Conn(self.log)
            self.busy = False  # whether the library's next read leaves its parser holding something
            self.explode = False  # whether the library's next read raises (its parser's state unknown)
            self.close_sent = False
            self.disconnected = False
            self._max_size = 1000
            self._heard = False
            self._on_message = self.message
            self._clean = False

        def message(self, data):
            self.log.append(("message", data))
            if data in (b"close", "close"):  # the room closes the socket on this message, as the hub may
                self.close_sent = True

        def _read_slowly(self, data) -> None:
            self.log.append(("library", bytes(data)))
            if self.explode:
                raise RuntimeError("the library failed")
            self._clean = not self.busy

        def handle_parser_exception(self) -> None:
            self.log.append(("parser exception",))

    return Reader()


PLAIN = st.builds(
    lambda payload, opcode: client_frame(payload, opcode=opcode),
    st.one_of(st.binary(max_size=40), st.just(b"close")), st.sampled_from([1, 2]),
)
TEXT = st.builds(lambda text: client_frame(text.encode(), opcode=1), st.text(max_size=10))
OTHER = st.sampled_from([
    client_frame(b"ping", opcode=9),
    client_frame(b"\x03\xe8", opcode=8),
    client_frame(b"part", fin=False),
    client_frame(b"\xff\xfe", opcode=1),  # invalid UTF-8 text
    client_frame(b"x" * 1001),  # over the size limit
])
READ = st.builds(
    lambda frames, cut: (b"".join(frames)[:cut] if cut else b"".join(frames)),
    st.lists(st.one_of(PLAIN, PLAIN, TEXT, OTHER), min_size=1, max_size=4),
    st.integers(0, 60),
)
STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("read"), READ),
        st.tuples(st.just("read bytearray"), READ),
        st.tuples(st.sampled_from(["busy", "explode", "close_sent", "disconnected", "diverted"]), st.booleans()),
    ),
    max_size=25,
)


def play(twin, steps):
    reader = reader_of(twin)
    for step, arg in steps:
        if step.startswith("read"):
            try:
                reader.data_received(arg if step == "read" else bytearray(arg))
            except RuntimeError as exc:
                reader.log.append(("raised", str(exc)))
        elif step in ("busy", "explode"):
            setattr(reader, step, arg)
        elif step == "diverted":
            reader._on_message = reader.message if arg else None
        else:
            setattr(reader, step, arg)
    return reader.log, reader._clean, reader._heard


@settings(max_examples=400, deadline=None)
@given(STEPS)
def test_both_twins_hand_the_same_messages_and_reads_on(steps):
    outcomes = [play(twin, steps) for twin in TWINS]
    assert all(outcome == outcomes[0] for outcome in outcomes)


@pytest.mark.parametrize("twin", TWINS, ids=lambda twin: twin.__name__.rsplit(".", 1)[-1])
def test_a_read_after_the_library_left_its_parser_busy_goes_to_the_library(twin):
    reader = reader_of(twin)
    one, two = client_frame(b"one"), client_frame(b"two")
    reader.data_received(one)  # not yet known to be idle: the library reads
    assert reader.log == [("library", one)] and reader._clean
    reader.data_received(two)  # idle: the lane reads it
    assert reader.log[-1] == ("message", b"two")
    reader.busy = True
    reader.data_received(b"\x82")  # a frame cut: the library keeps the byte, its parser busy
    assert reader.log[-1] == ("library", b"\x82") and not reader._clean
    reader.busy = False
    reader.data_received(one)  # whole frames, but after a busy parser: the library again
    assert reader.log[-1] == ("library", one) and reader._clean
    reader.data_received(two + one)
    assert reader.log[-2:] == [("message", b"two"), ("message", b"one")]
    assert reader._heard


@pytest.mark.parametrize("twin", TWINS, ids=lambda twin: twin.__name__.rsplit(".", 1)[-1])
def test_a_close_sent_or_a_lost_socket_stops_the_lanes_own_reading(twin):
    late = client_frame(b"late")
    for flag in ("close_sent", "disconnected"):
        reader = reader_of(twin)
        reader._clean = True
        setattr(reader, flag, True)
        reader.data_received(late)
        assert reader.log == [("library", late)]


@pytest.mark.parametrize("twin", TWINS, ids=lambda twin: twin.__name__.rsplit(".", 1)[-1])
def test_what_follows_a_message_that_closed_the_socket_is_dropped(twin):
    reader = reader_of(twin)
    reader._clean = True
    reader.data_received(client_frame(b"one") + client_frame(b"close") + client_frame(b"after"))
    assert reader.log == [("message", b"one"), ("message", b"close")]


@pytest.mark.parametrize("twin", TWINS, ids=lambda twin: twin.__name__.rsplit(".", 1)[-1])
def test_after_the_library_failed_on_a_read_the_next_one_is_its_own(twin):
    reader = reader_of(twin)
    reader._clean = True
    reader.explode = True
    odd = client_frame(b"ping", opcode=9)
    with pytest.raises(RuntimeError):
        reader.data_received(odd)
    reader.explode = False
    plain = client_frame(b"plain")
    reader.data_received(plain)  # what the failed read left in the parser is unknown: the library reads
    assert reader.log == [("library", odd), ("library", plain)]


@pytest.mark.parametrize("twin", TWINS, ids=lambda twin: twin.__name__.rsplit(".", 1)[-1])
def test_invalid_text_closes_with_1007_and_nothing_after_it_is_read(twin):
    reader = reader_of(twin)
    reader._clean = True
    reader.data_received(client_frame(b"ok") + client_frame(b"\xff", opcode=1) + client_frame(b"after"))
    assert reader.log == [("message", b"ok"), ("close sent", 1007), ("parser exception",)]
    assert not reader._clean


def test_the_hubs_protocol_reads_with_the_lane_in_use():
    assert direct_ws.DirectWebSocketProtocol.data_received is fastlane.SocketWriter.data_received
    if fastlane.LANE == "compiled":
        assert fastlane.SocketWriter is compiled.SocketWriter
