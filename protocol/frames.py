"""Every frame of the wire protocol, as an attrs class (docs/protocol.md).

A frame on the wire is a map whose ``t`` names its type; the other keys are
the fields below.  Client frames are structured strictly (unknown keys and
wrong types are refused); server frames are only ever encoded.

The payloads that belong to a game (``cmd`` in :class:`Cmd`, ``game``,
``legal`` and ``outcome`` in :class:`State`) are kept as plain maps here:
the room knows the game and converts them with :mod:`protocol.gamecodec`.
"""

from __future__ import annotations

from typing import Any

import attrs

#: The protocol version this code speaks.
VERSION = 1

ROLES = ("host", "player", "spectator")

# --- client to server -------------------------------------------------------


@attrs.frozen
class Hello:
    """The first frame: who is connecting, and with which protocol version."""

    v: int
    role: str
    room: str | None = None
    token: str | None = None
    name: str | None = None
    reclaim: str | None = None  # a one-time code the host issued: take that player's seat on this device


@attrs.frozen
class Cmd:
    """A game command for the sender's own seat (there is no seat field)."""

    seq: int
    cmd: dict[str, Any]


@attrs.frozen
class Host:
    """A host operation; which optional fields matter depends on ``op``."""

    seq: int
    op: str
    game: str | None = None
    options: dict[str, Any] | None = None
    bot: str | None = None
    player: int | None = None
    seconds: int | None = None


@attrs.frozen
class Ping:
    """Keep-alive and round-trip probe, answered by an ``ack``."""

    seq: int


@attrs.frozen
class HintRequest:
    """Ask for a hint (Splittissimo): answered by a ``hint`` frame."""

    seq: int


@attrs.frozen
class React:
    """An audience reaction (one of ``server.reactions.KINDS``); no ``seq``, no ack: it is applause."""

    r: str


@attrs.frozen
class Vote:
    """A spectator's pick in the audience vote ``q`` (``server.votes``); ``seq`` is optional: with it, an ``ack``."""

    q: int
    pick: str
    seq: int | None = None


#: Client frame types by their ``t``.
CLIENT_FRAMES: dict[str, type] = {
    "hello": Hello,
    "cmd": Cmd,
    "host": Host,
    "ping": Ping,
    "hint": HintRequest,
    "react": React,
    "vote": Vote,
}

# --- server to client -------------------------------------------------------


@attrs.frozen
class Welcome:
    """The answer to a good ``hello``: where the client is and its secret token."""

    v: int
    room: str
    role: str
    server: str
    player: int | None = None
    token: str | None = None
    join: str | None = None  # the URL phones open to join this room (LAN address)
    #: The hub's clock (Unix ms) as it sent this welcome: a screen measures its own clock's offset
    #: from it to count down ``lobby.turn_clock.started``.  Optional: older hubs leave it out.
    now: int | None = None


@attrs.frozen
class State:
    """Everything one viewer may see, after every change (see docs/protocol.md)."""

    room: str
    version: int
    lobby: dict[str, Any]
    you: dict[str, Any]
    game: Any = None
    legal: Any = None
    outcome: Any = None


@attrs.frozen
class Ack:
    """A client frame with this ``seq`` was done (and stored, for changes)."""

    seq: int


@attrs.frozen
class Error:
    """A client frame was refused (``seq`` is null when it had none)."""

    code: str
    message: str
    seq: int | None = None
    #: What the client's sentence for ``code`` needs (a number, a name), or None.
    params: dict[str, Any] | None = None


@attrs.frozen
class Bye:
    """The server is about to close this socket on purpose."""

    reason: str


@attrs.frozen
class Hint:
    """An answer to ``hint``: advice for the asking seat, computed from room version ``v``.

    It is sent after the ``state`` of version ``v`` on the same socket, so
    everything it names is in a state the client has already received.
    """

    seq: int
    v: int
    hint: Any


@attrs.frozen
class Reactions:
    """The room's reactions since the last such frame, counted per kind (sent to the TV, a few a second at most)."""

    counts: dict[str, int]


@attrs.frozen
class Votes:
    """An audience vote as it stands (``server.votes``): opened, its tally, closed, answered, or cleared.

    Made only from the room's public view; see docs/protocol.md "Audience votes".
    """

    q: int
    status: str
    kind: str
    about: int | None
    options: list[str]
    counts: dict[str, int]
    total: int
    v: int
    answer: list[str] | None = None


@attrs.frozen
class ReclaimCode:
    """The answer to ``reclaim_seat``: the one-time code that hands ``player``'s seat to a new device.

    Sent only to whoever asked (the TV or the host phone), in place of the
    ``ack``; the room keeps only its hash.
    """

    seq: int
    player: int
    code: str
    seconds: int


#: Server frame types and their ``t``.
SERVER_FRAMES: dict[type, str] = {
    Welcome: "welcome",
    State: "state",
    Ack: "ack",
    Error: "error",
    Bye: "bye",
    Hint: "hint",
    Reactions: "reactions",
    Votes: "votes",
    ReclaimCode: "reclaim_code",
}
