"""What a class's options give its tables' rooms: no-speed play means no purple cards (issue 12, item 1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.splittissimo import GAME as SPEC
from server.classroom.options import room_options


@given(level=st.sampled_from(["easy", "standard", "advanced"]), reaction=st.integers(0, 30_000))
def test_only_a_reaction_window_of_zero_turns_the_special_cards_off(level, reaction):
    given_options = {"game": "splittissimo", "level": level, "dots": [1, 2], "reaction_ms": reaction, "bots": True}
    out = room_options(given_options, SPEC)
    assert {k: out[k] for k in ("level", "dots", "reaction_ms")} == {"level": level, "dots": [1, 2], "reaction_ms": reaction}
    assert "bots" not in out  # class options the game does not declare stay in the class
    assert out.get("special_cards", True) is (reaction > 0)


@pytest.mark.parametrize("level", ["standard", "advanced"])
def test_a_no_speed_table_has_no_cancelled_or_special_orders(level):
    """Given window 0, the game set up from the class's options deals no card a fast player wins with."""
    from games.splittissimo.cards import CARDS, order_deck_ids

    setup = SPEC.setup(3, 7, room_options({"level": level, "reaction_ms": 0}, SPEC))
    state = SPEC.initial_state(setup)
    assert state.specials is False
    assert not any(CARDS[c].is_special for c in order_deck_ids(state.dots, state.specials))
