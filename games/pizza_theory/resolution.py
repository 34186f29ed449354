"""Replace Toppings as one pure function (RULES-NOTES 1.4 step 3, 1.5).

The engine, the bots and the conformance check all call :func:`resolve`, so
there is exactly one implementation of the rule.  It knows nothing about seats
or rounds: a board (one colour or ``None`` per space index), each colour's
supply and the slices are all it needs.  Colours are plain strings, so a
conformance vector's arbitrary colour names work unchanged.
"""

from __future__ import annotations

from typing import Mapping, Sequence

import attrs

Board = tuple  # tuple[str | None, ...], one entry per space index (board.SPACES)


@attrs.frozen
class SliceResult:
    """What happened in one slice: who led and which toppings moved."""

    spaces: tuple[int, ...]
    counts: tuple[tuple[str, int], ...]  # colours present, most first then by name
    leaders: tuple[str, ...]  # the colours tied for the most (one: a single leader)
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


def safe_colours(board: Board, colours: Sequence[str], slices: Sequence[Sequence[int]]) -> frozenset[str]:
    """RULES-NOTES 1.4: safe means at most one topping in every slice."""
    unsafe: set[str] = set()
    for spaces in slices:
        seen: set[str] = set()
        for space in spaces:
            colour = board[space]
            if colour is not None:
                if colour in seen:
                    unsafe.add(colour)
                seen.add(colour)
    return frozenset(colour for colour in colours if colour not in unsafe)


def resolve(board: Board, supply: Mapping[str, int], slices: Sequence[Sequence[int]]) -> Resolution:
    """Replace Toppings for all slices at once (RULES-NOTES 1.4 step 3).

    ``slices`` must partition the space indices that matter (see
    ``board.slices``).  Colours on the board but missing from ``supply`` are
    treated as having none in supply.
    """
    colours = sorted(set(supply) | {colour for colour in board if colour is not None})
    # Safety is decided before anything moves (RULES-NOTES 1.4).
    safe = safe_colours(board, colours, slices)

    results: list[SliceResult] = []
    removed: list[tuple[int, str]] = []
    vacated: dict[str, list[int]] = {}
    for spaces in slices:
        counts: dict[str, int] = {}
        for space in spaces:
            colour = board[space]
            if colour is not None:
                counts[colour] = counts.get(colour, 0) + 1
        ordered = tuple(sorted(counts.items(), key=lambda item: (-item[1], item[0])))
        if not counts:
            results.append(SliceResult(tuple(spaces), (), (), (), ()))
            continue
        most = ordered[0][1]
        leaders = tuple(colour for colour, count in ordered if count == most)
        # One leader: every other non-safe colour goes.  Tied leaders: only the
        # colours below the tie go, and nobody replaces them.  When every colour
        # present is tied (the three-way tie) nothing goes (RULES-NOTES 1.4).
        gone = tuple(
            (space, board[space])
            for space in spaces
            if board[space] is not None and board[space] not in leaders and board[space] not in safe
        )
        removed.extend(gone)
        if len(leaders) == 1 and gone:
            vacated.setdefault(leaders[0], []).extend(space for space, _ in gone)
        results.append(SliceResult(tuple(spaces), ordered, leaders, gone, ()))

    # All removals first: removed toppings go back to their owners (RULES-NOTES 1.4).
    after = list(board)
    left = {colour: supply.get(colour, 0) for colour in colours}
    for space, colour in removed:
        after[space] = None
        left[colour] += 1

    # Then replacements from the leaders' supplies, which now hold their returns.
    # Short of toppings, a leader fills its vacated spaces in ascending (x, y, z)
    # order, which is ascending space index (RULES-NOTES 1.4 [house]).
    placed: list[tuple[int, str]] = []
    short = {colour: 0 for colour in colours}
    for leader, spaces in vacated.items():
        ordered_spaces = sorted(spaces)
        fill = ordered_spaces[: left[leader]]
        for space in fill:
            after[space] = leader
            placed.append((space, leader))
        left[leader] -= len(fill)
        short[leader] = len(ordered_spaces) - len(fill)
    placed.sort()
    arrived = {space: colour for space, colour in placed}
    results = [
        attrs.evolve(result, placed=tuple((space, arrived[space]) for space, _ in result.removed if space in arrived))
        for result in results
    ]

    on_pizza = {colour: 0 for colour in colours}
    for colour in after:
        if colour is not None:
            on_pizza[colour] += 1
    would_have = {colour: on_pizza[colour] + short[colour] for colour in colours}
    return Resolution(
        board=tuple(after),
        supply=left,
        safe=safe,
        slices=tuple(results),
        removed=tuple(sorted(removed)),
        placed=tuple(placed),
        short=short,
        would_have=would_have,
    )
