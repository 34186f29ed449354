"""A hello that arrives late never takes a seat from a newer socket (issue 28: the stale-hello kick).

A phone whose hello got no answer (its hub was cut from Redis) connects
again elsewhere and plays on; when the cut heals, the old hello is finally
forwarded to the room.  The room orders hellos by when a hub received them
(``Client.hello_at``), so the old one is refused with ``auth/superseded``
and the live socket stays.  Here with one room actor and its real embedded
store; the same race across hubs, with a real partition, is in
``test_cluster_nemesis.py`` and ``bench/nemesis.py``.
"""

from __future__ import annotations

import asyncio

import pytest

from protocol.codec import decode_server_all
from protocol.errors import Close, ErrorCode, ProtocolError
from protocol.frames import Hello
from server.client import Client
from server.config import HubConfig
from server.hub import load_games
from server.inbox import Attach
from server.metrics import Metrics
from server.room import RoomActor, RoomShared
from server.roomstate import Room
from server.store import open_store


@pytest.fixture
async def actor(tmp_path):
    store = open_store(str(tmp_path / "rooms.sqlite3"))
    games = load_games()
    actor = RoomActor(Room(id="R1"), RoomShared(games=games, store=store, config=HubConfig(), metrics=Metrics(), catalog=[]))
    await actor.open("BCDF", "hash")
    yield actor
    await store.close()


def socket(role: str, *, hello_at: float | None = None) -> Client:
    client = Client(text=False, role=role, address="test", queue=64)
    if hello_at is not None:
        client.hello_at = hello_at
    return client


async def attach(actor: RoomActor, client: Client, **hello) -> None:
    admitted = asyncio.get_running_loop().create_future()
    issued = "host-token" if client.role == "host" and "token" not in hello else None
    await actor.turn([Attach(client, Hello(v=1, role=client.role, **hello), admitted, issued)])
    admitted.result()


def frames(client: Client) -> list[dict]:
    return [frame for _, data in client.outbox._items for frame in decode_server_all(data)]


async def test_a_late_hello_with_a_seat_token_is_refused_and_the_newer_socket_keeps_the_seat(actor):
    # given a phone seated as Ana, then back on a new socket with its token
    first = socket("player")
    await attach(actor, first, name="Ana")
    token = next(f["token"] for f in frames(first) if f["t"] == "welcome")
    live = socket("player")
    await attach(actor, live, token=token)
    assert actor.players[0] is live and first.outbox.close_code == Close.REPLACED
    # when a hello with the same token that a hub received before the live one's arrives now
    stale = socket("player", hello_at=live.hello_at - 5.0)
    with pytest.raises(ProtocolError) as refused:
        await attach(actor, stale, token=token)
    # then it is refused as superseded (close 4001 on the stale socket), and the live socket keeps the seat
    assert refused.value.code is ErrorCode.SUPERSEDED and refused.value.close == Close.REPLACED
    assert actor.players[0] is live
    assert live.outbox.close_code is None


async def test_a_newer_hello_still_replaces_an_older_socket(actor):
    # given a phone seated as Ana
    first = socket("player")
    await attach(actor, first, name="Ana")
    token = next(f["token"] for f in frames(first) if f["t"] == "welcome")
    # when a hello received later comes with its token (a reload, a second tab)
    newer = socket("player", hello_at=first.hello_at + 1.0)
    await attach(actor, newer, token=token)
    # then the newer socket takes the seat and the old one is told it was replaced
    assert actor.players[0] is newer
    assert first.outbox.close_code == Close.REPLACED
    assert {"t": "bye", "reason": "replaced"} in frames(first)


async def test_a_late_host_hello_does_not_replace_the_tv(actor):
    # given the TV attached
    tv = socket("host")
    await attach(actor, tv)
    # when an older hello with the host token arrives late
    stale = socket("host", hello_at=tv.hello_at - 5.0)
    with pytest.raises(ProtocolError):
        await attach_host_token(actor, stale)
    # then the TV stays
    assert actor.host is tv and tv.outbox.close_code is None


async def attach_host_token(actor: RoomActor, client: Client) -> None:
    admitted = asyncio.get_running_loop().create_future()
    await actor.turn([Attach(client, Hello(v=1, role="host"), admitted, "host-token")])
    admitted.result()
