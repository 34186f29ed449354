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
from games.vectors import UnknownCheck, as_partition, as_set


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
            "winners": [colour for colour in result.winners() if colour in supply],
        }
    raise UnknownCheck(check)


def agree(check: str, expect: Mapping[str, Any], got: Mapping[str, Any]) -> bool:
    if check == "slices":
        return as_partition(expect["slices"]) == as_partition(got["slices"])
    if check == "touching":
        return as_set(expect["spaces"]) == as_set(got["spaces"])
    if check == "placements":
        return as_set(expect["legal"]) == as_set(got["legal"])
    if check == "resolve":
        return (
            dict(expect["board"]) == got["board"]
            and dict(expect["supply"]) == got["supply"]
            and as_set(expect["safe"]) == as_set(got["safe"])
            and as_set(expect["winners"]) == as_set(got["winners"])
        )
    raise UnknownCheck(check)
