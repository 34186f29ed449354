"""The cluster tests' screens (screens.py) record the closes the hub sent, whoever notices them first.

A phone's move sent on a socket the hub has just closed (a drained node's
4503) fails at once, and the phone reconnects (``drop``) before the socket's
reader has seen the end of the connection.  The close must still count: the
drain tests assert it.  A close the screen makes itself never does.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import websockets
from websockets.frames import Close

from screens import Screen


class FakeSocket:
    """Enough of a client connection for ``Screen._read`` and ``Screen.drop``: it ends when told to."""

    def __init__(self) -> None:
        self.protocol = SimpleNamespace(close_rcvd=None)
        self.close_code: int | None = None
        self.transport = None
        self.ended = asyncio.Event()

    def hub_closes(self, code: int) -> None:
        """The hub's close frame arrived (the connection itself ends later)."""
        self.protocol.close_rcvd = Close(code, "")
        self.close_code = code

    async def close(self) -> None:
        if self.close_code is None:
            self.close_code = 1000
        self.ended.set()

    def __aiter__(self) -> FakeSocket:
        return self

    async def __anext__(self) -> bytes:
        await self.ended.wait()
        raise websockets.ConnectionClosedOK(self.protocol.close_rcvd, None)


async def read(screen: Screen, ws: FakeSocket) -> asyncio.Task:
    screen.ws = ws
    reader = asyncio.create_task(screen._read(ws))
    await asyncio.sleep(0)
    return reader


async def test_a_close_from_the_hub_counts_when_the_screen_reconnected_first():
    screen = Screen([], 0, {"role": "player"}, "phone")
    ws = FakeSocket()
    reader = await read(screen, ws)
    # given the hub closed the socket with 4503, and the phone's next move failed on it
    ws.hub_closes(4503)
    # when the phone drops the socket to reconnect before its reader has seen the end
    await screen.drop()
    await asyncio.wait_for(reader, 1)
    # then the hub's close is recorded all the same
    assert screen.closes == [4503]


async def test_a_close_the_screen_makes_itself_does_not_count():
    screen = Screen([], 0, {"role": "player"}, "phone")
    ws = FakeSocket()
    reader = await read(screen, ws)
    await screen.drop()
    await asyncio.wait_for(reader, 1)
    assert screen.closes == []


async def test_a_close_from_the_hub_on_the_live_socket_counts():
    screen = Screen([], 0, {"role": "player"}, "phone")
    ws = FakeSocket()
    reader = await read(screen, ws)
    ws.hub_closes(4503)
    ws.ended.set()
    await asyncio.wait_for(reader, 1)
    assert screen.closes == [4503] and screen.ws is None
