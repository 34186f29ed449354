"""Fan-out: after a change, every socket of a room is sent what changed in its view.

The room actor calls :func:`fanout` once per change (or batch of changes).
A socket that has not yet seen the room (it just attached) gets a full
``state``; every other socket gets a ``change`` (docs/protocol.md):

1. each viewer class with a socket (the host's screen, each player, the
   spectators) gets its whole view built as before (``server.views``, as a
   row of the view's fields: a map only when it is sent whole), and it is
   diffed against that class's view of the previous fan-out
   (``protocol.patch``);
2. the ops identical in every class's diff are the **public** part: encoded
   once per room change, and every socket is written the very same bytes;
3. the ops left in a class's diff are its **private** part, encoded once per
   class and sent only to that class's sockets, only when there are any.

Steps 2 and 3 per socket, the part that runs for every socket of the room,
are server/delivery.py's ``deliver`` (compiled in server/fastlane/_delivery.pyx).

So every op a socket receives comes from a diff of its own class's view,
and the secret audit keeps holding.  Static data (the host's game catalog,
a phone's unchanged legal commands) is in the first full state only: it
does not change, so it never appears in a diff.

Versions: the room's views advance together, one view version ``v`` per
fan-out that changed anything; the public part goes from ``v - 1`` to
``v``, the private part completes version ``v``.  A socket whose outbox has
too many changes waiting is sent one full state instead.

Stored changes go out at once; changes of presence only (sockets coming and
going) are gathered for up to :data:`PRESENCE_LAG`, so a crowd arriving
costs one fan-out per period rather than one per arrival.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from protocol.codec import encode_change, encode_state
from protocol.gamecodec import to_wire
from server import fastlane, views

#: Presence changes (sockets coming and going) reach everyone within this many seconds ...
PRESENCE_LAG = 0.05
#: ... or this much per socket of the room, when that is longer (a fan-out to 10,000
#: sockets costs a good part of a second of CPU; arrivals must not queue behind it).
PRESENCE_LAG_PER_SOCKET = 100e-6


class ViewMemory:
    """What one room's sockets have been shown: the base of the next diffs."""

    def __init__(self) -> None:
        #: The view version of the last fan-out that changed anything.
        self.v = 0
        #: Each viewer class's view at ``v`` (classes with sockets only), as a row of
        #: ``views.VIEW_FIELDS`` (``views.as_map`` makes the map a whole state sends).
        self.views: dict[tuple, tuple] = {}
        #: Remembers the bytes of the views' unchanged parts from one diff to the next.
        self.differ = fastlane.Differ()  # compiled, or protocol.patch.Differ (server/fastlane)
        #: The wire forms of the game's view objects, this change's and the last one's: a part
        #: shared by several classes converts once, and a part the game kept unchanged is the
        #: identical wire object as last time, which the differ skips at once.
        self.wire = fastlane.WireCache(to_wire)  # compiled, or protocol.wirecache.WireCache (server/fastlane)
        #: The lobby part of the last broadcast and what it was made from: kept while its
        #: inputs are equal, so the lobby is the same object from change to change and the
        #: differ skips it.
        self.lobby: dict | None = None
        self.lobby_inputs: tuple = ()
        #: That lobby with the game catalogue (the TV's and the host phone's), made with it.
        self.catalog_lobby: dict | None = None
        #: The room's stored version at the last broadcast (unchanged: only presence changed).
        self.room_version = -1
        #: The coalesced broadcast of presence changes, when one is due.
        self.pending: asyncio.TimerHandle | None = None


def fanout(actor: Any) -> None:
    """Show every socket of ``actor``'s room what changed (a socket new to the room: its whole view).

    A stored change goes out at once.  A change of presence only (a socket
    attached or left, nothing stored since the last fan-out) is coalesced:
    a new socket gets its whole view at once, and everyone gets the change
    within :func:`presence_lag`, together with whatever else changed by then.
    A room that 10,000 spectators join one by one would otherwise send each
    of them every other one's arrival.
    """
    memory: ViewMemory = actor.view_memory
    if memory.room_version != actor.room.version or not memory.views:
        broadcast(actor)
        return
    clients = actor.clients()
    if not clients:
        memory.views.clear()
        memory.wire.clear()
        return
    _welcome_newcomers(actor, memory, clients)
    if memory.pending is None:
        memory.pending = asyncio.get_running_loop().call_later(presence_lag(len(clients)), _deferred, actor)


