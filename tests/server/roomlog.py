"""A room's stored log, read back as events: what tests of markers and notices check against."""

from __future__ import annotations

from typing import Any

from server import records, roomstate


async def stored_events(server: Any, code: str) -> list[Any]:
    """The events stored for the room whose code is ``code``, on the test hub ``server``, in order."""
    hub = server.hub
    room, out = roomstate.Room(), []
    for record in await hub.store.read(hub.codes[code]):
        event = records.decode(record.data, room, hub.games)
        room = roomstate.evolve(room, event, hub.games)
        out.append(event)
    return out
