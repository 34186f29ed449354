"""Shared givens for the New York Slice tests: tables laid out on purpose.

``table()`` deals a game whose stacks, Specials and leftovers are chosen by
the test (the rest filled in a fixed order), then lets the game run exactly as
a room would: commands through ``decide``, events through ``evolve``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from games.new_york_slice import GAME
from games.new_york_slice import messages as m
from games.new_york_slice.components import (
    COMBO,
    PLAIN,
    SLICES,
    SPECIAL_IDS,
    STACK_SIZE,
    playing_slice_ids,
    removed_slice_ids,
)
from games.new_york_slice.state import Held, State, evolve, initial_state


def plain(t: int, k: int = 0) -> int:
    """The id of the k-th slice of type t."""
    return [s.id for s in SLICES if s.kind == PLAIN and s.types == (t,)][k]


def combo(a: int, b: int) -> int:
    return next(s.id for s in SLICES if s.kind == COMBO and s.types == (a, b))


def fresh(players: int, seed: int = 1, **options: Any) -> State:
    return initial_state(GAME.setup(players, seed, options))


def table(
    players: int,
    stacks: Sequence[Sequence[int]] = (),
    specials: Sequence[str] = (),
    leftovers: Sequence[int] = (),
    first: int = 0,
    seed: int = 1,
    **options: Any,
) -> State:
    """A dealt game: stack i starts with ``stacks[i]`` and carries ``specials[i]``."""
    state = fresh(players, seed, **options)
    chosen = [i for stack in stacks for i in stack] + list(leftovers)
    assert len(set(chosen)) == len(chosen)
    rest = [i for i in playing_slice_ids(players) if i not in chosen]
    full_stacks = []
    for k in range(state.rounds):
        given = list(stacks[k]) if k < len(stacks) else []
        while len(given) < STACK_SIZE:
            given.append(rest.pop(0))
        full_stacks.append(tuple(given))
    lefts = list(leftovers)
    while len(lefts) < 3:
        lefts.append(rest.pop(0))
    assert not rest
    order = list(specials) + [s for s in SPECIAL_IDS if s not in specials]
    state = evolve(state, m.PizzaDealt(
        stacks=tuple(full_stacks), stack_specials=tuple(order[:state.rounds]), leftovers=tuple(lefts),
        reserve=tuple(order[state.rounds:]), removed=removed_slice_ids(players),
    ))
    return evolve(state, m.FirstSlicerChosen(first, at_random=False))


def holding(state: State, seat: int, *specials: str, collected: Sequence[int] = (), eaten: Sequence[int] = ()) -> State:
    """Give a seat Specials from an earlier round and slices taken from the stacks.

    The slices are taken out of whatever stack or leftovers hold them, so every
    slice stays in exactly one place.
    """
    moved = set(collected) | set(eaten)
    stacks = tuple(tuple(i for i in stack if i not in moved) for stack in state.stacks)
    leftovers = tuple(i for i in state.leftovers if i not in moved)
    seats = list(state.seats)
    me = seats[seat]
    seats[seat] = attrs.evolve(
        me,
        specials=me.specials + tuple(Held(s, 0) for s in specials),
        collected=me.collected + tuple(collected),
        eaten=me.eaten + tuple(eaten),
    )
    return attrs.evolve(state, seats=tuple(seats), stacks=stacks, leftovers=leftovers)


def act(state: State, seat: int, command: Any) -> tuple[list, State]:
    """When ``seat`` sends ``command``: the events decided and the state after them."""
    events = GAME.decide(state, seat, command)
    for event in events:
        state = evolve(state, event)
    return events, state


def run(state: State, *moves: tuple[int, Any]) -> State:
    for seat, command in moves:
        _, state = act(state, seat, command)
    return state


def kinds(events: Sequence[Any]) -> list[str]:
    return [type(e).__name__ for e in events]


def places(state: State) -> list[int]:
    """Every slice id wherever it is now; each must appear exactly once."""
    out = [i for stack in state.stacks for i in stack]
    out += list(state.ring) + [i for p in state.portions for i in p.slices]
    out += list(state.plate) + list(state.leftovers) + list(state.removed)
    for seat in state.seats:
        out += list(seat.collected) + list(seat.eaten)
    return out


def last_round(state: State) -> State:
    """Only stack 0 is left (the others go back in the box): the next round is the last."""
    gone = tuple(i for stack in state.stacks[1:] for i in stack)
    return attrs.evolve(
        state, stacks=(state.stacks[0],) + ((),) * (len(state.stacks) - 1),
        stack_specials=(state.stack_specials[0],) + (None,) * (len(state.stacks) - 1),
        removed=state.removed + gone,
    )


def finish_plate(state: State, seat: int) -> State:
    """The seat collects (keeps) everything still waiting on its plate."""
    from games.new_york_slice.rules import legal_commands
    from games.new_york_slice.state import phase_of

    while phase_of(state) == "plate" and state.receiver == seat:
        collect = next(c for c in legal_commands(state, seat) if isinstance(c, m.CollectSlice))
        _, state = act(state, seat, collect)
    return state
