"""The room's clock arms a bot turn exactly when a bot (or a bot standing in) has something to do.

``RoomTimers.schedule`` runs after every change; it looks for bots among
the room's players only when the players changed (the same tuple
otherwise), so these tests change the players between schedules in every
way that matters: a stand-in set and ended, a seat handed to a bot.
"""

from __future__ import annotations

import asyncio

from server import roomstate
from server.config import HubConfig
from server.inbox import BotTurn
from server.loadtest import counter
from server.timers import RoomTimers

GAMES = {"counter": counter.GAME}


def room_with(players: int, *, bot_at: int | None = None) -> roomstate.Room:
    """A counter game under way: humans, one of them maybe a bot from the start."""
    events: list = [roomstate.RoomOpened(room="r", code="BCDF", host_hash="x")]
    for pid in range(players):
        if pid == bot_at:
            events.append(roomstate.BotAdded(player=pid, name="Bot", bot="bump"))
        else:
            events.append(roomstate.PlayerJoined(player=pid, name=f"P{pid}", token_hash=f"h{pid}"))
    events += [
        roomstate.GameSelected(game="counter", options={}),
        roomstate.GameStarted(game="counter", options={}, seed=1, seats=tuple(range(players))),
    ]
    room = roomstate.Room(id="r")
    for event in events:
        room = roomstate.evolve(room, event, GAMES)
    return room


def timers() -> tuple[RoomTimers, list]:
    posted: list = []
    return RoomTimers(posted.append, HubConfig(bot_delay=60.0)), posted


async def test_no_bot_no_bot_turn_and_a_stand_in_arms_one_at_the_next_change():
    # Given a room of humans: no bot turn, move after move
    clock, _ = timers()
    room = room_with(3)
    for _ in range(3):
        clock.schedule(room, GAMES)
        assert clock._bot is None
        room = roomstate.evolve(room, counter.Bumped(seat=0), GAMES)  # a move: the same players
    # When a bot stands in for player 1: the next schedule arms a bot turn
    room = roomstate.evolve(room, roomstate.StandInSet(player=1, on=True), GAMES)
    clock.schedule(room, GAMES)
    assert clock._bot is not None
    clock.cancel()
    # And once it fired and the human is back, none is armed again
    clock.bot_turn_fired()
    room = roomstate.evolve(room, roomstate.StandInSet(player=1, on=False), GAMES)
    clock.schedule(room, GAMES)
    assert clock._bot is None


async def test_a_seat_handed_to_a_bot_and_a_bot_from_the_start_are_seen():
    clock, _ = timers()
    room = room_with(2)
    clock.schedule(room, GAMES)
    assert clock._bot is None
    room = roomstate.evolve(room, roomstate.SeatHandedToBot(player=0, bot="bump"), GAMES)
    clock.schedule(room, GAMES)
    assert clock._bot is not None
    clock.cancel()
    # A room with a bot from the start, scheduled by a fresh clock
    clock, _ = timers()
    clock.schedule(room_with(3, bot_at=2), GAMES)
    assert clock._bot is not None
    clock.cancel()


async def test_the_armed_bot_turn_posts_its_message():
    posted: list = []
    clock = RoomTimers(posted.append, HubConfig(bot_delay=0.0))
    clock.schedule(room_with(2, bot_at=1), GAMES)
    for _ in range(50):
        if posted:
            break
        await asyncio.sleep(0.01)
    assert any(isinstance(message, BotTurn) for message in posted)
    clock.cancel()
