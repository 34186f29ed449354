"""Balanced tables: how a class's students are split for a deal.

Pure.  The rule, as a teacher would state it: "tables of the size I chose;
when the class does not divide, some tables take one student more (never
beyond the game's limit), or, when that is not possible, some take one
fewer; the tables' sizes never differ by more than one; nobody ever sits
alone."  So at tables of 2 a class of 3 sits 3, of 5 sits 3 + 2; at tables
of 3 a class of 7 sits 4 + 3 and of 5 sits 3 + 2.  A lone student is not
seated at all (not even against bots: the point is to play with
classmates); they wait for a classmate, and the phone says so.

The teacher's wishes (a student moved to a table) are honoured first, as
long as that table keeps within its size.
"""

from __future__ import annotations

from collections.abc import Sequence

#: The fewest students at a table: a table of one is never made.
FEWEST = 2
#: The most students at a table when the game says nothing smaller (Splittissimo: 2-5).
MOST = 5


def _split(students: int, count: int) -> list[int]:
    """``students`` over ``count`` tables, the larger tables first, sizes differing by at most one."""
    base, extra = divmod(students, count)
    return [base + 1] * extra + [base] * (count - extra)


def table_sizes(students: int, size: int, *, most: int = MOST) -> list[int]:
    """How many students sit at each table (empty when fewer than two students: nobody can play).

    First try as many full tables as the class makes (``students // size``),
    the leftover students joining them one each (at most ``size + 1`` and
    ``most``); otherwise open one more table and balance (tables of ``size``
    and ``size - 1``, or smaller when the class is small).
    """
    if students < FEWEST:
        return []
    size = max(FEWEST, min(size, most))
    fewer = max(1, students // size)
    sizes = _split(students, fewer)
    if sizes[0] <= min(size + 1, most):
        return sizes
    return _split(students, -(-students // size))


def balanced(
    students: Sequence[int], size: int, *, most: int = MOST, wishes: dict[int, int] | None = None
) -> list[list[int]]:
    """``students`` (ids, in join order) split into tables; wishes map a student to a table index."""
    sizes = table_sizes(len(students), size, most=most)
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


def late_seat(tables: Sequence[tuple[int, int]], size: int, *, most: int = MOST) -> int | None:
    """Where a student joining after the deal sits: the emptiest table with a free seat, or None (wait).

    ``tables`` are (table number, students seated) of the tables that may
    take a student now (not yet started, or between games).  A table has a
    free seat below the size the teacher chose (and the game's limit); the
    emptiest one is chosen so the tables stay balanced.
    """
    limit = min(size, most)
    free = [(seated, number) for number, seated in tables if seated < limit]
    return min(free)[1] if free else None
