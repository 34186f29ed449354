"""The bots: legal choices from their seat's view only; the strong one plays well."""

from __future__ import annotations

import attrs

from games.contract import SeatViewer
from games.splittissimo import GAME
from games.splittissimo.bot import RandomBot, StrongBot
from games.splittissimo.messages import PlayCancelledOrder, PlaySpecialOrder, TakeTrick

from spl_helpers import Picker, close_window, given


def act(bot, state):
    return bot.act(GAME.view(state, SeatViewer(bot.seat)), GAME.legal_commands(state, bot.seat))


def test_strong_bot_takes_the_largest_trick_first():
    p = Picker()
    small, big = p("order", "1/8", "bell_pepper"), p("order", "7/8", "bell_pepper")
    s_pizza, b_pizza = p("pizza", "1/8", "bell_pepper"), p("pizza", "7/8", "bell_pepper")
    state = given("standard", [[small, big], [p("order")]], piles=[[s_pizza], [b_pizza], []])
    assert act(StrongBot(0, 1), state) == TakeTrick(hand=(big,), table=(b_pizza,))


def test_strong_bot_interrupts_with_a_special_order_in_advanced():
    p = Picker()
    special = p("special_order", "", "mushroom", "tomato")
    state = given("advanced", [[p("order")], [special]], piles=[[p("pizza", "1/2", "mushroom", "tomato")], [], []], window=True)
    assert act(StrongBot(1, 1), state) == PlaySpecialOrder(card=special, turn=1)


def test_strong_bot_cancels_a_leader_but_lets_a_trailing_player_be_in_standard():
    p = Picker()
    cancel = p("cancelled_order")
    state = given("standard", [[p("order")], [cancel, p("order")]], piles=[[p("pizza", "1/4")], [], []], window=True)
    # Equal scores: the active player is not behind, so cancel.
    assert act(StrongBot(1, 1), state) == PlayCancelledOrder(card=cancel, turn=1)
    # The bot ahead (a whole pizza won): the trailing active player is let be.
    ahead = attrs.evolve(state, won=((), (p("pizza", "1"),)))
    assert act(StrongBot(1, 1), ahead) is None


def test_random_bot_always_acts_on_its_turn_and_sometimes_lets_a_window_run_out():
    p = Picker()
    cancel = p("cancelled_order")
    state = given("standard", [[p("order")], [cancel]], piles=[[p("pizza", "1/4")], [], []], deck=p.filler("order", 3), window=True)
    bot = RandomBot(1, 4)
    answers = [act(bot, state) for _ in range(30)]
    assert None in answers and PlayCancelledOrder(card=cancel, turn=1) in answers
    own = RandomBot(0, 4)
    opened = close_window(state)
    assert all(act(own, opened) in GAME.legal_commands(opened, 0) for _ in range(10))
