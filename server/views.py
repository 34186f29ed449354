"""What each viewer class is sent: the ``state`` frame contents.

Viewer classes are the host's screen, each player, and the spectators.
Everything about the game in a frame comes from the game's ``view`` for
that class (SCREEN for the host, the seat for a seated player, SPECTATOR
for spectators and players who have no seat in the running game), plus the
seat's legal commands: nothing else of the game state leaves the server.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any

from games.contract import SCREEN, SPECTATOR, GameSpec, SeatViewer
from games.memo import SameInputs
from protocol.frames import State
from protocol.gamecodec import to_wire
from protocol.legal import listed_wire
from server.lobby import Room, outcome

#: Wire forms of legal commands already converted, by command value (see ``legal_wire``).
_LEGAL_WIRE: dict[Any, Any] = {}
_LEGAL_WIRE_LIMIT = 50_000
#: Bound of the cache of `you` maps below.
_YOU_PLAYERS_LIMIT = 1024

HOST = ("host",)
SPECTATORS = ("spectator",)


def player_key(player_id: int) -> tuple:
    return ("player", player_id)


def catalog(games: Mapping[str, GameSpec]) -> list[dict]:
    """The games a host can choose, with everything needed to draw the options form."""
    return [
        {
            "id": spec.id,
            "title": spec.title,
            "min_players": spec.min_players,
            "max_players": spec.max_players,
            "bots": list(spec.bots),
            "options": [
                {k: v for k, v in to_wire(option).items() if k != "type"} for option in spec.options
            ],
        }
        for spec in games.values()
    ]


def lobby(room: Room, games: Mapping[str, GameSpec], connected: set[int], host_connected: bool, spectators: int) -> dict:
    """The room's public lobby part of every view: who is here, the game picked, its options."""
    return lobby_from(lobby_inputs(room, games, connected, host_connected, spectators))


def plain_authority(room: Room) -> tuple[str, int | None]:
    """Who is in charge, from the room alone (no presence known: a replay, the admin console).

    The room actor knows more (a host phone gone past its grace): it passes
    its own answer to :func:`lobby_inputs`.
    """
    if room.class_table:
        return "class", None
    host = room.player(room.host_phone) if room.host_phone is not None else None
    if host is None or host.gone or host.token_hash is None:
        return "tv", None
    return "phone", host.id


def lobby_inputs(
    room: Room,
    games: Mapping[str, GameSpec],
    connected: Collection[int],
    host_connected: bool,
    spectators: int,
    *,
    absent: frozenset[int] = frozenset(),
    authority: tuple[str, int | None] | None = None,
    turn_clock: tuple[int, float, int | None] | None = None,
) -> tuple:
    """Everything :func:`lobby_from` reads, as one tuple: equal inputs make an equal lobby.

    Fan-out compares the inputs of one change with the last change's and
    keeps the very same lobby map when they are equal: comparing these few
    values (the players are the same tuple object unless one of them
    changed) is much cheaper than building the map and comparing it.
    """
    return (
        room.code,
        room.phase(games),
        room.locked,
        host_connected,
        room.game,
        games[room.game].title if room.game in games else None,
        room.options,
        room.turn_timer,
        room.host_phone,
        room.no_tv,
        room.players,
        frozenset(connected),
        spectators,
        absent,
        authority if authority is not None else plain_authority(room),
        room.stand_ins_on(),
        room.notices,
        turn_clock,
    )


def _turn_clock(clock: tuple[int, float, int | None] | None) -> dict | None:
    """``lobby.turn_clock``: the running turn clock's room version, length and start (Unix ms, the hub's clock).

    The start is one number read when the clock started, so every viewer's
    lobby (and every lobby until the clock restarts) carries the same one.
    """
    if clock is None:
        return None
    since, seconds, started = clock
    return {"since": since, "seconds": seconds, "started": started}


