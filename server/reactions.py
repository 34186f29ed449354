"""Audience reactions: a small fixed set of emoji, rate-limited per person, counted per room.

Reactions are ephemeral applause, not game events: they never enter a room
actor's inbox or its event log.  The connection checks each ``react`` frame
with the sender's :class:`ReactionGate` (a token bucket; a run of refused
reactions gets ONE error frame, the rest are dropped quietly) and adds it to
the room's :class:`ReactionCounter`.

A gate outlives its socket: when a socket closes, its gate goes back to
the room's counter, filed under the socket's person (its seated player, or
its network address for everyone else), and the next socket of that person
takes it back instead of a fresh, full one (:meth:`ReactionCounter.take_gate`).
So closing the socket and opening a new one refills nothing (issue 24: one
spectator reconnecting got about 20 reactions a second through), while
several people watching from one address (a classroom behind one router)
still get a gate each, one per open socket.  The counter holds one integer per kind
and, at most once per ``FLUSH_EVERY`` while any arrived, hands the counts
since the last flush to its ``deliver`` callback as one frame.  So the TV
gets at most ``1 / FLUSH_EVERY`` ``reactions`` frames a second however many
spectators react, and a reaction costs the hub a dict increment.

In cluster mode a socket's edge node keeps its own counter per remote room
whose flush posts the summed counts to the owner (``server.cluster.remote``),
where they are added to the owner's counter: again bounded, per edge node.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from protocol.errors import ErrorCode, ProtocolError
from protocol.frames import Reactions
from server.limits import TokenBucket


class _Screened(Protocol):
    """What :func:`for_room` needs of a room actor (server.room imports this module)."""

    host: Any
    room: Any

#: The reactions a client may send, in the order the reaction bar shows them.
KINDS = ("thumbs_up", "laugh", "wow", "clap", "fire", "pizza")
#: Flush the counts at most this often (seconds): at most 4 ``reactions`` frames a second per screen.
FLUSH_EVERY = 0.25
#: Reactions a second per person (a seated player, or an address), and the burst they may save up.
RATE = 1.0
BURST = 3.0
#: The most people whose closed sockets' gates a room's counter keeps (see ``give_back``).
MAX_GATES = 4096
#: The most of one kind a single flush from another node may add (a bound on what a peer can claim).
MAX_FORWARDED = 1_000_000

Schedule = Callable[[float, Callable[[], None]], Any]


def _call_later(delay: float, callback: Callable[[], None]) -> Any:
    return asyncio.get_running_loop().call_later(delay, callback)


class ReactionGate:
    """One socket's reaction limit: ``rate`` a second with a burst, and one error per run of refusals.

    A phone that floods gets ``rate/reactions`` once; the reactions after it
    are dropped without an answer until one is accepted again, so a flood
    does not turn into a flood of error frames back.
    """

    def __init__(self, rate: float = RATE, burst: float = BURST, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.bucket = TokenBucket(rate, burst, clock=clock)
        self.warned = False
        self.accepted = 0
        self.dropped = 0

    def full(self) -> bool:
        """Whether the bucket has refilled: forgetting this gate then gives nobody anything extra."""
        return self.bucket.full()

    def admit(self, kind: object) -> bool:
        """True: count this reaction; False: drop it quietly.  Raises the one error of a run of drops."""
        if kind not in KINDS:
            raise ProtocolError(f"reactions are {', '.join(KINDS)}", code=ErrorCode.UNKNOWN_REACTION)
        return self.let_through(lambda: ProtocolError(
            f"at most {self.bucket.rate:g} reaction a second", code=ErrorCode.REACTIONS_LIMITED))

    def let_through(self, refusal: Callable[[], ProtocolError]) -> bool:
        """True: within the limit; False: drop quietly; raises ``refusal()`` once per run of drops (votes use it too)."""
        if self.bucket.take():
            self.warned = False
            self.accepted += 1
            return True
        self.dropped += 1
        if self.warned:
            return False
        self.warned = True
        raise refusal()


class ReactionCounter:
    """Counts one room's reactions and flushes them to ``deliver`` at most once per ``every`` seconds.

    ``schedule(delay, callback)`` arms the flush (the event loop's
    ``call_later`` by default; a test passes its own and flushes by hand).
    """

    def __init__(self, deliver: Callable[[dict[str, int]], None], *, every: float = FLUSH_EVERY,
                 schedule: Schedule = _call_later, clock: Callable[[], float] = time.monotonic) -> None:
        self.deliver = deliver
        self.every = every
        self._schedule = schedule
        self._clock = clock
        self.counts: dict[str, int] = {}
        self.armed = False
        self.flushes = 0
        #: Gates of closed sockets that have not refilled yet, by person (see the module's docstring).
        self.kept: dict[Any, list[ReactionGate]] = {}

    def take_gate(self, who: Any) -> ReactionGate:
        """A gate for a socket of ``who``: the emptiest one a closed socket of theirs left, or a new one."""
        kept = self.kept.get(who)
        if not kept:
            return ReactionGate(clock=self._clock)
        kept.sort(key=lambda gate: gate.bucket.available())
        gate = kept.pop(0)
        if not kept:
            del self.kept[who]
        return gate

    def give_back(self, who: Any, gate: ReactionGate) -> None:
        """A socket of ``who`` closed: keep its gate for their next socket, unless it has refilled anyway.

        Bounded: past ``MAX_GATES`` people, refilled gates are dropped first
        (forgetting them gives nobody anything), then the oldest entries.
        """
        if gate.full():
            return
        if who not in self.kept and len(self.kept) >= MAX_GATES:
            self._forget_gates()
        self.kept.setdefault(who, []).append(gate)

    def _forget_gates(self) -> None:
        for who in [who for who, gates in self.kept.items() if all(g.full() for g in gates)]:
            del self.kept[who]
        for who in list(self.kept)[: max(0, len(self.kept) - MAX_GATES + MAX_GATES // 4)]:
            del self.kept[who]

    def add(self, kind: str, count: int = 1) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + count
        if not self.armed:
            self.armed = True
            self._schedule(self.every, self.flush)

    def add_counts(self, counts: Mapping[str, object]) -> None:
        """Add counts summed elsewhere (another node's flush); unknown kinds and bad numbers are ignored."""
        for kind, count in counts.items():
            if kind in KINDS and type(count) is int and 0 < count <= MAX_FORWARDED:
                self.add(kind, count)

    def flush(self) -> None:
        self.armed = False
        if not self.counts:
            return
        counts, self.counts = self.counts, {}
        self.flushes += 1
        self.deliver(counts)


def for_room(actor: _Screened) -> ReactionCounter:
    """The counter of a room actor: its flush goes to the TV (the host socket), if one is connected.

    Only the TV is sent the counts: it is the screen the room watches
    together, and sending them to every spectator too would multiply the
    frames by the audience.  A phone shows its own reaction at once, locally.
    """

    def to_screen(counts: dict[str, int]) -> None:
        host = actor.host
        if host is not None and actor.room.closed is None:
            host.answer(Reactions(counts=counts))

    return ReactionCounter(to_screen)


__all__ = ["KINDS", "FLUSH_EVERY", "ReactionGate", "ReactionCounter", "for_room"]
