"""The room actor: one asyncio task owns one room and handles its inbox.

Read top to bottom, this is the path of every change (DESIGN.md section 1):

1. ``run`` takes every message waiting in the inbox (a *turn*, at most
   ``MAX_BATCH``) and ``handle``s each in order against a *candidate* room:
   a command is decoded, decided (pure rules, may refuse) and its events
   folded into the candidate.  A refusal changes nothing and gets its error;
   a bug in one message is logged, answered ``server/bug`` and rolled back.
2. ``commit`` stores every event of the turn in ONE append at the room's
   version (with the actor's fence in cluster mode).  If the append fails,
   every change of the turn is refused (``server/store``) and nothing is
   adopted.  Nothing is acknowledged before it is stored.
3. The candidate becomes the room; acks, errors and welcomes go out in the
   order their messages came; removed players and a closed room are sent away.
4. The timers are re-armed (``server.timers``; the turn clock only when the
   game moved on) and the grace periods' wake-up (``server.presence``), so the
   state shows the running turn clock; then ``fan_out`` (``server.fanout``)
   sends every socket its new state, once per turn.
5. Replies computed from the state (hints) go after that state, naming its
   version (issue 15).

Timers, bots, grace periods and the idle check post typed messages (``server.inbox``) into
the same inbox, so they are ordered with the players' commands.  An actor
can be driven without sockets: put messages in, read the clients' outboxes
and the store.
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from games import values
from games.contract import ROOM, GameSpec, Rejected
from protocol import codec
from protocol.errors import FAULTS, Busy, Close, ErrorCode, Forbidden, ProtocolError, ServerCode, ServerFault
from protocol.frames import VERSION, Ack, Bye, Error, Hello, ReclaimCode, Welcome
from server import fastlane, lobby, records, roomstate, snapshots
from server.bots import Bots, bot_seats, playing_spec
from server.client import Client
from server.codecs import codec_for
from server.config import HubConfig
from server.fanout import ViewMemory
from server.fanout import fanout as fan_out
from server.hints import hint_for
from server.inbox import (
    AskHint,
    Attach,
    BotTurn,
    CloseRoom,
    Command,
    Detach,
    HandOver,
    HostOp,
    IdleCheck,
    Message,
    PauseChanged,
    PresenceDue,
    TimerDue,
    TurnTimedOut,
)
from server.logs import event as log_event
from server.metrics import Metrics
from server.outbox import Overflow
from server.presence import Presence
from server.reactions import for_room as reactions_for
from server.roomstate import Room
from server.store.base import Fenced, Snapshot, Store, StoreError, VersionConflict
from server.timers import RoomTimers, acting_players, wall_ms
from server.tokens import OWN_TOKEN_RULE, matches, new_reclaim_code, new_token, own_token, token_hash
from server.votes import RoomVotes

LOG = logging.getLogger("pizzanight")
SERVER_NAME = "pizzanight/0.1.0"
#: What a change refused because its turn could not be stored is told.
FAILURES = {
    ServerCode.STORE: "could not save that, please try again",
    ServerCode.BUG: "something went wrong on the server; nothing was changed",
}
#: At most this many messages are handled in one turn, so screens never fall far behind.
MAX_BATCH = 64


def wall_clock() -> int:
    """Unix seconds: reclaim codes expire by the wall clock, so the expiry holds across restarts and nodes."""
    return int(time.time())


class RoomObserver:
    """What a room tells whoever runs it from outside (a class session); the plain hub ignores it all.

    Called from inside the actor's turn, so implementations only note things
    and return at once (a class records them in its own log, later).  What
    every move would ask (``paused``, ``admit``, ``stored``) is asked only
    of a class table's room (``Room.class_table``): a party room's move
    skips the calls, which are no-ops for it.
    """

    def refused(self, room: Room, player: int, code: str, command: Mapping[str, Any] | None = None) -> None:
        """A seated player's game command (``command``, its wire map) was refused by the rules (``code``)."""

    def paused(self, room: Room) -> str | None:
        """Why nobody may move at ``room`` now (a class paused by its teacher), or None."""
        return None

    def hint_refusal(self, room: Room, player: int) -> str | None:
        """Why ``player`` may not have a hint now (a message for their phone), or None."""
        return None

    def hinted(self, room: Room, player: int) -> None:
        """``player`` was given a hint."""

    def hints_left(self, room: Room, player: int) -> tuple[int | None, bool]:
        """(hints ``player`` has left, None for no limit; whether hints are off for them): their phone shows it."""
        return None, False

    def admit(self, room: Room, player: int, command: Mapping[str, Any]) -> None:
        """Before the rules judge a seated player's game command: raise a ``ProtocolError`` to refuse it unjudged
        (a class table's limit on refused tries, issue 25)."""

    def stored(self, room: Room, count: int) -> None:
        """``count`` events were just appended to ``room`` (now at ``room.version``): a class notes when, for its report."""


