"""A room as a decider: lifecycle events, the room state, and the host's rules.

The room's log holds two kinds of records: the lifecycle events defined
here (opened, joined, game selected, started, closed, ...) and the current
game's own events.  Both are folded by :func:`evolve`, so a room rebuilds
from its log exactly as the game does.  This module is pure (no I/O, no
clock, no randomness): seeds and token hashes come in from the actor.
"""

from __future__ import annotations

import enum
from typing import Any, Callable, Mapping

import attrs

from games.contract import Code, GameSpec, Outcome, OptionError, Rejected, SeatViewer
from server.names import BadName, clean_name, same_name

#: At most this many players (humans and bots) in one room.
MAX_PLAYERS = 12
#: Longest turn timer a host may set, in seconds.
MAX_TURN_TIMER = 600


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
    UNKNOWN_OP = "host/unknown_op"
    UNKNOWN_GAME = "host/unknown_game"
    BAD_OPTIONS = "host/bad_options"
    NO_GAME = "host/no_game"
    PLAYER_COUNT = "host/player_count"
    UNKNOWN_BOT = "host/unknown_bot"
    UNKNOWN_PLAYER = "host/unknown_player"
    IN_GAME = "host/in_game"
    NOT_FINISHED = "host/not_finished"
    BAD_VALUE = "host/bad_value"


class RoomRejected(Exception):
    def __init__(self, code: RoomCode, message: str = "") -> None:
        super().__init__(message or code.value)
        self.code = code
        self.message = message or code.value


# --- lifecycle events (stored; never sent to clients as such) ----------------


@attrs.frozen
class RoomOpened:
    room: str
    code: str
    host_hash: str


@attrs.frozen
class PlayerJoined:
    player: int
    name: str
    token_hash: str


@attrs.frozen
class BotAdded:
    player: int
    name: str
    bot: str | None


@attrs.frozen
class PlayerRemoved:
    player: int


@attrs.frozen
class SeatHandedToBot:
    """``bot`` None gives the seat back to its human."""

    player: int
    bot: str | None


@attrs.frozen
class RoomLocked:
    locked: bool


@attrs.frozen
class GameSelected:
    game: str
    options: dict[str, Any]


@attrs.frozen
class TurnTimerSet:
    seconds: int


@attrs.frozen
class GameStarted:
    game: str
    options: dict[str, Any]
    seed: int
    seats: tuple[int, ...]


@attrs.frozen
class BackToLobby:
    pass


@attrs.frozen
class RoomClosed:
    reason: str


ROOM_EVENTS: tuple[type, ...] = (
    RoomOpened, PlayerJoined, BotAdded, PlayerRemoved, SeatHandedToBot, RoomLocked,
    GameSelected, TurnTimerSet, GameStarted, BackToLobby, RoomClosed,
)

# --- state -------------------------------------------------------------------


@attrs.frozen
class Player:
    id: int
    name: str
    bot: str | None = None  # the bot kind playing this player, if any
    token_hash: str | None = None  # None for a pure bot
    seat: int | None = None  # seat in the running game
    gone: bool = False  # removed during a game: a bot finishes the seat


@attrs.frozen
class Run:
    """The game being played (or just finished) in the room."""

    game: str
    options: Mapping[str, Any]
    seed: int
    seats: tuple[int, ...]  # player id of each seat
    state: Any


@attrs.frozen
class Room:
    id: str = ""
    code: str = ""
    host_hash: str = ""
    version: int = 0
    locked: bool = False
    closed: str | None = None
    game: str | None = None
    options: Mapping[str, Any] = attrs.field(factory=dict)
    turn_timer: int = 0
    players: tuple[Player, ...] = ()
    next_player: int = 0
    run: Run | None = None

    def player(self, player_id: int) -> Player | None:
        for player in self.players:
            if player.id == player_id:
                return player
        return None

    def seat_player(self, seat: int) -> Player | None:
        if self.run is None or not 0 <= seat < len(self.run.seats):
            return None
        return self.player(self.run.seats[seat])

    def phase(self, games: Mapping[str, GameSpec]) -> str:
        """``lobby``, ``playing``, ``finished`` or ``closed``."""
        if self.closed is not None:
            return "closed"
        if self.run is None:
            return "lobby"
        return "finished" if games[self.run.game].is_terminal(self.run.state) else "playing"

    def lobby_players(self) -> tuple[Player, ...]:
        return tuple(p for p in self.players if not p.gone)


