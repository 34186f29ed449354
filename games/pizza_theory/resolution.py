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

from collections.abc import Mapping, Sequence

import attrs

from games.pizza_theory.board import spaces_of

#: One entry per space index (board.SPACES): the colour on that space, or None.
Board = tuple[str | None, ...]


def leaders_of(row: Sequence[int]) -> list[int]:
    """The colours tied for the most toppings in a slice (none when it is empty)."""
    most = max(row, default=0)
    return [k for k, count in enumerate(row) if count == most] if most else []


def settle(
    masks: Sequence[int], slice_masks: Sequence[int]
) -> tuple[list[bool], list[list[int]], list[tuple[int, int, int, int]]]:
    """Decide Replace Toppings: which colours are safe and which toppings go.

    Colours are positions in ``masks`` (bit ``i`` of ``masks[k]``: colour
    ``k`` holds space ``i``); every colour that matters is listed, safe colours
    with nothing on the pizza included.  Returns ``safe[k]``, the count of
    each colour in each slice, and every removal as ``(slice index, colour,
    mask of its toppings there, replacing colour or -1)``.  Plain lists and
    ints, because the strong bot asks this thousands of times a move.
    """
    n = len(masks)
    rows = [[(mask & part).bit_count() for mask in masks] for part in slice_masks]
    # RULES-NOTES 1.4: safe = at most one topping in every slice, decided
    # before anything moves; a safe colour's toppings never leave this round.
    safe = [top <= 1 for top in map(max, zip(*rows))] if rows else [True] * n
    gone = []
    for index, row in enumerate(rows):
        most = max(row, default=0)
        if most < 2:
            continue  # nobody can be outnumbered here
        # One leader replaces every other non-safe colour.  Tied leaders: the
        # colours below the tie go and nobody replaces them.  All present tied
        # (the three-way tie): nothing goes (RULES-NOTES 1.4).
        replacer = row.index(most) if row.count(most) == 1 else -1
        part = slice_masks[index]
        for k in range(n):
            count = row[k]
            if count and count < most and not safe[k]:
                gone.append((index, k, masks[k] & part, replacer))
    return safe, rows, gone


def tally(masks: Sequence[int], supply: Sequence[int], slice_masks: Sequence[int]) -> list[int]:
    """Each colour's toppings on the pizza after Replace Toppings (for the bots)."""
    _, _, gone = settle(masks, slice_masks)
    out = [mask.bit_count() for mask in masks]
    if not gone:
        return out
    back = [0] * len(masks)
    want = [0] * len(masks)
    for _, k, mask, replacer in gone:
        count = mask.bit_count()
        back[k] += count
        if replacer >= 0:
            want[replacer] += count
    # Removals first, then each leader fills what it can (RULES-NOTES 1.4).
    return [have - lost + min(need, left + lost) for have, left, lost, need in zip(out, supply, back, want)]


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
    safe, rows, gone = settle(masks, slice_masks)

    # All removals first: removed toppings go back to their owners (RULES-NOTES 1.4).
    after = list(board)
    left = {colour: supply.get(colour, 0) for colour in colours}
    vacated = [0] * len(colours)
    removed: list[tuple[int, str]] = []
    for _, k, mask, replacer in gone:
        left[colours[k]] += mask.bit_count()
        removed.extend((space, colours[k]) for space in spaces_of(mask))
        if replacer >= 0:
            vacated[replacer] |= mask
    removed.sort()
    for space, _ in removed:
        after[space] = None

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
    for part, part_mask, row in zip(slices, slice_masks, rows):
        out = tuple((space, colour) for space, colour in removed if part_mask >> space & 1)
        counts = sorted(((colours[k], n) for k, n in enumerate(row) if n), key=lambda item: (-item[1], item[0]))
        results.append(
            SliceResult(
                spaces=tuple(part),
                counts=tuple(counts),
                leaders=tuple(colours[k] for k in leaders_of(row)),
                removed=out,
                placed=tuple((space, arrived[space]) for space, _ in out if space in arrived),
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
