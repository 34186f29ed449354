"""The stored form of an event (server/records.py) is the generic codec's, byte for byte.

``records.encode`` converts events with the fast lane's ``Converter``
(server/fastlane/_wire.pyx, or its twin ``protocol.wirecache.Converter``)
rather than cattrs' generic path; what is stored must not change by it.
Every event of games played at random (and the room's own events) encodes
to the same bytes as ``protocol.gamecodec.to_wire`` gives, and decodes back;
both twins convert any value as the generic codec does.
"""

from __future__ import annotations

import enum
import random
from fractions import Fraction
from typing import Any

import attrs
import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.contract import ROOM
from games.registry import get_game
from protocol.codec import pack
from protocol.gamecodec import to_wire
from protocol.wirecache import Converter as PureConverter
from server import records, roomstate
from server.fastlane import pure

try:
    from server.fastlane._wire import Converter as CompiledConverter
    from server.fastlane._wire import Records as CompiledRecords
except ImportError:  # no compiler at install time: only the pure twin exists
    CompiledConverter = CompiledRecords = None

#: Both twins (CI builds the compiled one: a skip fails the run there).
TWINS = [
    pytest.param(PureConverter, id="pure"),
    pytest.param(
        CompiledConverter,
        id="compiled",
        marks=pytest.mark.skipif(CompiledConverter is None, reason="the compiled fast lane was not built"),
    ),
]


def _generic(event: Any) -> bytes:
    key = "r" if type(event) in roomstate.ROOM_EVENT_TYPES else "g"
    return msgpack.packb({key: to_wire(event)}, use_bin_type=True)


def _packed(wire: Any) -> bytes:
    return msgpack.packb(wire, use_bin_type=True)


def _played_events(game_id: str, seed: int, players: int) -> list[Any]:
    spec = get_game(game_id)
    rng = random.Random(seed)
    state = spec.initial_state(spec.setup(players, seed))
    events: list[Any] = []
    for _ in range(400):
        if spec.is_terminal(state):
            break
        seats = [s for s in range(players) if spec.legal_commands(state, s)]
        timer = spec.next_timer(state)
        if seats:
            seat = rng.choice(seats)
            made = spec.decide(state, seat, rng.choice(list(spec.legal_commands(state, seat))))
        elif timer is not None:
            made = spec.decide(state, ROOM, timer.command)
        else:
            break
        for event in made:
            state = spec.evolve(state, event)
        events += made
    return events


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["pizza_theory", "new_york_slice", "splittissimo"]), st.integers(0, 10**6), st.integers(2, 3))
def test_every_event_of_a_played_game_is_stored_as_the_generic_codec_stores_it(game_id, seed, players):
    events = _played_events(game_id, seed, players)
    assert len({type(e) for e in events}) >= 3
    for event in events:
        assert records.encode(event) == _generic(event), type(event).__name__
    # a turn's records in one call (what its commit stores): both twins give encode's bytes, in order
    room_events = [roomstate.GameStarted(game=game_id, options={}, seed=seed, seats=tuple(range(players)))]
    mixed = room_events + events[:40] + room_events
    expected = [records.encode(event) for event in mixed]
    assert pure.records_encoder(records.encode)(mixed) == expected
    assert records.encode_all(mixed) == expected
    if CompiledRecords is not None:
        assert CompiledRecords(records.encode, CompiledConverter(to_wire), roomstate.ROOM_EVENT_TYPES, pack)(mixed) == expected


def test_the_rooms_own_events_too():
    room = roomstate.Room(id="r1")
    made = [
        roomstate.RoomOpened(room="r1", code="ABCD", host_hash="h"),
        roomstate.PlayerJoined(player=0, name="Ann", token_hash="t0"),
        roomstate.PlayerJoined(player=1, name="Bo", token_hash="t1"),
        roomstate.GameSelected(game="splittissimo", options={"level": "standard", "dots": [1, 2]}),
        roomstate.GameStarted(game="splittissimo", options={"level": "standard"}, seed=7, seats=(0, 1)),
    ]
    for event in made:
        room = roomstate.evolve(room, event, {"splittissimo": get_game("splittissimo")})
        assert records.encode(event) == _generic(event)
        assert records.decode(records.encode(event), room, {"splittissimo": get_game("splittissimo")}) == event


class Colour(enum.Enum):
    RED = "red"


@attrs.frozen
class Part:
    amount: Fraction
    names: tuple[str, ...]


@attrs.frozen
class Whole:
    parts: tuple[Part, ...]
    extra: Any
    flag: bool = False


@attrs.define
class Loose:
    n: int


parts = st.builds(Part, st.fractions(max_denominator=12), st.lists(st.text(max_size=3), max_size=3).map(tuple))
extras = st.one_of(
    st.none(),
    st.integers(),
    st.lists(parts, max_size=3),
    st.dictionaries(st.text(max_size=3), st.one_of(st.integers(), parts), max_size=3),
    st.just(Colour.RED),
    st.builds(Loose, st.integers()),
    st.fractions(max_denominator=5),
)


@pytest.mark.parametrize("converter", TWINS)
@settings(max_examples=150, deadline=None)
@given(value=st.builds(Whole, st.lists(parts, max_size=4).map(tuple), extras, st.booleans()))
def test_any_value_converts_as_the_generic_codec_converts_it(converter, value):
    # lists, maps, fractions, enums and mutable attrs values too (the last two through the generic path)
    assert converter(to_wire)(value) == to_wire(value)


@pytest.mark.parametrize("converter", TWINS)
@pytest.mark.parametrize("value", [1, "s", None, True, 2.5, b"x", (), [], {}, (1, (2, [3])), {"k": (Fraction(1, 2),)}])
def test_scalars_and_containers(converter, value):
    assert converter(to_wire)(value) == to_wire(value)


@pytest.mark.parametrize("converter", TWINS)
def test_every_event_of_a_long_game_through_both_twins(converter):
    convert = converter(to_wire)
    for game_id in ("pizza_theory", "new_york_slice", "splittissimo"):
        for event in _played_events(game_id, 11, 3):
            # (bytes: cattrs keeps a fixed-size tuple field, a board space, as a tuple; both are one msgpack array)
            assert _packed(convert(event)) == _packed(to_wire(event)), type(event).__name__
