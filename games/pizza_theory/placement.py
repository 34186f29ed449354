"""Where a topping may go (RULES-NOTES 1.4 step 1, 1.6 step 2).

Shared by ``decide``, ``legal_commands``, the views, the bots and the
conformance check, so the not-next-to-your-own rule exists once.
"""

from __future__ import annotations

from games.memo import SameInputs
from games.pizza_theory import board


def _placeable(cells: tuple[str | None, ...], colour: str) -> tuple[int, ...]:
    """Empty spaces not next to any topping of ``colour`` (RULES-NOTES 1.4), ascending."""
    taken = near = 0
    for space, here in enumerate(cells):
        if here is not None:
            taken |= 1 << space
            if here == colour:
                near |= board.NEIGHBOUR_MASKS[space]
    return board.spaces_of(board.FULL_MASK & ~taken & ~near)


#: The same board is asked three times after a topping goes down (does the next placer have a space,
#: their legal commands, the view's spaces): worked out once per board object and colour.
placeable = SameInputs(_placeable)


def touching_empty(cells: tuple[str | None, ...], family: str, line: int) -> tuple[int, ...]:
    """Empty spaces touching a cut: where the neutral topping may go (RULES-NOTES 1.6)."""
    return tuple(space for space in sorted(board.TOUCHING[(family, line)]) if cells[space] is None)
