"""What a class's options give its tables' rooms: no-speed play means no purple cards (issue 12, item 1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.splittissimo import GAME as SPEC
from server.classroom.options import most_dealt, room_options


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


@given(
    level=st.sampled_from(["easy", "standard", "advanced"]),
    dots=st.lists(st.sampled_from([1, 2, 3]), min_size=1, unique=True),
    reaction=st.sampled_from([0, 3000]),
)
def test_a_class_seats_no_more_at_a_table_than_its_cards_deal_in_full(level, dots, reaction):
    """Whatever the options, a table of ``most_dealt`` players gets every hand (and Easy's table) in full."""
    from games.splittissimo.state import FULL_HAND, deal_size

    chosen = room_options({"level": level, "dots": dots, "reaction_ms": reaction}, SPEC)
    most = most_dealt({"level": level, "dots": dots, "reaction_ms": reaction}, SPEC)
    assert SPEC.min_players <= most <= SPEC.max_players
    state = SPEC.initial_state(SPEC.setup(most, 3, chosen))
    state = SPEC.replay(SPEC.setup(most, 3, chosen), SPEC.decide(state, -1, SPEC.next_timer(state).command))
    size = deal_size(state) if level == "easy" else FULL_HAND
    assert [len(hand) for hand in state.hands] == [size] * most
    if level == "easy":
        assert len(state.table) == size
    if most < SPEC.max_players:  # one more player would be dealt short
        assert SPEC.deal_shortfall(SPEC.setup(most + 1, 3, chosen)) is not None


async def test_a_table_size_the_cards_cannot_deal_is_refused_and_tables_stay_within_the_deal(server):
    # Standard with the 1-dot cards and no reaction window (no purple cards): 13 Order cards, hands for 3.
    import httpx
    from test_classroom import join, open_class

    short = {"level": "standard", "dots": [1], "reaction_ms": 0, "bots": True}
    async with httpx.AsyncClient(base_url=server.http) as http:
        refused = await http.post("/api/classes", json={"options": {**short, "table_size": 4}})
        assert refused.status_code == 400 and refused.json()["error"] == "class/bad_options"
        assert "at most 3" in refused.json()["message"]

        code, teacher = await open_class(http, {**short, "table_size": 3})
        changed = await http.post(f"/api/classes/{code}/options", json={"options": {"table_size": 4}}, headers=teacher)
        assert changed.status_code == 400 and changed.json()["error"] == "class/bad_options"
        for name in ("Ada", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus"):
            await join(http, code, name)
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        board = (await http.get(f"/api/classes/{code}/dashboard", headers=teacher)).json()
        # seven at tables of 3 would sit 4 + 3; the cards hold hands for 3, so 3 + 2 + 2, every table playing
        assert sorted(len(t["players"]) for t in board["tables"]) == [2, 2, 3]
        assert all(t["phase"] == "playing" for t in board["tables"])
