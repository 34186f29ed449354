"""Balanced tables: how a class's students are split for a deal.

Pure.  ``balanced`` splits N students into as few tables as the table size
allows, with sizes that differ by at most one, so a class of 7 at tables of
3 sits 3 + 2 + 2, never 3 + 3 + 1.  A lone student is seated alone only
when bots may fill a short table (otherwise they wait for a classmate).
The teacher's wishes (a student moved to a table) are honoured first, as
long as that table keeps within the size.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def table_sizes(students: int, size: int, *, bots: bool) -> list[int]:
    """How many students sit at each table (empty when nobody can play)."""
    if students <= 0:
        return []
    if students == 1:
        return [1] if bots else []
    count = math.ceil(students / size)
    base, extra = divmod(students, count)
    return [base + 1] * extra + [base] * (count - extra)


def balanced(
    students: Sequence[int], size: int, *, bots: bool, wishes: dict[int, int] | None = None
) -> list[list[int]]:
    """``students`` (ids, in join order) split into tables; wishes map a student to a table index."""
    sizes = table_sizes(len(students), size, bots=bots)
    if not sizes:
        return []
    tables: list[list[int]] = [[] for _ in sizes]
    rest: list[int] = []
    for student in students:
        wish = (wishes or {}).get(student)
        if wish is not None and 0 <= wish < len(tables) and len(tables[wish]) < sizes[wish]:
            tables[wish].append(student)
        else:
            rest.append(student)
    for student in rest:
        index = min(range(len(tables)), key=lambda i: (len(tables[i]) - sizes[i], i))
        tables[index].append(student)
    return tables