def lobby_from(inputs: tuple) -> dict:
    """The lobby map made from :func:`lobby_inputs`."""
    (
        code, phase, locked, host_connected, game, title, options, turn_timer, host_phone, no_tv, players, connected,
        spectators, absent, (kind, authority_player), stand_ins, notices, turn_clock,
    ) = inputs
    return {
        "code": code,
        "phase": phase,
        "locked": locked,
        "host_connected": host_connected,
        "game": game,
        "title": title,
        "options": to_wire(dict(options)),
        "turn_timer": turn_timer,
        "host_phone": host_phone,
        "authority": {"kind": kind, "player": authority_player},
        "stand_ins": stand_ins,
        "notices": [
            {"n": n.n, "kind": n.kind, "player": n.player, "name": n.name, "by": n.by} for n in notices
        ],
        "turn_clock": _turn_clock(turn_clock),
        "no_tv": no_tv,
        "players": [
            {
                "id": p.id,
                "name": p.name,
                "bot": p.bot,
                "human": p.token_hash is not None,
                "connected": p.id in connected,
                "presence": _presence(p, connected, absent),
                "stand_in": p.stand_in,
                "seat": p.seat,
                "extra_time": p.extra_time,
                "sitting_out": p.sitting_out,
            }
            for p in players
            if not p.gone
        ],
        # players removed during this game: their seats play on (a bot), so screens can still name them
        "removed": [{"id": p.id, "name": p.name, "seat": p.seat} for p in players if p.gone],
        "spectators": spectators,
    }


def _presence(player: Any, connected: frozenset[int], absent: frozenset[int]) -> str:
    """``connected`` (bots always), ``away`` (gone, within the grace period) or ``absent`` (past it)."""
    if player.token_hash is None or player.id in connected:
        return "connected"
    return "absent" if player.id in absent else "away"


def legal_wire(commands: Sequence[Any]) -> list:
    """Legal commands as wire maps: the same list while the game hands out the same command objects.

    Games often list the very same command objects from one state to the next
    (a table of every slicing of a ring, say); then the wire list is the one
    made last time, which the fan-out's differ skips by identity.  The lists
    are only ever read (encoded, diffed), never changed.

    A game that hands out the very same tuple of commands (a fixed menu, the
    same for every seat) is looked up by that tuple alone: one identity
    instead of one per command, for every seat on every change.  A tuple
    cannot change, so its identity stands for its commands' identities.
    """
    if type(commands) is tuple:
        return _legal_tuples(commands)
    return _legal_lists(*commands)


def _legal_wire(*commands: Any) -> list:
    """Legal commands as wire maps, each command value converted once per process.

    A seat's legal commands are mostly the same values from one move to the
    next (the same placements, the same cards), and converting long lists of
    them was a large part of building a player's state.  Commands are frozen
    attrs values, so equal commands have equal wire maps; the maps are only
    ever read (encoded), never changed.
    """
    out = []
    for command in commands:
        try:
            wire = _LEGAL_WIRE.get(command)
        except TypeError:  # an unhashable command: convert it every time
            out.append(to_wire(command))
            continue
        if wire is None:
            if len(_LEGAL_WIRE) >= _LEGAL_WIRE_LIMIT:
                _LEGAL_WIRE.clear()
            wire = _LEGAL_WIRE[command] = to_wire(command)
        out.append(wire)
    return out


#: Whole wire lists, by the identities of the commands listed (not of the list: games list
#: the same command objects in a new tuple from one state to the next).
_legal_lists = SameInputs(_legal_wire)

#: The same, by the identity of a tuple of commands (:func:`legal_wire`).
_legal_tuples = SameInputs(lambda commands: _legal_lists(*commands))


#: Legal lists with patterns as wire maps, the same list while the game lists the same
#: patterns and commands (games cache them: the Slicer's patterns are made once per ring size).
_patterns_wire = SameInputs(lambda *listed: listed_wire(listed))


