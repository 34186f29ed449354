"""Shared givens for the Pizza Theory tests: states built from events or boards."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from games.contract import ROOM, Setup
from games.pizza_theory import GAME, board
from games.pizza_theory import messages as m
from games.pizza_theory.rules import decide
from games.pizza_theory.state import COLOURS, TOPPINGS, State, evolve

ORANGE, BLUE, YELLOW = COLOURS


def new_game(players: int = 3, seed: int = 7, **options: Any) -> State:
    return GAME.initial_state(GAME.setup(players, seed, options))


def started(players: int = 3, seed: int = 7) -> State:
    """A game right after the room's StartGame."""
    state = new_game(players, seed)
    return fold(state, decide(state, ROOM, m.StartGame()))


def fold(state: State, events: Iterable[Any]) -> State:
    for event in events:
        state = evolve(state, event)
    return state


def act(state: State, seat: int, command: Any) -> tuple[State, list[Any]]:
    events = decide(state, seat, command)
    return fold(state, events), events


def cells(toppings: Mapping[tuple[int, int, int], str]) -> tuple:
    out: list[str | None] = [None] * len(board.SPACES)
    for space, colour in toppings.items():
        out[board.INDEX[space]] = colour
    return tuple(out)


def with_board(state: State, toppings: Mapping[tuple[int, int, int], str], supply: tuple[int, ...] | None = None) -> State:
    """The state with exactly these toppings; supplies follow (16 - on the pizza) unless given."""
    grid = cells(toppings)
    if supply is None:
        supply = tuple(TOPPINGS - sum(1 for colour in grid if colour == name) for name in COLOURS)
    return attrs.evolve(state, cells=grid, supply=supply)


def at_cut(state: State) -> State:
    """Skip ahead to the cut phase of the current round (no toppings added)."""
    return attrs.evolve(state, phase="cut", placer=len(state.order), cuts=(None,) * state.players)


def choose_all(state: State, lines: Mapping[int, int]) -> tuple[State, list[Any]]:
    """Every seat chooses its cut, in seat order; all events together."""
    events: list[Any] = []
    for seat, line in sorted(lines.items()):
        state, new = act(state, seat, m.ChooseCut(line))
        events.extend(new)
    return state, events


def of_type(events: Iterable[Any], kind: type) -> list[Any]:
    return [event for event in events if isinstance(event, kind)]


def setup_of(state: State) -> Setup:
    return GAME.setup(state.players, state.seed, {"max_rounds": state.max_rounds})
