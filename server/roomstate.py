"""The room's state and how its log folds into it.

A room's log holds two kinds of records: the lifecycle events defined here
(opened, joined, game selected, started, closed, ...) and the current game's
own events.  Both are folded by :func:`evolve`, so a room rebuilds from its
log exactly as a game does.  Pure: no I/O, no clock, no randomness.  The
decisions that produce these events are in :mod:`server.lobby`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from games import values
from games.contract import GameSpec, Outcome, SeatViewer

# --- lifecycle events (stored; never sent to clients as such) ----------------


@attrs.frozen
class RoomOpened:
    room: str
    code: str
    host_hash: str
    no_tv: bool = False  # opened by a phone ("play on phones only"): every phone shows the table
    class_table: bool = False  # opened by a class for its students: the class (the teacher) runs it, never a phone


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
    """Back to the lobby with the same players: after the end, or ``stopped`` mid-game by the host.

    ``by``: the host phone's player who stopped it (None: the TV did, or the game was over).
    """

    stopped: bool = False
    by: int | None = None


@attrs.frozen
class RoomClosed:
    reason: str


@attrs.frozen
class HostPhoneNamed:
    """The player whose phone may run the room like the TV (Jackbox's VIP): pick
    the game and its options, add bots, start.  ``None``: no phone hosts.

    ``reason`` says why, so the room can announce it (a ``host_changed``
    notice): ``first`` (the first to join; no notice), ``named`` (by the TV,
    or by the host phone of player ``by``), ``grace`` (the host phone was gone
    past the grace period: hosting moved on by itself), ``left`` (the host
    was removed).  Records stored before reasons existed read as ``""`` and
    announce nothing.
    """

    player: int | None
    reason: str = ""
    by: int | None = None


@attrs.frozen
class ExtraTimeSet:
    """The host gives a player more time per turn (accessibility): the turn timer doubles while they act."""

    player: int
    extra: bool


@attrs.frozen
class DefaultMovePlayed:
    """The turn timer ran out on this player, or a class's teacher asked (``by``): the game
    events that follow in the log are their bot's move, played for them (connected or not), not theirs.

    A turn of several moves has a marker before each; only the first (``announce``) is
    told to the room, so the phones are told once a turn.
    """

    player: int
    seat: int
    by: str | None = None
    announce: bool = True


@attrs.frozen
class SittingOutSet:
    """The host has a player sit out the next games (more players than the game takes), or play again."""

    player: int
    out: bool


@attrs.frozen
class ReclaimCodeIssued:
    """The host handed a disconnected seat to a new device: a one-time code for it.

    Only the code's hash is stored (like tokens), with its expiry in Unix
    seconds, so a restarted or failed-over room still honours it.  A newer
    code for the same player replaces the older one.
    """

    player: int
    code_hash: str
    expires: int
    by: int | None = None  # the host phone's player who asked; None: the TV or the class


@attrs.frozen
class SeatReclaimed:
    """A new device took the seat with its reclaim code: its new token's hash
    replaces the old one (a lost or stolen phone's token stops working) and
    the code is spent.

    ``by`` is the name announced with it (``seat_moved``): the host phone's
    player who asked for the code, ``"teacher"`` at a class table, None for
    the TV.  The old token's hash is kept (``Player.moved_hashes``) so the
    old device is told its seat moved rather than that its token is bad.
    """

    player: int
    token_hash: str
    by: str | None = None


@attrs.frozen
class StandInSet:
    """A bot plays (``on``) or stops playing (``on`` False: its human is back) for an absent seated human.

    Decided by the room actor from presence (the seat's phone gone past the
    grace period during a game); stored so a replay, a report or another
    node sees who played those moves.
    """

    player: int
    on: bool


@attrs.frozen
class PlayerRenamed:
    """A class's teacher renamed a student: their table shows the new name at once, mid-game too."""

    player: int
    name: str


@attrs.frozen
class StandInsAllowed:
    """The room lets (``allowed``) a bot play for an absent player, or not (the host's choice)."""

    allowed: bool


ROOM_EVENTS: tuple[type, ...] = (
    RoomOpened, PlayerJoined, BotAdded, PlayerRemoved, SeatHandedToBot, RoomLocked,
    GameSelected, TurnTimerSet, GameStarted, BackToLobby, RoomClosed, HostPhoneNamed,
    ExtraTimeSet, DefaultMovePlayed, SittingOutSet, ReclaimCodeIssued, SeatReclaimed, StandInSet, StandInsAllowed,
    PlayerRenamed,
)
ROOM_EVENT_TYPES = frozenset(ROOM_EVENTS)

# --- state -------------------------------------------------------------------

#: How many public announcements a room keeps (``lobby.notices``).
NOTICES_KEPT = 6


@attrs.frozen
class Notice:
    """A public announcement folded from the log: ``n`` is the room version of the event that made it.

    ``kind``: ``seat_moved``, ``host_changed``, ``stand_in``, ``back``,
    ``timed_out``, ``played_for`` or ``game_stopped``; ``by`` a name or None (see docs/protocol.md, "Notices").
    """

    n: int
    kind: str
    player: int
    name: str
    by: str | None = None


@attrs.frozen
class Player:
    id: int
    name: str
    bot: str | None = None  # the bot kind playing this player, if any
    token_hash: str | None = None  # None for a pure bot
    seat: int | None = None  # seat in the running game
    gone: bool = False  # removed during a game: a bot finishes the seat
    extra_time: bool = False  # the turn timer doubles while this player acts (ExtraTimeSet)
    sitting_out: bool = False  # left out of the games started from now on (SittingOutSet)
    reclaim_hash: str | None = None  # hash of the one-time code that hands this seat to a new device
    reclaim_expires: int = 0  # when that code stops working (Unix seconds)
    reclaim_by: int | None = None  # the host phone's player who asked for that code (None: the TV or the class)
    stand_in: bool = False  # a bot plays this absent human's seat until they come back (StandInSet)
    moved_hashes: tuple[str, ...] = ()  # tokens this seat had before it moved to a new device


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
    host_phone: int | None = None  # the player whose phone may host (HostPhoneNamed)
    no_tv: bool = False  # opened from a phone, with no TV: phones show the table above the hand
    class_table: bool = False  # a class's table: the class runs it, no phone ever hosts
    stand_ins: bool = True  # a bot may play for an absent player (StandInsAllowed; always at a class table)
    notices: tuple[Notice, ...] = ()  # the last NOTICES_KEPT announcements, oldest first

    def stand_ins_on(self) -> bool:
        """Whether a bot plays for absent players here: the room's setting, always at a class table."""
        return self.stand_ins or self.class_table

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
    return tuple(values.replace(p, **changes) if p.id == player_id else p for p in room.players)


def _announce(room: Room, kind: str, player_id: int | None, by: str | None = None) -> Room:
    """``room`` with one more notice (about a player still in the room), the oldest dropped past the limit."""
    player = room.player(player_id) if player_id is not None else None
    if player is None:
        return room
    notice = Notice(n=room.version, kind=kind, player=player.id, name=player.name, by=by)
    return values.replace(room, notices=(room.notices + (notice,))[-NOTICES_KEPT:])


def _name(room: Room, player_id: int | None) -> str | None:
    player = room.player(player_id) if player_id is not None else None
    return player.name if player is not None else None


def evolve(room: Room, event: Any, games: Mapping[str, GameSpec]) -> Room:
    """Fold one stored record (a lifecycle event or a game event) onto the room."""
    if type(event) not in ROOM_EVENT_TYPES:  # the common case: an event of the running game, one copy of the room
        assert room.run is not None, f"game event {event!r} with no game running"
        run = room.run
        state = games[run.game].evolve(run.state, event)
        return values.replace(room, version=room.version + 1, run=values.replace(run, state=state))
    room = values.replace(room, version=room.version + 1)
    match event:
        case RoomOpened(room=room_id, code=code, host_hash=host_hash, no_tv=no_tv, class_table=class_table):
            return values.replace(room, id=room_id, code=code, host_hash=host_hash, no_tv=no_tv, class_table=class_table)
        case PlayerJoined(player=pid, name=name, token_hash=token_hash):
            player = Player(pid, name, token_hash=token_hash)
            return values.replace(room, players=room.players + (player,), next_player=max(room.next_player, pid + 1))
        case BotAdded(player=pid, name=name, bot=bot):
            player = Player(pid, name, bot=bot or "")
            return values.replace(room, players=room.players + (player,), next_player=max(room.next_player, pid + 1))
        case PlayerRemoved(player=pid):
            target = room.player(pid)
            if target is not None and target.seat is not None and room.run is not None:
                players = _replace_player(room, pid, gone=True, bot=target.bot or "", token_hash=None, stand_in=False)
                # the table is told why a classmate's seat plays on without them
                return _announce(values.replace(room, players=players), "removed", pid)
            return values.replace(room, players=tuple(p for p in room.players if p.id != pid))
        case SeatHandedToBot(player=pid, bot=bot):
            return values.replace(room, players=_replace_player(room, pid, bot=bot))
        case RoomLocked(locked=locked):
            return values.replace(room, locked=locked)
        case GameSelected(game=game, options=options):
            return values.replace(room, game=game, options=dict(options))
        case TurnTimerSet(seconds=seconds):
            return values.replace(room, turn_timer=seconds)
        case GameStarted(game=game, options=options, seed=seed, seats=seats):
            spec = games[game]
            setup = spec.setup(len(seats), seed, options)
            players = tuple(
                values.replace(p, seat=seats.index(p.id) if p.id in seats else None) for p in room.players
            )
            run = Run(game=game, options=dict(setup.options), seed=seed, seats=tuple(seats), state=spec.initial_state(setup))
            return values.replace(room, players=players, run=run)
        case BackToLobby(stopped=stopped, by=by):
            if stopped:  # announced before the seats go: whoever stopped it is named while still seated
                room = _announce(room, "game_stopped", by)
            players = tuple(values.replace(p, seat=None, stand_in=False) for p in room.players if not p.gone)
            return values.replace(room, players=players, run=None)
        case RoomClosed(reason=reason):
            return values.replace(room, closed=reason)
        case HostPhoneNamed(player=pid, reason=reason, by=by):
            room = values.replace(room, host_phone=pid)
            if reason in ("named", "grace", "left"):
                room = _announce(room, "host_changed", pid, _name(room, by))
            return room
        case ExtraTimeSet(player=pid, extra=extra):
            return values.replace(room, players=_replace_player(room, pid, extra_time=extra))
        case SittingOutSet(player=pid, out=out):
            return values.replace(room, players=_replace_player(room, pid, sitting_out=out))
        case ReclaimCodeIssued(player=pid, code_hash=code_hash, expires=expires, by=by):
            return values.replace(
                room, players=_replace_player(room, pid, reclaim_hash=code_hash, reclaim_expires=expires, reclaim_by=by)
            )
        case SeatReclaimed(player=pid, token_hash=token_hash, by=by):
            target = room.player(pid)
            old = (target.token_hash,) if target is not None and target.token_hash else ()
            moved = (target.moved_hashes if target is not None else ()) + old
            players = _replace_player(
                room, pid, token_hash=token_hash, reclaim_hash=None, reclaim_expires=0, reclaim_by=None,
                moved_hashes=moved, stand_in=False,
            )
            return _announce(values.replace(room, players=players), "seat_moved", pid, by)
        case StandInSet(player=pid, on=on):
            room = values.replace(room, players=_replace_player(room, pid, stand_in=on))
            return _announce(room, "stand_in" if on else "back", pid)
        case StandInsAllowed(allowed=allowed):
            return values.replace(room, stand_ins=allowed)
        case PlayerRenamed(player=pid, name=name):
            return values.replace(room, players=_replace_player(room, pid, name=name))
        case DefaultMovePlayed(player=pid, by=by, announce=announce):
            # a marker in the log; the bot's game events follow it
            if not announce:
                return room
            return _announce(room, "played_for", pid, by) if by is not None else _announce(room, "timed_out", pid)
    raise AssertionError(f"unknown room event {event!r}")


def seat_view(room: Room, games: Mapping[str, GameSpec], seat: int) -> Any:
    assert room.run is not None
    return games[room.run.game].view(room.run.state, SeatViewer(seat))


def outcome(room: Room, games: Mapping[str, GameSpec]) -> Outcome | None:
    if room.run is None:
        return None
    spec = games[room.run.game]
    return spec.outcome(room.run.state) if spec.is_terminal(room.run.state) else None
