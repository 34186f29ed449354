"""A socket's frames routed by the compiled lane (server/fastlane/_inbound.pyx) and by ``Inbound.take`` alike.

Two sockets are set up the same way (the same rate limit, the same clock,
a room that refuses a command when its inbox is full), one of them calls
the compiled ``Take``, the other its twin, ``Inbound.take``.  Both are
sent the same random frames: the usual game command, commands of other
shapes, pings, reactions, votes, host operations, text frames, bytes that
are not msgpack, frames too large, floods faster than the bucket refills.
After every frame both have handed the room the same messages, queued the
same bytes for their socket (acks, errors), closed it alike, counted the
same refusals, and left their buckets in the same state.
"""

from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace
from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol import codec
from protocol.errors import Busy
from server.client import Client
from server.connection import Inbound
from server.inbox import Command
from server.limits import TokenBucket
from server.metrics import Metrics
from server.outbox import Outbox

try:
    from server.fastlane._inbound import Take
except ImportError:  # no compiler at install time: only the pure twin exists
    Take = None

pytestmark = pytest.mark.skipif(Take is None, reason="the compiled fast lane was not built")


class Clock:
    """The bucket's clock: a time the test moves (in whole seconds, as ints, when ``whole``)."""

    def __init__(self, whole: bool = False) -> None:
        self.now = 100.0
        self.whole = whole

    def __call__(self) -> float:
        return int(self.now) if self.whole else self.now


class LoggedBucket(TokenBucket):
    """A bucket of another class (its own instance dictionary): the route reads it by name, not at the slots."""


class Gate:
    def admit(self, reaction: str) -> bool:
        return True


class Room:
    """What a socket needs of its room (``connection.RoomEntry``), writing down what it is given."""

    def __init__(self) -> None:
        self.got: list[tuple] = []
        self.busy = False
        self.reactions = SimpleNamespace(take_gate=lambda who: Gate(), add=lambda r: self.got.append(("react", r)))
        self.votes = SimpleNamespace(cast=self.cast, withdraw=lambda client: None)

    def submit(self, message: Any) -> None:
        if self.busy:
            raise Busy("the room is busy, try again")
        self.got.append((type(message).__name__, message.client.address, message.seq, getattr(message, "payload", None)))

    def touch(self) -> None:
        self.got.append(("touch",))

    def cast(self, client: Any, vote: Any) -> bool:
        self.got.append(("vote", vote.q, vote.pick))
        return True


def socket(rate: float, burst: float, clock: Clock, role: str, bucket: type = TokenBucket) -> tuple[Inbound, Room, Client, Metrics]:
    """A socket's ``Inbound`` in a room of its own, its outbox the pure queue (so its items can be read)."""
    metrics = Metrics()
    hub: Any = SimpleNamespace(metrics=metrics, config=SimpleNamespace(rate=rate, burst=burst))
    client = Client(text=False, role=role, address="10.0.0.7", queue=8)
    if role == "player":
        client.player = 1
    client.outbox = Outbox(8)
    room = Room()
    inbound = Inbound(hub, client, room)  # type: ignore[arg-type]
    inbound.bucket = bucket(rate, burst, clock=clock)
    return inbound, room, client, metrics


def seen(inbound: Inbound, room: Room, client: Client, metrics: Metrics) -> tuple:
    outbox = client.outbox
    rejections = sorted(
        (sample.labels["code"], sample.value)
        for family in metrics.rejections.collect() for sample in family.samples if sample.name.endswith("_total")
    )
    return (
        list(room.got), list(outbox._items), outbox.close_code, outbox.close_reason,
        inbound.bucket._tokens, type(inbound.bucket._tokens), inbound.bucket._at, type(inbound.bucket._at),
        inbound.strikes, rejections,
    )


plain = st.one_of(st.integers(-3, 2**40), st.text(max_size=5), st.booleans(), st.none())
commands = st.dictionaries(st.sampled_from(["type", "n", "cut", "card"]), plain, max_size=3)
seqs = st.one_of(st.integers(0, 2**31), st.integers(-5, -1), st.text(max_size=3), st.none(), st.floats(0, 9))

