"""Replace Toppings (RULES-NOTES 1.4 step 3) and the winner's count (1.5), as
the pure function the engine, the bots and the conformance check share."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.pizza_theory import board
from games.pizza_theory.resolution import resolve, tally

from pt_helpers import cells

WHOLE = board.slices({})  # no cut: the whole pizza is one slice
HALVES = board.slices({"x": 4})  # low side x <= 0, high side x >= 1


def on(result, colour):
    return sorted(board.SPACES[i] for i, here in enumerate(result.board) if here == colour)


def test_a_single_leader_replaces_the_others_but_not_a_safe_colour():
    # Given red 3, green 2, white 1 in one slice (white is safe: one topping per slice)
    grid = cells({(-3, 0, 3): "red", (-3, 1, 2): "red", (-3, 2, 1): "red",
                  (0, 0, 0): "green", (1, -1, 0): "green", (2, 1, -3): "white"})
    # When the toppings are replaced
    result = resolve(grid, {"red": 13, "green": 14, "white": 15}, WHOLE)
    # Then red takes green's spaces, white stays (RULES-NOTES 1.4: safety, single leader)
    assert on(result, "red") == sorted([(-3, 0, 3), (-3, 1, 2), (-3, 2, 1), (0, 0, 0), (1, -1, 0)])
    assert on(result, "white") == [(2, 1, -3)]
    assert result.supply == {"red": 11, "green": 16, "white": 15}
    assert result.safe == {"white"}
    assert result.slices[0].leaders == ("red",)


def test_a_two_way_tie_removes_the_third_colour_without_replacing_it():
    # Given red and green tied with 3 in one slice, white with 2
    grid = cells({(-3, 0, 3): "red", (-3, 1, 2): "red", (-3, 2, 1): "red",
                  (0, 0, 0): "green", (1, -1, 0): "green", (1, 0, -1): "green",
                  (2, 1, -3): "white", (3, 0, -3): "white"})
    result = resolve(grid, {"red": 13, "green": 13, "white": 14}, WHOLE)
    # Then white's toppings go back to its supply and the spaces stay empty (RULES-NOTES 1.4)
    assert on(result, "white") == []
    assert result.board[board.INDEX[(2, 1, -3)]] is None
    assert result.supply == {"red": 13, "green": 13, "white": 16}
    assert result.placed == ()
    assert result.slices[0].leaders == ("green", "red")


def test_a_three_way_tie_changes_nothing():
    grid = cells({(-3, 0, 3): "red", (-3, 1, 2): "red", (0, 0, 0): "green", (1, -1, 0): "green",
                  (2, 1, -3): "white", (3, 0, -3): "white"})
    result = resolve(grid, {"red": 14, "green": 14, "white": 14}, WHOLE)
    # RULES-NOTES 1.4: three-way tie, nothing
    assert result.board == grid
    assert result.removed == () and result.placed == ()


def test_safety_is_decided_over_every_slice_before_anything_moves():
    # Given green with one topping on each side of the cut, outnumbered on both
    grid = cells({(-3, 0, 3): "red", (-3, 1, 2): "red", (-2, 0, 2): "green",
                  (1, -3, 2): "white", (2, -3, 1): "white", (3, -3, 0): "green"})
    result = resolve(grid, {"red": 14, "green": 14, "white": 14}, HALVES)
    # Then green is safe and none of its toppings move (RULES-NOTES 1.4)
    assert "green" in result.safe
    assert result.board == grid


def test_a_colour_with_two_in_one_slice_is_not_safe_anywhere():
    # Given green with two in the low half (outnumbered there) and one in the high half
    grid = cells({(-3, 0, 3): "red", (-3, 1, 2): "red", (-3, 2, 1): "red", (-2, 0, 2): "green",
                  (-2, 1, 1): "green", (1, -3, 2): "white", (2, -3, 1): "white", (3, -3, 0): "green"})
    result = resolve(grid, {"red": 13, "green": 13, "white": 14}, HALVES)
    # Then green loses on both sides (RULES-NOTES 1.4: safety needs at most one in every slice)
    assert "green" not in result.safe
    assert on(result, "green") == []
    assert result.board[board.INDEX[(3, -3, 0)]] == "white"


def test_removals_happen_before_replacements():
    # Given red and green each leading one half, each with an empty supply
    grid = cells({(-3, 0, 3): "green", (-3, 1, 2): "green", (-3, 2, 1): "green",
                  (-2, -1, 3): "red", (-2, 0, 2): "red",
                  (1, -3, 2): "red", (1, -2, 1): "red", (1, -1, 0): "red",
                  (2, -3, 1): "green", (2, -2, 0): "green"})
    result = resolve(grid, {"red": 0, "green": 0}, HALVES)
    # Then each refills from the toppings it got back (RULES-NOTES 1.4: removals first)
    assert on(result, "green") == sorted([(-3, 0, 3), (-3, 1, 2), (-3, 2, 1), (-2, -1, 3), (-2, 0, 2)])
    assert on(result, "red") == sorted([(1, -3, 2), (1, -2, 1), (1, -1, 0), (2, -3, 1), (2, -2, 0)])
    assert result.short == {"red": 0, "green": 0}
    assert result.supply == {"red": 0, "green": 0}


def test_a_short_leader_fills_vacated_spaces_in_ascending_numeric_order():
    # Given green leads both halves but has one topping left for three vacated spaces
    grid = cells({(-3, 0, 3): "green", (-3, 1, 2): "green", (-3, 2, 1): "green",
                  (-1, -2, 3): "red", (-2, 0, 2): "red",
                  (1, -3, 2): "green", (1, -2, 1): "green", (2, -3, 1): "red"})
    result = resolve(grid, {"red": 5, "green": 1}, HALVES)
    # Then it fills (-2,0,2) first: numeric order, not text order ("-1,..." < "-2,...")
    # (RULES-NOTES 1.4 [house]); the other two stay empty
    assert result.placed == ((board.INDEX[(-2, 0, 2)], "green"),)
    assert result.board[board.INDEX[(-1, -2, 3)]] is None
    assert result.board[board.INDEX[(2, -3, 1)]] is None
    assert result.short == {"red": 0, "green": 2}
    # and its would-have count adds the replacements it could not make (RULES-NOTES 1.5)
    assert result.would_have == {"red": 0, "green": 6 + 2}
    assert result.supply == {"red": 8, "green": 0}
    assert result.winners() == ("green",)


def test_full_colours_tied_on_would_have_share_the_win():
    # RULES-NOTES 1.5 [house]: still equal, they share.
    grid = cells({(-3, 0, 3): "green", (-3, 1, 2): "green", (-3, 2, 1): "green",
                  (-2, -1, 3): "red", (-2, 0, 2): "red",
                  (1, -3, 2): "red", (1, -2, 1): "red", (1, -1, 0): "red",
                  (2, -3, 1): "green", (2, -2, 0): "green"})
    result = resolve(grid, {"red": 0, "green": 0, "white": 3}, HALVES)
    assert result.winners() == ("green", "red")


def test_no_full_colour_means_no_winner():
    grid = cells({(0, 0, 0): "red"})
    assert resolve(grid, {"red": 15, "green": 16}, WHOLE).winners() == ()


SPACE_COLOURS = st.lists(st.sampled_from([None, "a", "b", "c"]), min_size=37, max_size=37)
LINES = st.tuples(*[st.integers(0, 6)] * 3)


@settings(max_examples=150, deadline=None)
@given(grid=SPACE_COLOURS, supply=st.tuples(*[st.integers(0, 16)] * 3), lines=LINES)
def test_resolution_conserves_each_colour_and_the_bot_tally_agrees(grid, supply, lines):
    # Given any board, supplies and cuts (0: no cut in that family)
    colours = ("a", "b", "c")
    slices = board.SLICES[lines]
    result = resolve(tuple(grid), dict(zip(colours, supply)), slices)
    for colour, left in zip(colours, supply):
        before = grid.count(colour) + left
        # Then toppings are conserved: on the pizza + supply stays the same
        assert list(result.board).count(colour) + result.supply[colour] == before
        # and only the safe colours keep all their toppings for sure
        if colour in result.safe:
            assert all(result.board[i] == colour for i, here in enumerate(grid) if here == colour)
    # And the bots' fast tally gives the same counts as the full resolution
    masks = [board.mask_of(i for i, here in enumerate(grid) if here == colour) for colour in colours]
    assert tally(masks, supply, board.SLICE_MASKS[lines]) == [list(result.board).count(c) for c in colours]
