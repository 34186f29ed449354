"""Find games by id.

Each game package exposes ``GAME`` (a :class:`games.contract.GameSpec`).  The
registry imports them lazily so that one game's import error cannot stop the
others from loading, and so ``pizzanight conformance`` can report a missing
game as a failed check rather than crash.
"""

from __future__ import annotations

import importlib
from typing import Any

from games.contract import GameSpec

#: Every game Pizza Night offers, in the order a host screen lists them.
GAME_IDS: tuple[str, ...] = ("pizza_theory", "new_york_slice", "splittissimo")


class UnknownGame(LookupError):
    """No game with that id."""


def get_game(game_id: str) -> GameSpec[Any, Any, Any, Any]:
    if game_id not in GAME_IDS:
        raise UnknownGame(game_id)
    module = importlib.import_module(f"games.{game_id}")
    spec: GameSpec[Any, Any, Any, Any] = module.GAME
    return spec


def all_games() -> list[GameSpec[Any, Any, Any, Any]]:
    return [get_game(game_id) for game_id in GAME_IDS]
