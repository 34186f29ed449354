"""The cluster's parts in one process: relay batches, fenced appends, hub choice, SIGTERM hook."""

from __future__ import annotations

import asyncio
import signal

import pytest

from server.cluster import drain
from server.cluster.hub import ClusterActor, ClusterHub, hub_class_for
from server.cluster.relay import Relay, pack_batch, unpack_batch
from server.hub import Hub
from server.store import open_store
from server.store.base import Fenced
from server.store.redis import RedisStore


def test_a_batch_sends_a_shared_payload_once_and_restores_it_everywhere():
    # given three messages, two of them carrying the very same state bytes
    state = b"\x81\xa1t\xa5state" * 20
    messages = [{"k": "state", "c": 1, "data": state}, {"k": "state", "c": 2, "data": state}, {"k": "reply", "c": 1, "data": "text"}]
    # when packed and unpacked
    packed = pack_batch(messages)
    # then the payload travelled once, and every message gets it back (bytes stay bytes, str stays str)
    assert packed.count(state) == 1
    assert unpack_batch(packed) == messages


class _Recorder:
    """Just enough of a store for an actor to append to."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    async def append(self, room, records, expected_version, *, fence=None):
        self.calls.append((room, len(records), expected_version, fence))
        return expected_version + len(records)


async def test_a_cluster_actor_appends_with_its_fence_and_refuses_once_stopped():
    # given a cluster actor holding lease token 7, over a store that records appends
    from server.config import HubConfig
    from server.metrics import Metrics
    from server.room import RoomShared
    from server.roomstate import Room

    inner = _Recorder()
    lost = []
    shared = RoomShared(games={}, store=inner, config=HubConfig(), metrics=Metrics(), catalog=[])
    actor = ClusterActor(Room(id="R"), shared, 7, on_fenced=lost.append)
    # when it stores its first record, then the token goes with the append
    await actor.open("ABCD", "h")
    assert inner.calls == [("R", 1, 0, 7)]
    # when the room is handed over, then appends fail here without reaching the store
    actor.stop()
    with pytest.raises(Fenced):
        await actor.open("ABCD", "h")
    assert len(inner.calls) == 1


async def test_a_stopped_cluster_actor_ends_by_itself_when_its_cancellation_was_swallowed():
    # given a running cluster actor, its room stored
    from server.config import HubConfig
    from server.inbox import IdleCheck
    from server.metrics import Metrics
    from server.room import RoomShared
    from server.roomstate import Room

    inner = _Recorder()
    shared = RoomShared(games={}, store=inner, config=HubConfig(), metrics=Metrics(), catalog=[])
    actor = ClusterActor(Room(id="R"), shared, 7, on_fenced=lambda _: None)
    await actor.open("ABCD", "h")
    task = asyncio.ensure_future(actor.run())
    await asyncio.sleep(0.01)
    # when the node lets the room go but the cancellation of its task never lands (a Redis call can
    # swallow it), and its clock then posts it a turn
    actor.stop()
    actor.post(IdleCheck())
    # then it ends by itself, having written nothing more (an audit found such an actor still taking
    # its clock's turns, each refused as fenced, minutes later)
    await asyncio.wait_for(actor.done.wait(), 2.0)
    await asyncio.wait_for(task, 1.0)
    assert len(inner.calls) == 1


@pytest.mark.redis
async def test_cluster_mode_is_chosen_by_the_store(tmp_path, redis_url):
    # given an embedded store and a Redis store
    embedded = open_store(str(tmp_path / "rooms.sqlite3"))
    redis = RedisStore.from_url(redis_url)
    try:
        # then only the store that can hold leases runs the cluster hub
        assert hub_class_for(embedded) is Hub
        assert hub_class_for(redis) is ClusterHub
    finally:
        await embedded.close()
        await redis.close()


@pytest.mark.redis
async def test_the_relay_delivers_a_batch_to_the_named_node_only(redis_url):
    # given two nodes' relays on one Redis
    client = RedisStore.from_url(redis_url).client
    got: dict[str, list[dict]] = {"a": [], "b": []}
    relays = {name: Relay(client, "relaytest", name, got[name].append) for name in ("a", "b")}
    tasks = [asyncio.create_task(r.listen_forever()) for r in relays.values()]
    tasks += [asyncio.create_task(r.publish_forever()) for r in relays.values()]
    try:
        await asyncio.wait_for(asyncio.gather(*(r.subscribed.wait() for r in relays.values())), 5)
        # when a posts two messages to b
        relays["a"].post("b", {"k": "cmd", "c": 1, "seq": 1})
        relays["a"].post("b", {"k": "cmd", "c": 1, "seq": 2})
        for _ in range(200):
            if len(got["b"]) == 2:
                break
            await asyncio.sleep(0.01)
        # then b got both, in order, and a got nothing
        assert [m["seq"] for m in got["b"]] == [1, 2]
        assert got["a"] == []
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await client.aclose()


@pytest.mark.redis
async def test_a_relay_whose_subscription_dropped_says_so_once_it_is_back_and_receives_again(redis_url):
    # given a relay subscribed on Redis, told about restored subscriptions
    client = RedisStore.from_url(redis_url).client
    got: list[dict] = []
    restored: list[int] = []
    relay = Relay(client, "relaytest2", "a", got.append, on_resubscribed=lambda: restored.append(1))
    tasks = [asyncio.create_task(relay.listen_forever()), asyncio.create_task(relay.publish_forever())]
    try:
        await asyncio.wait_for(relay.subscribed.wait(), 5)
        assert restored == []
        # when Redis drops its pub/sub connections (redis-py reconnects and resubscribes on its own)
        assert await client.client_kill_filter(_type="pubsub") >= 1
        for _ in range(500):
            if restored:
                break
            await asyncio.sleep(0.01)
        # then the relay reported the restored subscription, once
        assert restored == [1]
        # and messages reach it again
        relay.post("a", {"k": "cmd", "c": 1, "seq": 3})
        for _ in range(300):
            if got:
                break
            await asyncio.sleep(0.01)
        assert [m["seq"] for m in got] == [3]
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await client.aclose()


class _FakeServer:
    def __init__(self) -> None:
        self.should_exit = False
        self.exits: list[int] = []
        self.config = type("Config", (), {"timeout_graceful_shutdown": None})()

    def handle_exit(self, sig, frame) -> None:
        self.exits.append(sig)


class _FakeHub:
    def __init__(self, loop) -> None:
        self.loop = loop
        self.drained = asyncio.Event()
        self.tasks: list[asyncio.Task] = []

    def spawn(self, coro):
        task = asyncio.ensure_future(coro)
        self.tasks.append(task)
        return task

    async def drain(self) -> None:
        await asyncio.sleep(0.05)
        self.drained.set()


async def test_the_first_sigterm_drains_before_exit_and_a_second_one_exits_at_once():
    # given a uvicorn-like server with the drain hook for a hub
    server = _FakeServer()
    hub = _FakeHub(asyncio.get_running_loop())
    drain.install(server, hub)
    assert server.config.timeout_graceful_shutdown == 5
    # when SIGTERM arrives, then the hub drains first and only then may the server exit
    server.handle_exit(signal.SIGTERM, None)
    await asyncio.sleep(0)
    assert not server.should_exit and server.exits == []
    await asyncio.wait_for(hub.drained.wait(), 2)
    await asyncio.gather(*hub.tasks)
    assert server.should_exit
    # when a second signal arrives, then uvicorn's own handling runs
    server.handle_exit(signal.SIGINT, None)
    assert server.exits == [signal.SIGINT]


def test_an_edge_forwards_each_inbox_message_as_data_and_the_owner_rebuilds_the_same_message():
    # given the inbox messages an edge node forwards for one of its sockets
    from server import lobby
    from server.client import Client
    from server.cluster.relay import pack_batch, unpack_batch
    from server.cluster.remote import inbox_message, wire_message
    from server.inbox import AskHint, Command, Detach, HostOp

    edge_socket = Client(text=False, role="host", address="edge", queue=4)
    owner_side = Client(text=False, role="host", address="relayed", queue=4)
    messages = [
        Command(edge_socket, 3, {"type": "Pick", "number": 2}),
        HostOp(edge_socket, 4, lobby.SelectGame("toy", {"rounds": 3})),
        HostOp(edge_socket, 5, lobby.Lock(True)),
        HostOp(edge_socket, 6, lobby.HandToBot(2, None)),
        AskHint(edge_socket, 7),
        Detach(edge_socket),
    ]
    for message in messages:
        # when it travels through a relay batch and the owner rebuilds it
        wire = unpack_batch(pack_batch([wire_message(message, 9)]))[0]
        rebuilt = inbox_message(wire, owner_side)
        # then it is the same message, for the owner's stand-in of the socket
        assert type(rebuilt) is type(message) and wire["c"] == 9
        assert rebuilt.client is owner_side
        assert attrs_fields(rebuilt) == attrs_fields(message)


def attrs_fields(message) -> dict:
    import attrs

    return {k: v for k, v in attrs.asdict(message, recurse=False).items() if k != "client"}
