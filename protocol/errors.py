"""The one error family of the wire protocol.

Following h11, errors are split by whose fault they are.  Everything a peer
can get wrong raises a :class:`ProtocolError` carrying a wire ``code`` (an
``area/reason`` string the client can switch on), a human ``message`` and a
``close`` hint: ``None`` when the connection may go on after an ``error``
frame, or the websocket close code the server should use.  Anything else
raised while handling a frame is our bug.
"""

from __future__ import annotations


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


class ProtocolError(Exception):
    """A peer's mistake: answered with an ``error`` frame, maybe a close."""

    code = "protocol/error"
    close: int | None = None

    def __init__(self, message: str = "", *, code: str | None = None, close: int | None | type(...) = ...) -> None:
        super().__init__(message or self.__class__.__doc__ or "")
        self.message = message or (self.__class__.__doc__ or "").strip()
        if code is not None:
            self.code = code
        if close is not ...:
            self.close = close


class Malformed(ProtocolError):
    """The frame is not valid msgpack or JSON."""

    code = "protocol/malformed"


class TooLarge(ProtocolError):
    """The frame is larger than the limit."""

    code = "protocol/too_large"
    close = Close.TOO_BIG


class BadFrame(ProtocolError):
    """The frame decodes but its shape or types are wrong."""

    code = "protocol/bad_frame"


class UnknownFrame(ProtocolError):
    """The frame's ``t`` names no frame this side accepts."""

    code = "protocol/unknown_frame"


class BadVersion(ProtocolError):
    """The client speaks a protocol version this server does not."""

    code = "protocol/version"
    close = Close.POLICY


class ExpectedHello(ProtocolError):
    """The first frame must be ``hello``."""

    code = "protocol/expected_hello"
    close = Close.POLICY


class BadCommand(ProtocolError):
    """A game command that names no command of this game or has wrong fields."""

    code = "protocol/bad_command"
