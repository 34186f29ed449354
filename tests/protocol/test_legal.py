"""Legal lists on the wire: patterns stand for exactly the commands they replace (protocol/legal.py)."""

from __future__ import annotations

import itertools

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.contract import Choose, OneOf, Pattern, expand
from games.new_york_slice import messages as m
from games.new_york_slice import rules
from protocol import legal
from protocol.gamecodec import to_wire


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("ring", range(1, 13))
def test_the_slicers_patterns_on_the_wire_expand_to_every_division_in_order(ring, players):
    # Given the Slicer's divisions of a ring, listed and as patterns
    commands = [to_wire(c) for c in rules._slicings(ring, players)]
    wire = legal.listed_wire(rules._slicing_patterns(ring, players))
    # Then the wire patterns expand to the listed commands, in order, and each command matches
    assert legal.expand(wire) == commands
    assert all(legal.is_legal(wire, command) for command in commands)
    # and the patterns are a few hundred bytes where the list can be 230 KB
    assert len(msgpack.packb(wire)) < 200


def test_the_largest_family_shrinks_from_thousands_of_commands_to_two_entries():
    wire = legal.listed_wire(rules._slicing_patterns(12, 6))
    assert wire == [
        {"type": "SliceRing", "cuts": {"$choose": 6, "$below": 12}, "special": {"$one_of": [0, 1, 2, 3, 4, 5]}},
        {"type": "SliceRing", "cuts": {"$choose": 5, "$below": 12}, "special": None},
    ]
    assert len(legal.expand(wire)) == 6336


PATTERN = {"type": "SliceRing", "cuts": {"$choose": 3, "$below": 8}, "special": {"$one_of": [0, 1, 2]}}


@pytest.mark.parametrize(
    "command",
    [
        {"type": "SliceRing", "cuts": [0, 1], "special": 0},  # too few cuts
        {"type": "SliceRing", "cuts": [0, 1, 2, 3], "special": 0},  # too many
        {"type": "SliceRing", "cuts": [2, 1, 5], "special": 0},  # not increasing
        {"type": "SliceRing", "cuts": [1, 1, 5], "special": 0},  # not distinct
        {"type": "SliceRing", "cuts": [0, 1, 8], "special": 0},  # past the ring
        {"type": "SliceRing", "cuts": [-1, 1, 5], "special": 0},  # before it
        {"type": "SliceRing", "cuts": [0, True, 5], "special": 0},  # a bool is not a number here
        {"type": "SliceRing", "cuts": [0, 1, 5], "special": 3},  # not one of the values
        {"type": "SliceRing", "cuts": [0, 1, 5], "special": True},  # True is not 1
        {"type": "SliceRing", "cuts": [0, 1, 5], "special": None},
        {"type": "SliceRing", "cuts": [0, 1, 5]},  # a field missing
        {"type": "SliceRing", "cuts": [0, 1, 5], "special": 0, "extra": 1},  # a field too many
        {"type": "ChooseStack", "cuts": [0, 1, 5], "special": 0},  # another command
        {"type": "SliceRing", "cuts": "0,1,5", "special": 0},
    ],
)
def test_a_command_outside_the_pattern_does_not_match(command):
    assert not legal.matches(PATTERN, command)
    assert not legal.is_legal([PATTERN], command)


def test_plain_entries_match_only_themselves_and_pass_through_expand():
    plain = [{"type": "ChooseStack", "stack": 1}, {"type": "DeclineDibs"}]
    assert legal.expand(plain) == plain
    assert not legal.is_pattern(plain[0])
    assert legal.is_legal(plain, {"type": "ChooseStack", "stack": 1})
    assert not legal.is_legal(plain, {"type": "ChooseStack", "stack": True})
    assert not legal.is_legal(plain, {"type": "ChooseStack", "stack": 2})
    assert legal.expand(None) == [] and not legal.is_legal(None, plain[1])


def _strictly_in(candidate: dict, commands: list[dict]) -> bool:
    """Membership that tells ``1`` from ``True`` (the encoded bytes do)."""
    packed = msgpack.packb(candidate)
    return any(msgpack.packb(command) == packed for command in commands)


VALUES = st.one_of(st.integers(-3, 3), st.booleans(), st.none(), st.text(max_size=2))


@settings(max_examples=80, deadline=None)
@given(
    below=st.integers(1, 9),
    count=st.integers(0, 9),
    options=st.lists(VALUES, min_size=1, max_size=4, unique_by=msgpack.packb),
    cuts=st.lists(st.one_of(st.integers(-2, 10), st.booleans()), max_size=10),
    pick=VALUES,
)
def test_matching_agrees_with_the_expanded_list(below, count, options, cuts, pick):
    # Given any pattern of this form, its game-side twin, and any candidate command
    pattern = Pattern(m.SliceRing, (("cuts", Choose(count, below)), ("special", OneOf(tuple(options)))))
    wire = legal.listed_wire([pattern])
    expanded = legal.expand(wire)
    candidate = {"type": "SliceRing", "cuts": cuts, "special": pick}
    # Then a command matches exactly when it is in the expanded list
    assert legal.is_legal(wire, candidate) == _strictly_in(candidate, expanded)
    # and both sides expand alike
    assert expanded == [to_wire(c) for c in expand([pattern])]
    assert len(expanded) == len(list(itertools.combinations(range(below), count))) * len(options)
