"""The room's decisions: what joining, a host operation or a player's command becomes.

A decider like the games' own (DESIGN.md section 3): each function takes the
room's state and a request and returns the lifecycle or game events to
store, or raises :class:`RoomRejected` with a closed :class:`RoomCode`.
The host's operations are typed values (:data:`HostOperation`), parsed from
the ``host`` frame once, at the edge, by :func:`host_operation`.  Pure: no
I/O, no clock, no randomness (seeds and token hashes come in from the actor).
The room's state and its fold are in :mod:`server.roomstate`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from games.contract import Code, GameSpec, OptionError, Rejected
from protocol.errors import Close, ProtocolError
from protocol.frames import Host
from server.names import BadName, clean_name, same_name
from server.roomstate import (
    BackToLobby,
    BotAdded,
    ExtraTimeSet,
    GameSelected,
    GameStarted,
    HostPhoneNamed,
    Player,
    PlayerJoined,
    PlayerRemoved,
    PlayerRenamed,
    ReclaimCodeIssued,
    Room,
    RoomClosed,
    RoomLocked,
    SeatHandedToBot,
    SeatReclaimed,
    SittingOutSet,
    StandInsAllowed,
    TurnTimerSet,
    outcome,  # noqa: F401  (server.views imports it from here)
)
from server.tokens import matches, normal_reclaim_code

#: At most this many players (humans and bots) in one room.
MAX_PLAYERS = 12
#: Longest turn timer a host may set, in seconds.
MAX_TURN_TIMER = 600
#: How long a reclaim code works, in seconds.
RECLAIM_SECONDS = 600


class RoomCode(str, enum.Enum):
    """Why the room refused something (``room/*`` for everyone, ``host/*`` for the TV)."""

    LOCKED = "room/locked"
    FULL = "room/full"
    NAME_TAKEN = "room/name_taken"
    BAD_NAME = "room/bad_name"
    CLOSED = "room/closed"
    NOT_PLAYING = "room/not_playing"
    NOT_SEATED = "room/not_seated"
    BOT_SEAT = "room/bot_seat"
    PAUSED = "room/paused"
    UNKNOWN_OP = "host/unknown_op"
    UNKNOWN_GAME = "host/unknown_game"
    BAD_OPTIONS = "host/bad_options"
    NO_GAME = "host/no_game"
    PLAYER_COUNT = "host/player_count"
    TOO_FEW_CARDS = "host/too_few_cards"
    UNKNOWN_BOT = "host/unknown_bot"
    UNKNOWN_PLAYER = "host/unknown_player"
    IN_GAME = "host/in_game"
    NOT_FINISHED = "host/not_finished"
    BAD_VALUE = "host/bad_value"
    SEAT_CONNECTED = "host/seat_connected"
    CLASS_TABLE = "host/class_table"
    SEAT_MOVED = "room/seat_moved"
    BAD_RECLAIM = "room/bad_reclaim"
    RECLAIM_EXPIRED = "room/reclaim_expired"


class RoomRejected(ProtocolError):
    """The room refused a request: the peer's fault, answered with ``code``."""

    def __init__(
        self, code: RoomCode, message: str = "", *, close: int | None = None, params: Mapping[str, str | int] | None = None
    ) -> None:
        super().__init__(message or code.value, code=code, close=close, params=params)


# --- the host's operations, typed ------------------------------------------------


@attrs.frozen
class SelectGame:
    game: str | None
    options: Mapping[str, Any] | None


@attrs.frozen
class AddBot:
    bot: str | None


@attrs.frozen
class RemovePlayer:
    player: int | None


@attrs.frozen
class Lock:
    locked: bool


@attrs.frozen
class SetTurnTimer:
    seconds: int | None


@attrs.frozen
class Start:
    pass


@attrs.frozen
class PlayAgain:
    pass


@attrs.frozen
class EndGame:
    """Stop the game being played: back to the lobby with the same players, the game left unfinished.

    A party changing its mind (another game, a player leaving for home)
    should not have to play on to the end or close the room.
    """


@attrs.frozen
class HandToBot:
    player: int | None
    bot: str | None


@attrs.frozen
class TakeBack:
    player: int | None


@attrs.frozen
class CloseRoom:
    pass


@attrs.frozen
class SeatPlayer:
    """Seat a player chosen by someone else (a class session seating its students); no wire op names it."""

    name: str
    token_hash: str


@attrs.frozen
class GiveExtraTime:
    """More time per turn for one player (``extra`` False takes it back)."""

    player: int | None
    extra: bool


@attrs.frozen
class SitOut:
    """Leave a player out of the games started from now on (``out`` False: they play again)."""

    player: int | None
    out: bool


@attrs.frozen
class NameHostPhone:
    """The TV names which player's phone may host (``None``: no phone)."""

    player: int | None


@attrs.frozen
class ReclaimSeat:
    """Hand a disconnected player's seat to a new device: the room issues a one-time code.

    The actor decides it (:func:`decide_reclaim_code`), since only it knows
    which phones are connected and it draws the code.
    """

    player: int | None


@attrs.frozen
class SetStandIns:
    """Let a bot play for an absent player (``allowed``), or not: then the host hands seats to bots by hand."""

    allowed: bool


@attrs.frozen
class MoveSeatToDevice:
    """Give ``player``'s seat to a new device whose token hash is ``token_hash`` (a class's hand-over).

    No wire op names it: the class sends it on a table it owns, when the
    teacher hands a student's seat to another device.  Stored as
    :class:`~server.roomstate.SeatReclaimed` with ``by``, so the table
    announces it (``seat_moved``) like every other hand-over, and the old
    device is told its seat moved.
    """

    player: int | None
    token_hash: str
    by: str | None = "teacher"


@attrs.frozen
class PlayTurn:
    """A bot plays ``player``'s turn once, now: a class's teacher, for a student who does not move.

    No wire op names it (a party room has the turn timer).  The actor
    decides it, since it holds the bots: the move is stored after a
    :class:`~server.roomstate.DefaultMovePlayed` marker, as the turn timer's
    is, so a class's report does not count it as the student's.
    """

    player: int | None
    #: Who asked, as the room's notice names them (``played_for``).
    by: str = "teacher"


@attrs.frozen
class RenamePlayer:
    """Show ``player`` as ``name`` from now on: a class's teacher renamed the student (a misspelt or unkind name).

    No wire op names it: a party player's name is their own.  The class has
    checked the name (clean, not taken in the class) before it sends this.
    """

    player: int | None
    name: str


HostOperation = (
    SelectGame | AddBot | RemovePlayer | Lock | SetTurnTimer | Start | PlayAgain | EndGame | HandToBot | TakeBack | CloseRoom
    | SeatPlayer | NameHostPhone | GiveExtraTime | SitOut | ReclaimSeat | SetStandIns | MoveSeatToDevice | PlayTurn
    | RenamePlayer
)

#: The typed operations by class name (how a cluster edge node forwards one to the owner).
HOST_OPERATIONS: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        SelectGame, AddBot, RemovePlayer, Lock, SetTurnTimer, Start, PlayAgain, EndGame, HandToBot, TakeBack, CloseRoom,
        SeatPlayer, NameHostPhone, GiveExtraTime, SitOut, ReclaimSeat, SetStandIns, MoveSeatToDevice, PlayTurn,
        RenamePlayer,
    )
}

#: What the host phone may do: everything the TV may (issue 24: nobody needs the TV's
#: mouse).  Seating a chosen player and moving a seat without a code are the class's own.
PHONE_HOST_OPERATIONS: tuple[type, ...] = (
    SelectGame, AddBot, RemovePlayer, Lock, SetTurnTimer, Start, PlayAgain, EndGame, HandToBot, TakeBack, CloseRoom,
    NameHostPhone, GiveExtraTime, SitOut, ReclaimSeat, SetStandIns,
)


def may_host(room: Room, role: str, player_id: int | None, op: HostOperation) -> bool:
    """Whether this client may perform ``op``: the TV (or the class) always; the host phone every wire op.

    At a class table a player's host operation is refused with
    ``host/class_table`` (the teacher runs the table), not merely forbidden.
    """
    if role == "host":
        return True
    if role == "player" and room.class_table:
        raise RoomRejected(RoomCode.CLASS_TABLE, "the teacher runs this table")
    return (
        role == "player" and player_id is not None and player_id == room.host_phone
        and isinstance(op, PHONE_HOST_OPERATIONS)
    )

#: Each wire ``op`` name and how it becomes a typed operation from the ``host`` frame.
_HOST_OPS: dict[str, Callable[[Host], HostOperation]] = {
    "select_game": lambda f: SelectGame(f.game, f.options),
    "add_bot": lambda f: AddBot(f.bot),
    "remove": lambda f: RemovePlayer(f.player),
    "lock": lambda f: Lock(True),
    "unlock": lambda f: Lock(False),
    "turn_timer": lambda f: SetTurnTimer(f.seconds),
    "start": lambda f: Start(),
    "play_again": lambda f: PlayAgain(),
    "end_game": lambda f: EndGame(),
    "hand_to_bot": lambda f: HandToBot(f.player, f.bot),
    "take_back": lambda f: TakeBack(f.player),
    "close": lambda f: CloseRoom(),
    "name_host_phone": lambda f: NameHostPhone(f.player),
    "extra_time": lambda f: GiveExtraTime(f.player, True),
    "normal_time": lambda f: GiveExtraTime(f.player, False),
    "sit_out": lambda f: SitOut(f.player, True),
    "sit_in": lambda f: SitOut(f.player, False),
    "reclaim_seat": lambda f: ReclaimSeat(f.player),
    "allow_stand_ins": lambda f: SetStandIns(True),
    "no_stand_ins": lambda f: SetStandIns(False),
}


def host_operation(frame: Host) -> HostOperation:
    """The typed operation a ``host`` frame asks for (``host/unknown_op`` otherwise)."""
    make = _HOST_OPS.get(frame.op)
    if make is None:
        raise RoomRejected(RoomCode.UNKNOWN_OP, f"unknown host op {frame.op[:40]!r}")
    return make(frame)


# --- deciding ------------------------------------------------------------------


def _open(room: Room) -> None:
    if room.closed is not None:
        raise RoomRejected(RoomCode.CLOSED, "this room has ended")


def decide_join(room: Room, name: str, token_hash: str) -> list[Any]:
    """A player joining by name (a refused join closes the socket: 1008)."""
    _open(room)
    if room.locked:
        raise RoomRejected(RoomCode.LOCKED, "the host has locked this room", close=Close.POLICY)
    try:
        name = clean_name(name)
    except BadName as exc:
        raise RoomRejected(RoomCode.BAD_NAME, str(exc), close=Close.POLICY, params=exc.params) from None
    present = room.lobby_players()
    if len(present) >= MAX_PLAYERS:
        raise RoomRejected(RoomCode.FULL, f"at most {MAX_PLAYERS} players", close=Close.POLICY, params={"max": MAX_PLAYERS})
    if any(same_name(p.name, name) for p in present):
        raise RoomRejected(
            RoomCode.NAME_TAKEN, f"someone here is already called {name}", close=Close.POLICY, params={"name": name}
        )
    joined = PlayerJoined(player=room.next_player, name=name, token_hash=token_hash)
    # The first person to join hosts from their phone until the TV names someone else;
    # at a class table nobody does (the class runs it).
    if room.class_table or _host_phone(room) is not None:
        return [joined]
    return [joined, HostPhoneNamed(player=joined.player, reason="first")]


def decide_reclaim_code(
    room: Room, player_id: int | None, connected: bool, code_hash: str, expires: int,
    *, wait: int = 0, by: int | None = None,
) -> list[Any]:
    """A one-time code that hands ``player_id``'s seat to a new device (a lost or flat phone).

    Only a human's seat, and only once no phone of theirs has been connected
    for the party grace period (``wait``: seconds still to go, worked out by
    the actor, which knows when the phone left): a seat in use, or whose phone
    just blinked, is never taken from under its player.  ``by``: the host
    phone's player asking (None: the TV or the class), announced with the move.
    """
    _open(room)
    player = _player(room, player_id)
    if player.token_hash is None:
        raise RoomRejected(RoomCode.BOT_SEAT, "a bot has no phone to replace")
    if connected or wait > 0:
        raise RoomRejected(
            RoomCode.SEAT_CONNECTED, f"{player.name}'s phone is still connected or just left",
            params={"name": player.name, "seconds": max(wait, 1)},
        )
    return [ReclaimCodeIssued(player=player.id, code_hash=code_hash, expires=expires, by=by)]


def decide_reclaim(room: Room, code: str, token_hash: str, now: int) -> list[Any]:
    """A new device takes a seat with its reclaim code (a refusal closes the socket: 1008).

    The code is spent and the seat's token replaced, so the old device can
    never come back with its token.
    """
    _open(room)
    typed = normal_reclaim_code(code)
    player = next((p for p in room.lobby_players() if matches(typed, p.reclaim_hash)), None)
    if player is None:
        raise RoomRejected(RoomCode.BAD_RECLAIM, "no seat has that reclaim code (it may be used already)", close=Close.POLICY)
    if now >= player.reclaim_expires:
        raise RoomRejected(
            RoomCode.RECLAIM_EXPIRED, "that reclaim code has expired: ask the host for a new one", close=Close.POLICY,
            params={"minutes": RECLAIM_SECONDS // 60},
        )
    return [SeatReclaimed(player=player.id, token_hash=token_hash, by=_handed_by(room, player.reclaim_by))]


def _handed_by(room: Room, asker: int | None) -> str | None:
    """The name a seat move is announced with: the asking host phone's player, the teacher, or None (the TV)."""
    if room.class_table:
        return "teacher"
    player = room.player(asker) if asker is not None else None
    return player.name if player is not None else None


def _host_phone(room: Room) -> Player | None:
    """The present, human player whose phone hosts, if any."""
    player = room.player(room.host_phone) if room.host_phone is not None else None
    return player if player is not None and not player.gone and player.token_hash is not None else None


def _next_host_phone(room: Room, leaving: int) -> list[Any]:
    """When the host phone's player leaves, the next person who joined takes over (or nobody)."""
    if room.host_phone != leaving:
        return []
    after = [p.id for p in room.lobby_players() if p.id != leaving and p.token_hash is not None]
    return [HostPhoneNamed(player=after[0] if after else None, reason="left")]


def _bot_name(room: Room) -> str:
    taken = {p.name.casefold() for p in room.players}
    number = 1
    while f"bot {number}" in taken:
        number += 1
    return f"Bot {number}"


def default_bot(spec: GameSpec) -> str:
    """The bot that stands in for a seat when nobody chose one: the game's first."""
    return next(iter(spec.bots))


def _check_bot(room: Room, bot: str | None, games: Mapping[str, GameSpec]) -> None:
    if bot is None:
        return
    game = room.run.game if room.run is not None else room.game
    known = set(games[game].bots) if game else {b for spec in games.values() for b in spec.bots}
    if bot not in known:
        raise RoomRejected(RoomCode.UNKNOWN_BOT, f"no bot called {bot!r}; try {', '.join(sorted(known))}")


def _player(room: Room, player_id: int | None) -> Player:
    player = room.player(player_id) if player_id is not None else None
    if player is None or player.gone:
        raise RoomRejected(RoomCode.UNKNOWN_PLAYER, "no such player")
    return player


def decide_host(
    room: Room,
    op: HostOperation,
    games: Mapping[str, GameSpec],
    draw_seed: Callable[[], int],
    *,
    by: int | None = None,
) -> list[Any]:
    """The events for one host operation (``by``: the host phone's player sending it; None: the TV or the class)."""
    _open(room)
    phase = room.phase(games)
    match op:
        case SelectGame(game=game, options=options):
            if phase == "playing":
                raise RoomRejected(RoomCode.IN_GAME, "finish or end this game first")
            spec = games.get(game or "")
            if spec is None:
                raise RoomRejected(RoomCode.UNKNOWN_GAME, f"no game called {game!r}")
            try:
                spec.setup(spec.min_players, 0, options)
            except OptionError as exc:
                raise RoomRejected(RoomCode.BAD_OPTIONS, str(exc)) from None
            return [GameSelected(game=spec.id, options=dict(options or {}))]
        case AddBot(bot=bot):
            _check_bot(room, bot, games)
            if len(room.lobby_players()) >= MAX_PLAYERS:
                raise RoomRejected(RoomCode.FULL, f"at most {MAX_PLAYERS} players", params={"max": MAX_PLAYERS})
            return [BotAdded(player=room.next_player, name=_bot_name(room), bot=bot)]
        case RemovePlayer(player=player_id):
            player = _player(room, player_id)
            return [PlayerRemoved(player=player.id), *_next_host_phone(room, player.id)]
        case Lock(locked=locked):
            return [RoomLocked(locked=locked)] if room.locked != locked else []
        case SetTurnTimer(seconds=seconds):
            if seconds is None or not 0 <= seconds <= MAX_TURN_TIMER:
                raise RoomRejected(RoomCode.BAD_VALUE, f"seconds: 0 (off) to {MAX_TURN_TIMER}", params={"max": MAX_TURN_TIMER})
            return [TurnTimerSet(seconds=seconds)]
        case Start():
            return _start(room, phase, games, draw_seed)
        case PlayAgain():
            if phase != "finished":
                raise RoomRejected(RoomCode.NOT_FINISHED, "the game is not over yet")
            return [BackToLobby()]
        case EndGame():
            if room.run is None:
                raise RoomRejected(RoomCode.NOT_PLAYING, "no game is running")
            # a game already over goes back as play_again does; one being played is stopped, and said so
            return [BackToLobby()] if phase == "finished" else [BackToLobby(stopped=True, by=by)]
        case HandToBot(player=player_id, bot=bot):
            player = _player(room, player_id)
            bot = bot or (default_bot(games[room.run.game]) if room.run else None)
            if bot is None and room.game:
                bot = default_bot(games[room.game])
            _check_bot(room, bot, games)
            return [SeatHandedToBot(player=player.id, bot=bot or "")]
        case TakeBack(player=player_id):
            player = _player(room, player_id)
            if player.token_hash is None:
                raise RoomRejected(RoomCode.BOT_SEAT, "a bot has no human to give the seat back to")
            return [SeatHandedToBot(player=player.id, bot=None)] if player.bot is not None else []
        case CloseRoom():
            return [RoomClosed(reason="host")]
        case SetStandIns(allowed=allowed):
            return [StandInsAllowed(allowed=allowed)] if room.stand_ins != allowed else []
        case RenamePlayer(player=player_id, name=name):
            player = _player(room, player_id)
            return [PlayerRenamed(player=player.id, name=clean_name(name))] if player.name != name else []
        case MoveSeatToDevice(player=player_id, token_hash=hashed, by=name):
            player = _player(room, player_id)
            if player.token_hash is None:
                raise RoomRejected(RoomCode.BOT_SEAT, "a bot has no phone to replace")
            return [SeatReclaimed(player=player.id, token_hash=hashed, by=name)]
        case SeatPlayer(name=name, token_hash=hashed):
            return decide_join(attrs.evolve(room, locked=False), name, hashed)
        case GiveExtraTime(player=player_id, extra=extra):
            player = _player(room, player_id)
            return [ExtraTimeSet(player=player.id, extra=extra)] if player.extra_time != extra else []
        case SitOut(player=player_id, out=out):
            player = _player(room, player_id)
            return [SittingOutSet(player=player.id, out=out)] if player.sitting_out != out else []
        case ReclaimSeat():
            raise AssertionError("the room actor decides reclaim_seat (decide_reclaim_code)")
        case NameHostPhone(player=player_id):
            if room.class_table:
                raise RoomRejected(RoomCode.CLASS_TABLE, "the teacher runs this table: no phone hosts it")
            if player_id is None:
                return [HostPhoneNamed(player=None, reason="named", by=by)] if room.host_phone is not None else []
            player = _player(room, player_id)
            if player.token_hash is None:
                raise RoomRejected(RoomCode.BOT_SEAT, "a bot has no phone to host from")
            if room.host_phone == player.id:
                return []
            return [HostPhoneNamed(player=player.id, reason="named", by=by)]


def _start(room: Room, phase: str, games: Mapping[str, GameSpec], draw_seed: Callable[[], int]) -> list[Any]:
    if phase == "playing":
        raise RoomRejected(RoomCode.IN_GAME, "a game is already running")
    if room.game is None:
        raise RoomRejected(RoomCode.NO_GAME, "choose a game first")
    spec = games[room.game]
    # Players the host has sitting out (too many for this game) watch this one.
    seated = [p for p in room.lobby_players() if not p.sitting_out]
    seats = tuple(p.id for p in seated)
    if not spec.min_players <= len(seats) <= spec.max_players:
        raise RoomRejected(
            RoomCode.PLAYER_COUNT, f"{spec.title} takes {spec.min_players}-{spec.max_players} players, not {len(seats)}",
            params={"game": spec.title, "min": spec.min_players, "max": spec.max_players, "players": len(seats)},
        )
    short = spec.deal_shortfall(spec.setup(len(seats), 0, room.options)) if spec.deal_shortfall else None
    if short is not None:
        cards, needed = short
        raise RoomRejected(
            RoomCode.TOO_FEW_CARDS, f"these options leave {cards} cards, and dealing to {len(seats)} players takes {needed}",
            params={"game": spec.title, "cards": cards, "needed": needed, "players": len(seats)},
        )
    events: list[Any] = [BackToLobby()] if room.run is not None else []
    # Bots chosen for another game, or with no kind, play as this game's default bot.
    for p in seated:
        if p.bot is not None and p.bot not in spec.bots:
            events.append(SeatHandedToBot(player=p.id, bot=default_bot(spec)))
    events.append(GameStarted(game=spec.id, options=dict(room.options), seed=draw_seed(), seats=seats))
    return events


def decide_game(room: Room, player_id: int, command: Any, games: Mapping[str, GameSpec]) -> list[Any]:
    """A player's game command as game events (raises Rejected / RoomRejected)."""
    _open(room)
    if room.run is None:
        raise RoomRejected(RoomCode.NOT_PLAYING, "no game is running")
    player = room.player(player_id)
    if player is None or player.seat is None:
        raise RoomRejected(RoomCode.NOT_SEATED, "you have no seat in this game")
    if player.bot is not None:
        raise RoomRejected(RoomCode.BOT_SEAT, "a bot is playing your seat")
    spec = games[room.run.game]
    if spec.is_terminal(room.run.state):
        raise Rejected(Code.GAME_OVER, "the game is over")
    return list(spec.decide(room.run.state, player.seat, command))
