"""A phone whose welcome was lost sends its hello again and gets the seat that hello made.

A join by name is stored before its welcome is sent; on a slow or broken
link the welcome may never arrive, and the phone gives up on that socket.
With a seat token the server made, the phone has nothing to come back with,
and its name is now taken by its own ghost seat.  So a phone may make its
seat token itself and send it with its name (or its reclaim code): the same
hello sent again comes back to the seat it made.  Real websockets; the lost
welcome is a socket the phone never reads and then drops.
"""

from __future__ import annotations

import secrets

import pytest

from hubserver import fast_config, start_server
from wsclient import Peer


@pytest.fixture
async def server(store_url):
    # a short party grace (a reclaim code only for a seat gone that long), and a small join throttle
    running = await start_server(store_url, config=fast_config(grace_party=0.2, join_burst=3.0, join_rate=0.001))
    yield running
    await running.stop()


def own_token() -> str:
    """What a phone makes for itself (the web client: 24 random bytes, URL-safe base64)."""
    return secrets.token_urlsafe(24)


def names(state: dict) -> list[str]:
    return [p["name"] for p in state["lobby"]["players"]]


async def lost_welcome(server, tv: Peer, hello: dict, name: str) -> None:
    """Say ``hello`` and drop the socket unread once the TV shows ``name`` seated: its welcome is lost."""
    phone = await Peer.open(server.url, hello, expect_welcome=False)
    await tv.until(lambda s: name in names(s))
    phone.ws.transport.abort()


async def refused(server, hello: dict) -> tuple[str, int]:
    """The refusal's code and close code (``Peer.refused``)."""
    error, close = await Peer.refused(server.url, hello)
    return error["code"], close


async def test_the_same_hello_sent_again_comes_back_to_the_seat_it_made(server):
    # Given a TV, and Ana's first join stored but its welcome lost
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    hello = {"role": "player", "room": code, "name": "Ana", "token": own_token()}
    await lost_welcome(server, tv, hello, "Ana")
    ana_id = next(p["id"] for p in tv.state["lobby"]["players"] if p["name"] == "Ana")
    # When her phone sends the same hello again
    again = await Peer.open(server.url, hello)
    # Then it is Ana, in the seat the first hello made; the server issued no token (she has hers)
    assert again.welcome["player"] == ana_id and again.welcome["token"] is None
    state = await again.until(lambda s: s["you"]["player"] == ana_id)
    assert names(state) == ["Ana"]
    # And the TV shows one Ana, connected
    shown = await tv.until(lambda s: [p["connected"] for p in s["lobby"]["players"]] == [True])
    assert names(shown) == ["Ana"]
    # And her token alone brings her back later, as any seat token does
    await again.close()
    back = await Peer.open(server.url, {"role": "player", "room": code, "token": hello["token"]})
    assert back.welcome["player"] == ana_id
    for peer in (tv, back):
        await peer.close()


async def test_a_join_with_a_token_the_server_made_cannot_be_sent_again(server):
    # Given Ben's join stored with no token of his own, and its welcome lost
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    await lost_welcome(server, tv, {"role": "player", "room": code, "name": "Ben"}, "Ben")
    # When his phone sends that hello again, then his name is taken by the seat it made: why phones make their own
    assert await refused(server, {"role": "player", "room": code, "name": "Ben"}) == ("room/name_taken", 1008)
    await tv.close()


async def test_another_phone_with_the_same_name_and_its_own_token_is_refused(server):
    # Given Cy seated with her own token
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    cy = await Peer.open(server.url, {"role": "player", "room": code, "name": "Cy", "token": own_token()})
    # When another phone asks for "cy" with a token of its own, then the name is taken, as without one
    assert await refused(server, {"role": "player", "room": code, "name": "cy", "token": own_token()}) == (
        "room/name_taken", 1008)
    # And Cy keeps her seat and her socket
    state = await tv.until(lambda s: [p["connected"] for p in s["lobby"]["players"]] == [True])
    assert names(state) == ["Cy"] and cy.close_code is None
    for peer in (tv, cy):
        await peer.close()


