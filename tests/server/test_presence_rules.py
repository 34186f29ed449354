"""The presence rules alone (server.presence): plain values in, events and delays out, no actor."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

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


@given(
    people=st.lists(st.tuples(st.booleans(), st.booleans(), st.booleans(), st.none() | st.floats(0, 60)), max_size=6),
    now=st.floats(0, 90),
    class_table=st.booleans(),
)
def test_absent_is_every_human_still_in_the_room_unconnected_for_the_grace_or_longer(people, now, class_table):
    # given players, each human or a bot, removed or not, connected or not, and when their last socket left (None: never seen)
    presence = Presence(CONFIG, started=0.0)
    players, connected = [], set()
    for i, (human, gone, here, left) in enumerate(people):
        players.append(Player(i, f"P{i}", token_hash=f"h{i}" if human else None, gone=gone))
        if here:
            connected.add(i)
        if left is not None:
            presence.left(i, left)
    table = room(*players, host=None, class_table=class_table)
    grace = CONFIG.grace_class if class_table else CONFIG.grace_party
    # then absent are the humans in the room, not connected, gone for the grace or longer; bots and the connected never
    expected = {
        p.id for p in players
        if p.token_hash is not None and not p.gone and p.id not in connected
        and now - presence.left_at.get(p.id, 0.0) >= grace
    }
    assert presence.absent(table, connected, now) == expected
