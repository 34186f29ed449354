"""The box as data (RULES-NOTES 2.1)."""

from __future__ import annotations

import pytest

from games.new_york_slice.components import (
    ANCHOVY,
    COMBO,
    PLAIN,
    SETUPS,
    SLICES,
    SPECIAL_BY_ID,
    SPECIAL_IDS,
    SPECIALS,
    SUPREME,
    TOPPINGS,
    TYPES,
    playing_slice_ids,
)


def test_each_type_has_as_many_slices_as_its_number():
    # RULES-NOTES 2.1: type t has t slices.
    for t in TYPES:
        assert sum(1 for s in SLICES if s.kind == PLAIN and s.types == (t,)) == t
        assert len(TOPPINGS[t]) == t


def test_the_box_holds_69_slices_with_four_combos_one_anchovy_one_supreme():
    assert len(SLICES) == 69
    assert [s.types for s in SLICES if s.kind == COMBO] == [(8, 10), (4, 5), (6, 7), (9, 11)]
    assert [(s.pepperoni, s.anchovies) for s in SLICES if s.kind == ANCHOVY] == [(0, 3)]
    assert [(s.pepperoni, s.anchovies, s.types) for s in SLICES if s.kind == SUPREME] == [(2, 0, ())]
    assert [s.id for s in SLICES] == list(range(69))


def test_veggies_have_no_pepperoni_and_every_other_plain_slice_has_some():
    for s in SLICES:
        if s.kind == PLAIN:
            assert (s.pepperoni == 0) == (s.types == (3,))
    assert all(s.pepperoni == 0 and s.anchovies == 0 for s in SLICES if s.kind == COMBO)


@pytest.mark.parametrize("players, slices, stacks", [(2, 47, 4), (3, 69, 6), (4, 69, 6), (5, 58, 5), (6, 69, 6)])
def test_setup_by_player_count_leaves_three_leftovers(players, slices, stacks):
    assert len(playing_slice_ids(players)) == slices
    assert SETUPS[players].stacks == stacks
    assert slices - 11 * stacks == 3


def test_two_players_play_without_meat_lovers_mushrooms_veggies_and_the_8_10_combo():
    kept = {SLICES[i].types for i in playing_slice_ids(2)}
    assert not any(t in types for types in kept for t in (3, 8, 10) if len(types) == 1)
    assert (8, 10) not in kept and (4, 5) in kept


def test_the_fourteen_specials_use_the_conformance_ids():
    assert len(SPECIALS) == 14
    assert set(SPECIAL_IDS) == {
        "buffet", "combo_craving", "cut_in_line", "day_old_pizza", "dibs", "everyone_else_diet", "mystery_slice",
        "seconds", "sneak_a_slice", "stuffed_crust", "supersize_combos", "tiebreaker", "you_like_anchovies",
        "you_love_veggies",
    }
    blue = {s.id for s in SPECIALS if s.blue}
    assert blue == {"buffet", "combo_craving", "day_old_pizza", "everyone_else_diet", "stuffed_crust", "you_love_veggies"}


def test_redraw_rules_follow_the_rulebook_per_special():
    assert {s.id for s in SPECIALS if s.redraw_last_round} == {"cut_in_line", "sneak_a_slice"}
    assert {s.id for s in SPECIALS if s.redraw_two_players} == {"cut_in_line", "dibs", "you_love_veggies"}
    assert SPECIAL_BY_ID["dibs"].name == "Dibs!"
