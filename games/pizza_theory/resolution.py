"""Replace Toppings as pure functions (RULES-NOTES 1.4 step 3, 1.5).

There is exactly one implementation of the rule, in two layers:

* :func:`settle` decides it: which colours are safe, who leads each slice and
  which toppings must go.  It works on bitmasks (one per colour, bit ``i`` for
  space index ``i``) and plain tuples because the strong bot asks it
  thousands of times a move.
* :func:`resolve` carries it out for the engine and the conformance check:
  removals, then replacements from the leaders' supplies, with the shortage
  order and the would-have counts; :func:`tally` gives just the resulting
  counts, for the bots.

Neither knows about seats or rounds; colours are plain strings, so a
conformance vector's arbitrary colour names work unchanged.
"""

from __future__ import annotations

from typing import Mapping, Sequence

import attrs

from games.pizza_theory.board import spaces_of

Board = tuple  # tuple[str | None, ...], one entry per space index (board.SPACES)


def settle(
    masks: Sequence[int], slice_masks: Sequence[int]
) -> tuple[tuple[bool, ...], list[tuple[list[int], list[int], list[tuple[int, int]]]]]:
    """Decide Replace Toppings: which colours are safe, and per slice its
    counts, its leaders and the toppings that must go.

    Colours are positions in ``masks`` (bit ``i`` of ``masks[k]``: colour ``k``
    holds space ``i``); every colour that matters is listed, safe colours with
    nothing on the pizza included.  Returns ``safe[k]`` and, per slice,
    ``(counts, leaders, gone)`` with ``gone`` as ``(colour, mask)`` pairs.
    Plain lists, because the strong bot asks this thousands of times a move.
    """
    n = len(masks)
    rows = [[(mask & part).bit_count() for mask in masks] for part in slice_masks]
    # RULES-NOTES 1.4: safe = at most one topping in every slice, decided
    # before anything moves; a safe colour's toppings never leave this round.
    tops = [max(column) for column in zip(*rows)] if rows else [0] * n
    safe = tuple(top <= 1 for top in tops)
    verdicts = []
    for part, row in zip(slice_masks, rows):
        most = max(row)
        if not most:
            verdicts.append((row, (), ()))
            continue
        leaders = []
        gone = []
        for k in range(n):
            count = row[k]
            if count == most:
                leaders.append(k)
            elif count and not safe[k]:
                # One leader: every other non-safe colour goes.  Tied leaders:
                # only the colours below the tie go.  All present tied (the
                # three-way tie): nothing goes (RULES-NOTES 1.4).
                gone.append((k, masks[k] & part))
        verdicts.append((row, leaders, gone))
    return safe, verdicts


def _fills(n: int, verdicts) -> tuple[list[int], list[int]]:
    """Per colour: how many of its toppings go back to supply, and the spaces
    (a mask) it must fill as the single leader of a slice."""
    returned = [0] * n
    vacated = [0] * n
    for _, leaders, gone in verdicts:
        for k, mask in gone:
            returned[k] += mask.bit_count()
            if len(leaders) == 1:
                vacated[leaders[0]] |= mask
    return returned, vacated


def tally(masks: Sequence[int], supply: Sequence[int], slice_masks: Sequence[int]) -> list[int]:
    """Each colour's toppings on the pizza after Replace Toppings (for the bots)."""
    _, verdicts = settle(masks, slice_masks)
    returned, vacated = _fills(len(masks), verdicts)
    return [
        mask.bit_count() - back + min(want.bit_count(), left + back)
        for mask, left, back, want in zip(masks, supply, returned, vacated)
    ]


@attrs.frozen
class SliceResult:
    """What happened in one slice: who led and which toppings moved."""

    spaces: tuple[int, ...]
    counts: tuple[tuple[str, int], ...]
    leaders: tuple[str, ...]
    removed: tuple[tuple[int, str], ...]  # (space, colour that left)
    placed: tuple[tuple[int, str], ...]  # (space, colour that arrived)


