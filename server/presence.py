"""Presence: who is here, who is away, who is absent, and what the room does about it (issue 24).

A room's presence is not in its log: it is which sockets its actor holds
now and when each human's last socket left (monotonic seconds, kept here).
What presence *causes* is stored like any other change, decided here as
lifecycle events for the actor to store:

- the host phone gone for the host grace: hosting passes to the connected
  human who joined earliest (``HostPhoneNamed``, reason ``grace``), or, when
  nobody is connected, to the first human who comes;
- a seated human gone for the seat grace (party, or class at a class table)
  while a game runs and the room allows it: a bot stands in
  (``StandInSet``), until they come back.

``connected`` is the set of player ids with a socket in the room.  A human
never seen by this process counts as gone since it took the room (a hub
restart or a failover), so a grace runs out there too.
"""

from __future__ import annotations

from collections.abc import Collection, Container, Mapping
from typing import Any

from games.contract import GameSpec
from server.bots import playing_spec
from server.config import HubConfig
from server.roomstate import HostPhoneNamed, Room, StandInSet

#: How long to wait before applying a rule that is due now: a turn that failed to store must not spin.
DUE_NOW = 0.05
#: The empty set of absent players, one object.
NOBODY: frozenset[int] = frozenset()


class Presence:
    """One room's departures and the grace periods they start."""

    def __init__(self, config: HubConfig, started: float) -> None:
        self.config = config
        self.started = started
        #: When each human's last socket left (monotonic seconds); absent while one is connected.
        self.left_at: dict[int, float] = {}
        #: Bumped by every departure and return (part of :meth:`inputs`).
        self.changes = 0

    def left(self, player_id: int, now: float) -> None:
        self.left_at[player_id] = now
        self.changes += 1

    def back(self, player_id: int) -> None:
        self.left_at.pop(player_id, None)
        self.changes += 1

    def inputs(self, room: Room, connected: Collection[int], games: Mapping[str, GameSpec]) -> tuple:
        """Everything but the clock that :meth:`delay` reads, to tell when its deadline can have moved.

        While these stay equal the next deadline stays where :meth:`delay`
        put it (it is a departure plus a grace), so the actor re-arms its
        grace timer only when they change, or when that timer fired
        (issue 26: this was computed after every move).  The players come
        as the room's tuple, which a game's move leaves as it is; whether a
        game is in play decides whether stand-ins can be due.
        """
        return (
            room.players,
            room.host_phone,
            room.closed is None,
            room.class_table,
            room.stand_ins,
            playing_spec(room, games) is not None,
            frozenset(connected),
            self.changes,
        )

    def seat_grace(self, room: Room) -> float:
        """How long a seated phone may be gone before a bot plays for it (and before a code may move it)."""
        return self.config.grace_class if room.class_table else self.config.grace_party

    def gone_for(self, player_id: int, connected: Container[int], now: float) -> float:
        """Seconds since ``player_id``'s last socket left (0 while one is connected)."""
        if player_id in connected:
            return 0.0
        return now - self.left_at.get(player_id, self.started)

    def absent(self, room: Room, connected: Container[int], now: float) -> frozenset[int]:
        """Humans gone for the seat grace or longer (``presence: "absent"``; before that ``"away"``).

        Asked on every change a room shows (its lobby), where nearly always
        every human is connected: that case makes no new set.
        """
        grace = self.seat_grace(room)
        left_at, started = self.left_at, self.started
        out: list[int] = []
        for p in room.players:  # (gone_for, inline: this runs for every player on every change)
            if p.token_hash is not None and not p.gone and p.id not in connected and now - left_at.get(p.id, started) >= grace:
                out.append(p.id)
        return frozenset(out) if out else NOBODY

    def authority(self, room: Room, connected: Container[int], now: float) -> tuple[str, int | None]:
        """Who is in charge (``lobby.authority``): the class, the host phone (until its grace runs out), or the TV."""
        if room.class_table:
            return "class", None
        host = room.player(room.host_phone) if room.host_phone is not None else None
        if host is None or host.gone or host.token_hash is None:
            return "tv", None
        if self.gone_for(host.id, connected, now) < self.config.grace_host:
            return "phone", host.id
        return "tv", None  # gone past the grace, and nobody connected to take over yet

    def host_lapsed(self, room: Room, connected: Container[int], now: float) -> bool:
        """The host phone has been gone for the host grace: hosting may move on."""
        if room.class_table or room.host_phone is None:
            return False
        host = room.player(room.host_phone)
        return (
            host is not None and not host.gone and host.token_hash is not None
            and self.gone_for(host.id, connected, now) >= self.config.grace_host
        )

    @staticmethod
    def successor(room: Room, connected: Container[int]) -> int | None:
        """The connected human who joined earliest (ids grow in join order), other than the host phone."""
        ids = [
            p.id for p in room.players
            if p.id in connected and p.token_hash is not None and not p.gone and p.id != room.host_phone
        ]
        return min(ids) if ids else None

    def stand_ins_due(
        self, room: Room, connected: Container[int], now: float, games: Mapping[str, GameSpec]
    ) -> list[int]:
        """Seated humans gone past the seat grace in a running game that a bot should play for now."""
        if not room.stand_ins_on() or playing_spec(room, games) is None:
            return []
        grace = self.seat_grace(room)
        return [
            p.id for p in room.players
            if p.seat is not None and p.token_hash is not None and p.bot is None and not p.stand_in and not p.gone
            and self.gone_for(p.id, connected, now) >= grace
        ]

    def due(self, room: Room, connected: Container[int], now: float, games: Mapping[str, GameSpec]) -> list[Any]:
        """The events of the grace periods that have run out: hosting moves on, bots stand in."""
        if room.closed is not None:
            return []
        events: list[Any] = []
        if self.host_lapsed(room, connected, now):
            successor = self.successor(room, connected)
            if successor is not None:
                events.append(HostPhoneNamed(player=successor, reason="grace"))
        events.extend(StandInSet(player=pid, on=True) for pid in self.stand_ins_due(room, connected, now, games))
        return events

    def arrived(self, room: Room, player_id: int | None, connected: Container[int], now: float) -> list[Any]:
        """A human's phone is (back) in the room: their stand-in ends; a lapsed hosting nobody took falls to them.

        ``connected``: the sockets already in the room, not yet the arriving one.
        """
        player = room.player(player_id) if player_id is not None else None
        if player is None or player.token_hash is None:
            return []
        events: list[Any] = []
        if player.stand_in:
            events.append(StandInSet(player=player.id, on=False))
        if (
            player.id != room.host_phone and self.host_lapsed(room, connected, now)
            and self.successor(room, connected) is None
        ):
            events.append(HostPhoneNamed(player=player.id, reason="grace"))
        return events

    def delay(self, room: Room, connected: Container[int], now: float, games: Mapping[str, GameSpec]) -> float | None:
        """Seconds until a grace period next runs out and changes something (None: none is running).

        Also when a phone turns from away to absent, which changes only what
        the lobby shows.
        """
        if room.closed is not None:
            return None
        if self.stand_ins_due(room, connected, now, games) or (
            self.host_lapsed(room, connected, now) and self.successor(room, connected) is not None
        ):
            return DUE_NOW
        seat_grace = self.seat_grace(room)
        due: list[float] = []
        for p in room.players:
            if p.gone or p.token_hash is None or p.id in connected:
                continue
            left = self.left_at.get(p.id, self.started)
            graces = (seat_grace, self.config.grace_host) if p.id == room.host_phone else (seat_grace,)
            due.extend(left + grace for grace in graces if left + grace > now)
        return min(due) - now if due else None
