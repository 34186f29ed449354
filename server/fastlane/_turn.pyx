# cython: language_level=3
"""A player's usual game command handled in the room's turn, compiled.

Each message of a turn goes through ``RoomActor.handle`` (server/room.py).
On a busy hub nearly every one is a seated player's game command, and its
pure path is a dozen small Python steps: the ``match`` on the message, the
client's player, the game's codec and the command made from the map (or
found in the codec's cache), the player looked up twice, the lobby's
checks (``lobby.decide_game``), the game's ``decide``, the events folded
into the room (``Turn.apply``, ``roomstate.evolve``: the room and its run
copied per event through ``games.values.replace``), the ``Ack`` made
through its frozen ``__init__``.

:class:`Handle` is what the turn calls instead.  For that one kind of
message, when nothing about it is unusual, it does those steps here, the
room's, the run's and the players' fields read at their slots and the
copies made slot by slot (as ``games/_values.pyx`` makes them), and calls
only the game's own functions (``is_terminal``, ``decide``, ``evolve``).
Everything else goes to ``actor.handle``, its twin, with nothing changed
yet (but the room's idle clock, which ``handle`` touches first too):

* any other message (a host's operation, a hint, a socket arriving, a timer);
* a command from a socket that is not a seated player's, in a room with no
  game or at a class table (whose teacher may have paused it);
* a player whose bot stands in for them (``handle`` ends the stand-in first);
* a command map the codec has not made before (``handle`` asks the codec),
  which is also every map holding a map (``GameCodec.cached``).

A command the lobby refuses (the room closed, the player has no seat or a
bot plays it, the game is over) is given to ``lobby.decide_game``, which
raises what it always raises; so does the game's ``decide``.  An event of
the room's own (not the game's) is folded by ``roomstate.evolve``.
tests/server/test_fastlane_turn.py holds both alike on random commands,
rooms and players.
"""

from cpython.object cimport PyObject
from cpython.ref cimport Py_DECREF

from games._slots cimport PyMemberDescrObject, _TypeObject, copy_fields, put_field, slot_offset
from server.fastlane._delivery cimport Receiver


cdef extern from "Python.h":
    void* PyMem_Malloc(size_t)
    void PyMem_Free(void*)


cdef inline object _at(object value, Py_ssize_t offset):
    """``value``'s field at ``offset`` (a slot always set: attrs sets every field)."""
    return <object>(<PyObject**>(<char*><PyObject*>value + offset))[0]


cpdef tuple command_key(dict value):
    """``protocol.gamecodec.command_key``, compiled (tests/server/test_fastlane_turn.py holds the two equal)."""
    cdef list parts = []
    for k, v in value.items():
        if type(v) is list:
            parts.append((k, list, tuple([(type(x), x) for x in <list>v])))
        else:
            parts.append((k, type(v), v))
    return tuple(parts)


cdef Py_ssize_t* _fields(list fields) except NULL:
    """The offsets of (name, member descriptor) pairs, in a block the caller frees."""
    cdef Py_ssize_t* offsets = <Py_ssize_t*>PyMem_Malloc(max(len(fields), 1) * sizeof(Py_ssize_t))
    if offsets == NULL:
        raise MemoryError()
    for i, (name, descriptor) in enumerate(fields):
        offsets[i] = (<PyMemberDescrObject*>descriptor).d_member.offset
    return offsets


