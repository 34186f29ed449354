"""Cutting (RULES-NOTES 1.4 step 2), replacing toppings in the engine (1.4
step 3, 1.6 step 4), rotation (1.3, 1.4 step 4) and the end of the game (1.5)."""

from __future__ import annotations

import attrs
import pytest

from games.contract import Code, Rejected
from games.pizza_theory import board
from games.pizza_theory import messages as m
from games.pizza_theory.codes import PizzaTheoryCode
from games.pizza_theory.rules import _game_end, decide, is_terminal, legal_commands, outcome

from pt_helpers import BLUE, ORANGE, YELLOW, act, at_cut, choose_all, new_game, of_type, started, with_board

SEED_3P_START_0 = 3
SEED_2P_START_0 = 0
INTERIOR = [s for s in board.SPACES if min(s) > -3]  # the big slice when every cut is line 1


def rejected(state, seat, command):
    with pytest.raises(Rejected) as caught:
        decide(state, seat, command)
    return caught.value.code


def cutting(players=3, seed=None):
    return at_cut(started(players, SEED_3P_START_0 if players == 3 else SEED_2P_START_0 if seed is None else seed))


# --- the secret cut ------------------------------------------------------------


def test_every_player_may_choose_a_cut_in_any_order_once():
    state = cutting()
    assert all(legal_commands(state, seat) == [m.ChooseCut(n) for n in range(1, 7)] for seat in range(3))
    # When seat 2 chooses first, only that fact is recorded
    state, events = act(state, 2, m.ChooseCut(4))
    assert events == [m.CutChosen(2, 4)]
    assert legal_commands(state, 2) == []
    assert rejected(state, 2, m.ChooseCut(5)) is PizzaTheoryCode.ALREADY_CHOSEN


@pytest.mark.parametrize("line", [0, 7, -1, "3", True, None])
def test_a_cut_must_be_a_line_from_1_to_6(line):
    assert rejected(cutting(), 0, m.ChooseCut(line)) is PizzaTheoryCode.NO_SUCH_LINE


def test_all_cuts_are_revealed_together_when_the_last_is_in():
    # RULES-NOTES 1.4 step 2: nothing until all have chosen, then one reveal.
    state = cutting()
    state, first = act(state, 1, m.ChooseCut(6))
    state, second = act(state, 0, m.ChooseCut(5))
    assert of_type(first + second, m.CutsRevealed) == []
    state, last = act(state, 2, m.ChooseCut(4))
    (reveal,) = of_type(last, m.CutsRevealed)
    # each seat's cut lies in the family of the sector facing it (seat 0 faces "1st": x)
    assert reveal.cuts == (
        m.CutLaid(0, ORANGE, "x", 5),
        m.CutLaid(1, BLUE, "y", 6),
        m.CutLaid(2, YELLOW, "z", 4),
    )
    assert [type(event) for event in last[:4]] == [m.CutChosen, m.CutsRevealed, m.ToppingsReplaced, m.RoundStarted]


def test_the_reveal_replaces_toppings_as_the_rulebook_example_slices_do():
    # Given the board of the conformance vector "leader replaces", as orange/blue/yellow
    toppings = {(-3, 0, 3): ORANGE, (-3, 1, 2): ORANGE, (-3, 2, 1): ORANGE, (-2, -1, 3): BLUE,
                (-2, 0, 2): BLUE, (-2, 2, 0): YELLOW, (-1, 1, 0): YELLOW}
    state = with_board(cutting(), toppings)
    # When the cuts 5 (x), 6 (y), 4 (z) are revealed
    state, events = choose_all(state, {0: 5, 1: 6, 2: 4})
    # Then orange replaces blue's two toppings (RULES-NOTES 1.4 step 3)
    (replaced,) = of_type(events, m.ToppingsReplaced)
    assert set(replaced.removed) == {m.Topping((-2, -1, 3), BLUE), m.Topping((-2, 0, 2), BLUE)}
    assert set(replaced.placed) == {m.Topping((-2, -1, 3), ORANGE), m.Topping((-2, 0, 2), ORANGE)}
    assert len(replaced.slices) == 5
    assert state.cells[board.INDEX[(-2, 0, 2)]] == ORANGE
    assert state.supply == (11, 16, 14)


def test_with_two_players_all_three_cuts_and_colours_count():
    # RULES-NOTES 1.6 step 4: the neutral cutter divides the pizza too.
    state = attrs.evolve(cutting(2), neutral_line=4)
    state, events = choose_all(state, {0: 1, 1: 1})
    (reveal,) = of_type(events, m.CutsRevealed)
    assert reveal.cuts[-1] == m.CutLaid(None, YELLOW, "z", 4)
    (replaced,) = of_type(events, m.ToppingsReplaced)
    assert sorted(map(len, (s.spaces for s in replaced.slices))) == sorted(
        map(len, board.slices({"x": 1, "y": 1, "z": 4})))
    assert {c.colour for c in replaced.would_have} == {ORANGE, BLUE, YELLOW}


# --- rotation (RULES-NOTES 1.3, 1.4 step 4) -----------------------------------------


def test_after_a_round_the_pizza_turns_and_turn_order_moves_one_seat_clockwise():
    state = cutting()
    before = state.cells
    state, events = choose_all(state, {0: 1, 1: 1, 2: 1})  # edge rows only: nothing moves here
    (begun,) = of_type(events, m.RoundStarted)
    assert begun.round == 2 and state.round == 2
    # The player who faced "2nd" (seat 1) now faces "1st" and goes first
    assert begun.order == (1, 2, 0)
    assert state.families == ("z", "x", "y")
    # and toppings stay where they are in the board frame
    assert state.cells == before
    # After another round seat 2 faces "1st"
    state = at_cut(state)
    state, events = choose_all(state, {0: 1, 1: 1, 2: 1})
    assert state.order == (2, 0, 1) and state.families == ("y", "z", "x")


