"""Fan-out's wire cache, compiled (server/fastlane/_wire.pyx) and pure (protocol.wirecache.WireCache), agree.

Given random frozen attrs values over several rounds (parts kept as the
same objects, parts new, tuples, lists, maps, fractions, a class that may
change in place), both caches give the same wire data as the generic
conversion, and share wire objects in the same places (within a round and
from one round to the next: the differ's identity shortcuts depend on it).
test_fanout_games.py plays every game through fan-out on whichever lane
runs, and test_fastlane_pure.py runs it on the other one.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs
import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol.gamecodec import to_wire
from protocol.wirecache import WireCache as PureWireCache

try:
    from server.fastlane._wire import WireCache as CompiledWireCache
except ImportError:  # no compiler at install time: only the pure twin exists
    CompiledWireCache = None

pytestmark = pytest.mark.skipif(CompiledWireCache is None, reason="the compiled fast lane was not built")


@attrs.frozen
class Leaf:
    n: int
    amount: Fraction
    tags: tuple[str, ...]


@attrs.frozen
class Node:
    left: Any
    right: Any
    items: tuple[Any, ...]
    flag: bool


@attrs.frozen
class Empty:
    pass


@attrs.define
class Loose:
    n: int


leaves = st.builds(Leaf, st.integers(-2, 2), st.fractions(max_denominator=8), st.lists(st.text(max_size=2), max_size=2).map(tuple))
values = st.recursive(
    st.one_of(leaves, st.none(), st.integers(0, 3), st.just(Empty())),
    lambda inner: st.one_of(
        st.builds(Node, inner, inner, st.lists(inner, max_size=3).map(tuple), st.booleans()),
        st.lists(inner, max_size=3).map(tuple),
        st.lists(inner, max_size=2),
        st.dictionaries(st.sampled_from(["a", "b"]), inner, max_size=2),
    ),
    max_leaves=10,
)


def parts(value: Any) -> list[Any]:
    """Every sub-value of a view value, in a fixed order (the values a game's views share)."""
    out = [value]
    if attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            out += parts(getattr(value, field.name))
    elif type(value) in (tuple, list):
        for item in value:
            out += parts(item)
    elif type(value) is dict:
        for item in value.values():
            out += parts(item)
    return out


def sharing(wires: list[Any]) -> list[int]:
    """Where the containers in ``wires`` (walked in order) were first met: the shape of their identities."""
    seen: dict[int, int] = {}
    out = []

    def walk(wire: Any) -> None:
        if type(wire) in (dict, list):
            out.append(seen.setdefault(id(wire), len(seen)))
            for item in (wire.values() if type(wire) is dict else wire):
                walk(item)

    for wire in wires:
        walk(wire)
    return out


def packed(value: Any) -> bytes:
    return msgpack.packb(value, use_bin_type=True)


@settings(max_examples=300, deadline=None)
@given(st.data(), st.lists(values, min_size=1, max_size=3), st.integers(1, 4))
def test_the_twins_convert_alike_and_share_alike(data, first, rounds):
    pure, compiled = PureWireCache(to_wire), CompiledWireCache(to_wire)
    batch = first
    for _ in range(rounds):
        got_pure = [pure.to_wire(value) for value in batch]
        got_compiled = [compiled.to_wire(value) for value in batch]
        assert [packed(w) for w in got_compiled] == [packed(w) for w in got_pure] == [packed(to_wire(v)) for v in batch]
        assert sharing(got_compiled) == sharing(got_pure)
        assert len(compiled) == len(pure)
        pure.next()
        compiled.next()
        # the next round: some values again (kept by the game), some parts of them, some new
        pool = [part for value in batch for part in parts(value)]
        batch = data.draw(st.lists(st.one_of(st.sampled_from(pool), values), min_size=1, max_size=3))


def test_a_value_that_can_change_in_place_is_converted_every_time():
    cache = CompiledWireCache(to_wire)
    loose = Loose(1)
    assert cache.to_wire((loose,)) == [{"type": "Loose", "n": 1}]
    loose.n = 2
    assert cache.to_wire([loose]) == [{"type": "Loose", "n": 2}]
    assert cache.to_wire({"k": loose}) == {"k": {"type": "Loose", "n": 2}}


def test_a_part_unused_for_two_rounds_is_let_go():
    cache, leaf = CompiledWireCache(to_wire), Leaf(1, Fraction(1, 2), ("x",))
    first = cache.to_wire(leaf)
    cache.next()
    assert cache.to_wire(leaf) is first
    cache.next()
    cache.next()
    assert len(cache) == 0
    assert cache.to_wire(leaf) == first and cache.to_wire(leaf) is not first