def presence_lag(sockets: int) -> float:
    """How long presence changes gather before they go out: 50 ms, more in very large rooms."""
    return max(PRESENCE_LAG, sockets * PRESENCE_LAG_PER_SOCKET)


def _deferred(actor: Any) -> None:
    memory: ViewMemory = actor.view_memory
    memory.pending = None
    try:
        broadcast(actor)
    except Exception:  # a bug in a view: logged, the room goes on (as the actor's own fan-out)
        actor.metrics.room_errors.inc()
        logging.getLogger("pizzanight").exception("fan-out failed", extra={"fields": {"room": actor.room.code}})


def _welcome_newcomers(actor: Any, memory: ViewMemory, clients: list) -> None:
    """Give sockets new to the room the view their class holds now, so the next change fits them."""
    shared = None
    for client in clients:
        if client.shown is memory:
            continue
        key = client.key
        view = memory.views.get(key)
        if view is None:  # a class nobody else holds yet: its view as of now
            if shared is None:
                shared = _lobby(actor, memory)
            view = memory.views[key] = _view(actor, memory, key, shared)
        client.outbox.state(_encoded(actor, _encode_row(view, memory.v, text=client.text)))
        client.shown = memory


def _lobby(actor: Any, memory: ViewMemory) -> dict:
    """The room's lobby part now: the last one's very map while what it shows is unchanged.

    The lobby with the catalogue is remade with it, so both stay the same
    objects from change to change (kept here, per room: a cache shared by
    every room dropped them on a hub of many rooms).
    """
    # compiled (the last inputs themselves when equal), or server.inputs.lobby_inputs
    inputs = fastlane.lobby_inputs(actor, time.monotonic(), memory.lobby_inputs)
    if memory.lobby is None or inputs != memory.lobby_inputs:
        memory.lobby, memory.lobby_inputs = views.lobby_from(inputs), inputs
        memory.catalog_lobby = views.with_catalog(memory.lobby, actor.shared.catalog)
    return memory.lobby


def _view(actor: Any, memory: ViewMemory, key: tuple, shared: dict) -> tuple:
    # the catalog goes where a game is picked: the TV and the host phone (views.view_rows decides)
    return fastlane.view_rows(
        actor.room, actor.games, (key,), shared, memory.catalog_lobby, wire=memory.wire.to_wire, hints_left=_hints(actor)
    )[key]


def _hints(actor: Any) -> views.HintsLeft:
    """A seated player's hints left, as the room's observer (a class) says, by room and player."""
    hints_left: views.HintsLeft = actor.shared.observer.hints_left
    return hints_left


def _encoded(actor: Any, data: bytes | str) -> bytes | str:
    """``data``, a message just encoded, counted (tests and metrics: encodes per change)."""
    actor.encodes += 1
    actor.metrics.state_encodes.inc()
    return data


def _encode_row(row: tuple, v: int, *, text: bool) -> bytes | str:
    """A class's whole ``state`` at view version ``v``, from its view row (server/delivery.py calls this)."""
    return encode_state(views.as_map(row), v, text=text)


def broadcast(actor: Any) -> None:
    """Diff every viewer class's view and send each socket its change, now."""
    memory: ViewMemory = actor.view_memory
    if memory.pending is not None:
        memory.pending.cancel()
        memory.pending = None
    memory.room_version = actor.room.version
    clients = actor.clients()
    if not clients:
        memory.views.clear()
        memory.wire.clear()
        return
    shared = _lobby(actor, memory)
    keys = fastlane.viewer_classes(clients)  # the viewer classes present, in order
    hints_left = actor.shared.observer.hints_left  # (_hints(actor), inline: this runs on every move)
    current = fastlane.view_rows(
        actor.room, actor.games, keys, shared, memory.catalog_lobby, wire=memory.wire.to_wire, hints_left=hints_left
    )
    memory.wire.next()

    public, private = memory.differ.split_rows(memory.views, current, views.VIEW_FIELDS)
    memory.differ.next()
    changed = bool(public) or any(private.values())
    if changed:
        memory.v += 1
    # Each message is encoded once and the very same bytes go to every socket it is for
    # (server/delivery.py, compiled in server/fastlane/_delivery.pyx)
    encodes = fastlane.deliver(clients, memory, current, public, private, changed, memory.v, _encode_row, encode_change)
    actor.encodes += encodes
    actor.metrics.state_encodes.inc(encodes)
    memory.views = current
