"""What each viewer class is sent: the ``state`` frame contents.

Viewer classes are the host's screen, each player, and the spectators.
Everything about the game in a frame comes from the game's ``view`` for
that class (SCREEN for the host, the seat for a seated player, SPECTATOR
for spectators and players who have no seat in the running game), plus the
seat's legal commands: nothing else of the game state leaves the server.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.contract import SCREEN, SPECTATOR, GameSpec, SeatViewer
from games.memo import SameInputs
from protocol.frames import State
from protocol.gamecodec import to_wire
from server.lobby import Room, outcome

#: Wire forms of legal commands already converted, by command value (see ``legal_wire``).
_LEGAL_WIRE: dict[Any, Any] = {}
_LEGAL_WIRE_LIMIT = 50_000
#: Whole wire lists of legal commands, by the identities of the commands listed.
_LEGAL_LISTS: dict[tuple[int, ...], tuple[tuple[Any, ...], list]] = {}
_LEGAL_LISTS_LIMIT = 1024

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
    return {
        "code": room.code,
        "phase": room.phase(games),
        "locked": room.locked,
        "host_connected": host_connected,
        "game": room.game,
        "title": games[room.game].title if room.game in games else None,
        "options": to_wire(dict(room.options)),
        "turn_timer": room.turn_timer,
        "host_phone": room.host_phone,
        "no_tv": room.no_tv,
        "players": [
            {
                "id": p.id,
                "name": p.name,
                "bot": p.bot,
                "human": p.token_hash is not None,
                "connected": p.id in connected,
                "seat": p.seat,
                "extra_time": p.extra_time,
                "sitting_out": p.sitting_out,
            }
            for p in room.lobby_players()
        ],
        "spectators": spectators,
    }


def legal_wire(commands: Sequence[Any]) -> list:
    """Legal commands as wire maps: the same list while the game hands out the same command objects.

    Games often list the very same command objects from one state to the next
    (a table of every slicing of a ring, say); then the wire list is the one
    made last time, which the fan-out's differ skips by identity.  The lists
    are only ever read (encoded, diffed), never changed.
    """
    key = tuple(map(id, commands))
    known = _LEGAL_LISTS.get(key)
    if known is not None and all(map(operator.is_, known[0], commands)):
        return known[1]
    wire = _legal_wire(commands)
    if len(_LEGAL_LISTS) >= _LEGAL_LISTS_LIMIT:
        del _LEGAL_LISTS[next(iter(_LEGAL_LISTS))]
    _LEGAL_LISTS[key] = (tuple(commands), wire)  # holds the commands: their ids are not reused meanwhile
    return wire


def _legal_wire(commands: Sequence[Any]) -> list:
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


# The small parts of a view that repeat from one change to the next are the same objects
# each time, so the fan-out's differ skips them by identity; like every wire part, they
# are only ever read (encoded, diffed), never changed.
_YOU_HOST: dict[str, Any] = {"role": "host"}
_YOU_SPECTATOR: dict[str, Any] = {"role": "spectator"}
_YOU_PLAYERS: dict[tuple[int, int | None, str | None], dict[str, Any]] = {}


def _you_player(player: int, seat: int | None, bot: str | None) -> dict[str, Any]:
    key = (player, seat, bot)
    you = _YOU_PLAYERS.get(key)
    if you is None:
        if len(_YOU_PLAYERS) >= _LEGAL_LISTS_LIMIT:
            _YOU_PLAYERS.clear()
        you = _YOU_PLAYERS[key] = {"role": "player", "player": player, "seat": seat, "bot": bot}
    return you


def _build_with_catalog(lobby: dict, catalog: list[dict]) -> dict:
    return dict(lobby, games=catalog)


#: The lobby with the game catalogue (the TV's and the host phone's): one map per lobby map.
_with_catalog = SameInputs(_build_with_catalog, size=64)


def state_frame(
    room: Room,
    games: Mapping[str, GameSpec],
    key: tuple,
    shared_lobby: dict,
    game_catalog: list[dict] | None,
    *,
    wire: Callable[[Any], Any] = to_wire,
) -> State:
    """The ``state`` frame for one viewer class.

    The game catalogue (every game's options schema) goes to those who may
    pick a game: the TV and the host phone.  ``wire`` converts the game's
    view and outcome: fan-out passes its room's ``WireCache.to_wire``, so
    parts shared between views (and kept from the last change) convert once.
    """
    spec = games[room.run.game] if room.run is not None else None
    game_view = legal = None
    lobby_map = shared_lobby
    if key == HOST:
        you: dict[str, Any] = _YOU_HOST
        viewer: Any = SCREEN
        if game_catalog is not None:
            lobby_map = _with_catalog(shared_lobby, game_catalog)
    elif key == SPECTATORS:
        you = _YOU_SPECTATOR
        viewer = SPECTATOR
    else:
        player = room.player(key[1])
        seat = player.seat if player is not None else None
        you = _you_player(key[1], seat, player.bot if player else None)
        if key[1] == room.host_phone and game_catalog is not None:  # the host phone picks games too
            lobby_map = _with_catalog(shared_lobby, game_catalog)
        viewer = SeatViewer(seat) if seat is not None else SPECTATOR
        if spec is not None and seat is not None and player is not None and player.bot is None:
            commands = spec.legal_commands(room.run.state, seat)
            legal = legal_wire(commands) if commands else None
    if spec is not None:
        game_view = wire(spec.view(room.run.state, viewer))
    result = outcome(room, games)
    return State(
        room=room.code,
        version=room.version,
        lobby=lobby_map,
        you=you,
        game=game_view,
        legal=legal,
        outcome=wire(result) if result is not None else None,
    )


def view_map(
    room: Room,
    games: Mapping[str, GameSpec],
    key: tuple,
    shared_lobby: dict,
    game_catalog: list[dict] | None,
    *,
    wire: Callable[[Any], Any] = to_wire,
) -> dict:
    """One viewer class's whole view as a plain map: a ``state`` frame's fields but ``t`` and ``v``.

    Fan-out diffs these maps from one change to the next (server/fanout.py).
    """
    frame = state_frame(room, games, key, shared_lobby, game_catalog, wire=wire)
    return {
        "room": frame.room,
        "version": frame.version,
        "lobby": frame.lobby,
        "you": frame.you,
        "game": frame.game,
        "legal": frame.legal,
        "outcome": frame.outcome,
    }