# The small parts of a view that repeat from one change to the next are the same objects
# each time, so the fan-out's differ skips them by identity; like every wire part, they
# are only ever read (encoded, diffed), never changed.
_YOU_HOST: dict[str, Any] = {"role": "host"}
_YOU_SPECTATOR: dict[str, Any] = {"role": "spectator"}
_YOU_PLAYERS: dict[tuple[int, int | None, str | None, tuple[int | None, bool] | None], dict[str, Any]] = {}

#: What a seated player's ``you.hints`` is made from, asked with the room and the player's id:
#: (hints left or None for no limit, hints off).  The room observer's own method, so a fan-out
#: passes it as it is rather than making a closure over the room for every change.
HintsLeft = Callable[[Room, int], tuple[int | None, bool]]


def _you_player(player: int, seat: int | None, bot: str | None, hints: tuple[int | None, bool] | None = None) -> dict[str, Any]:
    key = (player, seat, bot, hints)
    you = _YOU_PLAYERS.get(key)
    if you is None:
        if len(_YOU_PLAYERS) >= _YOU_PLAYERS_LIMIT:
            _YOU_PLAYERS.clear()
        you = _YOU_PLAYERS[key] = {"role": "player", "player": player, "seat": seat, "bot": bot}
        if hints is not None:
            you["hints"] = {"left": hints[0], "off": hints[1]}
    return you


def with_catalog(lobby: dict, catalog: list[dict]) -> dict:
    """The lobby part with the game catalogue: the TV's and the host phone's (they pick games)."""
    return dict(lobby, games=catalog)


def state_frame(
    room: Room,
    games: Mapping[str, GameSpec],
    key: tuple,
    shared_lobby: dict,
    game_catalog: list[dict] | None,
    *,
    wire: Callable[[Any], Any] = to_wire,
    hints_left: HintsLeft | None = None,
) -> State:
    """The ``state`` frame for one viewer class (see :func:`view_rows` for what it holds)."""
    return State(**view_map(room, games, key, shared_lobby, game_catalog, wire=wire, hints_left=hints_left))


def view_map(
    room: Room,
    games: Mapping[str, GameSpec],
    key: tuple,
    shared_lobby: dict,
    game_catalog: list[dict] | None,
    *,
    wire: Callable[[Any], Any] = to_wire,
    hints_left: HintsLeft | None = None,
) -> dict:
    """One viewer class's whole view as a plain map: a ``state`` frame's fields but ``t`` and ``v``."""
    catalog_lobby = with_catalog(shared_lobby, game_catalog) if game_catalog is not None else None
    return as_map(view_rows(room, games, (key,), shared_lobby, catalog_lobby, wire=wire, hints_left=hints_left)[key])


#: The fields of a viewer class's view, in a ``state`` frame's order: fan-out keeps each
#: class's view as a row of their values (:func:`view_rows`), a map only when it is sent whole.
VIEW_FIELDS = ("room", "version", "lobby", "you", "game", "legal", "outcome")


def as_map(row: tuple) -> dict:
    """A view row (:func:`view_rows`) as its map: a ``state`` frame's fields but ``t`` and ``v``."""
    return dict(zip(VIEW_FIELDS, row))


def _public_view(made: dict[type, Any], view: Callable[..., Any] | None, state: Any, viewer: Any, wire: Callable[[Any], Any]) -> Any:
    """The game's view for SCREEN or SPECTATOR in wire form, made once per change (kept in ``made``).

    Keyed by the viewer's class, which hashes in C, where the attrs viewer
    itself would call its generated ``__hash__`` (in Python).  A module
    function, not a closure: a closure would be made anew on every change.
    """
    if view is None:
        return None
    found = made.get(viewer.__class__)
    if found is None:
        found = made[viewer.__class__] = wire(view(state, viewer))
    return found


#: One ``SeatViewer`` per seat, made once: a view is asked for every seat on every change.
_SEAT_VIEWERS = tuple(SeatViewer(seat) for seat in range(16))


