"""The messages a room actor handles, one frozen type per kind.

The actor's inbox holds only these values, never closures: the actor
``match``es on them (``server.room``), a cluster edge node serialises
them for the owner and the owner rebuilds the same types
(``server.cluster.remote``), and a test drives an actor by putting them in.

From sockets: :class:`Attach`, :class:`Detach`, :class:`Command`,
:class:`HostOp`, :class:`AskHint`.  From the room's own clock
(``server.timers``): :class:`TimerDue`, :class:`BotTurn`,
:class:`TurnTimedOut`, :class:`PresenceDue`, :class:`IdleCheck`.  From the cluster hub:
:class:`HandOver`.
"""

from __future__ import annotations

import asyncio
from typing import Any

import attrs

from protocol.frames import Hello
from server.client import Client
from server.lobby import HostOperation


@attrs.frozen(eq=False)
class Attach:
    """Admit ``client`` (``issued``: the host token of a room just created for it).

    ``admitted`` is resolved once the client is in the room (its welcome
    queued), or fails with the refusal.
    """

    client: Client
    hello: Hello
    admitted: asyncio.Future[None]
    issued: str | None = None


@attrs.frozen(eq=False)
class Detach:
    """The socket went away."""

    client: Client


@attrs.frozen(eq=False)
class Command:
    """A player's game command, as its wire map (the actor decodes it with the running game's codec)."""

    client: Client
    seq: int
    payload: dict[str, Any]


@attrs.frozen(eq=False)
class HostOp:
    """A host operation, already typed (``server.lobby.host_operation``)."""

    client: Client
    seq: int
    op: HostOperation


@attrs.frozen(eq=False)
class AskHint:
    """A player asks for a hint: answered after the state it is computed from."""

    client: Client
    seq: int


@attrs.frozen
class TimerDue:
    """The game's timer ``key`` ran out (a ROOM command is due)."""

    key: str


@attrs.frozen
class BotTurn:
    """Time for a bot to move."""


@attrs.frozen
class PauseChanged:
    """A class's teacher paused or resumed the table: its turn clock stops, or starts afresh, and bots wait or go on."""


@attrs.frozen
class TurnTimedOut:
    """The turn clock started at room version ``version`` ran out (``server.timers``: one clock per turn)."""

    version: int


@attrs.frozen
class PresenceDue:
    """A grace period ran out: time to see who is absent (a new host, a bot for an absent seat)."""


@attrs.frozen
class IdleCheck:
    """Time to check whether the room has been idle too long."""


@attrs.frozen(eq=False)
class CloseRoom:
    """The operator closes the room (admin console); ``done`` resolves once the close is stored."""

    reason: str
    done: asyncio.Future[None]


@attrs.frozen(eq=False)
class HandOver:
    """Stop writing after the messages before this one (cluster drain); ``done`` resolves then."""

    done: asyncio.Future[None]


Message = (
    Attach | Detach | Command | HostOp | AskHint | TimerDue | BotTurn | TurnTimedOut | PresenceDue | IdleCheck | CloseRoom
    | HandOver | PauseChanged
)
