"""A room actor's inbox (server/inbox.py ``Mailbox``): in order, bounded, taken a turn at a time."""

from __future__ import annotations

import asyncio

import pytest

from server.inbox import HandOver, Mailbox


async def test_a_turn_takes_what_waits_in_order_up_to_its_limit():
    box = Mailbox(10)
    for n in range(5):
        box.put_nowait(n)
    assert box.take(3) == [0, 1, 2]
    assert box.take(3) == [3, 4]
    assert box.empty() and box.take(3) == []


async def test_a_hand_over_ends_the_turn_it_is_in():
    box = Mailbox(10)
    hand_over = HandOver(asyncio.get_running_loop().create_future())
    for item in (1, hand_over, 2):
        box.put_nowait(item)
    assert box.take(64, stop_after=HandOver) == [1, hand_over]
    assert box.take(64, stop_after=HandOver) == [2]


async def test_a_full_box_refuses_at_once_or_makes_a_putter_wait_its_turn():
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


async def test_the_reader_sleeps_until_something_comes():
    box = Mailbox(4)
    reader = asyncio.ensure_future(box.wait())
    await asyncio.sleep(0)
    assert not reader.done()
    box.put_nowait("x")
    await asyncio.wait_for(reader, 1)
    assert box.take(1) == ["x"]


async def test_the_reader_looks_its_loop_up_once_not_once_a_turn(monkeypatch):
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


async def test_an_arrival_is_nothing_to_wait_for_when_something_waits_else_the_next_put():
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


async def test_an_actor_waits_on_an_arrival_for_each_turn_and_takes_all_that_came():
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
