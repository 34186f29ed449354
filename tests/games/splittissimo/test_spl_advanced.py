"""Advanced level, given / when / then (RULES-NOTES 3.4)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from games.contract import Rejected, SeatViewer
from games.splittissimo import GAME
from games.splittissimo.codes import SplittissimoCode as C
from games.splittissimo.messages import EndTurn, Pass, PlayCancelledOrder, PlaySpecialOrder, TakeTrick
from games.splittissimo.state import TURN, WINDOW

from spl_helpers import Picker, close_window, given, kinds, run


def test_combined_orders_take_two_or_three_pizzas_each_carrying_all_toppings():
    p = Picker()
    o1, o2 = p("order", "1/4", "tomato"), p("order", "1/2", "tomato")
    a, b = p("pizza", "1/2", "tomato"), p("pizza", "1/4", "bell_pepper", "tomato")
    state = given("advanced", [[o1, o2], [p("order")]], piles=[[a], [b], [p("pizza", "1/8", "mushroom")]])
    events, state = run(state, 0, TakeTrick(hand=(o1, o2), table=(a, b)))
    assert kinds(events)[0] == "TrickTaken"
    assert events[0].text == "1/4 + 1/2 = 1/4 + 2/4 = 3/4 = 2/4 + 1/4 = 1/2 + 1/4"
    assert set(state.won[0]) == {o1, o2, a, b}


def interrupt_setup(window: bool = True):
    p = Picker()
    special = p("special_order", "", "mushroom", "tomato")
    rival = p("special_order", "", "bell_pepper", "tomato")
    match = p("pizza", "1/2", "mushroom", "tomato")
    order, easy_pizza = p("order", "1/4", "bell_pepper"), p("pizza", "1/4", "bell_pepper")
    hands = [[order], [p("order")], [special, p("order")], [rival]]
    piles = [
        [match, p("pizza", "1/8", "tomato")],
        [easy_pizza, p("pizza", "7/8", "tomato")],
        [p("pizza", "3/4", "bell_pepper", "tomato")],
    ]
    state = given("advanced", hands, piles=piles, deck=p.filler("order", 8), window=window)
    return state, special, rival, match, order, easy_pizza


def test_a_special_order_may_interrupt_during_the_window_and_takes_over_the_turn():
    state, special, _, match, _, _ = interrupt_setup()
    assert PlaySpecialOrder(card=special, turn=1) in GAME.legal_commands(state, 2)
    events, state = run(state, 2, PlaySpecialOrder(card=special, turn=1))
    assert kinds(events) == ["SpecialOrderPlayed"]
    assert events[0].took_over and events[0].taken == (match,)
    assert state.active == 2 and state.turn == 2 and state.phase == TURN and state.tricks == 1
    # The taker may go on taking tricks, then ends the turn; play continues clockwise from the taker.
    _, state = run(state, 2, EndTurn())
    assert state.active == 3


def test_a_special_order_may_interrupt_after_the_window_before_the_active_player_places_a_card():
    state, special, _, _, _, _ = interrupt_setup(window=False)
    events, state = run(state, 2, PlaySpecialOrder(card=special, turn=1))
    assert events[0].took_over and state.active == 2


def test_once_the_active_player_placed_a_card_an_interrupt_is_too_late():
    state, special, _, _, order, easy_pizza = interrupt_setup(window=False)
    _, state = run(state, 0, TakeTrick(hand=(order,), table=(easy_pizza,)))
    assert GAME.legal_commands(state, 2) == []
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 2, PlaySpecialOrder(card=special, turn=state.turn))
    assert exc.value.code is C.TOO_LATE


def test_first_valid_interrupt_wins_the_racing_one_is_too_late():
    state, special, rival, _, _, _ = interrupt_setup()
    _, state = run(state, 2, PlaySpecialOrder(card=special, turn=1))
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 3, PlaySpecialOrder(card=rival, turn=1))
    assert exc.value.code is C.TOO_LATE


def test_the_taker_cannot_be_interrupted_in_turn():
    state, special, rival, _, _, _ = interrupt_setup()
    _, state = run(state, 2, PlaySpecialOrder(card=special, turn=1))
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 3, PlaySpecialOrder(card=rival, turn=state.turn))
    assert exc.value.code is C.TOO_LATE


def test_a_cancelled_order_after_a_special_order_took_the_turn_is_too_late():
    p = Picker()
    special, cancel = p("special_order", "", "mushroom", "tomato"), p("cancelled_order")
    state = given(
        "advanced",
        [[p("order")], [special], [cancel]],
        piles=[[p("pizza", "1/2", "mushroom", "tomato")], [p("pizza", "1", "bell_pepper")], []],
        deck=p.filler("order", 4),
        window=True,
    )
    _, state = run(state, 1, PlaySpecialOrder(card=special, turn=1))
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 2, PlayCancelledOrder(card=cancel, turn=1))
    assert exc.value.code is C.TOO_LATE


def test_the_active_player_cannot_play_its_special_order_while_the_window_is_open():
    p = Picker()
    special = p("special_order", "", "mushroom", "tomato")
    state = given(
        "advanced", [[special], [p("order")]], piles=[[p("pizza", "1/2", "mushroom", "tomato")], [], []], window=True
    )
    assert GAME.legal_commands(state, 0) == []
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 0, PlaySpecialOrder(card=special, turn=1))
    assert exc.value.code is C.WINDOW_OPEN
    state = close_window(state)
    assert PlaySpecialOrder(card=special, turn=1) in GAME.legal_commands(state, 0)


def test_penalties_for_orders_and_special_cards_left_in_hand():
    p = Picker()
    order, pz = p("order", "1/2", "tomato"), p("pizza", "2/4", "tomato")
    left_order, left_special = p("order", "1/8"), p("cancelled_order")
    state = given(
        "advanced",
        [[order, left_order], [left_special]],
        piles=[[pz], [p("pizza", "7/8")], [p("pizza", "3/8")]],
        deck=(),
    )
    _, state = run(state, 0, TakeTrick(hand=(order,), table=(pz,)))
    _, state = run(state, 0, EndTurn())
    result = GAME.outcome(state)
    # Seat 0: 1/2 delivered - 1/8 unfulfilled; seat 1: 0 - one whole pizza.
    assert result.scores == (Fraction(3, 8), Fraction(-1)) and result.winners == (0,)
    final = GAME.view(state, SeatViewer(1)).final
    assert final.penalties == (Fraction(1, 8), Fraction(1)) and final.reason == "deck_empty"
    # The breakdown a screen shows: delivered - unfulfilled orders - special cards = score.
    assert [(b.delivered, b.orders, b.specials, b.total) for b in final.breakdown] == [
        (Fraction(1, 2), Fraction(1, 8), 0, Fraction(3, 8)),
        (Fraction(0), Fraction(0), 1, Fraction(-1)),
    ]


def test_equal_scores_share_the_win():
    p = Picker()
    state = given(
        "advanced", [[p("order", "1/8")], [p("order", "1/8")]], piles=[[p("pizza", "1", "mushroom")], [], []], deck=()
    )
    state = run(state, 0, Pass())[1]
    assert state.end_reason == "deck_empty"
    assert GAME.outcome(state).winners == (0, 1)


def test_a_round_of_passes_goes_on_and_every_pass_draws_a_card_that_counts_against_you():
    """RULES-NOTES 3.3-3.4 [changed]: a full round of passes does not end the game."""
    p = Picker()
    state = given(
        "advanced",
        [[p("order", "1/8")], [p("order", "1/8")]],
        piles=[[p("pizza", "1", "mushroom")], [], []],
        deck=p.filler("order", 4),
    )
    state = close_window(run(state, 0, Pass())[1])
    events, state = run(state, 1, Pass())
    assert kinds(events) == ["TurnPassed", "CardsDrawn", "TurnBegan"] and len(state.hands[1]) == 2
    assert not GAME.is_terminal(state) and state.active == 0


def test_the_window_opens_for_the_next_turn_after_a_pass():
    p = Picker()
    state = given(
        "advanced",
        [[p("order", "1/8")], [p("order", "1/8")]],
        piles=[[p("pizza", "1", "mushroom")], [], []],
        deck=p.filler("order", 4),
    )
    _, state = run(state, 0, Pass())
    assert state.phase == WINDOW and state.active == 1
