"""Dividing the ring (RULES-NOTES 2.2) and the `portions` conformance check."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.new_york_slice.codes import NysCode
from games.new_york_slice.conformance import answer
from games.new_york_slice.division import (
    all_divisions,
    division_count,
    division_problem,
    neighbours,
    runs_from_cuts,
)


def test_cuts_make_clockwise_runs_and_the_last_wraps():
    assert runs_from_cuts(11, (2, 5, 9)) == ((2, 3, 4), (5, 6, 7, 8), (9, 10, 0, 1))
    assert runs_from_cuts(11, (0,)) == (tuple(range(11)),)


def test_a_wrapping_run_is_legal_and_reversed_or_gapped_lists_are_not():
    assert division_problem(11, 3, [[9, 10, 0, 1], [2, 3, 4, 5], [6, 7, 8]], 1) is None
    assert division_problem(11, 3, [[2, 1, 0], [3, 4, 5, 6, 7], [8, 9, 10]], 0) is NysCode.NOT_A_RUN
    assert division_problem(11, 3, [[0, 2], [1, 3, 4, 5], [6, 7, 8, 9, 10]], 0) is NysCode.NOT_A_RUN


def test_the_special_alone_is_one_of_the_portions():
    portions = [[0, 1, 2], [3, 4, 5, 6], [7, 8, 9, 10]]
    assert division_problem(11, 4, portions, "alone") is None
    assert division_problem(11, 4, portions, 0) is NysCode.WRONG_PORTION_COUNT
    assert division_problem(11, 3, portions, "alone") is NysCode.WRONG_PORTION_COUNT


def test_every_slice_must_be_in_exactly_one_portion():
    assert division_problem(11, 2, [[0, 1, 2], [3, 4, 5]], 0) is NysCode.SLICES_LEFT_OUT
    assert division_problem(11, 2, [[0, 1, 2, 3, 4, 5, 6], [6, 7, 8, 9, 10]], 0) is NysCode.NOT_A_RUN


def test_empty_lists_and_bad_special_places_are_refused():
    assert division_problem(11, 2, [list(range(11)), []], 0) is NysCode.EMPTY_PORTION
    assert division_problem(11, 2, [list(range(11))], 3) is NysCode.BAD_SPECIAL_PLACE
    assert division_problem(11, 2, [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9, 11]], 0) is NysCode.NO_SUCH_SLICE


def test_the_whole_ring_as_one_portion_is_listed_once():
    assert list(all_divisions(11, 2)).count(((0,), None)) == 1
    assert division_count(11, 2) == 55 * 2 + 1


def test_six_players_have_a_few_thousand_divisions():
    # C(11, 6) * 6 with the Special attached, C(11, 5) with it alone.
    assert division_count(11, 6) == 462 * 6 + 462
    assert division_count(10, 6) == 210 * 6 + 252


def key(runs, special):
    """A division as what players see: sets of slices, and the Special's set."""
    return frozenset(frozenset(r) for r in runs), None if special is None else frozenset(runs[special])


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("n", [10, 11])
def test_every_listed_division_is_legal_and_distinct(n, players):
    # The ring holds 11 slices, or 10 after Dibs!.
    seen = set()
    for cuts, special in all_divisions(n, players):
        runs = runs_from_cuts(n, cuts)
        assert division_problem(n, players, runs, "alone" if special is None else special) is None
        assert key(runs, special) not in seen
        seen.add(key(runs, special))


@functools.cache
def listed(n, players):
    return {key(runs_from_cuts(n, c), s) for c, s in all_divisions(n, players)}


@settings(deadline=None)
@given(st.integers(6, 11), st.integers(2, 6), st.data())
def test_a_legal_division_is_one_the_enumeration_lists(n, players, data):
    # Any partition into clockwise runs, cut anywhere, is found among the listed ones.
    count = data.draw(st.integers(max(1, players - 1), players))
    cuts = sorted(data.draw(st.sets(st.integers(0, n - 1), min_size=count, max_size=count)))
    special = None if count == players - 1 else data.draw(st.integers(0, count - 1))
    runs = runs_from_cuts(n, cuts)
    assert key(runs, special) in listed(n, players)


def test_neighbours_close_over_taken_portions():
    # Rulebook, Sneak-a-Slice: with portion 1 taken, portions 0 and 2 are adjacent.
    assert neighbours([0, 2, 3], 0, True) == 2
    assert neighbours([0, 2, 3], 0, False) == 3
    assert neighbours([2], 2, True) is None


def test_portions_check_answers_in_the_readme_shape():
    got = answer("portions", {"ring": 11, "players": 3, "portions": [[9, 10, 0, 1], [2, 3, 4, 5], [6, 7, 8]], "special": 1})
    assert got["legal"] is True
    got = answer("portions", {"ring": 10, "players": 2, "portions": [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]], "special": "alone"})
    assert got["legal"] is True
    got = answer("portions", {"ring": 10, "players": 2, "portions": [[0, 1, 2, 3, 4, 5, 6, 7, 8]], "special": "alone"})
    assert got["legal"] is False
