"""Answers to Pizza Theory conformance vectors (conformance README).

Each answer runs the same functions the engine uses: the board data, the
placement rule and :func:`resolution.resolve`.  Inputs are taken as given,
even when they could not arise in play.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.pizza_theory import board
from games.pizza_theory.placement import placeable
from games.pizza_theory.resolution import resolve
from games.vectors import UnknownCheck, as_partition, as_set, expected_keys


def _board(given: Mapping[str, str]) -> tuple[str | None, ...]:
    cells: list[str | None] = [None] * len(board.SPACES)
    for text, colour in given.items():
        cells[board.parse_space(text)] = colour
    return tuple(cells)


def _cuts(given: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    return tuple((family, int(line)) for family, line in given.items())


def _board_out(cells: tuple[str | None, ...]) -> dict[str, str]:
    return {board.space_text(i): colour for i, colour in enumerate(cells) if colour is not None}


def answer(check: str, given: Mapping[str, Any]) -> dict[str, Any]:
    if check == "slices":
        parts = board.slices(_cuts(given["cuts"]))
        return {"slices": [[board.space_text(i) for i in part] for part in parts]}
    if check == "touching":
        spaces = board.TOUCHING[(given["family"], int(given["line"]))]
        return {"spaces": [board.space_text(i) for i in sorted(spaces)]}
    if check == "placements":
        legal = placeable(_board(given["board"]), given["color"])
        return {"legal": [board.space_text(i) for i in legal]}
    if check == "resolve":
        supply = {colour: int(count) for colour, count in given["supply"].items()}
        result = resolve(_board(given["board"]), supply, board.slices(_cuts(given["cuts"])))
        return {
            "board": _board_out(result.board),
            "supply": {colour: result.supply.get(colour, 0) for colour in supply},
            "safe": sorted(colour for colour in supply if colour in result.safe),
            # a colour on the board but not in ``supply`` has none left in it (``resolve``): it may win too
            "winners": list(result.winners()),
        }
    raise UnknownCheck(check)


#: What each check's ``expect`` may hold (tests/conformance/README.md).
EXPECTED = {"slices": ("slices",), "touching": ("spaces",), "placements": ("legal",), "resolve": ("board", "supply", "safe", "winners")}


def agree(check: str, expect: Mapping[str, Any], got: Mapping[str, Any]) -> bool:
    if check not in EXPECTED:
        raise UnknownCheck(check)
    return all(_same(key, expect[key], got[key]) for key in expected_keys(check, expect, EXPECTED[check]))


def _same(key: str, expected: Any, got: Any) -> bool:
    if key == "slices":
        return as_partition(expected) == as_partition(got)
    if key in ("board", "supply"):
        return bool(dict(expected) == got)
    return as_set(expected) == as_set(got)  # spaces, legal, safe, winners: sets
