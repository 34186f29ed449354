"""Answers to Splittissimo conformance vectors (conformance README).

Cards arrive as JSON (``{"pizza": "3/8", "toppings": [...]}``, ``{"order":
...}``, ``{"special_order": [...]}``, ``{"cancelled_order": true}``) and are
judged by the same functions the engine uses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from games.splittissimo.cards import CANCELLED_ORDER, ORDER, PIZZA, SPECIAL_ORDER, Card, parse_amount
from games.splittissimo.state import score_cards
from games.splittissimo.tricks import special_order_takes, trick_fault
from games.vectors import UnknownCheck, as_set, expected_keys


def parse_card(given: Mapping[str, Any], position: int = 0) -> Card:
    for kind in (PIZZA, ORDER):
        if kind in given:
            slices, of = parse_amount(str(given[kind]))
            return Card(position, kind, slices, of, tuple(given.get("toppings") or ()), 0)
    if SPECIAL_ORDER in given:
        return Card(position, SPECIAL_ORDER, 0, 1, tuple(given[SPECIAL_ORDER]), 0)
    if given.get(CANCELLED_ORDER):
        return Card(position, CANCELLED_ORDER, 0, 1, (), 0)
    raise ValueError(f"not a Splittissimo card: {given!r}")


def _cards(given: Sequence[Mapping[str, Any]]) -> list[Card]:
    return [parse_card(card, i) for i, card in enumerate(given)]


def _fraction_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def answer(check: str, given: Mapping[str, Any]) -> dict[str, Any]:
    if check == "trick":
        hand, table = _cards(given["hand"]), _cards(given["table"])
        play = given["play"]
        hand_at, table_at = list(play.get("hand", [])), list(play.get("table", []))
        valid = (
            len(set(hand_at)) == len(hand_at)
            and len(set(table_at)) == len(table_at)
            and all(isinstance(i, int) and 0 <= i < len(hand) for i in hand_at)
            and all(isinstance(i, int) and 0 <= i < len(table) for i in table_at)
        )
        legal = valid and trick_fault(given["level"], [hand[i] for i in hand_at], [table[i] for i in table_at]) is None
        return {"legal": legal}
    if check == "special_order":
        return {"takes": list(special_order_takes(tuple(given["toppings"]), _cards(given["table"])))}
    if check == "score":
        return {"pizzas": _fraction_text(score_cards(given["level"], _cards(given["won"]), _cards(given.get("hand", []))))}
    raise UnknownCheck(check)


#: What each check's ``expect`` may hold (tests/conformance/README.md).
EXPECTED = {"trick": ("legal",), "special_order": ("takes",), "score": ("pizzas",)}


def agree(check: str, expect: Mapping[str, Any], got: Mapping[str, Any]) -> bool:
    if check not in EXPECTED:
        raise UnknownCheck(check)
    for key in expected_keys(check, expect, EXPECTED[check]):
        if key == "takes":  # card indices: a set
            same = as_set(expect[key]) == as_set(got[key])
        elif key == "pizzas":  # an exact fraction, however written ("3" and "3/1" alike)
            same = Fraction(str(expect[key])) == Fraction(str(got[key]))
        else:
            same = expect[key] == got[key]
        if not same:
            return False
    return True