def test_with_two_players_the_pizza_still_turns_so_families_rotate():
    # RULES-NOTES 1.6 [house]: cut families rotate with the pizza.
    state = attrs.evolve(cutting(2), neutral_line=1)
    families = state.families
    state, _ = choose_all(state, {0: 1, 1: 1})
    assert state.families == (families[2], families[0], families[1])


# --- end of the game (RULES-NOTES 1.5) -------------------------------------------


def almost_full_orange(players=3):
    """Orange holds 15 interior spaces, blue and yellow 2 each there; orange has 1 left."""
    interior = iter(INTERIOR)
    toppings = {next(interior): ORANGE for _ in range(15)}
    toppings.update({next(interior): BLUE for _ in range(2)})
    toppings.update({next(interior): YELLOW for _ in range(2)})
    state = cutting(players)
    if players == 2:
        state = attrs.evolve(state, neutral_line=1)
    return with_board(state, toppings, supply=(1, 14, 14))


def test_a_colour_with_all_16_on_the_pizza_at_the_end_of_the_round_wins():
    # Given orange leads the big slice with one topping left to place
    state = almost_full_orange()
    # When every cut is line 1 (edge rows cut off; the interior is one slice)
    state, events = choose_all(state, {0: 1, 1: 1, 2: 1})
    # Then orange fills one space, is short of three, and wins
    (replaced,) = of_type(events, m.ToppingsReplaced)
    assert m.ColourCount(ORANGE, 3) in replaced.short
    assert m.ColourCount(ORANGE, 19) in replaced.would_have
    assert events[-1] == m.GameEnded(round=1, winners=(0,), colours=(ORANGE,), reason="full")
    assert is_terminal(state)
    result = outcome(state)
    assert result.winners == (0,) and result.scores == (16, 0, 0)
    # And nothing more can be done
    assert all(legal_commands(state, seat) == [] for seat in range(3))
    assert rejected(state, 0, m.ChooseCut(1)) is Code.GAME_OVER


def test_two_full_colours_are_split_by_the_would_have_count():
    state = attrs.evolve(cutting(), supply=(0, 0, 5))
    assert _game_end(state, {ORANGE: 17, BLUE: 16, YELLOW: 11}).winners == (0,)
    assert _game_end(state, {ORANGE: 16, BLUE: 18, YELLOW: 11}).winners == (1,)


def test_two_full_colours_equal_on_would_have_share_the_win():
    # RULES-NOTES 1.5 [house]
    state = attrs.evolve(cutting(), supply=(0, 0, 5))
    ended = _game_end(state, {ORANGE: 16, BLUE: 16, YELLOW: 11})
    assert ended.winners == (0, 1) and ended.reason == "full_tiebreak"


def test_with_two_players_a_full_neutral_colour_makes_both_lose_even_if_a_player_is_full():
    # RULES-NOTES 1.5: the neutral rule outranks a player reaching 16.
    state = attrs.evolve(cutting(2), neutral_line=1, supply=(0, 4, 0))
    ended = _game_end(state, {ORANGE: 20, BLUE: 12, YELLOW: 16})
    assert ended.winners == () and ended.reason == "neutral_full"


def test_with_two_players_a_full_player_wins_while_the_neutral_is_not_full():
    state = almost_full_orange(players=2)
    state, events = choose_all(state, {0: 1, 1: 1})
    assert events[-1].winners == (0,)
    assert outcome(state).winners == (0,)


def test_the_neutral_filling_the_pizza_in_play_ends_the_game_with_no_winner():
    # Given yellow (neutral) leads the interior with one topping left
    interior = iter(INTERIOR)
    toppings = {next(interior): YELLOW for _ in range(15)}
    toppings.update({next(interior): ORANGE for _ in range(2)})
    toppings.update({next(interior): BLUE for _ in range(2)})
    state = with_board(attrs.evolve(cutting(2), neutral_line=1), toppings, supply=(14, 14, 1))
    state, events = choose_all(state, {0: 1, 1: 1})
    assert events[-1] == m.GameEnded(round=1, winners=(), colours=(), reason="neutral_full")
    assert outcome(state).winners == ()


def test_without_a_full_colour_the_game_goes_on():
    state, events = choose_all(cutting(), {0: 1, 1: 1, 2: 1})
    assert of_type(events, m.GameEnded) == [] and not is_terminal(state)


def test_the_round_limit_option_ends_the_game_with_the_most_toppings_winning():
    # [house] option max_rounds: after that round the most toppings on the pizza win.
    state = at_cut(started(3, SEED_3P_START_0))
    state = attrs.evolve(state, max_rounds=1)
    state = with_board(state, {(0, 0, 0): BLUE, (3, -3, 0): BLUE, (-3, 3, 0): ORANGE})
    state, events = choose_all(state, {0: 1, 1: 1, 2: 1})
    assert events[-1] == m.GameEnded(round=1, winners=(1,), colours=(BLUE,), reason="round_limit")


def test_the_round_limit_is_an_option_30_by_default_and_0_means_none():
    assert new_game(3).max_rounds == 30
    assert new_game(3, max_rounds=12).max_rounds == 12
    # Given no limit and a full-length game, when round 30 ends without a full colour
    state = attrs.evolve(at_cut(started(3, SEED_3P_START_0)), max_rounds=0, round=30)
    state, events = choose_all(state, {0: 1, 1: 1, 2: 1})
    # Then play goes on
    assert of_type(events, m.GameEnded) == [] and state.round == 31
