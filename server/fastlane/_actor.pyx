# cython: language_level=3
"""The room actor's turn, compiled: ``RoomActor.turn_pure`` (server/room.py) as one C coroutine.

Every move a room takes is one turn: the batch handled against a candidate
room, its events stored in one append, the acks sent, then the timers, the
votes and the fan-out.  In Python that is three coroutines (the turn, its
``commit``, and the store's answer awaited through both), a
``handle_safely`` frame per message, the ``Turn``'s fields tested one by
one, and ``count`` with its tally.  Here the turn, ``handle_safely`` and
``commit`` are one coroutine: a turn that is resumed when its append is
stored resumes this one frame.

It does what ``turn_pure`` does, step for step, and calls the same methods
for everything else (``reply_all``, ``after_events``, the timers, the votes,
``answer_hints``, ``save_snapshot``), and the same two for what goes wrong:
``handling_failed`` (a message refused or broken) and ``commit_failed`` (an
append refused, fenced or broken).  ``turn_pure`` reads the functions of
server/room.py's module as globals at each call; so does this (``_handle``,
``fan_out``, ``records.encode_all``, ``Turn``, ``Fenced``, ``_KINDS``): what a
test or ``bench/peers/stages.py`` puts there is what runs.

Its twin is ``turn_pure`` itself: the hub's tests run on both (CI's
no-compiler run takes the twin), and tests/server/test_fastlane_actor.py
plays the same turns on both and compares what every socket was sent.
"""

from time import perf_counter

cdef object _room = None  # server.room, imported at the first turn (it imports this lane)


async def turn(actor, list batch):
    """``RoomActor.turn_pure(actor, batch)``."""
    global _room
    if _room is None:
        from server import room as module
        _room = module
    room_module = _room
    cdef double started = perf_counter()
    turn = room_module.Turn(actor.room)
    handle = room_module._handle
    cdef Py_ssize_t before
    # handle_safely, for each message
    for message in batch:
        candidate, before = turn.room, len(turn.events)
        try:
            handle(actor, message, turn)
        except Exception as exc:
            actor.handling_failed(message, turn, candidate, before, exc)
    # commit
    events = turn.events
    failure = None
    error = None
    if events:
        try:
            if actor.stopped:
                stored_room = actor.room
                raise room_module.Fenced(f"room {stored_room.id}: this node handed the room over")
            data = room_module.records.encode_all(events)
            stored_room = actor.room
            version = await actor.store.append(stored_room.id, data, stored_room.version, fence=actor.fence)
            assert version == turn.room.version, (version, turn.room.version)
            actor.room = turn.room
            actor.metrics.events.value += len(events)
        except Exception as exc:
            error = exc
        if error is not None:
            failure = await actor.commit_failed(error)
    cdef bint stored = failure is None
    actor.reply_all(turn, failure)
    for done in turn.closings:
        if not done.done():
            if stored:
                done.set_result(None)
            else:
                done.set_exception(RuntimeError(f"the close was not stored: {failure}"))
    cdef double acked = perf_counter()
    if stored and events:
        actor.after_events(events)
    # the clock first: the lobby shows when the running turn's clock started (lobby.turn_clock)
    if actor.room.closed is None and (events or turn.presence or turn.reschedule):
        try:
            actor.timers.schedule(actor.room, actor.games)
            actor.arm_presence()
        except Exception:
            actor.log_bug("scheduling timers failed")
    if stored and events and actor.room.closed is None:
        actor.votes.changed()  # a vote whose moment passed closes before the change is shown
    if actor.room.closed is None and (events and stored or turn.presence or turn.clock_restarted):
        try:
            room_module.fan_out(actor)
        except Exception:
            actor.log_bug("fan-out failed")
    if turn.hints:
        actor.answer_hints(turn.hints)
    hand_over = turn.hand_over
    if hand_over is not None:
        actor.stopped = True
        if not hand_over.done.done():
            hand_over.done.set_result(None)
    if stored and actor.room.version - actor.snapshot_at >= actor.config.snapshot_every:
        await actor.save_snapshot()
    # count: the usual turn is one message (no tally to make)
    if len(batch) == 1:
        kind = room_module._KINDS.get(type(batch[0]))
        if kind is not None:
            actor._commands[kind].value += 1
            actor._latency[kind].observe(acked - started)
    else:
        actor.count(batch, acked - started)
