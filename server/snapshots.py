"""Room snapshots as data (msgpack), never code: a shared store must not be able to run code in the hub.

A snapshot is a msgpack map ``{"format": 1, "room": ..., "run": ...}``: the
room's own fields, and the running game's state converted by the same
cattrs rules as everything else on the wire (``protocol.convert``), rebuilt
into the game's state class.  Anything that does not read back as exactly
that (another format, pickle bytes from an old hub, a damaged value) is
refused, and the room is rebuilt from its log instead, which is always
possible: a snapshot only saves time.  ``encode`` checks that a snapshot
reads back equal to the room before it is written, so a game whose state
cannot round-trip simply gets no snapshots.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping

import attrs
import msgpack

from games.contract import GameSpec
from protocol.convert import make_converter
from server.roomstate import Notice, Player, Room, Run

FORMAT = 1

_converter = make_converter(tag=True)


class Unreadable(Exception):
    """The bytes are not a snapshot this hub can read."""


#: The field names of a room, a player and a notice, in order: a snapshot's maps hold them as
#: ``attrs.asdict`` gives them (players' and notices' fields are plain values and tuples of them).
_ROOM_FIELDS = tuple(field.name for field in attrs.fields(Room))
_PLAYER_FIELDS = tuple(field.name for field in attrs.fields(Player))
_NOTICE_FIELDS = tuple(field.name for field in attrs.fields(Notice))
_room_values = operator.attrgetter(*_ROOM_FIELDS)
_player_values = operator.attrgetter(*_PLAYER_FIELDS)
_notice_values = operator.attrgetter(*_NOTICE_FIELDS)


def encode(room: Room, games: Mapping[str, GameSpec]) -> bytes | None:
    """The snapshot of ``room``, or None when it would not read back exactly.

    A room is snapshotted every ``snapshot_every`` records, on the event
    loop: its fields are read with one getter per class rather than
    ``attrs.asdict``, which checks every value's type on every call (a
    third of a small room's snapshot; most of a game's is the check that
    reads it back).  The bytes are the same.
    """
    fields = dict(zip(_ROOM_FIELDS, _room_values(room)))
    fields["players"] = [dict(zip(_PLAYER_FIELDS, _player_values(p))) for p in room.players]
    fields["options"] = dict(room.options)
    fields["notices"] = [dict(zip(_NOTICE_FIELDS, _notice_values(n))) for n in room.notices]
    del fields["run"]
    run = None
    if room.run is not None:
        run = {
            "game": room.run.game,
            "options": dict(room.run.options),
            "seed": room.run.seed,
            "seats": list(room.run.seats),
            "state": _converter.unstructure(room.run.state),
        }
    data = msgpack.packb({"format": FORMAT, "room": fields, "run": run}, use_bin_type=True, default=_plain)
    try:
        if decode(data, games) != room:
            return None
    except Unreadable:
        return None
    return data


def _plain(value: object) -> object:
    """Sets (e.g. who passed this round) go as sorted lists; cattrs rebuilds the set on reading."""
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"can not serialize {type(value).__name__!r} object")


def decode(data: bytes, games: Mapping[str, GameSpec]) -> Room:
    """The room a snapshot holds; raises :class:`Unreadable` for anything else."""
    try:
        value = msgpack.unpackb(data, raw=False, strict_map_key=False)
    except Exception as exc:
        raise Unreadable(f"not msgpack: {type(exc).__name__}") from None
    if not isinstance(value, dict) or value.get("format") != FORMAT:
        raise Unreadable("not a snapshot of this format")
    try:
        fields = dict(value["room"])
        fields["players"] = tuple(
            Player(**dict(p, moved_hashes=tuple(p.get("moved_hashes", ())))) for p in fields["players"]
        )
        fields["notices"] = tuple(Notice(**n) for n in fields.get("notices", ()))
        run = value["run"]
        if run is not None:
            spec = games[run["game"]]
            seats = tuple(run["seats"])
            setup = spec.setup(len(seats), run["seed"], run["options"])  # options normalised as when the game started
            state = _converter.structure(run["state"], type(spec.initial_state(setup)))
            fields["run"] = Run(game=run["game"], options=dict(setup.options), seed=run["seed"], seats=seats, state=state)
        return Room(**fields)
    except Exception as exc:
        raise Unreadable(f"not a room: {type(exc).__name__}: {exc}") from None

