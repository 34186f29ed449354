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


async def _two_at_splittissimo(monkeypatch, seed: int, options: dict):
    """Ana and Bo at Splittissimo with ``options``, the room's seed ``seed``, dealt: (actor, tv, phones)."""
    monkeypatch.setattr("server.room.secrets.randbits", lambda bits: seed)
    actor = test_presence.make_actor()
    await actor.open("ABCD", "hash")
    tv = client("host")
    await attach(actor, tv)
    phones = []
    for name in ("Ana", "Bo"):
        phone = client("player")
        await attach(actor, phone, name=name)
        phones.append(phone)
    assert (await host(actor, tv, lobby.SelectGame("splittissimo", options)))["t"] == "ack"
    assert (await host(actor, tv, lobby.Start(), 2))["t"] == "ack"
    await _dealt(actor)
    return actor, tv, phones


async def _splittissimo_with_a_trick_first(monkeypatch):
    """Ana and Bo at Splittissimo (standard, no reaction window), at a deal where the active seat's bot
    makes a trick before it ends its turn; (actor, tv, phones by seat, the active seat)."""
    monkeypatch.setattr(test_presence, "GAMES", SPLITTISSIMO)
    for seed in range(1, 200):
        actor, tv, phones = await _two_at_splittissimo(monkeypatch, seed, {"level": "standard", "reaction_ms": 0})
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


async def test_a_card_another_seat_could_play_neither_lengthens_the_clock_nor_is_played_by_the_timer(monkeypatch):
    """Advanced Splittissimo: a seat may play a Special Order on another's turn, from a hand nobody else sees.

    The game never waits for that, so the turn clock (shown to every screen) must not double for that seat's
    extra time (it did, which told the room what the hand held), and the timer's bot must not play the card
    for its human when the active player runs out of time (it did: the timer played for every seat with a
    legal command).
    """
    monkeypatch.setattr(test_presence, "GAMES", SPLITTISSIMO)
    for seed in range(1, 400):
        actor, tv, phones = await _two_at_splittissimo(monkeypatch, seed, {"level": "advanced", "reaction_ms": 0})
        state = actor.room.run.state
        other = 1 - state.active
        spec = SPLITTISSIMO["splittissimo"]
        if any(type(c).__name__ == "PlaySpecialOrder" for c in spec.legal_commands(state, other)):
            break
    else:
        raise AssertionError("no deal in 400 seeds lets the other seat play a Special Order on the first turn")
    seats = actor.room.run.seats
    # Given a 30 s turn timer, and extra time for the seat that is not on turn (and holds a playable Special Order)
    assert (await host(actor, tv, lobby.SetTurnTimer(30), 3))["t"] == "ack"
    assert (await host(actor, tv, lobby.GiveExtraTime(seats[other], True), 4))["t"] == "ack"
    # Then the clock every screen shows is the active player's 30 s, not 60
    lobby_map = (await latest(tv))["lobby"]
    assert lobby_map["turn_clock"]["seconds"] == 30
    hand_before = actor.room.run.state.hands[other]
    # And when the active player's time runs out, the bot plays their turn only
    await turn(actor, [_timed_out(actor)])
    markers = [e for e in await stored(actor) if isinstance(e, roomstate.DefaultMovePlayed)]
    assert markers and {m.seat for m in markers} == {1 - other}
    assert actor.room.run.state.hands[other] == hand_before or actor.room.run.state.active == other
    for phone in phones:
        await latest(phone)
