"""Presence and authority (issue 24), the room actor driven with messages, no sockets.

Each test builds an actor over an in-memory store and puts typed inbox
messages through ``actor.turn``.  Time passing is a phone's departure moved
back in time (``actor.presence.left_at``), then the :class:`PresenceDue` the grace
timer would post: no test sleeps through a grace period.  One test runs the
actor's own loop with a 0.2 s grace to show the timer posts that message by
itself.
"""

from __future__ import annotations

import asyncio
import time

import attrs
import pytest
from test_room_actor import MemoryStore

from protocol.codec import decode_server_all
from protocol.frames import Hello
from protocol.patch import Mirror
from server import lobby, records, roomstate
from server.client import Client
from server.fanout import broadcast
from server.inbox import Attach, Command, Detach, HostOp, PresenceDue
from server.metrics import Metrics
from server.room import RoomActor, RoomObserver, RoomShared
from server.roomstate import Room
from server.tokens import token_hash
from server.views import catalog

import toygame
from hubserver import fast_config

GAMES = {"toy": attrs.evolve(toygame.GAME, hint=lambda state, seat: None)}


class Hints(RoomObserver):
    """A class that gives each player two hints."""

    def hints_left(self, room, player):
        return 2, False


def make_actor(*, class_table: bool = False, observer: RoomObserver | None = None, **config) -> RoomActor:
    values = dict(grace_host=60.0, grace_party=60.0, grace_class=60.0)
    values.update(config)
    shared = RoomShared(
        games=GAMES, store=MemoryStore(), config=fast_config(**values), metrics=Metrics(), catalog=catalog(GAMES),
        observer=observer or RoomObserver(),
    )
    return RoomActor(Room(id="R1"), shared)


def client(role: str) -> Client:
    return Client(text=False, role=role, address="test", queue=256)


_mirrors: dict[int, Mirror] = {}


#: The newest state each test client has been shown.
_seen: dict[int, dict] = {}


async def turn(actor: RoomActor, batch: list) -> None:
    """One turn of the actor; a change of presence only is shown at once (not after the fan-out's lag)."""
    await actor.turn(batch)
    if actor.view_memory.pending is not None:
        broadcast(actor)


async def frames(c: Client) -> list[dict]:
    """Every frame waiting for ``c``'s socket now, changes folded into whole states."""
    out: list[dict] = []
    while True:
        try:
            items = await asyncio.wait_for(c.outbox.take(), 0.01)
        except TimeoutError:
            break
        if not items:  # a closed socket's outbox
            break
        mirror = _mirrors.setdefault(id(c), Mirror())
        out.extend(frame for item in items for frame in mirror.fold(decode_server_all(item)))
    for frame in out:
        if frame["t"] == "state":
            _seen[id(c)] = frame
    return out


async def latest(c: Client) -> dict:
    """The newest state ``c`` has been shown."""
    await frames(c)
    return _seen[id(c)]


async def attach(actor: RoomActor, c: Client, **hello) -> dict | None:
    """Admit ``c``; returns its welcome (None when refused: the refusal is raised)."""
    admitted = asyncio.get_running_loop().create_future()
    issued = "host-token" if c.role == "host" else None
    await turn(actor, [Attach(c, Hello(v=1, role=c.role, **hello), admitted, issued=issued)])
    admitted.result()
    return next((f for f in await frames(c) if f["t"] == "welcome"), None)


async def leave(actor: RoomActor, c: Client, *, ago: float) -> None:
    """``c``'s socket went away ``ago`` seconds ago."""
    await turn(actor, [Detach(c)])
    actor.presence.left_at[c.player] = time.monotonic() - ago


async def pump(actor: RoomActor, rounds: int = 20) -> None:
    """Handle what the room's own clock posts at once (bot turns, the toy's reveal), as ``run`` would."""
    for _ in range(rounds):
        for _ in range(3):
            await asyncio.sleep(0)
        batch = [m for m in actor.inbox.take(64) if not isinstance(m, PresenceDue)]
        if batch:
            await turn(actor, batch)


