"""The ``pass_anytime`` option, given / when / then (RULES-NOTES 3.3, "Passing when a trick exists").

A child who cannot find the trick must never be stuck at their own turn:
with the option on (the default in classes), a pass is allowed even when a
trick exists; it draws exactly like any pass.  Party rooms keep the strict
rule by default.
"""

from __future__ import annotations

import pytest

from games.contract import Rejected
from games.splittissimo import GAME
from games.splittissimo.codes import SplittissimoCode as C
from games.splittissimo.messages import EndTurn, Pass, TakeTrick

from spl_helpers import Picker, given, kinds, run


def trick_on_offer(level: str, **options):
    """Seat 0 holds a 1/2 that matches 1/4 + 2/8 on the table: a trick exists."""
    p = Picker()
    half, q1, q2 = p("pizza", "1/2"), p("pizza", "1/4"), p("pizza", "2/8")
    deck = p.filler("pizza", 6)
    state = given(level, [[half], [p("pizza", "1")]], table=[q1, q2], deck=deck, **options)
    return state, deck


def test_the_option_is_off_by_default_and_a_pass_with_a_trick_on_offer_is_refused():
    state, _ = trick_on_offer("easy")
    assert state.pass_anytime is False
    assert Pass() not in GAME.legal_commands(state, 0)
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 0, Pass())
    assert exc.value.code is C.TRICK_AVAILABLE


def test_with_the_option_on_a_pass_with_a_trick_on_offer_draws_one_and_ends_the_turn():
    state, deck = trick_on_offer("easy", pass_anytime=True)
    legal = GAME.legal_commands(state, 0)
    assert Pass() in legal and any(isinstance(c, TakeTrick) for c in legal)
    events, after = run(state, 0, Pass())
    assert kinds(events) == ["TurnPassed", "CardsDrawn", "TurnBegan"]
    assert events[1].cards == deck[:1]
    assert after.active == 1 and len(after.hands[0]) == 2


def test_after_a_trick_the_turn_ends_with_end_turn_not_a_pass_even_with_the_option():
    state, _ = trick_on_offer("easy", pass_anytime=True)
    _, state = run(state, 0, GAME.legal_commands(state, 0)[0])
    assert EndTurn() in GAME.legal_commands(state, 0) and Pass() not in GAME.legal_commands(state, 0)
    with pytest.raises(Rejected) as exc:
        GAME.decide(state, 0, Pass())
    assert exc.value.code is C.ALREADY_TOOK_TRICK


def test_the_option_is_declared_for_hosts_as_a_bool_defaulting_to_off():
    spec = next(o for o in GAME.options if o.name == "pass_anytime")
    assert spec.kind == "bool" and spec.default is False
    assert GAME.setup(2, 0, {}).options["pass_anytime"] is False
