"""Setup (RULES-NOTES 1.3, 1.6), adding toppings (1.4 step 1), the 2-player
neutral colour's turn (1.6) and the shared rejection rules."""

from __future__ import annotations

import attrs
import pytest

from games.contract import ROOM, Code, Rejected
from games.pizza_theory import board
from games.pizza_theory import messages as m
from games.pizza_theory.codes import PizzaTheoryCode
from games.pizza_theory.rules import decide, legal_commands, next_timer
from games.pizza_theory.state import NEUTRAL_PLACE, NEUTRAL_ROLL

from pt_helpers import BLUE, ORANGE, YELLOW, act, at_cut, new_game, of_type, started, with_board

SEED_3P_START_0 = 3  # seeds whose starting seat is 0, found once and pinned by these tests
SEED_2P_START_0 = 0


def rejected(state, seat, command):
    with pytest.raises(Rejected) as caught:
        decide(state, seat, command)
    return caught.value.code


# --- setup -------------------------------------------------------------------


def test_before_the_start_the_room_is_asked_to_start_and_nobody_else_can_act():
    # Given a new game
    state = new_game(3)
    # Then no seat has anything to do and the room has a start timer due at once
    assert all(legal_commands(state, seat) == [] for seat in range(3))
    timer = next_timer(state)
    assert timer is not None and timer.delay_ms == 0 and timer.command == m.StartGame()
    # and only the room may start it
    assert rejected(state, 0, m.StartGame()) is Code.NOT_A_PLAYER


def test_the_starting_player_is_random_and_recorded_in_an_event():
    # RULES-NOTES 1.3: chosen at random, recorded in an event.
    starts = set()
    for seed in range(40):
        state = new_game(3, seed)
        events = decide(state, ROOM, m.StartGame())
        (begun,) = of_type(events, m.GameStarted)
        assert 0 <= begun.starting_seat < 3
        starts.add(begun.starting_seat)
    assert starts == {0, 1, 2}
    # and the same seed always draws the same seat
    assert decide(new_game(3, 11), ROOM, m.StartGame()) == decide(new_game(3, 11), ROOM, m.StartGame())


def test_the_game_starts_only_once_and_then_the_room_has_nothing_to_send():
    state = started(3, SEED_3P_START_0)
    assert rejected(state, ROOM, m.StartGame()) is Code.WRONG_PHASE
    assert next_timer(state) is None


def test_each_player_starts_with_the_x_pair_of_the_sector_facing_them():
    # Given three players, seat 0 starting (so it faces "1st")
    state = started(3, SEED_3P_START_0)
    # Then each seat holds its sector's X pair and has 14 toppings left (RULES-NOTES 1.3)
    for seat, colour in enumerate((ORANGE, BLUE, YELLOW)):
        assert {i for i, here in enumerate(state.cells) if here == colour} == set(board.X_SPACES[seat])
    assert state.supply == (14, 14, 14)


def test_the_starting_player_faces_1st_and_cuts_with_x_in_round_1():
    # RULES-NOTES 1.3: "1st" turned to the starting player; families follow the sectors.
    for seed in range(12):
        state = started(3, seed)
        assert state.order[0] == state.start
        assert state.families[state.start] == "x"
        assert state.families[(state.start + 1) % 3] == "y"
        assert state.families[(state.start + 2) % 3] == "z"


def test_with_two_players_the_neutral_colour_holds_the_empty_seat_and_its_x_pair():
    # RULES-NOTES 1.6: the neutral colour belongs to the third, empty seat.
    state = started(2, SEED_2P_START_0)
    assert state.players == 2 and state.order == (0, 1)
    yellow = {i for i, here in enumerate(state.cells) if here == YELLOW}
    assert yellow == set(board.X_SPACES[state.sectors[2]])
    assert state.supply == (14, 14, 14)


# --- adding toppings (RULES-NOTES 1.4 step 1) ------------------------------------


def test_players_add_toppings_in_turn_order():
    # Given seat 0 starting
    state = started(3, SEED_3P_START_0)
    # Then only seat 0 may add now
    assert legal_commands(state, 1) == [] and legal_commands(state, 2) == []
    assert rejected(state, 1, m.AddTopping((0, 0, 0))) is Code.NOT_YOUR_TURN
    # When seat 0 adds, then seat 1 is next, then seat 2, then the cut begins
    state, events = act(state, 0, m.AddTopping((0, 0, 0)))
    assert events == [m.ToppingAdded(0, m.Topping((0, 0, 0), ORANGE))]
    assert state.supply[0] == 13
    assert [c.space for c in legal_commands(state, 1)] and legal_commands(state, 0) == []
    state, _ = act(state, 1, m.AddTopping((0, 3, -3)))
    state, _ = act(state, 2, m.AddTopping((3, -3, 0)))
    assert state.phase == "cut"