async def host(actor: RoomActor, c: Client, op, seq: int = 1) -> dict:
    await turn(actor, [HostOp(c, seq, op)])
    return next(f for f in await frames(c) if f["t"] in ("ack", "error", "reclaim_code") and f.get("seq") == seq)


async def stored(actor: RoomActor) -> list:
    """The room's stored records, decoded, in order."""
    room, out = Room(), []
    for record in await actor.store.read(actor.room.id, 0):
        event = records.decode(record.data, room, actor.games)
        room = roomstate.evolve(room, event, actor.games)
        out.append(event)
    return out


def who(state: dict, name: str) -> dict:
    return next(p for p in state["lobby"]["players"] if p["name"] == name)


async def party(names=("Ana", "Bo", "Cy"), **config):
    """A party room with a TV and phones joined in order (the first hosts); every outbox emptied."""
    actor = make_actor(**config)
    await actor.open("ABCD", "hash")
    tv = client("host")
    await attach(actor, tv)
    phones, tokens = [], []
    for name in names:
        phone = client("player")
        welcome = await attach(actor, phone, name=name)
        phones.append(phone)
        tokens.append(welcome["token"])
    for c in (tv, *phones):
        await latest(c)
    return actor, tv, phones, tokens


async def playing(names=("Ana", "Bo"), **config):
    actor, tv, phones, tokens = await party(names, **config)
    assert (await host(actor, tv, lobby.SelectGame("toy", {"rounds": 5})))["t"] == "ack"
    assert (await host(actor, tv, lobby.Start(), 2))["t"] == "ack"
    return actor, tv, phones, tokens


# --- who is in charge --------------------------------------------------------------------


async def test_a_dropped_host_phone_passes_hosting_to_the_earliest_connected_player_after_the_grace():
    # Given Ana (host phone), Bo and Cy; and Ana's phone gone, but not yet for the host grace
    actor, tv, (ana, bo, cy), (ana_token, _, _) = await party()
    assert (await latest(bo))["lobby"]["authority"] == {"kind": "phone", "player": ana.player}
    await leave(actor, ana, ago=1.0)
    await turn(actor, [PresenceDue()])
    state = await latest(bo)
    # Then Ana still hosts (she is only away) ...
    assert state["lobby"]["authority"] == {"kind": "phone", "player": ana.player}
    assert who(state, "Ana")["presence"] == "away" and not who(state, "Ana")["connected"]
    # When the host grace has run out
    actor.presence.left_at[ana.player] -= actor.config.grace_host
    await turn(actor, [PresenceDue()])
    # Then Bo, the connected player who joined earliest, hosts; every screen says so, with a notice
    for screen in (tv, bo, cy):
        state = await latest(screen)
        assert state["lobby"]["authority"] == {"kind": "phone", "player": bo.player}
        assert state["lobby"]["host_phone"] == bo.player
    notice = state["lobby"]["notices"][-1]
    assert (notice["kind"], notice["player"], notice["name"], notice["by"]) == ("host_changed", bo.player, "Bo", None)
    assert "games" in (await latest(bo))["lobby"]  # the new host's phone gets the game catalogue
    # And Bo runs the next game from his phone
    assert (await host(actor, bo, lobby.SelectGame("toy", {"rounds": 1}), 5))["t"] == "ack"
    assert (await host(actor, bo, lobby.Start(), 6))["t"] == "ack"
    assert actor.room.run is not None
    # When Ana comes back with her token, she plays on as a player
    back = client("player")
    await attach(actor, back, token=ana_token)
    assert (await latest(back))["lobby"]["authority"] == {"kind": "phone", "player": bo.player}
    assert (await host(actor, back, lobby.Lock(True), 7))["code"] == "auth/forbidden"
    # And the change is in the log (a replay sees it)
    named = [e for e in await stored(actor) if isinstance(e, roomstate.HostPhoneNamed)]
    assert [(e.player, e.reason) for e in named] == [(ana.player, "first"), (bo.player, "grace")]


