"""Pizza Theory's state, ``initial_state`` and ``evolve``: applying decided facts, nothing more.

Toppings are kept in the board frame (RULES-NOTES 1.3): the pizza's rotation
only changes which sector, and so which cut family, faces each table
position.  Table positions are 0..2 clockwise; seats are positions 0..n-1,
and with two players position 2 is the empty seat whose colour is neutral
(RULES-NOTES 1.6).
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from games import values
from games.contract import Setup, UnknownEvent
from games.pizza_theory import board
from games.pizza_theory import messages as m
from games.pizza_theory.options import DEFAULT_MAX_ROUNDS

#: Colour names by table position: Okabe-Ito hues, told apart by every common
#: kind of colour blindness (the client adds a shape per colour as well).
COLOURS: tuple[str, ...] = ("orange", "blue", "yellow")
NEUTRAL = 2  # the neutral colour's table position with two players
TOPPINGS = 16  # per colour (rulebook components)
EMPTY_BOARD: tuple[str | None, ...] = (None,) * len(board.SPACES)

class Phase(enum.StrEnum):
    """Where a game is, in the order a round passes through them (the value is what views send)."""

    SETUP = "setup"
    ADD = "add"
    NEUTRAL_ROLL = "neutral_roll"
    NEUTRAL_PLACE = "neutral_place"
    CUT = "cut"
    OVER = "over"


SETUP, ADD, NEUTRAL_ROLL, NEUTRAL_PLACE, CUT, OVER = Phase


@attrs.frozen
class LastRound:
    """The latest reveal and what it moved, kept for the views until the next one."""

    round: int
    cuts: tuple[m.CutLaid, ...]
    replaced: m.ToppingsReplaced | None = None


@attrs.frozen
class State:
    players: int
    seed: int
    max_rounds: int
    events: int = 0
    phase: Phase = SETUP
    round: int = 0
    start: int = -1
    cells: tuple[str | None, ...] = EMPTY_BOARD  # colour name or None per space index
    supply: tuple[int, int, int] = (TOPPINGS, TOPPINGS, TOPPINGS)  # by table position
    order: tuple[int, ...] = ()
    placer: int = 0  # index into ``order`` during ADD
    families: tuple[str, ...] = ()  # by table position
    sectors: tuple[int, ...] = ()  # by table position
    neutral_line: int | None = None
    cuts: tuple[int | None, ...] = ()  # SECRET pending choices by seat; never in a view
    last: LastRound | None = None
    winners: tuple[int, ...] | None = None
    end_reason: str = ""

    @property
    def first(self) -> int:
        """The seat that acts first this round (and rolls the neutral die with two players)."""
        return self.order[0]

    def on_pizza(self, position: int) -> int:
        return TOPPINGS - self.supply[position]


def initial_state(setup: Setup) -> State:
    """Before the room's ``StartGame``: an empty pizza and the round limit."""
    max_rounds = setup.options.get("max_rounds", DEFAULT_MAX_ROUNDS)
    return State(players=setup.players, seed=setup.seed, max_rounds=max_rounds)


def position_of(colour: str) -> int:
    return COLOURS.index(colour)


def space_index(xyz: Any) -> int | None:
    """The index of a wire space, or None when it is not a space of the board."""
    try:
        return board.INDEX.get(tuple(xyz))
    except TypeError:
        return None


def xyz(space: int) -> m.SpaceXYZ:
    return board.SPACES[space]


def neutral_line(state: State) -> int:
    """The neutral cutter's line, rolled this round (RULES-NOTES 1.6); only asked once rolled."""
    if state.neutral_line is None:  # pragma: no cover - our bug: asked before the roll
        raise AssertionError("the neutral die has not been rolled this round")
    return state.neutral_line


def _index(space: m.SpaceXYZ) -> int:
    """The board index of a space, whatever sequence type its coordinates came in."""
    return board.INDEX[(space[0], space[1], space[2])]


def _put(state: State, topping: m.Topping) -> dict[str, Any]:
    cells = list(state.cells)
    space = _index(topping.space)
    cells[space] = topping.colour
    supply = list(state.supply)
    supply[position_of(topping.colour)] -= 1
    return {"cells": tuple(cells), "supply": tuple(supply)}


def _after_add_turn(state: State) -> dict[str, Any]:
    placer = state.placer + 1
    if placer < len(state.order):
        return {"placer": placer}
    # RULES-NOTES 1.6: with two players the neutral colour's turn comes next.
    return {"placer": placer, "phase": NEUTRAL_ROLL if state.players == 2 else CUT}


def evolve(state: State, event: m.Event) -> State:
    """Apply one event.  No checks, no randomness: replay must always succeed."""
    changes: dict[str, Any]
    if isinstance(event, m.GameStarted):
        cells = list(EMPTY_BOARD)
        supply = [TOPPINGS, TOPPINGS, TOPPINGS]
        for topping in event.toppings:
            cells[_index(topping.space)] = topping.colour
            supply[position_of(topping.colour)] -= 1
        changes = {"start": event.starting_seat, "cells": tuple(cells), "supply": tuple(supply)}
    elif isinstance(event, m.RoundStarted):
        changes = {
            "phase": ADD,
            "round": event.round,
            "order": event.order,
            "placer": 0,
            "families": event.families,
            "sectors": event.sectors,
            "neutral_line": None,
            "cuts": (None,) * state.players,
        }
    elif isinstance(event, m.ToppingAdded):
        changes = _put(state, event.topping) | _after_add_turn(state)
    elif isinstance(event, m.ToppingSkipped):
        changes = _after_add_turn(state)
    elif isinstance(event, m.NeutralDieRolled):
        changes = {"neutral_line": event.line, "phase": NEUTRAL_PLACE}
    elif isinstance(event, m.NeutralToppingPlaced):
        changes = _put(state, event.topping) | {"phase": CUT}
    elif isinstance(event, m.NeutralToppingSkipped):
        changes = {"phase": CUT}
    elif isinstance(event, m.CutChosen):
        cuts = list(state.cuts)
        cuts[event.seat] = event.line
        changes = {"cuts": tuple(cuts)}
    elif isinstance(event, m.CutsRevealed):
        changes = {"cuts": (None,) * state.players, "last": LastRound(event.round, event.cuts)}
    elif isinstance(event, m.ToppingsReplaced):
        cells = list(state.cells)
        supply = list(state.supply)
        for topping in event.removed:
            cells[_index(topping.space)] = None
            supply[position_of(topping.colour)] += 1
        for topping in event.placed:
            cells[_index(topping.space)] = topping.colour
            supply[position_of(topping.colour)] -= 1
        last = state.last or LastRound(event.round, ())
        changes = {"cells": tuple(cells), "supply": tuple(supply), "last": values.replace(last, replaced=event)}
    elif isinstance(event, m.GameEnded):
        changes = {"phase": OVER, "winners": event.winners, "end_reason": event.reason}
    else:
        raise UnknownEvent(event)
    return values.replace(state, events=state.events + 1, **changes)
