"""What makes a trick (RULES-NOTES 3.2-3.4), the Special Order take, the sum text."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from games.splittissimo.cards import ORDER, PIZZA, TOPPINGS, Card, parse_amount
from games.splittissimo.codes import SplittissimoCode as C
from games.splittissimo.tricks import (
    ADVANCED,
    EASY,
    LEVELS,
    STANDARD,
    find_tricks,
    special_order_takes,
    sum_text,
    trick_fault,
)


def pizza(text: str, *toppings: str) -> Card:
    return Card(0, PIZZA, *parse_amount(text), toppings or ("tomato",), 1)


def order(text: str, *toppings: str) -> Card:
    return Card(0, ORDER, *parse_amount(text), toppings or ("tomato",), 1)


# --- Easy (RULES-NOTES 3.2) ---------------------------------------------------------


def test_easy_one_hand_card_against_several_table_cards_of_equal_amount():
    assert trick_fault(EASY, [pizza("1/2")], [pizza("1/4"), pizza("2/8")]) is None


def test_easy_several_hand_cards_against_one_table_card():
    assert trick_fault(EASY, [pizza("3/8"), pizza("1/8")], [pizza("1/2")]) is None


def test_easy_one_against_one_is_never_a_trick():
    assert trick_fault(EASY, [pizza("1/2")], [pizza("2/4")]) is C.TRICK_SHAPE


def test_easy_several_against_several_is_not_a_trick():
    assert trick_fault(EASY, [pizza("1/4"), pizza("1/4")], [pizza("1/8"), pizza("3/8")]) is C.TRICK_SHAPE


def test_easy_amounts_must_be_equal_and_toppings_do_not_matter():
    assert trick_fault(EASY, [pizza("1/2", "mushroom")], [pizza("1/4", "tomato"), pizza("1/8")]) is C.AMOUNTS_DIFFER
    assert trick_fault(EASY, [pizza("1/2", "mushroom")], [pizza("1/4", "tomato"), pizza("2/8", "bell_pepper")]) is None


def test_easy_uses_round_cards_only():
    assert trick_fault(EASY, [order("1/2")], [pizza("1/4"), pizza("1/4")]) is C.WRONG_CARD_KIND


# --- Standard (RULES-NOTES 3.3) -------------------------------------------------------


def test_standard_one_order_with_one_pizza_is_a_trick():
    assert trick_fault(STANDARD, [order("1/2")], [pizza("2/4")]) is None


def test_standard_one_order_with_several_pizzas_each_carrying_its_topping():
    assert trick_fault(STANDARD, [order("3/4")], [pizza("1/2", "tomato", "mushroom"), pizza("1/4")]) is None
    assert trick_fault(STANDARD, [order("3/4")], [pizza("1/2", "mushroom"), pizza("1/4")]) is C.TOPPING_MISSING


def test_standard_several_orders_with_one_pizza_carrying_all_their_toppings():
    orders = [order("1/4", "bell_pepper"), order("1/2", "tomato")]
    assert trick_fault(STANDARD, orders, [pizza("3/4", "bell_pepper", "tomato")]) is None
    assert trick_fault(STANDARD, orders, [pizza("3/4", "bell_pepper")]) is C.TOPPING_MISSING


def test_standard_several_orders_with_several_pizzas_is_advanced_only():
    orders, pizzas = [order("1/4"), order("1/2")], [pizza("1/2"), pizza("1/4")]
    assert trick_fault(STANDARD, orders, pizzas) is C.TRICK_SHAPE
    assert trick_fault(ADVANCED, orders, pizzas) is None


def test_standard_special_cards_and_pizzas_in_hand_are_not_orders():
    special = Card(0, "special_order", 0, 1, ("tomato", "mushroom"), 0)
    assert trick_fault(STANDARD, [special], [pizza("1/2")]) is C.WRONG_CARD_KIND
    assert trick_fault(STANDARD, [pizza("1/2")], [pizza("1/2")]) is C.WRONG_CARD_KIND


# --- Advanced (RULES-NOTES 3.4) -----------------------------------------------------


def test_advanced_combined_orders_take_two_or_three_pizzas_but_not_four():
    orders = [order("1/2"), order("1/2"), order("1/2"), order("1/2")]
    assert trick_fault(ADVANCED, orders[:3], [pizza("1/2"), pizza("1/2"), pizza("2/4")]) is None
    assert trick_fault(ADVANCED, orders, [pizza("1/2")] * 4) is C.TRICK_SHAPE


def test_advanced_combined_trick_every_pizza_serves_every_order():
    orders = [order("1/4", "mushroom"), order("1/4", "tomato")]
    assert trick_fault(ADVANCED, orders, [pizza("1/4", "mushroom", "tomato"), pizza("1/4", "mushroom")]) is C.TOPPING_MISSING
    assert trick_fault(ADVANCED, orders, [pizza("1/4", "mushroom", "tomato"), pizza("2/8", "tomato", "mushroom")]) is None


# --- Special Order (RULES-NOTES 3.3) ---------------------------------------------------


def test_special_order_takes_every_open_pizza_with_both_toppings():
    table = [pizza("1/2", "tomato", "mushroom"), pizza("1/4", "tomato"), pizza("3/8", "mushroom", "tomato")]
    assert special_order_takes(("mushroom", "tomato"), table) == (0, 2)
    assert special_order_takes(("bell_pepper", "tomato"), table) == ()


# --- the sum a child reads --------------------------------------------------------------


def test_sum_text_works_the_sum_out_in_a_common_slice_size():
    assert sum_text([pizza("3/8"), pizza("1/8")], [pizza("1/2")]) == "3/8 + 1/8 = 4/8 = 1/2"
    assert sum_text([pizza("1/2")], [pizza("1/4"), pizza("2/8")]) == "1/4 + 2/8 = 2/8 + 2/8 = 4/8 = 1/2"
    assert sum_text([order("3/4")], [pizza("1/2"), pizza("1/4")]) == "1/2 + 1/4 = 2/4 + 1/4 = 3/4"
    assert sum_text([order("1/2")], [pizza("2/4")]) == "1/2 = 2/4"
    assert sum_text([order("1/2")], [pizza("1/2")]) == "1/2 = 1/2"


def test_sum_text_never_writes_an_amount_twice():
    # issue 25: "1/2 = 2/4", not "1/2 = 2/4 = 1/2"; a 6/8 order on a 6/8 pizza is not "6/8 = 3/4"
    assert sum_text([order("6/8")], [pizza("6/8")]) == "6/8 = 6/8"
    assert sum_text([order("3/4")], [pizza("6/8")]) == "3/4 = 6/8"
    assert sum_text([pizza("1/2")], [pizza("1/4"), pizza("1/4")]) == "1/4 + 1/4 = 2/4 = 1/2"
    assert sum_text([pizza("4/8"), pizza("4/8")], [pizza("8/8")]) == "4/8 + 4/8 = 8/8 = 1"
    assert sum_text([order("8/8")], [pizza("1")]) == "8/8 = 1"
    for hand, table in (([order("1/4"), order("1/4")], [pizza("1/2")]), ([order("3/8")], [pizza("1/8"), pizza("2/8")])):
        steps = sum_text(hand, table).split(" = ")
        assert len(steps) == len(set(steps))


# --- the search is exhaustive --------------------------------------------------------------

AMOUNTS = ["1/4", "1/2", "3/4", "1", "2/4", "2/8", "4/8", "6/8", "8/8", "1/8", "3/8", "5/8", "7/8"]
topping_sets = st.sampled_from([(t,) for t in TOPPINGS] + list(itertools.combinations(TOPPINGS, 2)))
any_pizza = st.builds(lambda a, t: pizza(a, *t), st.sampled_from(AMOUNTS), topping_sets)
any_order = st.builds(lambda a, t: order(a, *t), st.sampled_from(AMOUNTS[:8] + AMOUNTS[9:]), topping_sets)


def brute_force(level, hand, table):
    found = set()
    for h in range(1, len(hand) + 1):
        for hs in itertools.combinations(range(len(hand)), h):
            for t in range(1, len(table) + 1):
                for ts in itertools.combinations(range(len(table)), t):
                    if trick_fault(level, [hand[i] for i in hs], [table[i] for i in ts]) is None:
                        found.add((hs, ts))
    return found


@settings(max_examples=150, deadline=None)
@given(
    level=st.sampled_from(LEVELS),
    easy_hand=st.lists(any_pizza, max_size=6),
    order_hand=st.lists(any_order, max_size=6),
    table=st.lists(any_pizza, min_size=0, max_size=4),
)
def test_find_tricks_lists_only_tricks_and_misses_none(level, easy_hand, order_hand, table):
    # Given any hand and open cards, when we search, then every play found is a
    # trick, and a trick exists exactly when the search finds one.
    hand = easy_hand if level == EASY else order_hand
    plays = find_tricks(level, hand, table)
    for h, t in plays:
        assert trick_fault(level, [hand[i] for i in h], [table[i] for i in t]) is None
    every = brute_force(level, hand, table)
    assert bool(plays) == bool(every)
    # Up to interchangeable hand cards, every trick is represented.
    def signature(play):
        h, t = play
        return tuple(sorted((hand[i].text, tuple(sorted(hand[i].toppings))) for i in h)), t
    if level == EASY:
        def signature(play):  # noqa: F811 - toppings do not count in Easy
            h, t = play
            return tuple(sorted(hand[i].text for i in h)), t
    assert {signature(p) for p in plays} == {signature(p) for p in every}
