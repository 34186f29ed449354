"""A class's log in the hub's store: msgpack records, like a room's (``server.records``).

Each record is ``{"c": {...}}``, the inner map tagged with the event's class
name by the generic codec, so a class log can never be mistaken for a room's
(whose records are ``{"r": ...}`` or ``{"g": ...}``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgpack

from protocol.gamecodec import GameCodec, to_wire
from server.classroom.state import CLASS_EVENTS, Class, evolve
from server.store.base import Store

_codec = GameCodec(commands=(), events=CLASS_EVENTS)


def encode(event: Any) -> bytes:
    data: bytes = msgpack.packb({"c": to_wire(event)}, use_bin_type=True)
    return data


def decode(data: bytes) -> Any:
    return _codec.event(msgpack.unpackb(data, raw=False, strict_map_key=False)["c"])


async def append_events(
    store: Store, class_id: str, events: Sequence[Any], version: int, fence: int | None = None
) -> int:
    """Append at ``version`` (a conflict raises, nothing is written); the new version.

    ``fence`` is the class's lease token in cluster mode: the store refuses
    (``Fenced``) an append under a token older than the newest lease's.
    """
    return await store.append(class_id, [encode(e) for e in events], version, fence=fence)


async def load_class(store: Store, class_id: str) -> Class:
    """Rebuild a class from its whole log (a class log is short: joins, deals, changes)."""
    klass = Class()
    for record in await store.read(class_id):
        klass = evolve(klass, decode(record.data))
    return klass
