"""The lobby's inputs gathered by the compiled lane (server/fastlane/_inputs.pyx) and by server/inputs.py alike.

Each drawn case is one room actor: a room of a real game (or of none), its
players humans or bots, some removed, some stood in for, a host phone or
none, a class table or a party, locked, closed, with a turn timer; who of
them has a socket here, when the others' last socket left, the graces, a
running turn clock, the TV and the spectators.  Both twins must gather equal
inputs, and the compiled one must give back the caller's last inputs
themselves when they are equal (that is how a move that changes none of
them costs no new tuple and no new set).
"""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import values
from server import inputs, roomstate, views
from server.config import HubConfig
from server.hub import load_games
from server.loadtest import counter
from server.metrics import Metrics
from server.room import RoomActor, RoomShared

try:
    from server.fastlane._inputs import Inputs
except ImportError:  # no compiler at install time: only the pure twin exists
    Inputs = None

pytestmark = pytest.mark.skipif(Inputs is None, reason="the compiled fast lane was not built")

GAMES = {**load_games(), "counter": counter.GAME}
PLAYERS = {"pizza_theory": (2, 3), "new_york_slice": (2, 6), "splittissimo": (2, 5), "counter": (1, 6)}
#: Graces as the config may hold them: whole numbers too (compared with float clocks alike).
GRACES = st.sampled_from([0, 1, 2.5, 12.0, 20])
#: Moments (monotonic seconds) from a few values, so a departure plus a grace often falls exactly on ``now``.
MOMENTS = st.sampled_from([0, 1.0, 2.5, 10, 12.0, 20, 22.5, 32.0]) | st.floats(0, 100)


def compiled() -> object:
    assert Inputs is not None
    from server.presence import NOBODY

    return Inputs(roomstate, inputs, NOBODY)


@st.composite
def actors(draw: st.DrawFn) -> tuple[RoomActor, float]:
    """A room actor as the hub holds one, and a moment ``now`` (monotonic seconds)."""
    config = HubConfig(grace_host=draw(GRACES), grace_party=draw(GRACES), grace_class=draw(GRACES), bot_delay=1e6)
    shared = RoomShared(games=GAMES, store=None, config=config, metrics=Metrics(), catalog=views.catalog(GAMES))
    game = draw(st.sampled_from([None, *sorted(GAMES)]))
    low, high = PLAYERS.get(game, (0, 4))
    count = draw(st.integers(low, high))
    events: list = [roomstate.RoomOpened(room="r", code="BCDF", host_hash="x", no_tv=draw(st.booleans()))]
    humans = []
    for pid in range(count):
        if draw(st.integers(0, 3)) == 0:
            events.append(roomstate.BotAdded(player=pid, name=f"Bot{pid}", bot="easy"))
        else:
            events.append(roomstate.PlayerJoined(player=pid, name=f"P{pid}", token_hash=f"h{pid}"))
            humans.append(pid)
    if humans and draw(st.booleans()):
        events.append(roomstate.HostPhoneNamed(player=draw(st.sampled_from(humans)), reason="named"))
    if draw(st.booleans()):
        events.append(roomstate.RoomLocked(locked=True))
    if draw(st.booleans()):
        events.append(roomstate.TurnTimerSet(seconds=draw(st.sampled_from([15, 30]))))
    if draw(st.booleans()):
        events.append(roomstate.StandInsAllowed(allowed=False))
    if game is not None:
        events.append(roomstate.GameSelected(game=game, options={}))
        if count and draw(st.booleans()):
            seats = tuple(draw(st.permutations(range(count))))
            events.append(roomstate.GameStarted(game=game, options={}, seed=draw(st.integers(0, 99)), seats=seats))
            for pid in humans:
                what = draw(st.integers(0, 5))
                if what == 0:
                    events.append(roomstate.PlayerRemoved(player=pid))  # removed during a game: gone, a bot finishes
                elif what == 1:
                    events.append(roomstate.StandInSet(player=pid, on=True))
    room = roomstate.Room(id="r")
    for event in events:
        room = roomstate.evolve(room, event, GAMES)
    if room.run is not None and draw(st.booleans()):  # sometimes the game is over
        spec = GAMES[room.run.game]
        state = room.run.state
        for _ in range(400):
            if spec.is_terminal(state):
                break
            seat = next((s for s in range(len(room.run.seats)) if spec.legal_commands(state, s)), None)
            if seat is None:
                timer = spec.next_timer(state)
                if timer is None:
                    break
                seat, command = -1, timer.command
            else:
                command = spec.legal_commands(state, seat)[0]
            for event in spec.decide(state, seat, command):
                state = spec.evolve(state, event)
        room = values.replace(room, run=values.replace(room.run, state=state))
    if room.players and draw(st.booleans()):  # any mix of the flags read, whatever the events allow
        players = list(room.players)
        for at, player in enumerate(players):
            if draw(st.booleans()):
                players[at] = values.replace(
                    player, gone=draw(st.booleans()), token_hash=draw(st.sampled_from(["h", "h", None])), stand_in=draw(st.booleans())
                )
        room = values.replace(room, players=tuple(players))
    if draw(st.integers(0, 3)) == 0:
        room = values.replace(room, class_table=True)
    if draw(st.integers(0, 5)) == 0:
        room = roomstate.evolve(room, roomstate.RoomClosed(reason="test"), GAMES)
    actor = RoomActor(room, shared)
    now = draw(MOMENTS)
    actor.presence.started = draw(MOMENTS)
    for pid in humans:
        where = draw(st.integers(0, 2))
        if where == 0:
            actor.players[pid] = object()  # a socket here
        elif where == 1:
            actor.presence.left_at[pid] = draw(MOMENTS)  # gone since then (else: never seen here)
    actor.host = object() if draw(st.booleans()) else None
    actor.spectators = {object() for _ in range(draw(st.integers(0, 3)))}
    if draw(st.booleans()):
        actor.timers.clock_since, actor.timers.clock_started_ms = room.version, 1_700_000_000_000
    return actor, now