def _replace_player(room: Room, player_id: int, **changes: Any) -> tuple[Player, ...]:
    return tuple(attrs.evolve(p, **changes) if p.id == player_id else p for p in room.players)


def evolve(room: Room, event: Any, games: Mapping[str, GameSpec]) -> Room:
    """Fold one stored record (a lifecycle event or a game event) onto the room."""
    room = attrs.evolve(room, version=room.version + 1)
    match event:
        case RoomOpened(room=room_id, code=code, host_hash=host_hash):
            return attrs.evolve(room, id=room_id, code=code, host_hash=host_hash)
        case PlayerJoined(player=pid, name=name, token_hash=token_hash):
            player = Player(pid, name, token_hash=token_hash)
            return attrs.evolve(room, players=room.players + (player,), next_player=max(room.next_player, pid + 1))
        case BotAdded(player=pid, name=name, bot=bot):
            player = Player(pid, name, bot=bot or "")
            return attrs.evolve(room, players=room.players + (player,), next_player=max(room.next_player, pid + 1))
        case PlayerRemoved(player=pid):
            target = room.player(pid)
            if target is not None and target.seat is not None and room.run is not None:
                players = _replace_player(room, pid, gone=True, bot=target.bot or "", token_hash=None)
            else:
                players = tuple(p for p in room.players if p.id != pid)
            return attrs.evolve(room, players=players)
        case SeatHandedToBot(player=pid, bot=bot):
            return attrs.evolve(room, players=_replace_player(room, pid, bot=bot))
        case RoomLocked(locked=locked):
            return attrs.evolve(room, locked=locked)
        case GameSelected(game=game, options=options):
            return attrs.evolve(room, game=game, options=dict(options))
        case TurnTimerSet(seconds=seconds):
            return attrs.evolve(room, turn_timer=seconds)
        case GameStarted(game=game, options=options, seed=seed, seats=seats):
            spec = games[game]
            setup = spec.setup(len(seats), seed, options)
            players = tuple(
                attrs.evolve(p, seat=seats.index(p.id) if p.id in seats else None) for p in room.players
            )
            run = Run(game=game, options=dict(setup.options), seed=seed, seats=tuple(seats), state=spec.initial_state(setup))
            return attrs.evolve(room, players=players, run=run)
        case BackToLobby():
            players = tuple(attrs.evolve(p, seat=None) for p in room.players if not p.gone)
            return attrs.evolve(room, players=players, run=None)
        case RoomClosed(reason=reason):
            return attrs.evolve(room, closed=reason)
    # Anything else is an event of the running game.
    assert room.run is not None, f"game event {event!r} with no game running"
    spec = games[room.run.game]
    return attrs.evolve(room, run=attrs.evolve(room.run, state=spec.evolve(room.run.state, event)))


# --- deciding ------------------------------------------------------------------


def _open(room: Room) -> None:
    if room.closed is not None:
        raise RoomRejected(RoomCode.CLOSED, "this room has ended")


