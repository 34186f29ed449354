"""Patches: applying the diff of two views gives exactly the new view; shared ops split out cleanly."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol.patch import Differ, Gap, Mirror, PatchError, apply, common, diff, without


def same(a, b) -> bool:
    """Strict equality: types match all the way down (1 is not True), map key order aside."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    if type(a) in (list, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b

scalars = st.none() | st.booleans() | st.integers(-(2**31), 2**31) | st.text(max_size=5)
keys = st.sampled_from(["a", "b", "c", "game", "legal", "0"])
wire = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=20,
)
views = st.dictionaries(keys, wire, max_size=5)


@settings(max_examples=400, deadline=None)
@given(old=wire, new=wire)
def test_applying_the_diff_gives_exactly_the_new_value(old, new):
    assert same(apply(old, diff(old, new)), new)


@settings(max_examples=200, deadline=None)
@given(old=views, new=views)
def test_applying_leaves_the_old_value_untouched(old, new):
    import copy

    before = copy.deepcopy(old)
    apply(old, diff(old, new))
    assert same(old, before)


@settings(max_examples=200, deadline=None)
@given(value=wire)
def test_a_value_has_no_diff_with_itself_or_an_equal_copy(value):
    import copy

    assert diff(value, value) == []
    assert diff(value, copy.deepcopy(value)) == []


@settings(max_examples=300, deadline=None)
@given(old=views, new=st.lists(views, min_size=1, max_size=4))
def test_public_then_private_parts_rebuild_every_viewer_class(old, new):
    # Given several viewer classes that all held `old` and now each hold their own view
    patches = [diff(old, view) for view in new]
    public = common(patches)
    for view, patch in zip(new, patches):
        private = without(patch, public)
        # Then public + private rebuild the class's view, in either order
        assert same(apply(apply(old, public), private), view)
        assert same(apply(apply(old, private), public), view)
        # and the public ops are ops of this class's own diff
        assert all(op in patch for op in public)


#: A view's fields, each naming a value of the pool by its index.
fields = st.dictionaries(keys, st.integers(0, 5), max_size=4)


@settings(max_examples=300, deadline=None)
@given(
    pool=st.lists(wire, min_size=1, max_size=6),
    picks=st.lists(st.tuples(fields, fields), min_size=1, max_size=5),
    copies=st.booleans(),
)
def test_split_gives_the_public_and_private_parts_of_every_class(pool, picks, copies):
    # Given viewer classes whose old and new views share field values as the very same objects
    # (as fan-out's views do), or as equal copies
    def pick(fields):
        return {field: (copy(pool[at % len(pool)]) if copies else pool[at % len(pool)]) for field, at in fields.items()}

    olds = {("class", i): pick(old) for i, (old, _) in enumerate(picks)}
    news = {("class", i): pick(new) for i, (_, new) in enumerate(picks)}
    # When the differ splits all the classes' changes at once, then it agrees with each class's own diff
    assert_split_agrees_with_each_class_diff(olds, news)


@settings(max_examples=300, deadline=None)
@given(
    pool=st.lists(wire, min_size=1, max_size=6),
    picks=st.lists(st.tuples(fields, fields, fields, fields), min_size=1, max_size=5),
)
def test_split_goes_into_maps_every_class_holds_its_own_of(pool, picks):
    # Given viewer classes whose views hold each its own "game" map (as a seat's game view is
    # the public one with a few fields of its own), made of parts shared by identity, two deep
    def pick(fields):
        return {field: pool[at % len(pool)] for field, at in fields.items()}

    olds = {("class", i): {"v": 1, "game": {**pick(a), "inner": pick(b)}} for i, (a, b, _, _) in enumerate(picks)}
    news = {("class", i): {"v": 2, "game": {**pick(c), "inner": pick(d)}} for i, (_, _, c, d) in enumerate(picks)}
    # When the differ splits all the classes' changes at once, then it agrees with each class's own diff
    assert_split_agrees_with_each_class_diff(olds, news)


def assert_split_agrees_with_each_class_diff(olds, news):
    """The public part is what every class's own diff holds in common; public + private rebuild each view."""
    public, private = Differ().split(olds, news)
    patches = {key: diff(olds[key], news[key]) for key in news}
    assert sorted(map(repr, public)) == sorted(map(repr, common(list(patches.values()))))
    for key, view in news.items():
        assert same(apply(apply(olds[key], public), private[key]), view)
        assert sorted(map(repr, private[key])) == sorted(map(repr, without(patches[key], public)))


def copy(value):
    if isinstance(value, dict):
        return {k: copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy(v) for v in value]
    return value


def test_one_is_not_true_and_a_longer_list_is_replaced_whole():
    assert diff({"x": 1}, {"x": True}) == [[["x"], True]]
    assert diff({"l": [1, 2]}, {"l": [1, 2, 3]}) == [[["l"], [1, 2, 3]]]
    assert diff({"l": [1, 2]}, {"l": [1, 5]}) == [[["l", 1], 5]]
    assert diff({"a": 1, "b": 2}, {"a": 1}) == [[["b"]]]


@pytest.mark.parametrize(
    "value,op",
    [({"a": 1}, [["b", "c"], 1]), ({"a": [1]}, [["a", 3], 1]), ({"a": 1}, [["z"]]), ({"a": 1}, [[]]), ({}, "x")],
)
def test_an_op_that_does_not_fit_is_refused(value, op):
    with pytest.raises(PatchError):
        apply(value, [op])


def test_a_mirror_follows_states_and_changes_and_refuses_a_gap():
    mirror = Mirror()
    assert mirror.receive({"t": "state", "v": 3, "version": 7, "game": {"n": [0, 0]}})
    assert mirror.receive({"t": "change", "v": 4, "base": 3, "ops": [[["game", "n", 1], 1], [["version"], 8]]})
    assert mirror.receive({"t": "change", "v": 4, "base": 4, "ops": [[["legal"], [1]]]})  # a private part
    assert mirror.state() == {"t": "state", "v": 4, "version": 8, "game": {"n": [0, 1]}, "legal": [1]}
    assert not mirror.receive({"t": "ack", "seq": 1})
    with pytest.raises(Gap):
        mirror.receive({"t": "change", "v": 6, "base": 5, "ops": []})
