"""One room under load: a TV, spectators and bot phones playing whole games, one after another."""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from typing import Any

import attrs

from games.contract import GameSpec
from server.loadtest.audit import Auditor, RoomLog, owner
from server.loadtest.client import Socket
from server.loadtest.seat import SeatBot
from server.loadtest.stats import Stats

#: How long a seat waits for something to do before the room counts as stalled.
STALL_SECONDS = 60.0
#: How long an acknowledged move may take to show in a state before it counts as lost.
SHOW_SECONDS = 5.0


@attrs.define
class Plan:
    """What every room does (from the command line)."""

    url: str
    spec: GameSpec
    players: int
    spectators: int
    options: dict
    bot: str | None
    pace: float  # seconds a bot thinks before each move
    stop_at: float  # time.monotonic() when every room stops
    max_games: int  # games started over all rooms
    audit: bool
    seed: int


class Budget:
    """Games still to start, shared by the rooms (one event loop: no lock)."""

    def __init__(self, plan: Plan, stats: Stats) -> None:
        self.plan = plan
        self.stats = stats

    def time_left(self) -> float:
        return self.plan.stop_at - time.monotonic()

    def take_game(self) -> bool:
        if self.time_left() <= 0 or self.stats.games_started >= self.plan.max_games:
            return False
        self.stats.games_started += 1
        return True


#: A move refused as over the rate limit is sent again this many times at most, this far apart (s).
#: A phone's join by name is sent this many times in all when its welcome does not come in time.
JOIN_TRIES = 3
RATE_RETRIES = 5
RATE_BACKOFF = 0.5


async def _move_once(sock: Socket, bot: SeatBot, stats: Stats) -> None:
    """Send the bot's move for what the phone shows now; count its ack and when it showed."""
    screen = sock.screen
    before = screen.version
    command = bot.choose(screen.game, screen.legal or [])
    if command is None:
        return
    for _ in range(RATE_RETRIES):
        sent, answered, reply = await sock.request({"t": "cmd", "cmd": command}, timeout=STALL_SECONDS)
        if reply["t"] == "error" and reply.get("code") == "rate/limited":
            # bots answer every state at once, faster than a person: over the socket's rate
            # limit the hub refuses the move (and nothing changes), so wait and send it again
            stats.too_fast += 1
            await asyncio.sleep(RATE_BACKOFF)
            continue
        break
    if reply["t"] != "ack":
        # (still over the limit after every retry: that one is an error)
        stats.errors[reply.get("code", "?")] += 1
        return
    stats.moves += 1
    stats.to_ack.append(answered - sent)
    try:
        shown = await sock.until(lambda s: s.version > before and sock.shown_at >= answered, timeout=SHOW_SECONDS)
    except TimeoutError:
        stats.lost += 1
        return
    stats.to_state.append(shown - sent)


async def play_seat(sock: Socket, bot: SeatBot, plan: Plan, budget: Budget, stats: Stats, rng: random.Random) -> None:
    """Play one seat until the game ends (or the run's time is up)."""
    acted_at = -1
    while budget.time_left() > 0:
        try:
            await sock.until(
                lambda s, acted_at=acted_at: s.outcome is not None
                or (s.game is not None and bool(s.legal) and s.version > acted_at),
                timeout=min(STALL_SECONDS, max(0.1, budget.time_left())),
            )
        except TimeoutError:
            if budget.time_left() <= 0:
                return  # the run is over, not stalled
            raise
        if sock.screen.outcome is not None:
            return
        if plan.pace:
            await asyncio.sleep(plan.pace * (0.5 + rng.random()))
            if sock.screen.outcome is not None or not sock.screen.legal:
                continue
        acted_at = sock.screen.version
        await _move_once(sock, bot, stats)


async def _host(tv: Socket, op: str, stats: Stats, **fields: Any) -> None:
    reply = await tv.host(op, **fields)
    if reply["t"] != "ack":
        stats.errors[reply.get("code", "?")] += 1
        raise RuntimeError(f"the hub refused {op}: {reply.get('code')} {reply.get('message')}")


