"""``games.values.replace`` makes exactly what ``attrs.evolve`` makes."""

from __future__ import annotations

import random
from fractions import Fraction

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.contract import ROOM, SCREEN, SeatViewer
from games.registry import get_game
from games.values import replace


@attrs.frozen
class Plain:
    a: int
    b: str = "b"
    c: tuple[int, ...] = ()


@attrs.frozen
class One:
    only: int


@attrs.frozen
class Checked:
    n: int = attrs.field(validator=attrs.validators.ge(0))
    half: Fraction = attrs.field(converter=Fraction)


@attrs.frozen
class Derived:
    n: int
    double: int = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "double", 2 * self.n)


@attrs.frozen
class KeywordOnly:
    a: int
    b: int = attrs.field(kw_only=True, default=0)


@attrs.frozen
class Private:
    _secret: int
    shown: int = 0


@pytest.mark.parametrize(
    "value,changes",
    [
        (Plain(1), {"a": 2}),
        (Plain(1, "x", (1,)), {"c": (2, 3), "b": "y"}),
        (Plain(1), {}),
        (One(1), {"only": 5}),
        (Checked(1, 2), {"half": "1/2"}),
        (Derived(2), {"n": 5}),
        (KeywordOnly(1, b=2), {"a": 3}),
        (KeywordOnly(1, b=2), {"b": 4}),
        (Private(1), {"secret": 4}),
        (Private(1), {"shown": 4}),
    ],
)
def test_the_same_value_as_attrs_evolve(value, changes):
    ours, theirs = replace(value, **changes), attrs.evolve(value, **changes)
    assert ours == theirs and type(ours) is type(theirs)
    assert ours is not value


def test_validators_run_and_unknown_fields_are_refused_as_attrs_does():
    with pytest.raises(ValueError):
        replace(Checked(1, 2), n=-1)
    with pytest.raises(TypeError):
        replace(Plain(1), nope=2)
    assert replace(Checked(1, 2), half="3/4").half == Fraction(3, 4)


def _attrs_values(value, found, depth=0):
    """Every attrs value inside ``value`` (states and views hold tuples of them)."""
    if depth > 4:
        return
    if attrs.has(type(value)):
        found.append(value)
        for field in attrs.fields(type(value)):
            _attrs_values(getattr(value, field.name), found, depth + 1)
    elif isinstance(value, tuple):
        for item in value[:8]:
            _attrs_values(item, found, depth + 1)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(["pizza_theory", "new_york_slice", "splittissimo"]), st.integers(0, 10**6))
def test_on_every_value_of_a_played_game_a_change_gives_what_attrs_gives(game_id, seed):
    # Given the states and views of a game played at random, and every attrs value inside them
    spec = get_game(game_id)
    rng = random.Random(seed)
    state = spec.initial_state(spec.setup(3, seed))
    values: list = []
    for _ in range(60):
        if spec.is_terminal(state):
            break
        _attrs_values(state, values)
        _attrs_values(spec.view(state, SCREEN), values)
        _attrs_values(spec.view(state, SeatViewer(0)), values)
        timer = spec.next_timer(state)
        seats = [s for s in range(3) if spec.legal_commands(state, s)]
        if seats:
            seat = rng.choice(seats)
            events = spec.decide(state, seat, rng.choice(list(spec.legal_commands(state, seat))))
        elif timer is not None:
            events = spec.decide(state, ROOM, timer.command)
        else:
            break
        for event in events:
            state = spec.evolve(state, event)
    assert len(values) > 50
    # Then changing any field to the value another instance of the class holds gives attrs' result
    by_class: dict = {}
    for value in values:
        by_class.setdefault(type(value), []).append(value)
    for cls, instances in by_class.items():
        for value in instances[:20]:
            other = rng.choice(instances)
            names = [f.name for f in attrs.fields(cls) if f.init]
            picked = rng.sample(names, rng.randint(0, len(names)))
            changes = {name.lstrip("_"): getattr(other, name) for name in picked}
            assert replace(value, **changes) == attrs.evolve(value, **changes), cls
