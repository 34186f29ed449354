"""The room actor driven without sockets: messages in, then frames out and records stored.

Each test builds an actor over an in-memory store, puts typed inbox
messages through ``actor.turn`` (one turn = one batch, as ``run`` does
with whatever is waiting in the inbox) and reads what each client's
outbox would send, in order.
"""

from __future__ import annotations

import asyncio

import attrs
import pytest

from protocol.codec import decode_server_all
from protocol.errors import Busy
from protocol.frames import Hello
from protocol.patch import Mirror
from server import lobby
from server.client import Client
from server.inbox import AskHint, Attach, Command, HostOp
from server.metrics import Metrics
from server.room import RoomActor, RoomShared
from server.roomstate import Room
from server.store.base import Snapshot, Store, StoreError
from server.views import catalog

import toygame
from hubserver import fast_config


class MemoryStore(Store):
    """A store in a dict; ``fail`` makes the next appends raise like a broken disk."""

    def __init__(self) -> None:
        self.logs: dict[str, list[bytes]] = {}
        self.appends: list[int] = []  # records per append call
        self.fail = False

    async def append(self, room, records, expected_version, *, fence=None):
        if self.fail:
            raise StoreError("disk on fire")
        log = self.logs.setdefault(room, [])
        assert len(log) == expected_version
        log.extend(records)
        self.appends.append(len(records))
        return len(log)

    async def read(self, room, from_version=0):
        from server.store.base import Record

        return [Record(i + 1, data) for i, data in enumerate(self.logs.get(room, [])) if i + 1 > from_version]

    async def version(self, room):
        return len(self.logs.get(room, []))

    async def save_snapshot(self, room, snapshot: Snapshot):
        pass

    async def load_snapshot(self, room):
        return None

    async def claim_code(self, code, room):
        return True

    async def room_for_code(self, code):
        return None

    async def release_code(self, code):
        pass

    async def open_rooms(self):
        return []

    async def close_room(self, room, *, keep_seconds=86_400):
        pass

    async def close(self):
        pass


@attrs.frozen
class PickAdvice:
    """The toy hint: names the seat's own current pick (what a state must have shown first)."""

    picked: int | None


def toy_hint(state, seat):
    return PickAdvice(picked=state.picks[seat])


def _buggy_decide(state, actor, command):
    if isinstance(command, toygame.Pick) and command.number == 3:
        raise ZeroDivisionError("a bug in the rules")
    return toygame.decide(state, actor, command)


TOY = attrs.evolve(toygame.GAME, hint=toy_hint, decide=_buggy_decide)


def make_actor(store: MemoryStore, **config) -> RoomActor:
    games = {"toy": TOY}
    shared = RoomShared(games=games, store=store, config=fast_config(**config), metrics=Metrics(), catalog=catalog(games))
    return RoomActor(Room(id="R1"), shared)


def client(role: str) -> Client:
    return Client(text=False, role=role, address="test", queue=64)


#: Each test client's copy of its view (sockets get a whole view once, then changes).
_mirrors: dict[int, Mirror] = {}


async def sent(c: Client, wait: float = 0.05) -> list[dict]:
    """What the client's socket would be sent now, in order, its changes folded into whole states."""
    try:
        items = await asyncio.wait_for(c.outbox.take(), wait)
    except TimeoutError:
        return []
    mirror = _mirrors.setdefault(id(c), Mirror())
    return [frame for item in items for frame in mirror.fold(decode_server_all(item))]


async def attach(actor: RoomActor, c: Client, **hello) -> None:
    admitted = asyncio.get_running_loop().create_future()
    await actor.turn([Attach(c, Hello(v=1, role=c.role, **hello), admitted, issued="host-token" if c.role == "host" else None)])
    admitted.result()


async def playing_room(store: MemoryStore, **config):
    """A toy game for two phones, with a TV and a spectator; every outbox emptied."""
    actor = make_actor(store, **config)
    await actor.open("ABCD", "hash")
    tv, watcher, ana, bo = client("host"), client("spectator"), client("player"), client("player")
    await attach(actor, tv)
    await attach(actor, watcher)
    await attach(actor, ana, name="Ana")
    await attach(actor, bo, name="Bo")
    await actor.turn([
        HostOp(tv, 1, lobby.SelectGame("toy", {"rounds": 3})),
        HostOp(tv, 2, lobby.Start()),
    ])
    for c in (tv, watcher, ana, bo):
        await sent(c)
    return actor, tv, watcher, ana, bo


