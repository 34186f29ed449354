"""Why Pizza Theory refuses a command: a closed set of codes (DESIGN.md section 3).

Shared situations (not your turn, game over, ...) use :class:`games.contract.Code`;
these are the ones only this game has.  The value is what goes on the wire.
"""

from __future__ import annotations

import enum


class PizzaTheoryCode(str, enum.Enum):
    """Pizza Theory's own rejection codes (the shared ones are ``contract.Code``)."""

    NOT_A_SPACE = "topping/not_a_space"
    SPACE_TAKEN = "topping/space_taken"
    NEXT_TO_OWN = "topping/next_to_own"
    NOT_TOUCHING_CUTTER = "topping/not_touching_cutter"
    NO_SUCH_LINE = "cut/no_such_line"
    ALREADY_CHOSEN = "cut/already_chosen"