def test_a_topping_may_not_go_next_to_your_own_or_on_a_taken_or_missing_space():
    state = started(3, SEED_3P_START_0)
    # (-1,-2,3) is one of orange's X spaces; (0,-2,2) is next to it
    assert rejected(state, 0, m.AddTopping((0, -2, 2))) is PizzaTheoryCode.NEXT_TO_OWN
    assert rejected(state, 0, m.AddTopping((-1, -2, 3))) is PizzaTheoryCode.SPACE_TAKEN
    assert rejected(state, 0, m.AddTopping((4, -4, 0))) is PizzaTheoryCode.NOT_A_SPACE
    assert rejected(state, 0, m.AddTopping("0,0,0")) is PizzaTheoryCode.NOT_A_SPACE
    # and the legal commands are exactly the empty spaces not next to orange
    legal = {command.space for command in legal_commands(state, 0)}
    assert (0, -2, 2) not in legal and (-1, -2, 3) not in legal and (0, 0, 0) in legal
    # 6 taken; the two X spaces have 4 neighbours each, 2 of them shared
    near = {(0, -3, 3), (0, -2, 2), (-1, -1, 2), (-2, -1, 3), (2, -3, 1), (1, -2, 1)}
    assert legal == set(board.SPACES) - near - {board.SPACES[i] for i, c in enumerate(state.cells) if c}
    assert len(legal) == 37 - 6 - 6


def test_a_player_with_nowhere_to_add_is_skipped_and_the_skip_is_recorded():
    # Given a full pizza but for one space, which orange may use
    state = started(3, SEED_3P_START_0)
    spaces = [s for s in board.SPACES if s != (0, 0, 0)]
    colours = [BLUE, YELLOW] * 18
    state = with_board(state, dict(zip(spaces, colours)), supply=(10, 0, 0))
    # When orange takes it
    state, events = act(state, 0, m.AddTopping((0, 0, 0)))
    # Then blue and yellow skip (no space left) and the cut begins (RULES-NOTES 1.4 step 1)
    assert events[1:] == [m.ToppingSkipped(1, "no_supply"), m.ToppingSkipped(2, "no_supply")]
    assert state.phase == "cut"


def test_a_player_with_spaces_only_next_to_their_own_is_skipped():
    # Given two empty spaces, both next to blue's toppings only, and orange's turn
    state = started(3, SEED_3P_START_0)
    empty = {(0, 0, 0), (3, -3, 0)}
    toppings = {}
    for space in board.SPACES:
        if space in empty:
            continue
        near = any(sum(abs(a - b) for a, b in zip(space, e)) == 2 for e in empty)
        toppings[space] = BLUE if near else (ORANGE if len(toppings) % 2 else YELLOW)
    state = with_board(state, toppings, supply=(5, 5, 5))
    # When orange adds on one of them
    state, events = act(state, 0, m.AddTopping((0, 0, 0)))
    # Then blue cannot add anywhere and is skipped; yellow may still add
    assert events[1:] == [m.ToppingSkipped(1, "no_space")]
    assert state.order[state.placer] == 2 and state.phase == "add"


def test_a_player_with_an_empty_supply_is_skipped():
    state = started(3, SEED_3P_START_0)
    state = attrs.evolve(state, supply=(14, 0, 14))
    state, events = act(state, 0, m.AddTopping((0, 0, 0)))
    assert events[1:] == [m.ToppingSkipped(1, "no_supply")]
    assert state.order[state.placer] == 2


# --- two players: the neutral colour's turn (RULES-NOTES 1.6) ----------------------


def two_player_at_neutral_roll():
    state = started(2, SEED_2P_START_0)
    state, _ = act(state, 0, m.AddTopping((0, 0, 0)))
    state, _ = act(state, 1, m.AddTopping((0, 3, -3)))
    return state


