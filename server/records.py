"""How a room's log records are stored: msgpack maps, one per event.

A lifecycle event is ``{"r": {...}}`` and a game event ``{"g": {...}}``, each
inner map tagged with its class name by the generic game codec.  Game events
are decoded with the codec of the game running at that point of the log,
which the room being folded knows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import msgpack

from games.contract import GameSpec
from protocol.codec import pack
from protocol.gamecodec import GameCodec, to_wire
from server import fastlane
from server.codecs import codec_for
from server.roomstate import ROOM_EVENT_TYPES, ROOM_EVENTS, Room

_room_codec = GameCodec(commands=(), events=ROOM_EVENTS)

#: Events as wire maps: the generic codec's conversion, without its dispatch at every level (compiled in the lane).
_event_wire = fastlane.Converter(to_wire)


def encode(event: Any) -> bytes:
    key = "r" if type(event) in ROOM_EVENT_TYPES else "g"
    return pack({key: _event_wire(event)})


#: ``encode`` of every event of a list, in order: what a turn's one append stores (a call per turn,
#: compiled in the lane: ``fastlane.records_encoder``).
encode_all: Callable[[list[Any]], list[bytes]] = fastlane.records_encoder(encode, _event_wire, ROOM_EVENT_TYPES, pack)


def decode(data: bytes, room: Room, games: Mapping[str, GameSpec]) -> Any:
    value = msgpack.unpackb(data, raw=False, strict_map_key=False)
    if "r" in value:
        return _room_codec.event(value["r"])
    assert room.run is not None, "a game event before any game started"
    return codec_for(games[room.run.game]).event(value["g"])
