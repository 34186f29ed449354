"""Who plays for bots, and what they play: the room's stand-ins for seats without a human.

Bots act only through ``legal_commands`` and ``view`` for their seat
(DESIGN.md section 3).  A bot that crashes or proposes an illegal command
is logged and its seat plays the first legal command instead, so a bad
bot can never stall a room.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from games.contract import GameSpec, Rejected, SeatViewer
from server.lobby import default_bot
from server.logs import event as log_event
from server.roomstate import Room

LOG = logging.getLogger("pizzanight")


def playing_spec(room: Room, games: Mapping[str, GameSpec]) -> GameSpec | None:
    """The running game's spec, or None when no game is in play (lobby, finished, closed)."""
    if room.closed is None and room.run is not None:
        spec = games[room.run.game]
        if not spec.is_terminal(room.run.state):
            return spec
    return None


def bot_seats(room: Room, games: Mapping[str, GameSpec]) -> list[int]:
    """Seats played by a bot (or stood in for by one) that have something to do now."""
    run = room.run
    if run is None:
        return []
    # asked after every move (the clock re-arms): most rooms have no bot, and that is one pass
    # (a bot also stands in for an absent human: Player.stand_in)
    bots = {player.id for player in room.players if player.bot is not None or player.stand_in}
    if not bots:
        return []
    spec = games[run.game]
    return [seat for seat, pid in enumerate(run.seats) if pid in bots and spec.legal_commands(run.state, seat)]


class Bots:
    """The bots of one room's running game, created on first use (they may keep memory)."""

    def __init__(self) -> None:
        self._bots: dict[tuple[int, str], Any] = {}

    def clear(self) -> None:
        """A new game: new bots."""
        self._bots.clear()

    def _bot(self, spec: GameSpec, room: Room, seat: int, kind: str | None) -> Any:
        if kind not in spec.bots:
            kind = default_bot(spec)
        bot = self._bots.get((seat, kind))
        if bot is None:
            assert room.run is not None
            bot = self._bots[(seat, kind)] = spec.bots[kind](seat, room.run.seed * 1000 + seat)
        return bot

    def move(self, room: Room, games: Mapping[str, GameSpec], seat: int, kind: str | None) -> list[Any] | None:
        """The events of ``seat``'s bot playing once, or None when it has nothing to play."""
        assert room.run is not None
        spec = games[room.run.game]
        state = room.run.state
        legal = spec.legal_commands(state, seat)
        if not legal:
            return None
        try:
            command = self._bot(spec, room, seat, kind).act(spec.view(state, SeatViewer(seat)), legal)
        except Exception:
            LOG.exception("bot failed", extra={"fields": {"room": room.code, "seat": seat}})
            command = legal[0]
        if command is None:
            return None
        try:
            return list(spec.decide(state, seat, command))
        except Rejected as exc:
            log_event(logging.WARNING, "bot command rejected", room=room.code, seat=seat, code=exc.code.value)
            return list(spec.decide(state, seat, legal[0]))