@attrs.define
class RoomShared:
    """What every room of a hub shares (the hub builds it once)."""

    games: Mapping[str, GameSpec]
    store: Store
    config: HubConfig
    metrics: Metrics
    catalog: list[dict]
    public_url: str | None = None
    #: Called once the room's ``RoomClosed`` is stored (the hub frees its code).
    on_ended: Callable[[RoomActor], None] = lambda actor: None
    #: Told of refused game commands and hints (a class session counts them; see ``RoomObserver``).
    observer: RoomObserver = attrs.Factory(RoomObserver)


@attrs.define
class Turn:
    """What one turn of the actor has decided so far, before it is stored."""

    room: Room  # the candidate: the stored room plus the events below
    events: list[Any] = attrs.Factory(list)
    #: (client, frame, stored): a frame with ``stored`` true (an ack) is sent only if the events are stored.
    replies: list[tuple[Client, Any, bool]] = attrs.Factory(list)
    #: Sockets to admit once the events are stored, with the seat token issued to each (if any)
    #: and whether a seat was made for it (such a socket is refused if the events are not stored).
    admits: list[tuple[Attach, str | None, bool]] = attrs.Factory(list)
    hints: list[AskHint] = attrs.Factory(list)
    #: Sockets that went away (dropped after this turn's admissions, so a socket admitted and gone in one turn is gone).
    left: list[Client] = attrs.Factory(list)
    #: Who is connected changed (everyone's lobby shows it).
    presence: bool = False
    #: The clock needs re-arming even if nothing was stored.
    reschedule: bool = False
    #: The turn clock started again with nothing stored (no seat had a move): screens are shown its new start.
    clock_restarted: bool = False
    hand_over: HandOver | None = None
    #: Operators waiting for their close (``CloseRoom``) to be stored.
    closings: list[asyncio.Future[None]] = attrs.Factory(list)
    #: Players whose seat the class moved to a new device: their old socket is told so once stored.
    moved: list[int] = attrs.Factory(list)

    def apply(self, events: list[Any], games: Mapping[str, GameSpec]) -> None:
        room = self.room
        for event in events:
            room = roomstate.evolve(room, event, games)
        self.room = room
        self.events.extend(events)


