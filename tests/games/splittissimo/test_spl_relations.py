"""The fraction relations a trick uses (issue 25), and the refusal of a try in numbers a child can read."""

from __future__ import annotations

import pytest

from games.contract import Rejected
from games.splittissimo import GAME
from games.splittissimo.cards import ORDER, PIZZA, Card, parse_amount
from games.splittissimo.codes import SplittissimoCode as C
from games.splittissimo.messages import TakeTrick
from games.splittissimo.relations import (
    COMBINED_ORDERS,
    EQUIVALENT_FRACTIONS,
    RELATIONS,
    SAME_CARD,
    SAME_DENOMINATOR_SUM,
    TOPPINGS_MATCHED,
    UNLIKE_DENOMINATOR_SUM,
    WHOLE_PIZZA,
    classify,
    main_relation,
    refusal_params,
    refused_relation,
)
from games.splittissimo.tricks import ADVANCED, EASY, STANDARD
from tests.games.splittissimo.spl_helpers import Picker, given


def pizza(text: str, *toppings: str) -> Card:
    return Card(0, PIZZA, *parse_amount(text), toppings or ("tomato",), 1)


def order(text: str, *toppings: str) -> Card:
    return Card(0, ORDER, *parse_amount(text), toppings or ("tomato",), 1)


# --- the classifier ------------------------------------------------------------------


def test_the_issue_examples_are_named_as_the_issue_names_them():
    assert classify(STANDARD, [order("6/8")], [pizza("6/8")]) == (SAME_CARD, TOPPINGS_MATCHED)
    assert classify(STANDARD, [order("3/4")], [pizza("6/8")]) == (EQUIVALENT_FRACTIONS, TOPPINGS_MATCHED)
    assert classify(EASY, [pizza("6/8")], [pizza("1/8"), pizza("5/8")]) == (SAME_DENOMINATOR_SUM,)
    assert classify(EASY, [pizza("3/8")], [pizza("1/4"), pizza("1/8")]) == (UNLIKE_DENOMINATOR_SUM,)
    assert classify(STANDARD, [order("8/8")], [pizza("1")]) == (EQUIVALENT_FRACTIONS, WHOLE_PIZZA, TOPPINGS_MATCHED)


def test_a_whole_pizza_is_one_written_as_a_fraction_or_a_sum_not_a_1_on_a_1():
    assert WHOLE_PIZZA in classify(EASY, [pizza("1")], [pizza("1/2"), pizza("1/2")])
    assert WHOLE_PIZZA in classify(EASY, [pizza("8/8")], [pizza("3/4"), pizza("1/4")])
    assert classify(EASY, [pizza("1")], [pizza("1")]) == (SAME_CARD,)
    assert WHOLE_PIZZA not in classify(EASY, [pizza("3/4")], [pizza("1/2"), pizza("1/4")])


def test_combined_orders_and_toppings_only_at_the_levels_that_have_them():
    relations = classify(STANDARD, [order("1/4"), order("1/4")], [pizza("1/2")])
    assert relations == (UNLIKE_DENOMINATOR_SUM, COMBINED_ORDERS, TOPPINGS_MATCHED)
    assert main_relation(relations) == COMBINED_ORDERS
    advanced = classify(ADVANCED, [order("1/8"), order("3/8")], [pizza("2/8"), pizza("2/8")])
    assert advanced == (SAME_DENOMINATOR_SUM, COMBINED_ORDERS, TOPPINGS_MATCHED)
    assert TOPPINGS_MATCHED not in classify(EASY, [pizza("1/2")], [pizza("1/4"), pizza("1/4")])


def test_the_main_relation_is_the_hardest_step_and_every_name_is_listed_once():
    assert main_relation((SAME_CARD, TOPPINGS_MATCHED)) == SAME_CARD
    assert main_relation((EQUIVALENT_FRACTIONS, WHOLE_PIZZA)) == WHOLE_PIZZA
    assert main_relation(()) == ""
    assert len(set(RELATIONS)) == len(RELATIONS) == 7


def test_a_try_is_classified_by_its_shape_whatever_its_amounts():
    # a 3/4 order on a 5/8 pizza: a try at equivalent fractions, refused on the amounts
    relations = classify(STANDARD, [order("3/4")], [pizza("5/8")])
    assert refused_relation(C.AMOUNTS_DIFFER.value, relations) == EQUIVALENT_FRACTIONS
    assert refused_relation(C.TOPPING_MISSING.value, relations) == TOPPINGS_MATCHED
    assert refused_relation(C.CARD_NOT_IN_HAND.value, relations) == ""


def test_a_shape_the_level_does_not_allow_is_refused_on_no_fraction_relation():
    # Easy: 1/2 against 2/4 is equal, but one card against one card is not an Easy trick
    relations = classify(EASY, [pizza("1/2")], [pizza("2/4")])
    assert EQUIVALENT_FRACTIONS in relations
    assert refused_relation(C.TRICK_SHAPE.value, relations) == ""
    assert classify(STANDARD, [], [pizza("1/2")]) == ()


# --- refusals in numbers --------------------------------------------------------------


def test_amounts_differ_says_what_each_side_makes_in_a_common_slice_size():
    params = refusal_params(EASY, C.AMOUNTS_DIFFER, [pizza("6/8")], [pizza("1/8"), pizza("1/2")])
    assert params == {
        "relation": UNLIKE_DENOMINATOR_SUM,
        "hand_count": 1,
        "table_count": 2,
        "hand": "6/8",
        "hand_sum": "6/8",
        "table": "1/8 + 1/2",
        "table_sum": "5/8",
    }
    single = refusal_params(STANDARD, C.AMOUNTS_DIFFER, [order("3/4")], [pizza("5/8")])
    assert (single["hand_sum"], single["table_sum"], single["relation"]) == ("3/4", "5/8", EQUIVALENT_FRACTIONS)


def test_topping_missing_names_the_pizza_and_the_topping():
    params = refusal_params(STANDARD, C.TOPPING_MISSING, [order("1/2", "mushroom")], [pizza("2/4", "tomato")])
    assert params == {
        "relation": TOPPINGS_MATCHED,
        "hand_count": 1,
        "table_count": 1,
        "pizza": "2/4",
        "topping": "mushroom",
        "order": "1/2",
    }


def test_the_engine_refuses_a_wrong_try_with_those_params_and_the_rule_outcome_is_unchanged():
    p = Picker()
    o = p("order", "1/8", "tomato")
    o2 = p("order", "1/2", "mushroom")
    pz = p("pizza", "6/8", "tomato")
    pz2 = p("pizza", "1/2", "tomato")
    state = given(STANDARD, [[o, o2], [p("order")]], piles=[[pz], [pz2], []])
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 0, TakeTrick(hand=(o,), table=(pz,)))
    assert exc.value.code is C.AMOUNTS_DIFFER
    assert exc.value.params["hand_sum"] == "1/8" and exc.value.params["table_sum"] == "6/8"
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 0, TakeTrick(hand=(o2,), table=(pz2,)))
    assert exc.value.code is C.TOPPING_MISSING
    assert (exc.value.params["pizza"], exc.value.params["topping"]) == ("1/2", "mushroom")
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 0, TakeTrick(hand=(o, o2), table=(pz, pz2)))
    assert exc.value.code is C.TRICK_SHAPE and exc.value.params["level"] == STANDARD
    assert all(type(v) in (str, int) for v in exc.value.params.values())
