"""Hints: one legal command for a seat now, explained for a child (issue 15)."""

from __future__ import annotations

from games.splittissimo.hints import hint
from games.splittissimo.messages import EndTurn, Pass, PlayCancelledOrder, PlaySpecialOrder, TakeTrick

from spl_helpers import Picker, close_window, given, run


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
    assert (
        found.text
        == "Your order for 3/4 matches the pizzas 1/2 and 1/4, and both have tomato: 1/2 + 1/4 = 2/4 + 1/4 = 3/4."
    )


def test_the_hint_is_the_largest_trick():
    p = Picker()
    small, big = p("order", "1/8", "bell_pepper"), p("order", "7/8", "bell_pepper")
    s_pizza, b_pizza = p("pizza", "1/8", "bell_pepper"), p("pizza", "7/8", "bell_pepper")
    state = given("standard", [[small, big], [p("order")]], piles=[[s_pizza], [b_pizza], []])
    assert hint(state, 0).command == TakeTrick(hand=(big,), table=(b_pizza,))


def test_easy_hint_for_one_card_against_several():
    p = Picker()
    half, q, e = p("pizza", "1/2"), p("pizza", "1/4"), p("pizza", "2/8")
    state = given("easy", [[half], [p("pizza", "1")]], table=[q, e])
    assert hint(state, 0).text == "Your 1/2 matches the 1/4 and 2/8 on the table: 1/4 + 2/8 = 2/8 + 2/8 = 4/8 = 1/2."


# --- hints answer what the seat can do now (issue 15) ---------------------------------


def test_on_your_turn_with_no_trick_the_hint_is_to_pass():
    p = Picker()
    state = given(
        "standard", [[p("order", "1/8", "mushroom")], [p("order")]], piles=[[p("pizza", "1", "mushroom")], [], []]
    )
    found = hint(state, 0)
    assert found.command == Pass() and "draw one card and pass" in found.text


def test_after_a_trick_with_nothing_left_to_take_the_hint_is_to_end_the_turn():
    p = Picker()
    order, pz = p("order", "1/2", "tomato"), p("pizza", "1/2", "tomato")
    state = given(
        "standard",
        [[order], [p("order")]],
        piles=[[pz], [p("pizza", "7/8", "bell_pepper")], []],
        deck=p.filler("order", 6),
    )
    _, state = run(state, 0, TakeTrick(hand=(order,), table=(pz,)))
    assert hint(state, 0).command == EndTurn()


def test_during_someone_elses_reaction_window_the_hint_is_the_cancelled_order_never_a_trick():
    """Given seat 1 holds a trick and a Cancelled Order while seat 0's window is open."""
    p = Picker()
    order, pz, cancel = p("order", "1/2", "tomato"), p("pizza", "1/2", "tomato"), p("cancelled_order")
    state = given(
        "standard",
        [[p("order")], [order, cancel]],
        piles=[[pz], [p("pizza", "7/8")], []],
        deck=p.filler("order", 4),
        window=True,
    )
    found = hint(state, 1)
    assert found.command == PlayCancelledOrder(card=cancel, turn=1)
    assert "Cancelled Order" in found.text and "the turn about to begin is skipped" in found.text


def test_with_nothing_to_play_until_your_turn_there_is_no_hint():
    p = Picker()
    order, pz = p("order", "1/2", "tomato"), p("pizza", "1/2", "tomato")
    state = given("standard", [[p("order")], [order]], piles=[[pz], [], []], deck=p.filler("order", 4), window=True)
    assert hint(state, 1) is None  # a trick exists for seat 1, but it is not seat 1's turn
    assert hint(state, 0) is None  # the active player waits for the window to close
    assert hint(close_window(state), 1) is None


def test_in_advanced_another_players_turn_hints_the_special_order_that_takes_it_over():
    p = Picker()
    special = p("special_order", "", "mushroom", "tomato")
    a, b = p("pizza", "1/2", "mushroom", "tomato"), p("pizza", "3/8", "mushroom", "tomato")
    state = close_window(
        given(
            "advanced",
            [[p("order")], [special]],
            piles=[[a], [b], [p("pizza", "1", "bell_pepper")]],
            deck=p.filler("order", 4),
            window=True,
        )
    )
    found = hint(state, 1)
    assert found.command == PlaySpecialOrder(card=special, turn=1)
    assert (
        found.text
        == "Your Special Order takes every open pizza with mushroom and tomato: 1/2 and 3/8, 1/2 + 3/8 = 7/8."
    )


# --- the structured fields the phone writes its own sentence from (issue 13) ---------


def test_an_easy_trick_hint_carries_its_amounts_and_sum_without_words():
    p = Picker()
    e3, e1, half = p("pizza", "3/8"), p("pizza", "1/8"), p("pizza", "1/2")
    state = given("easy", [[e3, p("pizza", "1"), e1], [p("pizza", "1")]], table=[half, p("pizza", "7/8")])
    found = hint(state, 0)
    assert (found.kind, found.hand, found.table, found.toppings) == ("trick_easy", ("3/8", "1/8"), ("1/2",), ())
    assert found.sum == "3/8 + 1/8 = 4/8 = 1/2"


def test_a_standard_trick_hint_names_the_toppings_by_id():
    p = Picker()
    order = p("order", "3/4", "tomato")
    a, b = p("pizza", "1/2", "mushroom", "tomato"), p("pizza", "1/4", "tomato")
    state = given("standard", [[order], [p("order")]], piles=[[a], [b], [p("pizza", "1/8", "bell_pepper")]])
    found = hint(state, 0)
    assert (found.kind, found.hand, found.table, found.toppings) == ("trick", ("3/4",), ("1/2", "1/4"), ("tomato",))


def test_a_pass_hint_says_so_by_kind():
    p = Picker()
    state = given(
        "standard", [[p("order", "1/8", "mushroom")], [p("order")]], piles=[[p("pizza", "1", "mushroom")], [], []]
    )
    assert hint(state, 0).kind == "pass"


def test_a_hint_names_cards_as_printed_with_their_toppings_never_an_internal_value():
    # issue 25: a hint spoke of "the pizza 1" for a card printed 8/8
    p = Picker()
    order = p("order", "6/8", "mushroom")
    whole = p("pizza", "8/8", "mushroom")
    six = p("pizza", "6/8", "mushroom", "bell_pepper")
    state = given("standard", [[order, p("order", "1/4", "tomato")], [p("order")]], piles=[[six], [whole], []])
    found = hint(state, 0)
    assert found.command == TakeTrick(hand=(order,), table=(six,))
    assert [(c.amount, c.toppings) for c in found.hand_cards] == [("6/8", ("mushroom",))]
    assert [(c.amount, c.toppings) for c in found.table_cards] == [("6/8", ("mushroom", "bell_pepper"))]
    assert found.sum == "6/8 = 6/8" and "3/4" not in found.text
    e1, e7 = p("order", "1/8", "tomato"), p("order", "7/8", "tomato")
    tomato_whole = p("pizza", "8/8", "tomato")
    state = given("standard", [[e1, e7], [p("order")]], piles=[[tomato_whole], [], []])
    found = hint(state, 0)
    assert found.table == ("8/8",) and [c.amount for c in found.table_cards] == ["8/8"]
    assert found.sum == "1/8 + 7/8 = 8/8 = 1"