async def test_with_nobody_connected_the_first_human_to_come_back_hosts():
    actor, tv, (ana, bo), (_, bo_token) = await party(("Ana", "Bo"))
    # Given both phones gone past the host grace
    await leave(actor, ana, ago=100.0)
    await leave(actor, bo, ago=100.0)
    await turn(actor, [PresenceDue()])
    # Then the TV is the fallback (nobody can take over), and nothing was stored for it
    state = await latest(tv)
    assert state["lobby"]["authority"] == {"kind": "tv", "player": None}
    assert who(state, "Ana")["presence"] == who(state, "Bo")["presence"] == "absent"
    # When Bo comes back first
    bo_again = client("player")
    await attach(actor, bo_again, token=bo_token)
    # Then Bo hosts
    assert (await latest(tv))["lobby"]["authority"] == {"kind": "phone", "player": bo.player}
    assert (await host(actor, bo_again, lobby.Lock(True), 3))["t"] == "ack"


async def test_the_grace_timer_moves_hosting_on_by_itself():
    # Given the actor running its own loop with a 0.2 s host grace
    actor, tv, (ana, bo), _ = await party(("Ana", "Bo"), grace_host=0.2)
    task = asyncio.create_task(actor.run())
    try:
        # When Ana's phone goes away (no more messages from anyone)
        actor.detach(ana)
        # Then, by itself, Bo hosts
        async def named() -> None:
            while actor.room.host_phone != bo.player:
                await asyncio.sleep(0.02)

        await asyncio.wait_for(named(), 10)
        assert (await latest(tv))["lobby"]["authority"] == {"kind": "phone", "player": bo.player}
    finally:
        task.cancel()


async def test_the_host_phone_has_every_host_control():
    actor, tv, (ana, bo), _ = await party(("Ana", "Bo"))
    assert (await host(actor, ana, lobby.AddBot(None)))["t"] == "ack"
    assert (await host(actor, ana, lobby.HandToBot(bo.player, None), 2))["t"] == "ack"
    assert (await host(actor, ana, lobby.TakeBack(bo.player), 3))["t"] == "ack"
    assert (await host(actor, ana, lobby.SetStandIns(False), 4))["t"] == "ack"
    assert (await latest(bo))["lobby"]["stand_ins"] is False
    assert (await host(actor, ana, lobby.NameHostPhone(bo.player), 5))["t"] == "ack"
    state = await latest(tv)
    assert state["lobby"]["authority"] == {"kind": "phone", "player": bo.player}
    notice = state["lobby"]["notices"][-1]
    assert (notice["kind"], notice["name"], notice["by"]) == ("host_changed", "Bo", "Ana")
    assert (await host(actor, bo, lobby.CloseRoom(), 6))["t"] == "ack"
    assert actor.room.closed == "host"


# --- class tables ------------------------------------------------------------------------


async def test_a_class_table_has_no_host_phone_and_refuses_a_players_host_op():
    # Given a table the class opened and seated two students on
    actor = make_actor()
    await actor.open("ABCD", "hash", class_table=True)
    teacher = client("host")  # the class's hand on the table (TableHost is a host-role client)
    for seq, name in enumerate(("Ana", "Bo"), 1):
        assert (await host(actor, teacher, lobby.SeatPlayer(name, token_hash(f"token-{name}")), seq))["t"] == "ack"
    ana = client("player")
    await attach(actor, ana, token="token-Ana")
    state = await latest(ana)
    # Then no phone hosts: the class does
    assert state["lobby"]["host_phone"] is None and state["lobby"]["authority"] == {"kind": "class", "player": None}
    assert state["lobby"]["stand_ins"] is True
    assert "games" not in state["lobby"]
    # And a student's host op is refused host/class_table, whatever it is
    for seq, op in enumerate((lobby.SelectGame("toy", {}), lobby.RemovePlayer(1), lobby.Start()), 10):
        answer = await host(actor, ana, op, seq)
        assert answer["t"] == "error" and answer["code"] == "host/class_table"
    assert (await host(actor, teacher, lobby.NameHostPhone(ana.player), 20))["code"] == "host/class_table"
    # And nobody ever became host phone
    assert not [e for e in await stored(actor) if isinstance(e, roomstate.HostPhoneNamed)]


