# cython: language_level=3
"""``server.inputs.lobby_inputs``, compiled: what the lobby is made from, gathered after every change.

Fan-out gathers the lobby's inputs after every change and compares them
with the last change's (server/inputs.py says why).  In Python that is a
dozen calls per move (``views.lobby_inputs``, ``Room.phase``,
``Presence.absent`` and ``authority``, ``Room.player``, ``stand_ins_on``),
each reading the room's and every player's fields by name, then a new set
of who is connected and a new tuple of eighteen.  Here the room's, its
run's and the players' fields are read at their slots, who is away, absent
and in charge is worked out in one pass, and when the inputs are equal to
the last ones the last tuple itself comes back: no new set, no new tuple.
The only calls left are the game's ``is_terminal`` (and, while a turn clock
runs, ``RoomTimers.turn_clock``).

Its twin is server/inputs.py: tests/server/test_fastlane_inputs.py holds
the two equal on random rooms, departures, connections and clocks.  A room
or a player of another class (a test's stand-in) goes to the twin.
"""

from cpython.object cimport PyObject
from cpython.tuple cimport PyTuple_GET_ITEM

from games._slots cimport slot_offset


cdef inline object _at(object value, Py_ssize_t offset):
    """``value``'s field at ``offset`` (a slot always set: attrs sets every field)."""
    return <object>(<PyObject**>(<char*><PyObject*>value + offset))[0]


cdef inline PyObject* _address(object value, Py_ssize_t offset):
    """The address of ``value``'s field at ``offset``: compared, never touched (no reference count written).

    Under load a room's objects are cold when its move comes; reading a
    field as an object writes its reference count, a cache miss per field.
    An address compared with the last inputs' item costs only the room's
    own cache lines.
    """
    return (<PyObject**>(<char*><PyObject*>value + offset))[0]


cdef Py_ssize_t _offset(type cls, str name) except -1:
    cdef Py_ssize_t offset = slot_offset(cls, name)
    if offset == 0:
        raise TypeError(f"{cls.__name__}.{name} is not a slot")
    return offset


