"""Computer players: a random one and a stronger one (see ``strategy``).

Bots see only their seat's view and legal commands (DESIGN.md section 3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.contract import BotFactory
from games.new_york_slice.strategy import StrongBot
from games.rng import Rng


class RandomBot:
    """Any legal command, uniformly: the engine's fuzzer."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed
        self.turn = 0

    def act(self, view: Any, legal: Sequence[Any]) -> Any | None:
        if not legal:
            return None
        self.turn += 1
        return Rng(self.seed, "random-bot", self.seat, self.turn).choice(legal)


BOTS: dict[str, BotFactory] = {"random": RandomBot, "strong": StrongBot}