async def test_the_class_moves_a_seat_to_a_new_device_in_the_open():
    actor = make_actor()
    await actor.open("ABCD", "hash", class_table=True)
    teacher = client("host")
    for seq, name in enumerate(("Ana", "Bo"), 1):
        await host(actor, teacher, lobby.SeatPlayer(name, token_hash(f"token-{name}")), seq)
    ana, bo = client("player"), client("player")
    await attach(actor, ana, token="token-Ana")
    await attach(actor, bo, token="token-Bo")
    # When the teacher hands Ana's seat to a new device (still connected or not)
    answer = await host(actor, teacher, lobby.MoveSeatToDevice(ana.player, token_hash("new-Ana")), 5)
    assert answer["t"] == "ack"
    # Then the old device is told its seat moved and closed (1008)
    assert ana.outbox.close_code == 1008
    assert [f["code"] for f in await frames(ana) if f["t"] == "error"] == ["room/seat_moved"]
    # And every screen announces it, by the teacher
    notice = (await latest(bo))["lobby"]["notices"][-1]
    assert (notice["kind"], notice["name"], notice["by"]) == ("seat_moved", "Ana", "teacher")
    # And the new device has the seat; the old token is refused room/seat_moved
    new = client("player")
    assert (await attach(actor, new, token="new-Ana"))["player"] == ana.player
    with pytest.raises(lobby.RoomRejected) as refused:
        await attach(actor, client("player"), token="token-Ana")
    assert refused.value.code == lobby.RoomCode.SEAT_MOVED and refused.value.close == 1008


# --- absent players never stop a game ---------------------------------------------------------


async def test_a_bot_plays_for_an_absent_player_with_no_turn_timer_until_they_return():
    # Given Ana and Bo playing the toy game with no turn timer; Bo picked, the game waits on Ana
    actor, tv, (ana, bo), (ana_token, _) = await playing()
    assert actor.room.turn_timer == 0
    await turn(actor, [Command(bo, 10, {"type": "Pick", "number": 2})])
    # When Ana's phone has been gone for the party grace
    await leave(actor, ana, ago=actor.config.grace_party + 1)
    await turn(actor, [PresenceDue()])
    # Then every screen says a bot plays for her
    state = await latest(tv)
    assert who(state, "Ana")["stand_in"] is True and who(state, "Ana")["presence"] == "absent"
    notice = state["lobby"]["notices"][-1]
    assert (notice["kind"], notice["player"], notice["name"]) == ("stand_in", ana.player, "Ana")
    # And the bot plays her seat: her pick is stored and the round goes on (the next one waits on Bo)
    await pump(actor)
    assert actor.room.run.state.round == 2 and actor.room.run.state.picks[0] is not None
    log = await stored(actor)
    assert roomstate.StandInSet(player=ana.player, on=True) in log
    assert any(isinstance(e, toygame.Picked) and e.seat == 0 for e in log)
    # When Ana comes back with her token
    back = client("player")
    await attach(actor, back, token=ana_token)
    state = await latest(back)
    # Then the stand-in ends in that very turn, announced, and her own commands work
    assert who(state, "Ana")["stand_in"] is False and who(state, "Ana")["presence"] == "connected"
    assert state["lobby"]["notices"][-1]["kind"] == "back"
    assert state["game"]["hand"] is not None  # her hand is back
    # And once Bo has picked, the next round waits on Ana herself: no bot picks for her
    await turn(actor, [Command(bo, 12, {"type": "Pick", "number": 3})])
    await pump(actor)
    assert actor.room.run.state.round == 3 and actor.room.run.state.picks[0] is None
    assert (await latest(back))["legal"]
    await turn(actor, [Command(back, 11, {"type": "Pick", "number": 1})])
    assert [f["t"] for f in await frames(back) if f.get("seq") == 11] == ["ack"]
    await pump(actor)
    assert actor.room.run.state.picks[0] == 1  # her pick, not a bot's


