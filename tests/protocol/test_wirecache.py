"""The fan-out's wire cache: the generic conversion's output, once per object, never stale."""

from __future__ import annotations

from fractions import Fraction

import attrs
import msgpack

from protocol.gamecodec import to_wire
from protocol.wirecache import WireCache


@attrs.frozen
class Leaf:
    n: int
    amount: Fraction
    tags: tuple[str, ...]


@attrs.frozen
class Tree:
    left: Leaf
    right: Leaf | None
    leaves: tuple[Leaf, ...]
    flag: bool


@attrs.define
class Loose:
    """Not frozen: may change in place, so it must never be cached."""

    n: int


def packed(value: object) -> bytes:
    return msgpack.packb(value, use_bin_type=True)


def test_the_wire_form_is_the_generic_conversion():
    leaf = Leaf(1, Fraction(3, 8), ("a", "b"))
    tree = Tree(leaf, None, (leaf, Leaf(2, Fraction(2), ())), True)
    cache = WireCache(to_wire)
    assert packed(cache.to_wire(tree)) == packed(to_wire(tree))
    assert cache.to_wire(tree) == {
        "type": "Tree",
        "left": {"type": "Leaf", "n": 1, "amount": "3/8", "tags": ["a", "b"]},
        "right": None,
        "leaves": [{"type": "Leaf", "n": 1, "amount": "3/8", "tags": ["a", "b"]}, {"type": "Leaf", "n": 2, "amount": "2", "tags": []}],
        "flag": True,
    }


def test_a_shared_part_is_one_wire_object_in_this_round_and_the_next():
    # Given a part shared by two views (as the public part of a game's views is)
    shared = Leaf(1, Fraction(1, 2), ("x",))
    screen, seat = Tree(shared, None, (), False), Tree(shared, Leaf(9, Fraction(0), ()), (), False)
    cache = WireCache(to_wire)
    a, b = cache.to_wire(screen), cache.to_wire(seat)
    # Then both views hold the same wire object for it
    assert a["left"] is b["left"]
    # and after a change that kept it, the new view holds it again (the differ skips it by identity)
    cache.next()
    later = Tree(shared, None, (shared,), True)
    wire = cache.to_wire(later)
    assert wire["left"] is a["left"] and wire["leaves"][0] is a["left"]
    # a part left unused for two rounds is let go: converted anew (equal, not the same)
    cache.next()
    cache.next()
    assert len(cache) == 0
    again = cache.to_wire(shared)
    assert again == a["left"] and again is not a["left"]


def test_a_value_that_can_change_in_place_is_converted_every_time():
    cache = WireCache(to_wire)
    loose = Loose(1)
    assert cache.to_wire((loose,)) == [{"type": "Loose", "n": 1}]
    loose.n = 2
    assert cache.to_wire([loose]) == [{"type": "Loose", "n": 2}]
    assert cache.to_wire({"k": loose}) == {"k": {"type": "Loose", "n": 2}}


def test_an_equal_but_new_value_gets_its_own_wire_object():
    cache = WireCache(to_wire)
    one, other = Leaf(1, Fraction(1), ()), Leaf(1, Fraction(1), ())
    assert cache.to_wire(one) == cache.to_wire(other)
    assert cache.to_wire(one) is not cache.to_wire(other)
