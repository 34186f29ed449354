"""The room's grace timer (issue 26): armed when presence, hosting or a running game change, or when
it fired; left as it is by a move that changes none of them (it was re-armed after every move)."""

from __future__ import annotations

from test_presence import leave, playing, turn

from server.inbox import Command, Detach, PresenceDue


async def test_a_move_leaves_the_grace_timer_alone_and_a_departure_or_the_timer_firing_rearms_it():
    # Given Ana and Bo playing, and Bo's phone just gone: his grace timer runs
    actor, tv, (ana, bo), _ = await playing()
    assert actor.timers._presence is None  # everyone here: no grace is running
    await turn(actor, [Detach(bo)])
    armed = actor.timers._presence
    assert armed is not None
    # When Ana moves
    version = actor.room.version
    await turn(actor, [Command(ana, 10, {"type": "Pick", "number": 2})])
    assert actor.room.version > version
    # Then the timer is the one armed before, for the same moment
    assert actor.timers._presence is armed and not armed.cancelled()
    # When Ana's phone goes too, it is armed again
    await turn(actor, [Detach(ana)])
    again = actor.timers._presence
    assert again is not armed and armed.cancelled() and again is not None
    # And when the timer fires, the next deadline is computed afresh (Bo's grace ran out: a bot stands in)
    await leave(actor, bo, ago=actor.config.grace_party + 1)
    await turn(actor, [PresenceDue()])
    assert actor.room.player(bo.player).stand_in
    assert actor.timers._presence is not again and actor.timers._presence is not None
