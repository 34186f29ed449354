"""Each Today's Special in play (rulebook "Today's Specials", RULES-NOTES 2.2-2.3)."""

from __future__ import annotations

import attrs
import pytest

from games.contract import SCREEN, Rejected, SeatViewer
from games.new_york_slice import GAME
from games.new_york_slice import messages as m
from games.new_york_slice.codes import NysCode
from games.new_york_slice.components import ANCHOVY_ID, SUPREME_ID
from games.new_york_slice.rules import legal_commands
from games.new_york_slice.state import Held, phase_of

from nys_helpers import act, combo, finish_plate, holding, kinds, last_round, plain, run, table

RING = (plain(9, 0), plain(9, 1), plain(11, 0), plain(3, 0), combo(4, 5), ANCHOVY_ID,
        plain(7, 0), plain(7, 1), plain(6, 0), plain(5, 0), plain(4, 0))


def dealt(players=3, ring=RING, special="stuffed_crust", **options):
    return table(players, stacks=[ring], specials=[special], **options)


# --- Dibs! -------------------------------------------------------------------


def test_dibs_is_offered_by_the_slicer_before_slicing():
    # Rulebook, Dibs!: when Dibs is out, the Slicer must offer it before slicing.
    state = holding(dealt(), 2, "dibs")
    events, state = act(state, 0, m.ChooseStack(0))
    assert kinds(events) == ["StackChosen", "DibsOffered"] and events[1].seat == 2
    assert phase_of(state) == "dibs" and m.DeclineDibs() in legal_commands(state, 2)
    assert {c.slice for c in legal_commands(state, 2) if isinstance(c, m.CallDibs)} == set(RING)


def test_calling_dibs_takes_one_slice_and_the_ring_closes_up():
    state = run(holding(dealt(), 2, "dibs"), (0, m.ChooseStack(0)))
    events, state = act(state, 2, m.CallDibs(plain(11, 0)))
    assert events == [m.DibsCalled(2, plain(11, 0))]
    assert state.plate == (plain(11, 0),) and len(state.ring) == 10
    state = run(state, (2, m.EatSlice(plain(11, 0))))
    assert phase_of(state) == "slice" and state.seats[2].held("dibs").used
    assert all(len(c.cuts) <= 3 and max(c.cuts) < 10 for c in legal_commands(state, 0))


def test_declined_dibs_stays_unused_for_a_later_round():
    state = run(holding(dealt(), 1, "dibs"), (0, m.ChooseStack(0)))
    events, state = act(state, 1, m.DeclineDibs())
    assert events == [m.DibsDeclined(1)] and phase_of(state) == "slice"
    assert not state.seats[1].held("dibs").used


def test_dibs_on_a_slice_outside_the_ring_is_rejected():
    state = run(holding(dealt(), 1, "dibs"), (0, m.ChooseStack(0)))
    with pytest.raises(Rejected) as caught:
        GAME.decide(state, 1, m.CallDibs(SUPREME_ID))
    assert caught.value.code is NysCode.NO_SUCH_SLICE


# --- Cut in Line ---------------------------------------------------------------


def test_cut_in_line_lets_its_owner_choose_first():
    # Rulebook, Cut in Line: played after the Slicer divides, its owner chooses first.
    state = run(holding(dealt(), 2, "cut_in_line"), (0, m.ChooseStack(0)))
    events, state = act(state, 0, m.SliceRing((0, 3, 6), 0))
    assert kinds(events) == ["RingSliced", "CutInLineOffered"]
    events, state = act(state, 2, m.CutInLine())
    assert state.order == (2, 1, 0) and state.seats[2].held("cut_in_line").used
    assert legal_commands(state, 2) and not legal_commands(state, 1)


def test_declining_cut_in_line_keeps_the_order():
    state = run(holding(dealt(), 2, "cut_in_line"), (0, m.ChooseStack(0)), (0, m.SliceRing((0, 3, 6), 0)))
    _, state = act(state, 2, m.DeclineCutInLine())
    assert state.order == (1, 2, 0) and not state.seats[2].held("cut_in_line").used


def test_cut_in_line_is_not_offered_to_the_slicer_or_in_the_round_it_was_won():
    state = run(holding(dealt(), 0, "cut_in_line"), (0, m.ChooseStack(0)))
    events, _ = act(state, 0, m.SliceRing((0, 3, 6), 0))
    assert kinds(events) == ["RingSliced"]
    state = run(dealt(), (0, m.ChooseStack(0)))
    seats = list(state.seats)
    seats[2] = attrs.evolve(seats[2], specials=(Held("cut_in_line", state.round),))
    events, _ = act(attrs.evolve(state, seats=tuple(seats)), 0, m.SliceRing((0, 3, 6), 0))
    assert kinds(events) == ["RingSliced"]


