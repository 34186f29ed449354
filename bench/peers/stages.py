"""CPU of the event loop by stage of a move's path, for the peer harness (``OURS_STAGES=1``).

The per-thread split (split.py) says the event loop spends so many
microseconds per intent; this says on what.  serve_ours.py calls
:func:`install` when ``OURS_STAGES=1``: each stage below is wrapped to add
the event loop thread's CPU time it took (``time.thread_time_ns``, so time
the thread spent preempted by the append lane or the load generator does
not count) to a total, and each ``{"diag": ...}`` line carries the totals.
split.py prints them per intent for the window between two diag lines.

The stages nest as the path does (``read`` holds ``read.decode``;
``fanout`` holds ``fanout.views`` ...), so the parts of a stage do not add
up to more than it.  Every wrapped call costs two clock reads, about
0.5-1 µs on this kind of machine, counted in the stage and in the stages
around it: compare runs made the same way, and read a stage's figure as
an upper bound.  Only the bench uses this; the hub never imports it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

#: stage name -> [nanoseconds of event-loop CPU, calls]
TOTALS: dict[str, list[int]] = {}


def _timed(function: Callable[..., Any], stage: str) -> Callable[..., Any]:
    clock = time.thread_time_ns
    total = TOTALS.setdefault(stage, [0, 0])

    def timed(*args: Any, **kwargs: Any) -> Any:
        started = clock()
        try:
            return function(*args, **kwargs)
        finally:
            total[0] += clock() - started
            total[1] += 1

    timed.__wrapped__ = function  # type: ignore[attr-defined]
    return timed


def _wrap(owner: Any, name: str, stage: str) -> None:
    setattr(owner, name, _timed(getattr(owner, name), stage))


def install() -> None:
    """Wrap the stages of a move's path (call before the app is made)."""
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

    from server import connection, direct_ws, fanout, fastlane, outbox, room
    from server.store import embedded

    # reading: a socket's bytes to a message in its room's inbox
    _wrap(direct_ws.DirectWebSocketProtocol, "data_received", "read")
    _wrap(WebSocketsSansIOProtocol, "data_received", "read.library")  # frames the direct lane leaves to websockets
    # (what a socket calls with each message: the compiled route of the usual command, else Inbound.take itself)
    taker = fastlane.taker
    fastlane.taker = lambda inbound, command: _timed(taker(inbound, command), "read.inbound")
    _wrap(connection, "load_frame", "read.decode")
    if fastlane.LANE == "compiled":  # the compiled route decodes with _lane's load_frame, a global of its module
        from server.fastlane import _inbound

        _wrap(_inbound, "load_frame", "read.decode")
    # the room's turn
    _wrap(room.RoomActor, "handle_safely", "turn.handle")  # decode the command, decide, evolve
    # hand the records to a writer: the store's append (with the lane on, its desk's compiled method, set on each
    # store: so each new store's own is wrapped)
    made = embedded.EmbeddedStore.__init__

    def timed_init(store: Any, *args: Any, **kwargs: Any) -> None:
        made(store, *args, **kwargs)
        store.append = _timed(store.append, "turn.store")

    timed_init.__wrapped__ = made  # type: ignore[attr-defined]
    embedded.EmbeddedStore.__init__ = timed_init  # type: ignore[method-assign]
    _wrap(room.RoomActor, "reply_all", "turn.reply")
    _wrap(room.RoomActor, "after_events", "turn.after_events")
    _wrap(room.RoomTimers, "schedule", "turn.timers")
    _wrap(room.RoomActor, "arm_presence", "turn.presence")
    _wrap(room.RoomActor, "count", "turn.metrics")
    _wrap(room, "fan_out", "fanout")
    _wrap(fanout, "_lobby", "fanout.lobby")
    _wrap(fanout.fastlane, "view_rows", "fanout.views")  # (compiled, or server.views')
    _wrap(fanout, "encode_change", "fanout.encode")
    _wrap(fanout, "encode_state", "fanout.encode")
    differ = fanout.fastlane.Differ  # a compiled class cannot be patched: wrap its instances' split instead
    fanout.fastlane.Differ = lambda: _TimedDiffer(differ())  # type: ignore[assignment]
    # writing, and the store's answers
    _wrap(outbox, "_flush_due", "write")
    if fanout.fastlane.Outbox is not outbox.Outbox:  # the compiled queue schedules its own flush, by name
        from server.fastlane import _outbox

        _wrap(_outbox, "_flush_due", "write")
    # the lane's answers: its desk's compiled method, which the store hands to the loop as the lane's reader
    start = embedded.EmbeddedStore._start_lane

    def timed_start(store: Any, loop: Any) -> None:
        start(store, loop)
        if store._appender is not None:
            loop.remove_reader(store._appender.fd)
            loop.add_reader(store._appender.fd, _timed(store._desk.answers, "store_answers"))

    timed_start.__wrapped__ = start  # type: ignore[attr-defined]
    embedded.EmbeddedStore._start_lane = timed_start  # type: ignore[method-assign]


class _TimedDiffer:
    """A differ whose ``split`` and ``split_rows`` (fan-out's) are timed as ``fanout.diff``."""

    def __init__(self, differ: Any) -> None:
        self._differ = differ
        self.split = _timed(differ.split, "fanout.diff")
        self.split_rows = _timed(differ.split_rows, "fanout.diff")
        self.next = differ.next


def snapshot() -> dict[str, list[int]]:
    """The totals so far: stage -> [nanoseconds, calls]."""
    return {stage: list(total) for stage, total in TOTALS.items()}
