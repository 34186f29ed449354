"""Invariants over whole random games (DESIGN.md section 6, issue 3 "Tests").

Every slice is always in exactly one place; replay rebuilds the live state;
the same seed plays the same game; no view reveals another seat's eaten
slices, the stacks, the leftovers or the reserve; everything crosses the wire.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs
import msgpack
from hypothesis import given, settings
from hypothesis import strategies as st

from games.contract import ROOM, SCREEN, SPECTATOR, SeatViewer, expand
from games.new_york_slice import GAME
from games.new_york_slice.components import SLICES, Slice
from games.new_york_slice.state import State, actor_of
from games.rng import Rng
from protocol.gamecodec import GameCodec, to_wire

from nys_helpers import places

CODEC = GameCodec.for_game(GAME)


def walk(players: int, seed: int) -> Iterator[tuple[State, int, Any, list]]:
    """A random game: (state before, actor, command, events) for every command."""
    setup = GAME.setup(players, seed)
    state = GAME.initial_state(setup)
    step = 0
    while not GAME.is_terminal(state):
        actor = actor_of(state)
        if actor == ROOM:
            command = GAME.next_timer(state).command
        else:
            legal = GAME.legal_commands(state, actor)
            assert legal, "the game waits on a seat that can do nothing"
            command = Rng(seed, "walk", step).choice(legal)
        events = GAME.decide(state, actor, command)
        yield state, actor, command, events
        for event in events:
            state = GAME.evolve(state, event)
        step += 1
    yield state, -2, None, []


def slice_ids(value: Any) -> set[int]:
    """Every slice id a view shows, wherever it sits."""
    found: set[int] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Slice):
            found.add(item.id)
        elif attrs.has(type(item)):
            stack.extend(getattr(item, f.name) for f in attrs.fields(type(item)))
        elif isinstance(item, tuple):
            stack.extend(item)
    return found


def hidden_from(state: State, seat: int | None) -> set[int]:
    hidden = {i for stack in state.stacks for i in stack} | set(state.leftovers)
    for other, me in enumerate(state.seats):
        if other != seat:
            hidden |= set(me.eaten)
    if state.mystery in state.plate and state.receiver != seat:
        hidden.add(state.mystery)
    return hidden


def scrambled(state: State, seed: int) -> State:
    """The same table with everything nobody may see shuffled around."""
    rng = Rng(seed, "scramble")
    pool = rng.shuffled([i for stack in state.stacks for i in stack] + list(state.leftovers))
    stacks, at = [], 0
    for stack in state.stacks:
        stacks.append(tuple(pool[at:at + len(stack)]))
        at += len(stack)
    specials = [s for s in state.stack_specials if s is not None] + list(state.reserve)
    specials = rng.shuffled(specials)
    stack_specials = []
    for s in state.stack_specials:
        stack_specials.append(None if s is None else specials.pop())
    return attrs.evolve(
        state, stacks=tuple(stacks), leftovers=tuple(pool[at:]), stack_specials=tuple(stack_specials),
        reserve=tuple(specials),
    )


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10**9))
def test_every_slice_is_in_exactly_one_place_at_all_times(players, seed):
    for state, *_ in walk(players, seed):
        if state.round:
            assert sorted(places(state)) == list(range(len(SLICES)))


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10**9))
def test_replaying_the_events_rebuilds_the_live_state(players, seed):
    events = []
    for state, _, _, decided in walk(players, seed):  # noqa: B007 - the last state is read below
        events.extend(decided)
    assert GAME.replay(GAME.setup(players, seed), events) == state
    assert state.round == state.rounds


@settings(max_examples=10, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10**9))
def test_the_same_seed_plays_the_same_game(players, seed):
    first = [e for *_, events in walk(players, seed) for e in events]
    again = [e for *_, events in walk(players, seed) for e in events]
    assert first == again


def test_different_seeds_deal_differently():
    deals = {next(walk(4, seed))[3][0].stacks for seed in range(5)}
    assert len(deals) == 5


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10**9))
def test_no_view_shows_another_seats_eaten_slices_or_anything_face_down(players, seed):
    for index, (state, *_) in enumerate(walk(players, seed)):
        if not state.round:
            continue
        other = scrambled(state, seed + index)
        for viewer in [SeatViewer(s) for s in range(players)] + [SCREEN, SPECTATOR]:
            seat = viewer.seat if isinstance(viewer, SeatViewer) else None
            view = GAME.view(state, viewer)
            assert not slice_ids(view) & hidden_from(state, seat)
            # Reshuffling the stacks, leftovers and reserve changes nothing anyone sees.
            assert GAME.view(other, viewer) == view


@settings(max_examples=10, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10**9))
def test_commands_events_and_views_cross_the_wire(players, seed):
    for state, actor, command, events in walk(players, seed):
        msgpack.packb(to_wire(GAME.view(state, SCREEN)))
        if actor >= 0:
            msgpack.packb(to_wire(GAME.view(state, SeatViewer(actor))))
            assert CODEC.command(msgpack.unpackb(msgpack.packb(to_wire(command)))) == command
        for event in events:
            assert CODEC.event(msgpack.unpackb(msgpack.packb(to_wire(event)))) == event


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10**9))
def test_the_legal_patterns_stand_for_exactly_the_legal_commands(players, seed):
    # Given every state of a random game and every seat
    slicing_turns = 0
    for state, _, _, _ in walk(players, seed):
        for seat in range(players):
            listed = GAME.legal_patterns(state, seat)
            # Then the patterns are there only for the Slicer's turn to cut, where they shorten the list
            if listed is None:
                continue
            slicing_turns += 1
            assert GAME.legal_commands(state, seat)
            assert len(listed) <= 2
            # and they stand for the seat's legal commands, all of them and in order
            assert expand(listed) == list(GAME.legal_commands(state, seat))
    assert slicing_turns > 0


def test_the_game_is_registered_with_its_options_and_bots():
    from games.registry import get_game

    game = get_game("new_york_slice")
    assert (game.min_players, game.max_players) == (2, 6)
    assert {o.name for o in game.options} == {"first_slicer", "veggies_eaten_later"}
    assert set(game.bots) == {"random", "strong"}
