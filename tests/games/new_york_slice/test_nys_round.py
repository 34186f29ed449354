"""A round, step by step (RULES-NOTES 2.2): given a table, when a command, then events."""

from __future__ import annotations

import attrs
import pytest

from games.contract import ROOM, Code, Rejected, SeatViewer
from games.new_york_slice import GAME
from games.new_york_slice import messages as m
from games.new_york_slice.codes import NysCode
from games.new_york_slice.components import ANCHOVY_ID
from games.new_york_slice.rules import legal_commands
from games.new_york_slice.state import phase_of

from nys_helpers import act, combo, fresh, kinds, plain, run, table

#: A ring of eleven with pepperoni slices, a Veggie, a combo and the Anchovy.
RING = (plain(9, 0), plain(9, 1), plain(11, 0), plain(3, 0), combo(4, 5), ANCHOVY_ID,
        plain(7, 0), plain(7, 1), plain(6, 0), plain(5, 0), plain(4, 0))


def revealed(players=3, ring=RING, special="stuffed_crust", **options):
    """Seat 0 has chosen stack 0, which holds ``ring`` and ``special``."""
    state = table(players, stacks=[ring], specials=[special], **options)
    return run(state, (0, m.ChooseStack(0)))


def test_the_room_deals_at_once_and_records_the_shuffle_and_first_slicer():
    # Given a new game, the room's only timer is the deal.
    state = fresh(4)
    timer = GAME.next_timer(state)
    assert timer.delay_ms == 0 and timer.command == m.DealPizza()
    # When the room sends it, then stacks, Specials, leftovers and reserve are recorded.
    events, state = act(state, ROOM, timer.command)
    dealt, first = events
    assert [len(s) for s in dealt.stacks] == [11] * 6 and len(dealt.leftovers) == 3
    assert len(dealt.stack_specials) == 6 and len(dealt.reserve) == 8
    assert first.at_random and phase_of(state) == "stack" and GAME.next_timer(state) is None


def test_the_host_may_name_the_first_slicer():
    _, state = act(fresh(4, first_slicer=2), ROOM, m.DealPizza())
    assert state.slicer == 2 and legal_commands(state, 2)


def test_a_seat_cannot_deal():
    with pytest.raises(Rejected) as caught:
        GAME.decide(fresh(3), 0, m.DealPizza())
    assert caught.value.code is Code.NOT_YOUR_TURN


def test_the_slicer_chooses_a_stack_and_its_special_and_ring_are_revealed():
    # RULES-NOTES 2.2: the Slicer takes any remaining stack.
    state = table(3, stacks=[(), RING], specials=["buffet", "tiebreaker"])
    events, state = act(state, 0, m.ChooseStack(1))
    assert events == [m.StackChosen(0, 1, "tiebreaker", RING)]
    assert state.ring == RING and phase_of(state) == "slice"
    with pytest.raises(Rejected) as caught:
        GAME.decide(table(3), 0, m.ChooseStack(9))
    assert caught.value.code is NysCode.NO_SUCH_STACK


def test_only_the_slicer_may_choose_the_stack():
    with pytest.raises(Rejected) as caught:
        GAME.decide(table(3), 1, m.ChooseStack(0))
    assert caught.value.code is Code.NOT_YOUR_TURN


@pytest.mark.parametrize(
    "command, code",
    [
        (m.SliceRing((0, 4), 0), NysCode.WRONG_PORTION_COUNT),  # 2 portions for 3 players
        (m.SliceRing((0, 4, 8), None), NysCode.WRONG_PORTION_COUNT),  # 4 with the Special alone
        (m.SliceRing((4, 0), None), NysCode.BAD_CUTS),
        (m.SliceRing((0, 4, 4), 1), NysCode.BAD_CUTS),
        (m.SliceRing((0, 4, 11), 1), NysCode.BAD_CUTS),
        (m.SliceRing((0, 4, 8), 3), NysCode.BAD_SPECIAL_PLACE),
        (m.SliceRing((), None), NysCode.BAD_CUTS),
    ],
)
def test_invalid_divisions_are_rejected_with_a_clear_code(command, code):
    with pytest.raises(Rejected) as caught:
        GAME.decide(revealed(), 0, command)
    assert caught.value.code is code


def test_slicing_makes_runs_with_the_special_and_choosing_starts_left_of_the_slicer():
    events, state = act(revealed(), 0, m.SliceRing((2, 6, 9), 1))
    sliced = events[0]
    assert sliced.portions == (RING[2:6], RING[6:9], RING[9:] + RING[:2])
    assert sliced.order == (1, 2, 0)
    assert [p.special for p in state.portions] == [None, "stuffed_crust", None]
    assert phase_of(state) == "choose" and legal_commands(state, 1) and not legal_commands(state, 0)


def test_the_special_may_form_its_own_portion():
    _, state = act(revealed(), 0, m.SliceRing((0, 5), None))
    assert [(len(p.slices), p.special) for p in state.portions] == [(5, None), (6, None), (0, "stuffed_crust")]


