"""games.memo: results remembered for the last state object, by identity."""

from __future__ import annotations

import attrs

from games.memo import LastState, LastStateBySeat, SameInputs


@attrs.frozen
class Box:
    value: int


def test_a_state_is_computed_once_and_an_equal_but_new_state_again():
    calls: list[int] = []
    double = LastState(lambda box: calls.append(box.value) or box.value * 2)
    first = Box(3)
    assert double(first) == 6 and double(first) == 6
    assert calls == [3]
    assert double(Box(3)) == 6  # equal, not the same object: computed again
    assert calls == [3, 3]


def test_only_the_last_state_is_remembered():
    calls: list[int] = []
    square = LastState(lambda box: calls.append(box.value) or box.value**2)
    a, b = Box(2), Box(5)
    assert [square(a), square(b), square(a)] == [4, 25, 4]
    assert calls == [2, 5, 2]


def test_by_seat_each_seat_once_per_state():
    calls: list[tuple[int, int]] = []
    plus = LastStateBySeat(lambda box, seat: calls.append((box.value, seat)) or box.value + seat)
    state = Box(10)
    assert [plus(state, 0), plus(state, 1), plus(state, 0), plus(state, 1)] == [10, 11, 10, 11]
    assert calls == [(10, 0), (10, 1)]
    later = Box(20)
    assert plus(later, 0) == 20 and calls[-1] == (20, 0)


def test_same_inputs_reuse_the_result_only_for_the_very_same_objects():
    calls: list[tuple[int, int]] = []
    add = SameInputs(lambda a, b: calls.append((a.value, b.value)) or Box(a.value + b.value))
    a, b = Box(1), Box(2)
    first = add(a, b)
    # the same objects again: the very same result, not computed again
    assert add(a, b) is first and calls == [(1, 2)]
    # an equal but new input: computed again (identity, never equality, decides)
    assert add(a, Box(2)) == first and add(a, Box(2)) is not first
    assert len(calls) == 3
    # the order of the inputs matters
    assert add(b, a) is not first


def test_same_inputs_remember_several_combinations_but_a_bounded_number():
    calls: list[int] = []
    ident = SameInputs(lambda box: calls.append(box.value) or box.value, size=3)
    boxes = [Box(i) for i in range(7)]
    for box in boxes[:3]:
        ident(box)
    for box in boxes[:3]:  # interleaved rooms: each still hits
        ident(box)
    assert calls == [0, 1, 2]
    ident(boxes[3])  # a fourth: a new generation begins; the others are still there
    ident(boxes[0])  # asked for again: it moves to the new generation
    assert calls == [0, 1, 2, 3]
    ident(boxes[4])
    ident(boxes[5])  # the new generation is full: 1 and 2, not asked for since, are let go
    ident(boxes[0])
    ident(boxes[1])
    assert calls == [0, 1, 2, 3, 4, 5, 1]
    assert len(ident) <= 2 * 3


def test_an_entry_asked_for_between_fewer_than_size_others_is_never_computed_again():
    # Given one room's part asked for at each of its moves, with other rooms' new parts in between
    calls: list[int] = []
    ident = SameInputs(lambda box: calls.append(box.value) or box.value, size=4)
    kept = Box(-1)
    for round_ in range(50):
        for other in range(3):  # fewer than size new results between two asks
            ident(Box(round_ * 10 + other))
        ident(kept)
    # Then it was computed once, and the cache stayed bounded
    assert calls.count(-1) == 1
    assert len(ident) <= 8
