"""What each viewer sees (issue 3 "Views")."""

from __future__ import annotations

from games.contract import SCREEN, SPECTATOR, SeatViewer
from games.new_york_slice import GAME
from games.new_york_slice import messages as m
from games.new_york_slice.components import ANCHOVY_ID

from nys_helpers import act, combo, holding, plain, run, table

RING = (plain(9, 0), plain(9, 1), plain(11, 0), plain(3, 0), combo(4, 5), ANCHOVY_ID,
        plain(7, 0), plain(7, 1), plain(6, 0), plain(5, 0), plain(4, 0))


def played():
    state = holding(table(3, stacks=[RING], specials=["stuffed_crust"]), 1, "sneak_a_slice", "buffet")
    state = run(state, (0, m.ChooseStack(0)), (0, m.SliceRing((0, 3, 6), 2)), (1, m.DeclineSneak()),
                (1, m.ChoosePortion(0)), (1, m.EatSlice(plain(9, 1))), (1, m.CollectSlice(plain(9, 0))),
                (1, m.CollectSlice(plain(11, 0))))
    return state


def test_a_seat_sees_its_own_eaten_slices_and_others_only_the_count():
    state = played()
    mine = GAME.view(state, SeatViewer(1))
    assert [s.id for s in mine.my_eaten] == [plain(9, 1)]
    for viewer in (SeatViewer(0), SeatViewer(2), SCREEN, SPECTATOR):
        view = GAME.view(state, viewer)
        assert view.my_eaten == () and view.table[1].eaten_count == 1
        assert view.last.kind == "SliceCollected" and view.last.slice.id == plain(11, 0)


def test_the_eat_itself_is_announced_without_the_slice_to_others():
    state = holding(table(3, stacks=[RING], specials=["stuffed_crust"]), 1)
    state = run(state, (0, m.ChooseStack(0)), (0, m.SliceRing((0, 3, 6), 2)), (1, m.ChoosePortion(0)))
    _, state = act(state, 1, m.EatSlice(plain(9, 1)))
    assert GAME.view(state, SCREEN).last.slice is None
    assert GAME.view(state, SeatViewer(1)).last.slice.id == plain(9, 1)


def test_collected_tableaus_and_held_specials_are_public_with_their_used_flags():
    view = GAME.view(played(), SCREEN)
    assert [s.id for s in view.table[1].collected] == [plain(9, 0), plain(11, 0)]
    held = {h.special: h.used for h in view.table[1].specials}
    assert held == {"sneak_a_slice": False, "buffet": False}


def test_a_seat_sees_which_specials_it_still_holds_unused():
    state = holding(table(3, stacks=[RING], specials=["stuffed_crust"]), 1, "sneak_a_slice", "buffet")
    state = run(state, (0, m.ChooseStack(0)), (0, m.SliceRing((0, 3, 6), 2)), (1, m.SneakSlice(0, True)))
    assert GAME.view(state, SeatViewer(1)).my_unused == ("buffet",)
    assert GAME.view(state, SeatViewer(2)).my_unused == ()


def test_face_down_things_are_only_counted():
    view = GAME.view(table(5), SCREEN)
    assert view.stacks == (0, 1, 2, 3, 4) and view.leftovers == 3 and view.reserve == 9 and view.removed == 11
    assert view.ring == () and view.special is None and view.decision.kind == "stack"


def test_the_screen_sees_the_revealed_ring_and_special_then_the_portions():
    state = run(table(3, stacks=[RING], specials=["tiebreaker"]), (0, m.ChooseStack(0)))
    view = GAME.view(state, SCREEN)
    assert [s.id for s in view.ring] == list(RING) and view.special == "tiebreaker"
    _, state = act(state, 0, m.SliceRing((0, 3, 6), 0))
    view = GAME.view(state, SCREEN)
    assert view.ring == () and [len(p.slices) for p in view.portions] == [3, 3, 5]
    assert view.order == (1, 2, 0) and view.decision.seat == 1
