"""Standard level, given / when / then (RULES-NOTES 3.3)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from games.contract import ROOM, SCREEN, Code, Rejected
from games.splittissimo import GAME
from games.splittissimo.cards import CARDS, ORDER, PIZZA
from games.splittissimo.codes import SplittissimoCode as C
from games.splittissimo.messages import (
    CloseReactionWindow,
    EndTurn,
    Pass,
    PlayCancelledOrder,
    PlaySpecialOrder,
    TakeTrick,
)
from games.splittissimo.state import TURN, WINDOW

from spl_helpers import Picker, close_window, given, kinds, run


def start(players: int, **options):
    setup = GAME.setup(players, seed=5, options={"level": "standard", **options})
    state = GAME.initial_state(setup)
    return run(state, ROOM, GAME.next_timer(state).command)


def test_deal_four_order_deck_cards_each_and_three_even_face_up_pizza_piles():
    _, state = start(3, dots=[1])
    assert [len(h) for h in state.hands] == [4, 4, 4]
    assert all(CARDS[c].kind != PIZZA for h in state.hands for c in h)
    assert sorted(len(p) for p in state.piles) == [7, 8, 8]
    assert all(CARDS[c].kind == PIZZA for p in state.piles for c in p)


def test_every_turn_opens_a_reaction_window_closed_by_a_room_timer():
    _, state = start(2)
    assert state.phase == WINDOW
    timer = GAME.next_timer(state)
    assert timer.delay_ms == 3000 and timer.command == CloseReactionWindow(turn=state.turn)
    assert GAME.legal_commands(state, state.active) == []
    events, state = run(state, ROOM, timer.command)
    assert kinds(events) == ["ReactionWindowClosed"] and state.phase == TURN
    assert GAME.next_timer(state) is None


def test_window_length_is_an_option_and_zero_skips_the_window():
    _, state = start(2, reaction_ms=1500)
    assert GAME.next_timer(state).delay_ms == 1500
    _, state = start(2, reaction_ms=0)
    assert state.phase == TURN and GAME.next_timer(state) is None
    _, state = start(2, special_cards=False)
    assert state.phase == TURN


def test_window_timer_keys_are_unique_per_window_and_a_stale_close_is_refused():
    p = Picker()
    state = given("standard", [[p("order")], [p("order")]], deck=p.filler("order", 6), window=True)
    first_key = GAME.next_timer(state).key
    state = close_window(state)
    _, state = run(state, 0, Pass())
    assert state.phase == WINDOW and GAME.next_timer(state).key != first_key
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, ROOM, CloseReactionWindow(turn=1))
    assert exc.value.code is C.STALE_TIMER
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 0, CloseReactionWindow(turn=state.turn))
    assert exc.value.code is C.ROOM_ONLY


def test_the_active_player_cannot_act_while_the_window_is_open():
    p = Picker()
    o, pz = p("order", "1/2", "tomato"), p("pizza", "1/2", "tomato")
    state = given("standard", [[o], [p("order")]], piles=[[pz], [], []], window=True)
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 0, TakeTrick(hand=(o,), table=(pz,)))
    assert exc.value.code is C.WINDOW_OPEN


def test_order_with_several_pizzas_carrying_its_topping_then_the_card_below_opens():
    p = Picker()
    order = p("order", "3/4", "tomato")
    half, quarter = p("pizza", "1/2", "mushroom", "tomato"), p("pizza", "1/4", "tomato")
    below = p("pizza", "1", "mushroom")
    state = given(
        "standard",
        [[order, p("order", "1/8", "mushroom")], [p("order")]],
        piles=[[half, below], [quarter, p("pizza", "3/8")], [p("pizza", "5/8")]],
    )
    events, state = run(state, 0, TakeTrick(hand=(order,), table=(half, quarter)))
    assert kinds(events) == ["TrickTaken"] and set(state.won[0]) == {order, half, quarter}
    assert state.piles[0][0] == below


def test_a_card_opened_by_a_trick_serves_the_next_trick_of_the_same_turn():
    p = Picker()
    first, second = p("order", "1/2", "tomato"), p("order", "3/4", "mushroom")
    top, below = p("pizza", "1/2", "tomato"), p("pizza", "3/4", "mushroom")
    state = given(
        "standard",
        [[first, second], [p("order", "1/8")]],
        piles=[[top, below], [p("pizza", "1/8", "tomato")], [p("pizza", "7/8")]],
    )
    _, state = run(state, 0, TakeTrick(hand=(first,), table=(top,)))
    _, state = run(state, 0, TakeTrick(hand=(second,), table=(below,)))
    assert state.tricks == 2


def test_cards_under_the_tops_cannot_be_taken():
    p = Picker()
    order = p("order", "3/4", "mushroom")
    top, below = p("pizza", "1/2", "tomato"), p("pizza", "3/4", "mushroom")
    state = given(
        "standard", [[order], [p("order", "1/8")]], piles=[[top, below], [p("pizza", "1/8")], [p("pizza", "7/8")]]
    )
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 0, TakeTrick(hand=(order,), table=(below,)))
    assert exc.value.code is C.CARD_NOT_OPEN


def test_several_orders_with_one_pizza_need_all_their_toppings_on_it():
    p = Picker()
    o1, o2 = p("order", "1/4", "bell_pepper"), p("order", "1/2", "tomato")
    plain = p("pizza", "3/4", "bell_pepper")
    both = p("pizza", "3/4", "bell_pepper", "tomato")
    state = given("standard", [[o1, o2], [p("order", "1/8")]], piles=[[plain], [both], [p("pizza", "1/8")]])
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 0, TakeTrick(hand=(o1, o2), table=(plain,)))
    assert exc.value.code is C.TOPPING_MISSING
    events, _ = run(state, 0, TakeTrick(hand=(o1, o2), table=(both,)))
    assert events[0].text == "1/4 + 1/2 = 1/4 + 2/4 = 3/4"


def test_standard_refuses_several_orders_against_several_pizzas():
    p = Picker()
    o1, o2 = p("order", "1/4", "tomato"), p("order", "1/2", "tomato")
    a, b = p("pizza", "1/2", "tomato"), p("pizza", "1/4", "tomato")
    state = given("standard", [[o1, o2], [p("order", "1/8")]], piles=[[a], [b], []])
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 0, TakeTrick(hand=(o1, o2), table=(a, b)))
    assert exc.value.code is C.TRICK_SHAPE


def test_an_emptied_pile_is_rebuilt_from_the_others_keeping_their_order():
    p = Picker()
    order = p("order", "1/2", "tomato")
    alone = p("pizza", "1/2", "tomato")
    second = p.filler("pizza", 4, "tomato")
    third = p.filler("pizza", 3, "tomato")
    state = given("standard", [[order], [p("order", "1/8")]], piles=[[alone], second, third])
    events, state = run(state, 0, TakeTrick(hand=(order,), table=(alone,)))
    assert kinds(events) == ["TrickTaken", "PilesRebalanced"]
    rest = second + third
    assert state.piles == (rest[:3], rest[3:5], rest[5:])


def test_end_turn_draws_back_to_four_and_pass_draws_one_extra():
    p = Picker()
    order, pz = p("order", "1/2", "tomato"), p("pizza", "1/2", "tomato")
    deck = p.filler("order", 6)
    state = given(
        "standard",
        [[order, p("order", "1/8", "tomato")], [p("order")]],
        piles=[[pz], [p("pizza", "7/8")], [p("pizza", "3/8")]],
        deck=deck,
    )
    _, state = run(state, 0, TakeTrick(hand=(order,), table=(pz,)))
    events, state = run(state, 0, EndTurn())
    assert kinds(events) == ["CardsDrawn", "TurnEnded", "TurnBegan"] and events[0].cards == deck[:3]
    assert len(state.hands[0]) == 4 and state.active == 1
    events, state = run(close_window(state), 1, Pass())
    assert kinds(events) == ["TurnPassed", "CardsDrawn", "TurnBegan"] and len(state.hands[1]) == 2


def test_standard_scores_only_the_pizza_cards_won_without_penalties():
    p = Picker()
    order, pz = p("order", "1/2", "tomato"), p("pizza", "2/4", "tomato")
    left = p("order", "3/4")
    state = given(
        "standard",
        [[order, left], [p("order", "1/8")]],
        piles=[[pz], [p("pizza", "7/8")], [p("pizza", "3/8")]],
        deck=(),
    )
    _, state = run(state, 0, TakeTrick(hand=(order,), table=(pz,)))
    _, state = run(state, 0, EndTurn())
    assert state.end_reason == "deck_empty"
    assert GAME.outcome(state).scores == (Fraction(1, 2), Fraction(0))
    breakdown = GAME.view(state, SCREEN).final.breakdown
    assert (breakdown[0].delivered, breakdown[0].orders, breakdown[0].specials) == (Fraction(1, 2), 0, 0)


# --- special cards ------------------------------------------------------------------


def test_special_order_on_your_turn_takes_every_open_pizza_with_both_toppings():
    p = Picker()
    special = p("special_order", "", "mushroom", "tomato")
    a, b = p("pizza", "1/2", "mushroom", "tomato"), p("pizza", "3/8", "mushroom", "tomato")
    other = p("pizza", "1/4", "tomato")
    state = given("standard", [[special], [p("order")]], piles=[[a, p("pizza", "1")], [other], [b, p("pizza", "1/8")]])
    events, state = run(state, 0, PlaySpecialOrder(card=special, turn=state.turn))
    assert kinds(events) == ["SpecialOrderPlayed"] and set(events[0].taken) == {a, b}
    assert set(state.won[0]) == {special, a, b} and state.tricks == 1 and state.active == 0


def test_special_order_needs_a_matching_open_pizza():
    p = Picker()
    special = p("special_order", "", "mushroom", "tomato")
    state = given("standard", [[special], [p("order")]], piles=[[p("pizza", "1/4", "tomato")], [], []])
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 0, PlaySpecialOrder(card=special, turn=state.turn))
    assert exc.value.code is C.NO_MATCHING_PIZZA


def test_in_standard_a_special_order_is_for_your_own_turn_only():
    p = Picker()
    special = p("special_order", "", "mushroom", "tomato")
    pz = p("pizza", "1/2", "mushroom", "tomato")
    state = given("standard", [[p("order")], [special]], piles=[[pz], [], []])
    assert GAME.legal_commands(state, 1) == []
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 1, PlaySpecialOrder(card=special, turn=state.turn))
    assert exc.value.code is C.OWN_TURN_ONLY


def cancel_setup():
    p = Picker()
    c1, c2 = p("cancelled_order"), p("cancelled_order")
    deck = p.filler("order", 5)
    hands = [[p("order")], [c1, p("order", "1/8")], [c2], []]
    return given("standard", hands, piles=[[p("pizza", "1/4")], [], []], deck=deck, window=True), c1, c2, deck


def test_cancelled_order_in_the_window_skips_the_turn_and_its_player_draws_one():
    state, c1, _, deck = cancel_setup()
    assert GAME.legal_commands(state, 1) == [PlayCancelledOrder(card=c1, turn=1)]
    events, state = run(state, 1, PlayCancelledOrder(card=c1, turn=1))
    assert kinds(events) == ["TurnCancelled", "CardsDrawn", "TurnBegan"]
    assert events[1].cards == deck[:1] and c1 in state.discard
    assert state.active == 1 and state.turn == 2 and state.phase == WINDOW


def test_the_second_cancelled_order_for_the_same_turn_is_too_late():
    state, c1, c2, _ = cancel_setup()
    _, state = run(state, 1, PlayCancelledOrder(card=c1, turn=1))
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 2, PlayCancelledOrder(card=c2, turn=1))
    assert exc.value.code is C.TOO_LATE


def test_cancelled_order_after_the_window_closed_is_refused():
    state, c1, _, _ = cancel_setup()
    state = close_window(state)
    assert GAME.legal_commands(state, 1) == []
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 1, PlayCancelledOrder(card=c1, turn=1))
    assert exc.value.code is C.WINDOW_CLOSED


def test_a_player_cannot_cancel_their_own_turn():
    p = Picker()
    c = p("cancelled_order")
    state = given("standard", [[c], [p("order")]], piles=[[p("pizza", "1/4")], [], []], window=True)
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 0, PlayCancelledOrder(card=c, turn=1))
    assert exc.value.code is C.OWN_TURN


def test_a_cancelled_order_player_holding_four_draws_nothing():
    p = Picker()
    c = p("cancelled_order")
    hand = [c, *p.filler("order", 4)]
    state = given(
        "standard", [[p("order")], hand], piles=[[p("pizza", "1/4")], [], []], deck=p.filler("order", 3), window=True
    )
    events, state = run(state, 1, PlayCancelledOrder(card=c, turn=1))
    assert kinds(events) == ["TurnCancelled", "TurnBegan"] and len(state.hands[1]) == 4


def test_the_window_is_the_same_whatever_anyone_holds():
    p = Picker()
    with_cancel = given("standard", [[p("order")], [p("cancelled_order")]], deck=p.filler("order", 3), window=True)
    without = given("standard", [[p("order")], [p("order", "1/8")]], deck=p.filler("order", 3), window=True)
    assert GAME.next_timer(with_cancel) == GAME.next_timer(without)
    assert GAME.view(with_cancel, SCREEN).window == GAME.view(without, SCREEN).window


def test_special_cards_can_be_left_out():
    _, state = start(2, special_cards=False)
    assert all(CARDS[c].kind == ORDER for h in state.hands for c in h + state.deck)


def test_unknown_commands_and_room_misuse_are_refused():
    _, state = start(2)
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 0, "hello")
    assert exc.value.code is Code.UNKNOWN_COMMAND
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, ROOM, EndTurn())
    assert exc.value.code is Code.NOT_A_PLAYER


# --- the end of the game (RULES-NOTES 3.3, changed) ----------------------------------


def test_a_full_round_of_passes_does_not_end_the_game_while_the_order_deck_holds_cards():
    p = Picker()
    whole = p("pizza", "1", "mushroom")
    state = given(
        "standard", [[p("order", "1/8")], [p("order", "1/8")]], piles=[[whole], [], []], deck=p.filler("order", 4)
    )
    _, state = run(state, 0, Pass())
    events, state = run(close_window(state), 1, Pass())
    assert kinds(events) == ["TurnPassed", "CardsDrawn", "TurnBegan"]
    assert not GAME.is_terminal(state) and [len(hand) for hand in state.hands] == [2, 2]
    assert len(state.deck) == 2 and state.piles == ((whole,), (), ())  # the open cards stay


def test_a_pass_that_must_draw_from_an_empty_order_deck_ends_the_game_and_says_why():
    p = Picker()
    state = given(
        "standard", [[p("order", "1/8")], [p("order", "1/8")]], piles=[[p("pizza", "1", "mushroom")], [], []], deck=()
    )
    events, state = run(close_window(state) if state.phase == WINDOW else state, 0, Pass())
    assert kinds(events) == ["TurnPassed", "GameEnded"]
    assert state.end_reason == "deck_empty"
    assert GAME.view(state, SCREEN).final.reason == "deck_empty"
    assert "Order deck" in GAME.outcome(state).summary


def test_taking_the_last_pizza_card_ends_the_game_at_once():
    p = Picker()
    order, pz = p("order", "1/2", "tomato"), p("pizza", "1/2", "tomato")
    state = given(
        "standard", [[order, p("order", "3/4")], [p("order")]], piles=[[pz], [], []], deck=p.filler("order", 6)
    )
    events, state = run(state, 0, TakeTrick(hand=(order,), table=(pz,)))
    assert kinds(events) == ["TrickTaken", "GameEnded"]
    assert state.end_reason == "all_delivered" and GAME.is_terminal(state)
    assert GAME.view(state, SCREEN).final.reason == "all_delivered"
    assert GAME.outcome(state).scores == (Fraction(1, 2), Fraction(0))
    assert GAME.outcome(state).summary.startswith("Every pizza was delivered")


def test_a_special_order_that_takes_the_last_pizzas_ends_the_game():
    p = Picker()
    special = p("special_order", "", "mushroom", "tomato")
    a, b = p("pizza", "1/2", "mushroom", "tomato"), p("pizza", "3/8", "mushroom", "tomato")
    state = given("standard", [[special], [p("order")]], piles=[[a], [b], []], deck=p.filler("order", 4))
    events, state = run(state, 0, PlaySpecialOrder(card=special, turn=1))
    assert kinds(events) == ["SpecialOrderPlayed", "GameEnded"] and state.end_reason == "all_delivered"


def test_a_cancelled_order_with_an_empty_order_deck_skips_its_draw_and_the_game_goes_on():
    p = Picker()
    cancel = p("cancelled_order")
    state = given(
        "standard",
        [[p("order", "1/8")], [cancel]],
        piles=[[p("pizza", "1", "mushroom")], [], []],
        deck=(),
        window=True,
    )
    events, state = run(state, 1, PlayCancelledOrder(card=cancel, turn=1))
    assert kinds(events) == ["TurnCancelled", "TurnBegan"]
    assert not GAME.is_terminal(state) and state.active == 1 and state.hands[1] == ()
