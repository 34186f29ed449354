# cython: language_level=3
"""``server.views.view_rows``, compiled: every viewer class's view row of one change.

Fan-out builds a row for every viewer class of a room on every change (the
TV, each phone, the spectators), and in the interpreter that loop was the
largest part of a fan-out that is not the game's own work: the room's and
each player's fields read by name, a key tuple made and looked up per phone,
the viewer class tested by comparing tuples.  Here the room's, the run's
and each player's fields are read at their slots' offsets (the classes are
slotted frozen attrs values: a field is a pointer at a fixed place), the
rows are filled in C, and the game's functions (its view, its legal
commands) and the room's caches are called exactly as the pure loop calls
them, in the same order, with the same arguments.

Its twin is ``server.views.view_rows`` (the function this one replaces when
the lane is compiled): tests/server/test_fastlane_views.py holds the two equal,
row by row and in which wire objects the rows share, on every game played
move by move, with players joining, leaving, taking seats and hosting.  A
room, run or player of another class (a test's stand-in) goes to the twin.
"""

from cpython.object cimport PyObject

from games._slots cimport slot_offset


#: The pure module (server.views): its caches and helpers are shared with the pure loop.
cdef object _views = None
cdef object _pure_view_rows = None
cdef object _outcome = None
cdef dict _you_players
cdef object _you_player
cdef object _YOU_HOST, _YOU_SPECTATOR
cdef tuple _SEAT_VIEWERS
cdef object _SeatViewer, _SCREEN, _SPECTATOR
cdef object _legal_tuples, _legal_lists, _patterns_wire
cdef str _PLAYER = "player"
cdef tuple _HOST

cdef type _Room, _Run, _Player
# the slots' offsets of the fields read here
cdef Py_ssize_t R_RUN, R_PLAYERS, R_CODE, R_VERSION, R_HOST_PHONE
cdef Py_ssize_t N_GAME, N_STATE
cdef Py_ssize_t P_ID, P_SEAT, P_BOT


cdef Py_ssize_t _offset(type cls, str name) except -1:
    cdef Py_ssize_t offset = slot_offset(cls, name)
    if offset == 0:
        raise TypeError(f"{cls.__name__}.{name} is not a slot")
    return offset


cdef inline object _field(object value, Py_ssize_t offset):
    """The field at ``offset`` of a slotted value (a frozen attrs value always has every slot set)."""
    cdef PyObject* found = (<PyObject**>((<char*><PyObject*>value) + offset))[0]
    if found == NULL:
        raise AttributeError("a slot of a view's input was never set")
    return <object>found


def install(views_module, room_cls, run_cls, player_cls, outcome):
    """Called once by ``server.fastlane``: the pure module whose caches this loop shares, and the classes it reads."""
    global _views, _pure_view_rows, _outcome, _you_players, _you_player, _YOU_HOST, _YOU_SPECTATOR
    global _SEAT_VIEWERS, _SeatViewer, _SCREEN, _SPECTATOR, _legal_tuples, _legal_lists, _patterns_wire, _HOST
    global _Room, _Run, _Player, R_RUN, R_PLAYERS, R_CODE, R_VERSION, R_HOST_PHONE, N_GAME, N_STATE, P_ID, P_SEAT, P_BOT
    _views = views_module
    _pure_view_rows = views_module.view_rows
    _outcome = outcome
    _you_players = views_module._YOU_PLAYERS
    _you_player = views_module._you_player
    _YOU_HOST = views_module._YOU_HOST
    _YOU_SPECTATOR = views_module._YOU_SPECTATOR
    _SEAT_VIEWERS = views_module._SEAT_VIEWERS
    _SeatViewer = views_module.SeatViewer
    _SCREEN = views_module.SCREEN
    _SPECTATOR = views_module.SPECTATOR
    _legal_tuples = views_module._legal_tuples
    _legal_lists = views_module._legal_lists
    _patterns_wire = views_module._patterns_wire
    _HOST = views_module.HOST
    _Room, _Run, _Player = room_cls, run_cls, player_cls
    R_RUN = _offset(room_cls, "run")
    R_PLAYERS = _offset(room_cls, "players")
    R_CODE = _offset(room_cls, "code")
    R_VERSION = _offset(room_cls, "version")
    R_HOST_PHONE = _offset(room_cls, "host_phone")
    N_GAME = _offset(run_cls, "game")
    N_STATE = _offset(run_cls, "state")
    P_ID = _offset(player_cls, "id")
    P_SEAT = _offset(player_cls, "seat")
    P_BOT = _offset(player_cls, "bot")


