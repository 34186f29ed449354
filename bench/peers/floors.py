"""Floors for the peer harness (``OURS_FLOOR``): what the hub costs with part of a move's work taken away.

The harness says how many microseconds of CPU an intent costs our hub; the
stage split (stages.py) says where they go, but with a clock read around
every stage.  A floor answers a different question without a clock: *how
low could the figure go if this part cost nothing?*  It replaces that part
for the benchmark's ``counter`` game, in this process only, with the least
work that still answers the driver exactly as the real hub does (the same
frames, every acknowledged intent a stored row, which the launcher checks at
exit).  The hub itself never imports this module.

``skeleton``
    The room's logic replaced by the least a durable hub must do: a ``cmd``
    frame from a seated phone (read and checked by the real socket code) is
    stored as its ``Incremented`` record through the real store, and once the
    store answered, the phone gets its ``ack`` and every socket of the room
    one ``change`` that sets the mover's counter.  No room actor, no views,
    no diff, no presence, timers or metrics but the command count.  What
    remains is the platform's I/O: the websocket reads and writes, the event
    loop, the append lane's commit.
``one-class``
    The fan-out builds and diffs the screen's view only, and sends that
    change to every socket of the room (right for ``counter``, whose views are
    all public; wrong for any game with a hand).  What it saves is the most
    any per-seat view work could win.
``no-views``
    The room actor runs as shipped (the turn, the game's ``decide`` and
    ``evolve``, the commit, the replies, timers, presence and metrics), but
    the fan-out builds no view at all: it sends every socket of the room the
    skeleton's change, the counters that moved since the last one.  Between
    the skeleton and this floor is what the room actor costs; between this
    floor and the hub as shipped, the views, their diff and the lobby.

Each takes effect only once a room's game runs and has been fanned out to
every socket (everyone has its whole view), so the harness's joins and the
start go through the real hub; a socket that joins later is not shown what
the floor sent before it (the harness's driver seats every phone before the start).

A floor that takes no move measures nothing but the hub, so each counts the
moves it took (:data:`TAKEN`) and the launcher prints the count at exit.
That count caught the skeleton taking none: since the compiled socket route
puts a phone's command straight into the room's compiled inbox
(``server/fastlane/_inbound.pyx``), ``RoomActor.submit``, where the skeleton
steps in, was no longer called for a move, and its figure was the hub's own.
The skeleton now gives rooms the inbox's pure twin, which the compiled route
does not put into: it hands the command to ``RoomActor.submit``.
"""

from __future__ import annotations

import asyncio
import collections
from typing import Any

from protocol.codec import encode_change
from protocol.frames import Ack
from server import fanout, fastlane, records, views
from server.inbox import Command
from server.mailbox import Mailbox
from server.room import RoomActor

KINDS = ("skeleton", "one-class", "no-views")

#: The moves each floor took in this process (the launcher prints it at exit).
TAKEN: collections.Counter[str] = collections.Counter()


def install(kind: str) -> None:
    """Put floor ``kind`` in place for this process."""
    if kind == "skeleton":
        RoomActor.submit = _skeleton_submit(RoomActor.submit)
        # rooms made from now on get the pure inbox, so the socket's route calls submit (above)
        fastlane.Mailbox = Mailbox  # type: ignore[misc]
    elif kind == "one-class":
        fanout.broadcast = _one_class_broadcast(fanout.broadcast)
    elif kind == "no-views":
        fanout.broadcast = _no_views_broadcast(fanout.broadcast)
    else:
        raise ValueError(f"OURS_FLOOR is one of {', '.join(KINDS)}, not {kind!r}")


def _counter_running(actor: Any) -> bool:
    run = actor.room.run
    return run is not None and run.game == "counter"


def _everyone_shown(actor: Any) -> bool:
    memory = actor.view_memory
    return bool(memory.views) and all(client.shown is memory for client in actor.clients())


