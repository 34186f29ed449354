"""Fan-out: after a change, every socket of a room is sent what changed in its view.

The room actor calls :func:`fanout` once per change (or batch of changes).
A socket that has not yet seen the room (it just attached) gets a full
``state``; every other socket gets a ``change`` (docs/protocol.md):

1. each viewer class with a socket (the host's screen, each player, the
   spectators) gets its whole view built as before (``server.views``), and
   it is diffed against that class's view of the previous fan-out
   (``protocol.patch``);
2. the ops identical in every class's diff are the **public** part: encoded
   once per room change, and every socket is written the very same bytes;
3. the ops left in a class's diff are its **private** part, encoded once per
   class and sent only to that class's sockets, only when there are any.

So every op a socket receives comes from a diff of its own class's view,
and the secret audit keeps holding.  Static data (the host's game catalog,
a phone's unchanged legal commands) is in the first full state only: it
does not change, so it never appears in a diff.

Versions: the room's views advance together, one view version ``v`` per
fan-out that changed anything; the public part goes from ``v - 1`` to
``v``, the private part completes version ``v``.  A socket whose outbox has
too many changes waiting is sent one full state instead.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from protocol import patch
from protocol.codec import encode_change, encode_state
from server import views

if TYPE_CHECKING:
    from server.connection import Client


class ViewMemory:
    """What one room's sockets have been shown: the base of the next diffs."""

    def __init__(self) -> None:
        #: The view version of the last fan-out that changed anything.
        self.v = 0
        #: Each viewer class's view at ``v`` (classes with sockets only).
        self.views: dict[tuple, dict] = {}
        #: Sockets that hold the view at ``v`` of their class.
        self.synced: weakref.WeakSet[Client] = weakref.WeakSet()
        #: Remembers the bytes of the views' unchanged parts from one diff to the next.
        self.differ = patch.Differ()


_memories: weakref.WeakKeyDictionary[Any, ViewMemory] = weakref.WeakKeyDictionary()


def memory_of(actor: Any) -> ViewMemory:
    memory = _memories.get(actor)
    if memory is None:
        memory = _memories[actor] = ViewMemory()
    return memory


def fanout(actor: Any) -> None:
    """Send every socket of ``actor``'s room its change (or, the first time, its full state)."""
    actor._stale_since = None
    memory = memory_of(actor)
    clients = actor.clients()
    if not clients:
        memory.views.clear()
        return
    room, games = actor.room, actor.games
    shared = views.lobby(room, games, set(actor.players), actor.host is not None, len(actor.spectators))
    current: dict[tuple, dict] = {}
    for client in clients:
        key = client.key
        if key not in current:
            catalog = actor.hub.catalog if key == views.HOST else None
            current[key] = views.view_map(room, games, key, shared, catalog)

    diffs = {key: memory.differ.diff(memory.views[key], view) for key, view in current.items() if key in memory.views}
    memory.differ.next()
    changed = any(diffs.values())
    if changed:
        memory.v += 1
    public = patch.common(list(diffs.values())) if changed else []
    encoded: dict[Any, bytes | str] = {}

    def encode(what: Any, text: bool, make: Any) -> bytes | str:
        data = encoded.get((what, text))
        if data is None:
            data = encoded[(what, text)] = make()
            actor.encodes += 1
            actor.metrics.state_encodes.inc()
        return data

    v = memory.v
    for client in clients:
        key, text = client.key, client.text
        outbox = client.outbox

        def full() -> bytes | str:
            return encode(("state", key), text, lambda: encode_state(current[key], v, text=text))

        if client not in memory.synced or key not in diffs:
            outbox.state(full())
            memory.synced.add(client)
            continue
        if not changed:
            continue
        if not outbox.change(encode("public", text, lambda: encode_change(public, v, v - 1, text=text))):
            outbox.state(full())
            continue
        mine = diffs[key]
        if len(mine) > len(public):  # the public ops are in every diff: the rest is this class's own
            private = encode(("private", key), text, lambda: encode_change(patch.without(mine, public), v, v, text=text))
            if not outbox.change(private):
                outbox.state(full())
    memory.views = current