# --- Sneak-a-Slice ---------------------------------------------------------------


def test_sneak_moves_an_end_slice_into_the_adjacent_portion_before_choosing():
    # Rulebook, Sneak-a-Slice: shift one slice to an adjacent portion just before choosing.
    state = run(holding(dealt(), 1, "sneak_a_slice"), (0, m.ChooseStack(0)))
    events, state = act(state, 0, m.SliceRing((0, 3, 6), 0))
    assert kinds(events) == ["RingSliced", "SneakOffered"]
    events, state = act(state, 1, m.SneakSlice(0, clockwise=True))
    assert events == [m.SliceSneaked(1, plain(11, 0), 0, 1, True)]
    assert state.portions[0].slices == RING[:2] and state.portions[1].slices == RING[2:6]
    assert phase_of(state) == "choose" and state.seats[1].held("sneak_a_slice").used


def test_sneak_adjacency_closes_over_taken_portions():
    state = run(holding(dealt(players=4), 2, "sneak_a_slice"), (0, m.ChooseStack(0)),
                (0, m.SliceRing((0, 3, 6, 9), 0)))
    # Seat 1 takes portion 1 (inedible: Veggie, combo, Anchovy).
    events, state = act(state, 1, m.ChoosePortion(1))
    assert kinds(events)[-1] == "SneakOffered"
    # Portions 0 and 2 are now neighbours: 0's last slice goes to 2's front.
    events, state = act(state, 2, m.SneakSlice(0, clockwise=True))
    assert events[0].target == 2 and state.portions[2].slices[0] == plain(11, 0)


def test_sneak_may_not_empty_a_portion():
    ring = (plain(9, 0),) + RING[1:]
    state = run(holding(dealt(ring=ring), 1, "sneak_a_slice"), (0, m.ChooseStack(0)), (0, m.SliceRing((0, 1, 6), 2)))
    assert m.SneakSlice(0, True) not in legal_commands(state, 1)
    with pytest.raises(Rejected) as caught:
        GAME.decide(state, 1, m.SneakSlice(0, True))
    assert caught.value.code is NysCode.WOULD_EMPTY_PORTION


def test_the_slicer_never_sneaks():
    state = run(holding(dealt(players=2, ring=(plain(9, 0), plain(11, 0), plain(4, 0))), 0, "sneak_a_slice"),
                (0, m.ChooseStack(0)))
    events, _ = act(state, 0, m.SliceRing((0, 1), 0))
    assert kinds(events) == ["RingSliced"]


# --- Mystery Slice ---------------------------------------------------------------


def test_mystery_slice_draws_a_hidden_leftover_onto_the_plate():
    # Rulebook, Mystery Slice: take one of the three face-down leftovers unseen, then eat or collect it.
    state = run(dealt(special="mystery_slice", leftovers=(plain(11, 5), plain(11, 6), plain(11, 7))),
                (0, m.ChooseStack(0)), (0, m.SliceRing((0, 3, 6), 1)))
    events, state = act(state, 1, m.ChoosePortion(1))
    drawn = next(e for e in events if isinstance(e, m.MysterySliceDrawn))
    assert drawn.slice in (plain(11, 5), plain(11, 6), plain(11, 7)) and len(state.leftovers) == 2
    assert state.plate == (drawn.slice,)
    mine = GAME.view(state, SeatViewer(1))
    assert mine.plate[0].slice.id == drawn.slice and mine.plate[0].mystery
    for viewer in (SeatViewer(0), SCREEN):
        assert GAME.view(state, viewer).plate[0].slice is None
    # When eaten, others see one more eaten slice and never which.
    _, state = act(state, 1, m.EatSlice(drawn.slice))
    other = GAME.view(state, SeatViewer(2))
    assert other.table[1].eaten_count == 1 and other.last.slice is None
    assert GAME.view(state, SeatViewer(1)).my_eaten[0].id == drawn.slice


# --- Combo Craving and You Love Veggies ----------------------------------------------


def test_combo_craving_offers_collected_combos_on_receipt():
    # Rulebook, Combo Craving: collected combos may be eaten when it is received.
    state = holding(dealt(special="combo_craving"), 1, collected=[combo(6, 7), plain(9, 5)])
    state = run(state, (0, m.ChooseStack(0)), (0, m.SliceRing((0, 3, 6), 1)))
    events, state = act(state, 1, m.ChoosePortion(1))  # Veggie, combo 4/5, Anchovy + the Special
    gained = next(e for e in events if isinstance(e, m.SpecialGained))
    assert gained.offers == (combo(6, 7),)
    # The new combo may be eaten too (gained on that turn), so it waits on the plate.
    assert combo(4, 5) in state.plate and m.EatSlice(combo(4, 5)) in legal_commands(state, 1)
    events, state = act(state, 1, m.EatSlice(combo(6, 7)))
    assert events[0] == m.CollectedSliceEaten(1, combo(6, 7))
    _, state = act(state, 1, m.EatSlice(combo(4, 5)))
    assert set(state.seats[1].eaten) == {combo(6, 7), combo(4, 5)}
    assert combo(6, 7) not in state.seats[1].collected


