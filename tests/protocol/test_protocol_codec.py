"""The wire codec: frames in and out, limits, strict types, one error family."""

from __future__ import annotations

import json
from fractions import Fraction

import attrs
import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.registry import all_games
from protocol import codec, errors, frames
from protocol.convert import fraction_text, parse_fraction
from protocol.gamecodec import GameCodec, to_wire


def packed(value) -> bytes:
    return msgpack.packb(value, use_bin_type=True)


def test_a_hello_decodes_from_msgpack_and_from_json_alike():
    hello = {"t": "hello", "v": 1, "role": "player", "room": "BCDF", "name": "Ana"}
    assert codec.decode_client(packed(hello)) == codec.decode_client(json.dumps(hello)) == frames.Hello(
        v=1, role="player", room="BCDF", name="Ana"
    )


@pytest.mark.parametrize(
    "data,error",
    [
        (b"\xc1", errors.Malformed),
        (b"\x92\x01", errors.Malformed),  # truncated array
        ("{not json", errors.Malformed),
        (packed([1, 2]), errors.BadFrame),
        (packed({"seq": 1}), errors.BadFrame),
        (packed({"t": "launch"}), errors.UnknownFrame),
        (packed({"t": "ping", "seq": "1"}), errors.BadFrame),
        (packed({"t": "ping", "seq": True}), errors.BadFrame),
        (packed({"t": "ping", "seq": 1, "extra": 0}), errors.BadFrame),
        (packed({"t": "ping", "seq": 1.0}), errors.BadFrame),
        (packed({"t": "ping", "seq": 2**60}), errors.BadFrame),
        (packed({"t": "cmd", "seq": 1, "cmd": {"type": "X", "b": b"bytes"}}), errors.BadFrame),
        (packed({"t": "cmd", "seq": 1, "cmd": {"type": "X", "e": msgpack.ExtType(5, b"ab")}}), errors.BadFrame),
        (packed({"t": "ping", "seq": msgpack.Timestamp(1, 0)}), errors.BadFrame),
        ('{"t":"ping","seq":' + "[" * 2000 + "]" * 2000 + "}", errors.BadFrame),  # deeper than json's recursion
        (b"\x82\xa1t\xa4ping\xa3seq" + b"\x91" * 2000 + b"\x90", errors.BadFrame),  # deeper than msgpack's stack
        (packed({"t": "cmd", "seq": 1, "cmd": {1: 2}}), errors.BadFrame),
        (packed({"t": "cmd", "seq": 1, "cmd": [[[[[[[[[[1]]]]]]]]]]}), errors.BadFrame),
        ('{"t":"ping","seq":NaN}', errors.Malformed),
        (packed({"t": "x", "pad": "a" * codec.MAX_FRAME}), errors.TooLarge),
    ],
)
def test_bad_frames_raise_the_right_protocol_error(data, error):
    with pytest.raises(error) as caught:
        codec.decode_client(data)
    assert isinstance(caught.value, errors.ProtocolError)
    assert caught.value.code.startswith("protocol/")


def test_oversized_frames_hint_a_1009_close_and_a_wrong_first_frame_a_1008():
    assert errors.TooLarge().close == errors.Close.TOO_BIG
    assert errors.ExpectedHello().close == errors.Close.POLICY
    assert errors.Malformed().close is None


def test_server_frames_encode_with_their_type_first_and_round_trip_in_both_formats():
    frame = frames.Error(code="move/not_your_turn", message="wait", seq=3)
    assert codec.decode_server(codec.encode_server(frame)) == {"t": "error", "code": "move/not_your_turn", "message": "wait", "seq": 3}
    text = codec.encode_server(frame, text=True)
    assert isinstance(text, str) and text.startswith('{"t":"error"')


def test_fractions_travel_as_exact_strings():
    assert fraction_text(Fraction(3, 8)) == "3/8"
    assert fraction_text(Fraction(-2, 1)) == "-2"
    assert parse_fraction("6/16") == Fraction(3, 8)
    for bad in ("1/0", "0.5", "1/2/3", 0.5, True, "x"):
        with pytest.raises(ValueError):
            parse_fraction(bad)


@attrs.frozen
class Inner:
    amount: Fraction
    note: str | None = None


@attrs.frozen
class Move:
    cards: tuple[int, ...]
    inner: Inner


@attrs.frozen
class Other:
    flag: bool


@attrs.frozen
class Trick:
    cards: tuple[int, ...]


