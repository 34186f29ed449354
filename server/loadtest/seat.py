"""A game's own bot playing one seat from what the hub sends that seat.

The bot (``GameSpec.bots``) gets the seat's view and legal commands exactly
as they came over the socket, turned back into the game's values with the
project's strict converter: it knows what a phone knows and nothing more.
"""

from __future__ import annotations

import typing
from typing import Any

from games.contract import GameSpec
from protocol.convert import make_converter
from protocol.gamecodec import GameCodec, to_wire
from protocol.legal import expand

_converter = make_converter(tag=True)


def view_class(spec: GameSpec) -> type:
    """The class of the game's views, from ``view``'s return annotation."""
    return typing.get_type_hints(spec.view)["return"]


class SeatBot:
    def __init__(self, spec: GameSpec, kind: str | None, seat: int, seed: int) -> None:
        kind = kind if kind in spec.bots else next(iter(spec.bots))
        self.bot = spec.bots[kind](seat, seed)
        self.codec = GameCodec.for_game(spec)
        self.view_class = view_class(spec)

    def choose(self, view: Any, legal: list) -> dict | None:
        """The command to send (a wire map), or None when the bot passes."""
        commands = [self.codec.command(c) for c in expand(legal)]  # patterns too (protocol/legal.py)
        command = self.bot.act(_converter.structure(view, self.view_class), commands)
        return None if command is None else to_wire(command)
