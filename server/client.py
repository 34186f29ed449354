"""What a room knows about one socket: who it is, how it is encoded, and its outbox.

A local websocket (``server.connection``) and a socket held by another
cluster node (``server.cluster.remote.RemoteClient``) are both a
:class:`Client`; the room actor and the fan-out see no difference.
"""

from __future__ import annotations

from typing import Any

from protocol import codec
from protocol.errors import Close, ErrorCode
from protocol.frames import Error
from server import views
from server.outbox import Outbox, Overflow


class Client:
    """One socket in a room: ``role``, ``player`` (a seated phone's id), ``text`` (JSON or msgpack)."""

    def __init__(self, *, text: bool, role: str, address: str, queue: int) -> None:
        self.text = text
        self.role = role
        self.address = address
        self.player: int | None = None
        self.outbox = Outbox(queue)

    @property
    def key(self) -> tuple:
        """The viewer class: sockets with the same key are sent the same state bytes."""
        if self.role == "host":
            return views.HOST
        if self.role == "player" and self.player is not None:
            return views.player_key(self.player)
        return views.SPECTATORS

    def send(self, frame: Any) -> None:
        """Queue a reply; raises :class:`Overflow` when the client is not reading."""
        self.outbox.reply(codec.encode_server(frame, text=self.text))

    def answer(self, frame: Any) -> None:
        """Queue a reply; a client that is not reading is closed instead."""
        try:
            self.send(frame)
        except Overflow:
            self.not_reading()

    def answer_after_state(self, frame: Any) -> None:
        """Queue a reply computed from the room's state after the state queued so far (issue 15)."""
        try:
            self.outbox.reply_after_state(codec.encode_server(frame, text=self.text))
        except Overflow:
            self.not_reading()

    def not_reading(self) -> None:
        self.close(Close.POLICY, Error(code=ErrorCode.NOT_READING.value, message="too many unread replies"))

    def close(self, code: int, last: Any | None = None) -> None:
        data = codec.encode_server(last, text=self.text) if last is not None else None
        self.outbox.close(code, getattr(last, "reason", "") or getattr(last, "code", ""), data)
