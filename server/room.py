"""The room actor: one asyncio task owns one room and handles one job at a time.

Every change follows the same path (DESIGN.md section 1): decide (pure
rules, may refuse), fold the events into a candidate state (so a bug in
``evolve`` stores nothing), append to the store at the expected version,
and only when the append has returned adopt the state, reply and fan out.
Timers, bot moves and turn time-outs are jobs the actor posts to its own
mailbox, so they are serialised with the players' commands.

A job that raises anything but a refusal is a bug: it is logged, counted,
answered with ``server/bug`` and leaves the room as it was; the actor and
every other room go on.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import hmac
import logging
import pickle
import secrets
import time
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from games.contract import ROOM, Rejected, SeatViewer
from protocol import errors
from protocol.codec import encode_server
from protocol.errors import Close, ProtocolError
from protocol.frames import VERSION, Ack, Bye, Error, Welcome
from server import fanout, lobby, records
from server.lobby import Room, RoomRejected
from server.logs import event as log_event
from server.outbox import Overflow
from server.store.base import Snapshot, StoreError, VersionConflict

if TYPE_CHECKING:
    from server.connection import Client
    from server.hub import Hub

SERVER_NAME = "pizzanight/0.1.0"
SNAPSHOT_FORMAT = b"pn1:"
#: A busy room (jobs always waiting) still fans out at least this often, in seconds.
MAX_STATE_LAG = 0.05


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Busy(ProtocolError):
    """The room's mailbox is full: try again in a moment."""

    code = "rate/room_busy"


class AttachRefused(ProtocolError):
    """A hello the room cannot accept (bad token, locked, bad name, ...)."""