async def test_with_stand_ins_off_nothing_happens_and_the_host_hands_the_seat_to_a_bot():
    actor, tv, (ana, bo), _ = await playing()
    assert (await host(actor, ana, lobby.SetStandIns(False), 3))["t"] == "ack"
    await leave(actor, bo, ago=actor.config.grace_party + 1)
    await turn(actor, [PresenceDue()])
    await pump(actor)
    # Then nobody plays for Bo by itself
    state = await latest(tv)
    assert who(state, "Bo")["presence"] == "absent" and who(state, "Bo")["stand_in"] is False
    assert actor.room.run.state.picks[1] is None
    assert not [e for e in await stored(actor) if isinstance(e, roomstate.StandInSet)]
    # When the host phone hands Bo's seat to a bot, it plays
    assert (await host(actor, ana, lobby.HandToBot(bo.player, None), 4))["t"] == "ack"
    await pump(actor)
    assert actor.room.run.state.picks[1] is not None


async def test_a_removed_player_gets_a_bot_and_the_game_goes_on_at_once():
    actor, tv, (ana, bo), _ = await playing()
    await turn(actor, [Command(ana, 10, {"type": "Pick", "number": 2})])
    assert (await host(actor, tv, lobby.RemovePlayer(bo.player), 3))["t"] == "ack"
    await pump(actor)
    assert actor.room.run.state.round == 2
    # every screen is told why the seat plays on without Bo, and can still name it: Bo is out of the
    # lobby's players and in its removed seats
    state = await latest(ana)
    assert [(n["kind"], n["player"], n["name"]) for n in state["lobby"]["notices"]][-1] == ("removed", bo.player, "Bo")
    assert [p["id"] for p in state["lobby"]["players"]] == [ana.player]
    assert state["lobby"]["removed"] == [{"id": bo.player, "name": "Bo", "seat": 1}]
    # and between games nobody is removed any more
    assert (await host(actor, tv, lobby.EndGame(), 4))["t"] == "ack"
    state = await latest(ana)
    assert state["lobby"]["removed"] == [] and [p["id"] for p in state["lobby"]["players"]] == [ana.player]


async def test_a_turn_timer_move_is_announced_timed_out():
    actor, tv, (ana, bo), _ = await playing()
    await turn(actor, [Command(bo, 10, {"type": "Pick", "number": 2})])
    assert (await host(actor, tv, lobby.SetTurnTimer(30), 3))["t"] == "ack"
    await turn(actor, [_timed_out(actor)])
    state = await latest(tv)
    assert [(n["kind"], n["name"]) for n in state["lobby"]["notices"]][-1] == ("timed_out", "Ana")


async def test_a_turn_clock_that_ran_out_with_no_move_to_play_starts_again_on_every_screen(monkeypatch):
    # Given a 30 s turn clock that started at 1,000 ms by the hub's clock
    from server import timers

    monkeypatch.setattr(timers, "wall_ms", lambda: 1_000)
    actor, tv, (ana, bo), _ = await playing()
    assert (await host(actor, tv, lobby.SetTurnTimer(30), 3))["t"] == "ack"
    since = actor.timers.clock_since
    assert (await latest(ana))["lobby"]["turn_clock"] == {"since": since, "seconds": 30, "started": 1_000}
    # When it runs out 30 s later and no bot has a move to play for the seats it waits on
    monkeypatch.setattr(timers, "wall_ms", lambda: 31_000)
    monkeypatch.setattr(actor.bots, "move", lambda *args: None)
    await turn(actor, [_timed_out(actor)])
    # Then the turn's clock starts again, and every screen is shown its new start (nothing was stored)
    for screen in (tv, ana, bo):
        assert (await latest(screen))["lobby"]["turn_clock"] == {"since": since, "seconds": 30, "started": 31_000}


