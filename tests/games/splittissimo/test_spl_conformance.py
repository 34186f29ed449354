"""Conformance answers: the public vectors, plus cases of the same format written here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.splittissimo.conformance import agree, answer
from games.vectors import UnknownCheck

VECTORS = json.loads((Path(__file__).parents[2] / "conformance" / "splittissimo.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_public_vectors(vector):
    assert agree(vector["check"], vector["expect"], answer(vector["check"], vector["input"]))


def P(amount, *toppings):
    return {"pizza": amount, "toppings": list(toppings)}


def Order(amount, *toppings):
    return {"order": amount, "toppings": list(toppings)}


OWN = [
    (
        "trick",
        {
            "level": "advanced",
            "hand": [Order("1/4", "tomato"), Order("1/2", "tomato")],
            "table": [P("1/2", "tomato"), P("1/4", "tomato", "mushroom")],
            "play": {"hand": [0, 1], "table": [0, 1]},
        },
        {"legal": True},
    ),
    (
        "trick",
        {
            "level": "standard",
            "hand": [Order("1/4", "tomato"), Order("1/2", "tomato")],
            "table": [P("1/2", "tomato"), P("1/4", "tomato")],
            "play": {"hand": [0, 1], "table": [0, 1]},
        },
        {"legal": False},
    ),
    (
        "trick",
        {
            "level": "standard",
            "hand": [Order("1/2", "tomato")],
            "table": [P("2/4", "tomato")],
            "play": {"hand": [0], "table": [0]},
        },
        {"legal": True},
    ),
    (
        "trick",
        {
            "level": "standard",
            "hand": [{"special_order": ["tomato", "mushroom"]}],
            "table": [P("1/2", "tomato", "mushroom")],
            "play": {"hand": [0], "table": [0]},
        },
        {"legal": False},
    ),
    (
        "trick",
        {"level": "easy", "hand": [P("1/8"), P("3/8")], "table": [P("1/2")], "play": {"hand": [0, 1], "table": [0]}},
        {"legal": True},
    ),
    (
        "trick",
        {"level": "easy", "hand": [P("1/2")], "table": [P("1/4"), P("1/4")], "play": {"hand": [0], "table": [0, 0]}},
        {"legal": False},
    ),
    (
        "trick",
        {
            "level": "advanced",
            "hand": [Order("1/4")] * 4,
            "table": [P("1/4")] * 4,
            "play": {"hand": [0, 1, 2, 3], "table": [0, 1, 2, 3]},
        },
        {"legal": False},
    ),
    ("special_order", {"table": [P("1/2", "tomato")], "toppings": ["mushroom", "tomato"]}, {"takes": []}),
    (
        "score",
        {"level": "standard", "won": [P("1/2"), Order("1/2")], "hand": [Order("3/4"), {"cancelled_order": True}]},
        {"pizzas": "1/2"},
    ),
    (
        "score",
        {"level": "advanced", "won": [], "hand": [Order("1/8"), {"special_order": ["tomato", "mushroom"]}]},
        {"pizzas": "-9/8"},
    ),
    ("score", {"level": "easy", "won": [P("1"), P("8/8"), P("2/4"), P("1/2")], "hand": [P("1")]}, {"pizzas": "3"}),
]


@pytest.mark.parametrize("check, given, expect", OWN)
def test_own_vectors(check, given, expect):
    got = answer(check, given)
    assert agree(check, expect, got), got
    if check == "score":
        assert got == expect  # lowest terms, written as the README asks


def test_an_unknown_check_is_reported():
    with pytest.raises(UnknownCheck):
        answer("deal", {})
