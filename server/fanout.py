"""Fan-out: after a change, every socket of a room is sent its viewer class's state.

The room actor calls :func:`fan_out` in one place, once per turn, after the
turn's events are stored and acknowledged.  Each viewer class (the host's
screen, each player, the spectators) gets its ``state`` frame built and
encoded once, whatever the number of sockets in it; the outbox keeps only
the newest state of a slow socket.
"""

from __future__ import annotations

from typing import Any, Collection, Mapping

from games.contract import GameSpec
from protocol.codec import encode_server
from server import views
from server.client import Client
from server.roomstate import Room


def fan_out(
    room: Room,
    games: Mapping[str, GameSpec],
    *,
    host: Client | None,
    players: Mapping[int, Client],
    spectators: Collection[Client],
    catalog: list[dict],
) -> int:
    """Send every socket its state; returns how many frames were encoded."""
    clients = [*players.values(), *spectators]
    if host is not None:
        clients.append(host)
    if not clients:
        return 0
    shared = views.lobby(room, games, set(players), host is not None, len(spectators))
    frames: dict[tuple, Any] = {}
    encoded: dict[tuple, bytes | str] = {}
    for client in clients:
        key = client.key
        frame = frames.get(key)
        if frame is None:
            frame = frames[key] = views.state_frame(room, games, key, shared, catalog)
        data = encoded.get((key, client.text))
        if data is None:
            data = encoded[(key, client.text)] = encode_server(frame, text=client.text)
        client.outbox.state(data)
    return len(encoded)
