"""Errors travel as codes with parameters (issue 13): a sentence that needs a number or a
name finds it in the error frame's ``params``; an error without them has no ``params`` key."""

from __future__ import annotations

from protocol import codec
from protocol.frames import Error

from wsclient import Peer


async def test_errors_carry_the_numbers_their_sentences_need(server):
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    ana = await Peer.open(server.url, {"role": "player", "room": code, "name": "Ana"})
    # A timer beyond the longest allowed names the longest
    refused = await tv.host("turn_timer", seconds=9999)
    assert refused["code"] == "host/bad_value" and refused["params"] == {"max": 600}
    # Starting with too few players names the game's range and the count
    assert (await tv.host("select_game", game="pizza_theory", options={}))["t"] == "ack"
    refused = await tv.host("start")
    assert refused["code"] == "host/player_count"
    assert refused["params"] == {"game": "Pizza Theory", "min": 2, "max": 3, "players": 1}
    # A taken name is named back
    error, _ = await Peer.refused(server.url, {"role": "player", "room": code, "name": "ANA"})
    assert error["code"] == "room/name_taken" and error["params"] == {"name": "ANA"}
    # An error whose sentence needs nothing has no params at all
    refused = await ana.cmd({"type": "ChooseCut", "line": 1})
    assert refused["t"] == "error" and "params" not in refused
    await tv.close()
    await ana.close()


async def test_options_that_cannot_deal_every_hand_are_refused_before_the_game_starts(server):
    # Easy with the 3-dot round cards only: 23 cards; five players and the table take 5 x 4 + 4 = 24.
    # Dealt anyway, the table would start a card short and the game end at its first draw.
    tv = await Peer.open(server.url, {"role": "host"})
    for _ in range(5):
        assert (await tv.host("add_bot"))["t"] == "ack"
    options = {"level": "easy", "dots": [3]}
    assert (await tv.host("select_game", game="splittissimo", options=options))["t"] == "ack"
    refused = await tv.host("start")
    assert refused["code"] == "host/too_few_cards"
    assert refused["params"] == {"game": "Splittissimo", "cards": 23, "needed": 24, "players": 5}
    bot = tv.mirror.view["lobby"]["players"][0]["id"]
    assert (await tv.host("remove", player=bot))["t"] == "ack"
    assert (await tv.host("start"))["t"] == "ack"  # four players: 20 cards dealt, 3 in the deck
    await tv.close()


def test_params_are_on_the_wire_only_when_present():
    with_params = codec.decode_server(codec.encode_server(Error(code="room/full", message="full", params={"max": 12})))
    assert with_params["params"] == {"max": 12}
    text = codec.decode_server(codec.encode_server(Error(code="rate/limited", message="slow", seq=2), text=True))
    assert text == {"t": "error", "code": "rate/limited", "message": "slow", "seq": 2}
