"""A room's clock: the game's timers, bot turns, the turn timer and the idle check.

Each one is an ``asyncio`` timer handle that, when it fires, posts a typed
message (``server.inbox``) to the room's actor, so a timer is handled in
the actor's order like any command and never touches the room itself.
``schedule`` is called after every change and re-arms what the new state
needs; ``cancel`` stops everything when the actor ends.

The turn clock belongs to the turn, not to the room's last change (issue
24): it starts when the game's state changes (a move, a timer, a bot) and
keeps its start through everything else the room does meanwhile (a host
gives extra time, a phone joins or leaves, the host locks the room).  Extra
time lengthens the running clock; it never restarts it.  ``clock_since`` is
the room version at which the running clock started (``lobby.turn_clock``),
so screens count down from the same moment; ``clock_started_ms`` is when it
started by this hub's wall clock (Unix ms), so a screen opened mid-turn
counts down what is left, not the whole turn.  It is read once, when the
clock starts: every view of the clock carries the very same number.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping

from games.contract import GameSpec
from server.bots import bot_seats, playing_spec
from server.config import HubConfig
from server.inbox import BotTurn, IdleCheck, Message, PresenceDue, TimerDue, TurnTimedOut
from server.roomstate import Room


def wall_ms() -> int:
    """Unix time in ms: when a turn clock started, for screens whose own clocks differ (``welcome.now``)."""
    return int(time.time() * 1000)


def acting_players(room: Room, games: Mapping[str, GameSpec]) -> list[tuple[int, int]]:
    """(seat, player id) of every human-played seat the game is waiting for now.

    The game says which seats it waits for (``GameSpec.waiting_for``), never
    a seat that merely could play an optional card from its hidden hand: the
    turn timer's length is shown to every screen and its bot plays for these
    seats, so neither may depend on what a hand holds.
    """
    if room.run is None:
        return []
    spec = games[room.run.game]
    state = room.run.state
    if spec.waiting_for is not None:
        waited = set(spec.waiting_for(state))
        seats = [(seat, pid) for seat, pid in enumerate(room.run.seats) if seat in waited]
    else:
        seats = [(seat, pid) for seat, pid in enumerate(room.run.seats) if spec.legal_commands(state, seat)]
    out = []
    for seat, pid in seats:
        player = room.player(pid)
        if player is not None and player.bot is None and not player.stand_in:
            out.append((seat, pid))
    return out


def turn_seconds(room: Room, games: Mapping[str, GameSpec]) -> float:
    """How long the players acting now have: the room's turn timer, doubled when one
    of them was given extra time (the web client counts down by the same rule)."""
    extra = any(
        (player := room.player(pid)) is not None and player.extra_time for _, pid in acting_players(room, games)
    )
    return room.turn_timer * (2 if extra else 1)


class RoomTimers:
    def __init__(self, post: Callable[[Message], None], config: HubConfig) -> None:
        self._post = post
        self._config = config
        self._game: tuple[str, asyncio.TimerHandle] | None = None
        self._bot: asyncio.TimerHandle | None = None
        self._turn: asyncio.TimerHandle | None = None
        self._idle: asyncio.TimerHandle | None = None
        self._presence: asyncio.TimerHandle | None = None
        #: The game state the turn clock runs for (kept by identity: a new state is a new turn).
        self._clock_state: object = None
        self._clock_started = 0.0
        self._clock_deadline = 0.0
        #: The room version at which the running turn clock started; None when no clock runs.
        self.clock_since: int | None = None
        #: When the running clock started, Unix ms by this hub's clock (the screens' `turn_clock.started`).
        self.clock_started_ms: int | None = None
        self.last_activity = time.monotonic()
        #: The room's players when :meth:`schedule` last looked for a bot among them, and whether it found
        #: one (a bot, or a bot standing in): a room with none needs no bot turn, and asks no seat.
        self._players: tuple = ()
        self._any_bot = False
        #: The room's event loop, looked up at the first change (:meth:`_running_loop`).
        self._loop: asyncio.AbstractEventLoop | None = None

    def _running_loop(self) -> asyncio.AbstractEventLoop:
        """The actor's event loop, looked up once: ``asyncio.get_running_loop`` makes a
        system call (``getpid``) each time on Python 3.11, and ``schedule`` runs every move."""
        loop = self._loop
        if loop is None:
            loop = self._loop = asyncio.get_running_loop()
        return loop

    def touch(self) -> None:
        """A client did something: the room is not idle."""
        self.last_activity = time.monotonic()

    def idle(self) -> bool:
        return time.monotonic() - self.last_activity >= self._config.idle_seconds

    def arm_idle(self) -> None:
        every = max(0.05, min(self._config.idle_seconds / 4, 60.0))
        self._idle = self._running_loop().call_later(every, self._post, IdleCheck())

    # --- what the actor tells the clock --------------------------------------------

    def game_timer_fired(self, key: str) -> None:
        if self._game and self._game[0] == key:
            self._game = None

    def bot_turn_fired(self) -> None:
        self._bot = None

    def turn_timer_fired(self) -> None:
        self._turn = None

    def clock_due(self, since: int) -> bool:
        """Whether the turn clock that started at version ``since`` has run out (not a stale or early message)."""
        return since == self.clock_since and time.monotonic() >= self._clock_deadline - 0.001

    def turn_clock(self, room: Room, games: Mapping[str, GameSpec]) -> tuple[int, float, int | None] | None:
        """The running turn clock as the lobby shows it: (room version it started at, seconds, start in Unix ms).

        None when no clock runs.  The length asks the game who acts now, so
        callers ask only when ``clock_since`` is set.
        """
        if self.clock_since is None:
            return None
        return (self.clock_since, turn_seconds(room, games), self.clock_started_ms)

    def restart_clock(self) -> None:
        """The clock ran out but nobody had a move to play for: give the turn a whole period again."""
        self._clock_started = time.monotonic()
        self.clock_started_ms = wall_ms()

    def arm_presence(self, delay: float | None) -> None:
        """Post :class:`PresenceDue` after ``delay`` seconds (None: no grace period is running)."""
        if self._presence is not None:
            self._presence.cancel()
            self._presence = None
        if delay is not None:
            self._presence = self._running_loop().call_later(max(0.0, delay), self._post, PresenceDue())

    def schedule(self, room: Room, games: Mapping[str, GameSpec], paused: bool = False) -> None:
        """Arm the timers ``room`` needs now (the game's next timer, a bot turn, the turn timer).

        ``paused``: a class's teacher paused the table; no turn clock runs, and
        the turn the class resumes at gets its whole time again.
        """
        loop = self._running_loop()
        spec = playing_spec(room, games)
        timer = spec.next_timer(room.run.state) if spec is not None and room.run is not None else None
        if timer is None or (self._game and self._game[0] != timer.key):
            if self._game:
                self._game[1].cancel()
            self._game = None
        if timer is not None and self._game is None:
            delay = timer.delay_ms / 1000 * self._config.timer_scale
            self._game = (timer.key, loop.call_later(delay, self._post, TimerDue(timer.key)))
        if spec is not None and self._bot is None:
            if room.players is not self._players:  # (the same tuple unless a player changed: most moves)
                self._players = room.players
                self._any_bot = any(player.bot is not None or player.stand_in for player in room.players)
            if self._any_bot and bot_seats(room, games):
                self._bot = loop.call_later(self._config.bot_delay, self._post, BotTurn())
        if self._turn is not None:
            self._turn.cancel()
            self._turn = None
        if spec is None or room.run is None or not room.turn_timer or paused:
            self._clock_state, self.clock_since, self.clock_started_ms = None, None, None
            return
        now = time.monotonic()
        if room.run.state is not self._clock_state:  # a new turn: the clock starts now
            self._clock_state, self._clock_started, self.clock_since = room.run.state, now, room.version
            self.clock_started_ms = wall_ms()
        assert self.clock_since is not None
        self._clock_deadline = self._clock_started + turn_seconds(room, games)
        self._turn = loop.call_later(max(0.0, self._clock_deadline - now), self._post, TurnTimedOut(self.clock_since))

    def cancel(self) -> None:
        for handle in (self._bot, self._turn, self._idle, self._presence, self._game[1] if self._game else None):
            if handle is not None:
                handle.cancel()