cdef inline object _public_view(dict made, object view, object state, object viewer, object wire):
    """The game's view for SCREEN or SPECTATOR in wire form, made once per change (as the pure ``_public_view``)."""
    if view is None:
        return None
    cls = viewer.__class__
    found = made.get(cls)
    if found is None:
        found = wire(view(state, viewer))
        made[cls] = found
    return found


def view_rows(room, games, keys, shared_lobby, catalog_lobby, *, wire=None, hints_left=None):
    """Each viewer class's view row, equal to ``server.views.view_rows``'s (see its docstring)."""
    if type(room) is not _Room or wire is None:
        return _pure_view_rows(room, games, keys, shared_lobby, catalog_lobby,
                               wire=wire if wire is not None else _views.to_wire, hints_left=hints_left)
    run = _field(room, R_RUN)
    if run is not None and type(run) is not _Run:
        return _pure_view_rows(room, games, keys, shared_lobby, catalog_lobby, wire=wire, hints_left=hints_left)
    listed_players = _field(room, R_PLAYERS)
    if type(listed_players) is not tuple:  # (a Room always holds a tuple; anything else is a test's)
        return _pure_view_rows(room, games, keys, shared_lobby, catalog_lobby, wire=wire, hints_left=hints_left)
    cdef tuple room_players = <tuple>listed_players
    cdef dict players = {}
    for player in room_players:
        if type(player) is not _Player:
            return _pure_view_rows(room, games, keys, shared_lobby, catalog_lobby, wire=wire, hints_left=hints_left)
        players[_field(player, P_ID)] = player
    spec = state = None
    if run is not None:
        spec = games[_field(run, N_GAME)]
        state = _field(run, N_STATE)
    result = _outcome(room, games)
    outcome_wire = wire(result) if result is not None else None
    lobby_with_catalog = catalog_lobby if catalog_lobby is not None else shared_lobby
    code = _field(room, R_CODE)
    version = _field(room, R_VERSION)
    host_phone = _field(room, R_HOST_PHONE)
    view = legal_patterns = legal_commands = None
    cdef bint gives_hints = False
    if spec is not None:  # the game's functions, looked up once per change rather than once per seat
        view = spec.view
        legal_patterns = spec.legal_patterns
        legal_commands = spec.legal_commands
        gives_hints = spec.hint is not None
    cdef dict public = {}  # the game's view for SCREEN and SPECTATOR (_public_view)
    cdef dict out = {}
    cdef tuple row
    for key in keys:
        legal = None
        lobby_map = shared_lobby
        if key[0] == _PLAYER:  # the usual class: one per phone
            player_id = key[1]
            player = players.get(player_id)
            seat = bot = hints = None
            if player is not None:
                seat = _field(player, P_SEAT)
                bot = _field(player, P_BOT)
            if gives_hints and seat is not None:
                hints = hints_left(room, player_id) if hints_left is not None else (None, False)
            you = _you_players.get((player_id, seat, bot, hints))
            if you is None:
                you = _you_player(player_id, seat, bot, hints)
            if player_id == host_phone:  # the host phone picks games too
                lobby_map = lobby_with_catalog
            if seat is None:
                game = _public_view(public, view, state, _SPECTATOR, wire)
            else:
                viewer = _SEAT_VIEWERS[seat] if seat < len(_SEAT_VIEWERS) else _SeatViewer(seat)
                game = wire(view(state, viewer)) if view is not None else None
                if view is not None and bot is None:
                    listed = legal_patterns(state, seat) if legal_patterns is not None else None
                    if listed is not None:  # a family too long to list, as patterns (protocol/legal.py)
                        legal = _patterns_wire(*listed) if listed else None
                    else:
                        commands = legal_commands(state, seat)
                        if commands:
                            legal = _legal_tuples(commands) if type(commands) is tuple else _legal_lists(*commands)
        elif key == _HOST:
            you = _YOU_HOST
            game = _public_view(public, view, state, _SCREEN, wire)
            lobby_map = lobby_with_catalog
        else:  # SPECTATORS
            you = _YOU_SPECTATOR
            game = _public_view(public, view, state, _SPECTATOR, wire)
        row = (code, version, lobby_map, you, game, legal, outcome_wire)  # (VIEW_FIELDS)
        out[key] = row
    return out
