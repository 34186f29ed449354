"""The seating rule, called directly: balanced tables, never a table of one (issue 12, item 2)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from server.classroom.seating import balanced, late_seat, table_sizes

classes = st.integers(min_value=0, max_value=60)
sizes = st.integers(min_value=2, max_value=5)


@given(students=classes, size=sizes, wishes=st.dictionaries(st.integers(0, 59), st.integers(-1, 30)))
def test_every_student_sits_once_at_a_balanced_table_of_two_to_five(students, size, wishes):
    ids = list(range(100, 100 + students))
    wished = {100 + s: t for s, t in wishes.items()}
    tables = balanced(ids, size, wishes=wished)
    seated = [s for table in tables for s in table]
    if students < 2:
        assert tables == []  # nobody sits alone: a lone student waits for a classmate
        return
    assert sorted(seated) == ids  # everyone, exactly once
    lengths = [len(table) for table in tables]
    assert min(lengths) >= 2  # never a table of one
    assert max(lengths) <= 5  # the game's limit
    assert max(lengths) - min(lengths) <= 1  # balanced
    assert max(lengths) <= size + 1  # at most one student more than the teacher chose
    assert lengths == table_sizes(students, size)


@given(students=st.integers(2, 60), size=sizes)
def test_the_chosen_size_is_kept_when_the_class_divides(students, size):
    if students % size == 0:
        assert table_sizes(students, size) == [size] * (students // size)


def test_examples_a_teacher_would_expect():
    assert table_sizes(3, 2) == [3]  # was [2, 1]: a student stranded
    assert table_sizes(5, 2) == [3, 2]
    assert table_sizes(7, 3) == [4, 3]
    assert table_sizes(5, 3) == [3, 2]
    assert table_sizes(6, 5) == [3, 3]
    assert table_sizes(30, 3) == [3] * 10
    assert table_sizes(1, 3) == []
    assert table_sizes(2, 5) == [2]


def test_a_game_with_fewer_seats_caps_the_tables():
    assert max(table_sizes(9, 5, most=4)) <= 4


@given(st.lists(st.integers(0, 6), max_size=8), sizes)
def test_a_late_joiner_goes_to_the_emptiest_table_with_a_free_seat(seated, size):
    tables = [(number + 1, n) for number, n in enumerate(seated)]
    chosen = late_seat(tables, size)
    free = [(n, number) for number, n in tables if n < size]
    if not free:
        assert chosen is None  # every table is full: wait for the next game
    else:
        assert chosen == min(free)[1]
        assert dict(tables)[chosen] == min(n for n, _ in free)