def _timed_out(actor: RoomActor):
    """The turn clock's message, as if it had run out now."""
    from server.inbox import TurnTimedOut

    actor.timers._clock_deadline = 0.0
    return TurnTimedOut(actor.timers.clock_since)


# --- a seat changes device only in the open ---------------------------------------------------


async def test_reclaim_is_refused_for_a_connected_or_recent_seat_and_allowed_after_the_grace():
    actor, tv, (ana, bo, cy), (_, bo_token, _) = await party()
    # A connected seat: refused, with the whole grace to wait
    answer = await host(actor, ana, lobby.ReclaimSeat(bo.player))
    assert answer["code"] == "host/seat_connected"
    assert answer["params"] == {"name": "Bo", "seconds": int(actor.config.grace_party)}
    # A seat gone 5 s: refused, with the seconds still to wait
    await leave(actor, bo, ago=5.0)
    answer = await host(actor, ana, lobby.ReclaimSeat(bo.player), 2)
    assert answer["code"] == "host/seat_connected" and answer["params"]["seconds"] == int(actor.config.grace_party) - 5
    # Past the grace: the code goes to the asker only
    actor.presence.left_at[bo.player] -= actor.config.grace_party
    answer = await host(actor, ana, lobby.ReclaimSeat(bo.player), 3)
    assert answer["t"] == "reclaim_code"
    assert not [f for c in (tv, cy) for f in await frames(c) if answer["code"] in repr(f)]
    # When a new device uses it, the move is announced by the host phone's player
    new = client("player")
    assert (await attach(actor, new, reclaim=answer["code"]))["player"] == bo.player
    for screen in (tv, cy, new):
        notice = (await latest(screen))["lobby"]["notices"][-1]
        assert (notice["kind"], notice["player"], notice["name"], notice["by"]) == ("seat_moved", bo.player, "Bo", "Ana")
    # And the old token is told its seat moved, not that it is bad
    with pytest.raises(lobby.RoomRejected) as refused:
        await attach(actor, client("player"), token=bo_token)
    assert refused.value.code.value == "room/seat_moved" and refused.value.close == 1008


# --- timers ------------------------------------------------------------------------------------


async def test_a_host_action_never_restarts_the_turn_clock():
    actor, tv, (ana, bo), _ = await playing()
    assert (await host(actor, tv, lobby.SetTurnTimer(30), 3))["t"] == "ack"
    since, started = actor.timers.clock_since, actor.timers._clock_started
    wall = actor.timers.clock_started_ms
    assert (await latest(ana))["lobby"]["turn_clock"] == {"since": since, "seconds": 30, "started": wall}
    # When the host gives Ana extra time, locks the room, a new phone joins and Bo's phone leaves
    assert (await host(actor, tv, lobby.GiveExtraTime(ana.player, True), 4))["t"] == "ack"
    assert (await host(actor, tv, lobby.Lock(False), 5))["t"] == "ack"
    assert (await host(actor, tv, lobby.AddBot(None), 6))["t"] == "ack"
    await turn(actor, [Detach(bo)])
    # Then the turn's clock kept its start; extra time only lengthened it
    assert (actor.timers.clock_since, actor.timers._clock_started) == (since, started)
    assert actor.timers._clock_deadline == pytest.approx(started + 60)
    assert (await latest(ana))["lobby"]["turn_clock"] == {"since": since, "seconds": 60, "started": wall}
    # When a move changes the game, a new clock starts
    await turn(actor, [Command(ana, 10, {"type": "Pick", "number": 1})])
    assert actor.timers.clock_since == actor.room.version


