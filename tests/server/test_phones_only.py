"""A room with no TV ("play on phones only"): a phone opens the room, is its
host phone, and three phones play any game to its end; the room remembers it
has no TV (every phone shows the table)."""

from __future__ import annotations

import asyncio
import random

import pytest

from phoneplay import close_all, phone_loop
from wsclient import Peer

GAMES = [("pizza_theory", {"max_rounds": 1}), ("new_york_slice", {}), ("splittissimo", {})]


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g for g, _ in GAMES])
async def test_three_phones_open_a_room_without_a_tv_and_play_to_the_end(server, game, options):
    # Given Ana's phone opening a room with her name and no room code
    ana = await Peer.open(server.url, {"role": "player", "name": "Ana"})
    code = ana.welcome["room"]
    # Then she gets a room code, a seat token, and her phone hosts a room marked as having no TV
    assert len(code) == 4 and ana.welcome["token"] and ana.welcome["player"] is not None
    state = await ana.until(lambda s: s["lobby"]["host_phone"] == ana.welcome["player"])
    assert state["lobby"]["no_tv"] is True and state["lobby"]["host_connected"] is False
    # When Ben and Cy join with the code she shares, and Ana picks the game and starts
    ben = await Peer.open(server.url, {"role": "player", "room": code, "name": "Ben"})
    cy = await Peer.open(server.url, {"role": "player", "room": code, "name": "Cy"})
    await ana.until(lambda s: len(s["lobby"]["players"]) == 3)
    assert (await ana.host("select_game", game=game, options=options))["t"] == "ack"
    assert (await ana.host("start"))["t"] == "ack"
    # Then all three play it to its end
    phones = (ana, ben, cy)
    await asyncio.gather(*(phone_loop(p, random.Random(i)) for i, p in enumerate(phones)))
    for phone in phones:
        final = await phone.until(lambda s: s["outcome"] is not None)
        assert final["lobby"]["no_tv"] is True and final["you"]["seat"] is not None
    await close_all(*phones)


async def test_a_bad_name_opens_no_room(server):
    # Given a phone opening a room with an empty name, Then it is refused like a join would be
    peer = await Peer.open(server.url, {"role": "player", "name": "   "}, expect_welcome=False)
    frame = await peer.next_frame(lambda f: f["t"] == "error")
    assert frame["code"] == "room/bad_name"
    # And a player hello with neither a name nor a room is still refused
    other = await Peer.open(server.url, {"role": "player"}, expect_welcome=False)
    assert (await other.next_frame(lambda f: f["t"] == "error"))["code"] == "room/not_found"


async def test_an_ordinary_room_has_a_tv(server):
    tv = await Peer.open(server.url, {"role": "host"})
    assert (await tv.until(lambda s: "no_tv" in s["lobby"]))["lobby"]["no_tv"] is False
    await tv.close()