@attrs.frozen
class Resolution:
    """The board and supplies after Replace Toppings, and how they got there."""

    board: Board
    supply: Mapping[str, int]
    safe: frozenset[str]
    slices: tuple[SliceResult, ...]
    removed: tuple[tuple[int, str], ...]
    placed: tuple[tuple[int, str], ...]
    #: Replacements a leader could not make for want of toppings (RULES-NOTES 1.4 [house]).
    short: Mapping[str, int]
    #: Toppings on the pizza plus ``short``: the tie-break of RULES-NOTES 1.5.
    would_have: Mapping[str, int]

    def full(self) -> tuple[str, ...]:
        """Colours with every topping on the pizza (supply 0), by name."""
        return tuple(sorted(colour for colour, left in self.supply.items() if left == 0))

    def winners(self) -> tuple[str, ...]:
        """RULES-NOTES 1.5: of the full colours, those with the highest would-have count."""
        full = self.full()
        if not full:
            return ()
        best = max(self.would_have[colour] for colour in full)
        return tuple(colour for colour in full if self.would_have[colour] == best)


def resolve(board: Board, supply: Mapping[str, int], slices: Sequence[Sequence[int]]) -> Resolution:
    """Replace Toppings for all slices at once (RULES-NOTES 1.4 step 3).

    ``slices`` partitions the space indices (see ``board.slices``).  Colours on
    the board but missing from ``supply`` count as having none in supply.
    """
    colours = sorted(set(supply) | {colour for colour in board if colour is not None})
    index = {colour: k for k, colour in enumerate(colours)}
    masks = [0] * len(colours)
    for space, colour in enumerate(board):
        if colour is not None:
            masks[index[colour]] |= 1 << space
    slice_masks = [sum(1 << space for space in part) for part in slices]
    safe, verdicts = settle(masks, slice_masks)
    returned, vacated = _fills(len(colours), verdicts)

    # All removals first: removed toppings go back to their owners (RULES-NOTES 1.4).
    after = list(board)
    removed = sorted(
        (space, colours[k]) for _, _, gone in verdicts for k, mask in gone for space in spaces_of(mask)
    )
    for space, _ in removed:
        after[space] = None
    left = {colour: supply.get(colour, 0) + returned[k] for k, colour in enumerate(colours)}

    # Then the leaders fill from their supplies, which now hold their returns.
    # Short of toppings, a leader fills its vacated spaces in ascending (x, y, z)
    # order, i.e. ascending space index (RULES-NOTES 1.4 [house]).
    placed: list[tuple[int, str]] = []
    short = dict.fromkeys(colours, 0)
    for k, mask in enumerate(vacated):
        leader = colours[k]
        spaces = spaces_of(mask)
        fill = spaces[: left[leader]]
        placed.extend((space, leader) for space in fill)
        left[leader] -= len(fill)
        short[leader] = len(spaces) - len(fill)
    placed.sort()
    for space, colour in placed:
        after[space] = colour
    arrived = dict(placed)

    results = []
    for part, part_mask, (row, leaders, _) in zip(slices, slice_masks, verdicts):
        gone = tuple((space, colour) for space, colour in removed if part_mask >> space & 1)
        counts = sorted(((colours[k], n) for k, n in enumerate(row) if n), key=lambda item: (-item[1], item[0]))
        results.append(
            SliceResult(
                spaces=tuple(part),
                counts=tuple(counts),
                leaders=tuple(colours[k] for k in leaders),
                removed=gone,
                placed=tuple((space, arrived[space]) for space, _ in gone if space in arrived),
            )
        )
    on_pizza = dict.fromkeys(colours, 0)
    for colour in after:
        if colour is not None:
            on_pizza[colour] += 1
    return Resolution(
        board=tuple(after),
        supply=left,
        safe=frozenset(colour for colour, is_safe in zip(colours, safe) if is_safe),
        slices=tuple(results),
        removed=tuple(removed),
        placed=tuple(placed),
        short=short,
        would_have={colour: on_pizza[colour] + short[colour] for colour in colours},
    )
