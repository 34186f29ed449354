"""Commands, events and views survive the generic wire codec (games/contract.py wire rules)."""

from __future__ import annotations

import msgpack

from games.contract import SCREEN, SeatViewer
from games.splittissimo import GAME
from games.splittissimo.hints import hint
from protocol.gamecodec import GameCodec, to_wire

from spl_helpers import play


def test_every_event_and_command_of_a_game_round_trips_and_views_encode():
    codec = GameCodec.for_game(GAME)
    for level in ("easy", "standard", "advanced"):
        _, steps = play(4, 3, {"level": level}, ["random", "strong"] * 2)
        for _state, _actor, command, events, after in steps:
            assert codec.command(to_wire(command)) == command
            for event in events:
                assert codec.event(msgpack.unpackb(msgpack.packb(to_wire(event)))) == event
            for viewer in (SCREEN, SeatViewer(0)):
                msgpack.packb(to_wire(GAME.view(after, viewer)))
        msgpack.packb(to_wire(GAME.outcome(steps[-1][4])))


def test_a_hint_encodes_for_the_hint_frame():
    _, steps = play(2, 8, {"level": "easy"}, ["strong", "strong"])
    found = next(h for h in (hint(s[0], s[0].active) for s in steps if s[0].hands) if h)
    wire = to_wire(found)
    assert wire["command"]["type"] == "TakeTrick" and "=" in wire["text"]
