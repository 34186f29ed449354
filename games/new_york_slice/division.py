"""Dividing the ring into portions, and moving a slice between them.

The ring is circular: index ``n - 1`` is next to index ``0``.  A division is
valid when every slice is in exactly one portion, each portion is a clockwise
run of adjacent slices, and the portions plus a Special-only portion (if the
Special stands alone) number exactly the players (RULES-NOTES 2.2).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from games.new_york_slice.codes import NysCode


def runs_from_cuts(n: int, cuts: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Ring indices of each portion when the ring is cut just before each of ``cuts``.

    ``cuts`` are increasing indices; portion ``i`` runs from ``cuts[i]`` up to the
    slice before ``cuts[i + 1]``, and the last one wraps round to ``cuts[0]``.
    """
    out = []
    for i, start in enumerate(cuts):
        end = cuts[i + 1] if i + 1 < len(cuts) else cuts[0] + n
        out.append(tuple(j % n for j in range(start, end)))
    return tuple(out)


def cuts_problem(n: int, cuts: Sequence[int]) -> NysCode | None:
    """Cuts must be distinct ring positions in increasing order, at least one."""
    if not cuts or any(not 0 <= c < n for c in cuts) or any(a >= b for a, b in zip(cuts, cuts[1:])):
        return NysCode.BAD_CUTS
    return None


def division_problem(
    n: int, players: int, portions: Sequence[Sequence[int]], special: int | str | None
) -> NysCode | None:
    """Why this division is illegal, or ``None`` when the Slicer may divide so.

    ``special`` is ``"alone"`` (a Special-only portion), the index of the portion
    the Special joins, or ``None`` when there is no Special this round.
    """
    if special == "alone":
        alone = 1
    elif special is None:
        alone = 0
    elif isinstance(special, int) and not isinstance(special, bool) and 0 <= special < len(portions):
        alone = 0
    else:
        return NysCode.BAD_SPECIAL_PLACE
    if len(portions) + alone != players:
        return NysCode.WRONG_PORTION_COUNT
    seen: set[int] = set()
    for portion in portions:
        if not portion:
            return NysCode.EMPTY_PORTION
        if any(not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < n for i in portion):
            return NysCode.NO_SUCH_SLICE
        if len(portion) > n or any(b != (a + 1) % n for a, b in zip(portion, portion[1:])):
            return NysCode.NOT_A_RUN
        if seen.intersection(portion):
            return NysCode.NOT_A_RUN
        seen.update(portion)
    if len(seen) != n:
        return NysCode.SLICES_LEFT_OUT
    return None


def all_divisions(n: int, players: int) -> Iterator[tuple[tuple[int, ...], int | None]]:
    """Every distinct division as ``(cuts, special)``; ``special`` None is "alone".

    A single portion holding the whole ring is listed once, cut at 0: cutting
    the ring anywhere else gives the same portion.
    """
    for count, places in ((players, range(players)), (players - 1, (None,))):
        if count < 1 or count > n:
            continue
        choices = ((0,),) if count == 1 else itertools.combinations(range(n), count)
        for cuts in choices:
            for place in places:
                yield cuts, place


def division_count(n: int, players: int) -> int:
    return sum(1 for _ in all_divisions(n, players))


def neighbours(open_portions: Sequence[int], portion: int, clockwise: bool) -> int | None:
    """The portion next to ``portion`` among those still on the table.

    Portions are kept in ring order; taken ones have left, so the portions on
    either side of a gap are adjacent (rulebook, Sneak-a-Slice).  ``None`` when
    ``portion`` is alone.
    """
    if portion not in open_portions or len(open_portions) < 2:
        return None
    at = open_portions.index(portion)
    step = 1 if clockwise else -1
    return open_portions[(at + step) % len(open_portions)]
