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
        self._player: int | None = None
        self._key: tuple | None = None
        self.outbox = Outbox(queue)
        #: The fan-out memory (server/fanout.py ``ViewMemory``) whose view of its class this
        #: socket holds, once it has been sent a whole state: changes are diffs from there.
        self.shown: Any = None

    @property
    def player(self) -> int | None:
        """A seated phone's player id (None until the room seats it, and for others)."""
        return self._player

    @player.setter
    def player(self, player: int | None) -> None:
        self._player = player
        self._key = None

    @property
    def key(self) -> tuple:
        """The viewer class: sockets with the same key are sent the same state bytes.

        Asked many times per move (fan-out), so kept until the player changes.
        """
        key = self._key
        if key is None:
            if self.role == "host":
                key = views.HOST
            elif self.role == "player" and self._player is not None:
                key = views.player_key(self._player)
            else:
                key = views.SPECTATORS
            self._key = key
        return key

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
