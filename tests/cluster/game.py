"""A room with a TV and phones spread over nodes, and an audit of its log."""

from __future__ import annotations

import asyncio
from typing import Any

from screens import Phone, Screen


async def open_game(
    nodes: list[Any], *, tv_at: int, phones_at: list[int], game: str = "pizza_theory", tv_keepalive: bool = True
) -> tuple[Screen, list[Phone]]:
    """Given a TV on ``nodes[tv_at]`` and one phone per entry of ``phones_at``, start ``game``."""
    tv = Screen(nodes, tv_at, {"role": "host"}, "tv", keepalive=tv_keepalive)
    await tv.connect()
    phones = [Phone(nodes, at, tv.code, f"P{i}", seed=i) for i, at in enumerate(phones_at)]
    for phone in phones:
        await phone.connect()
    await tv.until(lambda s: len(s["lobby"]["players"]) == len(phones))
    reply = await tv.host("select_game", game=game)
    assert reply and reply["t"] == "ack", reply
    assert (await tv.host("start"))["t"] == "ack"
    return tv, phones


class LogAudit:
    """Remembers the log as it stood at each acknowledged move, to prove none is lost later.

    The log is append-only: a move acknowledged at version ``v`` is kept
    exactly when the final log still starts with the ``v`` records read right
    after the ack.
    """

    def __init__(self, store: Any, code: str) -> None:
        self.store = store
        self.code = code
        self.room: str | None = None
        self.prefixes: dict[int, list[bytes]] = {}
        self.acks: list[tuple[str, int]] = []
        #: The phones that reported acks (their screens are checked for stale states).
        self.screens: list[Any] = []

    async def on_ack(self, phone: Phone, version: int) -> None:
        if self.room is None:
            self.room = await self.store.room_for_code(self.code)
        records = await self.store.read(self.room)
        assert len(records) >= version, f"acked at {version}, but the log holds {len(records)}"
        self.prefixes[version] = [r.data for r in records[:version]]
        self.acks.append((phone.label, version))
        if phone not in self.screens:
            self.screens.append(phone)

    async def check(self) -> int:
        """Every acknowledged prefix is still the start of the log; returns the log's length."""
        self.room = self.room or await self.store.room_for_code(self.code)
        final = [r.data for r in await self.store.read(self.room)]
        for version, prefix in self.prefixes.items():
            assert final[:version] == prefix, f"the log changed below acknowledged version {version}"
        return len(final)


async def play_all(phones: list[Phone], audit: LogAudit, *, timeout: float = 90.0) -> None:
    await asyncio.wait_for(asyncio.gather(*(p.play(on_ack=audit.on_ack, timeout=timeout) for p in phones)), timeout + 5)


async def close_all(*screens: Screen) -> None:
    for screen in screens:
        await screen.drop()
