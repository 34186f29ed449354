"""A room actor's inbox (``fastlane.Mailbox``): in order, bounded, taken a turn at a time.

Every test runs on both twins: server/mailbox.py's and the compiled one of
server/fastlane/_inbound.pyx (when it was built).  A property test plays
random histories on both and holds their answers alike.
"""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from server import mailbox as pure_mailbox
from server.inbox import HandOver

try:
    from server.fastlane._inbound import Mailbox as CompiledMailbox
except ImportError:  # not built: the compiled cases are skipped (the CC=false lane)
    CompiledMailbox = None

TWINS = [pytest.param(pure_mailbox.Mailbox, id="pure"), pytest.param(
    CompiledMailbox, id="compiled", marks=pytest.mark.skipif(CompiledMailbox is None, reason="the fast lane was not built"))]


@pytest.fixture(params=TWINS)
def Mailbox(request):  # noqa: N802  (it stands for the class)
    return request.param


async def test_a_turn_takes_what_waits_in_order_up_to_its_limit(Mailbox):
    box = Mailbox(10)
    for n in range(5):
        box.put_nowait(n)
    assert box.take(3) == [0, 1, 2]
    assert box.take(3) == [3, 4]
    assert box.empty() and box.take(3) == []


async def test_a_hand_over_ends_the_turn_it_is_in(Mailbox):
    box = Mailbox(10)
    hand_over = HandOver(asyncio.get_running_loop().create_future())
    for item in (1, hand_over, 2):
        box.put_nowait(item)
    assert box.take(64, stop_after=HandOver) == [1, hand_over]
    assert box.take(64, stop_after=HandOver) == [2]


async def test_a_full_box_refuses_at_once_or_makes_a_putter_wait_its_turn(Mailbox):
    box = Mailbox(2)
    box.put_nowait("a")
    box.put_nowait("b")
    with pytest.raises(asyncio.QueueFull):
        box.put_nowait("c")
    waiting = asyncio.ensure_future(box.put("c"))
    await asyncio.sleep(0)
    assert not waiting.done() and box.qsize() == 2
    assert box.take(1) == ["a"]  # a place frees: the putter gets it
    await asyncio.wait_for(waiting, 1)
    assert box.take(5) == ["b", "c"]


async def test_the_reader_sleeps_until_something_comes(Mailbox):
    box = Mailbox(4)
    reader = asyncio.ensure_future(box.wait())
    await asyncio.sleep(0)
    assert not reader.done()
    box.put_nowait("x")
    await asyncio.wait_for(reader, 1)
    assert box.take(1) == ["x"]


async def test_the_reader_looks_its_loop_up_once_not_once_a_turn(Mailbox, monkeypatch):
    # asyncio.get_running_loop makes a system call (getpid) each time on Python 3.11, and the
    # actor waits on its box once per turn: the box remembers the loop its reader runs on.
    box, loop = Mailbox(10), asyncio.get_running_loop()
    looked_up = []
    monkeypatch.setattr(asyncio, "get_running_loop", lambda: looked_up.append(1) or loop)
    for turn in range(5):
        waiting = asyncio.ensure_future(box.wait())
        await asyncio.sleep(0)
        assert not waiting.done()
        box.put_nowait(turn)
        await asyncio.wait_for(waiting, 1)
        assert box.take(10) == [turn]
    assert len(looked_up) == 1


async def test_an_arrival_is_nothing_to_wait_for_when_something_waits_else_the_next_put(Mailbox):
    # what the actor awaits once per turn (RoomActor.run), without a coroutine around it
    box = Mailbox(4)
    arrival = box.arrival()
    assert arrival is not None and not arrival.done()
    box.put_nowait("x")
    assert arrival.done() and arrival.result() is None
    assert box.arrival() is None  # "x" waits: no need to wait
    assert box.take(4) == ["x"]
    later = box.arrival()
    assert later is not None and later is not arrival and not later.done()
    box.put_nowait("y")
    await asyncio.wait_for(later, 1)
    assert box.take(4) == ["y"]


async def test_an_actor_waits_on_an_arrival_for_each_turn_and_takes_all_that_came(Mailbox):
    box, turns = Mailbox(16), []

    async def actor() -> None:
        while len(turns) < 3:
            while (arrival := box.arrival()) is not None:
                await arrival
            turns.append(box.take(16))

    running = asyncio.ensure_future(actor())
    for batch in (["a"], ["b", "c"], ["d"]):
        await asyncio.sleep(0)
        assert not running.done()
        for item in batch:
            box.put_nowait(item)
        await asyncio.sleep(0)
    await asyncio.wait_for(running, 1)
    assert turns == [["a"], ["b", "c"], ["d"]]


# --- the twins alike -------------------------------------------------------------------

_STEPS = st.lists(st.one_of(
    st.tuples(st.just("put"), st.integers(0, 3)),  # an item, or a hand-over when 0
    st.tuples(st.just("take"), st.integers(-1, 5)),
    st.tuples(st.just("take_until"), st.integers(1, 5)),
    st.tuples(st.just("arrival"), st.just(0)),
    st.tuples(st.just("put_waiting"), st.integers(1, 3)),
    st.tuples(st.just("yield"), st.just(0)),
), max_size=40)


async def _play(cls: type, limit: int, steps: list[tuple[str, int]], hand_over: HandOver) -> list:
    """What a box answers to ``steps``: every take's batch, every refusal, every arrival's and putter's state."""
    box, seen, putters, arrivals = cls(limit), [], [], []
    for n, (step, value) in enumerate(steps):
        item = hand_over if value == 0 else (n, value)
        if step == "put":
            try:
                box.put_nowait(item)
                seen.append(("put", box.qsize(), box.full(), box.empty()))
            except asyncio.QueueFull:
                seen.append(("full", box.qsize()))
        elif step == "take":
            seen.append(("take", box.take(value)))
        elif step == "take_until":
            seen.append(("take", box.take(value, stop_after=HandOver)))
        elif step == "arrival":
            arrival = box.arrival()
            seen.append(("arrival", arrival is None))
            if arrival is not None:
                arrivals.append(arrival)
        elif step == "put_waiting":
            putters.append(asyncio.ensure_future(box.put(("waited", n))))
        else:
            await asyncio.sleep(0)
        seen.append(("arrivals done", [a.done() for a in arrivals], "putters done", [p.done() for p in putters]))
    for putter in putters:
        putter.cancel()
    await asyncio.gather(*putters, return_exceptions=True)
    seen.append(("left", box.take(1000)))
    return seen


@pytest.mark.skipif(CompiledMailbox is None, reason="the fast lane was not built")
@settings(max_examples=300, deadline=None)
@given(limit=st.integers(0, 4), steps=_STEPS)
@example(limit=0, steps=[("put", 0), ("put", 1), ("take_until", 5)])  # a hand-over ends the batch (random runs can miss it)
def test_the_compiled_box_answers_as_its_twin_does(limit, steps):
    async def both() -> tuple[list, list]:
        hand_over = HandOver(asyncio.get_running_loop().create_future())
        return await _play(pure_mailbox.Mailbox, limit, steps, hand_over), await _play(CompiledMailbox, limit, steps, hand_over)

    pure, compiled = asyncio.run(both())
    assert compiled == pure