@pytest.mark.parametrize("token", ["short", "x" * 21, "a" * 65, "has spaces in it, 22+ long", "ñ" * 30])
async def test_a_token_that_could_be_guessed_or_is_not_url_safe_seats_nobody(server, token):
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    # When a phone joins by name with it, then it is refused as a bad frame
    assert await refused(server, {"role": "player", "room": code, "name": "Dee", "token": token}) == (
        "protocol/bad_frame", 1008)
    # And so is a phone opening a room with no TV, before any room is opened
    rooms = len(server.hub.rooms)
    assert await refused(server, {"role": "player", "name": "Dee", "token": token}) == ("protocol/bad_frame", 1008)
    assert len(server.hub.rooms) == rooms
    # And the TV's room has nobody
    await tv.host("lock")
    assert names(tv.state) == []
    await tv.close()


async def test_a_phone_opening_a_room_with_no_tv_may_bring_its_own_token(server):
    token = own_token()
    # When Eli opens a room from his phone with his own token
    eli = await Peer.open(server.url, {"role": "player", "name": "Eli", "token": token})
    code = eli.welcome["room"]
    # Then he is its first player, the server issued no token, and his own brings him back
    assert eli.welcome["player"] == 0 and eli.welcome["token"] is None
    await eli.close()
    back = await Peer.open(server.url, {"role": "player", "room": code, "token": token})
    assert back.welcome["player"] == 0
    state = await back.until(lambda s: s["lobby"]["host_phone"] == 0)
    assert names(state) == ["Eli"]
    await back.close()


async def test_a_reclaim_whose_welcome_was_lost_is_sent_again_and_takes_the_seat(server):
    # Given Fay's phone gone past the grace, and a reclaim code for her seat
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    fay = await Peer.open(server.url, {"role": "player", "room": code, "name": "Fay"})
    fay_id = fay.welcome["player"]
    await fay.close()
    await tv.until(lambda s: [p["presence"] for p in s["lobby"]["players"]] == ["absent"])
    answer = await tv.host("reclaim_seat", player=fay_id)
    # When a new phone sends the code with its own token, and that welcome is lost
    hello = {"role": "player", "room": code, "reclaim": answer["code"], "token": own_token()}
    phone = await Peer.open(server.url, hello, expect_welcome=False)
    await tv.until(lambda s: any(n["kind"] == "seat_moved" for n in s["lobby"]["notices"]))
    phone.ws.transport.abort()
    # Then the same hello again is Fay, though the code is spent
    again = await Peer.open(server.url, hello)
    assert again.welcome["player"] == fay_id and again.welcome["token"] is None
    # And the code without that token is refused as used
    assert await refused(server, {"role": "player", "room": code, "reclaim": answer["code"]}) == (
        "room/bad_reclaim", 1008)
    for peer in (tv, again):
        await peer.close()


async def test_a_taken_name_never_counts_against_the_join_throttle_even_with_a_token(server):
    # Given Gus seated, and a join throttle of 3 failures for this address
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    gus = await Peer.open(server.url, {"role": "player", "room": code, "name": "Gus", "token": own_token()})
    # When his name is asked for four times, with and without tokens of other phones' own
    for token in (None, own_token(), own_token(), own_token()):
        hello = {"role": "player", "room": code, "name": "Gus"} | ({"token": token} if token else {})
        assert (await refused(server, hello))[0] == "room/name_taken"
    # Then a join under another name from the same address (a party behind one router) still goes in
    hal = await Peer.open(server.url, {"role": "player", "room": code, "name": "Hal", "token": own_token()})
    assert hal.welcome["player"] == 1
    # And wrong tokens still count: three, then even a good join from this address waits
    for _ in range(3):
        assert (await refused(server, {"role": "player", "room": code, "token": own_token()}))[0] == "auth/bad_token"
    assert (await refused(server, {"role": "player", "room": code, "name": "Ida"}))[0] == "rate/join_throttled"
    for peer in (tv, gus, hal):
        await peer.close()
