"""Fan-out's per-class diff, compiled (server/fastlane/_diff.pyx) and pure (protocol.patch.Differ), agree exactly.

Given random views of several viewer classes (shared parts as the very
same objects, as fan-out builds them; parts kept, rebuilt equal, changed,
removed, retyped ``1`` to ``True``; now and then a class's map with a field
fewer, the same fields in another order, or as many fields but one of them
another, which the compiled walk must find before it splits), then a new round of views made from
them, both differs split the change into the same public ops and the same
private ops per class, value for value and type for type; and applying a
class's ops to its old view gives its new one.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol import patch

try:
    from server.fastlane._diff import Differ as CompiledDiffer
except ImportError:  # no compiler at install time: only the pure twin exists
    CompiledDiffer = None

pytestmark = pytest.mark.skipif(CompiledDiffer is None, reason="the compiled fast lane was not built")

scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from([0.0, 1.0, 2.5]), st.text(max_size=3))
keys = st.sampled_from(["a", "b", "c", "d", "e"])
trees = st.recursive(
    scalars,
    lambda inner: st.one_of(st.dictionaries(keys, inner, max_size=4), st.lists(inner, max_size=4),
                            st.lists(inner, max_size=3).map(tuple)),
    max_leaves=12,
)


def mutate(data: st.DataObject, value: Any, depth: int = 0) -> Any:
    """A next version of ``value``: unchanged parts stay the same objects, as games keep them."""
    choice = data.draw(st.integers(0, 6 if depth < 4 else 2))
    if choice == 0:
        return value
    if choice == 1:
        return data.draw(trees)
    if choice == 2:
        return copy.deepcopy(value)  # equal, not identical: the strict walk decides
    kind = type(value)
    if kind is dict:
        out = {}
        for key, item in value.items():
            if data.draw(st.integers(0, 5)) == 0:
                continue  # removed
            out[key] = mutate(data, item, depth + 1)
        if data.draw(st.booleans()):
            out[data.draw(keys)] = data.draw(trees)
        if data.draw(st.integers(0, 4)) == 0:
            out = dict(reversed(list(out.items())))  # the same keys in another order
        return out
    if kind in (list, tuple):
        items = [mutate(data, item, depth + 1) for item in value]
        if data.draw(st.integers(0, 3)) == 0:
            items.append(data.draw(trees))
        return kind(items)
    if value == 1 and type(value) is int:
        return data.draw(st.sampled_from([1, True, 1.0]))
    return data.draw(scalars)


def views_of(data: st.DataObject, classes: int, old: dict[Any, dict] | None) -> dict[Any, dict]:
    """Each class's view: a lobby and a public game every class shares, and parts of its own."""
    if old is None:
        lobby, game = data.draw(trees), data.draw(st.dictionaries(keys, trees, min_size=1, max_size=4))
    else:
        first = next(iter(old.values()))
        lobby, game = mutate(data, first["lobby"]), mutate(data, first["game"])
    out = {}
    for index in range(classes):
        key = ("seat", index)
        before = old.get(key) if old else None
        mine = game
        if type(game) is dict and data.draw(st.booleans()):  # this class's game view: the public one, one field its own
            mine = {**game, data.draw(keys): data.draw(trees)}
        you = mutate(data, before["you"]) if before and "you" in before else data.draw(trees)
        view = {"v": 1, "lobby": lobby, "game": mine, "you": you}
        shape = data.draw(st.integers(0, 9))
        if shape == 0:
            del view["you"]  # a class whose fields differ
        elif shape == 1:
            view = dict(reversed(list(view.items())))  # the same fields in another order
        elif shape == 2:
            view["w"] = view.pop("you")  # as many fields, one of them another
        out[key] = view
    return out


def typed(value: Any, *, ordered: bool = True) -> Any:
    """``value`` with every scalar's type spelt out: ``1``, ``True`` and ``1.0`` differ.

    ``ordered=False`` compares as the wire does after :func:`patch.apply`: a
    tuple is a list, and a map's key order (which changes only with a full
    state) does not count.
    """
    if type(value) in (list, tuple):
        return (type(value).__name__ if ordered else "list", [typed(item, ordered=ordered) for item in value])
    if type(value) is dict:
        items = [(typed(k), typed(v, ordered=ordered)) for k, v in value.items()]
        return ("dict", items if ordered else sorted(items, key=repr))
    return (type(value).__name__, value)


@settings(max_examples=400, deadline=None)
@given(st.data(), st.integers(1, 4), st.integers(1, 3))
def test_the_twins_split_every_change_alike(data, classes, rounds):
    pure, compiled = patch.Differ(), CompiledDiffer()
    olds = views_of(data, classes, None)
    for _ in range(rounds):
        news = views_of(data, classes, olds)
        public, private = pure.split(olds, news)
        public_c, private_c = compiled.split(olds, news)
        assert typed(public_c) == typed(public)
        assert typed(private_c) == typed(private)
        for key, view in news.items():  # (a map's key order changes only with a full state)
            if key in olds:
                assert typed(patch.apply(olds[key], public_c + private_c[key]), ordered=False) == typed(view, ordered=False)
        pure.next()
        compiled.next()
        olds = news


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_twins_diff_two_values_alike(data):
    old = data.draw(trees)
    new = mutate(data, old)
    assert typed(CompiledDiffer().diff(old, new)) == typed(patch.Differ().diff(old, new))


#: The fields of the rows below (fan-out's rows hold ``server.views.VIEW_FIELDS``).
ROW_FIELDS = ("v", "lobby", "game", "you")


def rows_of(views: dict[Any, dict]) -> dict[Any, tuple]:
    """Each class's view as a row of ``ROW_FIELDS`` (a field the view lacks: None), its values the same objects."""
    return {key: tuple(view.get(field) for field in ROW_FIELDS) for key, view in views.items()}


@settings(max_examples=300, deadline=None)
@given(st.data(), st.integers(1, 4), st.integers(1, 3))
def test_the_twins_split_rows_as_the_maps_they_stand_for(data, classes, rounds):
    """Views kept as rows, as fan-out keeps them: both twins give :meth:`split`'s ops of the rows' maps."""
    pure, compiled, of_maps = patch.Differ(), CompiledDiffer(), patch.Differ()
    olds = rows_of(views_of(data, classes, None))
    for _ in range(rounds):
        news = rows_of(views_of(data, classes, {key: dict(zip(ROW_FIELDS, row)) for key, row in olds.items()}))
        expected = of_maps.split(
            {key: dict(zip(ROW_FIELDS, row)) for key, row in olds.items()},
            {key: dict(zip(ROW_FIELDS, row)) for key, row in news.items()},
        )
        for differ in (pure, compiled):
            public, private = differ.split_rows(olds, news, ROW_FIELDS)
            assert typed(public) == typed(expected[0])
            assert typed(private) == typed(expected[1])
            differ.next()
        of_maps.next()
        olds = news


@pytest.mark.parametrize("make", [patch.Differ, CompiledDiffer], ids=["pure", "compiled"])
def test_a_row_of_another_length_is_refused(make):
    rows = {("seat", 0): (1, 2, 3, 4)}
    with pytest.raises(ValueError, match="one value for each of the 4 fields"):
        make().split_rows(rows, {("seat", 0): (1, 2, 3)}, ROW_FIELDS)
    assert make().split_rows(rows, {("seat", 0): (1, 2, 3, 5)}, ROW_FIELDS) == ([[["you"], 5]], {("seat", 0): []})
