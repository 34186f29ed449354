"""How a class runs its tables: as the host of ordinary rooms, without a socket.

A class table is a room the hub created like any other; the class actor
sends it the same typed host operations a TV would (``server.inbox.HostOp``)
through a :class:`TableHost`, a :class:`~server.client.Client` with the host
role that is never attached to the room: it receives no state frames, only
the ack or the error that answers each operation, which it hands back to the
operation's caller.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import itertools
from typing import Any

from protocol.frames import Ack, Error
from server.client import Client
from server.inbox import HostOp
from server.lobby import HostOperation
from server.room import RoomActor
from server.tokens import token_hash


class TableRefused(Exception):
    """A table's room refused what the class asked of it (the room's own error code and message)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def seat_token(secret: str, room_id: str, student: int, device: int = 0) -> str:
    """A student's seat token at one table, derived from the class secret so a restarted hub can hand it out again.

    ``device`` counts the student's moves to a new device: each move derives
    a new token, so the old device's stops working at that table.
    """
    message = f"{room_id}:{student}" if device == 0 else f"{room_id}:{student}:{device}"
    return hmac.new(secret.encode(), message.encode(), hashlib.sha256).hexdigest()[:32]


def seat_hashes(secret: str, room_id: str, student: int, device: int) -> list[str]:
    """The hashes of every seat token ``student`` has had at one table (device 0 to ``device``)."""
    return [token_hash(seat_token(secret, room_id, student, d)) for d in range(device + 1)]


class TableHost(Client):
    """The class's hand on one table room: sends host operations and waits for their answers."""

    def __init__(self, actor: RoomActor) -> None:
        super().__init__(text=False, role="host", address="class", queue=8)
        self.actor = actor
        self._seq = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Any]] = {}

    async def do(self, op: HostOperation, *, timeout: float = 10.0) -> None:
        """Have the room handle ``op``; raises :class:`TableRefused` when the room refuses it."""
        seq = next(self._seq)
        answered: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[seq] = answered
        try:
            self.actor.submit(HostOp(self, seq, op))
            frame = await asyncio.wait_for(answered, timeout)
        finally:
            self._waiting.pop(seq, None)
        if isinstance(frame, Error):
            raise TableRefused(frame.code, frame.message)

    # --- what the room actor calls on its clients ------------------------------------

    def answer(self, frame: Any) -> None:
        if isinstance(frame, (Ack, Error)) and frame.seq in self._waiting:
            waiting = self._waiting[frame.seq]
            if not waiting.done():
                waiting.set_result(frame)

    def send(self, frame: Any) -> None:
        self.answer(frame)

    def answer_after_state(self, frame: Any) -> None:
        self.answer(frame)

    def close(self, code: int, last: Any | None = None) -> None:
        for waiting in self._waiting.values():
            if not waiting.done():
                waiting.set_result(Error(code="room/closed", message="the table's room ended", seq=0))