maps = st.one_of(
    st.builds(lambda seq, cmd: {"t": "cmd", "seq": seq, "cmd": cmd}, st.integers(0, 2**31), commands),  # the usual one
    st.builds(lambda seq, cmd: {"t": "cmd", "seq": seq, "cmd": cmd}, seqs, st.one_of(commands, plain, st.lists(plain))),
    st.builds(lambda seq, cmd, extra: {"t": "cmd", "seq": seq, "cmd": cmd, "x": extra}, st.integers(0, 99), commands, plain),
    st.builds(lambda cmd: {"t": "cmd", "cmd": cmd}, commands),
    st.builds(lambda seq: {"t": "ping", "seq": seq}, seqs),
    st.builds(lambda r: {"t": "react", "r": r}, st.sampled_from(["yum", "wow", "??"])),
    st.builds(lambda q, pick, seq: {"t": "vote", "q": q, "pick": pick, "seq": seq}, st.integers(0, 3), st.text(max_size=3), seqs),
    st.builds(lambda seq: {"t": "host", "seq": seq, "op": "start"}, seqs),
    st.builds(lambda seq: {"t": "hint", "seq": seq}, seqs),
    st.builds(lambda t, seq: {"t": t, "seq": seq}, st.one_of(st.text(max_size=4), st.integers(-(2**40), 2**40)), seqs),
)


@st.composite
def frames(draw: st.DrawFn) -> bytes | str:
    kind = draw(st.sampled_from(["msgpack"] * 6 + ["json", "garbage", "list", "large"]))
    if kind == "garbage":
        return draw(st.binary(max_size=12))
    if kind == "list":
        return msgpack.packb([1, 2])
    if kind == "large":
        return msgpack.packb({"t": "cmd", "seq": 1, "cmd": {"type": "x" * codec.MAX_FRAME}})
    value = draw(maps)
    return json.dumps(value) if kind == "json" else msgpack.packb(value)


@settings(max_examples=300, deadline=None)
@given(
    rate=st.sampled_from([0.5, 5.0, 20.0, 3]),
    burst=st.sampled_from([1, 2, 3.5, 10, 40.0]),
    role=st.sampled_from(["player", "spectator", "host"]),
    whole=st.booleans(),
    bucket=st.sampled_from([TokenBucket, TokenBucket, LoggedBucket]),
    steps=st.lists(
        st.tuples(frames(), st.sampled_from([0.0, 0.0, 0.01, 0.3, 2.0]), st.booleans() | st.just(False)),
        min_size=1, max_size=40,
    ),
)
def test_the_compiled_route_and_inbound_take_do_the_same(
    rate: float, burst: float, role: str, whole: bool, bucket: type, steps: list
) -> None:
    clock = Clock(whole)
    compiled, compiled_room, compiled_client, compiled_metrics = socket(rate, burst, clock, role, bucket)
    pure, pure_room, pure_client, pure_metrics = socket(rate, burst, clock, role, bucket)
    take = Take(compiled, Command)
    for data, elapsed, busy in steps:
        clock.now += elapsed
        compiled_room.busy = pure_room.busy = busy
        take(data)
        pure.take(data)
        assert seen(compiled, compiled_room, compiled_client, compiled_metrics) == seen(pure, pure_room, pure_client, pure_metrics)


def test_the_usual_command_reaches_the_room_as_a_command_made_at_its_slots() -> None:
    clock = Clock()
    inbound, room, client, _ = socket(5.0, 10, clock, "player")
    got: list = []
    room.submit = got.append  # type: ignore[method-assign]
    Take(inbound, Command)(msgpack.packb({"t": "cmd", "seq": 41, "cmd": {"type": "cut", "n": 3}}))
    [command] = got
    assert type(command) is Command
    assert (command.client, command.seq, command.payload) == (client, 41, {"type": "cut", "n": 3})
    assert command == command and command != Command(client, 41, {"type": "cut", "n": 3})  # eq=False: by identity, as made by the class
    assert inbound.bucket._tokens == 9.0 and client.outbox.waiting == 0