def decide_join(room: Room, name: str, token_hash: str) -> list[Any]:
    _open(room)
    if room.locked:
        raise RoomRejected(RoomCode.LOCKED, "the host has locked this room")
    try:
        name = clean_name(name)
    except BadName as exc:
        raise RoomRejected(RoomCode.BAD_NAME, str(exc)) from None
    present = room.lobby_players()
    if len(present) >= MAX_PLAYERS:
        raise RoomRejected(RoomCode.FULL, f"at most {MAX_PLAYERS} players")
    if any(same_name(p.name, name) for p in present):
        raise RoomRejected(RoomCode.NAME_TAKEN, f"someone here is already called {name}")
    return [PlayerJoined(player=room.next_player, name=name, token_hash=token_hash)]


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
    op: str,
    args: Any,
    games: Mapping[str, GameSpec],
    draw_seed: Callable[[], int],
) -> list[Any]:
    """The events for one host operation (``args`` is the ``host`` frame)."""
    _open(room)
    phase = room.phase(games)
    if op == "select_game":
        if phase == "playing":
            raise RoomRejected(RoomCode.IN_GAME, "finish or end this game first")
        spec = games.get(args.game or "")
        if spec is None:
            raise RoomRejected(RoomCode.UNKNOWN_GAME, f"no game called {args.game!r}")
        try:
            spec.setup(spec.min_players, 0, args.options)
        except OptionError as exc:
            raise RoomRejected(RoomCode.BAD_OPTIONS, str(exc)) from None
        return [GameSelected(game=spec.id, options=dict(args.options or {}))]
    if op == "add_bot":
        _check_bot(room, args.bot, games)
        if len(room.lobby_players()) >= MAX_PLAYERS:
            raise RoomRejected(RoomCode.FULL, f"at most {MAX_PLAYERS} players")
        return [BotAdded(player=room.next_player, name=_bot_name(room), bot=args.bot)]
    if op == "remove":
        player = _player(room, args.player)
        return [PlayerRemoved(player=player.id)]
    if op in ("lock", "unlock"):
        return [RoomLocked(locked=op == "lock")] if room.locked != (op == "lock") else []
    if op == "turn_timer":
        seconds = args.seconds
        if seconds is None or not 0 <= seconds <= MAX_TURN_TIMER:
            raise RoomRejected(RoomCode.BAD_VALUE, f"seconds: 0 (off) to {MAX_TURN_TIMER}")
        return [TurnTimerSet(seconds=seconds)]
    if op == "start":
        if phase == "playing":
            raise RoomRejected(RoomCode.IN_GAME, "a game is already running")
        if room.game is None:
            raise RoomRejected(RoomCode.NO_GAME, "choose a game first")
        spec = games[room.game]
        seats = tuple(p.id for p in room.lobby_players())
        if not spec.min_players <= len(seats) <= spec.max_players:
            raise RoomRejected(
                RoomCode.PLAYER_COUNT, f"{spec.title} takes {spec.min_players}-{spec.max_players} players, not {len(seats)}"
            )
        events: list[Any] = [BackToLobby()] if room.run is not None else []
        # Bots chosen for another game, or with no kind, play as this game's default bot.
        for p in room.lobby_players():
            if p.bot is not None and p.bot not in spec.bots:
                events.append(SeatHandedToBot(player=p.id, bot=default_bot(spec)))
        events.append(GameStarted(game=spec.id, options=dict(room.options), seed=draw_seed(), seats=seats))
        return events
    if op == "play_again":
        if phase != "finished":
            raise RoomRejected(RoomCode.NOT_FINISHED, "the game is not over yet")
        return [BackToLobby()]
    if op == "hand_to_bot":
        player = _player(room, args.player)
        bot = args.bot or (default_bot(games[room.run.game]) if room.run else None)
        if bot is None and room.game:
            bot = default_bot(games[room.game])
        _check_bot(room, bot, games)
        return [SeatHandedToBot(player=player.id, bot=bot or "")]
    if op == "take_back":
        player = _player(room, args.player)
        if player.token_hash is None:
            raise RoomRejected(RoomCode.BOT_SEAT, "a bot has no human to give the seat back to")
        return [SeatHandedToBot(player=player.id, bot=None)] if player.bot is not None else []
    if op == "close":
        return [RoomClosed(reason="host")]
    raise RoomRejected(RoomCode.UNKNOWN_OP, f"unknown host op {op!r}")


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


def seat_view(room: Room, games: Mapping[str, GameSpec], seat: int) -> Any:
    assert room.run is not None
    return games[room.run.game].view(room.run.state, SeatViewer(seat))


def outcome(room: Room, games: Mapping[str, GameSpec]) -> Outcome | None:
    if room.run is None:
        return None
    spec = games[room.run.game]
    return spec.outcome(room.run.state) if spec.is_terminal(room.run.state) else None
