"""A full game of each real game, played by phones through the public protocol only,
with a TV and a spectator connected."""

from __future__ import annotations

import pytest

from phoneplay import close_all, play_room

GAMES = [
    ("pizza_theory", 3, {"max_rounds": 5}),
    ("new_york_slice", 3, {}),
    ("splittissimo", 3, {"level": "standard"}),
]


@pytest.mark.parametrize("game,players,options", GAMES, ids=[g[0] for g in GAMES])
async def test_a_full_game_is_played_by_phones_with_a_tv_and_a_spectator(server, game, players, options):
    # Given a room with a TV, a spectator and phones for every seat
    # When the phones play legal commands until the game ends
    tv, watcher, phones, code, moves = await play_room(server.url, game, players, options, seed=7)
    # Then every screen saw the same outcome, and every phone has its seat
    assert moves > 0
    outcome = watcher.state["outcome"]
    assert outcome is not None and tv.state["outcome"] == outcome
    for index, phone in enumerate(phones):
        assert phone.state["outcome"] == outcome
        assert phone.state["you"]["seat"] == index
    assert watcher.state["lobby"]["phase"] == "finished"
    # Spectator and TV see the same public view of the game
    assert watcher.state["game"] == tv.state["game"]
    await close_all(tv, watcher, *phones)


async def test_a_splittissimo_player_can_ask_for_a_hint_and_others_cannot(server):
    from wsclient import Peer

    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    ana = await Peer.open(server.url, {"role": "player", "room": code, "name": "Ana"})
    bo = await Peer.open(server.url, {"role": "player", "room": code, "name": "Bo"})
    watcher = await Peer.open(server.url, {"role": "spectator", "room": code})
    assert (await ana.request({"t": "hint"}))["code"] == "room/not_playing"
    await tv.host("select_game", game="splittissimo", options={"level": "easy"})
    await tv.host("start")
    await ana.until(lambda s: s["game"] is not None)
    reply = await ana.request({"t": "hint"})
    assert reply["t"] == "hint"
    assert reply["hint"] is None or reply["hint"]["type"] == "Hint"
    assert (await watcher.request({"t": "hint"}))["code"] == "auth/forbidden"
    # the hint went to Ana alone
    assert not any(f["t"] == "hint" for f in bo.frames + watcher.frames + tv.frames)
    await close_all(tv, ana, bo, watcher)
