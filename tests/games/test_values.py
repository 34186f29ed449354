"""``games.values.replace`` makes exactly what ``attrs.evolve`` makes, on both twins.

The pure copy (``games.values.pure_replace``) calls the class's ``__init__``;
the compiled one (games/_values.pyx) copies the fields' pointers slot by slot
where that is the same.  Each test runs on both; the compiled one is also
checked for what C could get wrong: references held and let go, the copy
known to the garbage collector, classes it must leave to the pure copy.
"""

from __future__ import annotations

import gc
import random
import sys
import weakref
from fractions import Fraction

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import values
from games.contract import ROOM, SCREEN, SeatViewer
from games.registry import get_game
from games.values import pure_replace

try:
    from games import _values as compiled
except ImportError:  # no compiler at install time: only the pure twin exists
    compiled = None

#: Both twins: the pure copy always, the compiled one when it was built (CI builds it: a skip fails the run there).
TWINS = [
    pytest.param(pure_replace, id="pure"),
    pytest.param(
        compiled.replace if compiled is not None else None,
        id="compiled",
        marks=pytest.mark.skipif(compiled is None, reason="the compiled fast lane was not built"),
    ),
]


@pytest.fixture(params=TWINS)
def replace(request):
    if compiled is not None:
        compiled.install(pure_replace, values.copyable)  # (games.values does it at import unless PIZZANIGHT_PURE)
    return request.param


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
def test_the_same_value_as_attrs_evolve(replace, value, changes):
    ours, theirs = replace(value, **changes), attrs.evolve(value, **changes)
    assert ours == theirs and type(ours) is type(theirs)
    assert ours is not value


def test_validators_run_and_unknown_fields_are_refused_as_attrs_does(replace):
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


@pytest.mark.parametrize("twin", TWINS)
@settings(max_examples=12, deadline=None)
@given(st.sampled_from(["pizza_theory", "new_york_slice", "splittissimo"]), st.integers(0, 10**6))
def test_on_every_value_of_a_played_game_a_change_gives_what_attrs_gives(twin, game_id, seed):
    replace = _installed(twin)
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
            ours, theirs = replace(value, **changes), attrs.evolve(value, **changes)
            assert ours == theirs and type(ours) is type(theirs), cls
            # every field kept is the very object the value held (fan-out's identity shortcuts lean on it)
            for field in attrs.fields(cls):
                if field.name.lstrip("_") not in changes:
                    assert getattr(ours, field.name) is getattr(value, field.name)


def _installed(twin):
    if compiled is not None:
        compiled.install(pure_replace, values.copyable)
    return twin


# --- what only the compiled copy could get wrong -------------------------------------------


@attrs.frozen(cache_hash=True)
class HashCached:
    n: int
    m: int = 0


@attrs.frozen(slots=False)
class NoSlots:
    n: int
    m: int = 0


@attrs.frozen
class WithHook:
    n: int

    def __attrs_pre_init__(self) -> None:
        pass


needs_compiled = pytest.mark.skipif(compiled is None, reason="the compiled fast lane was not built")


@needs_compiled
def test_which_classes_the_compiled_copy_takes():
    # Slotted frozen classes whose __init__ only stores: yes. A cached hash, no slots, a hook, a validator,
    # a converter, a field set after init: no (they go to the pure copy, and so keep attrs' behaviour).
    assert values.copyable(Plain) is not None and values.copyable(One) is not None
    for cls in (HashCached, NoSlots, WithHook, Checked, Derived, KeywordOnly, Private):
        assert values.copyable(cls) is None, cls
    # and those still give attrs' result through the compiled entry point
    _installed(None)
    assert compiled.replace(HashCached(1), m=2) == HashCached(1, 2) and hash(compiled.replace(HashCached(1), m=2)) == hash(HashCached(1, 2))
    assert compiled.replace(NoSlots(1), m=2) == NoSlots(1, 2)
    with pytest.raises(ValueError):
        compiled.replace(Checked(1, 2), n=-1)
    with pytest.raises(TypeError):
        compiled.replace(Plain(1), nope=2)


@needs_compiled
def test_the_compiled_copy_holds_its_fields_and_lets_them_go():
    _installed(None)
    kept, old, new = ("kept",) * 1, object(), object()
    value = Plain(1, "b", kept)
    before = (sys.getrefcount(kept), sys.getrefcount(old), sys.getrefcount(new))
    copies = [compiled.replace(value, a=i, b=new) for i in range(1000)]
    assert all(c.c is kept and c.b is new for c in copies)
    assert sys.getrefcount(kept) == before[0] + 1000 and sys.getrefcount(new) == before[2] + 1000
    # replacing a field lets go of the value it held in the copy
    changed = [compiled.replace(c, b=old) for c in copies]
    assert sys.getrefcount(old) == before[1] + 1000
    del copies, changed
    gc.collect()
    assert (sys.getrefcount(kept), sys.getrefcount(old), sys.getrefcount(new)) == before


@needs_compiled
def test_a_compiled_copy_is_an_ordinary_object():
    _installed(None)
    value = compiled.replace(Plain(1, "b", (1, 2)), a=5)
    assert gc.is_tracked(value) and set(map(id, gc.get_referents(value))) >= {id(value.b), id(value.c)}
    assert weakref.ref(value)() is value  # the weakref slot starts empty, as in a new object
    assert hash(value) == hash(Plain(5, "b", (1, 2))) and repr(value) == repr(Plain(5, "b", (1, 2)))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        value.a = 3  # type: ignore[misc]
    # a cycle through a copy is collected
    box: list = []
    cyclic = compiled.replace(Plain(1), c=(box,))
    box.append(cyclic)
    probe = weakref.ref(cyclic)
    del box, cyclic
    gc.collect()
    assert probe() is None