class RoomActor:
    def __init__(self, room: Room, shared: RoomShared) -> None:
        self.room = room
        self.shared = shared
        self.games = shared.games
        self.store = shared.store
        self.config = shared.config
        self.metrics = shared.metrics
        self.inbox = fastlane.Mailbox(self.config.mailbox)
        self.timers = RoomTimers(self.post, self.config)
        self.bots = Bots()
        self.host: Client | None = None
        self.players: dict[int, Client] = {}
        self.spectators: set[Client] = set()
        self.snapshot_at = room.version
        self.started = time.monotonic()  # when this node began running the room (the admin console's "age")
        #: Who left when, and what the grace periods do about it (server.presence).
        self.presence = Presence(self.config, self.started)
        #: What the grace timer was last armed for (``arm_presence``); None: arm it at the next turn.
        self._presence_inputs: tuple | None = None
        #: Appends are fenced with this lease token (cluster mode); None on a single node.
        self.fence: int | None = None
        #: Set when the room moved to another node: the actor writes nothing more.
        self.stopped = False
        #: State frames encoded (tests check fan-out encodes once per viewer class).
        self.encodes = 0
        #: What the sockets have been shown: the base of the next fan-out's diffs (server.fanout).
        self.view_memory = ViewMemory()
        self.done = asyncio.Event()
        self._commands = self.metrics.command_counts
        self._latency = self.metrics.command_latency
        #: Audience reactions, counted beside the actor (never in its inbox or log), flushed to the TV.
        self.reactions = reactions_for(self)
        #: Audience votes (server.votes): questions from the public view, ballots off the inbox and the log.
        self.votes = RoomVotes(self)

    # --- what sockets, the hub and the clock call ------------------------------------

    def submit(self, message: Message) -> None:
        """Queue a client's message, or refuse it (``rate/room_busy``) when the room is swamped."""
        try:
            self.inbox.put_nowait(message)
        except asyncio.QueueFull:
            raise Busy("the room is busy, try again") from None

    def post(self, message: Message) -> None:
        """Queue a message from the clock or the hub; if the inbox is full, retry shortly."""
        if self.room.closed is not None or self.done.is_set():
            return
        try:
            self.inbox.put_nowait(message)
        except asyncio.QueueFull:
            asyncio.get_running_loop().call_later(0.05, self.post, message)

    def touch(self) -> None:
        self.timers.touch()

    async def attach(self, client: Client, hello: Any, issued: str | None = None) -> None:
        """Admit ``client``; returns once it is in the room (welcome queued), raises the refusal otherwise."""
        self.check_open()
        admitted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        await self.inbox.put(Attach(client, hello, admitted, issued))
        stopped = asyncio.ensure_future(self.done.wait())
        try:
            await asyncio.wait({admitted, stopped}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopped.cancel()
        if not admitted.done():  # the room ended before it got to this socket
            admitted.cancel()
            self.check_open(ended=True)
        admitted.result()

    def detach(self, client: Client) -> None:
        self.post(Detach(client))

    def check_open(self, *, ended: bool = False) -> None:
        """Refuse a new socket when this actor no longer runs its room."""
        if ended or self.done.is_set() or self.room.closed is not None:
            raise lobby.RoomRejected(lobby.RoomCode.CLOSED, "this room has ended", close=Close.ROOM_CLOSED)

    def clients(self) -> list[Client]:
        out: list[Client] = [*self.players.values(), *self.spectators]
        if self.host is not None:
            out.append(self.host)
        return out

    # --- the loop ------------------------------------------------------------------

    async def run(self) -> None:
        """Take turns until the room closes, or until this node stops running it (``stopped``).

        A stopped actor writes nothing more, so it ends here by itself: the
        hub also cancels its task, but a store call can swallow that
        cancellation (redis-py does), and an actor left running would go on
        taking its clock's turns, each refused, for as long as the process lives.
        """
        self.timers.arm_idle()
        self.arm_presence()
        try:
            while self.room.closed is None and not self.stopped:
                while (arrival := self.inbox.arrival()) is not None:  # (inbox.wait(), without its coroutine)
                    await arrival
                if self.stopped:
                    break
                await self.turn(self.inbox.take(MAX_BATCH, stop_after=HandOver))
        finally:
            self.timers.cancel()
            self.done.set()

    async def turn(self, batch: list[Message]) -> None:
        """Handle ``batch`` against a candidate room, store it once, then tell everyone."""
        started = time.perf_counter()
        turn = Turn(self.room)
        for message in batch:
            self.handle_safely(message, turn)
        failure = await self.commit(turn)
        stored = failure is None
        self.reply_all(turn, failure)
        for done in turn.closings:
            if not done.done():
                done.set_result(None) if stored else done.set_exception(RuntimeError(f"the close was not stored: {failure}"))
        acked = time.perf_counter()
        if stored and turn.events:
            self.after_events(turn.events)
        # the clock first: the lobby shows when the running turn's clock started (lobby.turn_clock)
        if self.room.closed is None and (turn.events or turn.presence or turn.reschedule):
            try:
                paused = self.room.class_table and self.shared.observer.paused(self.room) is not None
                self.timers.schedule(self.room, self.games, paused)
                self.arm_presence()
            except Exception:
                self.log_bug("scheduling timers failed")
        if stored and turn.events and self.room.closed is None:
            self.votes.changed()  # a vote whose moment passed closes before the change is shown
        if self.room.closed is None and (turn.events and stored or turn.presence or turn.clock_restarted):
            try:
                fan_out(self)
            except Exception:
                self.log_bug("fan-out failed")
        if turn.admits and self.room.closed is None:
            self.greet_votes(turn)
        if turn.hints:
            self.answer_hints(turn.hints)
        if turn.hand_over is not None:
            self.stopped = True
            if not turn.hand_over.done.done():
                turn.hand_over.done.set_result(None)
        if stored and self.room.version - self.snapshot_at >= self.config.snapshot_every:
            await self.save_snapshot()
        self.count(batch, acked - started)

    def log_bug(self, what: str) -> None:
        """A bug in a view or a timer (the exception being handled) is logged and counted; the room goes on.

        Called from an ``except`` block rather than wrapped as a context
        manager: it sits on every move's path, where a ``with`` costs more.
        """
        self.metrics.room_errors.inc()
        LOG.exception(what, extra={"fields": {"room": self.room.code}})

    def handle_safely(self, message: Message, turn: Turn) -> None:
        """``handle`` one message; a refusal is answered, a bug is logged, answered and rolled back."""
        room, events = turn.room, len(turn.events)
        try:
            _handle(self, message, turn)  # self.handle(message, turn), a player's usual command compiled
        except (ProtocolError, Rejected, ServerFault) as exc:
            turn.room, turn.events[events:] = room, []
            self.refuse(message, turn, exc)
        except Exception:
            turn.room, turn.events[events:] = room, []
            self.metrics.room_errors.inc()
            LOG.exception("room message failed", extra={"fields": {"room": self.room.code, "message": type(message).__name__}})
            self.refuse(message, turn, None)

    def handle(self, message: Message, turn: Turn) -> None:
        games = self.games
        match message:
            case Command(client=client, seq=seq, payload=payload):
                self.touch()
                player = client.player  # (a property: read once, this runs for every move)
                if client.role != "player" or player is None:
                    raise Forbidden("only players send game commands")
                if turn.room.run is None:
                    raise lobby.RoomRejected(lobby.RoomCode.NOT_PLAYING, "no game is running")
                class_table = turn.room.class_table  # a class watches its tables' moves (RoomObserver); a party room is not asked
                if class_table:
                    paused = self.shared.observer.paused(turn.room)
                    if paused is not None:
                        raise lobby.RoomRejected(lobby.RoomCode.PAUSED, paused)
                command = codec_for(games[turn.room.run.game]).command(payload)
                if class_table:
                    self.shared.observer.admit(turn.room, player, payload)
                me = turn.room.player(player)
                if me is not None and me.stand_in:  # back at the seat: the stand-in ends before this move
                    turn.apply([roomstate.StandInSet(player=me.id, on=False)], games)
                turn.apply(lobby.decide_game(turn.room, player, command, games), games)
                turn.replies.append((client, Ack(seq=seq), True))
            case HostOp(client=client, seq=seq, op=op):
                self.touch()
                if not lobby.may_host(turn.room, client.role, client.player, op):
                    raise Forbidden("only the host does that")
                if isinstance(op, lobby.ReclaimSeat):
                    self.reclaim_code(turn, client, seq, op)
                    return
                if isinstance(op, lobby.PlayTurn):
                    self.play_turn_for(turn, op.player, op.by)
                    turn.replies.append((client, Ack(seq=seq), True))
                    return
                by = client.player if client.role == "player" else None
                turn.apply(lobby.decide_host(turn.room, op, games, lambda: secrets.randbits(48), by=by), games)
                if isinstance(op, lobby.MoveSeatToDevice) and op.player is not None:
                    turn.moved.append(op.player)
                turn.replies.append((client, Ack(seq=seq), True))
            case AskHint():
                self.touch()
                turn.hints.append(message)
            case Attach():
                self.touch()
                self.decide_attach(message, turn)
            case Detach(client=client):
                turn.left.append(client)
            case TimerDue(key=key):
                self.timers.game_timer_fired(key)
                turn.reschedule = True
                self.game_timer(turn, key)
            case BotTurn():
                self.timers.bot_turn_fired()
                self.bot_turn(turn)
            case PauseChanged():
                turn.reschedule = turn.clock_restarted = True  # the clock stops, or restarts whole (timers.schedule)
                self.bot_turn(turn)
            case TurnTimedOut(version=version):
                self.timers.turn_timer_fired()
                turn.reschedule = True
                if self.timers.clock_due(version) and playing_spec(turn.room, games) is not None:
                    if turn.room.class_table and self.shared.observer.paused(turn.room) is not None:
                        turn.clock_restarted = True  # paused since the clock was armed: rescheduling stops it
                    else:
                        self.play_timed_out_seats(turn)
            case PresenceDue():
                self._presence_inputs = None  # the timer fired: the next deadline is computed afresh
                turn.presence = turn.reschedule = True  # an away phone may have become absent: everyone's lobby
                self.presence_rules(turn)
            case IdleCheck():
                if self.timers.idle():
                    turn.apply([roomstate.RoomClosed(reason="idle")], games)
                else:
                    self.timers.arm_idle()
            case CloseRoom(reason=reason):
                if turn.room.closed is None:
                    turn.apply([roomstate.RoomClosed(reason=reason)], games)
                turn.closings.append(message.done)
            case HandOver():
                turn.hand_over = message

    # --- deciding what a message changes ------------------------------------------------

    def decide_attach(self, message: Attach, turn: Turn) -> None:
        """Check a socket's hello against the room; it is admitted once the turn is stored."""
        client, hello, room = message.client, message.hello, turn.room
        self.check_admission()
        if room.closed is not None:
            raise lobby.RoomRejected(lobby.RoomCode.CLOSED, "this room has ended", close=Close.ROOM_CLOSED)
        token: str | None = None
        seated = False  # a seat was made for this hello: it is admitted only once that is stored
        if client.role == "host":
            if message.issued is not None:
                token = message.issued
            elif not matches(hello.token, room.host_hash):
                raise ProtocolError("wrong host token", code=ErrorCode.BAD_TOKEN, close=Close.POLICY)
        elif client.role == "player":
            seat = self.seat_for(room, hello)
            if seat is not None:  # back to its seat (a name or a reclaim code sent with the token changes nothing)
                client.player = seat
            else:
                # A new seat: with the phone's own token when it sent one, so that a hello whose
                # welcome was lost can be sent again as it was and come back to this seat.
                secret = hello.token or new_token()
                if hello.reclaim is not None:
                    events = lobby.decide_reclaim(room, hello.reclaim, token_hash(secret), wall_clock())
                else:
                    events = lobby.decide_join(room, hello.name or "", token_hash(secret))
                turn.apply(events, self.games)
                client.player = events[0].player
                token = None if hello.token is not None else secret
                seated = True
            self.arrived(turn, client.player)
        turn.admits.append((message, token, seated))

    def seat_for(self, room: Room, hello: Hello) -> int | None:
        """The seat a player's hello comes back to, or None when it asks for a new one.

        A token that holds a seat wins over everything else in the hello.  A
        token that holds none is refused, unless the hello also asks for a seat
        (a name, or a reclaim code): then it is the phone's own secret for that
        new seat, and must be long enough to be one (``tokens.own_token``).
        """
        if hello.token is None:
            if hello.name is None and hello.reclaim is None:
                raise ProtocolError("a player joins with a name or comes back with a token", code=ErrorCode.BAD_FRAME, close=Close.POLICY)
            return None
        player = next((p for p in room.players if matches(hello.token, p.token_hash)), None)
        if player is not None:
            return player.id
        if any(matches(hello.token, old) for p in room.players for old in p.moved_hashes):
            raise lobby.RoomRejected(lobby.RoomCode.SEAT_MOVED, "your seat moved to another device", close=Close.POLICY)
        if hello.name is None and hello.reclaim is None:
            raise ProtocolError("that seat token is not valid here", code=ErrorCode.BAD_TOKEN, close=Close.POLICY)
        if not own_token(hello.token):
            raise ProtocolError(OWN_TOKEN_RULE, code=ErrorCode.BAD_FRAME, close=Close.POLICY)
        return None

    # --- presence: who is here, who is away, who is absent (issue 24; server.presence) -------------

    def gone_for(self, player_id: int, now: float) -> float:
        """Seconds since ``player_id``'s last socket left (0 while one is connected)."""
        return self.presence.gone_for(player_id, self.players, now)

    def absent(self, room: Room, now: float | None = None) -> frozenset[int]:
        """Humans gone for the seat grace or longer (the lobby shows them ``absent``)."""
        return self.presence.absent(room, self.players, time.monotonic() if now is None else now)

    def authority(self, room: Room, now: float | None = None) -> tuple[str, int | None]:
        """Who is in charge (``lobby.authority``)."""
        return self.presence.authority(room, self.players, time.monotonic() if now is None else now)

    def presence_rules(self, turn: Turn) -> None:
        """What grace periods that ran out change: hosting moves on, bots stand in for absent seats."""
        events = self.presence.due(turn.room, self.players, time.monotonic(), self.games)
        if events:
            turn.apply(events, self.games)

    def arrived(self, turn: Turn, player_id: int | None) -> None:
        """A human's phone is (back) in the room: their stand-in ends; a lapsed hosting falls to them."""
        events = self.presence.arrived(turn.room, player_id, self.players, time.monotonic())
        if events:
            turn.apply(events, self.games)

    def arm_presence(self) -> None:
        """Wake the actor when a grace period next runs out (``PresenceDue``).

        Only when what the deadline depends on changed (``Presence.inputs``:
        the players, who is connected, who left when, hosting, a game in
        play) or the timer fired: most turns are moves that change none of it.
        """
        inputs = self.presence.inputs(self.room, self.players, self.games)
        if inputs == self._presence_inputs:
            return
        self._presence_inputs = inputs
        self.timers.arm_presence(self.presence.delay(self.room, self.players, time.monotonic(), self.games))

    def reclaim_code(self, turn: Turn, client: Client, seq: int, op: lobby.ReclaimSeat) -> None:
        """Issue a one-time code that hands a disconnected seat to a new device (answered in place of the ack).

        Only the code's hash and expiry go in the log; the code itself goes to
        whoever asked, once the record is stored.
        """
        code = new_reclaim_code()
        connected = op.player is not None and op.player in self.players
        wait = 0
        if op.player is not None and not connected:
            wait = max(0, math.ceil(self.config.grace_party - self.gone_for(op.player, time.monotonic())))
        elif connected:
            wait = math.ceil(self.config.grace_party)
        expires = wall_clock() + lobby.RECLAIM_SECONDS
        by = client.player if client.role == "player" else None
        events = lobby.decide_reclaim_code(turn.room, op.player, connected, token_hash(code), expires, wait=wait, by=by)
        turn.apply(events, self.games)
        player = events[0].player
        turn.replies.append((client, ReclaimCode(seq=seq, player=player, code=code, seconds=lobby.RECLAIM_SECONDS), True))

    def check_admission(self) -> None:
        """A hook: the cluster actor refuses sockets once its room moved away."""

    def game_timer(self, turn: Turn, key: str) -> None:
        """The game's timer ``key`` ran out: its ROOM command, if that timer is still the one due."""
        spec = playing_spec(turn.room, self.games)
        if spec is None or turn.room.run is None:
            return
        timer = spec.next_timer(turn.room.run.state)
        if timer is None or timer.key != key:
            return
        try:
            turn.apply(list(spec.decide(turn.room.run.state, ROOM, timer.command)), self.games)
        except Rejected as exc:
            log_event(logging.WARNING, "timer command rejected", room=self.room.code, code=exc.code.value)

    def bot_turn(self, turn: Turn) -> None:
        """The first bot seat (rotating with the version) that has something to do plays once."""
        room = turn.room
        if playing_spec(room, self.games) is None or room.run is None or self.shared.observer.paused(room) is not None:
            return  # a paused table's bots wait too (the class posts a BotTurn when it resumes)
        seats = bot_seats(room, self.games)
        start = room.version % len(room.run.seats)
        for seat in sorted(seats, key=lambda s: (s - start) % len(room.run.seats)):
            player = room.seat_player(seat)
            events = self.bots.move(room, self.games, seat, player.bot if player else None)
            if events is not None:
                turn.apply(events, self.games)
                return

    def play_timed_out_seats(self, turn: Turn) -> None:
        """The turn timer ran out: each seat the game waits for has its bot play the rest of its turn.

        Connected or not (issue 13: timers for everyone).  Each default move is
        stored after a :class:`~server.roomstate.DefaultMovePlayed` marker, so the
        log says it was the timer's move and not the player's.
        """
        moved = False
        assert turn.room.run is not None
        for seat, pid in acting_players(turn.room, self.games):
            moved |= self.play_out(turn, seat, pid)
        if not moved:
            self.timers.restart_clock()
            turn.reschedule = turn.clock_restarted = True

    def play_turn_for(self, turn: Turn, player_id: int | None, by: str) -> None:
        """``lobby.PlayTurn``: ``player_id``'s bot plays the rest of their turn, marked as not their own moves."""
        seat = next((seat for seat, pid in acting_players(turn.room, self.games) if pid == player_id), None)
        if seat is None or player_id is None or not self.play_out(turn, seat, player_id, by):
            raise lobby.RoomRejected(lobby.RoomCode.NOT_PLAYING, "it is not this player's turn")

    def play_out(self, turn: Turn, seat: int, player_id: int, by: str | None = None) -> bool:
        """The bot's moves for ``seat`` while the game still waits for it; True when it moved.

        A turn can be several moves (Splittissimo's tricks, then the end of
        the turn): a timer that played one of them and restarted would hold
        the table one whole period per trick.  At most :data:`MAX_PLAYED_OUT`.
        """
        moved = False
        for _ in range(MAX_PLAYED_OUT):
            if playing_spec(turn.room, self.games) is None:
                break
            if (seat, player_id) not in acting_players(turn.room, self.games):
                break
            events = self.bots.move(turn.room, self.games, seat, None)
            if events is None:
                break
            marker = roomstate.DefaultMovePlayed(player=player_id, seat=seat, by=by, announce=not moved)
            turn.apply([marker, *events], self.games)
            moved = True
        return moved

    def forget(self, client: Client) -> bool:
        """Drop a socket from the room; True when it was there."""
        if self.host is client:
            self.host = None
            return True
        if client.player is not None and self.players.get(client.player) is client:
            del self.players[client.player]
            self.presence.left(client.player, time.monotonic())
            return True
        if client in self.spectators:
            self.spectators.discard(client)
            return True
        return False

    # --- storing -------------------------------------------------------------------------

    async def commit(self, turn: Turn) -> ServerCode | None:
        """Store the turn's events in one append; None when stored (or nothing to store), else why not."""
        if not turn.events:
            return None
        try:
            # self.append(turn.events, turn.room), inline: every move awaits this, and a coroutine
            # is one more frame to make, to suspend through and to resume through
            if self.stopped:
                raise Fenced(f"room {self.room.id}: this node handed the room over")
            data = records.encode_all(turn.events)
            version = await self.store.append(self.room.id, data, self.room.version, fence=self.fence)
            assert version == turn.room.version, (version, turn.room.version)
            self.room = turn.room
            self.metrics.events.value += len(turn.events)  # (its inc, without the call: once a move)
        except VersionConflict as exc:  # someone else wrote the log (should not happen): read it again
            log_event(logging.ERROR, "store refused an append", room=self.room.code, error=str(exc))
            try:
                self.room = await load_room(self.store, self.room.id, self.games)
            except Exception:
                self.log_bug("reloading the room failed")
            return ServerCode.STORE
        except Fenced as exc:
            log_event(logging.WARNING, "append fenced", room=self.room.code, error=str(exc))
            self.fenced()
            return ServerCode.STORE
        except StoreError as exc:
            log_event(logging.ERROR, "store refused an append", room=self.room.code, error=str(exc))
            return ServerCode.STORE
        except Exception:
            self.metrics.room_errors.inc()
            LOG.exception("append failed", extra={"fields": {"room": self.room.code}})
            return ServerCode.BUG
        return None

    async def append(self, events: list[Any], room: Room) -> None:
        """Append ``events`` (which lead to ``room``) at the stored version, then adopt ``room``.

        (A turn's commit does the same inline.)
        """
        if self.stopped:
            raise Fenced(f"room {self.room.id}: this node handed the room over")
        data = records.encode_all(events)
        version = await self.store.append(self.room.id, data, self.room.version, fence=self.fence)
        assert version == room.version, (version, room.version)
        self.room = room
        self.metrics.events.inc(len(events))

    async def open(self, code: str, host_hash: str, *, no_tv: bool = False, class_table: bool = False) -> None:
        """Store a new room's first record, before the actor runs."""
        event = roomstate.RoomOpened(room=self.room.id, code=code, host_hash=host_hash, no_tv=no_tv, class_table=class_table)
        await self.append([event], roomstate.evolve(self.room, event, self.games))

    def fenced(self) -> None:
        """A hook: another node owns the room now (cluster mode)."""

    async def save_snapshot(self) -> None:
        if self.stopped:
            return
        try:
            data = snapshots.encode(self.room, self.games)
            if data is not None:
                await self.store.save_snapshot(self.room.id, Snapshot(self.room.version, data))
            self.snapshot_at = self.room.version
        except Exception:  # a snapshot only saves time at recovery; never fail a move for it
            LOG.exception("snapshot failed", extra={"fields": {"room": self.room.code}})

    # --- telling everyone ------------------------------------------------------------------

    def reply_all(self, turn: Turn, failure: ServerCode | None) -> None:
        """Acks (or the append's failure), errors and welcomes, in the order their messages came; then who left."""
        failed = 0
        for client, frame, needs_store in turn.replies:
            if needs_store and failure is not None:
                frame, failed = Error(code=failure.value, message=FAILURES[failure], seq=frame.seq), failed + 1
            elif type(frame) is Ack and type(client) is Client and not client.text:
                # client.answer(frame) for a move's ack, inline: one a move, and three calls
                # (answer, send, codec.encode_server) to make the same bytes
                try:
                    client.outbox.reply(codec.ACK_HEAD + codec.pack(frame.seq))
                except Overflow:
                    client.not_reading()
                continue
            client.answer(frame)
        if failed and failure is not None:
            self.metrics.rejected(failure.value, failed)
        for player_id in turn.moved if failure is None else ():
            old = self.players.pop(player_id, None)
            if old is not None:
                old.close(Close.POLICY, _seat_moved())
                self.presence.left(player_id, time.monotonic())
                turn.presence = True
        for message, token, seated in turn.admits:
            if failure is None or not seated:
                self.admit(message, token, seated)
                turn.presence = True
            elif not message.admitted.done():
                message.admitted.set_exception(FAULTS[failure]("could not save your seat, please try again"))
        for client in turn.left:
            turn.presence |= self.forget(client)

    def admit(self, message: Attach, token: str | None, seated: bool = False) -> None:
        client = message.client
        old = self.host if client.role == "host" else self.players.get(client.player) if client.player is not None else None
        if old is not None and old is not client and client.hello_at < old.hello_at:  # a late, abandoned hello (H4)
            message.admitted.done() or message.admitted.set_exception(_superseded())
            return
        if client.role == "host":
            if self.host is not None and self.host is not client:
                self.host.close(Close.REPLACED, Bye(reason="replaced"))
            self.host = client
        elif client.role == "player":
            assert client.player is not None
            old = self.players.get(client.player)
            if old is not None and old is not client:
                # a seat taken with a reclaim code: the old device hears that its seat moved
                if message.hello.reclaim is not None and seated:
                    old.close(Close.POLICY, _seat_moved())
                else:
                    old.close(Close.REPLACED, Bye(reason="replaced"))
            self.players[client.player] = client
            self.presence.back(client.player)
        else:
            self.spectators.add(client)
        public = self.shared.public_url
        client.answer(Welcome(
            v=VERSION, room=self.room.code, role=client.role, server=SERVER_NAME, player=client.player, token=token,
            join=f"{public}/join/{self.room.code}" if public else None, now=wall_ms(),
        ))
        if not message.admitted.done():
            message.admitted.set_result(None)
        log_event(logging.INFO, "attached", room=self.room.code, role=client.role, player=client.player)

    def greet_votes(self, turn: Turn) -> None:
        """The TV and spectators admitted this turn are shown the audience vote on now (server.votes).

        After the fan-out, which gave each of them its first state: a vote
        names the state it is about (its ``v``), which a client must hold
        before it reads the vote (docs/protocol.md, "Audience votes").
        """
        for message, _token, _seated in turn.admits:
            client = message.client
            if client is self.host or client in self.spectators:
                self.votes.greet(client)

    def after_events(self, events: list[Any]) -> None:
        """What stored lifecycle events do to the sockets and the bots."""
        if self.room.class_table:  # (RoomObserver: a class notes its tables' records)
            self.shared.observer.stored(self.room, len(events))
        for event in events:
            if isinstance(event, roomstate.GameStarted):
                self.bots.clear()
            elif isinstance(event, roomstate.PlayerRemoved):
                self.presence.back(event.player)
                client = self.players.pop(event.player, None)
                if client is not None:
                    client.close(Close.REMOVED, Bye(reason="removed"))
            elif isinstance(event, roomstate.RoomClosed):
                self.close_all(event.reason)
                return

    def close_all(self, reason: str) -> None:
        for client in self.clients():
            client.close(Close.ROOM_CLOSED, Bye(reason="room_closed"))
        self.host = None
        self.players.clear()
        self.spectators.clear()
        self.shared.on_ended(self)
        log_event(logging.INFO, "room closed", room=self.room.code, reason=reason)

    def answer_hints(self, hints: list[AskHint]) -> None:
        """Hints from the room as just shown, each after that state on its socket."""
        observer = self.shared.observer
        for ask in hints:
            try:
                player = ask.client.player if ask.client.role == "player" else None
                refusal = observer.hint_refusal(self.room, player) if player is not None else None
                if refusal is not None:
                    # a class's refusal may carry its own code (``hint/off``, ``hint/none_left``)
                    raise ProtocolError(refusal, code=getattr(refusal, "code", ErrorCode.HINT_UNAVAILABLE))
                frame: Any = hint_for(self.room, self.games, ask.client, ask.seq)
                if player is not None and frame.hint is not None:  # "nothing to suggest now" costs no hint
                    observer.hinted(self.room, player)
            except ProtocolError as exc:
                self.metrics.rejected(exc.code.value)
                frame = Error(code=exc.code.value, message=exc.message, seq=ask.seq)
            except Exception:
                self.metrics.room_errors.inc()
                LOG.exception("hint failed", extra={"fields": {"room": self.room.code}})
                frame = Error(code=ServerCode.BUG.value, message=FAILURES[ServerCode.BUG], seq=ask.seq)
            ask.client.answer_after_state(frame)

    def refuse(self, message: Message, turn: Turn, exc: Exception | None) -> None:
        """Answer a refused message (``exc`` None: our bug) to whoever sent it."""
        params = getattr(exc, "params", None)
        if exc is None:
            code, text = ServerCode.BUG.value, FAILURES[ServerCode.BUG]
        elif isinstance(exc, Rejected):
            code, text = exc.code.value, exc.detail or exc.code.value
        else:
            code, text = exc.code.value, exc.message
        match message:
            case Attach(admitted=admitted):
                if not admitted.done():
                    admitted.set_exception(exc if exc is not None else RuntimeError("attach failed"))
                return
            case Command(client=client, seq=seq) | HostOp(client=client, seq=seq):
                self.metrics.rejected(code)
                if isinstance(exc, Rejected) and isinstance(message, Command) and client.player is not None:
                    self.shared.observer.refused(self.room, client.player, code, message.payload)
                turn.replies.append((client, Error(code=code, message=text, seq=seq, params=params), False))

    def count(self, batch: list[Message], seconds: float) -> None:
        """Metrics, once per turn: commands by kind, and how long the turn took to acknowledge them."""
        if len(batch) == 1:  # the usual turn: one command (no tally to make)
            kind = _KINDS.get(type(batch[0]))
            if kind is not None:
                self._commands[kind].value += 1  # (its inc, without the call: once a move)
                self._latency[kind].observe(seconds)
            return
        kinds: dict[str, int] = {}
        for message in batch:
            kind = _KINDS.get(type(message))
            if kind is not None:
                kinds[kind] = kinds.get(kind, 0) + 1
        for kind, n in kinds.items():
            self._commands[kind].inc(n)
            self._latency[kind].observe(seconds)


_KINDS: dict[type, str] = {Command: "cmd", HostOp: "host", AskHint: "hint"}

#: What the turn hands each message to: ``RoomActor.handle``, or in the compiled fast lane
#: (server/fastlane/_turn.pyx) a seated player's usual game command handled in C and every
#: other message given to ``handle``.  It reads the fields of these classes (and of the room's,
#: its run's and its players') and calls these functions.
_handle = fastlane.command_handler(Command, Ack, roomstate, codec_for, lobby.decide_game, values.replace, values.copyable, Turn)


#: The most moves a bot plays out of one player's turn for the turn timer or a class's teacher.
MAX_PLAYED_OUT = 40


def _superseded() -> ProtocolError:
    """A hello older than the socket holding its seat never replaces it (issue 28): the newer socket stays."""
    return ProtocolError("a newer connection holds this seat", code=ErrorCode.SUPERSEDED, close=Close.REPLACED)


def _seat_moved() -> Error:
    """The last frame an old device gets when its seat moved to a new one (then close 1008)."""
    return Error(code=lobby.RoomCode.SEAT_MOVED.value, message="your seat moved to another device")


async def load_room(store: Store, room_id: str, games: Mapping[str, GameSpec]) -> Room:
    """Rebuild a room from its newest snapshot plus the records after it (or from the whole log).

    A snapshot that does not read as this hub's data format (pickle bytes
    from an older hub, anything damaged or foreign) is ignored: the log is
    the truth and is replayed from the start.
    """
    room = Room()
    snapshot = await store.load_snapshot(room_id)
    if snapshot is not None:
        try:
            candidate = snapshots.decode(snapshot.data, games)
        except snapshots.Unreadable as exc:
            log_event(logging.WARNING, "snapshot ignored", room_id=room_id, reason=str(exc))
        else:
            if candidate.version == snapshot.version and candidate.id == room_id:
                room = candidate
    for record in await store.read(room_id, room.version):
        room = roomstate.evolve(room, records.decode(record.data, room, games), games)
    return room
