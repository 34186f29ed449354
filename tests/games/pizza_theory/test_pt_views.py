"""Views (DESIGN.md section 3): the secret cut (RULES-NOTES 1.4 step 2) and
what a screen needs to draw and animate a round."""

from __future__ import annotations

import attrs

from games.contract import SCREEN, SPECTATOR, SeatViewer
from games.pizza_theory import board
from games.pizza_theory import messages as m
from games.pizza_theory.views import view

from pt_helpers import BLUE, ORANGE, YELLOW, act, at_cut, choose_all, started, with_board

SEED_3P_START_0 = 3


def viewers(players):
    return [SCREEN, SPECTATOR] + [SeatViewer(seat) for seat in range(players)]


def test_the_screen_and_spectators_see_who_has_chosen_but_not_what():
    state = at_cut(started(3, SEED_3P_START_0))
    state, _ = act(state, 1, m.ChooseCut(5))
    for viewer in (SCREEN, SPECTATOR, SeatViewer(0), SeatViewer(2)):
        seen = view(state, viewer)
        assert seen.chosen == (1,) and seen.waiting == (0, 2)
        assert [info.chosen for info in seen.seats] == [False, True, False]
        assert seen.your_cut is None and seen.last_round is None


def test_a_seat_sees_its_own_pending_cut():
    state = at_cut(started(3, SEED_3P_START_0))
    state, _ = act(state, 1, m.ChooseCut(5))
    assert view(state, SeatViewer(1)).your_cut == 5 and view(state, SeatViewer(1)).you == 1


def test_no_other_viewer_can_tell_one_pending_cut_from_another():
    # Whatever seat 1 chose, every other viewer's view is the same (non-interference):
    # a stronger check than looking for the number, which also appears as coordinates.
    base = at_cut(started(3, SEED_3P_START_0))
    seen = {}
    for line in range(1, 7):
        state, _ = act(base, 1, m.ChooseCut(line))
        assert state.cuts[1] == line  # the secret is in the state ...
        for viewer in (SCREEN, SPECTATOR, SeatViewer(0), SeatViewer(2)):
            seen.setdefault(viewer, set()).add(view(state, viewer))  # ... and in no other view
    assert all(len(views) == 1 for views in seen.values())


def test_after_the_reveal_every_viewer_sees_the_cuts_slices_and_what_moved():
    toppings = {(-3, 0, 3): ORANGE, (-3, 1, 2): ORANGE, (-3, 2, 1): ORANGE, (-2, -1, 3): BLUE,
                (-2, 0, 2): BLUE, (-2, 2, 0): YELLOW, (-1, 1, 0): YELLOW}
    state = with_board(at_cut(started(3, SEED_3P_START_0)), toppings)
    state, _ = choose_all(state, {0: 5, 1: 6, 2: 4})
    for viewer in viewers(3):
        report = view(state, viewer).last_round
        assert report.round == 1
        assert [(cut.seat, cut.family, cut.line) for cut in report.cuts] == [(0, "x", 5), (1, "y", 6), (2, "z", 4)]
        assert len(report.slices) == 5
        led = [s for s in report.slices if s.leaders == (ORANGE,) and s.removed]
        assert len(led) == 1 and {t.space for t in led[0].placed} == {(-2, -1, 3), (-2, 0, 2)}
        assert {t.colour for t in report.removed} == {BLUE}
    # and the pending cuts of the new round start empty
    assert view(state, SeatViewer(0)).your_cut is None and view(state, SCREEN).chosen == ()


def test_the_view_carries_the_board_colours_families_and_whose_turn():
    state = started(3, SEED_3P_START_0)
    seen = view(state, SCREEN)
    assert [cell.space for cell in seen.board] == list(board.SPACES)
    assert sum(cell.colour is not None for cell in seen.board) == 6
    assert [(p.seat, p.colour, p.family, p.sector_name) for p in seen.seats] == [
        (0, ORANGE, "x", "1st"), (1, BLUE, "y", "2nd"), (2, YELLOW, "z", "3rd")]
    assert [p.supply for p in seen.seats] == [14, 14, 14] and [p.on_pizza for p in seen.seats] == [2, 2, 2]
    assert seen.phase == "add" and seen.turn == 0 and seen.waiting == (0,) and seen.round == 1
    assert seen.neutral is None and seen.you is None
    # the spaces the acting player may use are public: the board shows them
    assert (0, 0, 0) in seen.spaces and (0, -2, 2) not in seen.spaces


def test_two_player_views_show_the_neutral_colour_and_its_cutter():
    state = started(2, 0)
    for seat in state.order:
        state, _ = act(state, seat, m.AddTopping(next(s for s in [(0, 0, 0), (0, 3, -3)] if state.cells[board.INDEX[s]] is None)))
    state, events = act(state, state.first, m.RollNeutralDie())
    seen = view(state, SCREEN)
    assert seen.neutral.colour == YELLOW and seen.neutral.line == events[0].line
    assert seen.neutral.family == state.families[2] and seen.neutral.on_pizza == 2
    assert seen.turn == state.first and seen.phase == "neutral_place"
    assert set(seen.spaces) <= {board.SPACES[i] for i in board.TOUCHING[(seen.neutral.family, seen.neutral.line)]}


def test_the_final_view_names_the_winners():
    state = attrs.evolve(at_cut(started(3, SEED_3P_START_0)), supply=(1, 14, 14))
    interior = [s for s in board.SPACES if min(s) > -3]
    toppings = {s: ORANGE for s in interior[:15]} | {s: BLUE for s in interior[15:17]}
    state = with_board(state, toppings, supply=(1, 14, 16))
    state, _ = choose_all(state, {0: 1, 1: 1, 2: 1})
    seen = view(state, SPECTATOR)
    assert seen.phase == "over" and seen.winners == (0,) and seen.end_reason == "full"
