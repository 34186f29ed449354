"""What players and the room may ask for (imperative names, DESIGN.md section 6).

Cards are named by id (see :mod:`games.splittissimo.cards`).  Interrupts
carry the number of the turn they aim at, so that when two players race,
the one whose command arrives second is told it came too late instead of
hitting the next turn by accident.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Deal:
    """Room only: shuffle and deal (sent at once when the game starts)."""


@attrs.frozen
class CloseReactionWindow:
    """Room only: the reaction window of ``turn`` has run its length."""

    turn: int


@attrs.frozen
class TakeTrick:
    """Play ``hand`` cards against ``table`` cards (open table cards, or pile tops)."""

    hand: tuple[int, ...]
    table: tuple[int, ...]


@attrs.frozen
class EndTurn:
    """Stop taking tricks (after at least one) and draw back up."""


@attrs.frozen
class Pass:
    """No trick is possible: draw one card and pass the turn."""


@attrs.frozen
class PlaySpecialOrder:
    """Take every open Pizza card carrying the Special Order's toppings."""

    card: int
    turn: int


@attrs.frozen
class PlayCancelledOrder:
    """Skip the turn whose reaction window is open."""

    card: int
    turn: int


COMMANDS: tuple[type, ...] = (Deal, CloseReactionWindow, TakeTrick, EndTurn, Pass, PlaySpecialOrder, PlayCancelledOrder)