def test_a_command_class_without_slots_is_made_through_its_init() -> None:
    class Plain:
        def __init__(self, client: Any, seq: int, payload: dict) -> None:
            self.client, self.seq, self.payload, self.made = client, seq, payload, True

    clock = Clock()
    inbound, room, client, _ = socket(5.0, 10, clock, "player")
    got: list = []
    room.submit = got.append  # type: ignore[method-assign]
    Take(inbound, Plain)(msgpack.packb({"t": "cmd", "seq": 2, "cmd": {"type": "cut"}}))
    Take(inbound, Command)(msgpack.packb({"t": "cmd", "seq": 3, "cmd": {"type": "cut"}}))
    assert [type(m) for m in got] == [Plain, Command] and got[0].made and got[1].seq == 3


def test_a_closed_socket_takes_nothing_more() -> None:
    clock = Clock()
    inbound, room, client, _ = socket(5.0, 10, clock, "player")
    client.outbox.close(1000)
    Take(inbound, Command)(msgpack.packb({"t": "cmd", "seq": 1, "cmd": {}}))
    assert room.got == [] and inbound.bucket._tokens == 10


def test_a_room_with_the_compiled_inbox_has_the_command_put_straight_in_and_a_full_one_refuses() -> None:
    from server.fastlane._inbound import Mailbox

    clock = Clock()
    inbound, room, client, _ = socket(5.0, 10, clock, "player")
    room.inbox = Mailbox(1)  # type: ignore[attr-defined]  (a real room, RoomActor, has one)
    submitted: list = []

    def submit(message: Any) -> None:  # RoomActor.submit: into the inbox, or refused when it is full
        submitted.append(message)
        try:
            room.inbox.put_nowait(message)  # type: ignore[attr-defined]
        except asyncio.QueueFull:
            raise Busy("the room is busy, try again") from None

    room.submit = submit  # type: ignore[method-assign]
    take = Take(inbound, Command)
    # the first command goes into the box without the room's submit
    take(msgpack.packb({"t": "cmd", "seq": 1, "cmd": {"type": "cut", "n": 2}}))
    assert submitted == [] and room.inbox.qsize() == 1  # type: ignore[attr-defined]
    # the box is full: the second is the room's to refuse, and the phone hears why
    take(msgpack.packb({"t": "cmd", "seq": 2, "cmd": {"type": "cut", "n": 3}}))
    assert [m.seq for m in submitted] == [2]
    [command] = room.inbox.take(5)  # type: ignore[attr-defined]
    assert type(command) is Command and (command.client, command.seq, command.payload) == (client, 1, {"type": "cut", "n": 2})
    [(_, data)] = client.outbox._items
    answer = codec.decode_server(data)
    assert answer["t"] == "error" and answer["code"] == "rate/room_busy" and answer["seq"] == 2


def test_the_bucket_is_taken_at_its_slots_and_by_name_alike() -> None:
    """The same frames, 0.3 s apart, through a ``TokenBucket`` (its slots) and a subclass (by name),
    against a bucket taken by its own ``take``: the same frames through, the same bucket left."""
    clock = Clock()
    left = [socket(2.0, 3, clock, "player", kind) for kind in (TokenBucket, LoggedBucket)]
    takes = [Take(inbound, Command) for inbound, *_ in left]
    reference = TokenBucket(2.0, 3, clock=clock)
    frame = msgpack.packb({"t": "cmd", "seq": 1, "cmd": {"type": "cut"}})
    through = []
    for _ in range(12):
        clock.now += 0.3
        for take in takes:
            take(frame)
        through.append(reference.take())
    (slotted, slotted_room, *_), (named, named_room, *_) = left
    assert not hasattr(slotted.bucket, "__dict__") and vars(named.bucket) == {}
    assert 0 < through.count(True) < 12  # some frames refused: the bucket ran dry and refilled
    assert len(slotted_room.got) == len(named_room.got) == through.count(True)
    assert (slotted.bucket._tokens, slotted.bucket._at) == (named.bucket._tokens, named.bucket._at)
    assert (slotted.bucket._tokens, slotted.bucket._at) == (reference._tokens, reference._at)
