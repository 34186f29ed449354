"""Answers to the ``new_york_slice`` conformance checks (tests/conformance/README).

``score`` runs the Guest Check on the players as given; ``portions`` asks
whether the Slicer may divide the ring so.  Inputs are authoritative even when
a real game could not produce them, so nothing here assumes the real box.
"""

from __future__ import annotations

from typing import Any

from games.new_york_slice.components import (
    ANCHOVY,
    ANCHOVY_FISH,
    COMBO,
    PLAIN,
    SUPREME,
    SUPREME_PEPPERONI,
    TYPE_NAMES,
    Slice,
)
from games.new_york_slice.division import division_problem
from games.new_york_slice.scoring import Holdings, guest_check
from games.vectors import UnknownCheck, expected_keys


def slice_from_json(data: dict[str, Any]) -> Slice:
    """A vector's slice (``type``/``combo``/``anchovy``/``supreme``) as a component."""
    if "combo" in data:
        a, b = data["combo"]
        return Slice(-1, COMBO, (int(a), int(b)), 0, 0, f"{TYPE_NAMES.get(a, a)} / {TYPE_NAMES.get(b, b)}")
    if data.get("anchovy"):
        return Slice(-1, ANCHOVY, (), 0, ANCHOVY_FISH, "Anchovy")
    if "supreme" in data:
        attached = data["supreme"]
        return Slice(-1, SUPREME, () if attached is None else (int(attached),), SUPREME_PEPPERONI, 0, "Supreme")
    t = int(data["type"])
    return Slice(-1, PLAIN, (t,), int(data.get("pepperoni", 0)), int(data.get("anchovies", 0)), TYPE_NAMES.get(t, str(t)))


def answer(check: str, data: dict[str, Any]) -> dict[str, Any]:
    if check == "score":
        players = [
            Holdings(
                collected=tuple(slice_from_json(s) for s in p.get("collected", ())),
                eaten=tuple(slice_from_json(s) for s in p.get("eaten", ())),
                specials=tuple(p.get("specials", ())),
            )
            for p in data["players"]
        ]
        result = guest_check(players)
        return {
            "majorities": [row.majorities for row in result.rows],
            "specials": [row.specials for row in result.rows],
            "pepperoni": [row.pepperoni for row in result.rows],
            "totals": [row.total for row in result.rows],
            "winners": list(result.winners),
        }
    if check == "portions":
        ring = data["ring"]
        if isinstance(ring, bool) or not isinstance(ring, (int, list)):
            raise ValueError(f"ring is the number of slices in the ring (or a list of them), not {ring!r}")
        n = ring if isinstance(ring, int) else len(ring)
        problem = division_problem(n, int(data["players"]), [list(p) for p in data["portions"]], data.get("special"))
        return {"legal": problem is None, "reason": None if problem is None else problem.value}
    raise UnknownCheck(check)


#: What each check's ``expect`` may hold (tests/conformance/README.md).
EXPECTED = {"score": ("majorities", "specials", "pepperoni", "totals", "winners"), "portions": ("legal",)}


def agree(check: str, expect: dict[str, Any], got: dict[str, Any]) -> bool:
    if check not in EXPECTED:
        raise UnknownCheck(check)
    for key in expected_keys(check, expect, EXPECTED[check]):
        if key == "winners":  # a set: a win may be shared
            same = set(expect[key]) == set(got[key])
        elif key == "legal":
            same = expect[key] == got[key]
        else:  # one number per player, in order
            same = list(expect[key]) == list(got[key])
        if not same:
            return False
    return True
