"""A turn of several moves (Splittissimo's tricks, then its end) is played out whole by the bot when the
turn timer runs out or a class's teacher asks: one move per timer period would hold the table for as many
periods as the bot makes tricks.  The room actor driven with messages, no sockets (as test_presence)."""

from __future__ import annotations

import asyncio

import test_presence
from test_presence import _timed_out, attach, client, host, latest, stored, turn

from games.registry import get_game
from server import lobby, roomstate
from server.bots import Bots
from server.inbox import HandOver

SPLITTISSIMO = {"splittissimo": get_game("splittissimo")}


async def _dealt(actor) -> None:
    """Take the actor's turns its own timers post (the deal's) until the first turn begins."""
    for _ in range(100):
        if actor.room.run.state.phase != "dealing":
            return
        await asyncio.sleep(0.01)
        batch = actor.inbox.take(64, stop_after=HandOver)
        if batch:
            await turn(actor, batch)
    raise AssertionError("the deal never ended")


async def _splittissimo_with_a_trick_first(monkeypatch):
    """Ana and Bo at Splittissimo (standard, no reaction window), at a deal where the active seat's bot
    makes a trick before it ends its turn; (actor, tv, phones by seat, the active seat)."""
    monkeypatch.setattr(test_presence, "GAMES", SPLITTISSIMO)
    for seed in range(1, 200):
        monkeypatch.setattr("server.room.secrets.randbits", lambda bits, seed=seed: seed)
        actor = test_presence.make_actor()
        await actor.open("ABCD", "hash")
        tv = client("host")
        await attach(actor, tv)
        phones = []
        for name in ("Ana", "Bo"):
            phone = client("player")
            await attach(actor, phone, name=name)
            phones.append(phone)
        options = {"level": "standard", "reaction_ms": 0}
        assert (await host(actor, tv, lobby.SelectGame("splittissimo", options)))["t"] == "ack"
        assert (await host(actor, tv, lobby.Start(), 2))["t"] == "ack"
        await _dealt(actor)
        state = actor.room.run.state
        active = state.active
        first = Bots().move(actor.room, actor.games, active, None)
        if first is not None and any(type(e).__name__ == "TrickTaken" for e in first):
            return actor, tv, phones, active
    raise AssertionError("no deal in 200 seeds gives the first player a trick")


async def test_the_turn_timer_plays_out_a_whole_turn_of_tricks_at_once(monkeypatch):
    actor, tv, phones, active = await _splittissimo_with_a_trick_first(monkeypatch)
    turn_no = actor.room.run.state.turn
    assert (await host(actor, tv, lobby.SetTurnTimer(30), 3))["t"] == "ack"
    await turn(actor, [_timed_out(actor)])
    state = actor.room.run.state
    assert state.active != active or state.turn != turn_no  # the turn is over: the table waits for someone else
    log = await stored(actor)
    markers = [e for e in log if isinstance(e, roomstate.DefaultMovePlayed)]
    assert len(markers) >= 2 and {m.seat for m in markers} == {active}  # a trick, then the end of the turn
    # the room is told once ("time ran out: a bot moved for Ana"), not once per move
    assert [m.announce for m in markers] == [True] + [False] * (len(markers) - 1)
    assert [n.kind for n in actor.room.notices].count("timed_out") == 1
    for phone in phones:
        await latest(phone)


async def test_the_teachers_play_turn_plays_out_a_whole_turn_and_is_refused_for_a_seat_not_on_turn(monkeypatch):
    actor, tv, phones, active = await _splittissimo_with_a_trick_first(monkeypatch)
    other = 1 - active
    player = actor.room.run.seats
    refused = await host(actor, tv, lobby.PlayTurn(player[other]), 3)
    assert (refused["t"], refused["code"]) == ("error", "room/not_playing")
    assert not [e for e in await stored(actor) if isinstance(e, roomstate.DefaultMovePlayed)]
    assert (await host(actor, tv, lobby.PlayTurn(player[active]), 4))["t"] == "ack"
    assert actor.room.run.state.active == other
    markers = [e for e in await stored(actor) if isinstance(e, roomstate.DefaultMovePlayed)]
    assert len(markers) >= 2 and {m.player for m in markers} == {player[active]}
