"""Every error the server sends, split by whose fault it is (as h11 splits them).

* **The peer's fault**: :class:`ProtocolError` and its subclasses (the room's
  refusals in ``server.lobby`` are one of them).  Each carries a code from a
  closed enum, a human ``message`` and a ``close`` hint: ``None`` when the
  connection may go on after the ``error`` frame, else the websocket close
  code to use.  A game's rule refusal is the game's own ``Rejected`` (its
  codes are the game's closed enum); the room turns it into the same frame.
* **Not the peer's fault, not a bug**: :class:`ServerFault` (the room is busy,
  the room moved to another node, the store refused a write).  The peer did
  nothing wrong and may retry.
* **Our fault**: anything else raised while handling a frame is a bug: it is
  logged and answered ``server/bug`` (:data:`ServerCode.BUG`), nothing changes.

The wire codes are the strings of docs/protocol.md's error table; clients
switch on them, so they never change.
"""

from __future__ import annotations

import enum
import types
from collections.abc import Mapping


class Close:
    """Websocket close codes the hub uses (RFC 6455 ones plus 4xxx of our own)."""

    NORMAL = 1000
    GOING_AWAY = 1001
    POLICY = 1008  # bad first frame, wrong version, bad token
    TOO_BIG = 1009
    INTERNAL = 1011
    REPLACED = 4001  # a newer connection took this token
    REMOVED = 4003  # the host removed this player
    NOT_FOUND = 4004  # no room with that code
    TOO_MANY = 4029  # flood or join throttle
    ROOM_CLOSED = 4410
    DRAINING = 4503  # this node is going away: reconnect


class ErrorCode(str, enum.Enum):
    """The peer's mistakes outside a room's rules (``room/*`` and ``host/*``: ``server.lobby.RoomCode``)."""

    MALFORMED = "protocol/malformed"
    TOO_LARGE = "protocol/too_large"
    BAD_FRAME = "protocol/bad_frame"
    UNKNOWN_FRAME = "protocol/unknown_frame"
    BAD_VERSION = "protocol/version"
    EXPECTED_HELLO = "protocol/expected_hello"
    BAD_COMMAND = "protocol/bad_command"
    BAD_TOKEN = "auth/bad_token"
    SUPERSEDED = "auth/superseded"
    FORBIDDEN = "auth/forbidden"
    ROOM_NOT_FOUND = "room/not_found"
    HINT_UNAVAILABLE = "hint/unavailable"
    #: At a class table: the teacher turned hints off.
    HINT_OFF = "hint/off"
    #: At a class table: this game's hints are used up.
    HINT_NONE_LEFT = "hint/none_left"
    RATE_LIMITED = "rate/limited"
    JOIN_THROTTLED = "rate/join_throttled"
    NOT_READING = "rate/not_reading"
    UNKNOWN_REACTION = "reaction/unknown"
    REACTIONS_LIMITED = "rate/reactions"
    #: Audience votes (``server.votes``): only spectators vote; no open vote with that ``q``; a pick not offered.
    VOTE_AUDIENCE_ONLY = "vote/audience_only"
    VOTE_CLOSED = "vote/closed"
    VOTE_BAD_PICK = "vote/bad_pick"
    VOTES_LIMITED = "rate/votes"


class ServerCode(str, enum.Enum):
    """Answers that are not the peer's fault: retry later, elsewhere, or report the bug."""

    ROOM_BUSY = "rate/room_busy"
    MOVED = "server/moved"
    STORE = "server/store"
    BUG = "server/bug"


class ProtocolError(Exception):
    """A peer's mistake: answered with an ``error`` frame, maybe a close.

    Subclasses fix ``code`` (and maybe ``close``); ``ProtocolError`` itself is
    raised with an explicit ``code``, always a member of a closed enum.
    """

    code: enum.Enum
    close: int | None = None
    #: The refused frame's ``seq``, when the codec read it that far before refusing the frame
    #: (a float or a byte string elsewhere in it): its error echoes it (docs/protocol.md).
    seq: int | None = None

    def __init__(
        self,
        message: str = "",
        *,
        code: enum.Enum | None = None,
        close: int | None | types.EllipsisType = ...,
        params: Mapping[str, str | int] | None = None,
    ) -> None:
        doc = (self.__class__.__doc__ or "").strip()
        super().__init__(message or doc)
        self.message = message or doc
        #: What the client's sentence for the code needs (``params`` of the error frame).
        self.params = dict(params) if params else None
        if code is not None:
            self.code = code
        if not isinstance(getattr(self, "code", None), enum.Enum):
            raise TypeError(f"{type(self).__name__} needs a code from a closed enum, not {getattr(self, 'code', None)!r}")
        if close is not ...:
            self.close = close


class Malformed(ProtocolError):
    """The frame is not valid msgpack or JSON."""

    code = ErrorCode.MALFORMED


class TooLarge(ProtocolError):
    """The frame is larger than the limit."""

    code = ErrorCode.TOO_LARGE
    close = Close.TOO_BIG


class BadFrame(ProtocolError):
    """The frame decodes but its shape or types are wrong."""

    code = ErrorCode.BAD_FRAME


class UnknownFrame(ProtocolError):
    """The frame's ``t`` names no frame this side accepts."""

    code = ErrorCode.UNKNOWN_FRAME


class BadVersion(ProtocolError):
    """The client speaks a protocol version this server does not."""

    code = ErrorCode.BAD_VERSION
    close = Close.POLICY


class ExpectedHello(ProtocolError):
    """The first frame must be ``hello``."""

    code = ErrorCode.EXPECTED_HELLO
    close = Close.POLICY


class BadCommand(ProtocolError):
    """A game command that names no command of this game or has wrong fields."""

    code = ErrorCode.BAD_COMMAND


class Forbidden(ProtocolError):
    """This role may not send that frame."""

    code = ErrorCode.FORBIDDEN


class ServerFault(Exception):
    """Not the peer's fault: the server cannot do it now (``code`` says why; the peer may retry)."""

    code: ServerCode
    close: int | None = None

    def __init__(self, message: str = "") -> None:
        doc = (self.__class__.__doc__ or "").strip()
        super().__init__(message or doc)
        self.message = message or doc


class Busy(ServerFault):
    """The room's mailbox is full: try again in a moment."""

    code = ServerCode.ROOM_BUSY


class Moved(ServerFault):
    """The room is moving to another node: reconnect in a moment."""

    code = ServerCode.MOVED
    close = Close.DRAINING


class StoreFailed(ServerFault):
    """The change could not be stored; nothing changed, retry."""

    code = ServerCode.STORE


class Bug(ServerFault):
    """Something went wrong on the server; nothing was changed (relayed from another node)."""

    code = ServerCode.BUG
    close = Close.INTERNAL


#: The fault each server code stands for.
FAULTS: dict[ServerCode, type[ServerFault]] = {
    ServerCode.ROOM_BUSY: Busy,
    ServerCode.MOVED: Moved,
    ServerCode.STORE: StoreFailed,
    ServerCode.BUG: Bug,
}