def test_combos_gained_later_are_edible_for_the_combo_craving_owner():
    state = holding(dealt(), 1, "combo_craving")
    state = run(state, (0, m.ChooseStack(0)), (0, m.SliceRing((0, 3, 6), 0)))
    _, state = act(state, 1, m.ChoosePortion(1))
    assert state.plate == (combo(4, 5),)  # Veggie and Anchovy collected at once, the combo awaits
    _, kept = act(state, 1, m.CollectSlice(combo(4, 5)))
    assert combo(4, 5) in kept.seats[1].collected


def test_you_love_veggies_offers_collected_veggies_on_receipt():
    state = holding(dealt(special="you_love_veggies"), 1, collected=[plain(3, 1)])
    state = run(state, (0, m.ChooseStack(0)), (0, m.SliceRing((0, 3, 6), 1)))
    events, state = act(state, 1, m.ChoosePortion(1))
    assert next(e for e in events if isinstance(e, m.SpecialGained)).offers == (plain(3, 1),)
    assert plain(3, 0) in state.plate  # the Veggie that came with it may be eaten as well
    state = run(state, (1, m.EatSlice(plain(3, 1))), (1, m.EatSlice(plain(3, 0))))
    assert set(state.seats[1].eaten) == {plain(3, 0), plain(3, 1)}


@pytest.mark.parametrize("later, edible", [(True, True), (False, False)])
def test_veggies_gained_in_a_later_round_follow_the_house_option(later, edible):
    state = holding(dealt(veggies_eaten_later=later), 1, "you_love_veggies")
    state = run(state, (0, m.ChooseStack(0)), (0, m.SliceRing((0, 3, 6), 0)))
    _, state = act(state, 1, m.ChoosePortion(1))
    assert (m.EatSlice(plain(3, 0)) in legal_commands(state, 1)) is edible
    assert (plain(3, 0) in state.seats[1].collected) is not edible


# --- the Supreme (RULES-NOTES 2.3) ---------------------------------------------------------


def supreme_table(collected=()):
    ring = (SUPREME_ID, combo(6, 7)) + RING[2:]
    state = holding(dealt(ring=ring), 1, collected=collected)
    return run(state, (0, m.ChooseStack(0)), (0, m.SliceRing((0, 2, 6), 1)))


def test_a_collected_supreme_joins_one_of_its_owners_collected_types():
    state = supreme_table(collected=[plain(9, 5), combo(4, 5)])
    _, state = act(state, 1, m.ChoosePortion(0))
    # The combo 6/7 beside it cannot be eaten, so it was collected at once and counts too.
    assert combo(6, 7) in state.seats[1].collected
    options = {c.attach for c in legal_commands(state, 1) if isinstance(c, m.CollectSlice) and c.slice == SUPREME_ID}
    assert options == {4, 5, 6, 7, 9}
    with pytest.raises(Rejected) as caught:
        GAME.decide(state, 1, m.CollectSlice(SUPREME_ID, None))
    assert caught.value.code is NysCode.BAD_ATTACHMENT
    _, state = act(state, 1, m.CollectSlice(SUPREME_ID, 5))
    assert state.seats[1].supreme_type == 5


def test_a_supreme_with_nothing_to_join_takes_the_next_collected_type():
    ring = (SUPREME_ID, plain(9, 0)) + RING[2:]
    state = run(dealt(ring=ring), (0, m.ChooseStack(0)), (0, m.SliceRing((0, 2, 6), 1)))
    _, state = act(state, 1, m.ChoosePortion(0))
    assert legal_commands(state, 1)[0] == m.CollectSlice(SUPREME_ID, None)
    _, state = act(state, 1, m.CollectSlice(SUPREME_ID))
    assert state.seats[1].supreme_type is None
    events, state = act(state, 1, m.CollectSlice(plain(9, 0)))
    assert events[0] == m.SliceCollected(1, plain(9, 0), 9) and state.seats[1].supreme_type == 9


def test_a_waiting_supreme_joins_one_of_the_two_numbers_of_the_next_combo():
    # Given a Supreme collected earlier with nothing to join,
    state = holding(dealt(), 1, collected=[SUPREME_ID])
    state = run(state, (0, m.ChooseStack(0)), (0, m.SliceRing((4, 5, 6), 2)))
    # when its owner takes the lone combo 4/5, the combo waits for the owner's choice of number,
    _, state = act(state, 1, m.ChoosePortion(0))
    assert {c.attach for c in legal_commands(state, 1)} == {4, 5}
    # then the Supreme copies the number chosen.
    _, state = act(state, 1, m.CollectSlice(combo(4, 5), 5))
    assert state.seats[1].supreme_type == 5


