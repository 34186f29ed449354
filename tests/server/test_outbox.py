"""A socket's send queue: everything in order, one message per write, bounded both ways."""

from __future__ import annotations

import pytest

from protocol.codec import decode_server_all, encode_change, encode_map, encode_state
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