def test_the_game_codec_round_trips_commands_with_a_type_tag_and_refuses_wrong_shapes():
    game = GameCodec(commands=(Move, Other), events=())
    move = Move(cards=(1, 2), inner=Inner(Fraction(1, 4)))
    wire = to_wire(move)
    assert wire == {"type": "Move", "cards": [1, 2], "inner": {"type": "Inner", "amount": "1/4", "note": None}}
    assert game.command(msgpack.unpackb(packed(wire))) == move
    for bad in (
        {"type": "Nope"},
        {"cards": [1]},
        {"type": "Move", "cards": "12", "inner": {"amount": "1/4"}},
        {"type": "Move", "cards": [True], "inner": {"amount": "1/4"}},
        {"type": "Move", "cards": [1], "inner": {"amount": 0.25}},
        {"type": "Move", "cards": [1], "inner": {"amount": "1/4"}, "seat": 2},
        {"type": "Other", "flag": 1},
        ["Move"],
    ):
        with pytest.raises(errors.BadCommand):
            game.command(bad)


def test_no_game_class_has_a_field_named_type_which_the_wire_uses_for_the_class():
    for spec in all_games():
        for cls in spec.commands + spec.events:
            assert "type" not in {f.name for f in attrs.fields(cls)}, f"{spec.id}: {cls.__name__}"


def test_every_game_command_and_event_class_name_is_unique_within_its_game():
    for spec in all_games():
        names = [cls.__name__ for cls in spec.commands + spec.events]
        assert len(names) == len(set(names)), spec.id


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20) | st.binary(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8) | st.integers(), inner, max_size=4),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_decode_to_a_frame_or_a_protocol_error(data):
    try:
        frame = codec.decode_client(data)
    except errors.ProtocolError:
        return
    assert type(frame) in frames.CLIENT_FRAMES.values()


@settings(max_examples=120, deadline=None)
@given(
    st.sampled_from(sorted(frames.CLIENT_FRAMES)),
    st.dictionaries(
        st.sampled_from(
            [
                "v",
                "seq",
                "role",
                "room",
                "token",
                "name",
                "cmd",
                "op",
                "game",
                "options",
                "bot",
                "player",
                "seconds",
                "zz",
            ]
        ),
        json_values,
        max_size=6,
    ),
)
def test_any_map_with_a_known_type_decodes_or_raises_a_protocol_error(kind, fields):
    try:
        frame = codec.decode_client(packed(dict(fields, t=kind)))
    except errors.ProtocolError:
        return
    except (ValueError, OverflowError, TypeError):  # msgpack refusing to pack the input itself
        return
    assert isinstance(frame, frames.CLIENT_FRAMES[kind])


GAMES = all_games()
COMMAND_NAMES = sorted({cls.__name__ for spec in GAMES for cls in spec.commands})
FIELD_NAMES = sorted({f.name for spec in GAMES for cls in spec.commands for f in attrs.fields(cls)})


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(COMMAND_NAMES), st.dictionaries(st.sampled_from(FIELD_NAMES), json_values, max_size=4))
def test_any_command_payload_for_a_real_game_structures_or_raises_bad_command(name, fields):
    payload = dict(fields, type=name)
    for spec in GAMES:
        try:
            command = GameCodec.for_game(spec).command(payload)
        except errors.ProtocolError:
            continue
        assert type(command) in spec.commands and type(command).__name__ == name


def _allowed(value, depth=1):
    """The frame shape docs/protocol.md allows, written plainly: the reference for the codec's check."""
    if isinstance(value, dict):
        return depth <= codec.MAX_DEPTH and all(type(k) is str and _allowed(v, depth + 1) for k, v in value.items())
    if isinstance(value, list):
        return depth <= codec.MAX_DEPTH and all(_allowed(v, depth + 1) for v in value)
    if type(value) is int:
        return -codec.MAX_INT <= value <= codec.MAX_INT
    return value is None or type(value) in (str, bool)


shapes = st.recursive(
    st.one_of(
        st.none(), st.booleans(), st.text(max_size=3), st.integers(-(2**64), 2**64), st.floats(allow_nan=False),
        st.binary(max_size=2), st.builds(msgpack.ExtType, st.integers(0, 127), st.binary(max_size=2)),
    ),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.one_of(st.text(max_size=2), st.integers(0, 3)), inner, max_size=3),
    max_leaves=25,
)


@settings(max_examples=400, deadline=None)
@given(shapes, st.integers(0, 9))
def test_the_shape_check_refuses_exactly_what_the_protocol_does_not_allow(value, wrap):
    for _ in range(wrap):  # nested deeper, up to past the limit
        value = [value]
    frame = {"t": "ping", "x": value}
    try:
        codec._check_shape(frame)
    except errors.BadFrame:
        assert not _allowed(frame)
    else:
        assert _allowed(frame)


