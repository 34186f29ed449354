"""What a room's lobby is made from, gathered from its actor after every change.

After each turn that changed something, fan-out asks whether the lobby's
inputs (``server.views.lobby_inputs``: the room's settings, who is
connected, who is away or absent, who is in charge, the turn clock) are
equal to the last change's (``server.fanout._lobby``).  Then the lobby map
is the very same object as last time, and the differ skips it.  Nearly
every move leaves them equal.

:func:`lobby_inputs` is that gathering, in Python; the compiled fast lane
(server/fastlane/_inputs.pyx, ``Inputs``) gathers equal tuples with the
room's and players' fields read at their slots, and gives back the last
tuple itself when nothing changed (no new set of who is connected, no new
tuple).  tests/server/test_fastlane_inputs.py holds the two equal.
"""

from __future__ import annotations

from typing import Any

from server import views


def lobby_inputs(actor: Any, now: float, last: tuple | None = None) -> tuple:
    """``views.lobby_inputs`` for ``actor``'s room at monotonic time ``now``, as the actor knows it.

    ``last`` is the inputs the caller compares these with; the compiled
    twin gives that very tuple back when it is equal, this one ignores it.
    """
    room = actor.room
    timers = actor.timers
    clock = timers.turn_clock(room, actor.games) if timers.clock_since is not None else None
    presence, connected = actor.presence, actor.players  # (the actor's absent and authority, without their wrappers)
    return views.lobby_inputs(
        room, actor.games, frozenset(connected), actor.host is not None, len(actor.spectators),
        absent=presence.absent(room, connected, now), authority=presence.authority(room, connected, now), turn_clock=clock,
    )