def view_rows(
    room: Room,
    games: Mapping[str, GameSpec],
    keys: Iterable[tuple],
    shared_lobby: dict,
    catalog_lobby: dict | None,
    *,
    wire: Callable[[Any], Any] = to_wire,
    hints_left: HintsLeft | None = None,
) -> dict[tuple, tuple]:
    """The whole view of each viewer class in ``keys``, as a row of :data:`VIEW_FIELDS` (fan-out diffs these).

    A row holds a ``state`` frame's fields but ``t`` and ``v``, in the
    order of :data:`VIEW_FIELDS`: a tuple costs a fraction of a map to make,
    and fan-out makes one for every class on every change, while a map is
    needed only for a class sent its whole view (:func:`as_map`).  Everything
    about the game comes from the game's ``view`` for that class (SCREEN for
    the host, the seat for a seated player, SPECTATOR otherwise) and the
    seat's legal commands.  The game catalogue (every game's options schema)
    goes to those who may pick a game, the TV and the host phone: they get
    ``catalog_lobby`` (:func:`with_catalog`; the shared lobby when None).  ``wire``
    converts the game's views and outcome: fan-out passes its room's
    ``WireCache.to_wire``, so parts shared between views (and kept from the
    last change) convert once.  ``hints_left`` (the room observer's, by room
    and player) fills a seated player's ``you.hints`` in a game that gives hints.

    The classes are built together because a change is shown to all of them
    at once: what they share (the outcome, the screen's and spectators'
    views, the lobby with the catalogue) is worked out once per change.
    """
    run = room.run
    spec = games[run.game] if run is not None else None
    state = run.state if run is not None else None
    result = outcome(room, games)
    outcome_wire = wire(result) if result is not None else None
    lobby_with_catalog = catalog_lobby if catalog_lobby is not None else shared_lobby
    players = {player.id: player for player in room.players}
    code, version, host_phone = room.code, room.version, room.host_phone
    # the game's functions, looked up once per change rather than once per seat
    view = spec.view if spec is not None else None
    legal_patterns = spec.legal_patterns if spec is not None else None
    legal_commands = spec.legal_commands if spec is not None else None
    gives_hints = spec is not None and spec.hint is not None
    public: dict[type, Any] = {}  # the game's view for SCREEN and SPECTATOR (_public_view)
    out: dict[tuple, tuple] = {}
    for key in keys:
        legal = None
        lobby_map = shared_lobby
        if key[0] == "player":  # the usual class: one per phone
            player_id = key[1]
            player = players.get(player_id)
            seat = player.seat if player is not None else None
            hints = None
            if gives_hints and seat is not None:
                hints = hints_left(room, player_id) if hints_left is not None else (None, False)
            bot = player.bot if player is not None else None
            you = _YOU_PLAYERS.get((player_id, seat, bot, hints))  # (inline: this runs for every phone)
            if you is None:
                you = _you_player(player_id, seat, bot, hints)
            if player_id == host_phone:  # the host phone picks games too
                lobby_map = lobby_with_catalog
            if seat is None:
                game = _public_view(public, view, state, SPECTATOR, wire)
            else:
                viewer = _SEAT_VIEWERS[seat] if seat < len(_SEAT_VIEWERS) else SeatViewer(seat)
                game = wire(view(state, viewer)) if view is not None else None
                if view is not None and bot is None:
                    listed = legal_patterns(state, seat) if legal_patterns is not None else None
                    if listed is not None:  # a family too long to list, as patterns (protocol/legal.py)
                        legal = _patterns_wire(*listed) if listed else None
                    else:
                        commands = legal_commands(state, seat)
                        if commands:  # (legal_wire, inline: this runs for every phone)
                            legal = _legal_tuples(commands) if type(commands) is tuple else _legal_lists(*commands)
        elif key == HOST:
            you = _YOU_HOST
            game = _public_view(public, view, state, SCREEN, wire)
            lobby_map = lobby_with_catalog
        else:  # SPECTATORS
            you = _YOU_SPECTATOR
            game = _public_view(public, view, state, SPECTATOR, wire)
        out[key] = (code, version, lobby_map, you, game, legal, outcome_wire)  # (VIEW_FIELDS)
    return out
