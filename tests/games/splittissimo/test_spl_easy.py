"""Easy level, given / when / then (RULES-NOTES 3.2)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from games.contract import ROOM, SCREEN, Code, Rejected
from games.splittissimo import GAME
from games.splittissimo.cards import CARDS, PIZZA
from games.splittissimo.codes import SplittissimoCode as C
from games.splittissimo.messages import Deal, EndTurn, Pass, PlayCancelledOrder, TakeTrick
from games.splittissimo.state import OVER, TURN

from spl_helpers import Picker, given, kinds, run


def start(players: int, **options):
    setup = GAME.setup(players, seed=11, options={"level": "easy", **options})
    state = GAME.initial_state(setup)
    timer = GAME.next_timer(state)
    return run(state, ROOM, timer.command)


def test_before_the_deal_nobody_acts_and_the_room_deals_at_once():
    state = GAME.initial_state(GAME.setup(3, seed=1, options={"level": "easy"}))
    assert all(GAME.legal_commands(state, seat) == [] for seat in range(3))
    timer = GAME.next_timer(state)
    assert timer.delay_ms == 0 and timer.command == Deal()
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 0, Pass())
    assert exc.value.code is Code.WRONG_PHASE


def test_deal_gives_four_to_each_hand_and_four_face_up_round_cards_only():
    events, state = start(3)
    assert kinds(events) == ["Dealt", "TurnBegan"]
    assert [len(h) for h in state.hands] == [4, 4, 4] and len(state.table) == 4
    everything = [c for h in state.hands for c in h] + list(state.table) + list(state.deck)
    assert sorted(everything) == [c.id for c in CARDS if c.kind == PIZZA]
    assert state.phase == TURN  # Easy has no reaction window


def test_with_one_dot_cards_only_deal_three_and_three():
    _, state = start(2, dots=[1])
    assert [len(h) for h in state.hands] == [3, 3] and len(state.table) == 3
    assert all(CARDS[c].dots == 1 for c in state.deck)


def test_with_one_dot_cards_only_a_turn_still_refills_to_four():
    # RULES-NOTES 3.2 gives 3 and 3 for the deal only; the refill is "to 4" in every Easy game.
    _, state = start(2, dots=[1])
    seat = state.active
    trick = next(c for c in GAME.legal_commands(state, seat) if isinstance(c, TakeTrick))
    _, state = run(state, seat, trick)
    events, state = run(state, seat, EndTurn())
    assert kinds(events)[:2] == ["TableRefilled", "CardsDrawn"]
    assert len(state.table) == 4 and len(state.hands[seat]) == 4


def test_a_second_deal_is_refused():
    _, state = start(2)
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, ROOM, Deal())
    assert exc.value.code is C.STALE_TIMER


def test_a_trick_moves_both_sides_to_the_won_pile_with_its_sum():
    p = Picker()
    half, quarter, two_eighths = p("pizza", "1/2"), p("pizza", "1/4"), p("pizza", "2/8")
    state = given("easy", [[half, p("pizza", "1")], [p("pizza", "3/4")]], table=[quarter, two_eighths, p("pizza", "7/8")])
    events, after = run(state, 0, TakeTrick(hand=(half,), table=(quarter, two_eighths)))
    assert kinds(events) == ["TrickTaken"]
    assert events[0].text == "1/4 + 2/8 = 2/8 + 2/8 = 4/8 = 1/2"
    assert set(after.won[0]) == {half, quarter, two_eighths}
    assert half not in after.hands[0] and quarter not in after.table
    assert after.active == 0 and after.tricks == 1


def test_several_tricks_in_one_turn():
    p = Picker()
    half, e3, e1 = p("pizza", "1/2"), p("pizza", "3/8"), p("pizza", "1/8")
    q1, q2, whole = p("pizza", "1/4"), p("pizza", "2/8"), p("pizza", "1")
    state = given("easy", [[half, e3, e1, p("pizza", "7/8")], [p("pizza", "3/4")]], table=[q1, q2, p("pizza", "1/2"), whole])
    _, state = run(state, 0, TakeTrick(hand=(half,), table=(q1, q2)))
    _, state = run(state, 0, TakeTrick(hand=(e3, e1), table=(state.table[0],)))
    assert state.tricks == 2 and len(state.won[0]) == 6


def test_one_against_one_is_refused_with_a_clear_code():
    p = Picker()
    half, two_quarters = p("pizza", "1/2"), p("pizza", "2/4")
    state = given("easy", [[half], [p("pizza", "1")]], table=[two_quarters, p("pizza", "1/8")])
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 0, TakeTrick(hand=(half,), table=(two_quarters,)))
    assert exc.value.code is C.TRICK_SHAPE


def test_end_turn_refills_the_table_then_the_hand_then_passes_clockwise():
    p = Picker()
    half, q1, q2 = p("pizza", "1/2"), p("pizza", "1/4"), p("pizza", "2/8")
    deck = p.filler("pizza", 10)
    state = given("easy", [[half, p("pizza", "1")], [], [p("pizza", "3/4")]], table=[q1, q2, p("pizza", "7/8")], deck=deck)
    _, state = run(state, 0, TakeTrick(hand=(half,), table=(q1, q2)))
    events, state = run(state, 0, EndTurn())
    assert kinds(events) == ["TableRefilled", "CardsDrawn", "TurnEnded", "TurnBegan"]
    assert events[0].cards == deck[:3] and events[1].cards == deck[3:6]
    assert len(state.table) == 4 and len(state.hands[0]) == 4
    assert state.active == 1 and state.tricks == 0


def test_end_turn_needs_a_trick_and_pass_needs_no_trick_possible():
    p = Picker()
    half, q1, q2 = p("pizza", "1/2"), p("pizza", "1/4"), p("pizza", "2/8")
    state = given("easy", [[half], [p("pizza", "1")]], table=[q1, q2], deck=p.filler("pizza", 5))
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 0, EndTurn())
    assert exc.value.code is C.NO_TRICK_YET
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 0, Pass())
    assert exc.value.code is C.TRICK_AVAILABLE
    _, state = run(state, 0, TakeTrick(hand=(half,), table=(q1, q2)))
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 0, Pass())
    assert exc.value.code is C.ALREADY_TOOK_TRICK


def test_passing_draws_one_card_and_the_turn_moves_on():
    p = Picker()
    state = given("easy", [[p("pizza", "1")], [p("pizza", "1")]], table=[p("pizza", "1/8"), p("pizza", "1/4")], deck=p.filler("pizza", 3))
    top = state.deck[0]
    events, state = run(state, 0, Pass())
    assert kinds(events) == ["TurnPassed", "CardsDrawn", "TurnBegan"]
    assert state.hands[0][-1] == top and state.active == 1


def test_only_the_active_seat_may_act():
    p = Picker()
    state = given("easy", [[p("pizza", "1")], [p("pizza", "1")]], table=[p("pizza", "1/8")], deck=p.filler("pizza", 3))
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 1, Pass())
    assert exc.value.code is Code.NOT_YOUR_TURN
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 5, Pass())
    assert exc.value.code is Code.NOT_A_PLAYER


def test_easy_has_no_special_cards():
    p = Picker()
    state = given("easy", [[p("pizza", "1")], [p("pizza", "1")]], table=[p("pizza", "1/8")])
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 1, PlayCancelledOrder(card=state.hands[1][0], turn=state.turn))
    assert exc.value.code is C.NOT_IN_THIS_LEVEL


def test_a_round_in_which_every_player_passes_does_not_end_the_game():
    """RULES-NOTES 3.2 [changed]: each pass draws a card; hands grow until a trick appears."""
    p = Picker()
    state = given("easy", [[p("pizza", "1")], [p("pizza", "1")]], table=[p("pizza", "1/8")], deck=p.filler("pizza", 3))
    _, state = run(state, 0, Pass())
    events, state = run(state, 1, Pass())
    assert kinds(events) == ["TurnPassed", "CardsDrawn", "TurnBegan"]
    assert not GAME.is_terminal(state) and [len(hand) for hand in state.hands] == [2, 2]
    assert state.active == 0 and state.passed == {0, 1}


def test_passes_go_on_until_the_deck_runs_out_and_the_end_says_so():
    """RULES-NOTES 3.2: the game ends when a card must be drawn from an empty deck."""
    p = Picker()
    state = given("easy", [[p("pizza", "1")], [p("pizza", "1")]], table=[p("pizza", "1/8")], deck=p.filler("pizza", 2))
    for seat in (0, 1):
        _, state = run(state, seat, Pass())
    events, state = run(state, 0, Pass())
    assert kinds(events) == ["TurnPassed", "GameEnded"]
    assert state.phase == OVER and state.end_reason == "deck_empty"
    assert GAME.view(state, SCREEN).final.reason == "deck_empty"
    assert GAME.is_terminal(state) and GAME.legal_commands(state, 0) == []
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 0, Pass())
    assert exc.value.code is Code.GAME_OVER


def test_easy_does_not_end_when_the_table_is_taken_while_the_deck_holds_cards():
    """RULES-NOTES 3.2: only a draw from an empty deck ends Easy; the table is refilled."""
    p = Picker()
    half, q1, q2 = p("pizza", "1/2"), p("pizza", "1/4"), p("pizza", "2/8")
    state = given("easy", [[half], [p("pizza", "1")]], table=[q1, q2], deck=p.filler("pizza", 8))
    _, state = run(state, 0, TakeTrick(hand=(half,), table=(q1, q2)))
    assert state.table == () and not GAME.is_terminal(state)
    events, state = run(state, 0, EndTurn())
    assert kinds(events) == ["TableRefilled", "CardsDrawn", "TurnEnded", "TurnBegan"]


def test_a_trick_clears_the_passes():
    p = Picker()
    e1, e3, half = p("pizza", "1/8"), p("pizza", "3/8"), p("pizza", "1/2")
    state = given("easy", [[p("pizza", "1")], [e1, e3]], table=[half, p("pizza", "1/8")], deck=p.filler("pizza", 6))
    _, state = run(state, 0, Pass())
    assert state.passed == {0}
    _, state = run(state, 1, TakeTrick(hand=(e1, e3), table=(half,)))
    assert state.passed == frozenset()


def test_game_ends_when_a_card_must_be_drawn_from_an_empty_deck():
    p = Picker()
    state = given("easy", [[p("pizza", "1")], [p("pizza", "1")]], table=[p("pizza", "1/8")], deck=())
    events, state = run(state, 0, Pass())
    assert kinds(events) == ["TurnPassed", "GameEnded"] and state.end_reason == "deck_empty"


def test_a_refill_the_deck_cannot_finish_ends_the_game_after_drawing_what_there_is():
    p = Picker()
    half, q1, q2 = p("pizza", "1/2"), p("pizza", "1/4"), p("pizza", "2/8")
    last = p("pizza", "1/8")
    state = given("easy", [[half], [p("pizza", "1")]], table=[q1, q2], deck=[last])
    _, state = run(state, 0, TakeTrick(hand=(half,), table=(q1, q2)))
    events, state = run(state, 0, EndTurn())
    assert kinds(events) == ["TableRefilled", "TurnEnded", "GameEnded"]
    assert state.table == (last,) and state.end_reason == "deck_empty"


def test_easy_score_is_the_pizza_in_every_won_card():
    p = Picker()
    half, q1, q2 = p("pizza", "1/2"), p("pizza", "1/4"), p("pizza", "2/8")
    state = given("easy", [[half], [p("pizza", "1")]], table=[q1, q2], deck=())
    _, state = run(state, 0, TakeTrick(hand=(half,), table=(q1, q2)))
    _, state = run(state, 0, EndTurn())
    result = GAME.outcome(state)
    assert result.scores == (Fraction(1), Fraction(0)) and result.winners == (0,)
