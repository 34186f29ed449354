"""One step of a game played by its bots and its clock, with no room or server: for tests that walk a game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.contract import ROOM, GameSpec, SeatViewer


def bot_step(spec: GameSpec, state: Any, bots: Sequence[Any], rng: random.Random) -> list:
    """The events of one step: a random seat with something to do moves as its bot says, else the game's timer runs.

    A bot that has nothing to say plays the seat's first legal command, so
    every step moves the game on.
    """
    seats = [seat for seat in range(len(bots)) if spec.legal_commands(state, seat)]
    if seats:
        seat = rng.choice(seats)
        legal = spec.legal_commands(state, seat)
        command = bots[seat].act(spec.view(state, SeatViewer(seat)), legal) or legal[0]
        return list(spec.decide(state, seat, command))
    return list(spec.decide(state, ROOM, spec.next_timer(state).command))
