"""Hints: advice for the asking seat, from the game's optional ``GameSpec.hint``.

``hint(state, seat)`` returns an attrs value or None (Splittissimo: a move the
seat can make, built from its own hand and the open cards only).  The answer
goes to the asking seat alone and names the room version it was computed
from; the actor sends it after the state of that version (issue 15), so a
hint never mentions a card its phone has not been shown.  Games without
hints answer ``hint/unavailable``; ``"hint": null`` means nothing to suggest.
"""

from __future__ import annotations

from collections.abc import Mapping

from games.contract import GameSpec
from protocol.errors import ErrorCode, Forbidden, ProtocolError
from protocol.frames import Hint
from protocol.gamecodec import to_wire
from server.client import Client
from server.lobby import RoomCode, RoomRejected
from server.roomstate import Room


def hint_for(room: Room, games: Mapping[str, GameSpec], client: Client, seq: int) -> Hint:
    if client.role != "player" or client.player is None:
        raise Forbidden("only players ask for hints")
    player = room.player(client.player)
    if room.run is None:
        raise RoomRejected(RoomCode.NOT_PLAYING, "no game is running")
    if player is None or player.seat is None:  # (a late joiner watching the game, as a command from them is told)
        raise RoomRejected(RoomCode.NOT_SEATED, "you have no seat in this game")
    fn = games[room.run.game].hint
    if fn is None:
        raise ProtocolError("this game has no hints", code=ErrorCode.HINT_UNAVAILABLE)
    advice = fn(room.run.state, player.seat)
    return Hint(seq=seq, v=room.version, hint=to_wire(advice) if advice is not None else None)
