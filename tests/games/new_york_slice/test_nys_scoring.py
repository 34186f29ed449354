"""The Guest Check (RULES-NOTES 2.3), one rule per test."""

from __future__ import annotations

from games.new_york_slice.components import ANCHOVY, COMBO, PLAIN, SUPREME, Slice
from games.new_york_slice.scoring import Holdings, ScoreItem, guest_check, majority_winners


def p(t: int, pep: int = 1, fish: int = 0) -> Slice:
    return Slice(-1, PLAIN, (t,), pep, fish, "")


def c(a: int, b: int) -> Slice:
    return Slice(-1, COMBO, (a, b), 0, 0, "")


ANCH = Slice(-1, ANCHOVY, (), 0, 3, "")


def sup(t: int | None) -> Slice:
    return Slice(-1, SUPREME, () if t is None else (t,), 2, 0, "")


def h(collected=(), eaten=(), specials=()) -> Holdings:
    return Holdings(tuple(collected), tuple(eaten), tuple(specials))


def test_strict_majority_scores_the_type_number():
    # Given 2 Cheese against 1, when scored, then the leader gets 11.
    check = guest_check([h([p(11), p(11)]), h([p(11)])])
    assert [r.majorities for r in check.rows] == [11, 0]
    assert check.rows[0].majority_types == (11,)


def test_a_tie_for_most_scores_nobody():
    check = guest_check([h([p(9)]), h([p(9)]), h()])
    assert [r.majorities for r in check.rows] == [0, 0, 0]


def test_a_lone_half_slice_wins_its_type():
    # Rulebook, Pizza type scoring: a half slice against nothing is a majority.
    check = guest_check([h([c(4, 5)]), h()])
    assert check.rows[0].majority_types == (4, 5)


def test_supersize_combos_count_two_of_each_type():
    # RULES-NOTES 2.3: a combo is 2 of each type for the Supersize owner.
    players = [h([c(6, 7)], specials=["supersize_combos"]), h([p(6)]), h([p(7)])]
    assert majority_winners(players) == {6: 0, 7: 0}
    plain = [h([c(6, 7)]), h([p(6)]), h([p(7)])]
    assert majority_winners(plain) == {6: 1, 7: 2}


def test_tiebreaker_wins_ties_for_the_most_it_is_part_of_only():
    players = [h([p(5), p(5)], specials=["tiebreaker"]), h([p(5), p(5)]), h([p(8), p(8)]), h([p(8), p(8)])]
    assert majority_winners(players) == {5: 0}


def test_a_type_nobody_collected_scores_nobody_even_with_tiebreaker():
    players = [h(specials=["tiebreaker"]), h()]
    assert guest_check(players).rows[0].majorities == 0


def test_supreme_counts_as_one_of_its_attached_type_and_nothing_unattached():
    assert majority_winners([h([sup(7)]), h([p(7, 2)])]) == {}
    assert majority_winners([h([sup(7), p(7)]), h([p(7)])]) == {7: 0}
    assert majority_winners([h([sup(None)]), h()]) == {}


def test_eaten_supreme_is_two_pepperoni():
    assert guest_check([h(eaten=[sup(None)])]).rows[0].pepperoni == 2


def test_buffet_counts_distinct_types_with_combo_halves_and_the_anchovy_slice():
    # RULES-NOTES 2.3: combo halves count, the Anchovy slice is a type, the Supreme counts as its type.
    me = h([p(3, 0), p(3, 0), c(4, 5), ANCH, sup(3)], specials=["buffet"])
    assert guest_check([me]).rows[0].special_items == (ScoreItem("buffet", 4),)


def test_combo_craving_scores_three_per_eaten_combo():
    me = h(eaten=[c(4, 5), c(9, 11), p(9)], specials=["combo_craving"])
    row = guest_check([me]).rows[0]
    assert row.specials == 6 and row.pepperoni == 1


def test_day_old_pizza_and_stuffed_crust_are_flat():
    assert guest_check([h(specials=["day_old_pizza"])]).rows[0].specials == -2
    assert guest_check([h(specials=["stuffed_crust"])]).rows[0].specials == 5


def test_everyone_else_diet_costs_others_half_their_eaten_slices_rounded_down():
    owner = h(eaten=[p(9)] * 5, specials=["everyone_else_diet"])
    other = h(eaten=[p(9)] * 7)
    rows = guest_check([owner, other, h(eaten=[p(9)])]).rows
    assert [r.specials for r in rows] == [0, -3, 0]
    assert rows[1].special_items == (ScoreItem("everyone_else_diet", -3),)


def test_you_love_veggies_scores_three_per_eaten_veggie():
    me = h(eaten=[p(3, 0), p(3, 0)], specials=["you_love_veggies"])
    assert guest_check([me]).rows[0].specials == 6


def test_pepperoni_line_is_eaten_pepperoni_minus_collected_anchovies():
    me = h([p(4, 2, 1), ANCH], eaten=[p(11, 3, 1)])
    assert guest_check([me]).rows[0].pepperoni == 3 - 1 - 3


def test_you_like_anchovies_turns_collected_anchovies_positive():
    me = h([p(4, 2, 1), ANCH], eaten=[p(11, 3, 1)], specials=["you_like_anchovies"])
    assert guest_check([me]).rows[0].pepperoni == 3 + 1 + 3


def test_ties_on_total_go_to_most_eaten_slices_then_are_shared():
    a = h(eaten=[p(9, 2)])  # 2 points, 1 slice
    b = h(eaten=[p(9, 1), p(9, 1)])  # 2 points, 2 slices
    assert guest_check([a, b]).winners == (1,)
    assert guest_check([a, a, b, b]).winners == (2, 3)


def test_total_adds_the_three_lines():
    me = h([p(11)], eaten=[p(9, 2)], specials=["stuffed_crust"])
    row = guest_check([me, h()]).rows[0]
    assert (row.majorities, row.specials, row.pepperoni, row.total) == (11, 5, 2, 18)