@settings(max_examples=500, deadline=None)
@given(actors(), st.data())
def test_both_twins_gather_equal_inputs_and_the_last_ones_come_back_when_equal(case, data):
    actor, now = case
    lane = compiled()
    lobby = inputs.lobby_inputs(actor, now)
    # With nothing to compare with, and with the same inputs gathered before: equal, and then the very last tuple
    assert lane.lobby_inputs(actor, now) == lobby
    same = inputs.lobby_inputs(actor, now)
    assert lane.lobby_inputs(actor, now, same) is same
    # And compared with the inputs of a moment before a change (a socket came or went, or another
    # took its place, time passed, the room moved on, a spectator came), equal to what the twin gathers now
    change = data.draw(st.sampled_from(["socket", "swap", "time", "room", "field", "spectator"]))
    before = lobby
    if change == "socket":
        if actor.players:
            actor.players.pop(next(iter(actor.players)))
        else:
            actor.players[-1] = object()
    elif change == "swap":  # as many sockets as before, not the same players'
        gone = next(iter(actor.players), None)
        if gone is not None:
            actor.players.pop(gone)
        actor.players[-1] = object()
    elif change == "time":
        now += data.draw(st.sampled_from([0.0, 2.5, 10, 12.0, 20]) | st.floats(0, 50))
    elif change == "room":
        actor.room = values.replace(actor.room, locked=not actor.room.locked, version=actor.room.version + 1)
    elif change == "field":  # a field the inputs hold as it is, given another value (the compiled twin compares
        # these by address first): its players in another order, or a setting changed
        room = actor.room
        field = data.draw(st.sampled_from(["players", "code", "options", "turn_timer", "host_phone", "no_tv", "notices"]))
        other = {
            "players": tuple(reversed(room.players)) if len(room.players) > 1 else room.players + room.players,
            "code": room.code + "X",
            "options": {**room.options, "x": 1},
            "turn_timer": room.turn_timer + 30,
            "host_phone": None if room.host_phone is not None else (room.players[0].id if room.players else 7),
            "no_tv": not room.no_tv,
            "notices": room.notices + (object(),),
        }[field]
        actor.room = values.replace(actor.room, **{field: other})
    else:
        actor.spectators.add(object())
    assert lane.lobby_inputs(actor, now, before) == inputs.lobby_inputs(actor, now)


def test_the_hub_uses_the_compiled_inputs_when_the_lane_is_compiled():
    from server import fastlane

    if fastlane.LANE != "compiled":
        pytest.skip("the lane runs pure here")
    assert type(fastlane.lobby_inputs.__self__) is Inputs


def test_a_room_of_another_class_is_gathered_by_the_twin():
    # A subclass of Room (a test's stand-in) is not read at the slots: the twin gathers its inputs
    class OtherRoom(roomstate.Room):
        pass

    shared = RoomShared(games=GAMES, store=None, config=HubConfig(), metrics=Metrics(), catalog=views.catalog(GAMES))
    actor = RoomActor(OtherRoom(id="r", code="BCDF"), shared)
    now = time.monotonic()
    lane = compiled()
    assert lane.lobby_inputs(actor, now) == inputs.lobby_inputs(actor, now)