def pick(c: Client, seq: int, number: int) -> Command:
    return Command(c, seq, {"type": "Pick", "number": number})


async def test_a_turn_stores_its_accepted_commands_in_one_append_then_acks_then_fans_out_once():
    # Given a toy game in play
    store = MemoryStore()
    actor, tv, watcher, ana, bo = await playing_room(store)
    version, appends = actor.room.version, len(store.appends)
    # When one turn holds Ana's pick, Ana's second pick (refused by the rules) and Bo's pick
    await actor.turn([pick(ana, 10, 1), pick(ana, 11, 2), pick(bo, 20, 2)])
    # Then both accepted picks were stored in ONE append at the old version
    assert store.appends[appends:] == [2]
    assert actor.room.version == version + 2
    # And each phone got its answers in order, then one state showing the change
    ana_frames = await sent(ana)
    assert [(f["t"], f.get("seq"), f.get("code")) for f in ana_frames] == [
        ("ack", 10, None), ("error", 11, "toy/already_picked"), ("state", None, None),
    ]
    assert ana_frames[-1]["version"] == version + 2 and ana_frames[-1]["game"]["pick"] == 1
    assert [f["t"] for f in await sent(bo)] == ["ack", "state"]
    # And the watcher saw one state, the new one
    assert [(f["t"], f["version"]) for f in await sent(watcher)] == [("state", version + 2)]


async def test_a_failed_append_refuses_every_command_of_the_turn_and_changes_nothing():
    store = MemoryStore()
    actor, tv, watcher, ana, bo = await playing_room(store)
    before = actor.room
    # When the store refuses the turn's append
    store.fail = True
    await actor.turn([pick(ana, 10, 1), pick(bo, 20, 2)])
    # Then every command of the turn is answered server/store, nothing is adopted, nobody sees a state
    assert [(f["t"], f["code"]) for f in await sent(ana)] == [("error", "server/store")]
    assert [(f["t"], f["code"]) for f in await sent(bo)] == [("error", "server/store")]
    assert actor.room == before
    assert await sent(watcher) == []
    # And once the store works again the same picks are accepted
    store.fail = False
    await actor.turn([pick(ana, 12, 1)])
    assert [f["t"] for f in await sent(ana)] == ["ack", "state"]


async def test_a_bug_in_one_message_is_answered_server_bug_and_the_rest_of_the_turn_goes_on():
    store = MemoryStore()
    actor, tv, watcher, ana, bo = await playing_room(store)
    version = actor.room.version
    # When Ana's pick hits a bug in the rules and Bo's pick is fine, in the same turn
    await actor.turn([pick(ana, 10, 3), pick(bo, 20, 1)])
    # Then Ana gets server/bug and her seat is unchanged; Bo's pick is stored and acknowledged
    ana_frames = await sent(ana)
    assert [(f["t"], f.get("code")) for f in ana_frames] == [("error", "server/bug"), ("state", None)]
    assert ana_frames[-1]["game"]["pick"] is None
    assert [f["t"] for f in await sent(bo)] == ["ack", "state"]
    assert actor.room.version == version + 1
    assert actor.metrics.room_errors._value.get() == 1


async def test_a_hint_asked_in_the_turn_of_a_change_comes_after_the_state_showing_it():
    # Given a toy game whose hint names the seat's own pick
    store = MemoryStore()
    actor, tv, watcher, ana, bo = await playing_room(store)
    # When Ana's pick and her hint request are handled in the same turn (the race of issue 15)
    await actor.turn([pick(ana, 10, 2), AskHint(ana, 11)])
    frames = await sent(ana)
    # Then she gets the ack, the state showing her pick, and only then the hint, naming that state's version
    assert [f["t"] for f in frames] == ["ack", "state", "hint"]
    state, hint = frames[1], frames[2]
    assert hint["hint"]["picked"] == state["game"]["pick"] == 2
    assert hint["v"] == state["version"] == actor.room.version


async def test_a_hint_in_a_quiet_turn_follows_a_state_still_waiting_in_the_outbox():
    # Given a phone whose newest state has not been written to its socket yet
    store = MemoryStore()
    actor, tv, watcher, ana, bo = await playing_room(store)
    await actor.turn([pick(ana, 10, 2)])
    # When it asks for a hint in a later turn that changes nothing
    await actor.turn([AskHint(ana, 11)])
    # Then the waiting state is still sent before the hint
    assert [f["t"] for f in await sent(ana)] == ["ack", "state", "hint"]


