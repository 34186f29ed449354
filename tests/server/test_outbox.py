"""A socket's send queue: everything in order, one message per write, bounded both ways."""

from __future__ import annotations

import pytest

from protocol.codec import decode_server_all, encode_change, encode_map, encode_state, join_messages
from protocol.patch import Mirror
from server.outbox import Outbox, Overflow


async def test_what_waits_goes_out_in_order_as_one_message():
    # Given an ack, a public change and a private change waiting
    box = Outbox(limit=4)
    box.reply(encode_map({"t": "ack", "seq": 1}))
    assert box.change(encode_change([[["n"], 1]], 1, 0))
    assert box.change(encode_change([[["mine"], 2]], 1, 1))
    # When the sender takes them, then they are one message holding the three frames in order
    (message,) = await box.take()
    assert [f["t"] for f in decode_server_all(message)] == ["ack", "change", "change"]


async def test_text_frames_are_joined_by_newlines():
    box = Outbox()
    box.reply(encode_map({"t": "ack", "seq": 1}, text=True))
    box.state(encode_state({"n": 0}, 0, text=True))
    (message,) = await box.take()
    assert message.count("\n") == 1
    assert [f["t"] for f in decode_server_all(message)] == ["ack", "state"]


async def test_too_many_changes_make_way_for_one_full_state_and_replies_stay():
    # Given a client that does not read: its changes reach the bound
    box = Outbox(limit=3)
    box.state(encode_state({"n": 0}, 0))
    box.reply(encode_map({"t": "ack", "seq": 7}))
    for v in (1, 2):
        assert box.change(encode_change([[["n"], v]], v, v - 1))
    # When one more change comes, then it is refused
    assert not box.change(encode_change([[["n"], 3]], 3, 2))
    # and the full state sent instead replaces every change and state waiting, keeping the ack
    box.state(encode_state({"n": 3}, 3))
    assert box.dropped_states == 3
    (message,) = await box.take()
    frames = decode_server_all(message)
    assert [f["t"] for f in frames] == ["ack", "state"]
    mirror = Mirror()
    mirror.fold(frames)
    assert mirror.state() == {"t": "state", "v": 3, "n": 3}


async def test_a_client_that_does_not_read_its_replies_overflows():
    box = Outbox(limit=2)
    box.reply(b"\x80")
    box.reply(b"\x80")
    with pytest.raises(Overflow):
        box.reply(b"\x80")


async def test_after_close_the_last_frame_follows_what_was_queued():
    box = Outbox()
    assert box.change(encode_change([], 1, 0))
    box.close(1000, "bye", encode_map({"t": "bye", "reason": "room_closed"}))
    assert box.change(b"ignored")
    (message,) = await box.take()
    assert [f["t"] for f in decode_server_all(message)] == ["change", "bye"]
    assert await box.take() == []


class _Socket:
    """A direct-lane writer that records what it is written (server/outbox.py's ``Writer``)."""

    def __init__(self, log: list, name: str, fail: bool = False) -> None:
        self.log, self.name, self.fail = log, name, fail
        self.on_writable = None

    def offer(self, data) -> bool:
        if self.fail:
            raise RuntimeError("a bug in this socket's writer")
        self.log.append((self.name, data))
        return True

    def close(self, code: int = 1000, reason: str = "") -> None:
        self.log.append((self.name, "closed"))


async def test_one_turn_of_the_loop_flushes_every_direct_outbox_once_in_order():
    import asyncio

    # Given three sockets on the direct lane, the middle one broken by a bug
    log: list = []
    boxes = [Outbox(), Outbox(), Outbox()]
    for name, box in zip("abc", boxes):
        box.write_to(_Socket(log, name, fail=name == "b"))
    # When a fan-out queues a change for each, and two frames for the first
    for box in boxes:
        box.change(b"x")
    boxes[0].reply(b"y")
    # Then nothing is written before the loop turns
    assert log == []
    await asyncio.sleep(0)
    # and then each working socket is written once, everything waiting as one message, in
    # the order the outboxes were first given something; the broken one does not stop the rest
    assert [name for name, _ in log] == ["a", "c"]
    assert log[0][1] == join_messages([b"x", b"y"]) and log[1][1] == b"x"
    assert all(box.waiting == 0 for box in (boxes[0], boxes[2]))


async def test_a_close_flushes_at_once_and_the_turn_does_not_write_it_again():
    import asyncio

    log: list = []
    box = Outbox()
    box.write_to(_Socket(log, "a"))
    box.change(b"x")
    box.close(1000, "bye", last=b"z")
    assert [entry[0] for entry in log] == ["a", "a"] and log[-1][1] == "closed"
    await asyncio.sleep(0)
    assert len(log) == 2
