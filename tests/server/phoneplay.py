"""Phones that play a whole game through the public protocol: each picks a random legal command."""

from __future__ import annotations

import asyncio
import random

from protocol.legal import expand

from wsclient import Closed, Peer


async def phone_loop(phone: Peer, rng: random.Random, *, max_moves: int = 2000, pause: float = 0.0) -> int:
    """Play until the game ends; return the number of commands sent.

    ``pause``: seconds to think before each move (0: answer every state at once, faster than any person;
    a test whose spectators must see a moment before the game moves on gives them this long).
    """
    moves = 0
    acted_at = -1
    no_tricks_at = -1  # the version at which a class table said "no more tries" this turn
    while moves < max_moves:
        state = await phone.until(
            lambda s, acted_at=acted_at: s["outcome"] is not None
            or (s["game"] is not None and s["legal"] and s["version"] > acted_at),
            timeout=30,
        )
        if state["outcome"] is not None:
            return moves
        if pause:
            await asyncio.sleep(pause)
        choices = expand(state["legal"])
        if no_tricks_at == state["version"]:
            choices = [c for c in choices if c.get("type") != "TakeTrick"] or choices
        reply = await phone.cmd(rng.choice(choices))
        assert reply["t"] in ("ack", "error"), reply
        if reply["t"] == "error" and reply["code"] in ("rate/limited", "class/slow_down"):
            # faster than the socket's rate limit (these phones answer every state at once), or a trick
            # tried inside a class table's cool-down after a refused try: the move was refused and nothing
            # changed (no new state will come), so wait a little and choose again
            await asyncio.sleep(0.5)
            continue
        if reply["t"] == "error" and reply["code"] == "class/no_more_tries":
            # a class table allows a few refused tries a turn: choose among the other moves (pass, end turn)
            no_tricks_at = state["version"]
            continue
        acted_at = state["version"]
        if reply["t"] == "error":
            # A race with a timer or another player: fine, the next state decides.
            assert not reply["code"].startswith(("protocol/", "server/", "auth/")), reply
        moves += 1
    return moves


async def play_room(url: str, game: str, players: int, options: dict, seed: int, *, bots: int = 0, text: bool = False):
    """A TV, a spectator and ``players`` phones (plus hub bots) play one game to its end.

    Returns (tv, spectator, phones, code, moves).
    """
    tv = await Peer.open(url, {"role": "host"})
    code = tv.welcome["room"]
    watcher = await Peer.open(url, {"role": "spectator", "room": code}, text=text)
    phones = [await Peer.open(url, {"role": "player", "room": code, "name": f"P{i}"}, text=text and i == 0) for i in range(players)]
    reply = await tv.host("select_game", game=game, options=options)
    assert reply["t"] == "ack", reply
    for _ in range(bots):
        assert (await tv.host("add_bot"))["t"] == "ack"
    reply = await tv.host("start")
    assert reply["t"] == "ack", reply
    rng = random.Random(seed)
    moves = await asyncio.gather(*(phone_loop(p, random.Random(rng.random())) for p in phones))
    await watcher.until(lambda s: s["outcome"] is not None, timeout=30)
    await tv.until(lambda s: s["outcome"] is not None, timeout=30)
    return tv, watcher, phones, code, sum(moves)


async def close_all(*peers: Peer) -> None:
    for peer in peers:
        try:
            await peer.close()
        except Closed:
            pass
