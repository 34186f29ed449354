"""RULES-NOTES 3.1: the deck, as data."""

from __future__ import annotations

import collections
from fractions import Fraction

from games.splittissimo.cards import (
    CANCELLED_ORDER,
    CARDS,
    ORDER,
    PIZZA,
    SPECIAL_ORDER,
    TOPPINGS,
    order_deck_ids,
    pizza_ids,
)


def _count(kind: str, dots: int) -> dict[str, int]:
    return dict(collections.Counter(c.text for c in CARDS if c.kind == kind and c.dots == dots))


def test_pizza_cards_per_dot_level_match_the_notes():
    assert _count(PIZZA, 1) == {"1/4": 6, "1/2": 7, "3/4": 5, "1": 5}
    assert _count(PIZZA, 2) == {"2/4": 4, "2/8": 5, "4/8": 5, "6/8": 5, "8/8": 4}
    assert _count(PIZZA, 3) == {"1/8": 6, "3/8": 6, "5/8": 6, "7/8": 5}


def test_order_cards_per_dot_level_match_the_notes():
    assert _count(ORDER, 1) == {"1/4": 4, "1/2": 5, "3/4": 4}
    assert _count(ORDER, 2) == {"2/4": 3, "2/8": 3, "4/8": 3, "6/8": 4}
    assert _count(ORDER, 3) == {"1/8": 4, "3/8": 3, "5/8": 3, "7/8": 3}


def test_two_thirds_of_pizzas_carry_one_topping_and_toppings_are_spread_evenly():
    pizzas = [c for c in CARDS if c.kind == PIZZA]
    assert collections.Counter(len(c.toppings) for c in pizzas) == {1: 46, 2: 23}
    per_topping = collections.Counter(t for c in pizzas for t in c.toppings)
    assert set(per_topping) == set(TOPPINGS)
    assert max(per_topping.values()) - min(per_topping.values()) <= 1


def test_orders_carry_one_topping_except_a_few_level_three():
    orders = [c for c in CARDS if c.kind == ORDER]
    doubles = [c for c in orders if len(c.toppings) == 2]
    assert all(len(c.toppings) in (1, 2) for c in orders)
    assert 0 < len(doubles) <= 4 and all(c.dots == 3 for c in doubles)


def test_special_cards_five_of_each_special_orders_with_two_toppings():
    specials = collections.Counter(c.kind for c in CARDS if c.is_special)
    assert specials == {SPECIAL_ORDER: 5, CANCELLED_ORDER: 5}
    assert all(len(c.toppings) == 2 for c in CARDS if c.kind == SPECIAL_ORDER)


def test_amounts_are_exact_fractions_and_printed_forms_stay_distinct():
    # Given the 2/4 and 1/2 pizzas: the same amount, different cards.
    half = next(c for c in CARDS if c.text == "1/2")
    two_quarters = next(c for c in CARDS if c.text == "2/4")
    assert isinstance(half.amount, Fraction) and half.amount == two_quarters.amount == Fraction(1, 2)
    assert (half.slices, half.of) == (1, 2) and (two_quarters.slices, two_quarters.of) == (2, 4)
    assert next(c for c in CARDS if c.text == "1").amount == 1


def test_ids_are_positions_and_decks_follow_the_options():
    assert all(card.id == i for i, card in enumerate(CARDS))
    assert len(pizza_ids((1, 2, 3))) == 69 and len(pizza_ids((1,))) == 23
    assert len(order_deck_ids((1, 2, 3), True)) == 49
    assert len(order_deck_ids((2,), False)) == 13