async def join(url: str, code: str, name: str, *, keep: bool, tries: int = JOIN_TRIES, timeout: float = 10.0) -> tuple[Socket, str]:
    """A phone joins ``code`` by ``name``: its socket and its seat token.

    As the web client does (docs/protocol.md, "The first frame: hello"), the
    phone makes its own token and sends the same hello again when no welcome
    came in time: on a hub loaded to its limit a welcome may come late, and a
    join sent again without its own token would be refused its own name.
    """
    hello = {"role": "player", "room": code, "name": name, "token": secrets.token_urlsafe(24)}
    for _ in range(tries - 1):
        try:
            return await Socket.open(url, hello, keep=keep, timeout=timeout), hello["token"]
        except TimeoutError:
            pass  # no welcome in time: the same hello again
    return await Socket.open(url, hello, keep=keep, timeout=timeout), hello["token"]


async def play_room(index: int, plan: Plan, budget: Budget, stats: Stats, auditor: Auditor | None) -> None:
    """Open a room, fill it, and play games in it until the budget says stop."""
    keep = plan.audit
    sockets: list[Socket] = []
    rng = random.Random(plan.seed * 10_007 + index)
    try:
        tv = await Socket.open(plan.url, {"role": "host"}, keep=keep)
        sockets.append(tv)
        stats.sockets += 1
        code = tv.welcome["room"]
        stats.rooms += 1
        await tv.until(lambda s: s.lobby is not None, timeout=STALL_SECONDS)
        offered = [g["id"] for g in tv.screen.lobby.get("games", [])]
        if plan.spec.id not in offered:
            raise RuntimeError(f"this hub does not offer {plan.spec.id!r} (it offers {', '.join(offered)})")
        for _ in range(plan.spectators):
            sockets.append(await Socket.open(plan.url, {"role": "spectator", "room": code}, keep=keep))
            stats.sockets += 1
        phones = []
        tokens = {"host": tv.welcome["token"]}
        for seat in range(plan.players):
            phone, token = await join(plan.url, code, f"Seat {seat + 1}", keep=keep)
            phones.append(phone)
            sockets.append(phone)
            stats.sockets += 1
            tokens[owner("player", phone.welcome["player"])] = token
        log = None
        if auditor is not None:
            room_id = await auditor.store.room_for_code(code)
            if room_id is None:
                raise RuntimeError(f"room {code} is not in the audit's store: is --store the hub's store?")
            log = RoomLog(auditor.store, room_id, auditor.games)
        await _host(tv, "select_game", stats, game=plan.spec.id, options=plan.options)
        first = True
        while budget.take_game():
            if not first:
                await _host(tv, "play_again", stats)
            first = False
            await _host(tv, "start", stats)
            for screen in (tv, *phones):  # until every screen shows the new game, not the last one's result
                await screen.until(lambda s: s.game is not None and s.outcome is None, timeout=STALL_SECONDS)
            bots = [SeatBot(plan.spec, plan.bot, p.screen.you["seat"], rng.randrange(2**31)) for p in phones]
            await asyncio.gather(*(play_seat(p, b, plan, budget, stats, random.Random(rng.random())) for p, b in zip(phones, bots)))
            if budget.time_left() <= 0 and tv.screen.outcome is None:
                try:  # the time is up mid-game: this game is not counted
                    await tv.until(lambda s: s.outcome is not None, timeout=0.5)
                except TimeoutError:
                    break
            await tv.until(lambda s: s.outcome is not None, timeout=STALL_SECONDS)
            for watcher in sockets[1 : 1 + plan.spectators]:
                await watcher.until(lambda s: s.outcome is not None, timeout=STALL_SECONDS)
            stats.games_finished += 1
            if auditor is not None and log is not None:
                await auditor.check(log, sockets, tokens)
    except TimeoutError:
        stats.failures.append(f"room {index}: stalled (nothing to do for {STALL_SECONDS:.0f} s)")
    except Exception as exc:  # one room failing must not stop the others; it is reported
        stats.failures.append(f"room {index}: {type(exc).__name__}: {exc}")
    finally:
        await asyncio.gather(*(s.close() for s in sockets), return_exceptions=True)
