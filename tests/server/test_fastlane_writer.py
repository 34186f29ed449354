"""One message written to a socket (``SocketWriter.offer``): the compiled lane and its pure twin alike.

``server.direct_ws``'s protocol takes ``offer`` from ``fastlane.SocketWriter``
(server/fastlane/_lane.pyx, or pure.py's twin), as a base placed before
uvicorn's websocket protocol, whose code sets ``close_sent``,
``disconnected`` and ``transport`` as plain attributes.  Given random
sequences of what happens to a socket (its closing sent, the peer gone,
the transport closing, its buffer full and drained) and of messages offered
(the same object again, or a new one, bytes or text), both twins answer
alike and write the same frames; a message offered again right after is
framed once.  The compiled half is skipped when the extension was not built.
"""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server import direct_ws, fastlane
from server import outbox as pure_outbox
from server.fastlane import pure

try:
    from server.fastlane import _lane as compiled
    from server.fastlane import _outbox as compiled_outbox
except ImportError:  # no compiler at install time: only the pure twin exists
    compiled = compiled_outbox = None

TWINS = [pure] if compiled is None else [pure, compiled]


class FakeTransport:
    """What ``offer`` uses of uvloop's transport: whether it is closing, and its writes."""

    def __init__(self) -> None:
        self.closing = False
        self.writes: list[bytes] = []

    def is_closing(self) -> bool:
        return self.closing

    def write(self, data: bytes) -> None:
        self.writes.append(data)


def socket_of(twin):
    """A socket as the hub's protocol is one: the writer first, then a protocol class; fields set as uvicorn sets them."""

    class Socket(twin.SocketWriter, asyncio.Protocol):
        pass

    socket = Socket()
    socket.transport = FakeTransport()
    socket.close_sent = False
    socket.disconnected = False
    return socket


#: A few message objects: offering the same object again reuses its frame; equal bytes in another object do not.
MESSAGES = [b"\x81\xa1t\xa6change", b"\x81\xa1t\xa6change" + b"", b"x" * 200, b"y" * 70_000, '{"t":"ack"}', "héllo"]

STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("offer"), st.integers(0, len(MESSAGES) - 1)),
        st.tuples(st.sampled_from(["close_sent", "disconnected", "closing", "pause", "resume"]), st.booleans()),
    ),
    max_size=40,
)


def play(twin, steps):
    socket, answers = socket_of(twin), []
    for step, arg in steps:
        if step == "offer":
            answers.append(socket.offer(MESSAGES[arg]))
        elif step == "close_sent":
            socket.close_sent = arg
        elif step == "disconnected":
            socket.disconnected = arg
        elif step == "closing":
            socket.transport.closing = arg
        elif step == "pause":
            socket.paused = True
        else:
            socket.paused = False
    return answers, socket.transport.writes


@settings(max_examples=400, deadline=None)
@given(STEPS)
def test_both_twins_answer_alike_and_write_the_same_frames(steps):
    outcomes = [play(twin, steps) for twin in TWINS]
    answers, writes = outcomes[0]
    assert all(outcome == outcomes[0] for outcome in outcomes)
    # and what they do is what offer promises: None when gone, False when paused, else the message's frame written
    socket_state = {"close_sent": False, "disconnected": False, "closing": False, "paused": False}
    expected_answers, expected_writes = [], []
    for step, arg in steps:
        if step == "offer":
            if socket_state["close_sent"] or socket_state["disconnected"] or socket_state["closing"]:
                expected_answers.append(None)
            elif socket_state["paused"]:
                expected_answers.append(False)
            else:
                expected_answers.append(True)
                expected_writes.append(pure.frame_message(MESSAGES[arg]))
        elif step in ("pause", "resume"):
            socket_state["paused"] = step == "pause"
        else:
            socket_state[step] = arg
    assert answers == expected_answers and writes == expected_writes


@pytest.mark.parametrize("twin", TWINS, ids=lambda twin: twin.__name__.rsplit(".", 1)[-1])
def test_the_same_message_to_many_sockets_is_framed_once(twin):
    message = b"\x81\xa1t\xa6change" + bytes(10)
    sockets = [socket_of(twin) for _ in range(5)]
    for socket in sockets:
        assert socket.offer(message) is True
    frames = [socket.transport.writes[0] for socket in sockets]
    assert frames[0] == pure.frame_message(message)
    assert all(frame is frames[0] for frame in frames)  # one frame object, written five times
    assert twin.last_framed() is message


def test_the_hubs_protocol_takes_offer_from_the_lane_in_use():
    assert issubclass(direct_ws.DirectWebSocketProtocol, fastlane.SocketWriter)
    assert direct_ws.DirectWebSocketProtocol.offer is fastlane.SocketWriter.offer
    if fastlane.LANE == "compiled":
        assert fastlane.SocketWriter is compiled.SocketWriter


# --- the outbox's flush writing to the hub's own sockets ----------------------------------------------

#: (outbox module, writer twin): each lane's own pair, and the compiled outbox with the pure writer (a writer
#: that is not the compiled class: the outbox calls its ``offer`` by name).
PAIRS = [(pure_outbox, pure)] + ([] if compiled is None else [(compiled_outbox, compiled), (compiled_outbox, pure)])

FLUSH_STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("change"), st.integers(0, len(MESSAGES) - 2)),  # (bytes or text alike in one outbox: bytes)
        st.tuples(st.sampled_from(["flush", "pause", "resume", "closing"]), st.booleans()),
    ),
    max_size=30,
)


def flush_play(pair, steps):
    """An outbox bound to a socket as the hub binds it (``write_to``), driven through ``steps``; what was written."""
    module, twin = pair

    async def run():
        socket, box = socket_of(twin), module.Outbox(limit=8)
        box.write_to(socket)
        answers = []
        for step, arg in steps:
            if step == "change":
                answers.append(
                    box.change(MESSAGES[arg] if isinstance(MESSAGES[arg], bytes) else MESSAGES[arg].encode())
                )
            elif step == "flush":
                box.flush()
                answers.append(box.waiting)
            elif step == "pause":
                socket.paused = True
            elif step == "resume":
                socket.paused = False
            else:
                socket.transport.closing = arg
        return answers, socket.transport.writes

    return asyncio.run(run())


@settings(max_examples=150, deadline=None)
@given(FLUSH_STEPS)
def test_the_outbox_flushes_to_the_hubs_sockets_alike_in_both_lanes(steps):
    """The compiled outbox calls the compiled writer as a C method: the same answers and frames as by name."""
    outcomes = [flush_play(pair, steps) for pair in PAIRS]
    assert all(outcome == outcomes[0] for outcome in outcomes)


def test_a_flush_writes_what_waits_once_the_socket_takes_it():
    for pair in PAIRS:
        answers, writes = flush_play(
            pair, [("change", 0), ("pause", True), ("flush", True), ("resume", True), ("change", 2), ("flush", True)]
        )
        # paused: the change stays queued; resumed: both go out in one message, framed once
        assert answers == [True, 1, True, 0], pair
        assert writes == [pure.frame_message(MESSAGES[0] + MESSAGES[2])], pair
