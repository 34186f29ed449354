"""Hints: one legal trick for a seat, explained for a child."""

from __future__ import annotations

from spl_helpers import Picker, given

from games.splittissimo.commands import TakeTrick
from games.splittissimo.hints import hint


def test_easy_hint_names_the_cards_and_works_out_the_sum():
    p = Picker()
    e3, e1, half = p("pizza", "3/8"), p("pizza", "1/8"), p("pizza", "1/2")
    state = given("easy", [[e3, p("pizza", "1"), e1], [p("pizza", "1")]], table=[half, p("pizza", "7/8")])
    found = hint(state, 0)
    assert found.command == TakeTrick(hand=(e3, e1), table=(half,))
    assert found.text == "Your 3/8 and 1/8 together make the 1/2 on the table: 3/8 + 1/8 = 4/8 = 1/2."


def test_standard_hint_mentions_the_toppings():
    p = Picker()
    order = p("order", "3/4", "tomato")
    a, b = p("pizza", "1/2", "mushroom", "tomato"), p("pizza", "1/4", "tomato")
    state = given("standard", [[order], [p("order")]], piles=[[a], [b], [p("pizza", "1/8", "bell_pepper")]])
    found = hint(state, 0)
    assert found.command == TakeTrick(hand=(order,), table=(a, b))
    assert found.text == "Your order for 3/4 matches the pizzas 1/2 and 1/4, and both have tomato: 1/2 + 1/4 = 2/4 + 1/4 = 3/4."


def test_the_hint_is_the_largest_trick():
    p = Picker()
    small, big = p("order", "1/8", "bell_pepper"), p("order", "7/8", "bell_pepper")
    s_pizza, b_pizza = p("pizza", "1/8", "bell_pepper"), p("pizza", "7/8", "bell_pepper")
    state = given("standard", [[small, big], [p("order")]], piles=[[s_pizza], [b_pizza], []])
    assert hint(state, 0).command == TakeTrick(hand=(big,), table=(b_pizza,))


def test_no_hint_when_no_trick_exists():
    p = Picker()
    state = given("standard", [[p("order", "1/8", "mushroom")], [p("order")]], piles=[[p("pizza", "1", "mushroom")], [], []])
    assert hint(state, 0) is None


def test_easy_hint_for_one_card_against_several():
    p = Picker()
    half, q, e = p("pizza", "1/2"), p("pizza", "1/4"), p("pizza", "2/8")
    state = given("easy", [[half], [p("pizza", "1")]], table=[q, e])
    assert hint(state, 0).text == "Your 1/2 matches the 1/4 and 2/8 on the table: 1/4 + 2/8 = 2/8 + 2/8 = 4/8 = 1/2."
