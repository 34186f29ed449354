"""Hints: advice for the asking seat, from a game's optional pure ``hints`` module.

A game may offer ``GameSpec.hint(state, seat)`` returning an attrs value or None (Splittissimo: a trick the seat can take, built from
its own hand and the open cards only).  The answer goes to the asking seat
alone.  Games without one answer ``hint/unavailable``; ``"hint": null``
means there is nothing to suggest right now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from protocol.errors import ProtocolError
from protocol.frames import Hint
from protocol.gamecodec import to_wire

if TYPE_CHECKING:
    from server.connection import Client
    from server.room import RoomActor


def hint_for(actor: "RoomActor", client: "Client", seq: int) -> Hint:
    room = actor.room
    if client.role != "player" or client.player is None:
        raise ProtocolError("only players ask for hints", code="auth/forbidden")
    player = room.player(client.player)
    if room.run is None or player is None or player.seat is None:
        raise ProtocolError("no game is running for you", code="room/not_playing")
    fn = actor.games[room.run.game].hint
    if fn is None:
        raise ProtocolError("this game has no hints", code="hint/unavailable")
    advice = fn(room.run.state, player.seat)
    return Hint(seq=seq, hint=to_wire(advice) if advice is not None else None)