cdef class Inputs:
    """``server.inputs.lobby_inputs`` for rooms of the hub's own classes."""

    cdef type room_class, run_class, player_class
    cdef object pure_lobby, nobody
    # the fields' offsets: the room's, its run's, a player's
    cdef Py_ssize_t r_code, r_locked, r_closed, r_game, r_options, r_turn_timer, r_players, r_run, r_host_phone
    cdef Py_ssize_t r_no_tv, r_class_table, r_stand_ins, r_notices
    cdef Py_ssize_t n_game, n_state
    cdef Py_ssize_t p_id, p_token_hash, p_gone

    def __cinit__(self, roomstate, inputs, nobody):
        room = self.room_class = roomstate.Room
        run = self.run_class = roomstate.Run
        player = self.player_class = roomstate.Player
        self.pure_lobby = inputs.lobby_inputs  # server.inputs
        self.nobody = nobody  # server.presence.NOBODY: the one empty set of absent players
        self.r_code = _offset(room, "code")
        self.r_locked = _offset(room, "locked")
        self.r_closed = _offset(room, "closed")
        self.r_game = _offset(room, "game")
        self.r_options = _offset(room, "options")
        self.r_turn_timer = _offset(room, "turn_timer")
        self.r_players = _offset(room, "players")
        self.r_run = _offset(room, "run")
        self.r_host_phone = _offset(room, "host_phone")
        self.r_no_tv = _offset(room, "no_tv")
        self.r_class_table = _offset(room, "class_table")
        self.r_stand_ins = _offset(room, "stand_ins")
        self.r_notices = _offset(room, "notices")
        self.n_game = _offset(run, "game")
        self.n_state = _offset(run, "state")
        self.p_id = _offset(player, "id")
        self.p_token_hash = _offset(player, "token_hash")
        self.p_gone = _offset(player, "gone")

    cdef bint _usual(self, room) except -1:
        """Whether ``room``, its run and its players are of the classes whose slots this reads."""
        if type(room) is not self.room_class:
            return False
        run = _at(room, self.r_run)
        if run is not None and type(run) is not self.run_class:
            return False
        players = _at(room, self.r_players)
        if type(players) is not tuple:
            return False
        for p in <tuple>players:
            if type(p) is not self.player_class:
                return False
        return True

    cdef bint _same_fields(self, room, tuple last):
        """Whether the room's fields that go into the inputs as they are hold the very objects ``last`` holds."""
        return (_address(room, self.r_code) == PyTuple_GET_ITEM(last, 0)
                and _address(room, self.r_locked) == PyTuple_GET_ITEM(last, 2)
                and _address(room, self.r_game) == PyTuple_GET_ITEM(last, 4)
                and _address(room, self.r_options) == PyTuple_GET_ITEM(last, 6)
                and _address(room, self.r_turn_timer) == PyTuple_GET_ITEM(last, 7)
                and _address(room, self.r_host_phone) == PyTuple_GET_ITEM(last, 8)
                and _address(room, self.r_no_tv) == PyTuple_GET_ITEM(last, 9)
                and _address(room, self.r_players) == PyTuple_GET_ITEM(last, 10)
                and _address(room, self.r_notices) == PyTuple_GET_ITEM(last, 16))

    cdef object _terminal(self, room, games):
        """``games[run.game].is_terminal(run.state)`` for the room's run (which is not None)."""
        run = _at(room, self.r_run)
        return games[_at(run, self.n_game)].is_terminal(_at(run, self.n_state))

    def lobby_inputs(self, actor, double now, last=None):
        """``server.inputs.lobby_inputs(actor, now)``: ``last`` itself when that is equal to it."""
        room = actor.room
        if not self._usual(room):
            return self.pure_lobby(actor, now)
        games = actor.games
        timers = actor.timers
        clock = timers.turn_clock(room, games) if timers.clock_since is not None else None
        presence = actor.presence
        connected = actor.players
        # Room.phase
        if _at(room, self.r_closed) is not None:
            phase = "closed"
        elif _at(room, self.r_run) is None:
            phase = "lobby"
        elif self._terminal(room, games):
            phase = "finished"
        else:
            phase = "playing"
        game = _at(room, self.r_game)
        title = games[game].title if game in games else None
        players = _at(room, self.r_players)
        class_table = _at(room, self.r_class_table)
        config = presence.config
        left_at = presence.left_at
        started = presence.started
        # Presence.absent: humans gone for the seat grace or longer
        cdef double grace = config.grace_class if class_table else config.grace_party
        cdef list out = None
        for p in <tuple>players:
            if _address(p, self.p_token_hash) == <PyObject*>None or _gone(p, self.p_gone):  # a bot, or removed
                continue
            pid = _at(p, self.p_id)
            if pid not in connected and now - <double>left_at.get(pid, started) >= grace:
                if out is None:
                    out = []
                out.append(pid)
        absent = frozenset(out) if out else self.nobody
        # Presence.authority: the class, the host phone (until its grace runs out), or the TV
        host_phone = _at(room, self.r_host_phone)
        if class_table:
            authority = ("class", None)
        else:
            host = None
            if host_phone is not None:
                for p in <tuple>players:  # (Room.player)
                    if _at(p, self.p_id) == host_phone:
                        host = p
                        break
            if host is None or _at(host, self.p_gone) or _at(host, self.p_token_hash) is None:
                authority = ("tv", None)
            else:
                host_id = _at(host, self.p_id)
                gone_for = 0.0 if host_id in connected else now - <double>left_at.get(host_id, started)
                authority = ("phone", host_id) if gone_for < <double>config.grace_host else ("tv", None)
        stand_ins = _at(room, self.r_stand_ins)
        if type(last) is tuple and len(<tuple>last) == 18 and self._same_fields(room, <tuple>last):
            # the room's fields are the last inputs' very objects: compare the rest, built nothing yet
            if (phase == (<tuple>last)[1] and (actor.host is not None) is (<tuple>last)[3] and title == (<tuple>last)[5]
                    and len(actor.spectators) == (<tuple>last)[12] and absent == (<tuple>last)[13]
                    and authority == (<tuple>last)[14] and (stand_ins or class_table) == (<tuple>last)[15]
                    and clock == (<tuple>last)[17] and _same_set(connected, (<tuple>last)[11])):
                return last
        cdef tuple made = (
            _at(room, self.r_code),
            phase,
            _at(room, self.r_locked),
            actor.host is not None,
            game,
            title,
            _at(room, self.r_options),
            _at(room, self.r_turn_timer),
            host_phone,
            _at(room, self.r_no_tv),
            players,
            None,  # who is connected: compared with the last inputs' set before a new one is made
            len(actor.spectators),
            absent,
            authority,
            stand_ins or class_table,  # (Room.stand_ins_on)
            _at(room, self.r_notices),
            clock,
        )
        return _same_or_made(made, 11, connected, last)


cdef inline bint _gone(object player, Py_ssize_t offset) except -1:
    """``player.gone``'s truth: by address for the two booleans (no touch), else as Python tests it."""
    cdef PyObject* gone = _address(player, offset)
    if gone == <PyObject*>False:
        return False
    if gone == <PyObject*>True:
        return True
    return bool(<object>gone)


cdef bint _same_set(object connected, object was) except -1:
    """Whether ``frozenset(connected)`` would equal ``was`` (the last inputs' set), without making it."""
    if type(was) is not frozenset or len(<frozenset>was) != len(connected):
        return False
    for key in connected:
        if key not in <frozenset>was:
            return False
    return True


cdef object _same_or_made(tuple made, Py_ssize_t at, object connected, object last):
    """``made`` with ``frozenset(connected)`` put at ``at``; ``last`` itself when it is equal to that.

    Most changes are moves, which change none of the lobby's inputs:
    comparing them with the last ones where they are (``connected``'s keys
    looked up in the last set) costs less than making the set and the tuple.
    """
    cdef Py_ssize_t i
    if type(last) is tuple and len(<tuple>last) == len(made):
        for i in range(len(made)):
            if i == at:
                if not _same_set(connected, (<tuple>last)[i]):
                    break
                continue
            mine = made[i]
            was = (<tuple>last)[i]
            if mine is not was and not (mine == was):
                break
        else:
            return last
    cdef list items = list(made)
    items[at] = frozenset(connected)
    return tuple(items)
