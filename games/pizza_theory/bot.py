"""Pizza Theory bots.  They see only their seat's view and legal commands.

``random`` plays any legal command.  ``strong`` looks one resolution ahead
with the same rule code the engine uses (``resolution.tally``):

* a cut is the line with the best average outcome over every combination of
  the other cuts (which it cannot see: they are secret until the reveal);
* a topping goes where the average outcome over a sample of all three cuts is
  best, i.e. where it is hardest to take and most likely to help take others;
* a neutral topping goes where it hurts this bot least.

An outcome is scored from the bot's colour: its toppings on the pizza minus
the opponents', with the game's end (RULES-NOTES 1.5) weighing far more.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, TypeVar

from games.contract import BotFactory
from games.pizza_theory import board
from games.pizza_theory import messages as m
from games.pizza_theory.resolution import tally
from games.pizza_theory.state import TOPPINGS
from games.rng import Rng

CommandT = TypeVar("CommandT")

WIN = 100.0
#: How many random cut combinations judge one candidate topping space.
PLACEMENT_SAMPLES = 10


class RandomBot:
    """Any legal command, uniformly: the baseline every other bot must beat."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed
        self.turns = 0

    def act(self, view: Any, legal: Sequence[Any]) -> Any | None:
        if not legal:
            return None
        self.turns += 1
        return Rng(self.seed, "random bot", self.turns).choice(list(legal))


class _Table:
    """The bot's reading of a view: colours by table position, as bitmasks."""

    def __init__(self, view: Any, seat: int) -> None:
        holders = list(view.seats) + ([view.neutral] if view.neutral is not None else [])
        self.colours = [holder.colour for holder in holders]
        self.families = [holder.family for holder in holders]
        self.supply = [holder.supply for holder in holders]
        self.neutral = len(view.seats) if view.neutral is not None else None
        self.neutral_line = view.neutral.line if view.neutral is not None else None
        self.me = seat
        self.axes = [board.AXIS[family] for family in self.families]
        # Own toppings count for, opponents' against: each of two opponents
        # half, a lone opponent fully, the 2-player neutral colour half (it
        # can make both players lose).
        self.weights = [
            1.0 if k == seat else -0.5 if self.neutral is None or k == self.neutral else -1.0
            for k in range(len(holders))
        ]
        position = {colour: k for k, colour in enumerate(self.colours)}
        self.masks = [0] * len(holders)
        for cell in view.board:
            if cell.colour is not None:
                self.masks[position[cell.colour]] |= 1 << board.INDEX[tuple(cell.space)]

    def score(self, counts: Sequence[int]) -> float:
        """How good a resolution's counts are for this bot (RULES-NOTES 1.5 first)."""
        if TOPPINGS in counts:
            if self.neutral is not None and counts[self.neutral] == TOPPINGS:
                return -WIN  # 2 players: the neutral colour filled the pizza, both lose
            full = [k for k, count in enumerate(counts) if count == TOPPINGS]
            return WIN / len(full) if self.me in full else -WIN
        return sum(weight * count for weight, count in zip(self.weights, counts))

    def slice_masks(self, lines: Sequence[int]) -> tuple[int, ...]:
        key = [0, 0, 0]
        for axis, line in zip(self.axes, lines):
            key[axis] = line
        return board.SLICE_MASKS[(key[0], key[1], key[2])]

    def average(self, masks: Sequence[int], supply: Sequence[int], partitions: Sequence[tuple[int, ...]]) -> float:
        """The mean score over the given ways the pizza may be sliced."""
        score = self.score
        return sum(score(tally(masks, supply, parts)) for parts in partitions) / len(partitions)


class StrongBot:
    """One-ply lookahead over the hidden cuts (see the module docstring)."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed
        self.turns = 0

    def act(self, view: Any, legal: Sequence[Any]) -> Any | None:
        if not legal:
            return None
        self.turns += 1
        rng = Rng(self.seed, "strong bot", self.turns)
        first = legal[0]
        if len(legal) == 1:
            return first
        table = _Table(view, self.seat)
        if isinstance(first, m.ChooseCut):
            return self._cut(table, legal, rng)
        if isinstance(first, m.AddTopping):
            return self._topping(table, legal, rng, self.seat)
        if isinstance(first, m.PlaceNeutralTopping) and table.neutral is not None:
            return self._topping(table, legal, rng, table.neutral)
        return rng.choice(list(legal))

    @staticmethod
    def _best(scored: list[tuple[float, CommandT]], rng: Rng) -> CommandT:
        top = max(score for score, _ in scored)
        return rng.choice([command for score, command in scored if score >= top - 1e-9])

    def _cut(self, table: _Table, legal: Sequence[m.ChooseCut], rng: Rng) -> m.ChooseCut:
        # Every other cut is equally likely as far as this seat can know; the
        # 2-player neutral cutter is already on the board.
        others = [k for k in range(len(table.colours)) if k != self.seat]
        known = table.neutral_line
        ranges = [(known,) if k == table.neutral and known is not None else board.LINES for k in others]
        combos = list(itertools.product(*ranges))
        scored = []
        for command in legal:
            lines = [0] * len(table.colours)
            lines[self.seat] = command.line
            partitions = []
            for combo in combos:
                for k, line in zip(others, combo):
                    lines[k] = line
                partitions.append(table.slice_masks(lines))
            scored.append((table.average(table.masks, table.supply, partitions), command))
        return self._best(scored, rng)

    def _topping(self, table: _Table, legal: Sequence[Any], rng: Rng, colour: int) -> Any:
        known = table.neutral_line
        samples = []
        for _ in range(PLACEMENT_SAMPLES):
            lines = [rng.randint(1, 6) for _ in table.colours]
            if table.neutral is not None and known is not None:
                lines[table.neutral] = known
            samples.append(table.slice_masks(lines))
        supply = list(table.supply)
        supply[colour] -= 1
        scored = []
        for command in legal:
            masks = list(table.masks)
            masks[colour] |= 1 << board.INDEX[tuple(command.space)]
            scored.append((table.average(masks, supply, samples), command))
        return self._best(scored, rng)


BOTS: dict[str, BotFactory] = {"random": RandomBot, "strong": StrongBot}