async def test_only_seated_players_get_hints():
    store = MemoryStore()
    actor, tv, watcher, ana, bo = await playing_room(store)
    await actor.turn([AskHint(watcher, 5)])
    assert [(f["t"], f["code"]) for f in await sent(watcher)] == [("error", "auth/forbidden")]


async def test_a_full_inbox_answers_room_busy():
    actor = make_actor(MemoryStore(), mailbox=2)
    phone = client("player")
    actor.submit(pick(phone, 1, 1))
    actor.submit(pick(phone, 2, 1))
    with pytest.raises(Busy) as refused:
        actor.submit(pick(phone, 3, 1))
    assert refused.value.code.value == "rate/room_busy"


async def test_a_command_is_acknowledged_only_after_it_is_stored():
    # Given a store whose append waits until we let it finish
    store = MemoryStore()
    actor, tv, watcher, ana, bo = await playing_room(store)
    release = asyncio.Event()
    real_append = store.append

    async def slow_append(*args, **kwargs):
        await release.wait()
        return await real_append(*args, **kwargs)

    store.append = slow_append
    turn = asyncio.create_task(actor.turn([pick(ana, 10, 1)]))
    await asyncio.sleep(0.05)
    # Then nothing is sent while the append is in flight
    assert await sent(ana) == []
    release.set()
    await turn
    assert [f["t"] for f in await sent(ana)] == ["ack", "state"]


async def test_a_socket_admitted_and_gone_in_the_same_turn_is_not_left_in_the_room():
    # Given a room with a TV
    store = MemoryStore()
    actor, tv, watcher, ana, bo = await playing_room(store)
    late = client("spectator")
    admitted = asyncio.get_running_loop().create_future()
    # When a spectator's attach and its detach are handled in one turn
    from server.inbox import Detach

    await actor.turn([Attach(late, Hello(v=1, role="spectator"), admitted), Detach(late)])
    # Then its attach was answered, and the room does not count it
    assert admitted.done() and admitted.exception() is None
    assert late not in actor.spectators
    await sent(tv, wait=0.2)  # presence changes go out within 50 ms (none here: the count is as before)
    assert _mirrors[id(tv)].view["lobby"]["spectators"] == 1


async def test_moves_do_not_look_the_event_loop_up_again(monkeypatch):
    # asyncio.get_running_loop makes a system call (getpid) each time on Python 3.11: the room's
    # clock looks its loop up once, not at every move (the store is the one that still asks).
    store = MemoryStore()
    actor, tv, watcher, ana, bo = await playing_room(store)
    loop, looked_up = asyncio.get_running_loop(), []
    monkeypatch.setattr(asyncio, "get_running_loop", lambda: looked_up.append(1) or loop)
    version = actor.room.version
    await actor.turn([pick(ana, 10, 1)])
    await actor.turn([pick(bo, 20, 2)])
    assert actor.room.version == version + 2  # both moves were stored and the timers re-armed
    assert "ack" in [f["t"] for f in await sent(bo)]
    assert looked_up == []


async def test_a_join_with_the_phones_own_token_is_refused_when_its_seat_is_not_stored_then_taken_again():
    # Given a room whose store refuses the next append
    store = MemoryStore()
    actor, tv, watcher, ana, bo = await playing_room(store)
    store.fail = True
    own = "C" * 22
    # When Cy joins by name with a token of her phone's making
    cy = client("player")
    admitted = asyncio.get_running_loop().create_future()
    await actor.turn([Attach(cy, Hello(v=1, role="player", name="Cy", token=own), admitted)])
    # Then she is refused (her seat was not stored), and the room has no Cy
    with pytest.raises(Exception, match="could not save your seat"):
        admitted.result()
    assert [p.name for p in actor.room.players] == ["Ana", "Bo"]
    # And the same hello, once the store works, seats her with that token (the welcome carries none)
    store.fail = False
    again = client("player")
    await attach(actor, again, name="Cy", token=own)
    welcome = next(f for f in await sent(again) if f["t"] == "welcome")
    assert welcome["player"] == 2 and welcome["token"] is None
    assert [p.name for p in actor.room.players] == ["Ana", "Bo", "Cy"]
