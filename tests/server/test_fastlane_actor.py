"""The room's turn compiled (server/fastlane/_actor.pyx) and ``RoomActor.turn_pure`` alike.

Two rooms are set up the same way (a toy game in play, a TV, a spectator,
two phones).  Each drawn history of turns is played on both: one by the
compiled ``turn``, the other by its twin.  The turns mix accepted picks,
picks the rules refuse, a pick that hits a bug in the rules, hints, the
host's operations; some turns meet a store that refuses the append, a
fan-out that breaks, or a room this node handed over.  After every turn
both rooms must hold the same state and the same stored records, have
sent every socket the same frames, and have counted the same errors.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import types

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from test_room_actor import MemoryStore, playing_room

from protocol.codec import decode_server_all
from server import lobby
from server import room as room_module
from server.inbox import AskHint, Command, HostOp
from server.room import RoomActor

try:
    from server.fastlane._actor import turn as compiled_turn
except ImportError:  # no compiler at install time: only the pure twin exists
    compiled_turn = None

pytestmark = pytest.mark.skipif(compiled_turn is None, reason="the compiled fast lane was not built")

WHO = ("tv", "watcher", "ana", "bo")

#: One message of a turn, by who sends it.
MESSAGE = st.one_of(
    st.tuples(st.just("pick"), st.sampled_from(["ana", "bo", "watcher", "tv"]), st.integers(0, 4)),  # 3: a bug in the rules
    st.tuples(st.just("hint"), st.sampled_from(["ana", "bo", "watcher"]), st.just(0)),
    st.tuples(st.just("host"), st.sampled_from(["lock", "unlock", "start", "select", "again"]), st.just(0)),
)
#: One turn: its messages, and what goes wrong around it.
TURN = st.tuples(
    st.lists(MESSAGE, min_size=1, max_size=3),
    st.sampled_from(["", "", "", "store", "fanout", "handed_over"]),
)


def _message(kind: tuple, sockets: dict, seq: int):
    what, who, n = kind
    if what == "pick":
        return Command(sockets[who], seq, {"type": "Pick", "number": n})
    if what == "hint":
        return AskHint(sockets[who], seq)
    op = {"lock": lobby.Lock(True), "unlock": lobby.Lock(False), "start": lobby.Start(),
          "select": lobby.SelectGame("toy", {"rounds": 2}), "again": lobby.PlayAgain()}[who]
    return HostOp(sockets["tv"], seq, op)


async def _frames(sockets: dict) -> dict:
    """Every frame each socket was sent since the last call (decoded, in order)."""
    out = {}
    for who, c in sockets.items():
        try:
            items = await asyncio.wait_for(c.outbox.take(), 0.005)
        except TimeoutError:
            items = []
        out[who] = [frame for item in items for frame in decode_server_all(item)]
    return out


async def _play(turns: list) -> None:
    # the same seeds and seat tokens in both rooms: their games, records and frames can then be compared
    real_secrets, real_new_token = room_module.secrets, room_module.new_token
    room_module.secrets = types.SimpleNamespace(randbits=lambda bits: 12345)
    try:
        await _play_both(turns)
    finally:
        room_module.secrets, room_module.new_token = real_secrets, real_new_token


async def _play_both(turns: list) -> None:
    rooms = []
    for turn in (compiled_turn, RoomActor.turn_pure):
        tokens = itertools.count()
        room_module.new_token = lambda tokens=tokens: f"token-{next(tokens)}"
        store = MemoryStore()
        actor, tv, watcher, ana, bo = await playing_room(store)
        set_up = len(store.logs[actor.room.id])
        rooms.append((turn, actor, store, set_up, dict(zip(WHO, (tv, watcher, ana, bo), strict=True))))
    seq = 100
    for messages, trouble in turns:
        seen = []
        for turn, actor, store, set_up, sockets in rooms:
            batch = [_message(kind, sockets, seq + i) for i, kind in enumerate(messages)]
            store.fail = trouble == "store"
            actor.stopped = trouble == "handed_over"
            real_fan_out = room_module.fan_out
            if trouble == "fanout":
                room_module.fan_out = _broken_fan_out
            try:
                await turn(actor, batch)
            finally:
                room_module.fan_out = real_fan_out
            actor.stopped = False
            seen.append((actor.room, store.logs[actor.room.id][set_up:], await _frames(sockets),
                         actor.metrics.room_errors._value.get(), actor.snapshot_at))
        assert seen[0] == seen[1], (messages, trouble)
        seq += len(messages)


def _broken_fan_out(actor) -> None:
    raise ZeroDivisionError("a bug in the fan-out")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(TURN, min_size=1, max_size=6))
@example([([("pick", "ana", 1), ("pick", "ana", 2), ("pick", "bo", 3)], ""), ([("pick", "bo", 1)], "store"),
          ([("pick", "bo", 2), ("hint", "ana", 0)], "fanout"), ([("pick", "ana", 4)], "handed_over")])
def test_both_twins_play_the_same_turns_alike(turns):
    asyncio.run(_play(turns))


async def test_a_broken_fan_out_is_logged_with_its_traceback_by_the_compiled_turn(monkeypatch, caplog):
    # Given a room in play whose fan-out breaks
    actor, tv, watcher, ana, bo = await playing_room(MemoryStore())
    monkeypatch.setattr(room_module, "fan_out", _broken_fan_out)
    version = actor.room.version
    # When the compiled turn stores a move
    with caplog.at_level(logging.ERROR):
        await compiled_turn(actor, [Command(ana, 10, {"type": "Pick", "number": 1})])
    # Then the move is stored and the fan-out's failure is logged with the exception that broke it
    assert actor.room.version == version + 1
    [record] = [r for r in caplog.records if r.getMessage() == "fan-out failed"]
    assert record.exc_info is not None and record.exc_info[0] is ZeroDivisionError
    assert actor.metrics.room_errors._value.get() == 1


def test_the_actor_takes_the_compiled_turn_in_the_compiled_lane_and_its_twin_in_the_pure_one():
    from server import fastlane

    assert RoomActor.turn is (compiled_turn if fastlane.LANE == "compiled" else RoomActor.turn_pure)
