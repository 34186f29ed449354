"""Which fraction relation a trick (or a try at one) puts to work: named once, for every part of the project.

A class's report counts, per student, the relations they used, missed and
got refused (issue 25).  The names here are the only ones: the report, the
CSV, the refusal ``params`` and docs/classroom.md all use these strings.

- ``same_card``: one card on each side, printed alike (a 6/8 order on a 6/8 pizza);
- ``equivalent_fractions``: one card on each side, printed differently (3/4 with 6/8, 2/4 with 1/2);
- ``same_denominator_sum``: a side of several cards, every card of the trick over one
  denominator (1/8 + 5/8 = 6/8; a card printed "1" fits any: 1/2 + 1/2 = 1);
- ``unlike_denominator_sum``: a side of several cards, denominators that differ (1/4 + 1/8 = 3/8);
- ``whole_pizza``: one whole pizza written as a fraction or made by a sum (8/8 = 1, 1/2 + 1/2 = 1);
- ``combined_orders``: two or more Order cards in one trick (RULES-NOTES 3.3, 3.4);
- ``toppings_matched``: Standard and Advanced: the pizzas carry every topping the orders ask for.

The classifier looks at the cards' shape only, never at whether the amounts
agree, so a refused attempt names the relation the child was trying: a 3/4
order on a 5/8 pizza is a try at ``equivalent_fractions``.  Pure functions
over printed cards; no turns, no seats.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from games.splittissimo.cards import ORDER, PIZZA, Card, total
from games.splittissimo.codes import SplittissimoCode
from games.splittissimo.tricks import EASY

SAME_CARD = "same_card"
EQUIVALENT_FRACTIONS = "equivalent_fractions"
SAME_DENOMINATOR_SUM = "same_denominator_sum"
UNLIKE_DENOMINATOR_SUM = "unlike_denominator_sum"
WHOLE_PIZZA = "whole_pizza"
COMBINED_ORDERS = "combined_orders"
TOPPINGS_MATCHED = "toppings_matched"

#: Every relation, in the order the report and the CSV list them.
RELATIONS: tuple[str, ...] = (
    SAME_CARD,
    EQUIVALENT_FRACTIONS,
    SAME_DENOMINATOR_SUM,
    UNLIKE_DENOMINATOR_SUM,
    WHOLE_PIZZA,
    COMBINED_ORDERS,
    TOPPINGS_MATCHED,
)

#: Which relation is a trick's main one (the first it has): the hardest step it asked for.
_MAIN_FIRST: tuple[str, ...] = (
    COMBINED_ORDERS,
    UNLIKE_DENOMINATOR_SUM,
    SAME_DENOMINATOR_SUM,
    WHOLE_PIZZA,
    EQUIVALENT_FRACTIONS,
    SAME_CARD,
    TOPPINGS_MATCHED,
)


def _fraction_cards(cards: Sequence[Card]) -> list[Card]:
    return [card for card in cards if card.kind in (PIZZA, ORDER) and card.of > 0]


def _is_whole_written(side: Sequence[Card]) -> bool:
    """One whole pizza on this side, as a fraction (8/8) or a sum, not a card printed "1" alone."""
    if not side or total(side) != 1:
        return False
    return len(side) > 1 or side[0].of != 1


def classify(level: str, hand: Sequence[Card], table: Sequence[Card]) -> tuple[str, ...]:
    """The relations ``hand`` against ``table`` puts to work, in :data:`RELATIONS` order.

    Empty when a side holds no fraction card (a special card named in a
    trick): no fraction relation was tried.
    """
    hand_f, table_f = _fraction_cards(hand), _fraction_cards(table)
    if not hand_f or not table_f:
        return ()
    found: set[str] = set()
    if len(hand_f) == 1 and len(table_f) == 1:
        one, other = hand_f[0], table_f[0]
        found.add(SAME_CARD if (one.slices, one.of) == (other.slices, other.of) else EQUIVALENT_FRACTIONS)
    elif len({card.of for card in hand_f + table_f if card.of != 1}) <= 1:  # a whole "1" is n/n for any n
        found.add(SAME_DENOMINATOR_SUM)
    else:
        found.add(UNLIKE_DENOMINATOR_SUM)
    if _is_whole_written(hand_f) or _is_whole_written(table_f):
        found.add(WHOLE_PIZZA)
    if sum(1 for card in hand_f if card.kind == ORDER) > 1:
        found.add(COMBINED_ORDERS)
    if level != EASY and any(card.toppings for card in hand_f if card.kind == ORDER):
        found.add(TOPPINGS_MATCHED)
    return tuple(r for r in RELATIONS if r in found)


def main_relation(relations: Sequence[str]) -> str:
    """The one relation a record is filed under ("" for none)."""
    return next((r for r in _MAIN_FIRST if r in relations), "")


def refused_relation(code: str, relations: Sequence[str]) -> str:
    """The relation a refused try was refused on: the toppings for a missing topping, the main fraction
    relation for amounts that differ, and none for a shape the level does not allow.

    A shape refusal (in Easy, one card against one card; in Standard, two orders on two pizzas) is about
    the level's rules, not about fractions: its amounts may well be equal (1/2 against 2/4), and a teacher
    reading "refused on equivalent fractions" would look for a misunderstanding that is not there.  It
    is still counted under its rule (``trick/shape``), and its ``relations`` say what was tried.
    """
    if code == SplittissimoCode.TOPPING_MISSING.value:
        return TOPPINGS_MATCHED
    if code == SplittissimoCode.AMOUNTS_DIFFER.value:
        return main_relation([r for r in relations if r != TOPPINGS_MATCHED])
    return ""


# --- the words of a refusal ------------------------------------------------------


def fraction_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def side_sum(cards: Sequence[Card], unit: int) -> str:
    """What one side makes: a single card as printed, several summed in slices of ``1/unit``."""
    if len(cards) == 1:
        return cards[0].text
    slices = sum(card.slices * (unit // card.of) for card in cards)
    return fraction_text(Fraction(slices, 1)) if unit == 1 else f"{slices}/{unit}"


def refusal_params(
    level: str, code: SplittissimoCode, hand: Sequence[Card], table: Sequence[Card]
) -> dict[str, str | int]:
    """What the phone's sentence for a refused trick needs (docs/protocol.md, "Error codes").

    ``trick/amounts_differ``: each side's cards as printed and what each side
    makes (``hand_sum``, ``table_sum``), several cards added in the slice
    size common to the whole try ("these make 5/8 and that pizza is 6/8");
    ``trick/topping_missing``: the first pizza lacking, the topping it lacks
    and the order that asks for it ("this pizza has no mushroom");
    ``trick/shape`` and ``card/wrong_kind``: the level and how many cards
    each side held.  Every refusal of a trick names the relation tried.
    """
    relations = classify(level, hand, table)
    params: dict[str, str | int] = {
        "relation": refused_relation(code.value, relations),
        "hand_count": len(hand),
        "table_count": len(table),
    }
    if code == SplittissimoCode.AMOUNTS_DIFFER:
        unit = math.lcm(1, *(card.of for card in list(hand) + list(table)))
        params.update(
            hand=" + ".join(card.text for card in hand),
            hand_sum=side_sum(hand, unit),
            table=" + ".join(card.text for card in table),
            table_sum=side_sum(table, unit),
        )
    elif code == SplittissimoCode.TOPPING_MISSING:
        wanted = [topping for card in hand for topping in card.toppings]
        for pizza in table:
            missing = [topping for topping in wanted if topping not in pizza.toppings]
            if missing:
                asker = next(card for card in hand if missing[0] in card.toppings)
                params.update(pizza=pizza.text, topping=missing[0], order=asker.text)
                break
    elif code in (SplittissimoCode.TRICK_SHAPE, SplittissimoCode.WRONG_CARD_KIND):
        params["level"] = level
    return params