class _Skeleton:
    """One room's floor state: the stored version, the view version and the counters the sockets hold."""

    def __init__(self, actor: Any) -> None:
        self.version = actor.room.version
        self.v = actor.view_memory.v
        self.counters = list(actor.room.run.state.counters)
        self.incremented = actor.games["counter"].events[0]  # bench/counter.py's Incremented


def _skeleton_submit(real: Any) -> Any:
    def submit(actor: Any, message: Any) -> None:
        floor = actor.__dict__.get("_floor")
        if floor is None:
            if type(message) is not Command or not _counter_running(actor) or not _everyone_shown(actor):
                real(actor, message)
                return
            floor = actor._floor = _Skeleton(actor)
        if type(message) is not Command:  # arrivals and departures: the actor, as ever
            real(actor, message)
            return
        seat = actor.room.player(message.client.player).seat
        TAKEN["skeleton"] += 1
        record = records.encode(floor.incremented(seat=seat, n=message.payload["n"]))
        stored = asyncio.ensure_future(actor.store.append(actor.room.id, [record], floor.version))
        floor.version += 1
        stored.add_done_callback(lambda done: _skeleton_stored(actor, floor, message, seat, done))

    return submit


def _skeleton_stored(actor: Any, floor: _Skeleton, message: Any, seat: int, stored: Any) -> None:
    stored.result()  # nothing is answered unless it was stored
    actor.metrics.command_counts["cmd"].inc()  # the launcher's count of acknowledged intents
    floor.counters[seat] += 1
    floor.v += 1
    message.client.send(Ack(seq=message.seq))
    change = encode_change([[["game", "counters", seat], floor.counters[seat]]], floor.v, floor.v - 1, text=False)
    for client in actor.clients():
        client.outbox.change(change)


def _one_class_broadcast(real: Any) -> Any:
    def broadcast(actor: Any) -> None:
        memory = actor.view_memory
        ready = memory.__dict__.get("floor_ready", False)
        if not (ready and _counter_running(actor) and _everyone_shown(actor) and views.HOST in memory.views):
            real(actor)  # the start's own fan-out is the real one: it gives every phone its seat
            memory.floor_ready = _counter_running(actor)
            return
        TAKEN["one-class"] += 1
        memory.room_version = actor.room.version
        shared = fanout._lobby(actor, memory)
        screen = fanout.fastlane.view_rows(
            actor.room, actor.games, (views.HOST,), shared, memory.catalog_lobby, wire=memory.wire.to_wire,
        )[views.HOST]
        memory.wire.next()
        ops = memory.differ.diff(views.as_map(memory.views[views.HOST]), views.as_map(screen))
        memory.differ.next()
        memory.views[views.HOST] = screen
        if not ops:
            return
        memory.v += 1
        change = encode_change(ops, memory.v, memory.v - 1, text=False)
        for client in actor.clients():
            client.outbox.change(change)

    return broadcast


def _no_views_broadcast(real: Any) -> Any:
    def broadcast(actor: Any) -> None:
        memory = actor.view_memory
        shown = memory.__dict__.get("floor_counters")
        if shown is None:
            # every socket holds the view the real fan-out last sent: once that shows the game, its counters
            game = views.as_map(memory.views[views.HOST]).get("game") if views.HOST in memory.views else None
            if not (_counter_running(actor) and _everyone_shown(actor) and isinstance(game, dict) and "counters" in game):
                real(actor)  # the start's own fan-out is the real one: it gives every phone its seat
                return
            shown = memory.floor_counters = list(game["counters"])
        if not _counter_running(actor):
            real(actor)
            return
        TAKEN["no-views"] += 1
        memory.room_version = actor.room.version
        counters = actor.room.run.state.counters
        ops = [[["game", "counters", seat], n] for seat, n in enumerate(counters) if shown[seat] != n]
        if not ops:
            return
        shown[:] = counters
        memory.v += 1
        change = encode_change(ops, memory.v, memory.v - 1, text=False)
        for client in actor.clients():
            client.outbox.change(change)

    return broadcast
