"""What a room knows about one socket: who it is, how it is encoded, and its outbox.

A local websocket (``server.connection``) and a socket held by another
cluster node (``server.cluster.remote.RemoteClient``) are both a
:class:`Client`; the room actor and the fan-out see no difference.
"""

from __future__ import annotations

import time
from typing import Any

from protocol import codec
from protocol.errors import Close, ErrorCode
from protocol.frames import Error
from server import fastlane, views
from server.outbox import Overflow


def _viewer_class(role: str, player: int | None) -> tuple:
    """The viewer class of a socket: the host's screen, one player, or the spectators."""
    if role == "host":
        return views.HOST
    if role == "player" and player is not None:
        return views.player_key(player)
    return views.SPECTATORS


class Client(fastlane.Receiver):
    """One socket in a room: ``role``, ``player`` (a seated phone's id), ``text`` (JSON or msgpack).

    What fan-out reads and writes of it (``key``, ``text``, ``outbox``,
    ``shown``) and what the turn reads of it on every move (``role``, and
    ``_player`` behind ``player``) are the fields of its base,
    ``server.delivery.Receiver``, a C structure when the fast lane is
    compiled (server/fastlane/_delivery.pyx).
    """

    def __init__(self, *, text: bool, role: str, address: str, queue: int) -> None:
        super().__init__()
        self.text = text
        self.role = role
        self.address = address
        self._player: int | None = None
        #: The viewer class: sockets with the same key are sent the same state bytes.  Read
        #: for every socket of a room at every change, so it is a plain attribute, set again
        #: when the player changes.
        self.key: tuple = _viewer_class(role, None)
        #: server/outbox.py's queue, compiled or its twin (server/fastlane)
        self.outbox = fastlane.Outbox(queue)
        #: The fan-out memory (server/fanout.py ``ViewMemory``) whose view of its class this
        #: socket holds, once it has been sent a whole state: changes are diffs from there.
        self.shown: Any = None
        #: When a hub received this socket's hello (wall clock, comparable between hubs): a seat
        #: goes to the newest hello, so an abandoned one that arrives late never replaces a newer
        #: socket (issue 28; ``server.room`` refuses it with ``auth/superseded``).
        self.hello_at = time.time()

    @property
    def player(self) -> int | None:
        """A seated phone's player id (None until the room seats it, and for others)."""
        return self._player

    @player.setter
    def player(self, player: int | None) -> None:
        self._player = player
        self.key = _viewer_class(self.role, player)

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