def test_the_slicer_chooses_last_and_takes_the_remaining_portion_without_a_command():
    state = run(revealed(), (0, m.SliceRing((0, 3, 6), 2)))
    state = run(state, (1, m.ChoosePortion(2)))  # 7, 7, 6, 5, 4 and the Special
    for i in RING[6:]:
        state = run(state, (1, m.CollectSlice(i)))
    assert state.order == (2, 0)
    # When seat 2 takes the Veggie, combo and Anchovy (none edible: collected at once),
    events, state = act(state, 2, m.ChoosePortion(1))
    # then the Slicer is handed the last portion.
    assert kinds(events) == ["PortionChosen", "SliceCollected", "SliceCollected", "SliceCollected", "PortionChosen"]
    assert events[-1] == m.PortionChosen(0, 0)
    assert state.receiver == 0 and set(state.plate) == set(RING[:3])


def test_taking_a_portion_puts_it_on_the_plate_and_inedible_slices_are_collected_at_once():
    state = run(revealed(), (0, m.SliceRing((0, 3, 6), 2)))
    events, state = act(state, 1, m.ChoosePortion(1))  # Veggie, combo 4/5, Anchovy
    assert kinds(events)[:1] == ["PortionChosen"]
    assert state.seats[1].collected == (plain(3, 0), combo(4, 5), ANCHOVY_ID)
    assert phase_of(state) == "choose" and state.order == (2, 0)


def test_a_slice_without_pepperoni_cannot_be_eaten():
    # RULES-NOTES 2.2: only slices with pepperoni may be eaten.
    state = run(revealed(ring=(plain(3, 0), plain(9, 0)) + RING[2:3] + RING[4:5] + RING[6:]),
                (0, m.SliceRing((0, 2, 6), 0)))
    _, state = act(state, 1, m.ChoosePortion(0))
    assert state.plate == (plain(9, 0),) and state.seats[1].collected == (plain(3, 0),)
    with pytest.raises(Rejected) as caught:
        GAME.decide(state, 1, m.EatSlice(plain(3, 0)))
    assert caught.value.code is NysCode.NOT_ON_PLATE
    events, state = act(state, 1, m.EatSlice(plain(9, 0)))
    assert events[0] == m.SliceEaten(1, plain(9, 0)) and state.seats[1].eaten == (plain(9, 0),)


def test_collect_or_eat_each_slice_in_any_order():
    state = run(revealed(), (0, m.SliceRing((0, 3, 6), 2)), (1, m.ChoosePortion(0)))
    assert set(state.plate) == {plain(9, 0), plain(9, 1), plain(11, 0)}
    assert set(map(type, legal_commands(state, 1))) == {m.CollectSlice, m.EatSlice}
    state = run(state, (1, m.CollectSlice(plain(11, 0))), (1, m.EatSlice(plain(9, 1))))
    _, state = act(state, 1, m.CollectSlice(plain(9, 0)))
    assert state.seats[1].collected == (plain(11, 0), plain(9, 0)) and state.seats[1].eaten == (plain(9, 1),)
    assert state.order == (2, 0) and state.receiver is None


def test_the_next_slicer_is_the_player_to_the_left():
    ring = (plain(9, 0), plain(11, 0), plain(4, 0))
    state = run(revealed(players=2, ring=ring), (0, m.SliceRing((0,), None)))
    state = run(state, (1, m.ChoosePortion(1)))  # the Special alone: seat 0 gets the ring
    while phase_of(state) == "plate":
        state = run(state, (0, legal_commands(state, 0)[0]))
    assert state.round == 2 and state.slicer == 1 and phase_of(state) == "stack"


def test_commands_out_of_phase_and_unknown_ones_are_rejected():
    with pytest.raises(Rejected) as caught:
        GAME.decide(revealed(), 0, m.ChoosePortion(0))
    assert caught.value.code is Code.WRONG_PHASE
    with pytest.raises(Rejected) as caught:
        GAME.decide(revealed(), 0, object())
    assert caught.value.code is Code.UNKNOWN_COMMAND
    with pytest.raises(Rejected) as caught:
        GAME.decide(revealed(), 7, m.SliceRing((0, 3, 6), 0))
    assert caught.value.code is Code.NOT_A_PLAYER


def test_a_portion_already_taken_cannot_be_chosen():
    state = run(revealed(), (0, m.SliceRing((0, 3, 6), 2)), (1, m.ChoosePortion(1)))
    with pytest.raises(Rejected) as caught:
        GAME.decide(state, 2, m.ChoosePortion(1))
    assert caught.value.code is NysCode.PORTION_TAKEN
    with pytest.raises(Rejected) as caught:
        GAME.decide(state, 2, m.ChoosePortion(5))
    assert caught.value.code is NysCode.NO_SUCH_PORTION


def test_a_finished_game_rejects_everything():
    state = attrs.evolve(revealed(), finished=True)
    with pytest.raises(Rejected) as caught:
        GAME.decide(state, 0, m.SliceRing((0, 3, 6), 0))
    assert caught.value.code is Code.GAME_OVER


def test_the_screen_view_names_the_decision_and_whose_it_is():
    state = run(revealed(), (0, m.SliceRing((0, 3, 6), 2)))
    view = GAME.view(state, SeatViewer(2))
    assert (view.decision.kind, view.decision.seat) == ("choose", 1)
    assert [p.index for p in view.portions] == [0, 1, 2] and view.portions[2].special == "stuffed_crust"


def test_a_first_slicer_beyond_the_table_is_drawn_at_random():
    events, state = act(fresh(3, first_slicer=5), ROOM, m.DealPizza())
    assert events[1].at_random and 0 <= state.slicer < 3
