"""Audience reactions: a per-socket limit with one error per flood, counts aggregated per room for the TV.

The aggregator is driven by hand (a fake clock and a flush we call), so the
tests count frames and reactions, never time.  The hub tests use real
websockets over loopback.
"""

from __future__ import annotations

import asyncio
import math
import time

import pytest

from protocol.errors import ErrorCode, ProtocolError
from server.reactions import BURST, KINDS, ReactionCounter, ReactionGate

from hubserver import start_server
from wsclient import Peer


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class ManualFlush:
    """A ``schedule`` that keeps the callbacks armed; ``tick()`` runs them (one flush period passes)."""

    def __init__(self) -> None:
        self.armed: list = []

    def __call__(self, delay, callback) -> None:
        self.armed.append(callback)

    def tick(self) -> None:
        armed, self.armed = self.armed, []
        for callback in armed:
            callback()


def _code(call) -> str | None:
    try:
        call()
    except ProtocolError as exc:
        return exc.code.value
    return None


def test_a_socket_gets_its_burst_then_one_error_for_a_whole_flood():
    clock = Clock()
    gate = ReactionGate(rate=1.0, burst=3.0, clock=clock)
    # Given a socket that sends 3 reactions at once: all are counted
    assert [gate.admit("clap") for _ in range(3)] == [True, True, True]
    # When it keeps going, the first refused one is answered rate/reactions ...
    assert _code(lambda: gate.admit("clap")) == ErrorCode.REACTIONS_LIMITED.value
    # ... and the next 50 are dropped without another error
    assert [gate.admit("fire") for _ in range(50)] == [False] * 50
    assert (gate.accepted, gate.dropped) == (3, 51)
    # Once a token came back, one more is counted and the next flood gets its one error again
    clock.now += 1.0
    assert gate.admit("pizza") is True
    assert _code(lambda: gate.admit("pizza")) == ErrorCode.REACTIONS_LIMITED.value
    assert gate.admit("pizza") is False


def test_an_unknown_reaction_is_refused_and_costs_nothing():
    gate = ReactionGate(rate=1.0, burst=1.0, clock=Clock())
    for bad in ("poop", "", 3, None, "CLAP"):
        assert _code(lambda bad=bad: gate.admit(bad)) == ErrorCode.UNKNOWN_REACTION.value
    assert gate.admit("wow") is True


def test_the_counter_sends_one_frame_per_flush_with_the_counts_since_the_last():
    flush = ManualFlush()
    sent: list[dict[str, int]] = []
    counter = ReactionCounter(sent.append, schedule=flush)
    # Nothing arrived: nothing is armed, nothing is sent
    flush.tick()
    assert sent == [] and flush.armed == []
    # Many reactions within one period arm one flush, which sends one frame with every count
    for kind in ("clap", "clap", "fire", "clap", "pizza"):
        counter.add(kind)
    assert len(flush.armed) == 1
    flush.tick()
    assert sent == [{"clap": 3, "fire": 1, "pizza": 1}]
    # The next period starts from zero
    counter.add("wow")
    flush.tick()
    flush.tick()
    assert sent[1:] == [{"wow": 1}]


def test_ten_thousand_sockets_reacting_cost_the_tv_one_frame_per_flush():
    clock, flush = Clock(), ManualFlush()
    frames: list[dict[str, int]] = []
    counter = ReactionCounter(frames.append, schedule=flush)
    gates = [ReactionGate(rate=1.0, burst=BURST, clock=clock) for _ in range(10_000)]
    errors = 0
    periods = 8  # two seconds of 250 ms flushes; every socket tries 5 reactions per period
    for _period in range(periods):
        for i, gate in enumerate(gates):
            for attempt in range(5):
                kind = KINDS[(i + attempt) % len(KINDS)]
                try:
                    if gate.admit(kind):
                        counter.add(kind)
                except ProtocolError:
                    errors += 1
        flush.tick()
        clock.now += 0.25
    accepted = sum(g.accepted for g in gates)
    # The TV got at most one frame per period however many reacted: one in each period that counted any
    # (at 0 s the bursts, at 1.0 s the refilled tokens), none in the periods where everything was dropped
    assert len(frames) == 2 <= periods
    # Every accepted reaction is in the frames, once
    assert sum(sum(f.values()) for f in frames) == accepted
    # Each socket: its burst of 3 at 0 s, then 1 a second: one more at 1.0 s (the last period starts at 1.75 s)
    assert accepted == 10_000 * 4
    # One error per socket per run of refusals: the run at 0 s, and the one after the token at 1.0 s
    assert errors == 10_000 * 2
    assert sum(g.dropped for g in gates) == 10_000 * 5 * periods - accepted


def test_counts_from_another_node_are_added_and_garbage_is_ignored():
    flush = ManualFlush()
    sent: list[dict[str, int]] = []
    counter = ReactionCounter(sent.append, schedule=flush)
    counter.add("clap")
    counter.add_counts({"clap": 40, "fire": 2, "nope": 9, "wow": -3, "laugh": "7", "pizza": 10**12})
    flush.tick()
    assert sent == [{"clap": 41, "fire": 2}]


