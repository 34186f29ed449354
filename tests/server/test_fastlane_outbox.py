"""A socket's send queue, compiled (server/fastlane/_outbox.pyx) and pure (server/outbox.py), behave the same.

Given a random sequence of what the hub does to a socket's queue (replies,
changes, full states, a close with a last frame, the end of the event loop's
turn, a sender task taking what waits, a socket whose buffer fills and
drains), each on a fresh queue of each twin bound the same way, then every
answer (True/False, an ``Overflow``), every queued frame in order, every
write and close the socket sees, and the counters are the same.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server import outbox as pure_outbox

try:
    from server.fastlane import _outbox as compiled_outbox
except ImportError:  # no compiler at install time: only the pure twin exists
    compiled_outbox = None

pytestmark = pytest.mark.skipif(compiled_outbox is None, reason="the compiled fast lane was not built")


class Socket:
    """A direct-lane writer that records what it is written; ``full`` makes it refuse, as a full buffer does."""

    def __init__(self) -> None:
        self.log: list[Any] = []
        self.full = False
        self.gone = False
        self.on_writable: Any = None

    def offer(self, data: bytes | str) -> bool | None:
        if self.gone:
            return None
        if self.full:
            return False
        self.log.append(data)
        return True

    def close(self, code: int = 1000, reason: str = "") -> None:
        self.log.append(("closed", code, reason))


class Sent:
    def __init__(self) -> None:
        self.n = 0

    def inc(self) -> None:
        self.n += 1


#: A frame's bytes (a text socket's frames are these as text: a socket is one or the other).
frames = st.binary(min_size=1, max_size=4)
ops = st.lists(
    st.one_of(
        st.tuples(st.just("reply"), frames),
        st.tuples(st.just("change"), frames),
        st.tuples(st.just("state"), frames),
        st.tuples(st.just("reply_after_state"), frames),
        st.tuples(st.just("close"), st.sampled_from([1000, 1001, 1008]), st.text(max_size=130),
                  st.one_of(st.none(), frames)),
        st.tuples(st.just("turn")),  # the event loop's turn ends: due flushes run
        st.tuples(st.just("take")),  # an ASGI sender takes what waits (a queue with no direct lane)
        st.tuples(st.just("fill")),  # the socket's buffer fills ...
        st.tuples(st.just("drain")),  # ... and drains (on_writable)
        st.tuples(st.just("vanish")),  # the socket is gone: offers answer None
    ),
    max_size=40,
)


async def _run(make: type, limit: int, direct: bool, text: bool, steps: list[tuple]) -> list[Any]:
    """Everything observable while ``steps`` run on a new queue of class ``make``."""
    box, socket, sent = make(limit), Socket(), Sent()
    seen: list[Any] = []
    if direct:
        box.write_to(socket, sent)
    for step in steps:
        kind, args = step[0], tuple(a.decode("latin-1") if text and isinstance(a, bytes) else a for a in step[1:])
        answer: Any = None
        try:
            if kind == "turn":
                await asyncio.sleep(0)
            elif kind == "take":
                if direct or (not box.waiting and box.close_code is None):
                    continue  # (a sender waits forever on an empty open queue; none runs on the direct lane)
                answer = await box.take()
            elif kind == "fill":
                socket.full = True
            elif kind == "drain":
                socket.full = False
                if socket.on_writable is not None:
                    socket.on_writable()
            elif kind == "vanish":
                socket.gone = True
            else:
                answer = getattr(box, kind)(*args)
        except pure_outbox.Overflow:
            answer = "Overflow"
        seen.append((step, answer, list(box._items), box.waiting, box.close_code, box.close_reason,
                     box.dropped_states, box.direct, list(socket.log), sent.n))
    await asyncio.sleep(0)
    seen.append((list(box._items), list(socket.log), sent.n))
    return seen


@settings(max_examples=300, deadline=None)
@given(limit=st.integers(1, 4), direct=st.booleans(), text=st.booleans(), steps=ops)
def test_both_twins_answer_queue_and_write_the_same(limit: int, direct: bool, text: bool, steps: list[tuple]) -> None:
    pure = asyncio.run(_run(pure_outbox.Outbox, limit, direct, text, steps))
    compiled = asyncio.run(_run(compiled_outbox.Outbox, limit, direct, text, steps))
    assert compiled == pure


async def test_the_compiled_queue_flushes_every_socket_once_per_turn_in_order() -> None:
    # Given three compiled queues on the direct lane
    sockets = [Socket(), Socket(), Socket()]
    boxes = [compiled_outbox.Outbox() for _ in sockets]
    for box, socket in zip(boxes, sockets):
        box.write_to(socket)
    # When a fan-out queues a change for each and a reply for the first
    for box in boxes:
        box.change(b"x")
    boxes[0].reply(b"y")
    # Then nothing is written before the loop turns, then each socket once, everything waiting as one message
    assert all(not s.log for s in sockets)
    await asyncio.sleep(0)
    assert [s.log for s in sockets] == [[pure_outbox.join_messages([b"x", b"y"])], [b"x"], [b"x"]]


async def test_the_compiled_flush_is_found_by_name_so_the_stage_timer_can_wrap_it(monkeypatch) -> None:
    # bench/peers/stages.py times the end-of-turn flush by replacing the module's _flush_due
    calls: list = []
    original = compiled_outbox._flush_due
    monkeypatch.setattr(compiled_outbox, "_flush_due", lambda loop: (calls.append(loop), original(loop)))
    box, socket = compiled_outbox.Outbox(), Socket()
    box.write_to(socket)
    box.change(b"x")
    await asyncio.sleep(0)
    assert calls == [asyncio.get_running_loop()] and socket.log == [b"x"]
