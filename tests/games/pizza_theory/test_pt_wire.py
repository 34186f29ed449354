"""Every Pizza Theory command, event and view survives the wire codec
(cattrs + msgpack), as the store and the hub will use it."""

from __future__ import annotations

import msgpack

from games.contract import SCREEN, SPECTATOR, SeatViewer
from games.pizza_theory import GAME
from games.pizza_theory import messages as m
from protocol.gamecodec import GameCodec, to_wire
from server.selfplay import play_game


def test_events_commands_and_views_round_trip_through_the_game_codec():
    codec = GameCodec.for_game(GAME)
    kinds = set()
    for players, bots in ((3, ["strong", "random", "random"]), (2, ["random", "strong"])):
        record = play_game(GAME, players, 5, bots)
        kinds |= {type(event) for event in record.events}
        state = GAME.initial_state(GAME.setup(players, 5))
        for event in record.events:
            wire = msgpack.unpackb(msgpack.packb(to_wire(event)), raw=False)
            assert codec.event(wire) == event
            state = GAME.evolve(state, event)
            for viewer in [SCREEN, SPECTATOR] + [SeatViewer(seat) for seat in range(players)]:
                msgpack.packb(to_wire(GAME.view(state, viewer)))
            for seat in range(players):
                for command in GAME.legal_commands(state, seat)[:3]:
                    assert codec.command(msgpack.unpackb(msgpack.packb(to_wire(command)), raw=False)) == command
    # every kind of event but the rare skips was on the wire
    assert kinds >= set(GAME.events) - {m.ToppingSkipped, m.NeutralToppingSkipped}


def test_the_rare_skip_events_round_trip_too():
    codec = GameCodec.for_game(GAME)
    for event in (m.ToppingSkipped(1, "no_space"), m.NeutralToppingSkipped(0, "no_supply")):
        assert codec.event(msgpack.unpackb(msgpack.packb(to_wire(event)), raw=False)) == event


def test_a_space_arrives_as_a_list_and_is_structured_as_a_tuple():
    codec = GameCodec.for_game(GAME)
    command = codec.command({"type": "AddTopping", "space": [0, 0, 0]})
    assert command.space == (0, 0, 0)