# --- over real websockets -----------------------------------------------------------------


@pytest.fixture
async def server(tmp_path):
    running = await start_server(str(tmp_path / "rooms.sqlite3"))
    yield running
    await running.stop()


def _counted(tv: Peer) -> dict[str, int]:
    total: dict[str, int] = {}
    for frame in tv.frames:
        if frame["t"] == "reactions":
            for kind, count in frame["counts"].items():
                total[kind] = total.get(kind, 0) + count
    return total


async def _settled(peer: Peer) -> None:
    """Every frame the peer sent before this is handled (frames of one socket are handled in order)."""
    assert (await peer.request({"t": "ping"}))["t"] == "ack"


async def test_three_spectators_and_a_player_react_and_the_tv_gets_the_sums(server):
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    ana = await Peer.open(server.url, {"role": "player", "room": code, "name": "Ana"})
    watchers = [await Peer.open(server.url, {"role": "spectator", "room": code}, text=i == 0) for i in range(3)]
    before = (await watchers[0].until(lambda s: True))["version"]
    for i, peer in enumerate([*watchers, ana]):
        await peer.send({"t": "react", "r": "clap"})
        await peer.send({"t": "react", "r": KINDS[i]})
    for peer in [*watchers, ana]:
        await _settled(peer)
    expected = {"clap": 4}
    for kind in KINDS[:4]:
        expected[kind] = expected.get(kind, 0) + 1
    await tv.next_frame(lambda f: f["t"] == "reactions" and _counted(tv) == expected, timeout=10)
    # Reactions are not acknowledged, nor stored: the room's log did not move, nobody else got a frame of them
    for peer in [*watchers, ana]:
        assert not [f for f in peer.frames if f["t"] in ("reactions", "error")]
    await _settled(tv)
    assert tv.state["version"] == before
    # A reactions frame is a few counts, not a frame per reaction
    assert len([f for f in tv.frames if f["t"] == "reactions"]) <= 8
    for peer in [tv, ana, *watchers]:
        await peer.close()


async def test_a_flood_gets_one_error_and_a_bad_kind_its_own(server):
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    flood = await Peer.open(server.url, {"role": "spectator", "room": code})
    for _ in range(12):
        await flood.send({"t": "react", "r": "fire"})
    await flood.send({"t": "react", "r": "poop"})
    await flood.send({"t": "react", "r": "fire", "seq": 3})  # an unknown field is a bad frame, as for every frame
    await _settled(flood)
    errors = [f["code"] for f in flood.frames if f["t"] == "error"]
    assert errors == ["rate/reactions", "reaction/unknown", "protocol/bad_frame"]
    assert [f["seq"] for f in flood.frames if f["t"] == "error"] == [None, None, 3]
    # The TV counted the burst (and maybe one refilled token on a very slow machine), not the flood
    await tv.next_frame(lambda f: f["t"] == "reactions")
    await asyncio.sleep(0.3)  # let a second flush (if any) arrive; the assertion below is on counts
    assert BURST <= _counted(tv)["fire"] < 12
    assert flood.close_code is None
    for peer in (tv, flood):
        await peer.close()


def test_a_closed_sockets_gate_goes_to_the_same_persons_next_socket():
    clock = Clock()
    counter = ReactionCounter(lambda counts: None, schedule=ManualFlush(), clock=clock)
    spectator = ("address", "10.0.0.7")
    # Given a spectator who used their burst, then closed the socket
    first = counter.take_gate(spectator)
    assert [first.admit("clap") for _ in range(3)] == [True, True, True]
    counter.give_back(spectator, first)
    # When they open a new socket at once, it gets the same empty bucket, not a full one
    second = counter.take_gate(spectator)
    assert second is first
    assert _code(lambda: second.admit("clap")) == ErrorCode.REACTIONS_LIMITED.value
    # Someone else watching from the same address at the same time gets a gate of their own
    neighbour = counter.take_gate(spectator)
    assert neighbour is not first and neighbour.admit("wow") is True
    # A gate that has refilled is not kept: forgetting it gives nobody anything
    clock.now += 10
    counter.give_back(spectator, second)
    assert counter.kept == {}


async def test_reconnecting_does_not_refill_a_spectators_reactions(server):
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    started = time.monotonic()
    # Given one spectator who closes and reopens their socket ten times, reacting 3 times each time
    for _ in range(10):
        watcher = await Peer.open(server.url, {"role": "spectator", "room": code})
        for _ in range(3):
            await watcher.send({"t": "react", "r": "fire"})
        await _settled(watcher)
        await watcher.close()
        await asyncio.sleep(0.05)  # the server sees the close before the next socket opens
    elapsed = time.monotonic() - started
    # Then the TV counted their burst plus what refilled at one a second while they went on, not 30
    await asyncio.sleep(0.3)
    counted = _counted(tv).get("fire", 0)
    assert counted <= BURST + math.ceil(elapsed) + 1 < 30, (counted, elapsed)
    await tv.close()
