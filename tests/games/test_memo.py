"""games.memo: results remembered for the last state object, by identity.

``SameInputs`` has a compiled twin (games/_memo.pyx): every test of it runs on
both, and a property test holds the two equal on random sequences of asks.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import memo
from games.memo import LastState, LastStateBySeat, PureSameInputs

needs_compiled = pytest.mark.skipif(memo.compiled is None, reason="games/_memo.pyx was not built")
#: Both twins of SameInputs: the pure class, and the compiled one when it was built.
TWINS = [
    pytest.param(PureSameInputs, id="pure"),
    pytest.param(memo.compiled.SameInputs if memo.compiled is not None else None, id="compiled", marks=needs_compiled),
]


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


@pytest.mark.parametrize("SameInputs", TWINS)
def test_same_inputs_reuse_the_result_only_for_the_very_same_objects(SameInputs):
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


@pytest.mark.parametrize("SameInputs", TWINS)
def test_same_inputs_remember_several_combinations_but_a_bounded_number(SameInputs):
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


@pytest.mark.parametrize("SameInputs", TWINS)
def test_an_entry_asked_for_between_fewer_than_size_others_is_never_computed_again(SameInputs):
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


# --- the twins alike -----------------------------------------------------------------------

#: A few objects to ask with, so that random asks repeat inputs (hits) and vary them (misses).
POOL = [Box(i % 3) for i in range(6)]  # equal boxes that are not the same objects, too

asks = st.lists(st.lists(st.integers(0, len(POOL) - 1), min_size=0, max_size=3), max_size=60)


def played(cache, sequence: list[list[int]]) -> list[tuple[object, int]]:
    """What each ask gave (the result object's identity stands for hit or miss) and the entries held after it."""
    return [(cache(*(POOL[i] for i in inputs)), len(cache)) for inputs in sequence]


def first_of(out: list[tuple[object, int]]) -> list[int]:
    """For each ask, the first ask that gave its very result object: which asks were hits, and of what."""
    return [next(n for n, (earlier, _) in enumerate(out) if earlier is result) for result, _ in out]


@needs_compiled
@settings(max_examples=300, deadline=None)
@given(asks, st.integers(1, 5), st.integers(0, 60))
def test_the_twins_compute_and_reuse_alike(sequence, size, switch_at):
    # Given the same function (a new result object per computation) under each twin
    def cache(cls):
        made: list[tuple] = []
        return cls(lambda *inputs: made.append(inputs) or object(), size=size), made

    pure, pure_made = cache(PureSameInputs)
    compiled, compiled_made = cache(memo.compiled.SameInputs)
    pure_out, compiled_out = played(pure, sequence), played(compiled, sequence)
    # Then they computed for the same asks, reused the same results, and held as many entries
    assert compiled_made == pure_made
    assert first_of(compiled_out) == first_of(pure_out)
    assert [held for _, held in compiled_out] == [held for _, held in pure_out]
    # And a compiled cache switched to the pure look-up half-way (the hub's pure lane) goes on alike
    switched, switched_made = cache(memo.compiled.SameInputs)
    try:
        before = played(switched, sequence[:switch_at])
        memo.use_pure(True)
        after = played(switched, sequence[switch_at:])
    finally:
        memo.use_pure(False)
    assert switched_made == pure_made
    assert first_of(before + after) == first_of(pure_out)
    assert [held for _, held in before + after] == [held for _, held in pure_out]


@needs_compiled
def test_the_games_caches_are_the_compiled_class_when_it_was_built():
    from games.pizza_theory import views

    assert type(views._board) is memo.compiled.SameInputs
    assert memo.SameInputs is memo.compiled.SameInputs