def test_a_waiting_supreme_joins_an_inedible_plain_slice_at_once():
    state = holding(dealt(), 1, collected=[SUPREME_ID])
    state = run(state, (0, m.ChooseStack(0)), (0, m.SliceRing((3, 4, 6), 2)))
    events, state = act(state, 1, m.ChoosePortion(0))  # the Veggie alone
    assert m.SliceCollected(1, plain(3, 0), 3) in events and state.seats[1].supreme_type == 3


def test_the_anchovy_slice_gives_a_waiting_supreme_no_type():
    state = holding(dealt(), 1, collected=[SUPREME_ID])
    state = run(state, (0, m.ChooseStack(0)), (0, m.SliceRing((5, 6, 7), 2)))
    _, state = act(state, 1, m.ChoosePortion(0))  # the Anchovy alone
    assert ANCHOVY_ID in state.seats[1].collected and state.seats[1].supreme_type is None


def test_an_eaten_supreme_is_two_pepperoni():
    state = supreme_table()
    _, state = act(state, 1, m.ChoosePortion(0))
    _, state = act(state, 1, m.EatSlice(SUPREME_ID))
    assert state.seats[1].eaten == (SUPREME_ID,)


# --- redraws --------------------------------------------------------------------------


@pytest.mark.parametrize("special", ["dibs", "cut_in_line", "you_love_veggies"])
def test_two_player_games_replace_specials_that_cannot_be_used(special):
    ring = (plain(9, 0), plain(11, 0), plain(4, 0))
    events, state = act(dealt(players=2, ring=ring, special=special), 0, m.ChooseStack(0))
    replaced = [e for e in events if isinstance(e, m.SpecialReplaced)]
    assert replaced and replaced[0].old == special
    assert state.special not in ("dibs", "cut_in_line", "you_love_veggies")
    assert state.special not in state.reserve and special in state.set_aside


@pytest.mark.parametrize("special, replaced", [("cut_in_line", True), ("sneak_a_slice", True), ("dibs", False)])
def test_the_last_round_replaces_cut_in_line_and_sneak_but_not_dibs(special, replaced):
    state = last_round(dealt(special=special))
    events, state = act(state, 0, m.ChooseStack(0))
    assert any(isinstance(e, m.SpecialReplaced) for e in events) is replaced
    assert (state.special == special) is not replaced


# --- Seconds --------------------------------------------------------------------------


def seconds_table():
    collected = [plain(9, 5), plain(9, 6), plain(11, 5), plain(3, 1)]
    state = last_round(holding(dealt(ring=(plain(8, 0),) + RING[1:]), 1, "seconds", collected=collected))
    state = run(state, (0, m.ChooseStack(0)), (0, m.SliceRing((0, 3, 6), 1)))
    state = run(state, (1, m.ChoosePortion(1)))  # all inedible: collected at once
    state = finish_plate(run(state, (2, m.ChoosePortion(2))), 2)
    return finish_plate(state, 0)


def test_seconds_comes_just_before_scoring_and_eats_one_type():
    # Rulebook, Seconds: just before scoring, eat any number of collected slices of one type.
    state = seconds_table()
    assert phase_of(state) == "seconds" and state.offer_seat == 1
    eats = {c.slice for c in legal_commands(state, 1) if isinstance(c, m.EatSeconds)}
    assert {plain(9, 5), plain(9, 6), plain(11, 5)} <= eats and plain(3, 1) not in eats
    events, state = act(state, 1, m.EatSeconds(plain(9, 5)))
    assert events == [m.SecondsEaten(1, plain(9, 5), 9)]
    with pytest.raises(Rejected) as caught:
        GAME.decide(state, 1, m.EatSeconds(plain(11, 5)))
    assert caught.value.code is NysCode.WRONG_TYPE
    events, state = act(state, 1, m.FinishSeconds())
    assert kinds(events) == ["SecondsFinished", "GameEnded"] and GAME.is_terminal(state)
    check = GAME.view(state, SeatViewer(0)).guest_check
    assert tuple(row.total for row in check.rows) == events[-1].totals
    assert GAME.outcome(state).winners == check.winners


def test_seconds_cannot_eat_a_veggie():
    state = seconds_table()
    with pytest.raises(Rejected) as caught:
        GAME.decide(state, 1, m.EatSeconds(plain(3, 1)))
    assert caught.value.code is NysCode.NOT_EDIBLE
