"""The board as data: RULES-NOTES 1.1 (spaces, neighbours), 1.2 (lines, slices,
touching rows) and 1.3 (sectors, X spaces)."""

from __future__ import annotations

import collections
import itertools

from games.pizza_theory import board


def test_the_board_has_37_spaces_in_rows_of_4_to_7_every_way():
    # RULES-NOTES 1.1
    assert len(board.SPACES) == 37
    assert all(sum(space) == 0 and max(map(abs, space)) <= 3 for space in board.SPACES)
    for axis in range(3):
        rows = collections.Counter(space[axis] for space in board.SPACES)
        assert [rows[value] for value in range(-3, 4)] == [4, 5, 6, 7, 6, 5, 4]


def test_spaces_are_indexed_in_ascending_integer_triple_order():
    # RULES-NOTES 1.4 [house] fills shortages "in ascending (x, y, z) order": index order.
    assert list(board.SPACES) == sorted(board.SPACES)
    assert board.SPACES[0] == (-3, 0, 3) and board.SPACES[-1] == (3, 0, -3)


def test_next_to_means_the_six_lattice_neighbours():
    # RULES-NOTES 1.1: the centre has 6, a corner 3, an edge space 4.
    def neighbours(space):
        return {board.SPACES[n] for n in board.NEIGHBOURS[board.INDEX[space]]}

    assert neighbours((0, 0, 0)) == {(1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1)}
    assert len(neighbours((3, -3, 0))) == 3
    assert len(neighbours((3, -2, -1))) == 4
    # neighbourhood is symmetric
    assert all(i in board.NEIGHBOURS[n] for i in range(37) for n in board.NEIGHBOURS[i])


def test_every_combination_of_three_cuts_gives_4_to_7_slices():
    # RULES-NOTES 1.1: 6^3 = 216 combinations, each 4..7 non-empty slices.
    sizes = [len(board.slices({"x": x, "y": y, "z": z})) for x, y, z in itertools.product(board.LINES, repeat=3)]
    assert len(sizes) == 216
    assert min(sizes) == 4 and max(sizes) == 7


def test_the_rulebook_example_cuts_make_five_slices():
    # RULES-NOTES 1.1: cuts 5, 6, 4 give exactly 5 slices.
    assert len(board.slices({"x": 5, "y": 6, "z": 4})) == 5


def test_a_line_splits_its_family_between_two_rows():
    # RULES-NOTES 1.2: line n lies between rows F = n-4 and F = n-3.
    for family, line in itertools.product(board.FAMILIES, board.LINES):
        axis = board.AXIS[family]
        high = board.HIGH_SIDE[(family, line)]
        assert high == {i for i, space in enumerate(board.SPACES) if space[axis] >= line - 3}
        assert {board.SPACES[i][axis] for i in board.TOUCHING[(family, line)]} == {line - 4, line - 3}


def test_a_single_cut_makes_two_slices_and_no_cut_one():
    # RULES-NOTES 1.2: a slice is the set of spaces on the same side of every cut.
    assert board.slices({}) == (tuple(range(37)),)
    low, high = sorted(board.slices({"y": 1}), key=len)
    assert {board.SPACES[i][1] for i in low} == {-3}
    assert len(high) == 33


def test_slices_partition_the_board():
    # RULES-NOTES 1.2: every space is in exactly one slice.
    for parts in board.SLICES.values():
        flat = [i for part in parts for i in part]
        assert sorted(flat) == list(range(37))


def test_sectors_cut_with_x_y_z_and_hold_two_x_spaces_each():
    # RULES-NOTES 1.3: "1st" cuts with x, "2nd" with y, "3rd" with z; X pairs [house].
    assert board.SECTOR_FAMILY == ("x", "y", "z")
    xs = [board.SPACES[i] for pair in board.X_SPACES for i in pair]
    assert xs == [(-1, -2, 3), (1, -3, 2), (3, -1, -2), (2, 1, -3), (-3, 2, 1), (-2, 3, -1)]


def test_space_text_round_trips():
    for i in range(37):
        assert board.parse_space(board.space_text(i)) == i
    assert board.space_text(board.INDEX[(-1, -2, 3)]) == "-1,-2,3"