# --- hints ---------------------------------------------------------------------------------------


async def test_a_seated_player_is_told_the_hints_left():
    actor = make_actor(observer=Hints())
    await actor.open("ABCD", "hash")
    tv, ana, bo = client("host"), client("player"), client("player")
    await attach(actor, tv)
    await attach(actor, ana, name="Ana")
    await attach(actor, bo, name="Bo")
    assert "hints" not in (await latest(ana))["you"]  # no game: no hints
    await host(actor, tv, lobby.SelectGame("toy", {}))
    await host(actor, tv, lobby.Start(), 2)
    assert (await latest(ana))["you"]["hints"] == {"left": 2, "off": False}


# --- one authority, always (property) ------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

NAMES = ("Ana", "Bo", "Cy", "Di")
STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("attach"), st.integers(0, 3)),
        st.tuples(st.just("detach"), st.integers(0, 3)),
        st.tuples(st.just("wait"), st.sampled_from((1.0, 5.0, 11.0, 30.0))),
        st.tuples(st.just("name"), st.integers(0, 3)),
        st.tuples(st.just("remove"), st.integers(0, 3)),
        st.tuples(st.just("host_op"), st.integers(0, 3)),
    ),
    max_size=25,
)


async def _authority_scenario(steps) -> None:
    actor = make_actor(grace_host=10.0, grace_party=20.0)
    await actor.open("ABCD", "hash")
    tv = client("host")
    await attach(actor, tv)
    phones: dict[str, Client] = {}  # connected sockets by name
    tokens: dict[str, str] = {}
    seq = 0
    for kind, arg in steps:
        seq += 1
        name = NAMES[arg] if kind != "wait" else ""
        player = next((p for p in actor.room.lobby_players() if p.name == name), None)
        if kind == "attach" and name not in phones:
            c = client("player")
            try:
                hello = {"token": tokens[name]} if name in tokens and player is not None else {"name": name}
                welcome = await attach(actor, c, **hello)
            except lobby.RoomRejected:
                continue
            phones[name] = c
            tokens[name] = welcome["token"] or tokens[name]
        elif kind == "detach" and name in phones:
            await turn(actor, [Detach(phones.pop(name))])
        elif kind == "wait":
            for pid in actor.presence.left_at:
                actor.presence.left_at[pid] -= arg
        elif kind == "name" and player is not None:
            await host(actor, tv, lobby.NameHostPhone(player.id), seq)
        elif kind == "remove" and player is not None:
            await host(actor, tv, lobby.RemovePlayer(player.id), seq)
            phones.pop(name, None)
            tokens.pop(name, None)
        elif kind == "host_op" and name in phones:
            await host(actor, phones[name], lobby.Lock(not actor.room.locked), seq)
        await turn(actor, [PresenceDue()])  # what the grace timer posts when a grace runs out
        # Then there is exactly one authority, and the rules say which
        room, now = actor.room, time.monotonic()
        who_rules, player_id = actor.authority(room, now)
        connected = [p.id for p in room.lobby_players() if p.token_hash is not None and p.id in actor.players]
        if who_rules == "phone":
            holder = room.player(player_id)
            assert player_id == room.host_phone and holder is not None and not holder.gone and holder.token_hash
            assert player_id in actor.players or actor.gone_for(player_id, now) < actor.config.grace_host
        else:
            assert who_rules == "tv" and not connected  # the TV is the fallback only while no human is here
        shown = (await latest(tv))["lobby"]["authority"]
        assert shown == {"kind": who_rules, "player": player_id}


@settings(max_examples=60, deadline=None)
@given(STEPS)
def test_there_is_always_exactly_one_authority_as_the_rules_say(steps):
    asyncio.run(_authority_scenario(steps))