@given(st.integers(min_value=-codec.MAX_INT, max_value=codec.MAX_INT))
def test_an_ack_encodes_exactly_as_the_generic_frame_conversion_makes_it(seq):
    # frame_map writes the ack's map by hand (one goes out per move); the bytes must not differ
    generic = {"t": frames.SERVER_FRAMES[frames.Ack], **codec._frames.unstructure(frames.Ack(seq=seq))}
    for text in (False, True):
        assert codec.encode_server(frames.Ack(seq=seq), text=text) == codec.encode_map(generic, text=text)


_scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(-2, 2, allow_nan=False),
                     st.sampled_from(["1/4", "1/2", "x", ""]))
# lists as phones send a space or a trick's cards: of numbers mostly, sometimes of flags, fractions, lists or maps
_lists = st.lists(st.integers(0, 3), max_size=3) | st.lists(
    _scalars | st.lists(st.integers(0, 1), max_size=1) | st.dictionaries(st.just("n"), st.integers(0, 1), max_size=1),
    max_size=3,
)
_flat = st.dictionaries(st.sampled_from(FIELD_NAMES + ["type"]), _scalars | _lists, max_size=3)


def _answer(codec_: GameCodec, payload: dict):
    try:
        return ("ok", codec_.command(payload))
    except errors.ProtocolError as exc:
        return ("refused", type(exc), str(exc))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(COMMAND_NAMES), st.lists(_flat, min_size=1, max_size=6))
def test_a_command_map_seen_before_gives_what_a_fresh_codec_gives(name, payloads):
    # Given each real game's codec, asked the same maps again and again (the kept commands are used)
    for spec in GAMES:
        kept = GameCodec.for_game(spec)
        for fields in payloads + payloads:
            payload = dict(fields, type=fields.get("type", name))
            # Then each answer, command or refusal, is what a codec that never saw a map answers,
            # and 1, 1.0 and True (equal in Python) are never mistaken for one another
            first, fresh = _answer(kept, payload), _answer(GameCodec.for_game(spec), payload)
            assert first == fresh
            if first[0] == "ok":
                assert type(first[1]) is type(fresh[1]) and attrs.asdict(first[1]) == attrs.asdict(fresh[1])
                assert all(type(a) is type(b) for a, b in zip(attrs.astuple(first[1]), attrs.astuple(fresh[1])))


def test_a_kept_command_is_the_same_object_and_a_flag_never_passes_for_a_number():
    game = GameCodec(commands=(Other,), events=())
    first = game.command({"type": "Other", "flag": True})
    assert game.command({"type": "Other", "flag": True}) is first
    with pytest.raises(errors.BadCommand):  # 1 == True in Python: a map keyed by value alone would pass it
        game.command({"type": "Other", "flag": 1})


def test_a_command_holding_a_list_is_kept_by_its_items_and_their_types():
    # Given a command with a list (a space, the cards of a trick), made once
    game = GameCodec(commands=(Trick, Move), events=())
    first = game.command({"type": "Trick", "cards": [1, 2]})
    assert first == Trick(cards=(1, 2))
    # Then an equal map gives the very same command, and the turn's look-up finds it
    assert game.command({"type": "Trick", "cards": [1, 2]}) is first
    assert game.cached({"type": "Trick", "cards": [1, 2]}) is first
    # And a list whose items are equal in Python but of other types is never taken for it
    assert game.cached({"type": "Trick", "cards": [True, 2]}) is None
    assert game.cached({"type": "Trick", "cards": [1.0, 2]}) is None
    assert game.cached({"type": "Trick", "cards": [1, 2, 3]}) is None
    # And a map holding a map is structured every time, never kept
    nested = {"type": "Move", "cards": [], "inner": {"type": "Inner", "amount": "1/4", "note": None}}
    assert game.command(nested) == game.command(nested) and game.cached(nested) is None
    assert game.cached([1, 2]) is None and game.cached("Trick") is None


_packable = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.floats(allow_nan=False) | st.text(max_size=20)
    | st.binary(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(st.lists(_packable, min_size=1, max_size=5))
def test_the_kept_packer_gives_packb_bytes_even_after_a_value_it_could_not_pack(values):
    # Given the thread's kept packer, and a value it refuses half way through (its buffer holds a part)
    for value in values:
        with pytest.raises(TypeError):
            codec.pack({"ok": value, "bad": [object()]})
        # Then the next value packs to exactly what a fresh packer makes, nothing of the refused one before it
        assert codec.pack(value) == msgpack.packb(value, use_bin_type=True)

