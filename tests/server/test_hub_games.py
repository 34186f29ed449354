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


async def in_step(phones: list) -> list[dict]:
    """Each phone's state at one room version: the newest any of them has been shown.

    Every view holds the room's version, so every stored change reaches every
    socket of the room (docs/protocol.md "Changes"): waiting for that version
    on each phone waits on states, not on a clock.  It tries again if a newer
    version arrived meanwhile.
    """
    while True:
        newest = max([(await p.until(lambda s: True))["version"] for p in phones])
        states = [await p.until(lambda s, v=newest: s["version"] >= v) for p in phones]
        if all(s["version"] == newest for s in states):
            return states


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
    # a late joiner watching the game has no seat in it (as a command from them is told)
    cy = await Peer.open(server.url, {"role": "player", "room": code, "name": "Cy"})
    assert (await cy.request({"t": "hint"}))["code"] == "room/not_seated"
    # the hint went to Ana alone
    assert not any(f["t"] == "hint" for f in bo.frames + watcher.frames + tv.frames + cy.frames)
    await close_all(tv, ana, bo, watcher, cy)


async def test_the_new_york_slice_slicer_is_sent_its_divisions_as_two_patterns_and_plays_one(server):
    import random

    from protocol.legal import expand, is_legal

    from wsclient import Peer

    # Given a New York Slice game of five phones, played until a Slicer must cut the ring
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    phones = [await Peer.open(server.url, {"role": "player", "room": code, "name": f"P{i}"}) for i in range(5)]
    assert (await tv.host("select_game", game="new_york_slice", options={}))["t"] == "ack"
    assert (await tv.host("start"))["t"] == "ack"
    rng = random.Random(3)
    slicer = None
    for _ in range(60):
        # every phone is read at one version, so none is acting on a turn that is over
        states = await in_step(phones)
        movers = [(p, s) for p, s in zip(phones, states) if s["game"] is not None and s["legal"]]
        slicer = next((p for p, s in movers if any(e["type"] == "SliceRing" for e in s["legal"])), None)
        if slicer is not None:
            break
        if movers:
            mover, seen = movers[0]
            if (await mover.cmd(rng.choice(expand(seen["legal"]))))["t"] == "ack":
                await mover.until(lambda s, v=seen["version"]: s["version"] > v)
        else:  # nobody can move yet (the game has not reached the phones, or a timer runs): the next version
            await phones[0].until(lambda s, v=states[0]["version"]: s["version"] > v)
    assert slicer is not None, "no Slicer's turn came"
    state = states[phones.index(slicer)]
    ring, players = len(state["game"]["ring"]), state["game"]["players"]
    # Then its legal list is two patterns, not thousands of commands
    assert state["legal"] == [
        {"type": "SliceRing", "cuts": {"$choose": players, "$below": ring}, "special": {"$one_of": list(range(players))}},
        {"type": "SliceRing", "cuts": {"$choose": players - 1, "$below": ring}, "special": None},
    ]
    # and nobody else was sent any (at that same version)
    assert all(not s["legal"] for p, s in zip(phones, states) if p is not slicer)
    # When it sends a division outside the patterns, it is refused and nothing changes
    wrong = {"type": "SliceRing", "cuts": list(range(players + 1)), "special": 0}
    assert not is_legal(state["legal"], wrong)
    reply = await slicer.cmd(wrong)
    assert reply["t"] == "error" and reply["code"] == "slicing/wrong_portion_count", reply
    assert slicer.state["version"] == state["version"]
    # and when it sends one of the commands a pattern stands for, it is accepted and the ring is cut
    choice = {"type": "SliceRing", "cuts": [0, *range(2, players + 1)], "special": players - 1}
    assert is_legal(state["legal"], choice)
    assert (await slicer.cmd(choice))["t"] == "ack"
    after = await slicer.until(lambda s: len(s["game"]["portions"]) == players, timeout=10)
    assert not after["legal"] or not any(e["type"] == "SliceRing" for e in after["legal"])
    await close_all(tv, *phones)