cdef class Handle:
    """``actor.handle(message, turn)`` for a seated player's usual game command, the rest left to it."""

    cdef object command, ack, room_class, run_class, player_class, room_events, codec_for, decide_game, evolve
    #: ``server.room.Turn`` (slotted): the turn's room, events and replies are read at their slots.
    cdef type turn_class
    #: Each game's codec's cache of the commands it made (``GameCodec._made``), by the game's id
    #: (``codec_for`` asked once per game).
    cdef dict codecs
    # the fields' offsets: the message's, the room's, its run's, a player's, the ack's
    cdef Py_ssize_t client_at, seq_at, payload_at
    cdef Py_ssize_t room_run, room_class_table, room_closed, room_players, room_version
    cdef Py_ssize_t run_state, run_game
    cdef Py_ssize_t player_id, player_stand_in, player_seat, player_bot
    cdef Py_ssize_t ack_seq
    cdef Py_ssize_t turn_room, turn_events, turn_replies
    #: Every field of a room and of a run, for their copies (NULL: such a copy goes through ``__init__``).
    cdef Py_ssize_t* room_fields
    cdef Py_ssize_t* run_fields
    cdef Py_ssize_t room_count, run_count
    cdef object replace
    cdef bint ready

    def __cinit__(self, command, ack, roomstate, codec_for, decide_game, replace, copyable, turn):
        self.command = command  # server.inbox.Command
        self.turn_class = turn  # server.room.Turn
        self.turn_room = slot_offset(turn, "room")
        self.turn_events = slot_offset(turn, "events")
        self.turn_replies = slot_offset(turn, "replies")
        self.ack = ack  # protocol.frames.Ack
        self.room_class, self.run_class, self.player_class = roomstate.Room, roomstate.Run, roomstate.Player
        self.room_events = roomstate.ROOM_EVENT_TYPES
        self.evolve = roomstate.evolve
        self.codec_for = codec_for
        self.decide_game = decide_game
        self.replace = replace  # games.values.replace: the copies when a class cannot be copied slot by slot
        self.codecs = {}
        self.client_at = slot_offset(command, "client")
        self.seq_at = slot_offset(command, "seq")
        self.payload_at = slot_offset(command, "payload")
        room, run, player = self.room_class, self.run_class, self.player_class
        self.room_run = slot_offset(room, "run")
        self.room_class_table = slot_offset(room, "class_table")
        self.room_closed = slot_offset(room, "closed")
        self.room_players = slot_offset(room, "players")
        self.room_version = slot_offset(room, "version")
        self.run_state = slot_offset(run, "state")
        self.run_game = slot_offset(run, "game")
        self.player_id = slot_offset(player, "id")
        self.player_stand_in = slot_offset(player, "stand_in")
        self.player_seat = slot_offset(player, "seat")
        self.player_bot = slot_offset(player, "bot")
        self.ack_seq = slot_offset(ack, "seq") if len(ack.__attrs_attrs__) == 1 else 0  # its only field
        self.ready = 0 not in (
            self.client_at, self.seq_at, self.payload_at, self.room_run, self.room_class_table, self.room_closed,
            self.room_players, self.room_version, self.run_state, self.run_game, self.player_id, self.player_stand_in,
            self.player_seat, self.player_bot, self.ack_seq, self.turn_room, self.turn_events, self.turn_replies,
        )
        room_fields, run_fields = copyable(room), copyable(run)  # (games.values: None when __init__ does more)
        if room_fields is not None and run_fields is not None:
            self.room_fields, self.room_count = _fields(room_fields), len(room_fields)
            self.run_fields, self.run_count = _fields(run_fields), len(run_fields)

    def __dealloc__(self):
        if self.room_fields != NULL:
            PyMem_Free(self.room_fields)
        if self.run_fields != NULL:
            PyMem_Free(self.run_fields)

    def __call__(self, actor, message, turn):
        if type(message) is not self.command or type(turn) is not self.turn_class or not self.ready:
            actor.handle(message, turn)
            return
        room = _at(turn, self.turn_room)
        if type(room) is not self.room_class:
            actor.handle(message, turn)
            return
        client = _at(message, self.client_at)
        seq = _at(message, self.seq_at)
        payload = _at(message, self.payload_at)
        actor.timers.touch()  # (RoomActor.touch, one call less)
        if isinstance(client, Receiver):  # (Client: its role and player are C fields of its base)
            role = (<Receiver>client).role
            player = (<Receiver>client)._player
        else:
            role = client.role
            player = client._player  # (Client.player, without its property)
        run = _at(room, self.room_run)
        if role != "player" or player is None or type(run) is not self.run_class or _at(room, self.room_class_table):
            actor.handle(message, turn)
            return
        games = actor.games
        spec = games[_at(run, self.run_game)]
        command = self._made(spec, payload)
        if command is None:  # not made before: the codec makes it (or refuses it) in the twin
            actor.handle(message, turn)
            return
        players = _at(room, self.room_players)
        if type(players) is not tuple:
            actor.handle(message, turn)
            return
        me = None
        for p in <tuple>players:
            if type(p) is not self.player_class:
                actor.handle(message, turn)
                return
            if _at(p, self.player_id) == player:
                me = p
                break
        if me is not None and _at(me, self.player_stand_in):  # the twin ends the stand-in before this move
            actor.handle(message, turn)
            return
        state = _at(run, self.run_state)
        if (_at(room, self.room_closed) is not None or me is None or _at(me, self.player_seat) is None
                or _at(me, self.player_bot) is not None or spec.is_terminal(state)):
            events = self.decide_game(room, player, command, games)  # it refuses the command, as it always does
        else:
            events = list(spec.decide(state, _at(me, self.player_seat), command))
        self._apply(turn, room, <list?>events, games)
        (<list?>_at(turn, self.turn_replies)).append((client, self._ack(seq), True))

    cdef object _made(self, spec, payload):
        """The codec's command for ``payload`` if it made that one before (``GameCodec.cached``), else None.

        ``cached``'s look-up, done here: the codec's cache (its ``_made``,
        cleared when full, never replaced), by :func:`command_key`'s key.
        """
        game = spec.id  # (by the game's id, as codec_for keeps them: a spec's own hash compares all its fields)
        made = self.codecs.get(game)
        if made is None:
            made = self.codecs[game] = self.codec_for(spec)._made
        if type(payload) is not dict:
            return None
        try:
            return (<dict>made).get(command_key(<dict>payload))
        except TypeError:  # a map in it: never kept
            return None

    cdef _apply(self, turn, room, list events, games):
        """``turn.apply(events, games)``: each event folded into the room, then the turn holds the result."""
        for event in events:
            if type(event) in self.room_events or type(room) is not self.room_class:
                room = self.evolve(room, event, games)
                continue
            run = _at(room, self.room_run)
            if type(run) is not self.run_class:
                room = self.evolve(room, event, games)  # (it says that a game's event needs a game)
                continue
            state = games[_at(run, self.run_game)].evolve(_at(run, self.run_state), event)
            room = self._next(room, run, state)
        put_field(turn, self.turn_room, room)  # turn.room = room
        (<list?>_at(turn, self.turn_events)).extend(events)

    cdef object _next(self, room, run, state):
        """``replace(room, version=room.version + 1, run=replace(run, state=state))``, as ``roomstate.evolve`` folds a game's event."""
        version = _at(room, self.room_version) + 1
        if self.room_fields == NULL:
            return self.replace(room, version=version, run=self.replace(run, state=state))
        new_run = copy_fields(run, self.run_fields, self.run_count)
        put_field(new_run, self.run_state, state)
        new_room = copy_fields(room, self.room_fields, self.room_count)
        put_field(new_room, self.room_version, version)
        put_field(new_room, self.room_run, new_run)
        return new_room

    cdef object _ack(self, seq):
        """``Ack(seq=seq)``, its one slot filled."""
        cdef PyObject* made = (<_TypeObject*>self.ack).tp_alloc(<_TypeObject*>self.ack, 0)
        if made == NULL:
            raise MemoryError()
        ack = <object>made  # a new reference to the ack...
        Py_DECREF(ack)  # ...which takes over the one tp_alloc gave
        put_field(ack, self.ack_seq, seq)  # (its slot is empty: nothing to let go)
        return ack
