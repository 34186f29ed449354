"""Every conformance vector copied into tests/conformance/ passes.

The vector files are data copied from the shared conformance set (the project
never reads anything outside its own tree); each is run through the same code
as ``pizzanight conformance``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from server.conformance import run_vector

VECTOR_DIR = Path(__file__).parent / "conformance"
VECTORS = [
    pytest.param(vector, id=vector["id"])
    for path in sorted(VECTOR_DIR.glob("*.json"))
    for vector in json.loads(path.read_text(encoding="utf-8"))
]


def test_vectors_are_present_for_every_game():
    games = {vector.values[0]["game"] for vector in VECTORS}
    assert games == {"pizza_theory", "new_york_slice", "splittissimo"}


@pytest.mark.parametrize("vector", VECTORS)
def test_vector(vector):
    result = run_vector(vector)
    assert result.ok, f"expected {result.expected}, got {result.got}"
