"""The Pizza Theory board as data (RULES-NOTES 1.1, 1.2, 1.3).

The rulebook's figure is lost, so the geometry is settled by RULES-NOTES:
a hexagon of side 4 on a triangular lattice, addressed by cube coordinates.
Everything the rules need (spaces, neighbours, the three line families, the
rows touching a line, the slices a set of cuts makes, the sectors and their X
start spaces) is computed once here, so no other module holds a geometric
constant.  Spaces are referred to by their *index* in :data:`SPACES`, which is
sorted ascending as integer triples: "ascending (x, y, z) order" (RULES-NOTES
1.4) is then simply ascending index order.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping

Space = tuple[int, int, int]

#: RULES-NOTES 1.1: the hexagon's radius (side 4 means 3 steps from the centre).
RADIUS = 3

#: Every space, sorted ascending as integer triples.
SPACES: tuple[Space, ...] = tuple(
    sorted(
        (x, y, -x - y)
        for x in range(-RADIUS, RADIUS + 1)
        for y in range(-RADIUS, RADIUS + 1)
        if abs(-x - y) <= RADIUS
    )
)
INDEX: dict[Space, int] = {space: i for i, space in enumerate(SPACES)}
ALL: frozenset[int] = frozenset(range(len(SPACES)))

#: RULES-NOTES 1.1: "next to" is one of the six lattice steps.
STEPS: tuple[Space, ...] = ((1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1))

NEIGHBOURS: tuple[frozenset[int], ...] = tuple(
    frozenset(
        INDEX[(x + dx, y + dy, z + dz)]
        for dx, dy, dz in STEPS
        if (x + dx, y + dy, z + dz) in INDEX
    )
    for x, y, z in SPACES
)

#: The neighbours of each space as a bitmask, and every space as one.
NEIGHBOUR_MASKS: tuple[int, ...] = tuple(sum(1 << n for n in near) for near in NEIGHBOURS)
FULL_MASK = (1 << len(SPACES)) - 1

#: RULES-NOTES 1.2: one family of parallel lines per cube coordinate.
FAMILIES: tuple[str, ...] = ("x", "y", "z")
AXIS: dict[str, int] = {family: axis for axis, family in enumerate(FAMILIES)}
LINES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)


def _high_side(family: str, line: int) -> frozenset[int]:
    # RULES-NOTES 1.2: line n lies between rows F = n-4 and F = n-3;
    # a space is on the high side when F >= n-3.
    axis = AXIS[family]
    return frozenset(i for i, space in enumerate(SPACES) if space[axis] >= line - 3)


def _touching(family: str, line: int) -> frozenset[int]:
    # RULES-NOTES 1.2: the two rows beside the line.
    axis = AXIS[family]
    return frozenset(i for i, space in enumerate(SPACES) if space[axis] in (line - 4, line - 3))


HIGH_SIDE: dict[tuple[str, int], frozenset[int]] = {
    (family, line): _high_side(family, line) for family in FAMILIES for line in LINES
}
TOUCHING: dict[tuple[str, int], frozenset[int]] = {
    (family, line): _touching(family, line) for family in FAMILIES for line in LINES
}


def _slices_of(cuts: tuple[tuple[str, int], ...]) -> tuple[tuple[int, ...], ...]:
    groups: dict[tuple[bool, ...], list[int]] = {}
    for i in range(len(SPACES)):
        key = tuple(i in HIGH_SIDE[cut] for cut in cuts)
        groups.setdefault(key, []).append(i)
    # Empty regions never appear: only spaces make groups (RULES-NOTES 1.2).
    return tuple(sorted(tuple(group) for group in groups.values()))


#: Every way to lay at most one cut per family, keyed by (x line, y line, z line)
#: with 0 for "no cut in that family".  343 small partitions: cheap to hold, and
#: the bots evaluate thousands of cuts per move.
SLICES: dict[tuple[int, int, int], tuple[tuple[int, ...], ...]] = {
    lines: _slices_of(tuple((family, line) for family, line in zip(FAMILIES, lines) if line))
    for lines in itertools.product((0, *LINES), (0, *LINES), (0, *LINES))
}


#: The same slices as bitmasks (bit i set: space i is in the slice), for fast counting.
SLICE_MASKS: dict[tuple[int, int, int], tuple[int, ...]] = {
    lines: tuple(sum(1 << i for i in part) for part in parts) for lines, parts in SLICES.items()
}


def mask_of(spaces: Iterable[int]) -> int:
    """A set of space indices as a bitmask."""
    mask = 0
    for i in spaces:
        mask |= 1 << i
    return mask


def spaces_of(mask: int) -> tuple[int, ...]:
    """The space indices in a bitmask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def cut_key(cuts: Mapping[str, int] | Iterable[tuple[str, int]]) -> tuple[int, int, int]:
    """The :data:`SLICES` key for cuts given as family -> line."""
    pairs = cuts.items() if isinstance(cuts, Mapping) else cuts
    key = [0, 0, 0]
    for family, line in pairs:
        key[AXIS[family]] = line
    return (key[0], key[1], key[2])


def slices(cuts: Mapping[str, int] | Iterable[tuple[str, int]]) -> tuple[tuple[int, ...], ...]:
    """The slices (tuples of space indices) made by at most one cut per family."""
    return SLICES[cut_key(cuts)]


#: RULES-NOTES 1.3: the three sectors, fixed in the board frame, clockwise.
SECTOR_NAMES: tuple[str, ...] = ("1st", "2nd", "3rd")
SECTOR_FAMILY: tuple[str, ...] = ("x", "y", "z")
#: RULES-NOTES 1.3 [house]: the two X start spaces of each sector.
X_SPACES: tuple[tuple[int, int], ...] = tuple(
    (INDEX[a], INDEX[b])
    for a, b in (
        ((-1, -2, 3), (1, -3, 2)),
        ((3, -1, -2), (2, 1, -3)),
        ((-3, 2, 1), (-2, 3, -1)),
    )
)


def space_text(index: int) -> str:
    """A space as the conformance format writes it: ``"x,y,z"``."""
    return ",".join(map(str, SPACES[index]))


def parse_space(text: str) -> int:
    """The index of a ``"x,y,z"`` space (KeyError when off the board)."""
    x, y, z = (int(part) for part in text.split(","))
    return INDEX[(x, y, z)]