def test_after_both_add_the_first_player_rolls_the_neutral_die():
    state = two_player_at_neutral_roll()
    assert state.phase == NEUTRAL_ROLL
    assert legal_commands(state, 0) == [m.RollNeutralDie()] and legal_commands(state, 1) == []
    assert rejected(state, 1, m.RollNeutralDie()) is Code.NOT_YOUR_TURN
    # When seat 0 rolls
    state2, events = act(state, 0, m.RollNeutralDie())
    (roll,) = of_type(events, m.NeutralDieRolled)
    # Then the roll is recorded, on the family facing the empty seat
    assert 1 <= roll.line <= 6 and roll.family == state.families[2]
    assert state2.neutral_line == roll.line and state2.phase == NEUTRAL_PLACE
    # And the same state always rolls the same (seeded, salted by the event count)
    assert decide(state, 0, m.RollNeutralDie()) == events


def two_player_at_neutral_roll_for(seed):
    state = started(2, seed)
    for seat in state.order:
        state, _ = act(state, seat, legal_commands(state, seat)[0])
    return state


def test_the_neutral_die_shows_every_face_over_many_games():
    rolls = set()
    for seed in range(60):
        state = two_player_at_neutral_roll_for(seed)
        rolls.add(decide(state, state.first, m.RollNeutralDie())[0].line)
    assert rolls == {1, 2, 3, 4, 5, 6}


def test_the_neutral_topping_goes_on_an_empty_space_touching_the_neutral_cutter():
    state = attrs.evolve(two_player_at_neutral_roll(), phase=NEUTRAL_PLACE, neutral_line=1)
    family = state.families[2]
    touching = {board.SPACES[i] for i in board.TOUCHING[(family, 1)]}
    legal = {command.space for command in legal_commands(state, 0)}
    assert legal == {s for s in touching if state.cells[board.INDEX[s]] is None}
    far = next(s for s in board.SPACES if s not in touching and state.cells[board.INDEX[s]] is None)
    assert rejected(state, 0, m.PlaceNeutralTopping(far)) is PizzaTheoryCode.NOT_TOUCHING_CUTTER
    assert rejected(state, 1, m.PlaceNeutralTopping(sorted(legal)[0])) is Code.NOT_YOUR_TURN
    # When the first player places it, the neutral colour's topping lands and the cut begins
    space = sorted(legal)[0]
    state, events = act(state, 0, m.PlaceNeutralTopping(space))
    assert events == [m.NeutralToppingPlaced(0, m.Topping(space, YELLOW))]
    assert state.phase == "cut" and state.supply[2] == 13


def test_no_neutral_topping_when_its_supply_is_empty():
    state = attrs.evolve(two_player_at_neutral_roll(), supply=(13, 13, 0))
    state, events = act(state, 0, m.RollNeutralDie())
    assert events[1:] == [m.NeutralToppingSkipped(0, "no_supply")]
    assert state.phase == "cut"


def test_no_neutral_topping_when_no_empty_space_touches_the_cutter():
    # Given a full pizza
    state = two_player_at_neutral_roll()
    state = with_board(state, {s: (ORANGE, BLUE, YELLOW)[i % 3] for i, s in enumerate(board.SPACES)}, supply=(3, 3, 3))
    state, events = act(state, 0, m.RollNeutralDie())
    assert events[1:] == [m.NeutralToppingSkipped(0, "no_space")]


def test_the_first_player_alternates_each_round():
    # RULES-NOTES 1.6: first player alternates, starting with the starting player.
    state = at_cut(started(2, SEED_2P_START_0))
    state = attrs.evolve(state, neutral_line=3)
    assert state.order == (0, 1)
    state, _ = act(state, 0, m.ChooseCut(1))
    state, _ = act(state, 1, m.ChooseCut(1))
    assert state.round == 2 and state.order == (1, 0)


# --- shared rejections ---------------------------------------------------------


def test_commands_from_outside_the_game_are_rejected():
    state = started(3, SEED_3P_START_0)
    assert rejected(state, 0, object()) is Code.UNKNOWN_COMMAND
    assert rejected(state, 3, m.ChooseCut(1)) is Code.NOT_A_PLAYER
    assert rejected(state, ROOM, m.AddTopping((0, 0, 0))) is Code.NOT_A_PLAYER
    assert rejected(state, 0, m.ChooseCut(1)) is Code.WRONG_PHASE
    assert rejected(state, 0, m.RollNeutralDie()) is Code.WRONG_PHASE