class RoomActor:
    def __init__(self, hub: "Hub", room: Room) -> None:
        self.hub = hub
        self.room = room
        self.games = hub.games
        self.store = hub.store
        self.config = hub.config
        self.metrics = hub.metrics
        self.mailbox: asyncio.Queue[Callable[[], Awaitable[None]]] = asyncio.Queue(self.config.mailbox)
        self.host: Client | None = None
        self.players: dict[int, Client] = {}
        self.spectators: set[Client] = set()
        self.bots: dict[tuple[int, str], Any] = {}
        self.snapshot_at = room.version
        self.last_activity = time.monotonic()
        self._timer: tuple[str, asyncio.TimerHandle] | None = None
        self._bot_pending: asyncio.TimerHandle | None = None
        self._turn: asyncio.TimerHandle | None = None
        self._idle: asyncio.TimerHandle | None = None
        self._ack: tuple[Client, int] | None = None
        #: When the stored room first changed after the last fan-out (see ``run``).
        self._stale_since: float | None = None
        #: State frames encoded (tests check fan-out encodes once per viewer class).
        self.encodes = 0
        self.done = asyncio.Event()

    # --- the loop ------------------------------------------------------------

    async def run(self) -> None:
        self._schedule()
        self._arm_idle()
        try:
            while self.room.closed is None:
                if self._stale_since is not None and (
                    self.mailbox.empty() or time.monotonic() - self._stale_since >= MAX_STATE_LAG
                ):
                    self._fanout_stored()
                job = await self.mailbox.get()
                try:
                    await job()
                except Exception:  # a bug in one job: logged, the room goes on
                    self.metrics.room_errors.inc()
                    logging.getLogger("pizzanight").exception("room job failed", extra={"fields": {"room": self.room.code}})
        finally:
            for handle in (self._bot_pending, self._turn, self._idle, self._timer[1] if self._timer else None):
                if handle is not None:
                    handle.cancel()
            self.done.set()

    def _fanout_stored(self) -> None:
        """Show everyone the stored room, once the jobs waiting have all run.

        Commands that queued up while a store append was in flight are each
        stored and acknowledged on their own, but share one fan-out: states
        are complete, so a state per command would only be replaced at once
        (an outbox keeps only the newest).  A quiet room fans out after every
        change, as before; a busy one at least every ``MAX_STATE_LAG``, so
        screens never fall far behind the acks.
        """
        self._stale_since = None
        try:
            self.fanout()
        except Exception:  # a bug in a view: logged, the room goes on
            self.metrics.room_errors.inc()
            logging.getLogger("pizzanight").exception("fan-out failed", extra={"fields": {"room": self.room.code}})

    def post(self, fn: Callable[..., Awaitable[None]], *args: Any) -> None:
        """Queue a job from a timer; if the mailbox is full, retry shortly."""
        if self.room.closed is not None:
            return
        try:
            self.mailbox.put_nowait(functools.partial(fn, *args))
        except asyncio.QueueFull:
            asyncio.get_running_loop().call_later(0.05, self.post, fn, *args)

    def submit(self, fn: Callable[..., Awaitable[None]], *args: Any) -> None:
        """Queue a client's job, or refuse it when the room is swamped."""
        try:
            self.mailbox.put_nowait(functools.partial(fn, *args))
        except asyncio.QueueFull:
            raise Busy("the room is busy, try again") from None

    async def call(self, fn: Callable[..., Awaitable[Any]], *args: Any) -> Any:
        """Run a job and wait for its result (used for attaching a socket)."""
        future: asyncio.Future = asyncio.get_running_loop().create_future()

        async def job() -> None:
            try:
                future.set_result(await fn(*args))
            except BaseException as exc:
                if not future.done():
                    future.set_exception(exc)

        if self.done.is_set():
            raise AttachRefused("this room has ended", code="room/closed", close=Close.ROOM_CLOSED)
        await self.mailbox.put(job)
        stopped = asyncio.ensure_future(self.done.wait())
        try:
            await asyncio.wait({future, stopped}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopped.cancel()
        if not future.done():  # the room ended before it got to this job
            future.cancel()
            raise AttachRefused("this room has ended", code="room/closed", close=Close.ROOM_CLOSED)
        return future.result()

    # --- committing ----------------------------------------------------------

    async def commit(self, events: list[Any]) -> None:
        """Store ``events``, then adopt the state they lead to and tell everyone.

        The job's pending ack (``self._ack``: client, seq) is sent as soon as the
        events are stored, before the fan-out, so the ack precedes the state
        that shows the change (and precedes a ``bye`` when the change closes
        the room).
        """
        ack, self._ack = self._ack, None
        if not events:
            if ack is not None:
                self.reply(ack[0], Ack(seq=ack[1]))
            return
        room = self.room
        for event in events:
            room = lobby.evolve(room, event, self.games)
        data = [records.encode(event) for event in events]
        try:
            version = await self.store.append(self.room.id, data, self.room.version)
        except VersionConflict:
            await self.reload()
            raise
        assert version == room.version, (version, room.version)
        self.room = room
        self.metrics.events.inc(len(events))
        self.last_activity = time.monotonic()
        if ack is not None:
            self.reply(ack[0], Ack(seq=ack[1]))
        self._after(events)
        if room.version - self.snapshot_at >= self.config.snapshot_every:
            await self.save_snapshot()

    async def save_snapshot(self) -> None:
        try:
            data = SNAPSHOT_FORMAT + pickle.dumps(self.room, protocol=pickle.HIGHEST_PROTOCOL)
            await self.store.save_snapshot(self.room.id, Snapshot(self.room.version, data))
            self.snapshot_at = self.room.version
        except Exception:  # a snapshot only saves time at recovery; never fail a move for it
            logging.getLogger("pizzanight").exception("snapshot failed", extra={"fields": {"room": self.room.code}})

    async def reload(self) -> None:
        """Someone else wrote the log (should not happen on one node): read it again."""
        self.room = await load_room(self.store, self.room.id, self.games)

    def _after(self, events: list[Any]) -> None:
        for event in events:
            if isinstance(event, lobby.GameStarted):
                self.bots.clear()
            elif isinstance(event, lobby.PlayerRemoved):
                client = self.players.pop(event.player, None)
                if client is not None:
                    client.close(Close.REMOVED, Bye(reason="removed"))
            elif isinstance(event, lobby.RoomClosed):
                self._close_all(event.reason)
                return
        if self._stale_since is None:  # the actor's loop fans out (see run)
            self._stale_since = time.monotonic()
        self._schedule()

    def _close_all(self, reason: str) -> None:
        for client in self.clients():
            client.close(Close.ROOM_CLOSED, Bye(reason="room_closed"))
        self.host = None
        self.players.clear()
        self.spectators.clear()
        self.hub.room_ended(self)
        log_event(logging.INFO, "room closed", room=self.room.code, reason=reason)

    # --- fan-out -------------------------------------------------------------

    def clients(self) -> list["Client"]:
        out = list(self.players.values()) + list(self.spectators)
        if self.host is not None:
            out.append(self.host)
        return out

    def fanout(self) -> None:
        fanout.fanout(self)

    # --- timers, bots, idle --------------------------------------------------

    def _playing_spec(self) -> Any:
        if self.room.closed is None and self.room.run is not None:
            spec = self.games[self.room.run.game]
            if not spec.is_terminal(self.room.run.state):
                return spec
        return None

    def _schedule(self) -> None:
        loop = asyncio.get_running_loop()
        spec = self._playing_spec()
        timer = spec.next_timer(self.room.run.state) if spec else None
        if timer is None or (self._timer and self._timer[0] != timer.key):
            if self._timer:
                self._timer[1].cancel()
            self._timer = None
        if timer is not None and self._timer is None:
            delay = timer.delay_ms / 1000 * self.config.timer_scale
            self._timer = (timer.key, loop.call_later(delay, self.post, self._on_timer, timer.key))
        if spec and self._bot_pending is None and self._bot_seats():
            self._bot_pending = loop.call_later(self.config.bot_delay, self.post, self._on_bot_turn)
        if self._turn is not None:
            self._turn.cancel()
            self._turn = None
        if spec and self.room.turn_timer:
            self._turn = loop.call_later(self.room.turn_timer, self.post, self._on_turn_timeout, self.room.version)

    def _bot_seats(self) -> list[int]:
        run = self.room.run
        spec = self.games[run.game]
        seats = []
        for seat, pid in enumerate(run.seats):
            player = self.room.player(pid)
            if player is not None and player.bot is not None and spec.legal_commands(run.state, seat):
                seats.append(seat)
        return seats

    def _bot(self, seat: int, kind: str | None) -> Any:
        spec = self.games[self.room.run.game]
        if kind not in spec.bots:
            kind = lobby.default_bot(spec)
        bot = self.bots.get((seat, kind))
        if bot is None:
            bot = self.bots[(seat, kind)] = spec.bots[kind](seat, self.room.run.seed * 1000 + seat)
        return bot

    async def _bot_move(self, seat: int, kind: str | None) -> bool:
        """Let a bot play ``seat`` once; True when it moved."""
        spec = self.games[self.room.run.game]
        state = self.room.run.state
        legal = spec.legal_commands(state, seat)
        if not legal:
            return False
        bot = self._bot(seat, kind)
        try:
            command = bot.act(spec.view(state, SeatViewer(seat)), legal)
        except Exception:
            logging.getLogger("pizzanight").exception("bot failed", extra={"fields": {"room": self.room.code, "seat": seat}})
            command = legal[0]
        if command is None:
            return False
        try:
            events = spec.decide(state, seat, command)
        except Rejected as exc:
            log_event(logging.WARNING, "bot command rejected", room=self.room.code, seat=seat, code=exc.code.value)
            events = spec.decide(state, seat, legal[0])
        await self.commit(list(events))
        return True

    async def _on_bot_turn(self) -> None:
        self._bot_pending = None
        if self._playing_spec() is None:
            return
        seats = self._bot_seats()
        if not seats:
            return
        start = self.room.version % len(self.room.run.seats)
        seats.sort(key=lambda s: (s - start) % len(self.room.run.seats))
        for seat in seats:
            player = self.room.seat_player(seat)
            if await self._bot_move(seat, player.bot):
                return

    async def _on_timer(self, key: str) -> None:
        if self._timer and self._timer[0] == key:
            self._timer = None
        spec = self._playing_spec()
        if spec is None:
            return
        timer = spec.next_timer(self.room.run.state)
        if timer is None or timer.key != key:
            self._schedule()
            return
        try:
            events = spec.decide(self.room.run.state, ROOM, timer.command)
        except Rejected as exc:
            log_event(logging.WARNING, "timer command rejected", room=self.room.code, code=exc.code.value)
            return
        await self.commit(list(events))

    async def _on_turn_timeout(self, version: int) -> None:
        """The turn timer ran out: bots play the seats of absent humans."""
        self._turn = None
        if version != self.room.version or self._playing_spec() is None:
            return
        moved = False
        for seat, pid in enumerate(self.room.run.seats):
            player = self.room.player(pid)
            if player is None or player.bot is not None or pid in self.players or self._playing_spec() is None:
                continue
            if await self._bot_move(seat, None):
                moved = True
        if not moved:
            self._schedule()

    def _arm_idle(self) -> None:
        every = max(0.05, min(self.config.idle_seconds / 4, 60.0))
        self._idle = asyncio.get_running_loop().call_later(every, self.post, self._on_idle_check)

    async def _on_idle_check(self) -> None:
        if time.monotonic() - self.last_activity >= self.config.idle_seconds:
            await self.commit([lobby.RoomClosed(reason="idle")])
        else:
            self._arm_idle()

    def touch(self) -> None:
        self.last_activity = time.monotonic()

    # --- replies ---------------------------------------------------------------

    def reply(self, client: "Client", frame: Any) -> None:
        try:
            client.send(frame)
        except Overflow:
            client.close(Close.POLICY, Error(code="rate/not_reading", message="too many unread replies"))

    def refuse(self, client: "Client", seq: int | None, code: str, message: str) -> None:
        self.metrics.rejections.labels(code=code).inc()
        self.reply(client, Error(code=code, message=message, seq=seq))

    async def _guarded(self, client: "Client", seq: int, kind: str, make_events: Callable[[], list[Any]]) -> None:
        """Decide, commit and reply, turning every failure into an error frame."""
        started = time.perf_counter()
        self.metrics.commands.labels(kind=kind).inc()
        try:
            events = make_events()
            self._ack = (client, seq)
            await self.commit(events)
        except Rejected as exc:
            self.refuse(client, seq, exc.code.value, exc.detail or exc.code.value)
        except RoomRejected as exc:
            self.refuse(client, seq, exc.code.value, exc.message)
        except ProtocolError as exc:
            self.refuse(client, seq, exc.code, exc.message)
        except (StoreError, VersionConflict) as exc:
            log_event(logging.ERROR, "store refused an append", room=self.room.code, error=str(exc))
            self.refuse(client, seq, "server/store", "could not save that, please try again")
        except Exception:
            self.metrics.room_errors.inc()
            logging.getLogger("pizzanight").exception("room handler bug", extra={"fields": {"room": self.room.code, "kind": kind}})
            self.refuse(client, seq, "server/bug", "something went wrong on the server; nothing was changed")
        finally:
            self._ack = None
        self.metrics.latency.labels(kind=kind).observe(time.perf_counter() - started)

    # --- jobs from connections -----------------------------------------------

    async def on_command(self, client: "Client", seq: int, payload: dict) -> None:
        self.touch()

        def make() -> list[Any]:
            if client.role != "player" or client.player is None:
                raise ProtocolError("only players send game commands", code="auth/forbidden")
            if self.room.run is None:
                raise RoomRejected(lobby.RoomCode.NOT_PLAYING, "no game is running")
            command = records.codec_for(self.games[self.room.run.game]).command(payload)
            return lobby.decide_game(self.room, client.player, command, self.games)

        await self._guarded(client, seq, "cmd", make)

    async def on_host(self, client: "Client", frame: Any) -> None:
        self.touch()

        def make() -> list[Any]:
            if client.role != "host":
                raise ProtocolError("only the host does that", code="auth/forbidden")
            return lobby.decide_host(self.room, frame.op, frame, self.games, lambda: secrets.randbits(48))

        await self._guarded(client, frame.seq, "host", make)

    async def on_hint(self, client: "Client", seq: int) -> None:
        self.touch()
        from server.hints import hint_for  # optional per-game helpers

        try:
            frame = hint_for(self, client, seq)
        except ProtocolError as exc:
            self.refuse(client, seq, exc.code, exc.message)
        else:
            self.reply(client, frame)

    async def attach(self, client: "Client", hello: Any, issued: str | None = None) -> None:
        """Admit a socket (host, player by name or token, spectator), welcome it, show it the room.

        ``issued`` is the host token of a room just created for this socket.
        """
        if self.room.closed is not None:
            raise AttachRefused("this room has ended", code="room/closed", close=Close.ROOM_CLOSED)
        self.touch()
        token: str | None = None
        if client.role == "host":
            if issued is not None:
                token = issued
            elif hello.token is None or not hmac.compare_digest(token_hash(hello.token), self.room.host_hash):
                raise AttachRefused("wrong host token", code="auth/bad_token", close=Close.POLICY)
            if self.host is not None and self.host is not client:
                self.host.close(Close.REPLACED, Bye(reason="replaced"))
            self.host = client
        elif client.role == "player":
            if hello.token is not None:
                wanted = token_hash(hello.token)
                player = next(
                    (p for p in self.room.players if p.token_hash and hmac.compare_digest(p.token_hash, wanted)), None
                )
                if player is None:
                    raise AttachRefused("that seat token is not valid here", code="auth/bad_token", close=Close.POLICY)
                client.player = player.id
            else:
                if hello.name is None:
                    raise AttachRefused("a player joins with a name or comes back with a token", code="protocol/bad_frame", close=Close.POLICY)
                token = new_token()
                try:
                    events = lobby.decide_join(self.room, hello.name, token_hash(token))
                except RoomRejected as exc:
                    raise AttachRefused(exc.message, code=exc.code.value, close=Close.POLICY) from None
                client.player = events[0].player
                await self.commit(events)
            old = self.players.get(client.player)
            if old is not None and old is not client:
                old.close(Close.REPLACED, Bye(reason="replaced"))
            self.players[client.player] = client
        else:
            self.spectators.add(client)
        client.actor = self
        self.reply(
            client,
            Welcome(
                v=VERSION, room=self.room.code, role=client.role, server=SERVER_NAME, player=client.player, token=token,
                join=f"{self.hub.public_url}/join/{self.room.code}" if self.hub.public_url else None,
            ),
        )
        log_event(logging.INFO, "attached", room=self.room.code, role=client.role, player=client.player)
        self.fanout()
        self._schedule()

    async def detach(self, client: "Client") -> None:
        changed = False
        if self.host is client:
            self.host = None
            changed = True
        elif client.player is not None and self.players.get(client.player) is client:
            del self.players[client.player]
            changed = True
        elif client in self.spectators:
            self.spectators.discard(client)
            changed = True
        if changed and self.room.closed is None:
            self.fanout()
            self._schedule()


async def load_room(store: Any, room_id: str, games: Any) -> Room:
    """Rebuild a room from its newest snapshot plus the records after it (or the whole log)."""
    room = Room()
    snapshot = await store.load_snapshot(room_id)
    if snapshot is not None and snapshot.data.startswith(SNAPSHOT_FORMAT):
        try:
            candidate = pickle.loads(snapshot.data[len(SNAPSHOT_FORMAT):])
            if isinstance(candidate, Room) and candidate.version == snapshot.version:
                room = candidate
        except Exception:  # an old or foreign snapshot: replay from the start instead
            room = Room()
    for record in await store.read(room_id, room.version):
        room = lobby.evolve(room, records.decode(record.data, room, games), games)
    return room


__all__ = ["RoomActor", "load_room", "token_hash", "new_token", "errors"]
