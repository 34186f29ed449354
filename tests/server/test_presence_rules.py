"""The presence rules alone (server.presence): plain values in, events and delays out, no actor."""

from __future__ import annotations

import pytest

from server.config import HubConfig
from server.presence import DUE_NOW, Presence
from server.roomstate import HostPhoneNamed, Player, Room, StandInSet

import toygame

GAMES = {"toy": toygame.GAME}
CONFIG = HubConfig(grace_host=12.0, grace_party=20.0, grace_class=15.0)


def room(*players: Player, host: int | None = 0, class_table: bool = False) -> Room:
    return Room(id="R", code="ABCD", players=players, next_player=len(players), host_phone=host, class_table=class_table)


ANA, BO, CY = (Player(i, name, token_hash=f"h{i}") for i, name in enumerate(("Ana", "Bo", "Cy")))


def test_the_next_wake_up_is_the_host_grace_for_the_host_and_the_seat_grace_for_others():
    presence = Presence(CONFIG, started=0.0)
    presence.left(0, 100.0)  # the host phone left at 100
    presence.left(1, 105.0)  # Bo at 105
    lobby = room(ANA, BO, CY)
    assert presence.delay(lobby, {2}, 101.0, GAMES) == pytest.approx(11.0)  # Ana's host grace: 112
    assert presence.delay(lobby, {2}, 113.0, GAMES) == DUE_NOW  # past it, Cy can take over: at once
    assert presence.due(lobby, {2}, 113.0, GAMES) == [HostPhoneNamed(player=2, reason="grace")]
    # with nobody to take over, nothing is due; the lobby still changes when Ana and Bo turn absent
    assert presence.due(lobby, set(), 113.0, GAMES) == []
    assert presence.delay(lobby, set(), 113.0, GAMES) == pytest.approx(7.0)  # Ana absent at 120
    # and the first human to come takes hosting (``connected``: the sockets before this one is admitted)
    assert presence.arrived(lobby, 1, set(), 130.0) == [HostPhoneNamed(player=1, reason="grace")]


def test_a_class_table_never_hosts_and_uses_the_class_grace():
    presence = Presence(CONFIG, started=0.0)
    table = room(ANA, BO, host=None, class_table=True)
    assert presence.authority(table, {0, 1}, 0.0) == ("class", None)
    assert presence.absent(table, {1}, 14.0) == frozenset()
    assert presence.absent(table, {1}, 15.0) == frozenset({0})  # never seen since the actor started at 0


def test_a_returning_player_ends_their_stand_in():
    presence = Presence(CONFIG, started=0.0)
    back = Player(1, "Bo", token_hash="h1", seat=1, stand_in=True)
    assert presence.arrived(room(ANA, back), 1, {0, 1}, 50.0) == [StandInSet(player=1, on=False)]
