"""Every conformance vector copied into tests/conformance/ passes, and so does every one of ours.

The vector files of tests/conformance/ are data copied from the shared conformance set (the
project never reads anything outside its own tree); tests/conformance_ours/ holds vectors of
the same format we wrote ourselves, each answer worked out by hand from the rules notes (a
``note`` on the less obvious ones) and checked against a second implementation, for the edge
cases the shared set leaves out: ties, specials together, runs that wrap, every level's tricks,
fractions in lowest terms.  Each is run through the same code as ``pizzanight conformance``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from server.conformance import run_vector

VECTOR_DIR = Path(__file__).parent / "conformance"
OUR_VECTOR_DIR = Path(__file__).parent / "conformance_ours"
VECTORS = [
    pytest.param(vector, id=vector["id"])
    for path in sorted(VECTOR_DIR.glob("*.json"))
    for vector in json.loads(path.read_text(encoding="utf-8"))
]
OUR_VECTORS = [
    pytest.param(vector, id=vector["id"])
    for path in sorted(OUR_VECTOR_DIR.glob("*.json"))
    for vector in json.loads(path.read_text(encoding="utf-8"))
]


def test_vectors_are_present_for_every_game():
    games = {vector.values[0]["game"] for vector in VECTORS}
    assert games == {"pizza_theory", "new_york_slice", "splittissimo"}


@pytest.mark.parametrize("vector", VECTORS + OUR_VECTORS)
def test_vector(vector):
    result = run_vector(vector)
    assert result.ok, f"expected {result.expected}, got {result.got}"


def test_our_vectors_cover_every_check_and_never_reuse_an_id():
    checks = {(v.values[0]["game"], v.values[0]["check"]) for v in OUR_VECTORS}
    assert checks == {(v.values[0]["game"], v.values[0]["check"]) for v in VECTORS}
    ids = [v.values[0]["id"] for v in VECTORS + OUR_VECTORS]
    assert len(ids) == len(set(ids))


# What a vector's ``expect`` may hold: part of an answer, never nothing, never a key its check does not define.

def _first(game: str, check: str) -> dict:
    """The first shipped vector of ``game``'s ``check``."""
    return next(v.values[0] for v in VECTORS if v.values[0]["game"] == game and v.values[0]["check"] == check)


SCORE = _first("new_york_slice", "score")


def _with_expect(vector: dict, expect: dict) -> dict:
    return dict(vector, expect=expect)


def test_a_vector_may_expect_part_of_an_answer():
    assert run_vector(_with_expect(SCORE, {"winners": SCORE["expect"]["winners"]})).ok
    wrong = [n + 1 for n in SCORE["expect"]["totals"]]
    assert not run_vector(_with_expect(SCORE, {"totals": wrong})).ok


@pytest.mark.parametrize("expect", [{}, {"total": [99]}, {"totals": None, "reason": "x"}])
def test_an_expectation_that_would_check_nothing_fails_and_says_why(expect):
    # A misspelt key ("total") or no key at all would otherwise pass without checking anything
    result = run_vector(_with_expect(SCORE, expect))
    assert not result.ok and "expect" in result.got


def test_each_game_refuses_keys_its_checks_do_not_define():
    trick, takes = _first("splittissimo", "trick"), _first("splittissimo", "special_order")
    resolve = _first("pizza_theory", "resolve")
    for vector, extra in ((trick, "reason"), (takes, "take"), (resolve, "winner")):
        assert run_vector(vector).ok
        result = run_vector(_with_expect(vector, dict(vector["expect"], **{extra: None})))
        assert not result.ok and f"does not define: {extra}" in result.got


def test_a_ring_given_as_text_is_an_error_not_a_ring_of_two():
    vector = {
        "id": "ring-text", "game": "new_york_slice", "check": "portions",
        "input": {"ring": "11", "players": 4, "portions": [[0, 1, 2], [3, 4, 5, 6], [7, 8, 9, 10]], "special": "alone"},
        "expect": {"legal": False},
    }
    result = run_vector(vector)
    assert not result.ok and "ring" in result.got


def test_a_colour_on_the_board_but_not_in_the_supply_has_none_left_and_may_win():
    # Blue has two toppings on the pizza and no supply listed: none left, like red, and more would-have
    vector = {
        "id": "pt-unlisted", "game": "pizza_theory", "check": "resolve",
        "input": {"board": {"0,0,0": "blue", "1,-1,0": "blue", "-3,0,3": "red"}, "supply": {"red": 0}, "cuts": {"x": 1, "y": 1, "z": 1}},
        "expect": {"winners": ["blue"]},
    }
    assert run_vector(vector).ok
