"""Invariants over whole games driven by arbitrary legal play (hypothesis):
conservation (RULES-NOTES 1.4), replay, determinism and secrecy."""

from __future__ import annotations

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from games.contract import ROOM, SCREEN, SPECTATOR, SeatViewer
from games.pizza_theory import GAME
from games.pizza_theory.state import CUT, TOPPINGS

GAMES = st.tuples(
    st.sampled_from([2, 3]),  # players
    st.integers(0, 2**31),  # seed
    st.lists(st.integers(0, 10**6), min_size=0, max_size=200),  # which legal command, step by step
)


def drive(players, seed, picks, *, check=None):
    """Play by the picks (cycling them); return (setup, state, events, commands)."""
    setup = GAME.setup(players, seed)
    state = GAME.initial_state(setup)
    events, commands = [], []
    step = 0
    while not GAME.is_terminal(state) and step < 400:
        pick = picks[step % len(picks)] if picks else step
        step += 1
        movers = [seat for seat in range(players) if GAME.legal_commands(state, seat)]
        if movers:
            seat = movers[pick % len(movers)]
            legal = GAME.legal_commands(state, seat)
            command = legal[(pick // 7) % len(legal)]
        else:
            seat, command = ROOM, GAME.next_timer(state).command
        new = GAME.decide(state, seat, command)
        for event in new:
            state = GAME.evolve(state, event)
            if check:
                check(state)
        events.extend(new)
        commands.append((seat, command))
    return setup, state, events, commands


def conserved(state):
    for position in range(3):
        on_pizza = sum(1 for colour in state.cells if colour == ("orange", "blue", "yellow")[position])
        assert on_pizza + state.supply[position] == TOPPINGS


@settings(max_examples=30, deadline=None)
@given(GAMES)
def test_every_colour_always_has_16_toppings_between_pizza_and_supply(game):
    drive(*game, check=conserved)


@settings(max_examples=30, deadline=None)
@given(GAMES)
def test_replaying_the_events_from_the_initial_state_gives_the_live_state(game):
    setup, state, events, _ = drive(*game)
    assert GAME.replay(setup, events) == state


@settings(max_examples=20, deadline=None)
@given(GAMES)
def test_the_same_seed_and_commands_give_identical_events(game):
    setup, _, events, commands = drive(*game)
    state = GAME.initial_state(setup)
    again = []
    for seat, command in commands:
        new = GAME.decide(state, seat, command)
        for event in new:
            state = GAME.evolve(state, event)
        again.extend(new)
    assert again == events


def secrets_hidden(state):
    """Changing any seat's pending cut changes no other viewer's view."""
    if state.phase != CUT:
        return
    for seat, line in enumerate(state.cuts):
        if line is None:
            continue
        others = [SCREEN, SPECTATOR] + [SeatViewer(s) for s in range(state.players) if s != seat]
        before = [GAME.view(state, viewer) for viewer in others]
        for other_line in range(1, 7):
            cuts = list(state.cuts)
            cuts[seat] = other_line
            twin = attrs.evolve(state, cuts=tuple(cuts))
            assert [GAME.view(twin, viewer) for viewer in others] == before
        assert GAME.view(state, SeatViewer(seat)).your_cut == line


@settings(max_examples=15, deadline=None)
@given(GAMES)
def test_no_view_ever_shows_another_seats_unrevealed_cut(game):
    drive(*game, check=secrets_hidden)
